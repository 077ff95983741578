"""(3) Jobs: how long a submitted generation waits before the engine is called (queue pickup, with
db_worker polling as in config/Procfile), and the app's own time around the engine call (claim,
inputs, storing the result, settling), with a local engine that answers at once."""

import time
from dataclasses import dataclass
from statistics import quantiles

import requests

from bench.seed import CSRF_TOKEN
from bench.servers import EngineServer
from history.models import Generation

SUBMISSIONS = 40
SPACING_SECONDS = 0.25  # one at a time: the pickup is measured, not a backlog


@dataclass(frozen=True)
class JobsResult:
    count: int
    pickup_p50_ms: float
    pickup_p95_ms: float
    overhead_p50_ms: float
    overhead_p95_ms: float
    before_call_p50_ms: float
    after_call_p50_ms: float
    claimed_p50_ms: float  # POST answered (202) → a worker claimed the generation
    claimed_p95_ms: float


def percentile(values: list[float], pct: int) -> float:
    return quantiles(values, n=100, method="inclusive")[pct - 1]


def wait_until_finished(ids: list[int]) -> None:
    give_up = time.monotonic() + 120
    while Generation.objects.filter(pk__in=ids).in_flight().exists():
        if time.monotonic() > give_up:
            raise RuntimeError(
                "the worker did not finish the benchmark's generations (see bench/out/worker.log)"
            )
        time.sleep(0.1)


def bench_jobs(base_url: str, *, cookie: str, engine: EngineServer, inputs: dict) -> JobsResult:
    session = requests.Session()
    session.headers.update({"Cookie": cookie, "X-CSRFToken": CSRF_TOKEN})
    # A first generation waits for the worker to start (Django boots in seconds): not a pickup time.
    warm_up = session.post(
        f"{base_url}/api/generations/",
        json={
            "tool": "meta-copy",
            "inputs": {**inputs, "brand": "Warm-up"},
            "idempotency_key": "pickup-warm-up",
        },
        timeout=30,
    )
    warm_up.raise_for_status()
    wait_until_finished([warm_up.json()["id"]])

    submitted: dict[str, tuple[float, int]] = {}
    answered: dict[str, float] = {}
    for n in range(SUBMISSIONS):
        brand = f"Pickup {n}"
        sent = time.time()
        response = session.post(
            f"{base_url}/api/generations/",
            json={
                "tool": "meta-copy",
                "inputs": {**inputs, "brand": brand},
                "idempotency_key": f"pickup-{n}",
            },
            timeout=30,
        )
        response.raise_for_status()
        answered[brand] = time.time()
        submitted[brand] = (sent, response.json()["id"])
        time.sleep(SPACING_SECONDS)

    ids = [generation_id for _, generation_id in submitted.values()]
    give_up = time.monotonic() + 120
    while Generation.objects.filter(pk__in=ids).in_flight().exists():
        if time.monotonic() > give_up:
            raise RuntimeError(
                "the worker did not finish the benchmark's generations (see bench/out/worker.log)"
            )
        time.sleep(0.2)

    rows = {g.pk: g for g in Generation.objects.filter(pk__in=ids)}
    failed = [g.pk for g in rows.values() if g.status != "success"]
    if failed:
        raise RuntimeError(f"generations failed: {failed}")
    pickup, overhead, before_call, after_call, claimed = [], [], [], [], []
    for brand, (sent, generation_id) in submitted.items():
        (arrived, replied), *_ = engine.calls[brand]
        generation = rows[generation_id]
        started, finished = generation.started_at.timestamp(), generation.finished_at.timestamp()
        pickup.append((arrived - sent) * 1000)
        claimed.append((started - answered[brand]) * 1000)
        before_call.append((arrived - started) * 1000)
        after_call.append((finished - replied) * 1000)
        overhead.append(((finished - started) - (replied - arrived)) * 1000)
    return JobsResult(
        count=len(pickup),
        pickup_p50_ms=percentile(pickup, 50),
        pickup_p95_ms=percentile(pickup, 95),
        overhead_p50_ms=percentile(overhead, 50),
        overhead_p95_ms=percentile(overhead, 95),
        before_call_p50_ms=percentile(before_call, 50),
        after_call_p50_ms=percentile(after_call, 50),
        claimed_p50_ms=percentile(claimed, 50),
        claimed_p95_ms=percentile(claimed, 95),
    )
