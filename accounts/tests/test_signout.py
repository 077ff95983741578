from accounts.tests.conftest import toasts


def test_posting_signs_out_and_says_so(alice_client):
    response = alice_client.post("/signout")
    assert response["Location"] == "/"
    assert toasts(response) == ["Signed out successfully"]
    assert alice_client.get("/dashboard")["Location"] == "/signin?next=/dashboard"


def test_a_get_only_asks_for_confirmation(alice_client):
    page = alice_client.get("/signout").content.decode()
    assert "Are you sure you want to sign out?" in page
    assert alice_client.get("/dashboard").status_code == 200
