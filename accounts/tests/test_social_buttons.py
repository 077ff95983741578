import re

import pytest


@pytest.mark.parametrize("path", ["/signin", "/signup"])
def test_without_keys_both_buttons_are_inert_placeholders(client, db, path):
    page = client.get(path).content.decode()
    assert 'data-social="github" data-placeholder-link' in page
    assert 'data-social="linkedin" data-placeholder-link' in page
    assert "/accounts/github/login/" not in page


def test_with_keys_the_buttons_start_allauth_sign_in(client, db, settings):
    settings.SOCIALACCOUNT_PROVIDERS = {
        "github": {"APPS": [{"client_id": "gh-id", "secret": "gh-secret"}]},
        "openid_connect": {
            "APPS": [
                {
                    "provider_id": "linkedin",
                    "name": "LinkedIn",
                    "client_id": "li-id",
                    "secret": "li-secret",
                    "settings": {"server_url": "https://www.linkedin.com/oauth"},
                }
            ]
        },
    }
    page = client.get("/signin?next=/billing").content.decode()
    assert re.search(
        r'<form method="post" action="/accounts/github/login/\?process=login&amp;next=%2Fbilling">', page
    )
    assert re.search(
        r'<form method="post" action="/accounts/oidc/linkedin/login/\?process=login&amp;next=%2Fbilling">',
        page,
    )
    assert "data-placeholder-link" not in page.split("Or continue with")[1]
    # The GitHub button really starts the OAuth dance.
    response = client.post("/accounts/github/login/?process=login&next=%2Fbilling")
    assert response.status_code == 302
    assert response["Location"].startswith("https://github.com/login/oauth/authorize?client_id=gh-id")


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("path", ["/accounts/github/login/", "/accounts/github/login/callback/"])
def test_without_keys_the_github_routes_are_not_found(client, db, path, method):
    """allauth routes them whenever the provider is installed; without keys there is nothing there."""
    assert getattr(client, method)(path).status_code == 404
