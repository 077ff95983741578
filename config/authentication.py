"""The API's session authentication (REST_FRAMEWORK's DEFAULT_AUTHENTICATION_CLASSES): DRF's,
with a CSRF failure told as what it almost always is for a user — the page was open while the
session changed in another tab — instead of "CSRF Failed: CSRF token from the 'X-Csrftoken'
HTTP header incorrect.", which the islands would show in a toast."""

from rest_framework import authentication, exceptions

from config.api_errors import SESSION_CHANGED


class SessionAuthentication(authentication.SessionAuthentication):
    def enforce_csrf(self, request):
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied:
            raise exceptions.PermissionDenied(SESSION_CHANGED) from None
