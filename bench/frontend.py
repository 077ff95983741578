"""(4) The front end: JS and CSS bytes (gzip) each page type loads — the HTML's scripts, stylesheets
and module preloads plus every chunk they import statically (lazy `import()` chunks are listed
apart) — whether React is among them, and Lighthouse 12 scores (Chromium, offline)."""

import gzip
import json
import os
import re
import subprocess
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from statistics import median
from urllib.parse import urljoin, urlsplit

import requests

from bench.servers import OUT

LIGHTHOUSE_DIR = Path(__file__).with_name("lighthouse")
LIGHTHOUSE_RUNNER = LIGHTHOUSE_DIR / "run.mjs"  # Chromium flags from RECIPES.md; signed in by a cookie
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# esbuild's minified ESM: `import{a as b}from"./chunks/x.js"`, `import"./x.js"`, `export*from"./x.js"`.
STATIC_IMPORT = re.compile(r'(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["\']([^"\']+\.js)["\']')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*["\']([^"\']+\.js)["\']\s*\)')
REACT_MARKERS = (b"react.transitional.element", b"react.element", b"__REACT_DEVTOOLS_GLOBAL_HOOK__")


class AssetLinks(HTMLParser):
    def __init__(self):
        super().__init__()
        self.scripts: list[str] = []
        self.styles: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("src"):
            self.scripts.append(attrs["src"])
        elif tag == "link" and attrs.get("href"):
            rel = (attrs.get("rel") or "").lower()
            if rel == "stylesheet":
                self.styles.append(attrs["href"])
            elif rel == "modulepreload":
                self.scripts.append(attrs["href"])


@dataclass
class PageBytes:
    name: str
    path: str
    js_files: list[str] = field(default_factory=list)
    js_gzip: int = 0
    css_gzip: int = 0
    lazy_js_gzip: int = 0  # chunks only loaded on demand (dynamic import)
    has_react: bool = False


def gzip_size(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=9))


def page_bytes(base_url: str, name: str, path: str, cookie: str | None) -> PageBytes:
    session = requests.Session()
    if cookie:
        session.headers["Cookie"] = cookie
    page_url = f"{base_url}{path}"
    response = session.get(page_url, timeout=30)
    response.raise_for_status()
    links = AssetLinks()
    links.feed(response.text)

    result = PageBytes(name=name, path=path)
    seen: set[str] = set()
    lazy: set[str] = set()
    queue = [urljoin(page_url, src) for src in links.scripts]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        body = session.get(url, timeout=30).content
        result.js_files.append(urlsplit(url).path)
        result.js_gzip += gzip_size(body)
        result.has_react |= any(marker in body for marker in REACT_MARKERS)
        text = body.decode("utf-8", "replace")
        queue += [urljoin(url, target) for target in STATIC_IMPORT.findall(text)]
        lazy |= {urljoin(url, target) for target in DYNAMIC_IMPORT.findall(text)}
    for url in lazy - seen:
        result.lazy_js_gzip += gzip_size(session.get(url, timeout=30).content)
    for href in links.styles:
        result.css_gzip += gzip_size(session.get(urljoin(page_url, href), timeout=30).content)
    return result


def ensure_lighthouse() -> None:
    if not (LIGHTHOUSE_DIR / "node_modules" / "lighthouse").exists():
        subprocess.run(
            [
                "npm",
                "--prefix",
                str(LIGHTHOUSE_DIR),
                "install",
                "--no-save",
                "--no-fund",
                "--no-audit",
                "--loglevel=error",
            ],
            check=True,
        )


# Lighthouse's own advice for its variance: several runs, the median. The performance score
# simulates a slow phone from timings taken on this machine, so a noisy neighbour moves one run.
LIGHTHOUSE_RUNS = 3


def lighthouse_scores(url: str, name: str, cookie: str | None) -> dict[str, int]:
    """Each category's median score over LIGHTHOUSE_RUNS runs; the run with the median
    performance score is kept as the page's report (failing_audits reads it)."""
    report = OUT / f"lighthouse-{name}.json"
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    runs = []
    for run in range(LIGHTHOUSE_RUNS):
        output = OUT / f"lighthouse-{name}-{run}.json"
        command = ["node", str(LIGHTHOUSE_RUNNER), url, str(output), *([cookie] if cookie else [])]
        subprocess.run(command, check=True, env=env, capture_output=True, timeout=300)
        categories = json.loads(output.read_text())["categories"]
        runs.append((output, {key: round((categories[key]["score"] or 0) * 100) for key in CATEGORIES}))
    runs.sort(key=lambda run: run[1]["performance"])
    median_report, _ = runs[len(runs) // 2]
    median_report.replace(report)
    for output, _ in runs:
        output.unlink(missing_ok=True)
    return {key: int(median(scores[key] for _, scores in runs)) for key in CATEGORIES}


def failing_audits(name: str, category: str) -> list[str]:
    """The audits that cost points in one category (titles), for the notes."""
    data = json.loads((OUT / f"lighthouse-{name}.json").read_text())
    refs = data["categories"][category]["auditRefs"]
    audits = data["audits"]
    return [
        audits[ref["id"]]["title"]
        for ref in refs
        if ref.get("weight")
        and audits[ref["id"]].get("score") is not None
        and audits[ref["id"]]["score"] < 0.9
    ]
