"""Fail and refund generations whose worker died or whose deadline passed.

Run once (cron-style), or keep it running with `--loop SECONDS` (config/Procfile starts it
that way as the `reaper` process beside the web server and the worker).
"""

import time

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import close_old_connections

from services.actions import reap_generations


class Command(BaseCommand):
    help = "Fail and refund generations whose worker died (stale heartbeat) or whose deadline passed."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--loop",
            type=float,
            metavar="SECONDS",
            help="Keep running, reaping every SECONDS seconds (default: reap once and exit).",
        )

    def handle(self, *, loop: float | None, verbosity: int, **options) -> None:
        if loop is not None and loop <= 0:
            raise CommandError("--loop needs a positive number of seconds")
        while True:
            reaped = reap_generations()
            if reaped or verbosity > 1:
                self.stdout.write(
                    f"Reaped {len(reaped)} generation(s): {', '.join(f'#{g.pk}' for g in reaped)}"
                )
            if loop is None:
                return
            time.sleep(loop)
            # A long-running process, like the worker: drop a connection that went stale while asleep.
            close_old_connections()
