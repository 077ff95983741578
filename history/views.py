"""Owner-only file downloads. Every stored file (uploads and generated outputs) is reached
through this view: on local disk it streams the file; on S3 it redirects to a signed URL
that expires in minutes (config.storage.file_response, which serves avatars too)."""

from django.http import Http404
from django.views.decorators.http import require_safe

from config.storage import file_response
from history.storage import parse_stored_path


@require_safe
def download_file(request, area: str, user_id: int, name: str):
    stored = parse_stored_path(f"{area}/{user_id}/{name}")
    # Anonymous visitors and other users get the same 404 as a missing file: no hint that it exists.
    if stored is None or not request.user.is_authenticated or stored.user_id != request.user.pk:
        raise Http404("No such file")
    return file_response(request, stored.path, download=request.GET.get("download") == "1")
