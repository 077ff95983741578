"""Django's default storage (local disk, or S3 when S3_BUCKET is set) as every app uses it.

A refused write is StorageFailed, the one error views answer 503 for; a failed read is None.
Paths and their owners are the callers' business (history.storage names the areas, accounts.avatars
the avatar folder): nothing here knows what a file is for.
"""

import logging

from django.core.files.storage import default_storage

logger = logging.getLogger(__name__)


class StorageFailed(Exception):
    """The storage refused a write (a full disk, S3 unreachable). `message` is the user-facing
    reason; clients put it after their documented 'Upload failed: ' prefix. Views answer 503:
    the request was fine, the service is not, and trying again later may work. What went wrong
    is logged where it is raised (save_to_storage), not shown: it is the operator's to fix."""

    message = "The file could not be stored. Please try again later."

    def __init__(self):
        super().__init__(self.message)


def save_to_storage(path: str, content) -> str:
    """default_storage.save, with any storage error (OSError on disk, botocore's own types on S3)
    turned into StorageFailed. Returns the name actually written."""
    try:
        return default_storage.save(path, content)
    except Exception as exc:
        logger.exception("Storing %s failed", path)
        raise StorageFailed() from exc


def read_file(path: str) -> bytes | None:
    """The stored bytes, or None when the file is missing or the storage cannot be read."""
    try:
        with default_storage.open(path, "rb") as handle:
            return handle.read()
    except (FileNotFoundError, OSError):
        return None
    except Exception:  # S3 errors (botocore) surface as their own types
        logger.warning("Could not read %s from storage", path, exc_info=True)
        return None


def list_files(folder: str) -> list[str]:
    """The names of the files directly in `folder`; [] when there is no such folder, or when the
    storage cannot be asked (logged)."""
    try:
        _folders, files = default_storage.listdir(folder)
    except FileNotFoundError:
        return []
    except Exception:  # OSError on disk, botocore's own types on S3
        logger.warning("Could not list %s", folder, exc_info=True)
        return []
    return files


def delete_files(paths: list[str]) -> None:
    """Delete files nothing points at any more. One the storage will not delete is logged and
    left behind: a leftover file is harmless; a failed request (its work already saved) is not."""
    for path in paths:
        try:
            default_storage.delete(path)
        except Exception:
            logger.warning("Could not delete %s", path, exc_info=True)
