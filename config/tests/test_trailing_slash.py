"""An address with one slash too many ("/dashboard/", "/services/meta-copy/") is sent, for
good, to the page without it; anything else stays the 404 page."""

import pytest

from services.registry import TOOLS


@pytest.mark.parametrize(
    "path",
    ["/dashboard/", "/profile/", "/billing/", "/signin/", *(f"/services/{slug}/" for slug in sorted(TOOLS))],
)
def test_a_page_with_a_trailing_slash_redirects_permanently_to_the_page(alice_client, path):
    response = alice_client.get(path)
    assert response.status_code == 301 and response["Location"] == path[:-1]


def test_the_redirect_keeps_the_query_string_and_lands_on_the_page(alice_client):
    response = alice_client.get("/services/meta-copy/?from=email", follow=True)
    assert response.redirect_chain == [("/services/meta-copy?from=email", 301)]
    assert response.status_code == 200


def test_the_services_index_with_a_slash_ends_on_the_dashboard(alice_client):
    response = alice_client.get("/services/", follow=True)
    assert response.redirect_chain == [("/services", 301), ("/dashboard", 302)]


def test_signed_out_the_slashless_page_still_asks_to_sign_in(client, db):
    response = client.get("/dashboard/", follow=True)
    assert [status for _, status in response.redirect_chain] == [301, 302]
    assert response.request["PATH_INFO"] == "/signin"


@pytest.mark.parametrize("path", ["/services/meta-copy//", "/nowhere/", "/signin/x/"])
def test_anything_else_is_the_404_page(alice_client, path):
    response = alice_client.get(path)
    assert response.status_code == 404
    assert b"Page Not Found" in response.content


def test_an_unknown_tool_is_not_found_with_or_without_the_slash(alice_client):
    assert alice_client.get("/services/unknown-tool/", follow=True).status_code == 404
    assert alice_client.get("/services/unknown-tool").status_code == 404


def test_only_reads_are_redirected(alice_client):
    assert alice_client.post("/dashboard/").status_code == 404
