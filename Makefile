# make run   — install everything and start the app (web + worker) on http://127.0.0.1:$(PORT)
# make test  — install everything (plus test tools and Chromium), start a throwaway
#              PostgreSQL, run every test (pytest on PostgreSQL and SQLite, Vitest)
SHELL := /bin/bash
.DEFAULT_GOAL := help
PORT ?= 8000
# Job workers `make run` starts (config/Procfile's `worker`): each runs one generation at a time.
WORKERS ?= 3

# The first interpreter that is Python >= 3.12 (pyenv's 3.12.1 on our machines).
PYTHON_BOOT := $(shell for p in python3.12 $(HOME)/.pyenv/versions/3.12.1/bin/python3.12 /root/.pyenv/versions/3.12.1/bin/python3.12 python3.13 python3; do \
	command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null && { command -v $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
NPM := npm --prefix frontend --no-fund --no-audit --loglevel=error

.PHONY: help run test lint bench install install-test frontend chromium redis wrk check-deploy

help:
	@echo "make run    install and start the app on http://127.0.0.1:$(PORT)"
	@echo "make test   install and run every test"
	@echo "make lint   ruff"
	@echo "make bench  benchmarks (bench/RESULTS.md)"

$(VENV)/.installed: requirements.txt
	@test -n "$(PYTHON_BOOT)" || { echo "Python >= 3.12 not found"; exit 1; }
	@test -x $(PY) || $(PYTHON_BOOT) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade "pip>=25.1" 2>&1 | grep -v "is ignored" || true
	$(PY) -m pip install -q -r requirements.txt 2>&1 | grep -v "is ignored" || true
	$(PY) -c "import django, allauth, django_tasks_db, stripe, PIL"
	@touch $@

$(VENV)/.installed-test: $(VENV)/.installed pyproject.toml
	$(PY) -m pip install -q --group test 2>&1 | grep -v "is ignored" || true
	$(PY) -c "import pytest, pytest_django, playwright, moto, hypothesis"
	@touch $@

install: $(VENV)/.installed frontend/node_modules/.installed
install-test: $(VENV)/.installed-test frontend/node_modules/.installed

# `npm ci` refuses this lock file here: the registry these machines reach serves only the
# Linux builds of Tailwind's native optional packages, so the lock cannot list the others.
# `npm install` with the committed lock file installs the same pinned versions.
frontend/node_modules/.installed: frontend/package-lock.json frontend/package.json
	$(NPM) install --no-save
	@touch $@

frontend: frontend/node_modules/.installed
	$(NPM) run build --silent

chromium:
	@command -v chromium >/dev/null 2>&1 || { \
		apt-get -o DPkg::Lock::Timeout=300 update -qq && \
		apt-get -o DPkg::Lock::Timeout=300 install -y -qq chromium >/dev/null; }

# Redis for the RQ scale-out test; wrk for the benchmarks (Debian's packages).
redis:
	@command -v redis-server >/dev/null 2>&1 || { \
		apt-get -o DPkg::Lock::Timeout=300 update -qq && \
		apt-get -o DPkg::Lock::Timeout=300 install -y -qq redis-server >/dev/null; }

wrk:
	@command -v wrk >/dev/null 2>&1 || { \
		apt-get -o DPkg::Lock::Timeout=300 update -qq && \
		apt-get -o DPkg::Lock::Timeout=300 install -y -qq wrk >/dev/null; }

.data/secret_key:
	@mkdir -p .data
	@umask 077 && $(PY) -c "import secrets; print(secrets.token_urlsafe(50))" > $@

run: install frontend .data/secret_key
	@export SECRET_KEY="$$(cat .data/secret_key)" HTTPS=0 PORT=$(PORT); \
	$(PY) manage.py migrate --noinput -v 0 && \
	$(PY) manage.py createcachetable && \
	$(PY) manage.py collectstatic --noinput -v 0 && \
	echo "Adsmith AI is running at http://127.0.0.1:$(PORT)  (Ctrl-C stops web and worker)" && \
	exec $(PY) config/run_local.py -f config/Procfile start -c worker=$(WORKERS)

test: install-test frontend chromium redis
	bash .ci/with-postgres.sh bash .ci/test-suite.sh

lint: install-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

check-deploy: install
	DEBUG=0 SECRET_KEY=$$($(PY) -c "import secrets; print(secrets.token_urlsafe(50))") \
	ALLOWED_HOSTS=adsmith.example.com EMAIL_HOST=smtp.example.com $(PY) manage.py check --deploy --fail-level WARNING

bench: install-test frontend chromium wrk
	bash .ci/with-postgres.sh $(PY) -m bench
