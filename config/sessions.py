"""Django's database sessions, with the read that every signed-in request makes written in SQL.

`SessionStore.load` runs before every signed-in page and API call. Built by the ORM, this
one-table lookup cost several times the Python of the statement itself (about 900 function
calls against 150); config.sql.fetch_one sends the same statement and builds the same row.
Writes, expiry and clearing stay Django's own.

The row's expiry is kept as `stored_expire_date` (None until a stored session is loaded):
config.session_refresh reads it to keep a session in use alive without writing on every request.
"""

from django.contrib.sessions.backends import db
from django.utils import timezone

from config.sql import fetch_one


class SessionStore(db.SessionStore):
    stored_expire_date = None

    def _get_session_from_db(self):
        session = fetch_one(
            self.model, "session_key = %s AND expire_date > %s", [self.session_key, timezone.now()]
        )
        if session is None:
            self._session_key = None
        else:
            self.stored_expire_date = session.expire_date
        return session
