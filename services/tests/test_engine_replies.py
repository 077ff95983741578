"""services/engines/replies.py: what of an upstream's reply a customer sees, and what the log keeps."""

import pytest

from services.engines.replies import EXCERPT_MAX_CHARS, LOGGED_MAX_CHARS, excerpt, for_log, is_html


@pytest.mark.parametrize(
    ("text", "content_type"),
    [
        ("<!DOCTYPE html><html></html>", ""),
        ("<!doctype html>", "text/plain"),
        ("\ufeff\n  <html lang='en'>", ""),
        ("<html>", ""),
        ("Bad gateway", "text/html; charset=utf-8"),
        ("<p>x</p>", "application/xhtml+xml"),
    ],
)
def test_a_web_page_is_known_by_its_content_type_or_its_start(text, content_type):
    assert is_html(text, content_type=content_type)
    assert excerpt(text, content_type=content_type) == ""


@pytest.mark.parametrize("text", ["<htmlish> is not a tag we know", "Error: <html> expected", '{"a": 1}'])
def test_other_text_is_not_a_web_page(text):
    assert not is_html(text, content_type="application/json")


@pytest.mark.parametrize(
    "text",
    [
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "\n data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAE \n",
    ],
)
def test_encoded_bytes_are_not_quoted(text):
    assert excerpt(text) == ""


@pytest.mark.parametrize(
    "text",
    ["Workflow_could_not_be_started", "Error: quota exceeded for key abcdefghij", "x" * EXCERPT_MAX_CHARS],
)
def test_a_short_token_or_a_sentence_is_quoted(text):
    assert excerpt(text) == text


def test_an_excerpt_collapses_whitespace_and_control_characters():
    assert excerpt("  Node\t'OpenAI'\r\n\r\n failed\x00\x1b[31m  ") == "Node 'OpenAI' failed [31m"


def test_a_short_text_is_kept_whole():
    assert excerpt("y" * EXCERPT_MAX_CHARS) == "y" * EXCERPT_MAX_CHARS


def test_a_long_text_is_cut_to_the_limit_with_an_ellipsis():
    cut = excerpt("word " * 100)
    assert len(cut) <= EXCERPT_MAX_CHARS
    assert cut.endswith("word…")


def test_the_log_keeps_the_body_with_credentials_masked(settings):
    settings.WEBHOOK_SECRET = "hook-secret-1"
    settings.OPENAI_API_KEY = "sk-ours-abcdefgh"
    settings.META_ACCESS_TOKEN = "META-TOKEN-2"
    body = (
        "Traceback in /srv/n8n/secret_path.py: api_key=sk-live-abc123 "
        '{"token": "tok-9", "password":"pw-8"} Authorization: Bearer abc.def-ghi '
        "header hook-secret-1, key sk-ours-abcdefgh, token META-TOKEN-2, stripe sk_live_51Habcdefgh "
        "reset /reset-password/1-abcdef-123456/ "
        "Error validating access token: Session has expired"
    )
    logged = for_log(body)
    assert logged.startswith("Traceback in /srv/n8n/secret_path.py: api_key=*** ")
    assert '{"token": "***", "password":"***"}' in logged
    assert "Authorization: Bearer ***" in logged
    assert "header ***, key ***, token ***, stripe ***" in logged
    assert "/reset-password/1-[redacted]" in logged
    assert "Error validating access token: Session has expired" in logged  # prose stays readable
    for secret in (
        "sk-live-abc123",
        "tok-9",
        "pw-8",
        "abc.def",
        "hook-secret-1",
        "sk-ours",
        "META-TOKEN-2",
        "51H",
    ):
        assert secret not in logged


def test_the_logged_body_stays_one_line():
    assert for_log("first\nFAKE ERROR second\r\u2028third") == "first\\nFAKE ERROR second\\r\\u2028third"


def test_a_huge_body_is_logged_up_to_its_limit_and_says_how_long_it_was():
    logged = for_log("z" * (LOGGED_MAX_CHARS + 10))
    assert logged == "z" * LOGGED_MAX_CHARS + f" … (cut; {LOGGED_MAX_CHARS + 10} characters in all)"
