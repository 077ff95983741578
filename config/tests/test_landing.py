import re

from services.registry import TOOLS


def test_signed_out_it_shows_every_documented_section(client, seeded_plans):
    page = client.get("/").content.decode()
    assert "<title>Adsmith AI - Your Marketing AI Assistant</title>" in page
    assert "Supercharge your marketing with" in page and "AI-powered automation" in page
    assert "Join hundreds of businesses" in page
    for anchor in (
        'id="features"',
        'id="agents"',
        'id="pricing"',
        'href="/#features"',
        'href="/#agents"',
        'href="/#pricing"',
    ):
        assert anchor in page
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    for label in ("Sign In", "Get Started", "Get Started Free", "Watch Demo"):
        assert label in text
    assert "Go to Dashboard" not in page
    for feature in ("Lightning Fast", "Precision Targeting", "Data-Driven", "Brand Safe"):
        assert feature in page
    for label in ("Privacy Policy", "Terms of Service", "Help Center", "Contact Us", "API Documentation"):
        assert label in page
    assert 'title="Switch to dark mode"' in page
    assert "data-menu-toggle" in page


def test_the_six_agent_cards_offer_a_free_trial_when_signed_out(client, seeded_plans):
    page = client.get("/").content.decode()
    cards = re.findall(r'data-agent-card="([\w-]+)"', page)
    assert cards == list(TOOLS)
    for tool in TOOLS.values():
        assert tool.card_title in page and tool.description in page
    assert page.count(">Try Free") == len(TOOLS)
    assert "Use Agent" not in page
    # The count in the words is the registry's: six tools today.
    assert "Six AI agents for your marketing" in page
    assert "Six specialised agents, each trained for one job." in page


def test_the_pricing_shows_the_six_plans_with_prices_credits_and_badges(client, seeded_plans):
    page = client.get("/").content.decode()
    assert re.findall(r'data-plan-card data-plan-id="([\w-]+)"', page) == [
        "free",
        "starter",
        "professional",
        "business",
        "enterprise",
        "ultimate",
    ]
    for price in ("$0", "$19.99", "$49.99", "$89.99", "$149.99", "$289.99"):
        assert price in page
    assert "forever" in page and page.count("/month</span>") == 5
    for credits in (
        "100 credits/month",
        "1,000 credits/month",
        "3,000 credits/month",
        "30,000 credits/month",
    ):
        assert credits in page
    for badge in ("Great Value", "Most Popular", "Enterprise"):
        assert badge in page
    assert page.count('href="/signup?next=/billing" data-plan-id=') == 5  # paid: an account first


def test_signed_in_it_leads_to_the_dashboard_and_the_agents(alice_client, seeded_plans):
    page = alice_client.get("/").content.decode()
    assert "Go to Dashboard" in page and ">Dashboard</a>" in page
    assert "Get Started Free" not in page and ">Sign In<" not in page
    for tool in TOOLS.values():
        assert f'href="{tool.path}"' in page
    assert page.count("Use Agent") == 6
    assert "data-current-plan" in page  # the Free card: 'Current Plan' → /dashboard
    assert re.search(r'href="/dashboard" data-current-plan', page)
    assert page.count("data-subscribe") == 5


def test_services_redirects_to_the_dashboard(alice_client):
    response = alice_client.get("/services")
    assert response.status_code == 302 and response["Location"] == "/dashboard"
