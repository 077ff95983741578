import pytest


@pytest.mark.parametrize("path", ["/no/such/page", "/signin/extra", "/pricing", "/reset-password"])
def test_unknown_paths_get_the_404_page(client, db, path):
    response = client.get(path)
    assert response.status_code == 404
    page = response.content.decode()
    assert "<title>Page Not Found | Adsmith AI</title>" in page
    assert "Page Not Found" in page and 'href="/"' in page and "Return Home" in page
    assert "data-go-back" in page and "Go Back" in page


def test_the_site_icon_answers_at_the_browsers_default_address(client, db):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith(".svg")
