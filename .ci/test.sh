#!/usr/bin/env bash
# Runs every test of the project on a fresh machine: installs what is missing (LLVM 22),
# runs the whole workspace's tests with the LLVM feature on, checks that the core builds
# without std, and builds the fuzz targets with the nightly toolchain.
set -euo pipefail
# /dev/null must be the null device: cargo's rustc probes and build scripts read it as
# empty input. A tool that stages its output and renames it into place, run as root with
# `-o /dev/null`, leaves a regular file there that collects whatever is written to it
# (this project's own commands write such destinations in place; others may not).
if [ ! -c /dev/null ]; then
  echo "warning: /dev/null is not the null device; recreating it" >&2
  rm -f /dev/null && mknod -m 666 /dev/null c 1 3 ||
    { echo "error: /dev/null is not the null device and cannot be recreated" >&2; exit 1; }
fi
exec </dev/null   # no step reads standard input
cd "$(dirname "$0")/.."

bash .ci/install-llvm.sh
export LLVM_SYS_221_PREFIX="$(llvm-config-22 --prefix)"
export INSTA_UPDATE=no
export CARGO_TERM_COLOR=never
export MERGEFUNC_EXEC_DIFF=1   # the execution differential smoke run (tests/exec_diff.rs)

echo "== no_std build of the core"
cargo build --release --manifest-path core/nostd-check/Cargo.toml

echo "== workspace tests (all features), snapshots checked, unreferenced snapshots rejected"
if ! command -v cargo-insta >/dev/null 2>&1; then
  cargo install cargo-insta --locked --quiet
fi
cargo insta test --workspace --all-features --check --unreferenced=reject

echo "== plain \`cargo test --workspace\` (no features): LLVM-only targets are gated off"
cargo test --workspace --quiet

echo "== documentation builds without warnings"
RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --all-features --no-deps --quiet

echo "== LLVM pass plugin: corpus vs the CLI, host behaviour, real C, C++ and Rust programs (see docs/plugin.md)"
bash adapters/llvm-plugin/tests/run.sh

echo "== benchmarks build (they are run by hand: cargo bench; see docs/performance.md)"
cargo bench --workspace --all-features --no-run

if rustup toolchain list 2>/dev/null | grep -q nightly; then
  echo "== fuzz targets build (nightly)"
  cargo +nightly build --manifest-path fuzz/Cargo.toml --bins
else
  echo "== nightly toolchain missing: fuzz targets not built"
fi
