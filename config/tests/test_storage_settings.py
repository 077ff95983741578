"""S3_BUCKET → the S3 storage, with short timeouts: an S3 that stops answering must not hold the
web threads for minutes (botocore's defaults: 60 s per call and several retries)."""

import json

from config.tests.test_security_settings import manage, production_env

PRINT_CLIENT = (
    "from django.core.files.storage import storages; import json; s = storages['default']; c = s.client_config; "
    "print(json.dumps([type(s).__name__, c.connect_timeout, c.read_timeout, c.retries, c.s3, c.signature_version]))"
)


def storage_client(tmp_path, **env) -> list:
    result = manage(
        "shell",
        "-c",
        PRINT_CLIENT,
        env=production_env(DATA_DIR=str(tmp_path), S3_BUCKET="adsmith-files", **env),
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_s3_calls_give_up_within_seconds(tmp_path):
    assert storage_client(tmp_path) == [
        "S3Storage",
        3,
        10,
        {"mode": "standard", "max_attempts": 2},
        {"addressing_style": "auto"},
        "s3v4",
    ]


def test_the_timeouts_and_addressing_style_can_be_set(tmp_path):
    name, connect, read, _retries, s3, _signature = storage_client(
        tmp_path, S3_CONNECT_TIMEOUT="1", S3_READ_TIMEOUT="30", S3_ADDRESSING_STYLE="path"
    )
    assert (name, connect, read, s3) == ("S3Storage", 1, 30, {"addressing_style": "path"})
