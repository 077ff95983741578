"""Signed-in sessions stay alive while they are used: the documents' "Session is persisted and
auto-refreshed". Without this a 'Remember me' session ended SESSION_COOKIE_AGE after sign-in,
however often its user came back, because Django only re-saves a session (and re-sends its
cookie) when its data changes."""

from datetime import timedelta

from django.utils import timezone

# At most one session write a day per signed-in user: the requests in between only read.
SESSION_REFRESH_INTERVAL = timedelta(days=1)


def refresh_sessions_in_use(get_response):
    """Marks a signed-in session modified when its stored expiry is a day or more behind the one
    a save now would give it; SessionMiddleware (outside this one) then saves it with a fresh
    expiry and re-sends the cookie — with a fresh Max-Age for a remembered session, still without
    one for a session that ends with the browser (SessionMiddleware decides that from the
    session's own expiry setting, which this leaves alone)."""

    def middleware(request):
        response = get_response(request)
        session = request.session
        stored_expire_date = getattr(session, "stored_expire_date", None)
        if stored_expire_date is None or session.modified:
            return response  # no stored session read, or it is being saved anyway
        fresh_expire_date = timezone.now() + timedelta(seconds=session.get_expiry_age())
        # Checked last: it may load the user, and only once a day does the date test pass.
        if (
            fresh_expire_date - stored_expire_date >= SESSION_REFRESH_INTERVAL
            and request.user.is_authenticated
        ):
            session.modified = True
        return response

    return middleware
