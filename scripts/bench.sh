#!/usr/bin/env bash
# `just bench`: the server against nginx serving the same bytes, in the same run, on
# loopback. Prints ratios and writes them to target/bench/results.md.
#
# Measured: a cached listing (req/s and p99 against nginx serving the same JSON body), the
# pixel (against nginx serving 100 bytes), acknowledged rating votes per second on SQLite
# (WAL, synchronous=FULL), start-up on a filled database, idle memory, and the community
# question list and search at 100,000 questions on SQLite and PostgreSQL (scripts/bench-qna.sh),
# and the pages in Lighthouse (scripts/lighthouse.sh). BENCH_QNA=0 and BENCH_LIGHTHOUSE=0 leave
# the last two out.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/target/bench
DURATION=${BENCH_DURATION:-10s}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
RUNS=${BENCH_RUNS:-3}
APP_PORT=18081
NGINX_PORT=18080
mkdir -p "$OUT"

need() { command -v "$1" >/dev/null 2>&1; }
if ! need wrk || ! need nginx; then
  apt-get install -y wrk nginx-light >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y wrk nginx-light >/dev/null; }
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

cargo build --release --locked -p plainrate --bins >/dev/null
BIN=$ROOT/target/release/plainrate

PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -f "$OUT/nginx/nginx.pid" ] && kill -QUIT "$(cat "$OUT/nginx/nginx.pid")" 2>/dev/null || true
}
trap cleanup EXIT

# Milliseconds from spawning the server until /healthz answers (polled every millisecond).
start_server() {
  local db=$1 log=$2
  python3 - "$BIN" "$db" "$APP_PORT" "$log" <<'PY'
import subprocess, sys, time, socket, os
binary, db, port, log = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
env = dict(os.environ, DATABASE_URL=f"sqlite://{db}?mode=rwc", BIND_ADDR=f"127.0.0.1:{port}",
           FIXTURES_DIR="fixtures", RUST_LOG="warn", TRUSTED_PROXIES="127.0.0.1")
t0 = time.perf_counter()
p = subprocess.Popen([binary, "serve"], env=env, stdout=open(log, "w"), stderr=subprocess.STDOUT)
while True:
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=0.05)
        s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        if s.recv(64).startswith(b"HTTP/1.1 200"):
            break
    except OSError:
        pass
    if p.poll() is not None:
        sys.exit("server exited")
    time.sleep(0.001)
print(f"{p.pid} {(time.perf_counter() - t0) * 1000:.0f}")
PY
}

rss_mb() { awk '/VmRSS/ {printf "%.1f", $2/1024}' "/proc/$1/status"; }

# wrk: "req/s p99_ms" for a URL (optional Lua script).
load() {
  local url=$1 script=${2:-}
  local args=(-t2 "-c$CONNECTIONS" "-d$DURATION" --latency)
  [ -n "$script" ] && args+=(-s "$script")
  wrk "${args[@]}" "$url" | awk '
    /Requests\/sec/ {rps=$2}
    /^ +99%/ {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; p99=v}
    /Non-2xx/ {bad=$5}
    END {printf "%s %s %s\n", rps, p99, (bad==""?0:bad)}'
}

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

DB=$OUT/bench.sqlite
rm -f "$DB" "$DB-wal" "$DB-shm"
read -r PID FIRST_MS < <(start_server "$DB" "$OUT/server-first.log")
PIDS+=("$PID"); kill "$PID"; wait "$PID" 2>/dev/null || true; PIDS=()
read -r PID START_MS < <(start_server "$DB" "$OUT/server.log")
PIDS+=("$PID")
sleep 2
IDLE_MB=$(rss_mb "$PID")

# The same bytes for nginx.
mkdir -p "$OUT/nginx/root"
LISTING_PATH="/api/listings?route=/credit-cards/rewards"
curl -sf "http://127.0.0.1:$APP_PORT$LISTING_PATH" -o "$OUT/nginx/root/listing.json"
head -c 100 /dev/zero | tr '\0' 'x' > "$OUT/nginx/root/b100.txt"
cat > "$OUT/nginx/nginx.conf" <<NGX
worker_processes 2; pid $OUT/nginx/nginx.pid; error_log $OUT/nginx/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; tcp_nodelay on;
       keepalive_timeout 65; keepalive_requests 1000000;
       default_type application/json; open_file_cache max=100 inactive=60s;
       client_body_temp_path $OUT/nginx; proxy_temp_path $OUT/nginx; fastcgi_temp_path $OUT/nginx;
       uwsgi_temp_path $OUT/nginx; scgi_temp_path $OUT/nginx;
       server { listen 127.0.0.1:$NGINX_PORT; root $OUT/nginx/root; location / { } } }
NGX
"$NGINX" -c "$OUT/nginx/nginx.conf" -p "$OUT/nginx"
sleep 0.5

PIXEL="/pixel.png?adview_id=a1&adview_pid=42&adview_page=bench&adview_version=2&adview_section=top&adview_position=1&adview_totals=10"
# Three seconds of load on each address first, for both servers, so that no measured run
# holds either one's first seconds (connections, the allocator's first growth, the
# database's first pages).
for url in "http://127.0.0.1:$NGINX_PORT/listing.json" "http://127.0.0.1:$APP_PORT$LISTING_PATH" \
  "http://127.0.0.1:$NGINX_PORT/b100.txt" "http://127.0.0.1:$APP_PORT$PIXEL"; do
  wrk -t2 "-c$CONNECTIONS" -d3s "$url" >/dev/null
done
# One run of a measure is four halves of DURATION in the order nginx, server, server, nginx
# (an ABBA design): a drift of the machine's speed during the run weighs on both sides alike,
# so each run's ratio is the servers', not the moment's.
HALF="$(( ${DURATION%s} / 2 > 0 ? ${DURATION%s} / 2 : 1 ))s"
load_half() { local DURATION=$HALF; load "$@"; }
# The mean of two halves' "req/s p99_ms non2xx" lines (the non-2xx answers added up).
mean2() { echo "$1 $2" | awk '{printf "%.2f %.2f %d\n", ($1 + $4) / 2, ($2 + $5) / 2, $3 + $6}'; }
# pair KEY_NGINX KEY_SERVER NGINX_URL SERVER_URL RUN
pair() {
  local n1 a1 a2 n2
  n1=$(load_half "$3"); sleep 1
  a1=$(load_half "$4"); sleep 1
  a2=$(load_half "$4"); sleep 1
  n2=$(load_half "$3"); sleep 1
  R[${1}_$5]=$(mean2 "$n1" "$n2")
  R[${2}_$5]=$(mean2 "$a1" "$a2")
  # Every half's "req/s p99_ms non2xx", to tell a run's slow half from a slow run.
  echo "run $5 $2: nginx $n1 | server $a1 | server $a2 | nginx $n2" >> "$OUT/halves.txt"
}
: > "$OUT/halves.txt"
declare -A R
for i in $(seq "$RUNS"); do
  pair nl al "http://127.0.0.1:$NGINX_PORT/listing.json" "http://127.0.0.1:$APP_PORT$LISTING_PATH" "$i"
  pair np ap "http://127.0.0.1:$NGINX_PORT/b100.txt" "http://127.0.0.1:$APP_PORT$PIXEL" "$i"
done
col() { local key=$1 field=$2; for i in $(seq "$RUNS"); do echo "${R[${key}_$i]}" | awk -v f="$field" '{print $f}'; done | median; }
PEAK_MB=$(awk '/VmHWM/ {printf "%.1f", $2/1024}' "/proc/$PID/status")

VOTES=""
if [ -x "$ROOT/scripts/bench-votes.sh" ]; then
  VOTES=$("$ROOT/scripts/bench-votes.sh" "$APP_PORT" "$DB" "$OUT" || echo "failed")
fi

# The community area at scale, on both databases (its own server and databases).
kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; PIDS=()
QNA=""
if [ "${BENCH_QNA:-1}" = 1 ]; then
  QNA=$("$ROOT/scripts/bench-qna.sh" "$ROOT/target/release" "$OUT" || echo "| community benchmark failed | | | | |")
fi

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a/b}'; }
# Each run's ratio (the server against nginx around it), and whether the goal held in
# every run, not only in the median.
each() {
  local app=$1 ref=$2
  for i in $(seq "$RUNS"); do
    ratio "$(echo "${R[${app}_$i]}" | awk '{print $1}')" "$(echo "${R[${ref}_$i]}" | awk '{print $1}')"
    if [ "$i" -lt "$RUNS" ]; then printf ' / '; fi
  done
}
every() { each "$1" "$2" | tr '/' '\n' | awk -v g="$3" 'BEGIN {ok="yes"} {if ($1 + 0 < g) ok="no"} END {print ok}'; }
{
  echo "| Measure | plainrate | nginx (same bytes) | ratio (median) | each run | goal held in every run |"
  echo "|---|---|---|---|---|---|"
  echo "| Cached listing, req/s (median of $RUNS) | $(col al 1) | $(col nl 1) | $(ratio "$(col al 1)" "$(col nl 1)")× | $(each al nl) | ≥ 0.9×: $(every al nl 0.9) |"
  echo "| Cached listing, p99 ms | $(col al 2) | $(col nl 2) | $(ratio "$(col al 2)" "$(col nl 2)")× | | |"
  echo "| Pixel vs 100 B file, req/s | $(col ap 1) | $(col np 1) | $(ratio "$(col ap 1)" "$(col np 1)")× | $(each ap np) | ≥ 0.9×: $(every ap np 0.9) |"
  echo "| Pixel p99 ms | $(col ap 2) | $(col np 2) | $(ratio "$(col ap 2)" "$(col np 2)")× | | |"
  echo "| Non-2xx answers (listing, pixel; last run) | $(echo "${R[al_$RUNS]}" | awk '{print $3}'), $(echo "${R[ap_$RUNS]}" | awk '{print $3}') | | | | |"
  [ -n "$VOTES" ] && echo "$VOTES"
  echo "| First start, empty database (migrate + import), ms | $FIRST_MS | | | | |"
  echo "| Start-up on the filled database, ms | $START_MS | | | | |"
  echo "| Idle memory (RSS), MB | $IDLE_MB | | | | |"
  echo "| Peak memory under load (HWM), MB | $PEAK_MB | | | | |"
  echo
  echo "wrk -t2 -c$CONNECTIONS, $RUNS runs of each measure, each run four halves of $DURATION (nginx, server, server, nginx), loopback, $(nproc) cores, $(date -u +%Y-%m-%d)."
  echo
  echo "$QNA"
  if [ "${BENCH_LIGHTHOUSE:-1}" = 1 ]; then
    echo
    bash "$ROOT/scripts/lighthouse.sh" || echo "Lighthouse failed"
  fi
} | tee "$OUT/results.md"
