"""Every signed-in page opens with its title in the one page-title style (app.css), and its content
starts where the other pages' does: at the left of the shell's main column, not centred in it."""

import re

import pytest

SHELL_PAGES = [
    "/dashboard",
    "/profile",
    "/billing",
    "/usage",
    "/history",
    "/services/meta-copy",
    "/services/meta-ads-full",
]


def main_of(page: str) -> str:
    return page.split('<main id="main"', 1)[1].split("</main>", 1)[0]


@pytest.mark.parametrize("path", SHELL_PAGES)
def test_the_page_title_has_the_one_page_title_style(alice_client, path):
    main = main_of(alice_client.get(path).content.decode())
    first_heading = re.search(r"<h2\b[^>]*>", main).group(0)
    assert re.search(r'class="page-title[ "]', first_heading), first_heading
    assert main.count('class="page-title') == 1  # section headings are smaller


@pytest.mark.parametrize("path", [*SHELL_PAGES, "/accounts/password/change/"])
def test_the_page_content_is_not_centred_in_the_main_column(alice_client, path):
    main = main_of(alice_client.get(path).content.decode())
    first_box = re.search(r"<(?:div|section)\b[^>]*>", main).group(0)
    assert "mx-auto" not in first_box, first_box
