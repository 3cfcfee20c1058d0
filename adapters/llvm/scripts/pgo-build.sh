#!/usr/bin/env bash
# Builds a profile-guided (PGO) `mergefunc` command beside the normal build, for A/B
# measurements only: the normal build does not use a profile (docs/performance-little-merges.md,
# "Tried and dropped": 7-9% fewer instructions, about 5% at best in pass CPU on small modules).
#
#   adapters/llvm/scripts/pgo-build.sh OUT TRAIN_DIR [TRAIN_DIR ...]
#   python3 adapters/llvm/scripts/per-tu-vs-opt.py OUT/mergefunc TUS --base target/release/mergefunc --no-callgrind
#
# 1. an instrumented release build (rustc `-Cprofile-generate`, the C++ shim with clang's
#    `-fprofile-generate`; `--target` keeps build scripts uninstrumented) in OUT/target-gen;
# 2. training runs, `--threads 1`, in the four option modes, on the corpus
#    (tests/corpus) and every `.bc`/`.ll` of each TRAIN_DIR (keep some modules out to
#    measure on; `--linked` for names with `-lto` or `linked`);
# 3. `llvm-profdata-22 merge` into OUT/mergefunc.profdata;
# 4. a build with that profile in OUT/target-use, then a link order of its own
#    (PGO's inlining renames most of the hot code, so the crate's `link-order.txt` mostly
#    misses): `gen-link-order.sh` on the first TRAIN_DIR into OUT/link-order.txt, and the
#    final link with it (`MERGEFUNC_LINK_ORDER=FILE`). The command is OUT/mergefunc.
# Set EXTRA_RUSTFLAGS / EXTRA_CXXFLAGS for variants (e.g.
# `-Cllvm-args=-enable-split-machine-functions` / `-fsplit-machine-functions`).
# Needs clang++ and llvm-profdata of LLVM 22, valgrind (the link order); a few minutes.
set -euo pipefail
out=${1:?usage: pgo-build.sh OUT TRAIN_DIR [TRAIN_DIR ...]}
shift
[ $# -ge 1 ] || { echo "pgo-build.sh: give at least one TRAIN_DIR" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
triple=$(rustc -vV | sed -n 's/^host: //p')
cxx_var="CXXFLAGS_${triple//-/_}"
build() { # TARGET_DIR RUSTFLAGS CXXFLAGS
  (cd "$root" && env CARGO_TARGET_DIR="$1" RUSTFLAGS="$2" "$cxx_var=$3" \
    cargo build --release -q -p mergefunc-llvm --features llvm --bin mergefunc --target "$triple")
}
rm -rf "$out/raw"
build "$out/target-gen" "-Cprofile-generate=$out/raw" "-fprofile-generate=$out/raw"
gen=$out/target-gen/$triple/release/mergefunc
files=("$root"/adapters/llvm/tests/corpus/*.ll)
for d in "$@"; do
  while IFS= read -r f; do files+=("$d/$f"); done < <(ls "$d" | grep -e '\.bc$' -e '\.ll$' | sort)
done
for f in "${files[@]}"; do
  extra=()
  case $(basename "$f") in *-lto*|*linked*) extra=(--linked) ;; esac
  for mode in "" --merge-cycles --use-aliases --drop-differing-attachments; do
    LLVM_PROFILE_FILE="$out/raw/p-%4m.profraw" "$gen" "$f" -o "$out/train.bc" --threads 1 --no-verify \
      ${mode:+"$mode"} "${extra[@]}" >/dev/null 2>&1 || echo "pgo-build.sh: training run failed: $f $mode" >&2
  done
done
rm -f "$out/train.bc"
llvm-profdata-22 merge -o "$out/mergefunc.profdata" "$out"/raw/*.profraw
use_rust="-Cprofile-use=$out/mergefunc.profdata ${EXTRA_RUSTFLAGS:-}"
use_cxx="-fprofile-use=$out/mergefunc.profdata ${EXTRA_CXXFLAGS:-}"
build "$out/target-use" "$use_rust" "$use_cxx"
"$root/adapters/llvm/scripts/gen-link-order.sh" "$out/target-use/$triple/release/mergefunc" "$1" > "$out/link-order.txt"
MERGEFUNC_LINK_ORDER="$out/link-order.txt" build "$out/target-use" "$use_rust" "$use_cxx"
cp "$out/target-use/$triple/release/mergefunc" "$out/mergefunc"
echo "pgo-build.sh: $out/mergefunc ($(grep -c . "$out/link-order.txt") ordered names, profile $(wc -c < "$out/mergefunc.profdata") bytes)"
