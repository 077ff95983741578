"""View decorators shared by the apps."""

from functools import wraps

from django.shortcuts import redirect


def get_redirects_to(page: str):
    """For a POST-only view: a GET or HEAD — its address typed, bookmarked, or reopened from the
    history after the form was sent — is redirected to the page the action belongs to (`page`, a
    URL name) instead of getting require_POST's blank 405 page."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method in ("GET", "HEAD"):
                return redirect(page)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
