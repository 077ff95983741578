"""bench/RESULTS.md: the run's figures, the machine they were measured on, and the targets."""

import os
import platform
from dataclasses import dataclass
from pathlib import Path

from bench.frontend import LIGHTHOUSE_RUNS
from bench.money_path import USERS, USERS_PER_CLIENT
from bench.pages import ROUNDS, SECONDS

RESULTS = Path(__file__).with_name("RESULTS.md")
KB = 1024


@dataclass(frozen=True)
class Target:
    what: str
    measured: str
    met: bool
    shortfall: float  # 0 when met; otherwise how far off, as a fraction of the target


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
        memory_kb = int(
            next(
                x for x in Path("/proc/meminfo").read_text().splitlines() if x.startswith("MemTotal")
            ).split()[1]
        )
        memory = f"{memory_kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        memory = "? GiB"
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return f"{platform.node()}: {cpu}, {os.cpu_count()} cores, {memory}, {platform.system()} {platform.release()}; load average at start {load}"


def kb(value: int) -> str:
    return f"{value / KB:.1f}"


def targets(pages, money, jobs, frontend, scores) -> list[Target]:
    found = []
    dashboard = next(p for p in pages if p.path == "/dashboard")
    found.append(
        Target(
            "dashboard ≥ 0.3 × /healthz req/s",
            f"{dashboard.rps_ratio:.2f}×",
            dashboard.rps_ratio >= 0.3,
            max(0.0, (0.3 - dashboard.rps_ratio) / 0.3),
        )
    )
    found.append(
        Target(
            "dashboard p99 ≤ 4 × /healthz p99",
            f"{dashboard.p99_ratio:.2f}×",
            dashboard.p99_ratio <= 4,
            max(0.0, (dashboard.p99_ratio - 4) / 4),
        )
    )
    found.append(
        Target(
            "paid generation request ≥ 0.3 × /healthz req/s",
            f"{money.rps_ratio:.2f}×",
            money.rps_ratio >= 0.3,
            max(0.0, (0.3 - money.rps_ratio) / 0.3),
        )
    )
    found.append(
        Target(
            "zero ledger drift",
            f"{money.drift} credits; {money.ledger}",
            money.drift == 0 and "consistent" in money.ledger,
            0.0 if money.drift == 0 else 1.0,
        )
    )
    found.append(
        Target(
            "queue pickup p95 ≤ 0.5 s",
            f"{jobs.pickup_p95_ms / 1000:.3f} s",
            jobs.pickup_p95_ms <= 500,
            max(0.0, (jobs.pickup_p95_ms - 500) / 500),
        )
    )
    for page in frontend:
        if page.path in ("/", "/signin"):
            found.append(
                Target(
                    f"{page.name}: no React",
                    "React" if page.has_react else "none",
                    not page.has_react,
                    1.0 if page.has_react else 0.0,
                )
            )
            found.append(
                Target(
                    f"{page.name}: ≤ 15 KB gzip JS",
                    f"{kb(page.js_gzip)} KB",
                    page.js_gzip <= 15 * KB,
                    max(0.0, (page.js_gzip - 15 * KB) / (15 * KB)),
                )
            )
        else:
            found.append(
                Target(
                    f"{page.name}: ≤ 90 KB gzip JS",
                    f"{kb(page.js_gzip)} KB",
                    page.js_gzip <= 90 * KB,
                    max(0.0, (page.js_gzip - 90 * KB) / (90 * KB)),
                )
            )
    for name, page_scores in scores.items():
        for category, score in page_scores.items():
            found.append(
                Target(
                    f"Lighthouse {category}, {name} ≥ 95",
                    str(score),
                    score >= 95,
                    max(0.0, (95 - score) / 95),
                )
            )
    return found


def render(*, when, versions, pages, money, jobs, frontend, scores, audits, settings_note) -> str:
    lines = [
        "# Benchmark results",
        "",
        f"Measured by `make bench` on {when:%Y-%m-%d %H:%M} UTC.",
        f"Machine: {machine()}.",
        f"Software: {versions}.",
        "",
        settings_note,
        f"Each figure is the median of {ROUNDS} rounds of {SECONDS} s; each ratio compares a page with `/healthz` (a view that runs",
        "`SELECT 1`) measured right before it in the same round, so it survives a noisy machine better than",
        "the absolute numbers do. Each measurement follows a second of the same load left unmeasured: the",
        "first second after a load runs slower (after the landing page, `/healthz` at a third of its rate).",
        "",
        "## 1. Pages",
        "",
        "| page | req/s | p50 ms | p99 ms | `/healthz` req/s | `/healthz` p99 ms | req/s ratio | p99 ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for p in pages:
        lines.append(
            f"| {p.name} (`{p.path}`) | {p.page.requests_per_second:.0f} | {p.page.p50_ms:.1f} | {p.page.p99_ms:.1f} "
            f"| {p.baseline.requests_per_second:.0f} | {p.baseline.p99_ms:.1f} | {p.rps_ratio:.2f} | {p.p99_ratio:.2f} |"
        )
    lines += [
        "",
        "## 2. Money path",
        "",
        "`POST /api/generations/` (Meta Copy, 20 credits: validate, spend, record, enqueue in the database queue), 16",
        f"concurrent clients, each taking its {USERS_PER_CLIENT} signed-in users in turn ({USERS:,} users, each starting a few",
        "generations, so the per-user limits count a user's real recent history), each request with its own",
        "idempotency key; no worker runs. The last row: the same 16 clients all as one user, whose requests take",
        "turns on that user's row (a start that waited for another of the user's takes the row-by-row path).",
        "",
        "| | req/s | p50 ms | p99 ms |",
        "|---|---:|---:|---:|",
        f"| paid generation requests | {money.posts.requests_per_second:.0f} | {money.posts.p50_ms:.1f} | {money.posts.p99_ms:.1f} |",
        f"| `/healthz` (same rounds) | {money.baseline.requests_per_second:.0f} | {money.baseline.p50_ms:.1f} | {money.baseline.p99_ms:.1f} |",
        f"| ratio | {money.rps_ratio:.2f} | | {money.p99_ratio:.2f} |",
        f"| 16 clients as one user | {money.one_user.requests_per_second:.0f} | {money.one_user.p50_ms:.1f} | {money.one_user.p99_ms:.1f} |",
        "",
        f"Afterwards: {money.accepted} generations recorded, {money.spends} spends in the ledger, balance drift "
        f"{money.drift} credits; `check_ledger`: {money.ledger}",
        "",
        *cpu_lines(money),
        "## 3. Jobs",
        "",
        f"{jobs.count} Meta Copy generations submitted one at a time through the API; one `db_worker` polling every",
        "0.2 s (as `config/Procfile` runs it); the webhook engine is a local server that answers at once.",
        "",
        "| | p50 ms | p95 ms |",
        "|---|---:|---:|",
        f"| queue pickup (POST sent → engine called) | {jobs.pickup_p50_ms:.0f} | {jobs.pickup_p95_ms:.0f} |",
        f"| of which 202 received → claimed by the worker (the queue's share) | {jobs.claimed_p50_ms:.0f} | {jobs.claimed_p95_ms:.0f} |",
        f"| app overhead around the engine call (claimed → settled, minus the engine's time) | {jobs.overhead_p50_ms:.0f} | {jobs.overhead_p95_ms:.0f} |",
        "",
        f"Of the overhead (p50): {jobs.before_call_p50_ms:.0f} ms from the claim to the engine call, "
        f"{jobs.after_call_p50_ms:.0f} ms from the engine's answer to the generation being settled.",
        "",
        "## 4. Front end",
        "",
        "Bytes each page loads up front: scripts, stylesheets and module preloads in the HTML plus every chunk",
        "they import statically (gzip -9). Lazy chunks load on demand (e.g. the editor). Lighthouse 12, default",
        "(mobile, simulated throttling) configuration, Chromium headless; each score is the median of "
        f"{LIGHTHOUSE_RUNS} runs.",
        "",
        "| page | JS KB gzip | CSS KB gzip | lazy JS KB gzip | React | performance | accessibility | best practices | SEO |",
        "|---|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for page in frontend:
        s = scores.get(page.name, {})
        lines.append(
            f"| {page.name} (`{page.path}`) | {kb(page.js_gzip)} | {kb(page.css_gzip)} | {kb(page.lazy_js_gzip)} "
            f"| {'yes' if page.has_react else 'no'} | {s.get('performance', '–')} | {s.get('accessibility', '–')} "
            f"| {s.get('best-practices', '–')} | {s.get('seo', '–')} |"
        )
    found = targets(pages, money, jobs, frontend, scores)
    lines += ["", "## Against the targets", "", "| target | measured | met |", "|---|---|---|"]
    lines += [f"| {t.what} | {t.measured} | {'yes' if t.met else '**no**'} |" for t in found]
    missed = sorted((t for t in found if not t.met), key=lambda t: -t.shortfall)
    lines += [
        "",
        "Furthest from their targets: "
        + (
            "; ".join(f"{t.what} ({t.measured})" for t in missed[:5])
            if missed
            else "none — every target met."
        ),
    ]
    if audits:
        lines += ["", "Lighthouse audits that cost points:", ""]
        lines += [
            f"- {page} / {category}: {', '.join(titles)}"
            for (page, category), titles in audits.items()
            if titles
        ]
    return "\n".join(lines) + "\n"


def cpu_lines(money) -> list[str]:
    """Where a paid request's cost goes: CPU per request of the web server and of the database in
    the same alternated rounds (absent when /proc was not readable)."""
    if money.baseline_cpu is None or money.posts_cpu is None:
        return []
    rows = [("`/healthz`", money.baseline_cpu), ("paid generation request", money.posts_cpu)]
    return [
        "CPU time per request in those rounds (from /proc). Everything shares two cores, so requests/s",
        "follows CPU per request: the last row is the requests/s ratio the CPU alone allows. PostgreSQL's",
        "housekeeping (autovacuum after thousands of inserts, WAL writing, checkpoints) comes in bursts, so",
        "it falls unevenly on the rounds.",
        "",
        "| | web (gunicorn) ms | PostgreSQL sessions ms | PostgreSQL housekeeping ms | total ms |",
        "|---|---:|---:|---:|---:|",
        *(
            f"| {name} | {cpu.web_ms:.2f} | {cpu.database_ms:.2f} | {cpu.housekeeping_ms:.2f} | {cpu.total_ms:.2f} |"
            for name, cpu in rows
        ),
        f"| `/healthz` total ÷ paid request total | | | | {money.baseline_cpu.total_ms / money.posts_cpu.total_ms:.2f} |",
        "",
    ]
