"""Scale-out: two web processes (gunicorn) and three workers on one PostgreSQL run 200 generations
posted by 10 users at once — none runs twice, none is lost, the ledger is exact. Then the same with
the RQ task backend on a local Redis.

The engine is the webhook engine pointed at a local server that answers at once and counts the
calls it gets for each generation (each carries its own brand name).
"""

import os
import shutil
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import requests
from django.conf import settings as django_settings
from django.test import Client
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from config.tests.ledger_checks import assert_books_balanced
from credits.actions import grant_credits
from credits.models import balance_of
from history.models import Generation
from services.tests.generation_inputs import META_COPY_INPUTS
from services.tests.local_servers import LocalServer
from services.tests.test_jobs_worker import database_url

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

USERS = 10
PER_USER = 20  # 200 generations in all
COST = 20  # Meta Copy
CSRF_TOKEN = "scalescalescalescalescalescalesc"
WAIT_SECONDS = 120  # an upper bound for a slow, shared machine; never a measurement
META_COPY_REPLY = b'[{"PrimaryText1": "Glow all day.", "Headline1": "Meet Glow", "Description1": "Serum"}]'


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Processes:
    """The processes one test starts, with their logs; all stopped at the end."""

    def __init__(self, log_dir: Path, env: dict[str, str]):
        self.log_dir = log_dir
        self.env = env
        self.running: list[tuple[str, subprocess.Popen]] = []

    def start(self, name: str, *command: str) -> subprocess.Popen:
        log = (self.log_dir / f"{name}.log").open("w")
        process = subprocess.Popen(
            command, cwd=django_settings.BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT
        )
        self.running.append((name, process))
        return process

    def logs(self) -> str:
        return "\n".join(
            f"--- {name}\n" + (self.log_dir / f"{name}.log").read_text()[-3000:] for name, _ in self.running
        )

    def stop(self) -> None:
        for _, process in self.running:
            if process.poll() is None:
                process.terminate()
        for _, process in self.running:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


def wait_for(condition, what: str, processes: Processes):
    give_up = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < give_up:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"gave up waiting for {what}\n{processes.logs()}")


def answers(url: str) -> bool:
    try:
        return requests.get(url, timeout=2).status_code == 200
    except requests.RequestException:
        return False


@pytest.fixture
def engine():
    server = LocalServer()
    server.route(
        "POST", "/webhook/meta-copy", body=META_COPY_REPLY, headers={"Content-Type": "application/json"}
    )
    yield server
    server.stop()


@pytest.fixture
def users(make_user):
    people = [make_user(f"user{n}@example.com") for n in range(USERS)]
    for person in people:
        grant_credits(
            user=person, amount=PER_USER * COST, reason="Scale-out", idempotency_key=f"scale-{person.pk}"
        )
    return people


def process_env(engine: LocalServer, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.tests.scale_out_settings",
        "DATABASE_URL": database_url(),
        "DATA_DIR": str(django_settings.DATA_DIR),
        "GENERATION_ENGINE": "webhook",
        "WEBHOOK_BASE_URL": engine.url("/webhook"),
        # Everyone posts at once and the queue may lag: this test is about the queue, not the limits.
        "GENERATION_MAX_ACTIVE_PER_USER": "1000",
        "GENERATIONS_PER_HOUR": "1000",
        **extra,
    }


def start_web(processes: Processes, count: int = 2) -> list[str]:
    urls = []
    for n in range(count):
        port = free_port()
        processes.start(
            f"web{n}",
            str(Path(sys.executable).parent / "gunicorn"),
            "config.wsgi",
            "--no-control-socket",  # two gunicorns would share the default one
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--threads",
            "4",
        )
        urls.append(f"http://127.0.0.1:{port}")
    for url in urls:
        wait_for(lambda url=url: answers(f"{url}/healthz"), f"{url} to answer", processes)
    return urls


def browser_session(user) -> requests.Session:
    """A signed-in session: the session cookie of a real login, plus a CSRF cookie and header."""
    client = Client()
    client.force_login(user)
    session = requests.Session()
    # A keep-alive connection the server closes just as a request goes out resets it. Every
    # POST carries its idempotency key, so sending it again is safe — as a real client would.
    retry = Retry(total=3, connect=3, read=3, status=0, allowed_methods=None, backoff_factor=0.2)
    session.mount("http://", HTTPAdapter(max_retries=retry))
    session.cookies.set("sessionid", client.cookies["sessionid"].value)
    session.cookies.set("csrftoken", CSRF_TOKEN)
    session.headers["X-CSRFToken"] = CSRF_TOKEN
    return session


def post_all(users, web_urls: list[str]) -> list[int]:
    """Every user posts PER_USER generations, 16 requests in flight, alternating the web processes."""
    sessions = {user.pk: browser_session(user) for user in users}
    jobs = [(user, n) for n in range(PER_USER) for user in users]

    def post(index_job):
        index, (user, n) = index_job
        response = sessions[user.pk].post(
            f"{web_urls[index % len(web_urls)]}/api/generations/",
            json={
                "tool": "meta-copy",
                "inputs": {**META_COPY_INPUTS, "brand": f"User {user.pk} run {n}"},
                "idempotency_key": f"{user.pk}-{n}",
            },
            timeout=30,
        )
        return response.status_code

    with ThreadPoolExecutor(max_workers=16) as pool:
        return list(pool.map(post, enumerate(jobs)))


def assert_each_ran_once(users, engine: LocalServer) -> None:
    generations = Generation.objects.filter(user__in=users)
    assert generations.count() == USERS * PER_USER  # none lost
    assert set(generations.values_list("status", flat=True)) == {"success"}
    calls: dict[str, int] = {}
    for received in engine.received:
        brand = received.json()["brand"]
        calls[brand] = calls.get(brand, 0) + 1
    assert len(calls) == USERS * PER_USER
    assert set(calls.values()) == {1}  # none ran twice
    for user in users:
        assert balance_of(user) == 100  # the sign-up grant is what is left: every spend exact
    assert_books_balanced()


def run_everything(users, engine, processes: Processes, start_worker) -> None:
    web_urls = start_web(processes)
    for n in range(3):
        start_worker(n)
    statuses = post_all(users, web_urls)
    assert statuses == [202] * (USERS * PER_USER), processes.logs()
    wait_for(
        lambda: not Generation.objects.in_flight().exists(),
        "the workers to finish every generation",
        processes,
    )
    assert_each_ran_once(users, engine)


def test_two_web_processes_and_three_database_workers_run_200_generations_once_each(users, engine, tmp_path):
    processes = Processes(tmp_path, process_env(engine))
    manage = str(django_settings.BASE_DIR / "manage.py")
    try:
        run_everything(
            users,
            engine,
            processes,
            lambda n: processes.start(
                f"worker{n}", sys.executable, manage, "db_worker", "--interval", "0.1", "--no-reload"
            ),
        )
    finally:
        processes.stop()


@pytest.fixture
def redis_url(tmp_path):
    server = shutil.which("redis-server")
    if server is None:
        pytest.skip("redis-server is not installed (`make test` installs it)")
    port = free_port()
    process = subprocess.Popen(
        [
            server,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
    )
    give_up = time.monotonic() + 30
    while time.monotonic() < give_up:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    yield f"redis://127.0.0.1:{port}/0"
    process.terminate()
    process.wait(timeout=10)


def test_the_same_with_the_rq_task_backend_on_redis(users, engine, redis_url, tmp_path):
    env = process_env(engine, TASKS_BACKEND="django_tasks_rq.RQBackend", REDIS_URL=redis_url)
    processes = Processes(tmp_path, env)
    manage = str(django_settings.BASE_DIR / "manage.py")
    try:
        run_everything(
            users,
            engine,
            processes,
            lambda n: processes.start(
                f"worker{n}",
                sys.executable,
                manage,
                "rqworker",
                "--job-class",
                "django_tasks_rq.Job",
                # One process per worker, as db_worker has: RQ's default forks a process per job.
                "--worker-class",
                "rq.worker.SimpleWorker",
                "default",
            ),
        )
    finally:
        processes.stop()
