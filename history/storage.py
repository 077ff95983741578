"""Private file storage: named areas, `{area}/{userId}/{name}` paths, owner-only URLs.

Files live in Django's default storage (local disk, or S3 when S3_BUCKET is set). Nothing is
served publicly: every URL we hand out is `history:file`, which checks the owner and then
streams the file (local disk) or redirects to a short-lived signed URL (S3).
"""

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.core.files.base import ContentFile
from django.urls import Resolver404, resolve, reverse

from config.storage import save_to_storage

GENERATION_HISTORY = "generation-history"
USER_UPLOADS = "user-uploads"
LOGOS = "logos"
PRODUCTS = "products"
AREAS = (GENERATION_HISTORY, USER_UPLOADS, LOGOS, PRODUCTS)
UPLOAD_AREAS = (LOGOS, PRODUCTS, USER_UPLOADS)

# Names we generate ourselves; anything else in a path is refused before storage sees it.
SAFE_NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,199}$")


@dataclass(frozen=True)
class StoredPath:
    area: str
    user_id: int
    name: str

    @property
    def path(self) -> str:
        return f"{self.area}/{self.user_id}/{self.name}"

    @property
    def bucket_path(self) -> str:
        """The path inside its area, as the documented `bucket_path` field holds it."""
        return f"{self.user_id}/{self.name}"

    @property
    def url(self) -> str:
        return reverse("history:file", kwargs={"area": self.area, "user_id": self.user_id, "name": self.name})


def parse_stored_path(path: str) -> StoredPath | None:
    """`logos/7/ab12.png` → StoredPath; None for anything that is not one of our paths."""
    parts = path.split("/")
    if len(parts) != 3:
        return None
    area, user_id, name = parts
    if area not in AREAS or not user_id.isdigit() or not SAFE_NAME_RE.match(name) or ".." in name:
        return None
    return StoredPath(area=area, user_id=int(user_id), name=name)


def stored_path_from_reference(reference: str) -> StoredPath | None:
    """Our file URL (site-relative or absolute, any host) or a storage path → StoredPath.

    The host is not trusted for anything: the caller still checks that the path's user is
    the one asking, so a look-alike URL can at worst name that user's own file.
    """
    if not isinstance(reference, str) or not reference.strip():
        return None
    reference = reference.strip()
    parts = urlsplit(reference)
    if parts.scheme in ("http", "https") or reference.startswith("/"):
        try:
            match = resolve(parts.path)
        except Resolver404:
            return None
        if match.view_name != "history:file":
            return None
        kwargs = match.kwargs
        return parse_stored_path(f"{kwargs['area']}/{kwargs['user_id']}/{kwargs['name']}")
    if parts.scheme:
        return None
    return parse_stored_path(reference)


def file_url(path: str) -> str | None:
    stored = parse_stored_path(path)
    return stored.url if stored else None


def save_file(*, area: str, user_id: int, name: str, content: bytes) -> StoredPath:
    """Store `content` at `{area}/{user_id}/{name}`. The storage may pick a free name when one
    is taken (local disk); the returned path is the one actually written. Raises
    config.storage.StorageFailed."""
    stored = StoredPath(area=area, user_id=user_id, name=name)
    if parse_stored_path(stored.path) is None:
        raise ValueError(f"Not a valid storage path: {stored.path!r}")
    saved = save_to_storage(stored.path, ContentFile(content))
    return parse_stored_path(saved) or stored
