#!/usr/bin/env bash
# End-to-end tests of libmergefunc_plugin.so in real hosts (.ci/test.sh runs this):
#   1. the plugin's unit tests, and the built .so: no libLLVM dependency, only its entry
#      points exported;
#   2. opt-22 -load-pass-plugin -passes='mergefunc-rs<...>' prints byte for byte what the
#      `mergefunc` command prints (-S) on every module of the differential corpus, under
#      five option sets;
#   3. the host side: bad parameters, a panic inside the pass, MERGEFUNC_PLUGIN_AUTO, the
#      extension points of clang-22 (no LTO, -flto -c pre-link) and lld (full and thin LTO);
#   4. real programs built as their users build them, each passing its own checks with
#      the plugin in the link, which must show that it ran (its statistics or report):
#      bzip2 1.0.8 (C, its Makefile and `make test`), snappy 1.3.1 (C++, built by the
#      snappy_src crate with clang++-22 -flto, checked by that crate's own test, through
#      mixed-language LTO), quickjs-ng (C, its CMakeLists.txt with the CMake recipe of
#      docs/plugin.md, checked by its own test suite), and a cargo program using regex
#      (stable rustc, linker-plugin LTO configured in .cargo/config.toml).
# Everything is built under target/plugin-e2e (sources come from crates.io through cargo).
# Usage: run.sh [--release]   (the plugin's profile; the default, debug, is what CI runs)
set -euo pipefail
# cargo's rustc probes read /dev/null as empty input: a regular file there (left by a tool
# that renamed its output over `-o /dev/null` as root) feeds them whatever it collected.
if [ ! -c /dev/null ]; then
  echo "error: /dev/null is not the null device (a regular file?); restore it as root with" \
    "'rm -f /dev/null && mknod -m 666 /dev/null c 1 3'" >&2
  exit 1
fi
exec </dev/null   # nothing here reads standard input
cd "$(dirname "$0")/../../.."
ROOT=$PWD
PROFILE=debug
CARGO_PROFILE=()
if [ "${1:-}" = "--release" ]; then PROFILE=release; CARGO_PROFILE=(--release); fi
export CARGO_TERM_COLOR=never
export LLVM_SYS_221_PREFIX="${LLVM_SYS_221_PREFIX:-$(llvm-config-22 --prefix)}"
OUT=$ROOT/target/plugin-e2e
# The plugin's .cargo/config.toml points its builds here too, but cargo reads it only when
# run from inside adapters/llvm-plugin.
export CARGO_TARGET_DIR=$ROOT/target
mkdir -p "$OUT"
PASSED=0
FAILED=0
ok() { echo "ok: $*"; PASSED=$((PASSED + 1)); }
bad() { echo "FAILED: $*"; FAILED=$((FAILED + 1)); }
# expect DESCRIPTION COMMAND...: the command must succeed.
expect() { local what=$1; shift; if "$@"; then ok "$what"; else bad "$what"; fi; }
# The plugin's own unset settings, so that the caller's environment cannot change a test.
unset MERGEFUNC_PLUGIN_AUTO MERGEFUNC_PLUGIN_PARAMS

echo "== plugin: unit tests and build ($PROFILE)"
cargo test --manifest-path adapters/llvm-plugin/Cargo.toml
cargo build "${CARGO_PROFILE[@]}" --manifest-path adapters/llvm-plugin/Cargo.toml
cargo build "${CARGO_PROFILE[@]}" -p mergefunc-llvm --features llvm --bin mergefunc
PLUGIN=$ROOT/target/$PROFILE/libmergefunc_plugin.so
CLI=$ROOT/target/$PROFILE/mergefunc
expect "the plugin needs no libLLVM" bash -c "! llvm-readelf-22 -d '$PLUGIN' | grep NEEDED | grep -qi llvm"
exports=$(llvm-nm-22 -D --defined-only "$PLUGIN" | awk '{print $3}' | sort | tr '\n' ' ')
expect "the plugin exports only its entry points ($exports)" test "$exports" = \
  "llvmGetPassPluginInfo mergefunc_plugin_auto mergefunc_plugin_check_params mergefunc_plugin_free_message mergefunc_plugin_run "

echo "== corpus: opt-22 with the plugin prints what the mergefunc command prints"
T=$OUT/corpus
mkdir -p "$T"
same=0
differ=0
for f in adapters/llvm/tests/corpus/*.ll; do
  for o in "" "use-aliases" "merge-cycles" "preserve-debug-info" "use-aliases;merge-cycles"; do
    cli=()
    IFS=';' read -ra items <<<"$o"
    for i in "${items[@]}"; do cli+=("--$i"); done
    rm -f "$T/plugin.json" "$T/cli.json"
    # The reports are compared without the plugin's `merge_seconds` (the command writes it
    # only with --time).
    if opt-22 -load-pass-plugin="$PLUGIN" -passes="mergefunc-rs<$o${o:+;}report=$T/plugin.json>" -S "$f" \
      -o "$T/plugin.ll" 2>"$T/plugin.err" \
      && "$CLI" "$f" -S -o "$T/cli.ll" --report "$T/cli.json" "${cli[@]}" 2>"$T/cli.err" \
      && cmp -s "$T/plugin.ll" "$T/cli.ll" \
      && cmp -s <(sed 's/, "merge_seconds": [0-9.]*//' "$T/plugin.json") "$T/cli.json"; then
      same=$((same + 1))
    else
      differ=$((differ + 1))
      echo "differs: $f <$o>"
      diff "$T/plugin.ll" "$T/cli.ll" | head -20 || true
      diff "$T/plugin.json" "$T/cli.json" | head -10 || true
      cat "$T/plugin.err" "$T/cli.err"
    fi
  done
done
expect "corpus: $same runs with byte-identical modules and reports, $differ differ" test "$differ" = 0 -a "$same" -gt 0

echo "== host behaviour"
H=$OUT/host
mkdir -p "$H"
cat >"$H/y.c" <<'C'
#include <stdio.h>
__attribute__((noinline)) int sq_a(int x) { return x * x + 7; }
__attribute__((noinline)) int sq_b(int x) { return x * x + 7; }
__attribute__((noinline)) long cube_a(long x) { return x * x * x - 1; }
__attribute__((noinline)) long cube_b(long x) { return x * x * x - 1; }
int (*volatile tab[2])(int) = {sq_a, sq_b};
long (*volatile tab2[2])(long) = {cube_a, cube_b};
int main(int argc, char **argv) { printf("%d %ld\n", tab[0](argc) + tab[1](argc), tab2[0](argc) + tab2[1](argc)); return 0; }
C
src=adapters/llvm/tests/corpus/aliases-linkages.ll
set +e
opt-22 -load-pass-plugin="$PLUGIN" -passes='mergefunc-rs<bogus>' -disable-output "$src" 2>"$H/err"; rc=$?
expect "an unknown parameter is named and refused (exit $rc)" \
  bash -c "[ $rc -ne 0 ] && grep -q 'unknown parameter \"bogus\"' '$H/err'"
opt-22 -load-pass-plugin="$PLUGIN" -passes='mergefunc-rs<test-panic>' -disable-output "$src" 2>"$H/err"; rc=$?
expect "a panic in the pass is an ordinary error of the host (exit $rc)" \
  bash -c "[ $rc -eq 1 ] && grep -q '^error: mergefunc-rs: internal error (the Rust pass panicked' '$H/err'"
MERGEFUNC_PLUGIN_PARAMS='stats;nope' opt-22 -load-pass-plugin="$PLUGIN" -passes='default<O2>' -disable-output "$src" 2>"$H/err"; rc=$?
expect "bad MERGEFUNC_PLUGIN_PARAMS is an error of the host (exit $rc)" \
  bash -c "[ $rc -eq 1 ] && grep -q '^error: mergefunc-rs: unknown parameter \"nope\".*MERGEFUNC_PLUGIN_PARAMS' '$H/err'"
set -e
export MERGEFUNC_PLUGIN_PARAMS=stats
clang-22 -O2 -fpass-plugin="$PLUGIN" -c "$H/y.c" -o "$H/y.o" 2>"$H/err"
expect "clang -O2 runs the pass at OptimizerLastEP" grep -q '^mergefunc-rs\[no-lto\]: .*y.c: merged=2 ' "$H/err"
clang-22 -O0 -fpass-plugin="$PLUGIN" -c "$H/y.c" -o "$H/y0.o" 2>"$H/err"
expect "clang -O0 does not" bash -c "! grep -q mergefunc-rs '$H/err'"
# Local arrays of equal initializers: clang writes a private constant per function
# (@__const.pick_a.t, @__const.pick_b.t), which the pipeline's constmerge joins only after
# OptimizerLastEP; the plugin merges them first (found by adapters/llvm/scripts/random-programs.py).
cat >"$H/const.c" <<'C'
int pick_a(int i) { int t[8] = {3, 1, 4, 1, 5, 9, 2, 6}; return t[i & 7] * 3; }
int pick_b(int i) { int t[8] = {3, 1, 4, 1, 5, 9, 2, 6}; return t[i & 7] * 3; }
C
clang-22 -O2 -fpass-plugin="$PLUGIN" -c "$H/const.c" -o "$H/const.o" 2>"$H/err"
expect "clang -O2: functions of equal local array initializers merge at OptimizerLastEP" \
  grep -q '^mergefunc-rs\[no-lto\]: .*const.c: merged=1 ' "$H/err"
MERGEFUNC_PLUGIN_AUTO=0 clang-22 -O2 -fpass-plugin="$PLUGIN" -c "$H/y.c" -o "$H/y.o" 2>"$H/err"
expect "MERGEFUNC_PLUGIN_AUTO=0 adds no pass" bash -c "! grep -q mergefunc-rs '$H/err'"
MERGEFUNC_PLUGIN_AUTO=link clang-22 -O2 -fpass-plugin="$PLUGIN" -c "$H/y.c" -o "$H/y.o" 2>"$H/err"
expect "MERGEFUNC_PLUGIN_AUTO=link adds none outside a link" bash -c "! grep -q mergefunc-rs '$H/err'"
clang-22 -O2 -flto -fpass-plugin="$PLUGIN" -c "$H/y.c" -o "$H/y.lto.o" 2>"$H/err"
expect "not in the full-LTO pre-link phase" bash -c "! grep -q mergefunc-rs '$H/err'"
clang-22 -O2 -flto=thin -fpass-plugin="$PLUGIN" -c "$H/y.c" -o "$H/y.thin.o" 2>"$H/err"
expect "not in the ThinLTO pre-link phase" bash -c "! grep -q mergefunc-rs '$H/err'"
MERGEFUNC_PLUGIN_PARAMS='stats;verify' clang-22 -O2 -flto -fuse-ld=lld "$H/y.lto.o" -o "$H/y.lto" \
  -Wl,--load-pass-plugin="$PLUGIN" 2>"$H/err"
expect "lld full LTO runs it once on the whole program (verified after merging)" \
  bash -c "[ \$(grep -c '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=2 ' '$H/err') = 1 ] && [ \"\$('$H/y.lto')\" = '16 0' ]"
clang-22 -O2 -flto=thin -fuse-ld=lld "$H/y.thin.o" -o "$H/y.thin" -Wl,--load-pass-plugin="$PLUGIN" 2>"$H/err"
expect "lld ThinLTO runs it in the backend" \
  bash -c "grep -q '^mergefunc-rs\[thin-lto-backend\]: .*merged=2 ' '$H/err' && [ \"\$('$H/y.thin')\" = '16 0' ]"
echo "== C++ full LTO through lld: comdat groups the link resolved (docs/plugin.md)"
# Two LTO translation units share inline templates (each instantiation internalized by
# LTO, keeping its comdat group); a native object defines the same groups. lld resolves
# the groups before LTO and keeps the LTO object's: the plugin merges into them there,
# and not where the output is linked again (-r).
C=$OUT/comdats
mkdir -p "$C"
cat >"$C/t.h" <<'CPP'
template <class T> __attribute__((noinline)) T tf1(T x) { static T n; n += x; return x * 5 + 1 + (n == 123456789); }
template <class T> __attribute__((noinline)) T tf2(T x) { static T n; n += x; return x * 5 + 1 + (n == 123456789); }
template <class T> __attribute__((noinline)) T tg1(T x) { return x * 9 - 4; }
template <class T> __attribute__((noinline)) T tg2(T x) { return x * 9 - 4; }
CPP
cat >"$C/main.cpp" <<'CPP'
#include "t.h"
#include <cstdio>
int (*ptrs[])(int) = {tg1<int>, tg2<int>};
int main(int argc, char **) { std::printf("%d %d %d %d\n", tf1(argc), tf2(argc + 1), ptrs[0](argc), ptrs[1](argc + 2)); }
CPP
cat >"$C/more.cpp" <<'CPP'
#include "t.h"
int more(int x) { return tf1(x) + tg2(x) + tf2(x + 1); }
CPP
cat >"$C/native.cpp" <<'CPP'
#include "t.h"
template int tf1<int>(int); template int tf2<int>(int); template int tg1<int>(int); template int tg2<int>(int);
CPP
clang++-22 -O2 -flto -c "$C/main.cpp" -o "$C/main.o"
clang++-22 -O2 -flto -c "$C/more.cpp" -o "$C/more.o"
clang++-22 -O2 -c "$C/native.cpp" -o "$C/native.o"
# link NAME PARAMS OBJECTS...: links with the plugin, statistics in $C/NAME.err.
link() {
  local name=$1 params=$2; shift 2
  MERGEFUNC_PLUGIN_PARAMS="stats;verify$params" clang++-22 -O2 -flto -fuse-ld=lld "$@" -o "$C/$name" \
    -Wl,--load-pass-plugin="$PLUGIN" 2>"$C/$name.err"
}
link lto "" "$C/main.o" "$C/more.o"
expect "the full-LTO link resolves the groups and merges into them" \
  bash -c "grep -q '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=1 .*, comdats resolved by the link\$' '$C/lto.err' && [ \"\$('$C/lto')\" = '6 11 5 23' ]"
link lto-no-linked ";no-linked" "$C/main.o" "$C/more.o"
expect "no-linked declines those merges" \
  bash -c "grep -q '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=0 ' '$C/lto-no-linked.err' && [ \"\$('$C/lto-no-linked')\" = '6 11 5 23' ]"
for order in "main.o more.o native.o" "native.o main.o more.o"; do
  for gc in "" "-Wl,--gc-sections"; do
    objs=()
    for o in $order; do objs+=("$C/$o"); done
    link mixed "" "${objs[@]}" $gc
    expect "with the native copies ($order $gc) the program runs as built without merging" \
      bash -c "grep -q 'comdats resolved by the link\$' '$C/mixed.err' && [ \"\$('$C/mixed')\" = '6 11 5 23' ]"
  done
done
MERGEFUNC_PLUGIN_PARAMS=stats ld.lld-22 -r "$C/main.o" "$C/more.o" -o "$C/r.o" --load-pass-plugin="$PLUGIN" 2>"$C/r.err"
echo "-r $C/main.o $C/more.o -o $C/r2.o" >"$C/r.rsp"
MERGEFUNC_PLUGIN_PARAMS=stats ld.lld-22 @"$C/r.rsp" --load-pass-plugin="$PLUGIN" 2>>"$C/r.err"
expect "ld.lld -r (its groups are linked again) does not count as resolved" \
  bash -c "[ \$(grep -c '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=' '$C/r.err') = 2 ] && ! grep -q resolved '$C/r.err'"
# The index link of a distributed ThinLTO build compiles the full-LTO module and saves the
# object (--lto-obj-path / obj-path=), its 5 comdat groups written out, for the final link,
# which resolves them again.
echo 'int thin_one(int x) { return x + 1; }' >"$C/thin.cpp"
clang++-22 -O2 -flto=thin -c "$C/thin.cpp" -o "$C/thin.o"
: >"$C/idx.err"
for opts in "--thinlto-index-only --lto-obj-path=$C/idx-lto.o" "--plugin-opt=thinlto-index-only --plugin-opt=obj-path=$C/idx-lto2.o"; do
  MERGEFUNC_PLUGIN_PARAMS=stats ld.lld-22 -e main $opts "$C/main.o" "$C/more.o" "$C/thin.o" -o "$C/idx" \
    --load-pass-plugin="$PLUGIN" 2>>"$C/idx.err"
done
expect "a ThinLTO index link (its LTO object is linked again) does not count as resolved" \
  bash -c "[ \$(grep -c '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=0 ' '$C/idx.err') = 2 ] && ! grep -q resolved '$C/idx.err'"

unset MERGEFUNC_PLUGIN_PARAMS

echo "== sources of the real programs (crates.io, through cargo)"
meta=$(cargo metadata --format-version 1 --locked --manifest-path adapters/llvm-plugin/tests/sources/Cargo.toml)
crate_dir() { echo "$meta" | grep -o "\"manifest_path\":\"[^\"]*/$1-[^\"]*/Cargo.toml\"" | head -1 | sed 's/^"manifest_path":"//; s|/Cargo.toml"$||'; }
BZIP2_SRC=$(crate_dir bzip2-sys)/bzip2-1.0.8
SNAPPY_SRC=$(crate_dir snappy_src)
QUICKJS_SRC=$(crate_dir rquickjs-sys)/quickjs
test -f "$BZIP2_SRC/bzlib.c" && test -f "$SNAPPY_SRC/snappy/snappy.cc" && test -f "$QUICKJS_SRC/CMakeLists.txt"

echo "== C: bzip2 1.0.8, its Makefile and its own tests, full LTO through lld"
rm -rf "$OUT/bzip2" && cp -r "$BZIP2_SRC" "$OUT/bzip2" && chmod -R u+w "$OUT/bzip2"
MERGEFUNC_PLUGIN_PARAMS=stats make -C "$OUT/bzip2" CC=clang-22 AR=llvm-ar-22 RANLIB=llvm-ranlib-22 \
  CFLAGS="-O2 -flto -D_FILE_OFFSET_BITS=64" LDFLAGS="-fuse-ld=lld -Wl,--load-pass-plugin=$PLUGIN" all \
  >"$OUT/bzip2.log" 2>&1 || { tail -30 "$OUT/bzip2.log"; bad "bzip2 builds and passes make test"; }
grep -E '^(cmp|mergefunc-rs)' "$OUT/bzip2.log" || true
expect "bzip2: make test compared all 6 outputs" test "$(grep -c '^cmp ' "$OUT/bzip2.log")" = 6
expect "bzip2: the pass ran in both links" test "$(grep -c '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=' "$OUT/bzip2.log")" = 2

echo "== C: quickjs-ng (rquickjs-sys 0.14.0), its CMakeLists.txt with the CMake recipe of docs/plugin.md, its own tests"
Q=$OUT/quickjs
rm -rf "$Q" && cp -r "$QUICKJS_SRC" "$Q" && chmod -R u+w "$Q"
(cd "$Q" &&
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_AR="$(command -v llvm-ar-22)" -DCMAKE_RANLIB="$(command -v llvm-ranlib-22)" \
    -DCMAKE_C_FLAGS=-flto -DCMAKE_CXX_FLAGS=-flto \
    -DCMAKE_EXE_LINKER_FLAGS="-fuse-ld=lld -Wl,--load-pass-plugin=$PLUGIN" \
    -DCMAKE_SHARED_LINKER_FLAGS="-fuse-ld=lld -Wl,--load-pass-plugin=$PLUGIN" &&
  MERGEFUNC_PLUGIN_PARAMS=stats cmake --build build -j2 --target qjs_exe run-test262 api-test) \
  >"$Q/build.log" 2>&1 || { tail -30 "$Q/build.log"; bad "quickjs: CMake configures and builds"; }
grep '^mergefunc-rs' "$Q/build.log" || true
expect "quickjs: the pass ran and merged in every program's link" \
  test "$(grep -c '^mergefunc-rs\[full-lto-link\]: ld-temp.o: merged=[1-9]' "$Q/build.log")" = 3
expect "quickjs: its test suite passes (run-test262 -c tests.conf, as make test runs it)" \
  bash -c "cd '$Q' && ./build/run-test262 -c tests.conf >test.log 2>&1 && grep -q '^Result: 0/[1-9][0-9]* errors' test.log"
grep '^Result' "$Q/test.log" || true
expect "quickjs: api-test passes" "$Q/build/api-test"

# Stable rustc, lld and the plugin: the recipe of docs/plugin.md, in a project's own
# .cargo/config.toml (written into a copy of the project under target/).
write_cargo_config() {
  mkdir -p "$1/.cargo"
  cat >"$1/.cargo/config.toml" <<TOML
[target.x86_64-unknown-linux-gnu]
linker = "clang-22"
rustflags = ["-C", "linker-plugin-lto", "-C", "link-arg=-fuse-ld=lld",
             "-C", "link-arg=-Wl,--load-pass-plugin=$PLUGIN"]
TOML
}

echo "== C++: snappy 1.3.1 (snappy_src), its own test, mixed-language full LTO through lld"
S=$OUT/snappy
rm -rf "$S" && cp -r "$SNAPPY_SRC" "$S" && chmod -R u+w "$S"
printf '\n[workspace]\n' >>"$S/Cargo.toml"
write_cargo_config "$S"
rm -f "$S/report.json"
(cd "$S" && CXX=clang++-22 AR=llvm-ar-22 CXXFLAGS="-O2 -flto" CARGO_PROFILE_RELEASE_LTO=fat \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 MERGEFUNC_PLUGIN_PARAMS="report=$S/report.json" \
  CARGO_TARGET_DIR="$S/target" cargo test --release --test round_trip) || bad "snappy: its test"
expect "snappy: the C++ objects are LLVM bitcode" \
  bash -c "[ \"\$(head -c 2 '$S'/target/release/build/snappy_src-*/out/*-snappy.o)\" = BC ]"
expect "snappy: the pass ran on the linked program" grep -q '"functions_merged": [1-9]' "$S/report.json"
grep '"stats"' "$S/report.json" || true

echo "== Rust: a cargo program with dependencies (regex), stable, linker-plugin LTO from .cargo/config.toml"
A=$OUT/cargo-app
rm -rf "$A" && mkdir -p "$A" && cp -r adapters/llvm-plugin/tests/cargo-app/{Cargo.toml,Cargo.lock,src} "$A/"
write_cargo_config "$A"
rm -f "$A/report.json"
(cd "$A" && MERGEFUNC_PLUGIN_PARAMS="report=$A/report.json" CARGO_TARGET_DIR="$A/target" cargo build --release --locked)
expect "cargo program: its checks pass" "$A/target/release/mergefunc-plugin-cargo-app"
expect "cargo program: the pass ran on the whole program" grep -q '"functions_merged": [1-9]' "$A/report.json"
grep '"stats"' "$A/report.json" || true


echo "plugin end-to-end: $PASSED passed, $FAILED failed"
[ "$FAILED" = 0 ]
