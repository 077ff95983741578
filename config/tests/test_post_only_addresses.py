"""POST-only actions opened with GET (typed, bookmarked, reopened from the history) lead to the
page they belong to instead of a blank 405 page (config.decorators.get_redirects_to)."""

import pytest


@pytest.mark.parametrize(
    ("address", "page"),
    [
        ("/billing/portal/", "/billing"),
        ("/profile/email/confirm", "/profile"),
        ("/profile/email/cancel", "/profile"),
        ("/profile/avatar", "/profile"),
    ],
)
@pytest.mark.parametrize("method", ["get", "head"])
def test_opening_a_post_only_action_leads_to_its_page(alice_client, address, page, method):
    response = getattr(alice_client, method)(address)
    assert response.status_code == 302
    assert response["Location"] == page


def test_signed_out_the_page_asks_to_sign_in_as_usual(client, db):
    response = client.get("/profile/avatar", follow=True)
    assert response.redirect_chain[-1][0] == "/signin?next=/profile"


def test_other_methods_are_still_not_allowed(alice_client):
    assert alice_client.put("/billing/portal/").status_code == 405
    assert alice_client.delete("/profile/avatar").status_code == 405


@pytest.mark.parametrize(
    "address", ["/", "/dashboard", "/billing", "/history", "/services/meta-copy", "/profile"]
)
@pytest.mark.parametrize("method", ["put", "patch", "delete"])
def test_the_pages_answer_only_the_methods_they_serve(alice_client, address, method):
    response = getattr(alice_client, method)(address)
    assert response.status_code == 405
    assert "GET" in response["Allow"]


def test_pages_that_are_only_read_refuse_a_post(alice_client):
    for address in ["/", "/dashboard", "/billing", "/history", "/services/meta-copy"]:
        assert alice_client.post(address).status_code == 405, address
