"""Running wrk (Debian's package) with bench/wrk.lua and reading its JSON summary line."""

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

SCRIPT = Path(__file__).with_name("wrk.lua")


@dataclass(frozen=True)
class Load:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    bad_status: int  # responses that were not 2xx/3xx
    socket_errors: int


def run_wrk(
    url: str,
    *,
    seconds: float,
    connections: int,
    threads: int = 2,
    headers: dict[str, str] | None = None,
    body: str | None = None,
    cookies: list[str] | None = None,
    run_id: str = "run",
) -> Load:
    """`cookies`: Cookie headers dealt out to the wrk threads in turn — one per thread makes each
    thread a different signed-in user; more make each thread's requests take its users in turn."""
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is not installed (make bench installs it: apt-get install wrk)")
    command = [
        "wrk",
        f"-t{threads}",
        f"-c{connections}",
        f"-d{seconds}s",
        "--timeout",
        "10s",
        "-s",
        str(SCRIPT),
    ]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    env = {**os.environ, "BENCH_RUN": run_id, "BENCH_THREADS": str(threads)}
    if body is not None:
        env["BENCH_BODY"] = body
    if cookies:
        env["BENCH_COOKIES"] = "|".join(cookies)
    output = subprocess.run(command + [url], capture_output=True, text=True, env=env, check=True).stdout
    line = next(line for line in output.splitlines() if line.startswith("BENCH_JSON "))
    data = json.loads(line.removeprefix("BENCH_JSON "))
    return Load(
        requests_per_second=data["requests"] / (data["duration_us"] / 1e6),
        p50_ms=data["p50_us"] / 1000,
        p99_ms=data["p99_us"] / 1000,
        requests=data["requests"],
        bad_status=data["bad_status"],
        socket_errors=data["socket_errors"],
    )
