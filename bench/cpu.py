"""CPU time per request, by process: where a request's cost goes.

The benchmarks run everything (wrk, gunicorn, PostgreSQL) on one small machine, so throughput is
bound by CPU: the ratio of two requests' CPU time predicts the ratio of their requests/s, and the
split between the web server and the database says which side to work on. Read from /proc
(Linux); elsewhere the figures are left out, not guessed.
"""

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

PROC = Path("/proc")
T = TypeVar("T")
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100  # /proc counts CPU in clock ticks


WEB, DATABASE, HOUSEKEEPING = range(3)


@dataclass(frozen=True)
class CpuPerRequest:
    web_ms: float  # gunicorn, master and workers
    database_ms: float  # the PostgreSQL sessions serving the connections
    housekeeping_ms: float  # PostgreSQL's own processes: autovacuum, WAL writer, checkpointer, …

    @property
    def total_ms(self) -> float:
        return self.web_ms + self.database_ms + self.housekeeping_ms


class CpuMeter:
    """Adds up the CPU seconds the web server's processes and the database's processes spend while
    each measured load runs, per label; `per_request(label, requests)` divides by the requests."""

    def __init__(self, web_pid: int, database_pid: int | None):
        self.web_pid = web_pid
        self.database_pid = database_pid
        self.spent: dict[str, list[float]] = {}

    @staticmethod
    def available() -> bool:
        return (PROC / "self" / "stat").exists()

    def measure(self, label: str, load: Callable[[], T]) -> T:
        before = self._snapshot()
        result = load()
        after = self._snapshot()
        spent = self.spent.setdefault(label, [0.0, 0.0, 0.0])
        for pid, (group, seconds) in after.items():
            spent[group] += seconds - before.get(pid, (group, 0.0))[1]
        return result

    def per_request(self, label: str, requests: int) -> CpuPerRequest | None:
        if label not in self.spent or not requests:
            return None
        web, database, housekeeping = (seconds / requests * 1000 for seconds in self.spent[label])
        return CpuPerRequest(web_ms=web, database_ms=database, housekeeping_ms=housekeeping)

    def _snapshot(self) -> dict[int, tuple[int, float]]:
        """pid → (WEB / DATABASE / HOUSEKEEPING, CPU seconds so far) for both process trees."""
        stats = {}
        for entry in PROC.iterdir():
            if entry.name.isdigit() and (stat := _stat(entry)):
                stats[int(entry.name)] = stat
        parents = {pid: parent for pid, (parent, *_) in stats.items()}
        seconds = {}
        for pid, (_, command, own, ended_children) in stats.items():
            if _descends_from(pid, self.web_pid, parents):
                # A child that ended in the window (a recycled worker, a helper) still counts.
                seconds[pid] = (WEB, own + ended_children)
            elif (
                _descends_from(pid, self.database_pid, parents)
                if self.database_pid
                else command.startswith("postgres")
            ):
                # Own time only: a session that ends (its connection reached CONN_MAX_AGE) hands
                # its whole life's CPU to the postmaster, most of it spent before the window.
                seconds[pid] = (DATABASE if _serves_a_connection(pid) else HOUSEKEEPING, own)
        return seconds


def database_pid() -> int | None:
    """The postmaster of the cluster `.ci/with-postgres.sh` started (it exports PG_DATA_DIR), or
    None: then every process named postgres counts as the database."""
    data_dir = os.environ.get("PG_DATA_DIR")
    try:
        return int((Path(data_dir) / "postmaster.pid").read_text().split()[0]) if data_dir else None
    except (OSError, ValueError, IndexError):
        return None


def _stat(entry: Path) -> tuple[int, str, float, float] | None:
    """(parent pid, command, its own CPU seconds, those of its children that have ended and been
    waited for) of one process, None if it has gone."""
    try:
        text = (entry / "stat").read_text()
    except OSError:
        return None
    command = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    # After the command: state, ppid, …; utime, stime, cutime and cstime are the 12th to 15th.
    own, children = (int(fields[11]) + int(fields[12])) / _TICKS, (int(fields[13]) + int(fields[14])) / _TICKS
    return int(fields[1]), command, own, children


def _serves_a_connection(pid: int) -> bool:
    """A PostgreSQL backend: its title names the client, "postgres: user db 127.0.0.1(5432) idle".
    Everything else — the postmaster, the checkpointer, the WAL writer, autovacuum — is the
    database's housekeeping."""
    try:
        title = (PROC / str(pid) / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False
    return title.startswith("postgres: ") and ("(" in title or "[local]" in title)


def _descends_from(pid: int, ancestor: int | None, parents: dict[int, int]) -> bool:
    while pid and ancestor:
        if pid == ancestor:
            return True
        pid = parents.get(pid, 0)
    return False
