from django.utils.functional import SimpleLazyObject


def current_plan(request):
    """`current_plan` for the shell's plan card: the plan of the user's live Stripe
    subscription, else Free. Lazy, so pages that never show it run no query."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def plan():
        from billing.models import Plan

        return Plan.objects.current_for(user)

    return {"current_plan": SimpleLazyObject(plan)}
