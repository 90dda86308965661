#!/usr/bin/env bash
# Did a change make the cached listing or the pixel slower? Runs two release binaries of
# the site side by side on this machine, each on its own fresh SQLite database, and
# measures them in turns (A, B, A, B, …) so that the machine's drift between runs falls
# on both alike. Prints req/s medians and B/A ratios as Markdown rows.
#
# Usage: bench-compare.sh REV   (A is commit REV, B the working tree; `just bench-compare REV`)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
REV=${1:?usage: bench-compare.sh REV}
OUT=$ROOT/target/bench-compare
RUNS=${BENCH_RUNS:-5}
DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
mkdir -p "$OUT"

cargo build --release -q -p plainrate --bin plainrate
cp target/release/plainrate "$OUT/plainrate-b"
# REV builds in a target folder of its own (kept between runs), so neither build's
# binary can stand in for the other's.
git worktree remove --force "$OUT/tree" 2>/dev/null || rm -rf "$OUT/tree"
git worktree prune
git worktree add --detach "$OUT/tree" "$REV" >/dev/null
(cd "$OUT/tree" && CARGO_TARGET_DIR=$OUT/target cargo build --release -q -p plainrate --bin plainrate)
cp "$OUT/target/release/plainrate" "$OUT/plainrate-a"
BIN_A=$OUT/plainrate-a FIX_A=$OUT/tree/fixtures BIN_B=$OUT/plainrate-b FIX_B=$ROOT/fixtures

serve() {
  local bin=$1 fixtures=$2 port=$3 name=$4
  rm -f "$OUT/$name.sqlite"*
  DATABASE_URL="sqlite://$OUT/$name.sqlite?mode=rwc" BIND_ADDR="127.0.0.1:$port" \
    FIXTURES_DIR="$fixtures" RUST_LOG=warn TRUSTED_PROXIES=127.0.0.1 \
    "$bin" serve >"$OUT/$name.log" 2>&1 &
  echo $! >"$OUT/$name.pid"
  for _ in $(seq 600); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  echo "server $name did not start" >&2
  return 1
}

rps() { wrk -t2 "-c$CONNECTIONS" "-d$DURATION" "$1" | awk '/Requests\/sec/ {print $2}'; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

rm -f "$OUT"/*.pid
trap 'kill $(cat "$OUT"/*.pid 2>/dev/null) 2>/dev/null || true; git worktree remove --force "$OUT/tree" 2>/dev/null || true' EXIT
serve "$BIN_A" "$FIX_A" 18091 a
serve "$BIN_B" "$FIX_B" 18092 b

LISTING="/api/listings?route=/credit-cards/rewards"
PIXEL="/pixel.png?adview_id=a1&adview_pid=42&adview_page=bench&adview_version=2&adview_section=top&adview_position=1&adview_totals=10"
echo "| Measure, req/s (median of $RUNS, in turns) | $REV | working tree | ratio |"
echo "|---|---|---|---|"
for target in listing pixel; do
  path=$LISTING
  [ "$target" = pixel ] && path=$PIXEL
  : >"$OUT/$target-a" ; : >"$OUT/$target-b"
  for _ in $(seq "$RUNS"); do
    rps "http://127.0.0.1:18091$path" >>"$OUT/$target-a"; sleep 1
    rps "http://127.0.0.1:18092$path" >>"$OUT/$target-b"; sleep 1
  done
  a=$(median <"$OUT/$target-a") b=$(median <"$OUT/$target-b")
  echo "| $target | $a | $b | $(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", b/a}')× |"
done
