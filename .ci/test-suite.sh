#!/usr/bin/env bash
# The whole suite: pytest on PostgreSQL (everything, browsers included), the non-browser
# part again on SQLite (without the slow fuzz/property tests, which check request handling or
# need PostgreSQL's locks), then the island unit tests. Any failure fails the run.
set -euo pipefail
export DJANGO_ALLOW_ASYNC_UNSAFE=true
PYTEST=".venv/bin/python -m pytest -p no:cacheprovider"

echo "== pytest on PostgreSQL =="
# A browser test that fails leaves a screenshot of the page in test-artifacts/failures/.
$PYTEST -n 2 --dist loadfile -q --screenshot only-on-failure --output test-artifacts/failures

echo "== pytest on SQLite (non-browser, no fuzzing) =="
env -u DATABASE_URL $PYTEST -n 2 --dist loadfile -q -m "not browser and not postgres and not fuzz"

echo "== vitest =="
npm --prefix frontend --silent test
