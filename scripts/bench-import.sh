#!/usr/bin/env bash
# `just bench-import`: what an import of the whole catalogue costs the requests beside it.
# The release server on SQLite serves a product page's data and a listing under wrk load
# while `plainrate import` replaces the catalogue again and again in a second process (each
# import changes every CD's APY, so each writes a new version, history rows and a rebuild
# of the catalogue view); the same load without imports runs before and after it (ABA), and
# the figures are ratios of the two in the same run. Writes target/bench/import.md.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/target/bench
DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-32}
PORT=18083
mkdir -p "$OUT"
command -v wrk >/dev/null 2>&1 || { apt-get install -y wrk >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk >/dev/null; }; }

cargo build --release --locked -p plainrate --bins >/dev/null
BIN=$ROOT/target/release/plainrate
DB=$OUT/import.sqlite
rm -f "$DB" "$DB-wal" "$DB-shm"
export DATABASE_URL="sqlite://$DB?mode=rwc" FIXTURES_DIR=fixtures RUST_LOG=warn

# Two folders that differ in every CD's APY, imported in turns.
for variant in a b; do
  mkdir -p "$OUT/import-$variant"
  python3 - "$variant" "$OUT/import-$variant" <<'PY'
import json, pathlib, sys
variant, to = sys.argv[1], pathlib.Path(sys.argv[2])
for f in pathlib.Path("fixtures/catalogue").glob("*.json"):
    offers = json.loads(f.read_text())
    if variant == "b":
        for o in offers:
            if o.get("PDT_TYPE") == "CD" and o.get("APY"):
                o["APY"] = "9.99%"  # generated for the benchmark only, never served as data
    (to / f.name).write_text(json.dumps(offers))
PY
done

BIND_ADDR="127.0.0.1:$PORT" CATALOGUE_POLL_SECS=1 "$BIN" serve >"$OUT/import-server.log" 2>&1 &
SERVER=$!
IMPORTER=
trap 'kill $SERVER ${IMPORTER:-} 2>/dev/null || true' EXIT
for _ in $(seq 1 300); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.1; done

PRODUCT="http://127.0.0.1:$PORT/api/offers/hysa-ally-online-savings-account"
LISTING="http://127.0.0.1:$PORT/api/listings?route=/cd-rates"

# wrk: "req/s p99_ms non2xx" for a URL.
load() {
  wrk -t2 "-c$CONNECTIONS" "-d$DURATION" --latency "$1" | awk '
    /Requests\/sec/ {rps=$2}
    /^ +99%/ {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; p99=v}
    /Non-2xx/ {bad=$5}
    /Socket errors/ {bad+=0}
    END {printf "%s %s %s\n", rps, p99, (bad==""?0:bad)}'
}

imports() {
  local n=0
  while true; do
    for variant in b a; do
      "$BIN" import --force "$OUT/import-$variant" >/dev/null
      n=$((n + 1)); echo "$n" > "$OUT/import-count"
    done
  done
}

wrk -t2 "-c$CONNECTIONS" -d3s "$PRODUCT" >/dev/null
wrk -t2 "-c$CONNECTIONS" -d3s "$LISTING" >/dev/null
{
  echo "# Requests during imports"
  echo
  echo "wrk -t2 -c$CONNECTIONS, $DURATION each, loopback, $(nproc) cores, $(date -u +%Y-%m-%d); release build, SQLite."
  echo
  echo "| Read | Without imports: req/s, p99 ms | During imports: req/s, p99 ms | Ratio req/s | Ratio p99 | Non-2xx during | Imports during |"
  echo "|---|---|---|---|---|---|---|"
  for url in "$PRODUCT" "$LISTING"; do
    read -r r1 p1 b1 < <(load "$url")
    echo 0 > "$OUT/import-count"
    imports & IMPORTER=$!
    read -r r2 p2 b2 < <(load "$url")
    kill $IMPORTER 2>/dev/null || true; wait $IMPORTER 2>/dev/null || true; IMPORTER=
    count=$(cat "$OUT/import-count")
    read -r r3 p3 b3 < <(load "$url")
    base_r=$(awk -v a="$r1" -v b="$r3" 'BEGIN {print (a+b)/2}')
    base_p=$(awk -v a="$p1" -v b="$p3" 'BEGIN {print (a+b)/2}')
    echo "| \`${url#http://127.0.0.1:$PORT}\` | $base_r, $base_p | $r2, $p2 | $(awk -v a="$r2" -v b="$base_r" 'BEGIN {printf "%.2f", a/b}') | $(awk -v a="$p2" -v b="$base_p" 'BEGIN {printf "%.2f", a/b}') | $b2 | $count |"
  done
} | tee "$OUT/import.md"
