#!/usr/bin/env bash
# Part of `just bench`: the community question list and search on a database of 100,000
# questions and 300,000 answers, on SQLite and on PostgreSQL, beside the cached catalogue
# listing of the same server in the same run. 8 connections (light load: the targets are
# latencies). Prints Markdown table rows.
#
# Usage: bench-qna.sh <release binary dir> <output dir>
set -euo pipefail
BIN_DIR=$1
OUT=$2
mkdir -p "$OUT"
PORT=18082
QUESTIONS=${BENCH_QNA_QUESTIONS:-100000}
ANSWERS=${BENCH_QNA_ANSWERS_PER_QUESTION:-3}
RUNS=${BENCH_RUNS:-3}
DURATION=${BENCH_DURATION:-10s}
PG_ADMIN=${BENCH_PG_ADMIN:-postgres://postgres@127.0.0.1:5432/postgres}
PG_URL=${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/plainrate_bench}

# "req/s p50_ms p99_ms non2xx" at 8 connections.
load8() {
  wrk -t2 -c8 "-d$DURATION" --latency "$1" | awk '
    function ms(v) { if (v ~ /us$/) {sub(/us/,"",v); return v/1000} if (v ~ /ms$/) {sub(/ms/,"",v); return v} if (v ~ /s$/) {sub(/s/,"",v); return v*1000} return v }
    /Requests\/sec/ {rps=$2}
    /^ +50%/ {p50=ms($2)}
    /^ +99%/ {p99=ms($2)}
    /Non-2xx/ {bad=$5}
    END {printf "%s %s %s %s\n", rps, p50, p99, (bad==""?0:bad)}'
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

serve() {
  local url=$1 log=$2
  DATABASE_URL="$url" BIND_ADDR="127.0.0.1:$PORT" FIXTURES_DIR=fixtures RUST_LOG=warn \
    "$BIN_DIR/plainrate" serve >"$log" 2>&1 &
  echo $!
  for _ in $(seq 600); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "server did not start: $(cat "$log")" >&2
  return 1
}

measure() {
  local name=$1 url=$2
  local pid
  pid=$(serve "$url" "$OUT/qna-$name.log")
  local base="http://127.0.0.1:$PORT"
  declare -A R
  local targets=(
    "listing|$base/api/listings?route=/credit-cards/rewards"
    "list|$base/home/rpc?action=Qna.List"
    "list-mv-p50|$base/home/rpc?action=Qna.List&sort=mv&category=3&qpage=50"
    "search|$base/home/rpc?action=Qna.List&q=credit%20card"
  )
  for i in $(seq "$RUNS"); do
    for t in "${targets[@]}"; do
      R[${t%%|*}_$i]=$(load8 "${t#*|}")
      sleep 1
    done
  done
  kill "$pid"; wait "$pid" 2>/dev/null || true
  for t in "${targets[@]}"; do
    local key=${t%%|*}
    col() { for i in $(seq "$RUNS"); do echo "${R[${key}_$i]}" | awk -v f="$1" '{print $f}'; done | median; }
    echo "| $name: ${key} | $(col 1) | $(col 2) | $(col 3) | $(echo "${R[${key}_$RUNS]}" | awk '{print $4}') |"
  done
}

echo "| Community at $QUESTIONS questions × $ANSWERS answers, 8 connections | req/s | p50 ms | p99 ms | non-2xx (last run) |"
echo "|---|---|---|---|---|"

DB=$OUT/qna.sqlite
rm -f "$DB" "$DB-wal" "$DB-shm"
"$BIN_DIR/bench-qna-seed" "sqlite://$DB?mode=rwc" "$QUESTIONS" "$ANSWERS" 2>"$OUT/qna-seed-sqlite.log"
measure sqlite "sqlite://$DB?mode=rwc"

if psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS plainrate_bench" >/dev/null 2>&1 \
  && psql "$PG_ADMIN" -qc "CREATE DATABASE plainrate_bench" >/dev/null 2>&1; then
  "$BIN_DIR/bench-qna-seed" "$PG_URL" "$QUESTIONS" "$ANSWERS" 2>"$OUT/qna-seed-postgres.log"
  psql "$PG_URL" -qc "VACUUM ANALYZE" >/dev/null 2>&1 || true
  measure postgres "$PG_URL"
  psql "$PG_ADMIN" -qc "DROP DATABASE IF EXISTS plainrate_bench" >/dev/null 2>&1 || true
else
  echo "| postgres: not reachable at $PG_ADMIN | | | | |"
fi
