"""`make run`'s launcher stops every process when the terminal closes (SIGHUP), as on Ctrl-C."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parents[2]


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_for(condition, *, what: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.001)


# Several rounds each: a stop in the moment before honcho has read a process's pid once hung the
# launcher (config/run_local.Manager); polling every millisecond, a round hits that moment now and
# then.
@pytest.mark.parametrize("round", range(4))
@pytest.mark.parametrize("hang_up", [signal.SIGHUP, signal.SIGINT])
def test_closing_the_terminal_stops_every_process_like_ctrl_c(tmp_path, hang_up, round):
    pid_file = tmp_path / "pid"
    (tmp_path / "Procfile").write_text(
        f"sleeper: echo $$ > {pid_file}.tmp && mv {pid_file}.tmp {pid_file} && exec sleep 300\n"
    )
    launcher = subprocess.Popen(
        [sys.executable, "config/run_local.py", "-f", str(tmp_path / "Procfile"), "start"],
        cwd=BASE_DIR,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_for(pid_file.exists, what="the process to start")
        sleeper = int(pid_file.read_text())
        launcher.send_signal(hang_up)
        launcher.wait(timeout=20)
        wait_for(lambda: not alive(sleeper), what="the process to stop")
    finally:
        if launcher.poll() is None:
            launcher.kill()
