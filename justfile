# Every command a person runs on this project. `just` alone lists them.

set shell := ["bash", "-euo", "pipefail", "-c"]

# Where TypeScript declarations of the wire types are written.
generated_types := justfile_directory() / "frontend/src/api/generated"

_default:
    @just --list

# Serve the site on an embedded SQLite database (data/plainrate.sqlite), filled from
# fixtures/ on first start. Honours BIND_ADDR and --bind (default 127.0.0.1:8080).
serve *args:
    cargo run --quiet --locked -p plainrate -- serve {{args}}

# Load the release build with wrk next to nginx serving the same bytes; figures as ratios.
bench:
    bash scripts/bench.sh

# Run every check and test: formatting, lints, docs, unit, property, snapshot and doc tests.
test: fmt-check lint doc test-rust check-types

# Rust unit, property, snapshot and doc tests for the whole workspace.
test-rust:
    cargo test --workspace --all-features --locked

# Fail on any clippy warning.
lint:
    cargo clippy --workspace --all-targets --all-features --locked -- -D warnings

# Fail when code is not formatted.
fmt-check:
    cargo fmt --all --check

# Format all Rust code.
fmt:
    cargo fmt --all

# Build the API docs; a missing doc comment or a broken link fails.
doc:
    RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --all-features --locked

# Regenerate the TypeScript declarations of the wire types.
gen-types:
    GENERATED_TYPES_DIR="{{generated_types}}" cargo run --quiet -p api-types --features ts-rs --bin gen-types --locked

# Fail when the committed TypeScript declarations differ from what the Rust types produce.
check-types:
    GENERATED_TYPES_DIR="{{generated_types}}" cargo test --quiet -p api-types --features ts-rs --locked --test generated_types

# Rebuild the catalogue fixtures (fixtures/catalogue/*.json) from the public data in ../shared/data.
build-fixtures:
    cargo run --quiet -p catalogue-build --locked -- ../shared/data fixtures/catalogue
