import pytest

from config.context_processors import page_title


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("/", "Adsmith AI - Your Marketing AI Assistant"),
        ("/dashboard", "Dashboard | Adsmith AI"),
        ("/forgot-password", "Forgot Password | Adsmith AI"),
        ("/services/meta-ads-full", "Meta Ads Full | Adsmith AI"),
    ],
)
def test_page_title_follows_the_documented_rule(path, title):
    assert page_title(path, "Adsmith AI") == title


def test_landing_page_renders_with_its_title(client, db):
    response = client.get("/")
    assert response.status_code == 200
    assert "<title>Adsmith AI - Your Marketing AI Assistant</title>" in response.content.decode()


def test_unknown_path_gets_the_404_page(client, db):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Page Not Found" in body and "Return Home" in body and "Go Back" in body


def test_dashboard_requires_sign_in(client, db):
    response = client.get("/dashboard")
    assert response.status_code == 302
    assert response["Location"].startswith("/signin")
