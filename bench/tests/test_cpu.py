"""The benchmark's CPU meter: a process tree's CPU time is counted for its side, per request."""

import subprocess
import sys

import pytest

from bench.cpu import CpuMeter

pytestmark = pytest.mark.skipif(not CpuMeter.available(), reason="reads /proc (Linux)")

BURN = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"
# A stand-in for gunicorn: on each line it reads, a child process of it burns 0.3 s of CPU and
# ends (so the meter must also count children that have gone); then it answers and waits.
SERVER = f"""
import subprocess, sys
for line in sys.stdin:
    subprocess.run([sys.executable, "-c", {BURN!r}], check=True)
    print("done", flush=True)
"""


def test_cpu_spent_in_the_web_servers_tree_is_counted_for_the_web_side():
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        meter = CpuMeter(web_pid=server.pid, database_pid=-1)

        def load():
            server.stdin.write("go\n")
            server.stdin.flush()
            assert server.stdout.readline().strip() == "done"

        meter.measure("load", load)
        cpu = meter.per_request("load", requests=3)
    finally:
        server.stdin.close()
        server.wait(timeout=10)
    # 0.3 s over 3 requests, plus the child's start-up; clock ticks are 10 ms.
    assert 90 <= cpu.web_ms <= 200
    assert cpu.database_ms == cpu.housekeeping_ms == 0


def test_nothing_measured_gives_no_figures():
    meter = CpuMeter(web_pid=1, database_pid=None)
    assert meter.per_request("never", requests=10) is None
    meter.measure("idle", lambda: None)
    assert meter.per_request("idle", requests=0) is None
