"""drf-spectacular's descriptions of the project's own DRF classes (config/apps.py loads them)."""

from drf_spectacular.authentication import SessionScheme


class ProjectSessionScheme(SessionScheme):
    """config.authentication.SessionAuthentication is DRF's session cookie, as far as a client
    can tell: the same `cookieAuth` scheme."""

    target_class = "config.authentication.SessionAuthentication"
