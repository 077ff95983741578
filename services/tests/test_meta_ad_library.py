"""search_ads_archive against a local server speaking the Meta Graph API's ads_archive, paging included."""

import json

import pytest

from services.engines.base import EngineError
from services.engines.meta_ad_library import MAX_ADS_PAGES, search_ads_archive
from services.registry import TOOLS
from services.tests.local_servers import Reply

pytestmark = pytest.mark.django_db

PATH = "/v21.0/ads_archive"
SPY = {"searchTerm": "candles", "adsStartedBefore": "2025-01-01", "country": "UK", "language": "se"}


@pytest.fixture
def graph(upstream, settings):
    settings.META_GRAPH_URL = upstream.url("/v21.0")
    settings.META_ACCESS_TOKEN = "META-TOKEN"
    return upstream


def spy_inputs(ads_amount: str) -> dict:
    values, errors = TOOLS["spy-master"].schema.validate({**SPY, "adsAmount": ads_amount})
    assert errors == {}
    return values


def ad(n: int) -> dict:
    return {
        "id": str(n),
        "page_name": f"Brand {n}",
        "ad_snapshot_url": f"https://www.facebook.com/ads/archive/render_ad/?id={n}&access_token=META-TOKEN",
    }


def pages(server, *, per_page: int = 5, last_page: int | None = None, next_base: str | None = None):
    """Answer ads_archive as Meta does when it caps a page below `limit`: `per_page` ads and a
    paging.next link (carrying the token) to the next cursor, up to `last_page`."""

    def answer(received):
        page = int(received.query.get("after", ["0"])[0])
        body = {"data": [ad(page * per_page + i) for i in range(per_page)]}
        if last_page is None or page < last_page:
            base = next_base or server.url(PATH)
            body["paging"] = {
                "cursors": {"after": str(page + 1)},
                "next": f"{base}?access_token=META-TOKEN&limit={per_page}&after={page + 1}",
            }
        return Reply(200, json.dumps(body).encode(), {"Content-Type": "application/json"})

    server.route("GET", PATH, handler=answer)


def ids(ads: list[dict]) -> list[str]:
    return [item["id"] for item in ads]


def test_next_pages_are_followed_until_the_asked_number_of_ads(graph):
    pages(graph, per_page=5)
    ads = search_ads_archive(spy_inputs("20"), timeout=30)

    assert ids(ads) == [str(n) for n in range(20)]
    requests = [r for r in graph.received if r.path == PATH]
    assert len(requests) == 4
    assert requests[0].query["limit"] == ["20"]
    assert [r.query.get("after") for r in requests[1:]] == [["1"], ["2"], ["3"]]


def test_a_page_with_more_than_asked_is_cut_to_the_asked_number(graph):
    pages(graph, per_page=15)
    assert ids(search_ads_archive(spy_inputs("20"), timeout=30)) == [str(n) for n in range(20)]
    assert len(graph.received) == 2


def test_the_search_ends_when_there_is_no_next_page(graph):
    pages(graph, per_page=5, last_page=1)
    assert len(search_ads_archive(spy_inputs("50"), timeout=30)) == 10
    assert len(graph.received) == 2


def test_no_more_than_the_page_cap_is_read(graph):
    pages(graph, per_page=1)
    ads = search_ads_archive(spy_inputs("50"), timeout=30)
    assert len(graph.received) == MAX_ADS_PAGES == 10
    assert len(ads) == MAX_ADS_PAGES


def test_an_ad_answered_twice_is_kept_once(graph):
    def answer(received):
        body = {"data": [ad(1), ad(2)]}
        if "after" not in received.query:
            body["paging"] = {"next": f"{graph.url(PATH)}?access_token=META-TOKEN&after=1"}
        return Reply(200, json.dumps(body).encode(), {"Content-Type": "application/json"})

    graph.route("GET", PATH, handler=answer)
    assert ids(search_ads_archive(spy_inputs("10"), timeout=30)) == ["1", "2"]


@pytest.mark.parametrize("host", ["elsewhere", "other port", "other scheme", "user info"])
def test_a_next_link_off_the_graph_host_is_never_followed(graph, make_server, caplog, host):
    other = make_server()
    other.route("GET", PATH, json={"data": [ad(99)]})
    next_base = {
        "elsewhere": f"http://localhost:{graph.port}{PATH}",
        "other port": other.url(PATH),
        "other scheme": f"https://{graph.host_port}{PATH}",
        "user info": f"http://someone@{graph.host_port}{PATH}",
    }[host]
    pages(graph, per_page=5, next_base=next_base)

    assert ids(search_ads_archive(spy_inputs("20"), timeout=30)) == [str(n) for n in range(5)]
    assert len(graph.received) == 1
    assert other.received == []
    assert "next page is on another host" in caplog.text
    assert "META-TOKEN" not in caplog.text


def test_a_later_page_that_fails_keeps_the_ads_already_read(graph, caplog):
    def answer(received):
        if "after" in received.query:
            return Reply(
                400,
                json.dumps(
                    {"error": {"message": "(#613) Calls have exceeded the rate", "code": 613}}
                ).encode(),
                {"Content-Type": "application/json"},
            )
        body = {"data": [ad(n) for n in range(5)], "paging": {"next": f"{graph.url(PATH)}?after=1"}}
        return Reply(200, json.dumps(body).encode(), {"Content-Type": "application/json"})

    graph.route("GET", PATH, handler=answer)
    assert len(search_ads_archive(spy_inputs("20"), timeout=30)) == 5
    assert "(#613) Calls have exceeded the rate" in caplog.text
    assert "page 2 failed; analysing the 5 ads read" in caplog.text


def test_a_later_page_past_the_searchs_time_keeps_the_ads_already_read(graph):
    def answer(received):
        if "after" in received.query:
            return Reply(200, b"{}", {"Content-Type": "application/json"}, stall=True)
        body = {"data": [ad(n) for n in range(5)], "paging": {"next": f"{graph.url(PATH)}?after=1"}}
        return Reply(200, json.dumps(body).encode(), {"Content-Type": "application/json"})

    graph.route("GET", PATH, handler=answer)
    assert len(search_ads_archive(spy_inputs("20"), timeout=0.5)) == 5
    assert len(graph.received) == 2  # the second page was asked for, within what was left of the time


def test_a_first_page_that_fails_still_fails_the_search(graph):
    graph.route("GET", PATH, status=500, json={"error": {"message": "Unknown error", "code": 1}})
    with pytest.raises(EngineError) as caught:
        search_ads_archive(spy_inputs("20"), timeout=30)
    assert caught.value.message == "An error occurred while running the spy analysis. Please try again."


def test_no_snapshot_link_of_any_page_carries_the_token(graph):
    pages(graph, per_page=5)
    ads = search_ads_archive(spy_inputs("20"), timeout=30)
    assert ads[12]["ad_snapshot_url"] == "https://www.facebook.com/ads/archive/render_ad/?id=12"
    assert "META-TOKEN" not in json.dumps(ads)
