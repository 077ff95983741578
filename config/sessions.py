"""Django's database sessions, with the read that every signed-in request makes written in SQL.

`SessionStore.load` runs before every signed-in page and API call. Built by the ORM, this
one-table lookup cost several times the Python of the statement itself (about 900 function
calls against 150); config.sql.fetch_one sends the same statement and builds the same row.
Writes, expiry and clearing stay Django's own.
"""

from django.contrib.sessions.backends import db
from django.utils import timezone

from config.sql import fetch_one


class SessionStore(db.SessionStore):
    def _get_session_from_db(self):
        session = fetch_one(
            self.model, "session_key = %s AND expire_date > %s", [self.session_key, timezone.now()]
        )
        if session is None:
            self._session_key = None
        return session
