"""The project's authentication backends: Django's and allauth's, loading the signed-in user
with one SQL statement.

`get_user` runs on every signed-in request (the session names the user). Through the ORM's
`get()` the lookup cost about 1,000 Python function calls, most of a small API request; read with
config.sql.fetch_one it costs under 200 and builds the same instance. Authentication itself
(passwords, e-mail login) is unchanged.
"""

from allauth.account import app_settings, auth_backends
from allauth.account.app_settings import LoginMethod
from django.contrib.auth import backends, get_user_model
from django.db import connection

from config.sql import fetch_one


def load_user(user_id):
    """The user with this primary key, or None."""
    model = get_user_model()
    return fetch_one(model, f"{connection.ops.quote_name(model._meta.pk.column)} = %s", [user_id])


class _LoadUserWithSQL:
    def get_user(self, user_id):
        user = load_user(user_id)
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
