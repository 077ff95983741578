"""(2) The money path: paid generation requests (validate, spend, record, enqueue) through the API
with 16 concurrent clients, alternated with /healthz; no worker runs, the tasks wait in the
database queue. Each client's requests take its 64 signed-in users in turn, so 1,024 users each
start a few generations, as a site's users do: the per-user limits are counted from each user's
own recent generations, and with 16 users starting thousands each those counts would grow all
run long (no worker finishes anything) and measure an abuser's history, not a paid request.
Then 16 clients as one user: one user's requests queue on that user's row (the spend and the
per-user limits are exact; a start that waited for another takes the row-by-row path). The ledger is checked afterwards: every accepted request spent
exactly once."""

import io
import json
import time
from dataclasses import dataclass
from statistics import median

from django.core.management import call_command

from bench.cpu import CpuMeter, CpuPerRequest
from bench.pages import SETTLE_SECONDS, median_load
from bench.seed import CSRF_TOKEN
from bench.wrk import Load, run_wrk
from credits.actions import grant_credits
from credits.models import LedgerEntry, balance_of
from history.models import Generation

ROUNDS = 10  # short rounds, alternated: a noisy machine drifts less within one pair
SECONDS = 2
CLIENTS = 16
USERS_PER_CLIENT = 64
USERS = CLIENTS * USERS_PER_CLIENT
COST = 20
STARTING_CREDITS = 1_000_000  # Meta Copy
INPUTS = {
    "brand": "Glow Naturals",
    "productService": "Vitamin C serum",
    "targetAudience": "Women 25-45 who care about skincare",
    "productDescription": "A lightweight serum with 15% vitamin C that brightens skin.",
    "productBenefits": "Brighter skin in two weeks, gentle on sensitive skin.",
    "language": "English",
    "copyLength": "medium",
    "copyStructure": "AIDA",
    "versions": 3,
}


@dataclass(frozen=True)
class MoneyResult:
    posts: Load  # 16 clients, each taking its users in turn
    baseline: Load  # /healthz, 16 clients, the same rounds
    rps_ratio: float
    p99_ratio: float
    one_user: Load  # 16 clients all signed in as one user (their spends queue on that user's row)
    accepted: int  # generations recorded
    spends: int  # spend entries written for them
    ledger: str  # check_ledger's verdict
    drift: int  # expected total balance minus the actual one
    # CPU per request in the alternated rounds (None where /proc is not available)
    baseline_cpu: CpuPerRequest | None = None
    posts_cpu: CpuPerRequest | None = None


def bench_money_path(
    base_url: str, *, users: list, cookies: list[str], meter: CpuMeter | None = None
) -> MoneyResult:
    """`users` and their `cookies`: one per client; `meter` adds up the web server's and the
    database's CPU time during the alternated rounds."""
    for user in users:
        grant_credits(
            user=user, amount=STARTING_CREDITS, reason="Benchmark", idempotency_key=f"bench-money-{user.pk}"
        )
    before = sum(balance_of(user) for user in users)
    body = json.dumps({"tool": "meta-copy", "inputs": INPUTS, "idempotency_key": "@KEY@"})
    headers = {"X-CSRFToken": CSRF_TOKEN, "Content-Type": "application/json"}
    url = f"{base_url}/api/generations/"

    def post(run_id: str, client_cookies: list[str], seconds: float = SECONDS) -> Load:
        load = run_wrk(
            url,
            seconds=seconds,
            connections=CLIENTS,
            threads=CLIENTS,
            headers=headers,
            body=body,
            cookies=client_cookies,
            run_id=run_id,
        )
        if load.bad_status or load.socket_errors:
            raise RuntimeError(
                f"generation POSTs: {load.bad_status} refused, {load.socket_errors} socket errors"
            )
        return load

    post("warmup", cookies, seconds=1)
    pairs = []

    def measured(label, load):
        return meter.measure(label, load) if meter else load()

    def healthz(seconds: float) -> Load:
        return run_wrk(f"{base_url}/healthz", seconds=seconds, connections=CLIENTS, threads=CLIENTS)

    for round_number in range(ROUNDS):
        # Each measurement after a second of the same load, unmeasured (bench.pages.SETTLE_SECONDS).
        healthz(SETTLE_SECONDS)
        baseline = measured("healthz", lambda: healthz(SECONDS))
        post(f"s{round_number}", cookies, seconds=SETTLE_SECONDS)
        pairs.append((measured("posts", lambda n=round_number: post(f"r{n}", cookies)), baseline))
    one_user = post("one-user", cookies[:1])
    time.sleep(2)  # wrk stops with requests still inside the server: let them commit before counting

    generations = Generation.objects.filter(user__in=users)
    accepted = generations.count()
    spends = LedgerEntry.objects.filter(
        user__in=users, kind="spend", reference__startswith="generation:"
    ).count()
    out = io.StringIO()
    try:
        call_command("check_ledger", stdout=out)
        verdict = out.getvalue().strip()
    except Exception as exc:  # CommandError: the drift report
        verdict = f"DRIFT: {exc} {out.getvalue().strip()}"
    expected = before - COST * accepted
    return MoneyResult(
        posts=median_load([posts for posts, _ in pairs]),
        baseline=median_load([baseline for _, baseline in pairs]),
        rps_ratio=median(p.requests_per_second / b.requests_per_second for p, b in pairs),
        p99_ratio=median(p.p99_ms / b.p99_ms for p, b in pairs),
        one_user=one_user,
        accepted=accepted,
        spends=spends,
        ledger=verdict,
        drift=expected - sum(balance_of(user) for user in users),
        baseline_cpu=meter.per_request("healthz", sum(b.requests for _, b in pairs)) if meter else None,
        posts_cpu=meter.per_request("posts", sum(p.requests for p, _ in pairs)) if meter else None,
    )


def drain_queue() -> int:
    """The money path leaves thousands of queued tasks no worker will run in this run: drop them
    (and their generations' spends stay: a throwaway database) before the jobs benchmark starts a worker."""
    from django_tasks_db.models import DBTaskResult

    deleted, _ = DBTaskResult.objects.all().delete()
    return deleted
