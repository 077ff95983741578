"""`make run`'s process manager: honcho, made to stop the app when its terminal closes too.

honcho stops its processes on Ctrl-C (SIGINT) and SIGTERM. A closed terminal sends SIGHUP, which
would end honcho alone and leave gunicorn and the workers running (each in a session of its own),
holding the port for the next `make run`. Here SIGHUP becomes honcho's own SIGTERM; its output
goes nowhere first, as writing to the closed terminal would fail before the others are stopped.

    python config/run_local.py -f config/Procfile start …   (honcho's arguments)
"""

import os
import signal
import sys

from honcho import command, manager


class Manager(manager.Manager):
    """honcho 2.0's manager, but a stop that comes before every process has reported its pid waits.

    honcho learns each pid from its event queue. A Ctrl-C in the moment before that raised
    KeyError in its signal handler, and the launcher then hung, waiting on processes nobody had
    stopped. Here the stop is remembered instead, and honcho's loop carries it out once every
    process has started, as it does when one of them ends.
    """

    _stop_asked = False

    def _killall(self, force=False):
        if not self._all_started():
            self._stop_asked = True
            self._terminating = False
            return
        super()._killall(force)

    def _any_stopped(self):
        return self._stop_asked or super()._any_stopped()


def stop_on_hang_up(signum, frame):
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, sys.stdout.fileno())
    os.dup2(quiet, sys.stderr.fileno())
    os.kill(os.getpid(), signal.SIGTERM)


if __name__ == "__main__":
    command.Manager = Manager
    signal.signal(signal.SIGHUP, stop_on_hang_up)
    sys.exit(command.main(sys.argv[1:]))
