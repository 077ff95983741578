"""(1) Pages: the landing page, a dashboard with 1,000 history items, a tool page and GET
/api/credits/, each alternated with the trivial view /healthz on the same server, several rounds;
the ratio of each round's figures, median over the rounds."""

from dataclasses import dataclass
from statistics import median

from bench.wrk import Load, run_wrk

ROUNDS = 10  # short rounds, alternated: a noisy machine drifts less within one pair
SECONDS = 2
CONNECTIONS = 8


@dataclass(frozen=True)
class PageResult:
    name: str
    path: str
    page: Load  # median figures of the page
    baseline: Load  # median figures of /healthz in the same rounds
    rps_ratio: float  # median of the per-round page/baseline requests-per-second ratios
    p99_ratio: float


# After a load ends, the next one runs slower for about a second (measured: /healthz at 500–700
# req/s in the first second after a page's load, 1,300–1,800 after), most after the heaviest
# page. Unmeasured, that second fell on each round's /healthz, which always follows a page.
SETTLE_SECONDS = 1


def measure(url: str, *, cookie: str | None, seconds: float = SECONDS, settle: bool = True) -> Load:
    """`url` under load for `seconds`, after SETTLE_SECONDS of the same load left unmeasured."""
    headers = {"Cookie": cookie} if cookie else None
    if settle:
        _checked(url, run_wrk(url, seconds=SETTLE_SECONDS, connections=CONNECTIONS, headers=headers))
    return _checked(url, run_wrk(url, seconds=seconds, connections=CONNECTIONS, headers=headers))


def _checked(url: str, load: Load) -> Load:
    if load.bad_status or load.socket_errors:
        raise RuntimeError(f"{url}: {load.bad_status} bad responses, {load.socket_errors} socket errors")
    return load


def median_load(loads: list[Load]) -> Load:
    return Load(
        requests_per_second=median(x.requests_per_second for x in loads),
        p50_ms=median(x.p50_ms for x in loads),
        p99_ms=median(x.p99_ms for x in loads),
        requests=sum(x.requests for x in loads),
        bad_status=sum(x.bad_status for x in loads),
        socket_errors=sum(x.socket_errors for x in loads),
    )


def bench_pages(base_url: str, pages: list[tuple[str, str, str | None]]) -> list[PageResult]:
    """`pages`: (name, path, cookie or None). Each round measures every page right after /healthz."""
    measure(f"{base_url}/healthz", cookie=None, seconds=1, settle=False)  # warm-up: processes, caches
    for _, path, cookie in pages:
        measure(f"{base_url}{path}", cookie=cookie, seconds=1, settle=False)
    rounds: dict[str, list[tuple[Load, Load]]] = {name: [] for name, _, _ in pages}
    for _ in range(ROUNDS):
        for name, path, cookie in pages:
            baseline = measure(f"{base_url}/healthz", cookie=cookie)
            page = measure(f"{base_url}{path}", cookie=cookie)
            rounds[name].append((page, baseline))
    results = []
    for name, path, _ in pages:
        pairs = rounds[name]
        results.append(
            PageResult(
                name=name,
                path=path,
                page=median_load([page for page, _ in pairs]),
                baseline=median_load([baseline for _, baseline in pairs]),
                rps_ratio=median(page.requests_per_second / base.requests_per_second for page, base in pairs),
                p99_ratio=median(page.p99_ms / base.p99_ms for page, base in pairs),
            )
        )
    return results
