"""Settings for the real `manage.py db_worker` processes the job lifecycle tests start.

The test settings plus what a production worker has: the database task backend, and the engine
named in the environment (the tests point it at a local webhook server). DATABASE_URL (the test
database) and DATA_DIR (the test's media folder) come from the environment too.
"""

import os

from config.test_settings import *  # noqa: F403

TASKS = {"default": {"BACKEND": "config.task_queue.DatabaseBackend"}}
GENERATION_ENGINE = os.environ.get("GENERATION_ENGINE", "demo")
