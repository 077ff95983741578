"""Every test that starts Playwright is marked `browser`, so the SQLite pass (`-m "not browser"`)
leaves it out, whichever Playwright fixture it asks for (config/pytest_plugin.py)."""

import pytest

from config.pytest_plugin import pytest_collection_modifyitems


class CollectedTest:
    """What the hook reads and writes on a collected pytest item."""

    def __init__(self, *fixturenames):
        self.fixturenames = list(fixturenames)
        self.markers = []

    def add_marker(self, marker):
        self.markers.append(marker.name)


@pytest.mark.parametrize(
    "fixture", ["browser", "browser_context_args", "context", "new_context", "page", "playwright"]
)
def test_a_test_using_one_playwright_fixture_is_marked_browser(fixture):
    test = CollectedTest(fixture, "live_server", "alice")

    pytest_collection_modifyitems(config=None, items=[test])

    assert test.markers == ["browser"]


def test_a_test_without_playwright_is_not_marked_browser():
    test = CollectedTest("alice_client", "client", "db", "live_server")

    pytest_collection_modifyitems(config=None, items=[test])

    assert test.markers == []


def test_every_collected_test_that_starts_playwright_is_marked_browser(request):
    """Over whatever this run collected (all of it in `make test`): every fixture of Playwright's
    needs its `playwright` fixture, so a test whose closure holds it starts Playwright."""
    unmarked = [
        item.nodeid
        for item in request.session.items
        if "playwright" in item.fixturenames and not item.get_closest_marker("browser")
    ]

    assert unmarked == []
