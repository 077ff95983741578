"""Django's AuthenticationMiddleware, looking the signed-in user up with the row the session's
read brought (accounts.sessions, accounts.backends)."""

from django.contrib import auth
from django.contrib.auth.middleware import AuthenticationMiddleware as DjangoAuthenticationMiddleware
from django.utils.functional import SimpleLazyObject

from accounts.backends import users_read_with


def get_user(request):
    """django.contrib.auth.middleware.get_user, with the session's user on offer to the backends
    for the one call: Django's own auth.get_user still decides who is signed in."""
    if not hasattr(request, "_cached_user"):
        with users_read_with(request.session):
            request._cached_user = auth.get_user(request)
    return request._cached_user


class AuthenticationMiddleware(DjangoAuthenticationMiddleware):
    def process_request(self, request):
        super().process_request(request)  # its checks, and request.auser
        request.user = SimpleLazyObject(lambda: get_user(request))
