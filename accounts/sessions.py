"""Django's database sessions, in accounts.UserSession: the session row names its user, and the
read every signed-in request makes fetches the session and that user in one SQL statement, which
also stands in for the connection's health check (config.connection_check).

`SessionStore.load` runs before every signed-in page and API call, and django.contrib.auth then
loads the user the session names. Read apart through the ORM these were two statements and about
2,000 Python function calls; here one statement (config.sql.fetch_one_with_related) brings both
rows, and the user's row waits on the store as `user_read_with_session` for
accounts.backends to take (accounts.middleware). Who is signed in is still decided by the
session's data and Django's checks alone. Writes, expiry and clearing stay Django's own.

The row's expiry is kept as `stored_expire_date` (None until a stored session is loaded):
config.session_refresh reads it to keep a session in use alive without writing on every request.

The class keeps Django's name: it is part of the salt that signs the stored data.
"""

from django.contrib.auth import SESSION_KEY
from django.contrib.sessions.backends import db
from django.utils import timezone

from config.connection_check import read_checking_connection
from config.sql import fetch_one_with_related


class SessionStore(db.SessionStore):
    stored_expire_date = None
    user_read_with_session = None  # the user the row named, as read with it

    @classmethod
    def get_model_class(cls):
        from accounts.models import UserSession

        return UserSession

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        session.user_id = user_id_in(data)
        return session

    def _get_session_from_db(self):
        # The connection's health check, when one is due: a signed-in request reads nothing before.
        session, user = read_checking_connection(
            lambda: fetch_one_with_related(
                self.model,
                "user",
                "m.session_key = %s AND m.expire_date > %s",
                [self.session_key, timezone.now()],
            )
        )
        if session is None:
            self._session_key = None
        else:
            self.stored_expire_date = session.expire_date
            self.user_read_with_session = user
        return session


def user_id_in(data: dict) -> int | None:
    """The user a session's data signs in as (django.contrib.auth keeps the id as text)."""
    try:
        return int(data[SESSION_KEY])
    except (KeyError, TypeError, ValueError):
        return None
