"""billing/checks.py: a plan's STRIPE_LINK_… variable is held to the admin's rule, and a Stripe
secret key needs the webhook signing secret, at start-up."""

from django.core import checks

from billing.checks import check_stripe_keys, check_stripe_links


def test_the_checks_run_with_every_check():
    registered = checks.registry.registry.get_checks()
    assert check_stripe_links in registered and check_stripe_keys in registered


def test_a_plans_stripe_link_variable_must_be_hash_or_https(settings):
    settings.DEBUG = False
    settings.STRIPE_PLAN_LINKS = {**settings.STRIPE_PLAN_LINKS, "starter": "javascript:alert(1)"}
    [problem] = check_stripe_links()
    assert problem.id == "billing.E001"
    assert problem.msg == "STRIPE_LINK_STARTER is not '#' or an https URL: 'javascript:alert(1)'."
    for good in ("https://buy.stripe.com/test_abc", "#", ""):
        settings.STRIPE_PLAN_LINKS = {**settings.STRIPE_PLAN_LINKS, "starter": good}
        assert check_stripe_links() == []


def test_with_debug_on_it_is_a_warning(settings):
    settings.DEBUG = True
    settings.STRIPE_PLAN_LINKS = {**settings.STRIPE_PLAN_LINKS, "starter": "http://buy.stripe.com/x"}
    assert [problem.id for problem in check_stripe_links()] == ["billing.W001"]


def test_a_stripe_secret_key_needs_the_webhook_signing_secret(settings):
    settings.DEBUG = False
    settings.STRIPE_SECRET_KEY = "sk_live_x"
    settings.STRIPE_WEBHOOK_SECRET = ""
    [problem] = check_stripe_keys()
    assert problem.id == "billing.E002"
    assert problem.msg.startswith("STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not")
    settings.STRIPE_WEBHOOK_SECRET = "whsec_x"
    assert check_stripe_keys() == []
