"""Fetch a user's website safely and pull out what a marketer would read: title, description,
headings and the main text (scripts, styles, navigation and other page chrome dropped)."""

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from config import outbound
from services.engines.base import EngineError
from services.engines.replies import excerpt

PAGE_MAX_BYTES = 3 * 1024 * 1024
PAGE_TIMEOUT = 20.0
MAX_TEXT_CHARS = 6000
# Elements whose text is never page content.
SKIPPED = {
    "script",
    "style",
    "noscript",
    "template",
    "svg",
    "nav",
    "header",
    "footer",
    "aside",
    "form",
    "iframe",
}
BLOCKS = {
    "p",
    "div",
    "section",
    "article",
    "main",
    "li",
    "td",
    "th",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
}
HEADINGS = {"h1", "h2", "h3"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass
class Page:
    url: str
    title: str = ""
    description: str = ""
    headings: list[str] = field(default_factory=list)
    text: str = ""

    @property
    def is_empty(self) -> bool:
        return not (self.title or self.description or self.headings or self.text)


class _Extractor(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skip_depth = 0
        self.stack: list[tuple[str, bool]] = []  # (tag, whether it hides its content)
        self.title_parts: list[str] = []
        self.meta: dict[str, str] = {}
        self.headings: list[str] = []
        self.heading_parts: list[str] | None = None
        self.chunks: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = {name.lower(): (value or "") for name, value in attrs}
        if tag == "meta":
            key = (attributes.get("name") or attributes.get("property") or "").lower()
            if key in ("description", "og:description", "og:title", "og:site_name") and attributes.get(
                "content"
            ):
                self.meta.setdefault(key, attributes["content"].strip())
            return
        if tag in VOID:
            if tag == "br":
                self.chunks.append("\n")
            return
        hides = tag in SKIPPED or attributes.get("aria-hidden") == "true" or "hidden" in attributes
        self.stack.append((tag, hides))
        if hides:
            self.skip_depth += 1
        if tag in HEADINGS and not self.skip_depth:
            self.heading_parts = []
        if tag in BLOCKS:
            self.chunks.append("\n")

    def handle_endtag(self, tag):
        if tag in VOID or all(open_tag != tag for open_tag, _ in self.stack):
            return
        # Close everything opened since (browsers forgive unclosed tags; so do we).
        while self.stack:
            open_tag, hides = self.stack.pop()
            if hides:
                self.skip_depth -= 1
            if open_tag in HEADINGS and self.heading_parts is not None:
                heading = _squash(" ".join(self.heading_parts))
                if heading:
                    self.headings.append(heading)
                self.heading_parts = None
            if open_tag == tag:
                break
        if tag in BLOCKS:
            self.chunks.append("\n")

    def handle_data(self, data):
        if self.stack and self.stack[-1][0] == "title":
            self.title_parts.append(data)
            return
        if self.skip_depth:
            return
        if self.heading_parts is not None:
            self.heading_parts.append(data)
        self.chunks.append(data)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def extract_page(html: str, *, url: str = "") -> Page:
    parser = _Extractor()
    try:
        parser.feed(html)
        parser.close()
    except (AssertionError, ValueError):
        pass  # keep whatever was read before the markup broke
    lines = [_squash(line) for line in "".join(parser.chunks).split("\n")]
    text_lines, seen = [], set()
    for line in lines:
        if len(line) < 3 or line in seen:
            continue
        seen.add(line)
        text_lines.append(line)
    text = "\n".join(text_lines)[:MAX_TEXT_CHARS]
    title = _squash("".join(parser.title_parts)) or parser.meta.get("og:title", "")
    description = parser.meta.get("description") or parser.meta.get("og:description", "")
    headings = list(dict.fromkeys(parser.headings))[:20]
    return Page(url=url, title=title, description=_squash(description), headings=headings, text=text)


def fetch_page(url: str) -> Page:
    """GET the page with the public-address check; EngineError with a readable reason on failure."""
    try:
        response = outbound.fetch(
            url,
            headers={"Accept": "text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8"},
            timeout=PAGE_TIMEOUT,
            max_bytes=PAGE_MAX_BYTES,
            user_supplied=True,
        )
    except outbound.UnresolvableHost:
        raise EngineError(
            "Failed to scrape website: Could not resolve the website's address.", retryable=True
        ) from None
    except outbound.OutboundError as exc:
        raise EngineError(
            f"Failed to scrape website: {exc.message}", retryable=exc.kind in ("timeout", "connection")
        ) from None
    if not response.ok:
        raise EngineError(
            f"Failed to scrape website: the site answered {response.status} {excerpt(response.reason)}".strip(),
            retryable=response.status >= 500,
        )
    content_type = response.headers.get("content-type", "text/html").lower()
    if not any(kind in content_type for kind in ("html", "text/plain", "xml")):
        raise EngineError("Failed to scrape website: the address is not a web page")
    if "text/plain" in content_type:
        page = Page(url=response.url, text=response.text[:MAX_TEXT_CHARS].strip())
    else:
        page = extract_page(response.text, url=response.url)
    if page.is_empty:
        raise EngineError("Failed to scrape website: the page has no readable text")
    return page


def page_report(page: Page, *, site_type: str) -> str:
    """The scrape result as one readable report."""
    parts = [f"Website: {page.url}", f"Type: {site_type}"]
    if page.title:
        parts.append(f"Title: {page.title}")
    if page.description:
        parts.append(f"Description: {page.description}")
    if page.headings:
        parts.append("Main headings:\n" + "\n".join(f"- {heading}" for heading in page.headings[:10]))
    if page.text:
        key_text = page.text[:1500]
        parts.append(f"Key text:\n{key_text}")
    return "\n\n".join(parts)
