"""Settings for the web and worker processes test_scale_out.py starts: the test settings with a
real queue — TASKS_BACKEND from the environment (the database, or RQ on REDIS_URL; config/settings.py
adds django_rq and RQ_QUEUES for it) — and the engine named in the environment. DATABASE_URL (the
test database) and DATA_DIR come from the environment too."""

import os

from config.test_settings import *  # noqa: F403
from config.test_settings import TASKS_BACKEND

TASKS = {"default": {"BACKEND": TASKS_BACKEND}}
GENERATION_ENGINE = os.environ.get("GENERATION_ENGINE", "demo")
