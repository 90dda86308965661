#!/usr/bin/env bash
# The API contract, checked against the real server: schemathesis reads /api/openapi.json,
# sends a bounded number of generated requests to every operation, and fails on any 5xx
# or any answer (status, content type, body, headers) the document does not describe.
# Requests carry real sessions (a signed-in moderator's for most, a guest's and other
# members' where scripts/contract_hooks.py says why), with a window id and anti-forgery
# token, so writes reach their own rules instead of stopping at the token check and
# members' operations answer. What exists only once the server runs (codes, passwords,
# the moderator's own questions) is made first and handed to the run through
# scripts/contract.toml, which also makes every warning a failure. At the end each
# operation's successful cases are counted, and an operation with none fails the run.
#
# CONTRACT_EXAMPLES sets the examples per operation (default 40); the seed is fixed so a
# failure repeats. CONTRACT_ARGS adds arguments to schemathesis (e.g. `--phases fuzzing`).
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
export DATABASE_URL="sqlite://$dir/site.sqlite?mode=rwc"
BIND_ADDR="127.0.0.1:$port" \
PUBLIC_BASE_URL="$base" \
TRUSTED_PROXIES=127.0.0.1 \
APP_STORE_URL=https://apps.example.test/plainrate \
PLAY_STORE_URL=https://play.example.test/plainrate \
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

# A cookie jar per client; each setup request comes from an address of its own, as the
# run's requests do (scripts/contract_hooks.py).
token() { curl -fsS -b "$1" -c "$1" -H "X-XSRF-WHID: $whid" "$base/home/rpc?action=get-csrf-token"; }
client=0
rpc() {
  client=$((client + 1))
  curl -fsS -b "$1" -c "$1" -H "X-Forwarded-For: 198.51.100.$client" -H "X-XSRF-WHID: $whid" \
    -H "X-XSRF-TOKEN: $(token "$1")" -H 'Content-Type: application/json' -d "$3" \
    "$base/home/rpc/$2"
}
field() { python3 -c "import json, sys; v = json.load(sys.stdin); print(eval(sys.argv[1], {}, {'v': v}))" "$1"; }
cookies() { sed 's/^#HttpOnly_//' "$1" | awk '!/^#/ && NF >= 7 { printf "%s%s=%s", sep, $6, $7; sep = "; " }'; }
code_for() { "$binary" outbox --to "$1" --limit 1 | grep -oE "$2" | head -n 1; }

moderator="$dir/moderator.jar" leaver="$dir/leaver.jar" guest="$dir/guest.jar"
export CONTRACT_EMAIL=contract-moderator@example.com CONTRACT_PASSWORD="contract moderator password"
rpc "$moderator" Members.Join "{\"email\": \"$CONTRACT_EMAIL\", \"password\": \"$CONTRACT_PASSWORD\"}" >/dev/null
"$binary" member role "$CONTRACT_EMAIL" moderator >/dev/null
rpc "$leaver" Members.Join '{"email": "contract-leaver@example.com", "password": "contract leaver password"}' >/dev/null
export CONTRACT_SIGNER_EMAIL=contract-signer@example.com CONTRACT_SIGNER_PASSWORD="contract signer password"
rpc "$dir/signer.jar" Members.Join "{\"email\": \"$CONTRACT_SIGNER_EMAIL\", \"password\": \"$CONTRACT_SIGNER_PASSWORD\"}" >/dev/null
export CONTRACT_QUESTION CONTRACT_ANSWER CONTRACT_HIDDEN_QUESTION
CONTRACT_QUESTION=$(rpc "$moderator" Qna.Ask '{"title": "Which CD terms does the contract run ask about?", "category": 1}' | field 'v["question"]["id"]')
CONTRACT_ANSWER=$(rpc "$moderator" Qna.Answer "{\"question\": $CONTRACT_QUESTION, \"content\": \"An answer long enough for the answer rule to take it.\"}" | field 'v["id"]')
CONTRACT_HIDDEN_QUESTION=$(rpc "$moderator" Qna.Ask '{"title": "Which question does the contract run hide and restore?", "category": 1}' | field 'v["question"]["id"]')
export CONTRACT_PENDING CONTRACT_PENDING_CODE CONTRACT_PENDING_2
CONTRACT_PENDING=$(rpc "$guest" Qna.Ask '{"title": "Which CD terms does a guest of the contract run ask about?", "category": 1, "email": "contract-guest@example.com"}' | field 'v["pending"]')
CONTRACT_PENDING_CODE=$(code_for contract-guest@example.com '[0-9]{6}')
CONTRACT_PENDING_2=$(rpc "$guest" Qna.Ask '{"title": "Which code does a second guest of the contract run wait for?", "category": 1, "email": "contract-guest-2@example.com"}' | field 'v["pending"]')
export CONTRACT_LIGHT_CODE CONTRACT_LIGHT_CODE_2
for n in 1 2; do
  rpc "$guest" Members.JoinLight "{\"email\": \"contract-light-$n@example.com\"}" >/dev/null
done
CONTRACT_LIGHT_CODE=$(code_for contract-light-1@example.com '[0-9a-f]{64}')
CONTRACT_LIGHT_CODE_2=$(code_for contract-light-2@example.com '[0-9a-f]{64}')

# The account links: each operation that uses one gets a link of its own (a newer link of
# one member and purpose voids the older, so each link is another member's).
link_for() { "$binary" outbox --to "$1" --limit 1 | grep -oE "$2\?token=[0-9a-f]{64}" | head -n 1 | sed 's/.*token=//'; }
export CONTRACT_RESET_TOKEN CONTRACT_RESET_TOKEN_2 CONTRACT_CONFIRM_TOKEN CONTRACT_CONFIRM_TOKEN_2
export CONTRACT_MOVE_TOKEN CONTRACT_MOVE_TOKEN_2
for n in 1 2; do
  rpc "$dir/reset-$n.jar" Members.Join "{\"email\": \"contract-reset-$n@example.com\", \"password\": \"contract reset password\"}" >/dev/null
  rpc "$guest" Members.ForgotPassword "{\"email\": \"contract-reset-$n@example.com\"}" >/dev/null
  rpc "$dir/mover-$n.jar" Members.Join "{\"email\": \"contract-mover-$n@example.com\", \"password\": \"contract mover password\"}" >/dev/null
  rpc "$dir/mover-$n.jar" Members.ChangeEmail "{\"email\": \"contract-moved-$n@example.com\", \"password\": \"contract mover password\"}" >/dev/null
  # Members of their own: a reset or a move voids every link sent to the member before it.
  rpc "$dir/confirmer-$n.jar" Members.Join "{\"email\": \"contract-confirmer-$n@example.com\", \"password\": \"contract confirmer password\"}" >/dev/null
done
CONTRACT_RESET_TOKEN=$(link_for contract-reset-1@example.com /sign-in/reset)
CONTRACT_RESET_TOKEN_2=$(link_for contract-reset-2@example.com /sign-in/reset)
CONTRACT_CONFIRM_TOKEN=$(link_for contract-confirmer-1@example.com /join/confirm)
CONTRACT_CONFIRM_TOKEN_2=$(link_for contract-confirmer-2@example.com /join/confirm)
CONTRACT_MOVE_TOKEN=$(link_for contract-moved-1@example.com /home/settings/email/confirm)
CONTRACT_MOVE_TOKEN_2=$(link_for contract-moved-2@example.com /home/settings/email/confirm)
# A list e-mail's one-click unsubscribe token, as the operators' command prints it (the same
# token works each time).
export CONTRACT_UNSUBSCRIBE_TOKEN
CONTRACT_UNSUBSCRIBE_TOKEN=$("$binary" unsubscribe-link --list answers contract-reader@example.com | sed 's/.*token=//')
# Each phase's member changes its password to the same one and asks to move (its own
# wrong passwords, 10 an hour, and moves, 5 a day, spent in its phase only); two more
# members' accounts are deleted, one by each path.
export CONTRACT_PHASE_PASSWORD="contract phase password" CONTRACT_OWNER_PASSWORD="contract owner password"
rpc "$dir/mover.jar" Members.Join "{\"email\": \"contract-mover@example.com\", \"password\": \"$CONTRACT_PHASE_PASSWORD\"}" >/dev/null
for n in 1 2; do
  rpc "$dir/deleter-$n.jar" Members.Join "{\"email\": \"contract-deleter-$n@example.com\", \"password\": \"$CONTRACT_OWNER_PASSWORD\"}" >/dev/null
done

# Who sends each request (scripts/contract_hooks.py): each client's cookie and token.
session() {
  local fresh
  fresh=$(token "$2") # first: fetching it sets the cookie the pair must carry
  printf '"%s": ["%s", "%s"]' "$1" "$(cookies "$2")" "$fresh"
}
sessions="$(session moderator "$moderator"), $(session guest "$guest"), $(session leaver "$leaver")"
sessions="$sessions, $(session mover "$dir/mover.jar"), $(session deleter-1 "$dir/deleter-1.jar"), $(session deleter-2 "$dir/deleter-2.jar")"
for phase in examples coverage fuzzing stateful; do
  jar="$dir/$phase.jar"
  rpc "$jar" Members.Join "{\"email\": \"contract-$phase@example.com\", \"password\": \"$CONTRACT_PHASE_PASSWORD\"}" >/dev/null
  sessions="$sessions, $(session "$phase" "$jar")"
done
export CONTRACT_SESSIONS="{$sessions}"
export CONTRACT_ASSET
CONTRACT_ASSET=$(cd frontend/dist/assets && ls -- *.js | head -n 1)

status=0
"$venv/bin/schemathesis" --config-file scripts/contract.toml run "$base/api/openapi.json" \
  --url "$base" \
  --max-examples "$examples" \
  --seed 20261127 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
  --header "X-XSRF-WHID: $whid" \
  --report har --report-har-path "$dir/run.har" \
  --generation-with-security-parameters false \
  --generation-database none \
  --no-color ${CONTRACT_ARGS:-} || status=$?
if [ "$status" = 0 ]; then
  curl -fsS "$base/api/openapi.json" >"$dir/openapi.json"
  # The run reads the document itself (schemathesis does not test the operation that
  # serves it): the fetch just made is that operation's success.
  python3 scripts/contract_successes.py "$dir/openapi.json" "$dir/run.har" "GET /api/openapi.json" || status=$?
fi
if [ "$status" != 0 ]; then
  echo "--- server log ---" >&2
  tail -n 50 "$dir/server.log" >&2
fi
exit "$status"
