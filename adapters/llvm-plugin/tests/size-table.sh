#!/usr/bin/env bash
# Measures the table of docs/plugin.md (run by hand; not part of CI, about 12 minutes on
# two cores): `.text` bytes (llvm-size-22) of each real program of tests/run.sh with
#   none     no MergeFunctions anywhere
#   llvm     LLVM's pass: `-Wl,-mllvm,-enable-merge-functions` in the LTO link (C, C++);
#            for Rust, rustc's default (its pass per codegen unit before the link)
#   ours     libmergefunc_plugin.so in the link (defaults)
#   cycles   the plugin with MERGEFUNC_PLUGIN_PARAMS=merge-cycles
# each also linked with lld's `--icf=all`; and the time of our pass against LLVM's pass
# inside the same link (`-mllvm -time-passes`, wall seconds).
# Rust programs: `none`, `ours` and `cycles` are built with `-Z merge-functions=disabled`
# (RUSTC_BOOTSTRAP=1 for that flag only), so that the plugin starts from the same IR as
# `none`; `llvm-link` there is LLVM's pass run by lld on that same IR (the time comparison).
# Output: a markdown table on standard output; logs under target/plugin-size.
# Usage: size-table.sh   (builds the release plugin first)
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
export CARGO_TERM_COLOR=never
export LLVM_SYS_221_PREFIX="${LLVM_SYS_221_PREFIX:-$(llvm-config-22 --prefix)}"
unset MERGEFUNC_PLUGIN_AUTO MERGEFUNC_PLUGIN_PARAMS
OUT=$ROOT/target/plugin-size
mkdir -p "$OUT"
CARGO_TARGET_DIR=$ROOT/target cargo build --release --manifest-path adapters/llvm-plugin/Cargo.toml >&2
PLUGIN=$ROOT/target/release/libmergefunc_plugin.so

meta=$(cargo metadata --format-version 1 --locked --manifest-path adapters/llvm-plugin/tests/sources/Cargo.toml)
crate_dir() { echo "$meta" | grep -o "\"manifest_path\":\"[^\"]*/$1-[^\"]*/Cargo.toml\"" | head -1 | sed 's/^"manifest_path":"//; s|/Cargo.toml"$||'; }

text_size() { llvm-size-22 -A "$1" | awk '$1 == ".text" { print $2 }'; }
# Wall seconds of pass $2 in a -time-passes report $1 (summed over its lines).
pass_time() {
  awk -v p="$2" '$0 ~ p { for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+$/) last = $i; s += last } END { printf "%.4f", s }' "$1"
}
# Extra link flags and environment of each variant.
variant_flags() {
  case $1 in
    none | rustc) echo "" ;;
    llvm | llvm-link) echo "-Wl,-mllvm,-enable-merge-functions" ;;
    ours | cycles) echo "-Wl,--load-pass-plugin=$PLUGIN" ;;
  esac
}
variant_params() { [ "$1" = cycles ] && echo "merge-cycles" || echo ""; }

row() { # program variant size size-icf
  echo "$1 $2 $3 $4" >>"$OUT/sizes.txt"
}

: >"$OUT/sizes.txt"
: >"$OUT/times.txt"

# ---- C: bzip2 (the `bzip2` program) ------------------------------------------------------
B=$OUT/bzip2
rm -rf "$B" && cp -r "$(crate_dir bzip2-sys)/bzip2-1.0.8" "$B" && chmod -R u+w "$B"
make -C "$B" -s CC=clang-22 AR=llvm-ar-22 RANLIB=llvm-ranlib-22 CFLAGS="-O2 -flto -D_FILE_OFFSET_BITS=64" \
  LDFLAGS="-fuse-ld=lld" bzip2 >"$B.log" 2>&1
for v in none llvm ours cycles; do
  for icf in "" "-Wl,--icf=all"; do
    # shellcheck disable=SC2046
    MERGEFUNC_PLUGIN_PARAMS=$(variant_params $v) clang-22 -O2 -flto -fuse-ld=lld -o "$B/bzip2.$v" "$B/bzip2.o" \
      -L"$B" -lbz2 $(variant_flags $v) $icf -Wl,-mllvm,-time-passes 2>"$B/$v$icf.log"
    size=$(text_size "$B/bzip2.$v")
    if [ -z "$icf" ]; then s0=$size; t=$(pass_time "$B/$v.log" 'MergeFunctionsPass|MergeFuncRsPass'); echo "bzip2 $v $t" >>"$OUT/times.txt"; fi
  done
  row bzip2 $v "$s0" "$size"
  (cd "$B" && ./bzip2.$v -1 <sample1.ref | cmp - sample1.bz2) || { echo "bzip2.$v is wrong" >&2; exit 1; }
done

# ---- C: quickjs-ng (the `qjs` program), objects built once by its CMakeLists.txt ---------
Q=$OUT/quickjs
rm -rf "$Q" && cp -r "$(crate_dir rquickjs-sys)/quickjs" "$Q" && chmod -R u+w "$Q"
(cd "$Q" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang-22 \
  -DCMAKE_AR="$(command -v llvm-ar-22)" -DCMAKE_RANLIB="$(command -v llvm-ranlib-22)" -DCMAKE_C_FLAGS=-flto \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld && cmake --build build -j2 --target qjs_exe run-test262) >"$Q.log" 2>&1
# The program's own link command (CMake's link.txt), relinked per variant into qjs.VARIANT.
read -r -a qlink <"$Q/build/CMakeFiles/qjs_exe.dir/link.txt"
for v in none llvm ours cycles; do
  for icf in "" "-Wl,--icf=all"; do
    # shellcheck disable=SC2046
    (cd "$Q/build" && MERGEFUNC_PLUGIN_PARAMS=$(variant_params $v) "${qlink[@]}" $(variant_flags $v) $icf \
      -Wl,-mllvm,-time-passes -o "qjs.$v" 2>"$Q/$v$icf.log")
    size=$(text_size "$Q/build/qjs.$v")
    if [ -z "$icf" ]; then s0=$size; t=$(pass_time "$Q/$v.log" 'MergeFunctionsPass|MergeFuncRsPass'); echo "quickjs $v $t" >>"$OUT/times.txt"; fi
  done
  row quickjs $v "$s0" "$size"
  # The relinked qjs runs the suite's self-checking scripts that need no harness.
  (cd "$Q" && for t in tests/test_language.js tests/test_bigint.js tests/test_closure.js tests/test_loop.js \
    tests/test_std.js tests/test_bjson.js; do
    ./build/qjs.$v "$t" >/dev/null || exit 1; done) || { echo "qjs.$v is wrong" >&2; exit 1; }
done

# ---- Rust builds through a linker wrapper (extra flags per relink) -----------------------
WRAP=$OUT/clang-link.sh
cat >"$WRAP" <<'SH'
#!/usr/bin/env bash
# clang-22 as rustc's linker, plus $MF_LINK_FLAGS; lld's messages go to $MF_LINK_LOG.
exec clang-22 "$@" $MF_LINK_FLAGS 2>>"${MF_LINK_LOG:-/dev/stderr}"
SH
chmod +x "$WRAP"

# cargo_variants NAME DIR TOUCH BIN CARGO-ARGS...: builds DIR twice (rustc's MergeFunctions
# on, then off), relinking for every variant by touching TOUCH (the last crate's source).
cargo_variants() {
  local name=$1 dir=$2 touch=$3 bin=$4
  shift 4
  for mode in on off; do
    local flags=(-C linker-plugin-lto -C "linker=$WRAP" -C link-arg=-fuse-ld=lld)
    local variants="rustc"
    if [ $mode = off ]; then flags+=(-Z merge-functions=disabled); variants="none llvm-link ours cycles"; fi
    for v in $variants; do
      for icf in "" "-Wl,--icf=all"; do
        touch "$dir/$touch"
        : >"$OUT/$name.$v$icf.log"
        (cd "$dir" && RUSTC_BOOTSTRAP=1 RUSTFLAGS="${flags[*]}" MF_LINK_LOG="$OUT/$name.$v$icf.log" \
          MF_LINK_FLAGS="$(variant_flags $v) $icf -Wl,-mllvm,-time-passes" MERGEFUNC_PLUGIN_PARAMS=$(variant_params $v) \
          CARGO_TARGET_DIR="$dir/target-$mode" "$@" >>"$OUT/$name.cargo.log" 2>&1)
        local exe
        exe=$(ls -t "$dir/target-$mode/release/$bin"* | grep -v '\.d$' | head -1)
        size=$(text_size "$exe")
        if [ -z "$icf" ]; then
          s0=$size
          echo "$name $v $(pass_time "$OUT/$name.$v.log" 'MergeFunctionsPass|MergeFuncRsPass')" >>"$OUT/times.txt"
          "$exe" >/dev/null || { echo "$name $v fails its check" >&2; exit 1; }
        fi
      done
      row "$name" "$v" "$s0" "$size"
    done
  done
}

# ---- C++: snappy (its round_trip test program, with the Rust test harness) ---------------
S=$OUT/snappy
rm -rf "$S" && cp -r "$(crate_dir snappy_src)" "$S" && chmod -R u+w "$S" && printf '\n[workspace]\n' >>"$S/Cargo.toml"
CXX=clang++-22 AR=llvm-ar-22 CXXFLAGS="-O2 -flto" CARGO_PROFILE_RELEASE_LTO=fat CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  cargo_variants snappy "$S" tests/round_trip.rs "deps/round_trip-" cargo test --release --test round_trip --no-run

# ---- Rust: the cargo program (regex) -------------------------------------------------------
A=$OUT/cargo-app
rm -rf "$A" && mkdir -p "$A" && cp -r adapters/llvm-plugin/tests/cargo-app/{Cargo.toml,Cargo.lock,src} "$A/"
cargo_variants cargo-app "$A" src/main.rs mergefunc-plugin-cargo-app cargo build --release --locked

# ---- table ----------------------------------------------------------------------------------
echo "| program | variant | .text | .text with --icf=all | pass time in the link (s) |"
echo "|---|---|---:|---:|---:|"
while read -r prog v s si; do
  base=$(awk -v p="$prog" '$1 == p && $2 == "none" { print $3 }' "$OUT/sizes.txt")
  t=$(awk -v p="$prog" -v v="$v" '$1 == p && $2 == v { print $3 }' "$OUT/times.txt")
  pct() { awk -v a="$1" -v b="$base" 'BEGIN { if (b > 0) printf "%+.2f%%", (a - b) * 100 / b }'; }
  echo "| $prog | $v | $s ($(pct "$s")) | $si ($(pct "$si")) | $t |"
done <"$OUT/sizes.txt"
