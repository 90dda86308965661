# Every command a person runs on this project. `just` alone lists them.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Where TypeScript declarations of the wire types are written.
generated_types := justfile_directory() / "frontend/src/api/generated"

_default:
    @just --list

# Serve the site on an embedded SQLite database (data/plainrate.sqlite), filled from
# fixtures/ on first start. Honours BIND_ADDR and --bind (default 127.0.0.1:8080).
serve *args: frontend-build
    cargo run --quiet --locked -p plainrate -- serve {{args}}

# Load the release build with wrk next to nginx serving the same bytes; figures as ratios.
bench:
    bash scripts/bench.sh

# Reads of a product and a listing while the whole catalogue is imported again and again
# in a second process, against the same reads without imports; figures as ratios.
bench-import:
    bash scripts/bench-import.sh

# Compare the cached listing and the pixel of commit REV with the working tree, measured
# in turns on this machine (did a change make them slower?).
bench-compare rev:
    bash scripts/bench-compare.sh {{rev}}

# Run every check and test: formatting, lints, docs, unit, property, snapshot and doc tests
# (with the generated TypeScript check, `check-types`), the frontend's type check, unit tests
# and JavaScript budget, and the browser journeys.
test: fmt-check lint doc test-rust package api-check test-consumer test-frontend budget test-e2e test-contract test-chaos

# Rust unit, property, snapshot and doc tests for the whole workspace. Each package's
# integration tests are one binary (tests/integration/), linked once. Four test threads on
# two cores: the server's tests spend much of their time waiting on the databases.
test-rust: smtp-venv
    cargo test --workspace --all-features --locked -- --test-threads=4

# The SMTP test server's Python environment (aiosmtpd, and dkimpy to check signatures; from PyPI) in target/smtp-venv: the
# e-mail tests, the browser journeys and the crash run send real mail to
# scripts/smtp_sink.py.
smtp-venv:
    if [ ! -x target/smtp-venv/bin/python ] || ! target/smtp-venv/bin/python -c 'import aiosmtpd, dkim' 2>/dev/null; then \
      python3 -m venv target/smtp-venv && \
      target/smtp-venv/bin/pip install --quiet --disable-pip-version-check aiosmtpd==1.4.6 dkimpy==1.1.8; \
    fi

# The server and its tools (chaos, bench seeds) as `test-rust` builds them: same targets and
# features, so after `test-rust` this builds nothing.
server-build:
    cargo build --quiet --locked --workspace --all-targets --all-features

# The crates other Rust services link: every folder under crates/.
domain_crates := `ls crates | tr '\n' ' '`

# Package every domain crate and compile each package on its own, as a registry ships it.
package:
    # Cargo unpacks the packages it verifies by name and version and never refreshes them, so
    # on a machine that packaged these versions before it would build the old sources.
    rm -rf "${CARGO_HOME:-$HOME/.cargo}"/registry/src/-*/
    cargo package --locked --allow-dirty {{ prepend("-p ", domain_crates) }}
    for name in {{ domain_crates }}; do ls target/package/$name-[0-9]*.crate; done

# Fail when a domain crate's public API differs from its committed baseline
# (crates/<name>/public-api.txt); prints each line removed (-) and added (+).
api-check:
    cargo run --quiet --locked -p api-baseline -- check

# Record the domain crates' public APIs after a deliberate change (see docs/CONTRIBUTING.md).
api-bless *crates:
    cargo run --quiet --locked -p api-baseline -- bless {{ crates }}

# Build and test the service outside the workspace that adopts the domain crates
# (examples/offer-desk), then run it on the catalogue's credit cards.
test-consumer:
    cd examples/offer-desk && CARGO_TARGET_DIR=../../target/offer-desk cargo clippy --locked --all-targets -- -D warnings
    cd examples/offer-desk && CARGO_TARGET_DIR=../../target/offer-desk cargo test --locked
    cd examples/offer-desk && CARGO_TARGET_DIR=../../target/offer-desk cargo run --quiet --locked -- \
        ../../fixtures/catalogue/credit-cards.json travel "Which card is best for travel abroad?" | tee ../../target/offer-desk/run.txt
    grep -q '^Best credit cards for travel:$' target/offer-desk/run.txt
    grep -qE '^1\. .+ \(annual fee .+, rated [0-9.]+ for travel\)$' target/offer-desk/run.txt
    grep -q '^Question accepted' target/offer-desk/run.txt

# Fail on any clippy warning.
lint:
    cargo clippy --workspace --all-targets --all-features --locked -- -D warnings

# Fail when code is not formatted.
fmt-check:
    cargo fmt --all --check
    cd examples/offer-desk && cargo fmt --check
    # The example's own lock file must list what the domain crates now depend on: its locked
    # build comes late in `just test`, so a stale lock file is caught here, at once.
    cd examples/offer-desk && cargo metadata --locked --format-version 1 > /dev/null

# Format all Rust code.
fmt:
    cargo fmt --all
    cd examples/offer-desk && cargo fmt

# Build the API docs; a missing doc comment or a broken link fails.
doc:
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features --locked

# Regenerate the TypeScript declarations of the wire types.
gen-types:
    GENERATED_TYPES_DIR="{{generated_types}}" cargo run --quiet -p api-types --features ts-rs --bin gen-types --locked

# Fail when the committed TypeScript declarations differ from what the Rust types produce.
check-types:
    GENERATED_TYPES_DIR="{{generated_types}}" cargo test --quiet -p api-types --features ts-rs --locked --test generated_types

# Rebuild the catalogue fixtures (fixtures/catalogue/*.json), the community questions and answers
# (fixtures/qna/community.json) and the sample avatars from the public data in ../shared/data.
build-fixtures:
    cargo run --quiet -p catalogue-build --locked -- ../shared/data fixtures/catalogue

# Install the frontend's packages exactly as the lock file records them.
frontend-install:
    cd frontend && if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

# Build the frontend for production into frontend/dist (hashed asset names).
frontend-build: frontend-install
    cd frontend && npm run build

# Frontend type check and unit tests (components, stores, rules, request layer).
test-frontend: frontend-install
    cd frontend && npx tsc --noEmit && npx vitest run

# Fail when any route's first load is over 100 KB of gzip-compressed JavaScript.
budget: frontend-build
    cd frontend && node scripts/budget.mjs

# Browser journeys in Debian's Chromium against the real server on a fresh database.
test-e2e: frontend-build server-build smtp-venv
    cd frontend && node --test --test-concurrency=1 e2e/

# The API contract: schemathesis (installed into target/contract-venv from PyPI) sends
# generated requests to every operation of /api/openapi.json on the real server; any 5xx or
# any answer the document does not describe fails. CONTRACT_EXAMPLES sets the examples per
# operation (default 40).
test-contract: frontend-build server-build
    bash scripts/contract.sh

# The short crash run: members vote, ask and answer while the server is killed (SIGKILL)
# and restarted; every acknowledged write must survive and the database stay whole. Six
# kills on SQLite, three on PostgreSQL (when TEST_DATABASE_URL is set), and one run that
# removes an acknowledged vote behind the harness's back and must be caught.
test-chaos: server-build smtp-venv
    CHAOS_CYCLES=6 target/debug/chaos
    if [ -n "${TEST_DATABASE_URL:-}" ]; then CHAOS_CYCLES=3 CHAOS_DATABASE_URL="$TEST_DATABASE_URL" target/debug/chaos; fi
    CHAOS_CYCLES=1 CHAOS_SABOTAGE=1 target/debug/chaos

# The long crash run, on demand: `just chaos 200`. CHAOS_DATABASE_URL=postgres://… runs it
# on PostgreSQL (in a schema of its own); CHAOS_MEMBERS and CHAOS_SEED as in the binary.
chaos cycles="100": server-build smtp-venv
    CHAOS_CYCLES={{cycles}} target/debug/chaos

# Screenshots of every page type at phone and desktop widths, into frontend/e2e/screenshots.
screenshots: frontend-build server-build smtp-venv
    cd frontend && node e2e/screenshots.mjs
