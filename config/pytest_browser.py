"""Playwright launches Debian's Chromium with the flags this closed network needs."""

import shutil

import pytest

from config.pytest_plugin import CHROMIUM_ARGS


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    executable = shutil.which("chromium") or "/usr/bin/chromium"
    return {**browser_type_launch_args, "executable_path": executable, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "en-US", "timezone_id": "UTC"}
