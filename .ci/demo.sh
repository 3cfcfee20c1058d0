#!/usr/bin/env bash
# The main job: merge a real rustc-generated LLVM module with the `mergefunc` CLI, print
# what was merged, and check the result with LLVM's verifier and against opt-22.
set -euo pipefail
cd "$(dirname "$0")/.."
bash .ci/install-llvm.sh >/dev/null
export LLVM_SYS_221_PREFIX="$(llvm-config-22 --prefix)"
cargo build --release -q -p mergefunc-llvm --features llvm --bin mergefunc
in=adapters/llvm/examples/demo/demo.bc
out=target/demo/merged.ll
mkdir -p target/demo
bin="${CARGO_TARGET_DIR:-target}/release/mergefunc"
"$bin" "$in" -o "$out" --stats --time --report target/demo/report.json
echo "defined functions before: $(llvm-dis-22 "$in" -o - | grep -c '^define')"
echo "defined functions after:  $(grep -c '^define' "$out")"
opt-22 -passes=mergefunc "$in" -S -o target/demo/opt22.ll
echo "opt-22 -passes=mergefunc leaves: $(grep -c '^define' target/demo/opt22.ll)"
echo "report: target/demo/report.json, output: $out"
