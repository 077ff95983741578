"""LOG_LEVEL and TASKS_BACKEND as operators write them in env files: any letter case, WARN,
or an empty `LOG_LEVEL=` line. A value that cannot work stops the process with a message that
names the variable, not a logging traceback."""

import json

from config.tests.test_security_settings import manage, production_env

PRINT_SETTINGS = (
    "import json, logging; from django.conf import settings; "
    "print(json.dumps([logging.getLevelName(logging.getLogger().level), settings.TASKS_BACKEND]))"
)


def run_with(tmp_path, **env):
    return manage("shell", "-c", PRINT_SETTINGS, env=production_env(DATA_DIR=str(tmp_path), **env))


def settings_with(tmp_path, **env) -> list:
    result = run_with(tmp_path, **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_log_level_is_read_in_any_letter_case(tmp_path):
    assert settings_with(tmp_path, LOG_LEVEL="debug")[0] == "DEBUG"


def test_warn_means_warning(tmp_path):
    assert settings_with(tmp_path, LOG_LEVEL="warn")[0] == "WARNING"


def test_empty_values_mean_the_defaults(tmp_path):
    assert settings_with(tmp_path, LOG_LEVEL="", TASKS_BACKEND="") == [
        "INFO",
        "config.task_queue.DatabaseBackend",
    ]


def test_an_unknown_log_level_names_the_variable_and_the_levels(tmp_path):
    result = run_with(tmp_path, LOG_LEVEL="verbose")
    assert result.returncode != 0
    assert "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL, got 'verbose'" in result.stderr
    assert "Unable to configure root logger" not in result.stderr


def test_a_logger_set_to_info_by_its_library_still_logs_nothing_below_log_level(tmp_path):
    # db_worker sets django_tasks' loggers to INFO itself: its task lines must not pass WARNING.
    code = (
        "import logging; tasks = logging.getLogger('django.tasks'); tasks.setLevel(logging.INFO); "
        "tasks.info('a task line'); tasks.warning('a warning line')"
    )
    result = manage("shell", "-c", code, env=production_env(DATA_DIR=str(tmp_path), LOG_LEVEL="WARNING"))
    assert result.returncode == 0, result.stderr
    assert "a warning line" in result.stderr
    assert "a task line" not in result.stderr
