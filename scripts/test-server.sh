#!/usr/bin/env bash
# Server suite on both stores: TEST_DB=sqlite, then TEST_DB=postgres — the first with the
# host in UTC (as containers run), the second in Asia/Shanghai (as the centre's own server may):
# the centre's day must not depend on the host's zone (src/contract/rules/centre-day.ts).
# PostgreSQL: uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) when
# something answers there; otherwise starts a throw-away cluster (trust auth, temp dir,
# free port), installing postgresql with apt-get if missing, and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== server tests: sqlite, TZ=UTC =="
TZ=UTC TEST_DB=sqlite npx vitest run --project server "$@"

echo "== server tests: postgres, TZ=Asia/Shanghai =="
PGTMP=""
PGBIN=""
RUNAS=()
cleanup() {
  if [[ -n "$PGTMP" ]]; then
    "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGTMP/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PGTMP"
  fi
}
trap cleanup EXIT

if [[ -z "${DATABASE_URL:-}" ]]; then
  if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
    export DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
  else
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
      echo "installing postgresql (throw-away cluster)"
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    PGBIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
    PGTMP=$(mktemp -d /tmp/cf-pg-XXXXXX)
    if [[ $(id -u) -eq 0 ]]; then
      id postgres >/dev/null 2>&1 || useradd -r postgres
      chown -R postgres "$PGTMP"
      RUNAS=(runuser -u postgres --)
    fi
    PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
    "${RUNAS[@]}" "$PGBIN/initdb" -D "$PGTMP/data" -A trust -U postgres >/dev/null
    "${RUNAS[@]}" "$PGBIN/pg_ctl" -D "$PGTMP/data" -o "-p $PORT -k $PGTMP -c listen_addresses=127.0.0.1" -l "$PGTMP/log" -w start >/dev/null
    "${RUNAS[@]}" "$PGBIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres test
    export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/test"
    echo "throw-away cluster on port $PORT"
  fi
fi
TZ=Asia/Shanghai TEST_DB=postgres npx vitest run --project server "$@"
