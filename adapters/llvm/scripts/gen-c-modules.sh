#!/usr/bin/env bash
# Builds real C libraries, shipped as sources inside crates.io `-sys` crates, into one LLVM
# module each (for the benchmark's little-merge rows).
#
#   adapters/llvm/scripts/gen-c-modules.sh OUTDIR NAME [BUILD]
#       NAME: zstd | zlib | bzip2 | oniguruma | lz4 | webp | pcre2 | brotlidec | sqlite | lua
#       BUILD: an optimization level (O0, O1, O2, O3, Os, Oz), with a `g` suffix for debug
#       info (`-g`, as release builds of distributions carry it): O2g, Osg, ...; O3v3
#       (`-O3 -march=x86-64-v3`: vectorized with AVX2) or O2wasm (`-O2` for wasm32-wasi,
#       against Debian's wasi-libc headers);
#       the module is then OUTDIR/c-NAME-BUILD.bc.
#
# sqlite (the amalgamation) and lua are the independent checks of issue #34, built at -O1
# into OUTDIR/c-NAME-O1.bc; the others at -O2.
# Creates a cargo project in OUTDIR/c-src (kept; the crates are downloaded once by
# `cargo fetch`, into cargo's own cache, and located with `cargo metadata`), compiles every
# library source file of NAME with `clang-22 -O2 -emit-llvm -c` and links the files with
# llvm-link-22 into OUTDIR/c-NAME-O2.bc, whose path is printed on the last stdout line.
# The crate versions are pinned, so the module is the same on every machine with the
# same clang.
set -euo pipefail
out=${1:?usage: gen-c-modules.sh OUTDIR NAME}
name=${2:?usage: gen-c-modules.sh OUTDIR NAME}
mkdir -p "$out"
out=$(cd "$out" && pwd)
CC=${CLANG:-clang-22}
command -v "$CC" >/dev/null || CC=/usr/lib/llvm-22/bin/clang
LINK=llvm-link-22
command -v "$LINK" >/dev/null || LINK=/usr/lib/llvm-22/bin/llvm-link
. "$(dirname "$0")/crate-sources.sh"
crate_sources "$out/c-src" mfcsrc <<'TOML'
zstd-sys = "=2.0.15"
bzip2-sys = "=0.1.13"
libz-sys = { version = "=1.1.31", default-features = false, features = ["static"] }
onig_sys = "=69.9.3"
lz4-sys = "=1.11.1"
libsqlite3-sys = { version = "=0.30.1", default-features = false, features = ["bundled"] }
lua-src = "=547.0.0"
libwebp-sys = "=0.9.6"
pcre2-sys = "=0.2.9"
brotli-sys = "=0.3.2"
TOML
level=O2
case "$name" in sqlite|lua) level=O1 ;; esac
build=${3:-$level}
debug=-g0
target=()
case "$build" in
  O0|O1|O2|O3|Os|Oz) level=$build ;;
  O0g|O1g|O2g|O3g|Osg|Ozg) level=${build%g}; debug=-g ;;
  O3v3) level=O3; target=(-march=x86-64-v3) ;;
  O2wasm)
    level=O2
    target=(--target=wasm32-wasi -D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_MMAN -D_WASI_EMULATED_GETPID
      -D_WASI_EMULATED_PROCESS_CLOCKS)
    if ! echo '#include <stdio.h>' | "$CC" --target=wasm32-wasi -x c -fsyntax-only - 2>/dev/null; then
      echo "gen-c-modules: O2wasm needs WASI's C headers (Debian: apt-get install wasi-libc)" >&2
      exit 1
    fi
    ;;
  *) echo "unknown build $build (O0|O1|O2|O3|Os|Oz, optionally with a g suffix; O3v3; O2wasm)" >&2; exit 2 ;;
esac
work="$out/c-$name-$build.d"
rm -rf "$work"
mkdir -p "$work"
flags=(-$level $debug "${target[@]}" -emit-llvm -c -w)
srcs=()
case "$name" in
  zstd)
    d=$(pkgdir zstd-sys)/zstd/lib
    flags+=(-DZSTD_DISABLE_ASM=1 -I"$d" -I"$d/common")
    srcs=("$d"/common/*.c "$d"/compress/*.c "$d"/decompress/*.c "$d"/dictBuilder/*.c)
    ;;
  zlib)
    d=$(pkgdir libz-sys)/src/zlib
    flags+=(-DHAVE_UNISTD_H=1 -DHAVE_STDARG_H=1 -D_LARGEFILE64_SOURCE=1 -I"$d")
    srcs=("$d"/*.c)
    ;;
  bzip2)
    d=$(pkgdir bzip2-sys)/bzip2-1.0.8
    flags+=(-D_FILE_OFFSET_BITS=64 -DBZ_NO_STDIO -I"$d")
    for f in blocksort huffman crctable randtable compress decompress bzlib; do srcs+=("$d/$f.c"); done
    ;;
  oniguruma)
    d=$(pkgdir onig_sys)/oniguruma/src
    cat > "$work/config.h" <<'H'
#define HAVE_PROTOTYPES 1
#define STDC_HEADERS 1
#define HAVE_STRING_H 1
#define HAVE_STDARG_H 1
#define HAVE_STDLIB_H 1
#define HAVE_LIMITS_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_ALLOCA_H 1
#define SIZEOF_INT 4
#define SIZEOF_SHORT 2
#define SIZEOF_LONG 8
#define SIZEOF_VOIDP 8
#define SIZEOF_LONG_LONG 8
H
    flags+=(-I"$work" -I"$d")
    for f in regexec regerror regparse regext regcomp reggnu regenc regsyntax regtrav regversion st \
      onig_init unicode ascii utf8 utf16_be utf16_le utf32_be utf32_le euc_jp sjis iso8859_1 iso8859_2 \
      iso8859_3 iso8859_4 iso8859_5 iso8859_6 iso8859_7 iso8859_8 iso8859_9 iso8859_10 iso8859_11 \
      iso8859_13 iso8859_14 iso8859_15 iso8859_16 euc_tw euc_kr big5 gb18030 koi8_r cp1251 \
      euc_jp_prop sjis_prop unicode_unfold_key unicode_fold1_key unicode_fold2_key unicode_fold3_key; do
      srcs+=("$d/$f.c")
    done
    ;;
  lz4)
    d=$(pkgdir lz4-sys)/liblz4/lib
    flags+=(-I"$d")
    for f in lz4 lz4hc lz4frame xxhash; do srcs+=("$d/$f.c"); done
    ;;
  webp)
    # libwebp's encoder, decoder, DSP (SSE2), mux/demux and sharpyuv, as libwebp-sys builds them.
    d=$(pkgdir libwebp-sys)/vendor
    flags+=(-DNDEBUG=1 -D_THREAD_SAFE=1 -DWEBP_HAVE_SSE2=1 -I"$d" -I"$d/src")
    while IFS= read -r f; do srcs+=("$f"); done < <(find "$d/src" "$d/sharpyuv" -name '*.c' | LC_ALL=C sort)
    ;;
  pcre2)
    # PCRE2, 8-bit, Unicode and the JIT, with pcre2-sys's defines (the JIT's match and misc
    # files and the UCP tables are included by other files, not compiled on their own).
    d=$(pkgdir pcre2-sys)/upstream
    flags+=(-DPCRE2_CODE_UNIT_WIDTH=8 -DHAVE_STDLIB_H=1 -DHAVE_MEMMOVE=1 -DHAVE_CONFIG_H=1 -DPCRE2_STATIC=1
      -DSTDC_HEADERS=1 -DSUPPORT_PCRE2_8=1 -DSUPPORT_UNICODE=1 -DSUPPORT_JIT=1 -I"$d/src" -I"$d/include")
    for f in "$d"/src/*.c; do
      case "$(basename "$f")" in pcre2_jit_match.c|pcre2_jit_misc.c|pcre2_ucptables.c) continue ;; esac
      srcs+=("$f")
    done
    ;;
  brotlidec)
    # The brotli decoder (brotli-sys ships only it); 47 functions, too small to time.
    d=$(pkgdir brotli-sys)/brotli
    flags+=(-I"$d/include")
    srcs=("$d"/common/*.c "$d"/dec/*.c)
    ;;
  sqlite)
    d=$(pkgdir libsqlite3-sys)/sqlite3
    flags+=(-DSQLITE_THREADSAFE=1 -I"$d")
    # WASI has no threads, shared memory or dynamic loading.
    [ "$build" != O2wasm ] || flags+=(-USQLITE_THREADSAFE -DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION
      -DSQLITE_OMIT_WAL -DSQLITE_OMIT_SHARED_CACHE)
    srcs=("$d/sqlite3.c")
    ;;
  lua)
    d=$(ls -d "$(pkgdir lua-src)"/lua-5.4*/)
    flags+=(-DLUA_USE_LINUX -I"$d")
    for f in "$d"*.c; do
      case "$(basename "$f")" in lua.c|luac.c|onelua.c) continue ;; esac
      srcs+=("$f")
    done
    ;;
  *) echo "unknown library $name (zstd|zlib|bzip2|oniguruma|lz4|webp|pcre2|brotlidec|sqlite|lua)" >&2; exit 2 ;;
esac
bcs=()
for s in "${srcs[@]}"; do
  [ -f "$s" ] || { echo "gen-c-modules: missing $s" >&2; exit 1; }
  b="$work/$(basename "$(dirname "$s")")-$(basename "$s" .c).bc"
  "$CC" "${flags[@]}" "$s" -o "$b"
  bcs+=("$b")
done
dest="$out/c-$name-$build.bc"
"$LINK" "${bcs[@]}" -o "$dest"
# With MERGEFUNC_KEEP_TUS=DIR, each file's own module is kept as DIR/NAME-FILE.bc (the pass
# plugin's input in a clang build: one translation unit, no llvm-link; see
# `gen-single-tus.sh` and `per-tu-vs-opt.py`).
if [ -n "${MERGEFUNC_KEEP_TUS:-}" ]; then
  mkdir -p "$MERGEFUNC_KEEP_TUS"
  for i in "${!srcs[@]}"; do
    cp "${bcs[$i]}" "$MERGEFUNC_KEEP_TUS/$name-$(basename "${srcs[$i]}" .c).bc"
    # The file's compile command without its output (`plugin-tu-cost.py` adds `-c -o ...`).
    printf '%q ' "$CC" "${flags[@]}" "${srcs[$i]}" | sed -e 's/ -emit-llvm / /' -e 's/ -c / /' >> "$MERGEFUNC_KEEP_TUS/compile-commands.txt"
    echo >> "$MERGEFUNC_KEEP_TUS/compile-commands.txt"
  done
fi
rm -rf "$work"
n=$(llvm-dis-22 "$dest" -o - | grep -c '^define' || true)
echo "gen-c-modules: $dest: $n defined functions from ${#bcs[@]} files" >&2
echo "$dest"
