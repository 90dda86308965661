#!/usr/bin/env bash
# Lighthouse 12 (mobile, simulated throttling) against the release server on the pages a
# visitor lands on: the home page, a listing, a card's details page, the savings listing
# and the answers page. Each page is measured LIGHTHOUSE_RUNS times (default 3) and the
# median run of each figure is reported, beside its target. Writes the table to
# target/bench/lighthouse.md; the JSON reports stay in target/bench/lighthouse/.
#
# Lighthouse is installed on first use into target/lighthouse from the npm registry
# (12.2.3, the last line that runs on Node 20); the browser is Debian's Chromium.
#
# Usage: scripts/lighthouse.sh [base-url]   (without one it starts the release server on a
# fresh SQLite database filled from the fixtures)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/target/bench/lighthouse
RUNS=${LIGHTHOUSE_RUNS:-3}
mkdir -p "$OUT"

LH_DIR=$ROOT/target/lighthouse
if [ ! -x "$LH_DIR/node_modules/.bin/lighthouse" ]; then
  mkdir -p "$LH_DIR"
  (cd "$LH_DIR" && npm install --no-audit --no-fund --silent lighthouse@12.2.3 >/dev/null)
fi
if ! command -v chromium >/dev/null 2>&1; then
  apt-get install -y chromium >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y chromium >/dev/null; }
fi

BASE=${1:-}
SERVER=""
cleanup() { [ -n "$SERVER" ] && kill "$SERVER" 2>/dev/null || true; }
trap cleanup EXIT
if [ -z "$BASE" ]; then
  [ -f frontend/dist/index.html ] || (cd frontend && npm run build >/dev/null)
  cargo build --release --locked -p plainrate >/dev/null
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  DB=$OUT/site.sqlite
  rm -f "$DB" "$DB-wal" "$DB-shm"
  BASE="http://127.0.0.1:$PORT"
  DATABASE_URL="sqlite://$DB?mode=rwc" BIND_ADDR="127.0.0.1:$PORT" PUBLIC_BASE_URL="$BASE" \
    SECURE_COOKIES=false FIXTURES_DIR=fixtures ASSETS_DIR=frontend/dist RUST_LOG=warn \
    "$ROOT/target/release/plainrate" serve >"$OUT/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 1 600); do
    curl -fsS "$BASE/healthz" >/dev/null 2>&1 && break
    kill -0 "$SERVER" 2>/dev/null || { cat "$OUT/server.log" >&2; exit 1; }
    sleep 0.1
  done
fi

first_path() {
  curl -fsS "$BASE/api/listings?route=$1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["items"][0]["offer"]["detailsPath"])'
}
CARD=$(first_path /credit-cards/rewards)
PAGES=("home /" "listing /credit-cards/rewards" "card-details $CARD" "savings /savings-accounts" "answers /answers/")

export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
FLAGS="--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run"
for page in "${PAGES[@]}"; do
  read -r name path <<<"$page"
  for i in $(seq "$RUNS"); do
    rm -f "$OUT/$name-$i.json"
    # A first load the visitor's browser has not seen (Lighthouse clears its cache).
    "$LH_DIR/node_modules/.bin/lighthouse" "$BASE$path" --quiet --only-categories=performance \
      --output=json --output-path="$OUT/$name-$i.json" --chrome-flags="$FLAGS" >/dev/null 2>&1 ||
      echo "lighthouse failed on $path (run $i)" >&2
  done
done

python3 - "$OUT" "$RUNS" "${PAGES[@]}" <<'PY' | tee "$ROOT/target/bench/lighthouse.md"
import json, statistics, sys, os
out, runs, pages = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
print("| Page | Performance | LCP | CLS | Total blocking time | FCP | Speed index |")
print("|---|---|---|---|---|---|---|")
print("| target | ≥ 95 | ≤ 1.5 s | ≤ 0.02 | ≤ 150 ms | | |")
for page in pages:
    name, path = page.split(" ", 1)
    reports = []
    for i in range(1, runs + 1):
        f = os.path.join(out, f"{name}-{i}.json")
        if os.path.exists(f):
            report = json.load(open(f))
            # A run Lighthouse could not score (an error in its trace) is left out.
            if report["categories"]["performance"]["score"] is not None:
                reports.append(report)
    if not reports:
        print(f"| {name} (`{path}`) | failed | | | | | |")
        continue
    def med(key):
        return statistics.median(r["audits"][key]["numericValue"] for r in reports)
    perf = statistics.median(round(r["categories"]["performance"]["score"] * 100) for r in reports)
    spread = sorted(round(r["categories"]["performance"]["score"] * 100) for r in reports)
    print(f"| {name} (`{path}`) | {perf:.0f} ({'–'.join(map(str, [spread[0], spread[-1]]))}) "
          f"| {med('largest-contentful-paint')/1000:.2f} s | {med('cumulative-layout-shift'):.3f} "
          f"| {med('total-blocking-time'):.0f} ms | {med('first-contentful-paint')/1000:.2f} s "
          f"| {med('speed-index')/1000:.2f} s |")
print()
print(f"Lighthouse 12.2.3, mobile form factor, simulated throttling (Slow 4G, 4× CPU), "
      f"median of {runs} runs per page, Debian Chromium, loopback, release server.")
PY
