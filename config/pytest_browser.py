"""Playwright launches Debian's Chromium with the flags this closed network needs."""

import shutil

import pytest
from playwright.sync_api import expect

from config.pytest_plugin import CHROMIUM_ARGS

# CI shares two cores between two pytest workers, PostgreSQL and Chromium: give assertions that
# wait for the page (a toast after an upload, a result after a job) room beyond the 5 s default.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "en-US", "timezone_id": "UTC"}
