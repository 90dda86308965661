#!/usr/bin/env bash
# Vote benchmark, called by bench.sh with the running server: acknowledged Details.SetRate
# votes per second on the server's SQLite database (WAL, synchronous=FULL). Every vote is
# a new vote in the first run and a change in each later one (the star count moves on),
# by one of many members, so every answer is a commit.
# The figure is the median of BENCH_RUNS runs (3), like the other measures.
set -euo pipefail
PORT=$1 DB=$2 OUT=$3
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${BENCH_RUNS:-3}
# Enough members that no one reaches the limit of 30 votes a minute across all runs.
MEMBERS=${BENCH_MEMBERS:-15000}
"$ROOT/target/release/bench-seed" "sqlite://$DB?mode=rwc" "$MEMBERS" > "$OUT/tokens.txt"
curl -sf "http://127.0.0.1:$PORT/api/listings?route=/credit-cards/rewards&per_page=50" \
  | python3 -c 'import json,sys; [print(i["offer"]["id"]) for i in json.load(sys.stdin)["items"]]' > "$OUT/pids.txt"
WHID=$(curl -sf "http://127.0.0.1:$PORT/sid.php?a=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["__whid"])')
COOKIE=__Host-sid
cat > "$OUT/votes.lua" <<LUA
-- Each line: a session and the anti-forgery token bound to it.
local sessions, tokens, pids = {}, {}, {}
for l in io.lines("$OUT/tokens.txt") do
  local s, t = l:match("^(%S+)\t(%S+)$")
  sessions[#sessions + 1] = s; tokens[#tokens + 1] = t
end
for l in io.lines("$OUT/pids.txt") do pids[#pids + 1] = l end
local n = 0
local thread_no = 0
local run = 0
function setup(thread) thread_no = thread_no + 1; thread:set("offset", thread_no * 100003) end
-- The run number shifts every star count, so each run changes the votes the last one cast.
function init(args) run = tonumber(args[1]) or 0 end
function request()
  n = n + 1
  local i = n + offset
  local k = (i % #tokens) + 1
  local pid = pids[(math.floor(i / #tokens) % #pids) + 1]
  local stars = ((math.floor(i / (#tokens * #pids)) + run) % 5) + 1
  return wrk.format("POST", "/home/rpc", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-XSRF-WHID"] = "$WHID", ["X-XSRF-TOKEN"] = tokens[k],
    ["Cookie"] = "$COOKIE=" .. sessions[k],
  }, "action=Details.SetRate&pid=" .. pid .. "&rtg=" .. stars)
end
LUA
one_run() {
  wrk -t2 -c64 -d"${BENCH_DURATION:-10s}" --latency -s "$OUT/votes.lua" "http://127.0.0.1:$PORT/home/rpc" -- "$1" | awk '
    /Requests\/sec/ {rps=$2}
    /^ +99%/ {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; p99=v}
    /Non-2xx/ {bad=$5}
    END {printf "%s %s %s\n", rps, p99, (bad==""?0:bad)}'
}
: > "$OUT/votes-runs.txt"
for i in $(seq "$RUNS"); do
  one_run "$i" >> "$OUT/votes-runs.txt"
  sleep 1
done
# The median run by votes a second; refusals are summed over every run.
read -r RPS P99 _ < <(sort -n "$OUT/votes-runs.txt" | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}')
MIN=$(sort -n "$OUT/votes-runs.txt" | head -n1 | awk '{print $1}')
EACH=$(awk '{printf "%s%.0f", (NR>1?" / ":""), $1}' "$OUT/votes-runs.txt")
BAD=$(awk '{s+=$3} END {print s+0}' "$OUT/votes-runs.txt")
# A refused vote is not an acknowledged one: the figure only counts when every vote got a 2xx.
if [ "$BAD" != "0" ]; then
  echo "bench-votes: $BAD of the votes were refused (each member may vote 30 times a minute; raise BENCH_MEMBERS if these are 429s)" >&2
  exit 1
fi
# SQLite's own commit rate on the same disk, with the site's settings, right after: the
# baseline that makes the vote figure mean the same on any machine.
COMMITS=$(python3 "$ROOT/scripts/sqlite-commit-rate.py" "$OUT" 5)
MET=$(awk -v m="$MIN" 'BEGIN {print (m >= 5000 ? "yes" : "no")}')
echo "| Rating votes acknowledged per second (SQLite WAL, synchronous=FULL; median of $RUNS), p99 ${P99} ms, non-2xx ${BAD} | $RPS | SQLite alone, one-row commits/s: $COMMITS | $(awk -v a="$RPS" -v b="$COMMITS" 'BEGIN {printf "%.2f", a/b}')× | $EACH | ≥ 5,000: $MET |"
