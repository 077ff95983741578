"""The browser tests' `screenshot` fixture (config/pytest_plugin.py): nothing is written unless
ADSMITH_SCREENSHOTS=1, and the checks a test runs at each size run either way."""

import pytest

from config import pytest_plugin
from config.pytest_plugin import Screenshots


class FakePage:
    """What the fixture uses of a Playwright page, writing what a screenshot would."""

    def __init__(self):
        self.viewport_size = {"width": 1280, "height": 720}
        self.dark = False

    def set_viewport_size(self, size):
        self.viewport_size = dict(size)

    def evaluate(self, script, dark):
        assert script == pytest_plugin.TOGGLE_DARK
        self.dark = dark

    def screenshot(self, *, path, full_page=False):
        with open(path, "w") as png:
            png.write(f"{self.viewport_size['width']} {'dark' if self.dark else 'light'} {full_page}")


@pytest.fixture
def artifacts(tmp_path, monkeypatch):
    monkeypatch.setattr(pytest_plugin, "ARTIFACTS", tmp_path / "test-artifacts")
    return tmp_path / "test-artifacts"


def test_by_default_no_screenshot_is_written_but_each_sizes_check_runs(artifacts):
    screenshot, page, checked = Screenshots(enabled=False), FakePage(), []

    screenshot(page, "one")
    screenshot.themes(page, "themes")
    screenshot.sizes(page, "sizes", ((1280, 900), (390, 844)), check=lambda w, h: checked.append((w, h)))
    screenshot.png("exported", b"\x89PNG")

    assert not artifacts.exists()
    assert checked == [(1280, 900), (390, 844)]
    assert page.viewport_size == {"width": 1280, "height": 720}


def test_with_screenshots_on_each_size_is_saved_light_and_dark_and_the_page_put_back(artifacts):
    screenshot, page = Screenshots(enabled=True), FakePage()

    screenshot.sizes(page, "billing", ((1280, 900), (390, 844)))
    screenshot(page, "dialog")

    assert sorted(path.name for path in artifacts.iterdir()) == [
        "billing-1280-dark.png",
        "billing-1280-light.png",
        "billing-390-dark.png",
        "billing-390-light.png",
        "dialog.png",
    ]
    assert (artifacts / "billing-390-dark.png").read_text() == "390 dark True"
    assert (artifacts / "dialog.png").read_text() == "1280 light False"
    assert page.viewport_size == {"width": 1280, "height": 720} and not page.dark


@pytest.mark.parametrize(("value", "enabled"), [(None, False), ("0", False), ("1", True)])
def test_the_switch_is_adsmith_screenshots_1(monkeypatch, value, enabled):
    monkeypatch.delenv("ADSMITH_SCREENSHOTS", raising=False)
    if value is not None:
        monkeypatch.setenv("ADSMITH_SCREENSHOTS", value)

    assert Screenshots.from_environment().enabled is enabled
