#!/usr/bin/env bash
# The API contract, checked against the real server: schemathesis reads /api/openapi.json,
# sends a bounded number of generated requests to every operation, and fails on any 5xx
# or any answer (status, content type, body, headers) the document does not describe.
# Writes carry a real window id and anti-forgery token (as a guest), so they reach their
# own rules instead of stopping at the token check.
#
# CONTRACT_EXAMPLES sets the examples per operation (default 40); the seed is fixed so a
# failure repeats.
set -euo pipefail
cd "$(dirname "$0")/.."

examples="${CONTRACT_EXAMPLES:-40}"
venv=target/contract-venv
if [ ! -x "$venv/bin/schemathesis" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check schemathesis==4.32.5
fi

binary=target/debug/plainrate
[ -x "$binary" ] || { echo "no server binary: just server-build first" >&2; exit 1; }

dir=$(mktemp -d)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
BIND_ADDR="127.0.0.1:$port" \
DATABASE_URL="sqlite://$dir/site.sqlite?mode=rwc" \
PUBLIC_BASE_URL="$base" \
SECURE_COOKIES=false \
ASSETS_DIR=frontend/dist \
FIXTURES_DIR=fixtures \
LOG_FORMAT=text \
RUST_LOG=error \
  "$binary" serve >"$dir/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$dir"' EXIT

for _ in $(seq 1 600); do
  curl -fsS "$base/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  sleep 0.1
done

whid=$(curl -fsS "$base/sid.php" | python3 -c 'import json, sys; print(json.load(sys.stdin)["__whid"])')
token=$(curl -fsS -H "X-XSRF-WHID: $whid" "$base/home/rpc?action=get-csrf-token")

status=0
"$venv/bin/schemathesis" run "$base/api/openapi.json" \
  --url "$base" \
  --max-examples "$examples" \
  --seed 20261127 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
  --header "X-XSRF-WHID: $whid" \
  --header "X-XSRF-TOKEN: $token" \
  --generation-with-security-parameters false \
  --generation-database none \
  --no-color || status=$?
if [ "$status" != 0 ]; then
  echo "--- server log ---" >&2
  tail -n 50 "$dir/server.log" >&2
fi
exit "$status"
