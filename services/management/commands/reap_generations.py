"""Fail and refund generations whose worker died or whose deadline passed.

Run once (cron-style), or keep it running with `--loop SECONDS` (config/Procfile starts it that way
as the `reaper` process beside the web server and the workers). Looping, it also runs the
housekeeping (config/housekeeping.py) every `--housekeeping-every` seconds.

A looping reaper outlives any error of one pass — the database restarting, locked or unreachable
for a while: the pass is logged and the next one tries again. (Under honcho one process ending
stops the whole app, and a reaper that is gone leaves dead workers' generations unrefunded.)
"""

import logging
import math
import time
from collections.abc import Callable

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections

from config.housekeeping import clean_up
from services.actions import reap_generations

logger = logging.getLogger(__name__)

HOUSEKEEPING_EVERY = 3600.0
# Bounds for the intervals: finite (NaN or infinity would run one pass and then crash in sleep(),
# or never run the housekeeping) and short enough that a dead worker's generation is refunded
# the same day and sessions and task rows are cleaned at least weekly.
LOOP_MAX_SECONDS = 86400.0
HOUSEKEEPING_MAX_SECONDS = 7 * 86400.0


def reap_in_a_loop(
    *,
    interval: float,
    housekeeping_every: float = HOUSEKEEPING_EVERY,
    passes: int | None = None,
    report: Callable[[list], None] = lambda reaped: None,
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """A reaping pass every `interval` seconds — `passes` of them, or for ever — and housekeeping
    every `housekeeping_every` seconds (0: never). An error in a pass is logged, its connection
    dropped if it is broken, and the next pass runs as usual."""
    next_housekeeping = time.monotonic() if housekeeping_every else None
    done = 0
    while True:
        try:
            report(reap_generations())
        except Exception:
            logger.exception("A reaping pass failed; the next one runs in %s seconds", interval)
            close_old_connections()
        if next_housekeeping is not None and time.monotonic() >= next_housekeeping:
            next_housekeeping = time.monotonic() + housekeeping_every
            try:
                logger.info("Housekeeping: %s", clean_up())
            except Exception:
                logger.exception("Housekeeping failed; it runs again in %s seconds", housekeeping_every)
                close_old_connections()
        done += 1
        if passes is not None and done >= passes:
            return
        sleep(interval)
        # A long-running process, like the worker: drop a connection that went stale while asleep.
        close_old_connections()


class Command(BaseCommand):
    help = "Fail and refund generations whose worker died (stale heartbeat) or whose deadline passed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--loop",
            type=float,
            metavar="SECONDS",
            help="Keep running, reaping every SECONDS seconds (default: reap once and exit).",
        )
        parser.add_argument(
            "--housekeeping-every",
            type=float,
            metavar="SECONDS",
            help="With --loop: delete expired sessions and old task results every SECONDS seconds "
            f"(default: {HOUSEKEEPING_EVERY:.0f}; 0: never).",
        )

    def handle(
        self, *, loop: float | None, housekeeping_every: float | None, verbosity: int, **options
    ) -> None:
        if loop is None and housekeeping_every is not None:
            raise CommandError(
                "--housekeeping-every only applies with --loop: a single pass does no housekeeping"
            )
        if housekeeping_every is None:
            housekeeping_every = HOUSEKEEPING_EVERY
        if loop is not None and not (math.isfinite(loop) and 0 < loop <= LOOP_MAX_SECONDS):
            raise CommandError(
                f"--loop needs a number of seconds above 0 and at most {LOOP_MAX_SECONDS:.0f} (a day), not {loop}"
            )
        if housekeeping_every < 0:
            raise CommandError("--housekeeping-every cannot be negative")
        if not (math.isfinite(housekeeping_every) and housekeeping_every <= HOUSEKEEPING_MAX_SECONDS):
            raise CommandError(
                "--housekeeping-every needs a number of seconds from 0 (never) to"
                f" {HOUSEKEEPING_MAX_SECONDS:.0f} (a week), not {housekeeping_every}"
            )

        def report(reaped: list) -> None:
            if reaped or verbosity > 1:
                self.stdout.write(
                    f"Reaped {len(reaped)} generation(s): {', '.join(f'#{g.pk}' for g in reaped)}"
                )

        if loop is None:
            report(reap_generations())  # once: an error is the command's exit status
            return
        reap_in_a_loop(interval=loop, housekeeping_every=housekeeping_every, report=report)
