"""/services, /services/ and /services/<tool>/: addresses users type, sent where they meant."""

import pytest

from services.registry import TOOLS


@pytest.mark.parametrize("path", ["/services", "/services/"])
def test_the_services_index_redirects_to_the_dashboard(alice_client, path):
    response = alice_client.get(path)
    assert response.status_code == 302 and response["Location"] == "/dashboard"


@pytest.mark.parametrize("slug", sorted(TOOLS))
def test_a_tool_page_with_a_trailing_slash_redirects_permanently_to_the_tool_page(alice_client, slug):
    response = alice_client.get(f"/services/{slug}/")
    assert response.status_code == 301 and response["Location"] == f"/services/{slug}"


def test_the_redirect_keeps_the_query_string_and_lands_on_the_page(alice_client):
    response = alice_client.get("/services/meta-copy/?from=email", follow=True)
    assert response.redirect_chain == [("/services/meta-copy?from=email", 301)]
    assert response.status_code == 200


@pytest.mark.parametrize(
    "path", ["/services/unknown-tool/", "/services/unknown-tool", "/services/meta-copy//"]
)
def test_an_unknown_tool_is_not_found_with_or_without_the_slash(alice_client, path):
    assert alice_client.get(path).status_code == 404
