"""`python -m bench` (run by `make bench` inside a throwaway PostgreSQL): seeds the data, starts
gunicorn (and later a db_worker) with production settings, runs the four benchmarks and writes
bench/RESULTS.md."""

import os
import shutil
import sys
import time
from datetime import UTC, datetime

SECTIONS = ("pages", "money", "jobs", "frontend")


def main() -> int:
    """`python -m bench [SECTION…]`: all four sections (and RESULTS.md) by default; naming sections
    runs only those and prints their figures (for working on one)."""
    chosen = set(sys.argv[1:]) or set(SECTIONS)
    if unknown := chosen - set(SECTIONS):
        print(f"Unknown sections {sorted(unknown)}; choose from {', '.join(SECTIONS)}.")
        return 2
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        print("The benchmarks run on PostgreSQL: use `make bench` (it starts a throwaway cluster).")
        return 2
    from bench.servers import EngineServer, create_database, production_env

    create_database(os.environ["DATABASE_URL"])
    engine = EngineServer()
    os.environ.update(production_env(engine_url=engine.url))

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from bench import frontend, jobs, money_path, pages, results, seed
    from bench.cpu import CpuMeter, database_pid
    from bench.servers import start_web, start_worker, web_concurrency
    from credits.actions import grant_credits

    started = time.monotonic()
    print("Preparing the database and static files…", flush=True)
    call_command("migrate", "--noinput", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    dashboard_user = seed.make_user("dashboard@bench.local")
    seed.seed_history(dashboard_user)
    money_users = [seed.make_user(f"money{n}@bench.local", password=None) for n in range(money_path.USERS)]
    jobs_user = seed.make_user("jobs@bench.local")
    grant_credits(
        user=jobs_user, amount=jobs.SUBMISSIONS * 20, reason="Benchmark", idempotency_key="bench-jobs"
    )
    dashboard_cookie = seed.session_cookie(dashboard_user)
    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        postgres_version = cursor.fetchone()[0]
    workers, threads = web_concurrency()
    versions = (
        f"Python {sys.version.split()[0]}, Django {django.get_version()}, PostgreSQL {postgres_version}, "
        f"gunicorn {workers} workers × {threads} threads"
    )

    web, base_url = start_web(dict(os.environ))
    worker = None
    page_results = money = job_results = front = None
    scores, audits = {}, {}
    try:
        if "pages" in chosen:
            print("1. Pages…", flush=True)
            page_results = pages.bench_pages(
                base_url,
                [
                    ("Landing", "/", None),
                    ("Dashboard, 1,000 history items", "/dashboard", dashboard_cookie),
                    ("Tool page", "/services/meta-copy", dashboard_cookie),
                    ("Balance API", "/api/credits/", dashboard_cookie),
                ],
            )
            print(page_results, flush=True)
        if "money" in chosen:
            print("2. Money path…", flush=True)
            money = money_path.bench_money_path(
                base_url,
                users=money_users,
                cookies=[seed.session_cookie(user) for user in money_users],
                meter=CpuMeter(web.process.pid, database_pid()) if CpuMeter.available() else None,
            )
            money_path.drain_queue()
            print(money, flush=True)
        if "jobs" in chosen:
            print("3. Jobs…", flush=True)
            worker = start_worker(dict(os.environ))
            job_results = jobs.bench_jobs(
                base_url, cookie=seed.session_cookie(jobs_user), engine=engine, inputs=money_path.INPUTS
            )
            print(job_results, flush=True)
        if "frontend" in chosen:
            print("4. Front end…", flush=True)
            front_pages = [
                ("Landing", "/", None),
                ("Sign-in", "/signin", None),
                ("Dashboard", "/dashboard", dashboard_cookie),
                ("Tool page", "/services/meta-copy", dashboard_cookie),
            ]
            front = [frontend.page_bytes(base_url, name, path, cookie) for name, path, cookie in front_pages]
            frontend.ensure_lighthouse()
            for name, path, cookie in front_pages:
                slug = name.lower().replace(" ", "-")
                scores[name] = frontend.lighthouse_scores(f"{base_url}{path}", slug, cookie)
                for category in frontend.CATEGORIES:
                    audits[(name, category)] = frontend.failing_audits(slug, category)
            print(front, scores, flush=True)
    finally:
        if worker:
            worker.stop()
        web.stop()
        engine.stop()
        shutil.rmtree(os.environ["DATA_DIR"], ignore_errors=True)  # the run's files (production_env)

    if chosen != set(SECTIONS):
        print(f"Done in {time.monotonic() - started:.0f} s (RESULTS.md is written only by a full run).")
        return 0
    text = results.render(
        when=datetime.now(UTC),
        versions=versions,
        pages=page_results,
        money=money,
        jobs=job_results,
        frontend=front,
        scores=scores,
        audits=audits,
        settings_note=(
            "Production settings (`DEBUG=0`, generated `SECRET_KEY`, `HTTPS=0` for plain HTTP on 127.0.0.1), "
            "PostgreSQL with `fsync=off`, wrk (Debian) on the same machine: 8 connections for pages, 16 for the money path."
        ),
    )
    results.RESULTS.write_text(text)
    print(text)
    print(f"Written to {results.RESULTS} in {time.monotonic() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
