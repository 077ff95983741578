"""Django's default storage (local disk, or S3 when S3_BUCKET is set) as every app uses it.

A refused write is StorageFailed, the one error views answer 503 for; a storage that cannot be
read is StorageUnreachable (a kind of StorageFailed), so that a missing file (None) and a storage
outage are never taken for one another. Paths and their owners are the callers' business (history.storage names the areas, accounts.avatars
the avatar folder): nothing here knows what a file is for. `file_response` is how every private
file reaches its owner, once the caller's view has checked who asks.
"""

import logging
import mimetypes

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render

logger = logging.getLogger(__name__)


class StorageFailed(Exception):
    """The storage refused a write (a full disk, S3 unreachable). `message` is the user-facing
    reason; clients put it after their documented 'Upload failed: ' prefix. Views answer 503:
    the request was fine, the service is not, and trying again later may work. What went wrong
    is logged where it is raised (save_to_storage), not shown: it is the operator's to fix."""

    message = "The file could not be stored. Please try again later."

    def __init__(self):
        super().__init__(self.message)


class StorageUnreachable(StorageFailed):
    """The storage could not be asked (S3 down or not answering, a disk error): logged where it
    is raised. Not a missing file — that is None from read_file, a 404 from file_response."""

    message = "Files cannot be reached right now. Please try again in a few minutes."


def save_to_storage(path: str, content) -> str:
    """default_storage.save, with any storage error (OSError on disk, botocore's own types on S3)
    turned into StorageFailed. Returns the name actually written."""
    try:
        return default_storage.save(path, content)
    except Exception as exc:
        logger.exception("Storing %s failed", path)
        raise StorageFailed() from exc


def read_file(path: str) -> bytes | None:
    """The stored bytes, or None when nothing is stored there. StorageUnreachable when the storage
    cannot be read."""
    try:
        with default_storage.open(path, "rb") as handle:
            return handle.read()
    except FileNotFoundError:
        return None
    except Exception as exc:  # OSError on disk; on S3 botocore's own types (a missing key too)
        if _is_missing_on_s3(exc):
            return None
        logger.warning("Could not read %s from storage", path, exc_info=True)
        raise StorageUnreachable() from exc


def _is_missing_on_s3(exc: Exception) -> bool:
    # botocore's ClientError carries S3's code (read by shape: boto is only loaded for S3).
    response = getattr(exc, "response", None)
    return isinstance(response, dict) and response.get("Error", {}).get("Code") in ("404", "NoSuchKey")


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


# --- serving a file to its owner -----------------------------------------------------------------

# Our files are PNG, JPEG or text; anything else is sent as an opaque download.
SAFE_CONTENT_TYPES = {"image/png", "image/jpeg", "text/plain"}
SIGNED_URL_SECONDS = 300


def is_local_storage() -> bool:
    """True when files are on this machine's disk (streamed by file_response), False on S3."""
    try:
        default_storage.path("probe")
    except NotImplementedError:
        return False
    return True


def signed_url(path: str, *, download: bool, expire: int = SIGNED_URL_SECONDS) -> str:
    """A short-lived signed URL (S3 only)."""
    disposition = "attachment" if download else "inline"
    filename = path.rpartition("/")[2]
    return default_storage.url(
        path,
        parameters={"ResponseContentDisposition": f'{disposition}; filename="{filename}"'},
        expire=expire,
    )


def file_response(request, path: str, *, download: bool) -> HttpResponse:
    """The stored file, for a request the caller has already checked is its owner's: streamed
    from local disk, or on S3 a redirect to a signed URL that expires in minutes. Http404 when
    nothing is stored there; the 503 page when the storage cannot be asked."""
    if not is_local_storage():
        try:
            exists = default_storage.exists(path)
        except Exception:  # botocore's own types: S3 down, or not answering within its timeouts
            logger.warning("Could not look up %s in storage", path, exc_info=True)
            return storage_unreachable_page(request)
        if not exists:
            raise Http404("No such file")
        response = HttpResponseRedirect(signed_url(path, download=download))
        response["Cache-Control"] = "private, no-store"
        return response

    try:
        handle = default_storage.open(path, "rb")
    except FileNotFoundError:
        raise Http404("No such file") from None
    except OSError:
        logger.warning("Could not open %s", path, exc_info=True)
        return storage_unreachable_page(request)
    filename = path.rpartition("/")[2]
    content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    if content_type not in SAFE_CONTENT_TYPES:
        content_type = "application/octet-stream"
        download = True
    if content_type == "text/plain":
        content_type = "text/plain; charset=utf-8"
    response = FileResponse(handle, content_type=content_type, as_attachment=download, filename=filename)
    response["X-Content-Type-Options"] = "nosniff"
    # The documented cache lifetime (3600 s), but only in the owner's browser.
    response["Cache-Control"] = "private, max-age=3600"
    # Even if a stored file were somehow rendered as a document, it could run nothing.
    response["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; sandbox"
    return response


def storage_unreachable_page(request) -> HttpResponse:
    response = render(request, "503.html", {"message": StorageUnreachable.message}, status=503)
    response["Retry-After"] = "60"
    return response
