"""Owner-only file downloads. Every stored file (uploads and generated outputs) is reached
through this view: on local disk it streams the file; on S3 it redirects to a signed URL
that expires in minutes."""

import mimetypes

from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponseRedirect
from django.views.decorators.http import require_safe

from history.storage import is_local_storage, parse_stored_path, signed_url

# Our files are PNG, JPEG or text; anything else is sent as an opaque download.
SAFE_CONTENT_TYPES = {"image/png", "image/jpeg", "text/plain"}


@require_safe
def download_file(request, area: str, user_id: int, name: str):
    stored = parse_stored_path(f"{area}/{user_id}/{name}")
    # Anonymous visitors and other users get the same 404 as a missing file: no hint that it exists.
    if stored is None or not request.user.is_authenticated or stored.user_id != request.user.pk:
        raise Http404("No such file")
    download = request.GET.get("download") == "1"

    if not is_local_storage():
        if not default_storage.exists(stored.path):
            raise Http404("No such file")
        response = HttpResponseRedirect(signed_url(stored, download=download))
        response["Cache-Control"] = "private, no-store"
        return response

    try:
        handle = default_storage.open(stored.path, "rb")
    except (FileNotFoundError, OSError):
        raise Http404("No such file") from None
    content_type = mimetypes.guess_type(stored.name)[0] or "application/octet-stream"
    if content_type not in SAFE_CONTENT_TYPES:
        content_type = "application/octet-stream"
        download = True
    if content_type == "text/plain":
        content_type = "text/plain; charset=utf-8"
    response = FileResponse(handle, content_type=content_type, as_attachment=download, filename=stored.name)
    response["X-Content-Type-Options"] = "nosniff"
    # The documented cache lifetime (3600 s), but only in the owner's browser.
    response["Cache-Control"] = "private, max-age=3600"
    # Even if a stored file were somehow rendered as a document, it could run nothing.
    response["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; sandbox"
    return response
