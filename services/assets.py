"""The engines' window onto a user's own files (uploaded logos and product images).

Engines never fetch our own files over HTTP (that would need the owner's session and would
turn the file view into an SSRF target). They ask `Assets.read()`, which reads storage
directly — and only under the generation owner's id.
"""

from config.storage import StorageUnreachable, read_file
from history.storage import stored_path_from_reference
from services.engines.base import EngineError

UPLOAD_UNREADABLE = "Your uploaded image could not be read just now. Please try again in a few minutes."


class Assets:
    def __init__(self, user):
        self.user = user

    def read(self, url_or_path: str) -> bytes | None:
        """The bytes of one of this user's stored files, named by our file URL (relative or
        absolute) or its storage path. None for anything else — including another user's
        file, a missing file, and foreign http(s) URLs, which the engine fetches itself
        through config.outbound with the public-address check.

        A storage that cannot be read fails the run (refunded) rather than letting the engine go
        on without the user's image."""
        stored = stored_path_from_reference(url_or_path)
        if stored is None or stored.user_id != self.user.pk:
            return None
        try:
            return read_file(stored.path)
        except StorageUnreachable:
            raise EngineError(UPLOAD_UNREADABLE, retryable=True) from None
