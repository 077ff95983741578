"""The Generation admin: filters, search by e-mail or number, readable input/output, "Fail and refund"."""

import pytest
from django.urls import reverse

from credits.models import LedgerEntry, balance_of
from history.models import Generation
from services.actions import start_generation
from services.registry import TOOLS
from services.tests.generation_inputs import META_COPY_INPUTS

CHANGELIST = reverse("admin:history_generation_changelist")


@pytest.fixture
def staff_client(client, staff):
    client.force_login(staff)
    return client


def start(user, key="k"):
    return start_generation(user=user, tool=TOOLS["meta-copy"], inputs=META_COPY_INPUTS, idempotency_key=key)


def test_the_list_shows_generations_with_their_users_email(staff_client, alice):
    start(alice)
    response = staff_client.get(CHANGELIST)
    assert response.status_code == 200
    assert "alice@example.com" in response.content.decode()


@pytest.mark.parametrize(
    "params",
    [
        {"tool": "meta-copy"},
        {"status__exact": "queued"},
        {"engine": ""},
        {"created_at__gte": "2020-01-01 00:00:00+00:00"},
    ],
)
def test_the_list_filters_by_tool_status_engine_and_date(staff_client, alice, params):
    start(alice)
    assert staff_client.get(CHANGELIST, params).status_code == 200


def test_search_finds_generations_by_email(staff_client, alice, bob):
    start(alice)
    start(bob)
    body = staff_client.get(CHANGELIST, {"q": "bob@"}).content.decode()
    assert "bob@example.com" in body and "alice@example.com" not in body


def test_the_detail_page_shows_input_and_output_as_readable_json(staff_client, alice):
    generation = start(alice)
    Generation.objects.filter(pk=generation.pk).update(
        output_data={"variations": [{"headline": "Meet Glow"}]}
    )
    body = staff_client.get(reverse("admin:history_generation_change", args=[generation.pk])).content.decode()
    assert "&quot;brand&quot;: &quot;Glow Naturals&quot;" in body
    assert "&quot;headline&quot;: &quot;Meet Glow&quot;" in body
    assert 'name="status"' not in body  # read-only: no form inputs for the record
    assert "View generation" in body and 'name="_save"' not in body  # and nothing to save


def test_fail_and_refund_fails_in_flight_generations_once(staff_client, alice):
    queued = start(alice, key="a")
    done = start(alice, key="b")
    Generation.objects.filter(pk=done.pk).update(status=Generation.Status.SUCCESS)
    for _ in range(2):
        response = staff_client.post(
            CHANGELIST, {"action": "fail_and_refund", "_selected_action": [queued.pk, done.pk]}, follow=True
        )
        assert response.status_code == 200
    queued.refresh_from_db()
    assert queued.status == "failed"
    assert "support team" in queued.error_message
    assert Generation.objects.get(pk=done.pk).status == "success"
    assert LedgerEntry.objects.filter(user=alice, kind="refund").count() == 1
    assert balance_of(alice) == 80  # 100 - 20 - 20 + 20


def test_generations_cannot_be_added_or_deleted_in_the_admin(staff_client, alice):
    generation = start(alice)
    assert staff_client.get(reverse("admin:history_generation_add")).status_code == 403
    assert (
        staff_client.get(reverse("admin:history_generation_delete", args=[generation.pk])).status_code == 403
    )


def test_ordinary_users_cannot_see_it(alice_client):
    assert alice_client.get(CHANGELIST).status_code == 302


@pytest.mark.parametrize("term", ["{pk}", "#{pk}", " #{pk} "])
def test_search_finds_a_generation_by_the_number_users_see(staff_client, alice, bob, term):
    # Users read "Refund: generation #24 failed" on /usage and quote that number.
    start(alice)
    wanted = start(bob, key="k2")

    response = staff_client.get(CHANGELIST, {"q": term.format(pk=wanted.pk)})

    assert [generation.pk for generation in response.context["cl"].result_list] == [wanted.pk]


def test_a_search_for_a_number_still_finds_e_mails_containing_it(staff_client, make_user):
    user = make_user(email="shop987654@example.com")
    generation = start(user)

    response = staff_client.get(CHANGELIST, {"q": "987654"})

    assert [found.pk for found in response.context["cl"].result_list] == [generation.pk]


@pytest.mark.parametrize("term", ["#99999999999999999999999", "#-1", "#", "#24abc"])
def test_a_search_for_an_impossible_number_finds_nothing_without_an_error(staff_client, alice, term):
    start(alice)

    response = staff_client.get(CHANGELIST, {"q": term})

    assert response.status_code == 200
    assert list(response.context["cl"].result_list) == []
