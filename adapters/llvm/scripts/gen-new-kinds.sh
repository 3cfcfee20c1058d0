#!/usr/bin/env bash
# Builds real C code of kinds the other benchmark rows lack into one LLVM module each
# (issue #34's hunt for slow classes): generated parsers, allocators, a large crypto
# library and a font rasterizer, from the sources that crates.io crates ship.
#
#   adapters/llvm/scripts/gen-new-kinds.sh OUTDIR NAME
#       NAME: tsrust | tscpp | tsjs   tree-sitter's Rust, C++ and JavaScript grammars
#                                     (parser.c: huge generated switch functions and
#                                     tables, and the hand-written scanner.c), -O2;
#             treesitter              the three grammars in one module
#             mimalloc                mimalloc v2 (its single-unit `static.c`), -O3
#             freetype                FreeType 2 (the files freetype-sys compiles), -O2
#             libcrypto               OpenSSL 3's libcrypto (every `crypto/` file of the
#                                     library, `Configure no-asm`), -O2
#       The module is OUTDIR/c-NAME-LEVEL.bc (LEVEL as above); its path is printed on the
#       last stdout line. With MERGEFUNC_KEEP_TUS=DIR each file's own module is kept in DIR.
#
# Creates a cargo project in OUTDIR/newkinds-src (kept) whose pinned dependencies are
# those crates, downloaded once by `cargo fetch` into cargo's own cache and located with
# `cargo metadata`; every source file is compiled with `clang-22 -LEVEL -emit-llvm -c` and
# the files are linked with llvm-link-22. libcrypto is configured and built in
# OUTDIR/newkinds-src/openssl (OpenSSL's own Makefile with CC=clang-22 and
# CFLAGS="-O2 -emit-llvm": 785 files, about 4 minutes on two busy cores).
set -euo pipefail
out=${1:?usage: gen-new-kinds.sh OUTDIR NAME}
name=${2:?usage: gen-new-kinds.sh OUTDIR NAME}
mkdir -p "$out"
out=$(cd "$out" && pwd)
CC=${CLANG:-clang-22}
command -v "$CC" >/dev/null || CC=/usr/lib/llvm-22/bin/clang
LINK=llvm-link-22
command -v "$LINK" >/dev/null || LINK=/usr/lib/llvm-22/bin/llvm-link
. "$(dirname "$0")/crate-sources.sh"
crate_sources "$out/newkinds-src" mfnewkinds <<'TOML'
tree-sitter-rust = "=0.23.3"
tree-sitter-cpp = "=0.23.4"
tree-sitter-javascript = "=0.23.1"
libmimalloc-sys = "=0.1.49"
freetype-sys = "=0.19.0"
openssl-src = "=300.6.1"
TOML
level=O2
case "$name" in mimalloc) level=O3 ;; esac
work="$out/c-$name-$level.d"
rm -rf "$work"
mkdir -p "$work"
flags=(-"$level" -emit-llvm -c -w)
srcs=()
bcs=()
case "$name" in
  tsrust|tscpp|tsjs)
    case "$name" in tsrust) crate=tree-sitter-rust ;; tscpp) crate=tree-sitter-cpp ;; tsjs) crate=tree-sitter-javascript ;; esac
    d=$(pkgdir "$crate")/src
    flags+=(-std=c11 -I"$d")
    srcs=("$d/parser.c" "$d/scanner.c")
    ;;
  treesitter)
    for crate in tree-sitter-rust tree-sitter-cpp tree-sitter-javascript; do
      d=$(pkgdir "$crate")/src
      srcs+=("$d/parser.c" "$d/scanner.c")
    done
    flags+=(-std=c11 -I"$d")
    ;;
  mimalloc)
    # As libmimalloc-sys builds it: `static.c` includes every other source file.
    d=$(pkgdir libmimalloc-sys)/c_src/mimalloc/v2
    flags+=(-DMI_DEBUG=0 -I"$d/include" -I"$d/src")
    srcs=("$d/src/static.c")
    ;;
  freetype)
    d=$(pkgdir freetype-sys)/freetype2
    flags+=(-DFT2_BUILD_LIBRARY -I"$d/include")
    for f in autofit/autofit base/ftbase base/ftbbox base/ftbdf base/ftbitmap base/ftcid base/ftdebug \
      base/ftfstype base/ftgasp base/ftglyph base/ftgxval base/ftinit base/ftmm base/ftotval base/ftpatent \
      base/ftpfr base/ftstroke base/ftsynth base/ftsystem base/fttype1 base/ftwinfnt bdf/bdf bzip2/ftbzip2 \
      cache/ftcache cff/cff cid/type1cid gzip/ftgzip lzw/ftlzw pcf/pcf pfr/pfr psaux/psaux pshinter/pshinter \
      psnames/psnames raster/raster sdf/sdf svg/svg sfnt/sfnt smooth/smooth truetype/truetype type1/type1 \
      type42/type42 winfonts/winfnt; do
      srcs+=("$d/src/$f.c")
    done
    ;;
  libcrypto)
    # OpenSSL's own build of libcrypto's objects, as bitcode: its Makefile compiles each
    # file with $(CC) $(CFLAGS) -c, so CFLAGS="-O2 -emit-llvm" makes every .o a module.
    src=$(pkgdir openssl-src)/openssl
    o="$proj/openssl"
    if [ ! -f "$o/.mf-built" ]; then
      rm -rf "$o"
      cp -r "$src" "$o"
      (cd "$o" && ./Configure linux-x86_64 no-asm no-shared no-tests no-module no-dso no-engine CC="$CC" \
        && make -j"${JOBS:-2}" build_generated) >&2
      mapfile -t objs < <(grep -o '^crypto/[^:]*libcrypto-lib-[^:]*\.o:' "$o/Makefile" | tr -d ':')
      (cd "$o" && make -j"${JOBS:-2}" CFLAGS="-O2 -emit-llvm -w" "${objs[@]}") >&2
      touch "$o/.mf-built"
    fi
    mapfile -t bcs < <(grep -o '^crypto/[^:]*libcrypto-lib-[^:]*\.o:' "$o/Makefile" | tr -d ':' | sed "s#^#$o/#")
    ;;
  *) echo "unknown module $name (tsrust|tscpp|tsjs|treesitter|mimalloc|freetype|libcrypto)" >&2; exit 2 ;;
esac
for i in "${!srcs[@]}"; do
  s=${srcs[$i]}
  [ -f "$s" ] || { echo "gen-new-kinds: missing $s" >&2; exit 1; }
  b="$work/$i-$(basename "$(dirname "$s")")-$(basename "$s" .c).bc"
  "$CC" "${flags[@]}" "$s" -o "$b"
  bcs+=("$b")
done
dest="$out/c-$name-$level.bc"
"$LINK" "${bcs[@]}" -o "$dest"
if [ -n "${MERGEFUNC_KEEP_TUS:-}" ]; then
  mkdir -p "$MERGEFUNC_KEEP_TUS"
  for b in "${bcs[@]}"; do cp "$b" "$MERGEFUNC_KEEP_TUS/$name-$(basename "$b" .o | sed 's/\.bc$//').bc"; done
fi
rm -rf "$work"
n=$(llvm-dis-22 "$dest" -o - | grep -c '^define' || true)
echo "gen-new-kinds: $dest: $n defined functions from ${#bcs[@]} files" >&2
echo "$dest"
