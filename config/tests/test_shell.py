import re

import pytest
from django.urls import set_script_prefix

from config.templatetags.shell import main_menu_paths, shell_title_for


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/dashboard", "Dashboard"),
        ("/profile", "Profile"),
        ("/billing", "Billing"),
        ("/services/meta-copy", "META Copy"),
        ("/services/social-media-creative", "Social Media Creative"),
        ("/services/spy-master/", "Spy Master"),
        ("/accounts/email/", "Adsmith AI"),
    ],
)
def test_the_top_bar_title_follows_the_documented_rule(path, title):
    assert shell_title_for(path, "Adsmith AI") == title


def test_the_shell_has_the_documented_sidebar(alice_client):
    page = alice_client.get("/profile").content.decode()
    for label, url in [("Dashboard", "/dashboard"), ("Profile", "/profile"), ("Billing", "/billing")]:
        assert f'href="{url}"' in page and label in page
    for label in (
        "META Copy",
        "META Creative",
        "META Ads Full",
        "Social Media Copy",
        "Social Media Creative",
        "Spy Master",
    ):
        assert label in page
    assert 'aria-current="page"' in page
    assert "Coming soon" in page and "disabled" in page
    assert re.search(r"<h1 data-shell-title[^>]*>Profile</h1>", page)


def test_the_user_block_shows_name_email_and_initial(alice_client):
    page = alice_client.get("/profile").content.decode()
    assert "Alice Smith" in page and "alice@example.com" in page
    assert ">A</span>" in page  # no avatar: the upper-case first letter of the name


def test_the_user_block_breaks_a_long_email_only_at_its_at_sign(client, make_user):
    # Each half is cut with an ellipsis on its own line (two lines at most); the title has it all.
    email = "qa.visual.user.with.a.long.address@example-company-domain.com"
    client.force_login(make_user(email, name="Maximiliana Featherstonehaugh"))
    page = client.get("/profile").content.decode()
    line = re.search(r"<p data-user-email[^>]*>.*?</p>", page).group(0)
    assert f'title="{email}"' in line
    assert re.findall(r"<span[^>]*>([^<]*)</span>", line) == [
        "qa.visual.user.with.a.long.address",
        "@example-company-domain.com",
    ]
    assert "<wbr>" in line


def test_the_initial_falls_back_to_the_email(client, make_user):
    user = make_user("zoe@example.com", name="")
    client.force_login(user)
    assert ">Z</span>" in client.get("/profile").content.decode()


def test_the_plan_card_shows_the_current_plan(alice_client, seeded_plans):
    page = alice_client.get("/profile").content.decode()
    assert "data-shell-plan" in page
    assert "Current Plan" in page and ">FREE</p>" in page and "Manage Subscription" in page


def test_the_balance_island_is_in_the_top_bar(alice_client):
    assert 'data-island="credit-balance"' in alice_client.get("/profile").content.decode()


def test_the_main_menu_follows_the_script_prefix_the_site_is_served_under():
    set_script_prefix("/adsmith/")
    try:
        assert [path for _label, path, _icon in main_menu_paths()] == [
            "/adsmith/dashboard",
            "/adsmith/profile",
            "/adsmith/billing",
        ]
    finally:
        set_script_prefix("/")
    assert main_menu_paths()[0][1] == "/dashboard"
