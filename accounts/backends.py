"""The project's authentication backends: Django's and allauth's, loading the signed-in user
without a statement of its own where they can.

`get_user` runs on every signed-in request (the session names the user). The session's read
brings the user's row with it (accounts.sessions); while accounts.middleware has Django's
auth.get_user look the user up, `get_user` takes that row when it is the user asked for, and
otherwise reads it with config.sql.fetch_one (through the ORM's `get()` that cost about 1,000
Python function calls). Everything Django checks next — the session's auth hash, an inactive
account — is checked as before. Authentication itself (passwords, e-mail login) is unchanged.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from allauth.account import app_settings, auth_backends
from allauth.account.app_settings import LoginMethod
from django.contrib.auth import backends, get_user_model
from django.db import connection

from config.sql import fetch_one

# The session whose user auth.get_user is looking up, set only for that call (users_read_with).
_session_being_read: ContextVar = ContextVar("session_being_read", default=None)


@contextmanager
def users_read_with(session):
    """Within the block, get_user may take the user `session`'s read brought (accounts.sessions)."""
    token = _session_being_read.set(session)
    try:
        yield
    finally:
        _session_being_read.reset(token)


def _user_read_with_session(user_id):
    user = getattr(_session_being_read.get(), "user_read_with_session", None)
    return user if user is not None and user.pk == user_id else None


def load_user(user_id):
    """The user with this primary key, or None."""
    model = get_user_model()
    return fetch_one(model, f"{connection.ops.quote_name(model._meta.pk.column)} = %s", [user_id])


class _LoadUserWithSQL:
    def get_user(self, user_id):
        user = _user_read_with_session(user_id) or load_user(user_id)
        return user if user is not None and self.user_can_authenticate(user) else None


class ModelBackend(_LoadUserWithSQL, backends.ModelBackend):
    pass


class AuthenticationBackend(_LoadUserWithSQL, auth_backends.AuthenticationBackend):
    def _authenticate_by_email(self, email: str, password: str):
        # allauth's finds accounts through every address record, unconfirmed e-mail changes
        # included: an account could sign in with an address it has only asked to change to.
        if not email or LoginMethod.EMAIL not in app_settings.LOGIN_METHODS:
            return None
        for user in get_user_model().objects.owning_email(email.strip()):
            if self._check_password(user, password):
                return user
        return None
