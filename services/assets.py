"""The engines' window onto a user's own files (uploaded logos and product images).

Engines never fetch our own files over HTTP (that would need the owner's session and would
turn the file view into an SSRF target). They ask `Assets.read()`, which reads storage
directly — and only under the generation owner's id.
"""

from config.storage import read_file
from history.storage import stored_path_from_reference


class Assets:
    def __init__(self, user):
        self.user = user

    def read(self, url_or_path: str) -> bytes | None:
        """The bytes of one of this user's stored files, named by our file URL (relative or
        absolute) or its storage path. None for anything else — including another user's
        file, a missing file, and foreign http(s) URLs, which the engine fetches itself
        through config.outbound with the public-address check."""
        stored = stored_path_from_reference(url_or_path)
        if stored is None or stored.user_id != self.user.pk:
            return None
        return read_file(stored.path)
