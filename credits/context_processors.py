from config.paths import path_for


def shell_balance_props(balance: int) -> dict:
    """Props for the shell's balance island. Views that read the balance anyway pass these as
    `shell_credit_props`, so the page does not read it a second time."""
    return {"url": path_for("credits:api"), "initial": balance}


def balance(request):
    """Props for the shell's balance island. Lazy (a callable): pages that never show
    the shell, or that pass their own `shell_credit_props`, never pay for the query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def props():
        from credits.models import balance_of

        return shell_balance_props(balance_of(user))

    return {"shell_credit_props": props}
