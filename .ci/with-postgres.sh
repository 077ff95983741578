#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL 15 cluster (DATABASE_URL exported), then
# removes the cluster whatever the command's outcome.
set -euo pipefail
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  apt-get -o DPkg::Lock::Timeout=300 update -qq
  apt-get -o DPkg::Lock::Timeout=300 install -y -qq postgresql >/dev/null
  PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
fi
DATA=$(mktemp -d /tmp/adsmith-pg.XXXXXX)
PORT=${PG_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
if [ "$(id -u)" = 0 ]; then chown postgres "$DATA"; fi
cleanup() { as_pg "$PG_BIN/pg_ctl -D $DATA -m immediate stop" >/dev/null 2>&1 || true; rm -rf "$DATA"; }
trap cleanup EXIT
as_pg "$PG_BIN/initdb -D $DATA -U postgres --auth=trust -E UTF8 >/dev/null"
as_pg "$PG_BIN/pg_ctl -D $DATA -l $DATA/log -w -o \"-p $PORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300\" start" >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/adsmith"
export PG_DATA_DIR="$DATA" PG_BIN
"$@"
