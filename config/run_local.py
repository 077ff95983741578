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

from honcho.command import main


def stop_on_hang_up(signum, frame):
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, sys.stdout.fileno())
    os.dup2(quiet, sys.stderr.fileno())
    os.kill(os.getpid(), signal.SIGTERM)


if __name__ == "__main__":
    signal.signal(signal.SIGHUP, stop_on_hang_up)
    sys.exit(main(sys.argv[1:]))
