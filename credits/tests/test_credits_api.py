from django.urls import reverse

from credits.actions import spend_credits

URL = "/api/credits/"


def test_the_url_is_named():
    assert reverse("credits:api") == URL


def test_it_returns_the_signed_in_users_balance(alice_client, alice):
    spend_credits(user=alice, amount=20, reason="META Copy generation", reference="generation:1")

    response = alice_client.get(URL)

    assert response.status_code == 200
    assert response.json() == {"credits": 80}


def test_it_returns_only_your_own_balance(alice_client, bob):
    spend_credits(user=bob, amount=50, reason="Spy Master analysis", reference="generation:1")

    assert alice_client.get(URL).json() == {"credits": 100}
    assert alice_client.get(URL, {"user": bob.pk}).json() == {"credits": 100}


def test_it_refuses_anonymous_requests(client, db):
    response = client.get(URL)

    assert response.status_code == 403
    assert "credits" not in response.json()


def test_it_only_reads(alice_client):
    assert alice_client.post(URL, {"credits": 1_000}, content_type="application/json").status_code == 405


def test_its_schema_documents_the_response(db):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    response = schema["paths"][URL]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert response["$ref"] == "#/components/schemas/Credits"
    component = schema["components"]["schemas"]["Credits"]
    assert component["properties"]["credits"]["type"] == "integer"
