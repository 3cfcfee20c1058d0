#!/usr/bin/env bash
# The single-translation-unit corpus of issue #34's fixed-cost check: every source file of
# zlib, lz4 and zstd (C) and meshoptimizer (C++) compiled on its own with `clang -O2
# -emit-llvm -c` (no llvm-link), as the pass plugin meets them inside a clang build, plus
# the 38-function C++ program `cpp-prog-O2.ll`. 71 modules of 1 to about 100 functions.
#
#   adapters/llvm/scripts/gen-single-tus.sh OUTDIR
#
# Writes OUTDIR/tu/LIB-FILE.bc (and OUTDIR/tu/cppprog-O2.ll) with the generators of the
# benchmark's linked modules (crates.io sources, pinned; downloaded once by cargo), and
# prints OUTDIR/tu. Then, for instance:
#
#   python3 adapters/llvm/scripts/per-tu-vs-opt.py MERGEFUNC OUTDIR/tu --max-ratio 0.33
set -euo pipefail
out=${1:?usage: gen-single-tus.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
tus="$out/tu"
rm -rf "$tus"
mkdir -p "$tus"
for lib in zlib lz4 zstd; do
  MERGEFUNC_KEEP_TUS="$tus" bash "$here/gen-c-modules.sh" "$out" "$lib" >/dev/null
done
MERGEFUNC_KEEP_TUS="$tus" bash "$here/gen-cpp-libs.sh" "$out" meshopt >/dev/null
cpp=$(bash "$here/gen-cpp-module.sh" "$out" O2 | tail -n 1)
cp "$cpp" "$tus/cppprog-O2.ll"
echo "gen-single-tus: $(ls "$tus" | grep -c -e "\.bc$" -e "\.ll$") modules in $tus" >&2
echo "$tus"
