from django.urls import reverse


def balance(request):
    """Props for the shell's balance island. Lazy (a callable): pages that never show
    the shell never pay for the query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def props():
        from credits.models import balance_of

        return {"url": reverse("credits:api"), "initial": balance_of(user)}

    return {"shell_credit_props": props}
