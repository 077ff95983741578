"""A Spy Master report written in Markdown reads as formatted text in History: bold, italics,
links and a table's rows, none of their marks."""

import pytest
from playwright.sync_api import expect

REPORT = (
    "## Overview\n"
    "Competitors lean on *social proof* and **limited-time offers**; see "
    "[their spring page](https://glow.example/spring).\n"
    "| Ad | Hook | Offer |\n"
    "|---|---|:---:|\n"
    "| Serum launch | **Question** | 20% off |\n"
    "| Bundle | Before/after | Free gift |\n"
    "---\n"
    "- Use `Shop now` as the call to action"
)


@pytest.mark.django_db(transaction=True)
def test_a_markdown_report_reads_as_formatted_text(
    signed_in_page, live_server, alice, make_generation, screenshot
):
    make_generation(
        alice,
        tool="spy-master",
        service_type="spy_master",
        credits_used=40,
        input_data={"competitorName": "Glow Rivals", "country": "US"},
        output_data={"generalAnalysis": REPORT, "topAds": []},
    )
    page = signed_in_page
    page.goto(f"{live_server.url}/history")
    page.get_by_test_id("history-item").get_by_role("button").first.click()
    report = page.get_by_text("Competitors lean on").locator("xpath=ancestor-or-self::p[1]")
    expect(report).to_contain_text("Ad · Hook · Offer")
    text = report.inner_text()
    for mark in ("##", "**", "|", "---", "`", "]("):
        assert mark not in text
    assert "Serum launch · Question · 20% off" in text and "• Use Shop now as the call to action" in text
    link = report.get_by_role("link", name="their spring page")
    expect(link).to_have_attribute("href", "https://glow.example/spring")
    expect(report.locator("em")).to_have_text("social proof")
    screenshot.themes(page, "history-markdown-report")
