#!/usr/bin/env bash
# Makes the inputs of `cargo test -p mergefunc-cranelift --test real_clif`:
#   1. fetches pinned C sources from crates.io (-sys crates that vendor them),
#   2. compiles three WebAssembly modules with clang-22 --target=wasm32-wasi, Debian's
#      wasi-libc and wasm-ld-22 (lld-22):
#        lz4.wasm       lz4 1.10.0's command line program (programs/ + lib/)
#        zstd.wasm      the zstd 1.5.7 library as a WASI reactor exporting its public API
#        zstd-O0.wasm   the same at -O0 (a debug build: every `static inline` helper of
#                       zstd's headers is a function of its own in each file using it)
#        mbedtls.wasm   mbedtls 2.28.15's self-test program (programs/test/selftest.c + library/)
#   3. builds tools/emit-clif (wasmtime 48.0.8 = Cranelift 0.135.8, the adapter's pin;
#      a heavy build, so it is done here and never in CI) and writes each module's CLIF,
#   4. runs Binaryen's `wasm-opt --duplicate-function-elimination` (Debian's, and npm's
#      binaryen 132.0.0 where npm is there) on each module and records which functions
#      it removes (the comparison in the adapter's README).
# Outputs, committed, in adapters/cranelift/tests/real/:
#   NAME.wasm, NAME.clif.gz (gzip -9n, so byte-identical across runs), NAME.binaryen-dfe.txt
# Re-running on the same machine gives the same bytes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
crate="$(cd "$here/.." && pwd)"
out="$crate/tests/real"
work="${WORK:-/tmp/mergefunc-real-clif}"
mkdir -p "$out" "$work"

# -- tools ---------------------------------------------------------------------------
need=()
command -v clang-22 >/dev/null || need+=(clang-22)
command -v wasm-ld-22 >/dev/null || need+=(lld-22)
[ -f /usr/lib/wasm32-wasi/libc.a ] || need+=(wasi-libc)
[ -f /usr/lib/llvm-22/lib/clang/22/lib/wasi/libclang_rt.builtins-wasm32.a ] || need+=(libclang-rt-22-dev-wasm32)
command -v wasm-opt >/dev/null || need+=(binaryen)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq "${need[@]}"
fi

# -- sources -------------------------------------------------------------------------
src="$work/src"
if [ ! -d "$src/mbedtls-sys-auto-2.28.15" ]; then
  mkdir -p "$work/fetch/src" "$src"
  cat > "$work/fetch/Cargo.toml" <<'EOF'
[package]
name = "fetch-c-sources"
version = "0.0.0"
edition = "2021"
[workspace]
[dependencies]
lz4-sys = "=1.11.1"
zstd-sys = "=2.0.16"
mbedtls-sys-auto = { version = "=2.28.15", default-features = false }
EOF
  : > "$work/fetch/src/lib.rs"
  (cd "$work/fetch" && cargo fetch --quiet)
  reg="${CARGO_HOME:-$HOME/.cargo}/registry/cache"
  for c in lz4-sys-1.11.1+lz4-1.10.0 zstd-sys-2.0.16+zstd.1.5.7 mbedtls-sys-auto-2.28.15; do
    tar xzf "$(ls "$reg"/*/"$c.crate" | head -n1)" -C "$src"
  done
fi
lz4="$src/lz4-sys-1.11.1+lz4-1.10.0/liblz4"
zstd="$src/zstd-sys-2.0.16+zstd.1.5.7/zstd/lib"
mbed="$src/mbedtls-sys-auto-2.28.15/vendor"

# -- WebAssembly ---------------------------------------------------------------------
# -Wno-deprecated: Debian's wasi-libc lives under the wasm32-wasi triple, which clang 22
# calls deprecated (wasm32-wasip1 would not find it).
cc=(clang-22 --target=wasm32-wasi -Wno-deprecated --sysroot=/usr -O2 -ffile-prefix-map="$src"=.)
"${cc[@]}" -include "$here/wasi-compat.h" -D_WASI_EMULATED_SIGNAL -D_WASI_EMULATED_PROCESS_CLOCKS \
  -I"$lz4/lib" "$lz4"/lib/*.c "$lz4"/programs/*.c \
  -lwasi-emulated-signal -lwasi-emulated-process-clocks -o "$out/lz4.wasm"
for opt in -O2 -O0; do
  name=zstd; [ "$opt" = -O0 ] && name=zstd-O0
  "${cc[@]}" "$opt" -mexec-model=reactor -fvisibility=hidden -DZSTD_DISABLE_ASM -D_WASI_EMULATED_PROCESS_CLOCKS \
    -I"$zstd" -I"$zstd/common" "$zstd"/common/*.c "$zstd"/compress/*.c "$zstd"/decompress/*.c \
    "$zstd"/dictBuilder/*.c -lwasi-emulated-process-clocks -Wl,--export-dynamic -o "$out/$name.wasm"
done
"${cc[@]}" -I"$mbed/include" -I"$mbed/library" "-DMBEDTLS_USER_CONFIG_FILE=\"$here/mbedtls-wasi.h\"" \
  "$mbed"/library/*.c "$mbed/programs/test/selftest.c" -o "$out/mbedtls.wasm"

# -- CLIF ----------------------------------------------------------------------------
target="${EMIT_CLIF_TARGET:-$work/target}"
CARGO_TARGET_DIR="$target" cargo build --release --quiet --manifest-path "$crate/tools/emit-clif/Cargo.toml"
for m in lz4 zstd zstd-O0 mbedtls; do
  "$target/release/emit-clif" "$out/$m.wasm" "$work/$m.clif"
  gzip -9n < "$work/$m.clif" > "$out/$m.clif.gz"
done

# -- Binaryen ------------------------------------------------------------------------
# Debian's wasm-opt and, where npm is there, npm's binaryen 132.0.0. wasm-ld 22 writes
# no `name` section, so Binaryen names defined functions by their index among the
# defined functions ($N, the `u0:N` of the CLIF); a removed function is a name that is
# gone after the pass.
optimizers=(wasm-opt)
if command -v npm >/dev/null; then
  [ -x "$work/npm/node_modules/.bin/wasm-opt" ] ||
    npm install --silent --no-audit --no-fund --prefix "$work/npm" binaryen@132.0.0
  optimizers+=("$work/npm/node_modules/.bin/wasm-opt")
fi
# Without an optimize level the pass makes one sweep; at --optimize-level=3 it repeats
# (callers whose callees were merged can become equal), so both are recorded.
for m in lz4 zstd zstd-O0 mbedtls; do
  for opt in "${optimizers[@]}"; do
    for level in "" --optimize-level=3; do
      "$opt" "$out/$m.wasm" --print > "$work/$m.before.wat"
      "$opt" "$out/$m.wasm" $level --duplicate-function-elimination --print > "$work/$m.after.wat"
      echo "# wasm-opt $("$opt" --version | awk '{print $3}') $level --duplicate-function-elimination on $m.wasm"
      echo "# functions before: $(grep -c '^ (func ' "$work/$m.before.wat")"
      echo "# functions after: $(grep -c '^ (func ' "$work/$m.after.wat")"
      echo "# removed (one name per line):"
      comm -23 <(sed -n 's/^ (func \$\([^ ]*\).*/\1/p' "$work/$m.before.wat" | sort) \
               <(sed -n 's/^ (func \$\([^ ]*\).*/\1/p' "$work/$m.after.wat" | sort)
    done
  done > "$out/$m.binaryen-dfe.txt"
done
ls -la "$out"
