"""The processes a benchmark run measures: gunicorn and db_worker with production settings (as
config/Procfile starts them), and a local webhook engine that answers at once and notes arrivals."""

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.request import urlopen

BASE_DIR = Path(__file__).resolve().parent.parent
OUT = BASE_DIR / "bench" / "out"  # logs and Lighthouse reports (gitignored)
VENV_BIN = Path(sys.executable).parent
PROCFILE = BASE_DIR / "config" / "Procfile"

META_COPY_REPLY = json.dumps(
    [{"PrimaryText1": "Glow all day.", "Headline1": "Meet Glow", "Description1": "Vitamin C serum"}]
).encode()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class EngineServer:
    """The far side of the webhook engine: replies to every call at once with a Meta Copy answer and
    records, per brand in the body, when the call arrived and when the reply was sent (wall clock,
    comparable with the timestamps the app writes)."""

    def __init__(self):
        self.calls: dict[str, list[tuple[float, float]]] = {}
        engine = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                arrived = time.time()
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    brand = json.loads(body).get("brand", "")
                except ValueError:
                    brand = ""
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(META_COPY_REPLY)))
                self.end_headers()
                self.wfile.write(META_COPY_REPLY)
                engine.calls.setdefault(brand, []).append((arrived, time.time()))

        self.httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/webhook"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def create_database(url: str) -> None:
    """The throwaway cluster has only the maintenance database: create the one DATABASE_URL names."""
    import dj_database_url
    import psycopg

    db = dj_database_url.parse(url)
    with psycopg.connect(
        host=db["HOST"],
        port=db["PORT"] or None,
        user=db["USER"],
        password=db["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [db["NAME"]]).fetchone():
            admin.execute(f'CREATE DATABASE "{db["NAME"]}"')


def production_env(*, engine_url: str) -> dict[str, str]:
    """Production settings (DEBUG off, a generated secret) on plain HTTP at 127.0.0.1, the database
    from DATABASE_URL, files in a temporary folder, the webhook engine pointed at `engine_url`.
    The per-user generation limits are lifted: the money path posts thousands for one user."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "HTTPS": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATA_DIR": tempfile.mkdtemp(prefix="adsmith-bench-"),
        "GENERATION_ENGINE": "webhook",
        "WEBHOOK_BASE_URL": engine_url,
        "GENERATION_MAX_ACTIVE_PER_USER": str(10**9),
        "GENERATIONS_PER_HOUR": str(10**9),
        "UPLOADS_PER_HOUR": str(10**9),
        "LOG_LEVEL": "WARNING",
    }


class Process:
    def __init__(self, name: str, command: list[str], env: dict[str, str]):
        OUT.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.log = (OUT / f"{name}.log").open("w")
        self.process = subprocess.Popen(
            command, cwd=BASE_DIR, env=env, stdout=self.log, stderr=subprocess.STDOUT
        )

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.log.close()


def web_concurrency() -> tuple[int, int]:
    """The workers and threads config/Procfile gives gunicorn: the benchmark runs the same."""
    web = next(line for line in PROCFILE.read_text().splitlines() if line.startswith("web:"))
    return tuple(int(re.search(rf"--{option} (\d+)", web)[1]) for option in ("workers", "threads"))


def start_web(env: dict[str, str]) -> tuple[Process, str]:
    """gunicorn as config/Procfile runs it (web_concurrency)."""
    workers, threads = web_concurrency()
    port = free_port()
    web = Process(
        "web",
        [
            str(VENV_BIN / "gunicorn"),
            "config.wsgi",
            "--no-control-socket",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
        ],
        env,
    )
    url = f"http://127.0.0.1:{port}"
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        try:
            with urlopen(f"{url}/healthz", timeout=2) as response:  # noqa: S310 (our own local server)
                if response.status == 200:
                    return web, url
        except OSError:
            time.sleep(0.2)
    web.stop()
    raise RuntimeError(f"gunicorn did not start; see {OUT / 'web.log'}")


def start_worker(env: dict[str, str]) -> Process:
    """db_worker as config/Procfile runs it (polling every 0.2 s)."""
    return Process(
        "worker", [sys.executable, "manage.py", "db_worker", "--interval", "0.2", "--no-startup-delay"], env
    )
