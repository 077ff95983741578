"""Cache-Control for responses that depend on who asks."""

from django.utils.cache import has_vary_header, patch_cache_control


def private_responses(get_response):
    """A response that varies on the cookie (its view read the session: who is signed in) is
    marked `Cache-Control: private` unless the view set its own, so no shared cache — a proxy, a
    CDN — keeps one user's page or data for another. Placed above SessionMiddleware, which adds
    that Vary on the way out."""

    def middleware(request):
        response = get_response(request)
        if not response.has_header("Cache-Control") and has_vary_header(response, "Cookie"):
            patch_cache_control(response, private=True)
        return response

    return middleware
