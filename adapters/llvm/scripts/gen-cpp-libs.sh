#!/usr/bin/env bash
# Builds a real C++ library, shipped as sources inside a crates.io crate, into one LLVM
# module at -O2 (a benchmark row of optimized C++, where little merges).
#
#   adapters/llvm/scripts/gen-cpp-libs.sh OUTDIR NAME     NAME: meshopt
#
# meshopt: meshoptimizer (the `meshopt` crate's vendored sources, 21 files of mesh
# simplification, clustering, codecs; templates over index and vertex types).
# Creates a cargo project in OUTDIR/cpp-src (kept; the crate is downloaded once by `cargo
# fetch` into cargo's cache and located with `cargo metadata`), compiles every source
# file with `clang++-22 -O2 -emit-llvm -c` and links them with llvm-link-22 into
# OUTDIR/cpp-NAME-O2.bc, whose path is printed on the last stdout line. The crate version
# is pinned, so the module is the same on every machine with the same clang.
set -euo pipefail
out=${1:?usage: gen-cpp-libs.sh OUTDIR NAME}
name=${2:?usage: gen-cpp-libs.sh OUTDIR NAME}
mkdir -p "$out"
out=$(cd "$out" && pwd)
CXX=${CLANGXX:-clang++-22}
command -v "$CXX" >/dev/null || CXX=/usr/lib/llvm-22/bin/clang++
LINK=llvm-link-22
command -v "$LINK" >/dev/null || LINK=/usr/lib/llvm-22/bin/llvm-link
. "$(dirname "$0")/crate-sources.sh"
crate_sources "$out/cpp-src" mfcppsrc <<'TOML'
meshopt = "=0.7.0"
TOML
work="$out/cpp-$name-O2.d"
rm -rf "$work"
mkdir -p "$work"
flags=(-O2 -g0 -emit-llvm -c -w -std=c++17)
srcs=()
case "$name" in
  meshopt)
    d=$(pkgdir meshopt)/vendor/src
    flags+=(-I"$d")
    srcs=("$d"/*.cpp)
    ;;
  *) echo "unknown library $name (meshopt)" >&2; exit 2 ;;
esac
bcs=()
for s in "${srcs[@]}"; do
  [ -f "$s" ] || { echo "gen-cpp-libs: missing $s" >&2; exit 1; }
  b="$work/$(basename "$s" .cpp).bc"
  "$CXX" "${flags[@]}" "$s" -o "$b"
  bcs+=("$b")
done
dest="$out/cpp-$name-O2.bc"
"$LINK" "${bcs[@]}" -o "$dest"
# With MERGEFUNC_KEEP_TUS=DIR, each file's own module is kept as DIR/NAME-FILE.bc (the pass
# plugin's input in a clang build: one translation unit, no llvm-link; see
# `gen-single-tus.sh` and `per-tu-vs-opt.py`).
if [ -n "${MERGEFUNC_KEEP_TUS:-}" ]; then
  mkdir -p "$MERGEFUNC_KEEP_TUS"
  for i in "${!srcs[@]}"; do
    cp "${bcs[$i]}" "$MERGEFUNC_KEEP_TUS/$name-$(basename "${srcs[$i]}" .cpp).bc"
    # The file's compile command without its output (`plugin-tu-cost.py` adds `-c -o ...`).
    printf '%q ' "$CXX" "${flags[@]}" "${srcs[$i]}" | sed -e 's/ -emit-llvm / /' -e 's/ -c / /' >> "$MERGEFUNC_KEEP_TUS/compile-commands.txt"
    echo >> "$MERGEFUNC_KEEP_TUS/compile-commands.txt"
  done
fi
rm -rf "$work"
n=$(llvm-dis-22 "$dest" -o - | grep -c '^define' || true)
echo "gen-cpp-libs: $dest: $n defined functions from ${#bcs[@]} files" >&2
echo "$dest"
