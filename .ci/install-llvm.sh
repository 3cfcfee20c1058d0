#!/usr/bin/env bash
# Installs LLVM 22 from Debian's packages when it is missing, and nothing otherwise
# (idempotent): llvm-22-dev (headers, libLLVM and llvm-config-22 for llvm-sys 221),
# llvm-22 (opt-22, lli-22, llvm-dis-22 for the differential tests), clang-22, lld-22
# (ld.lld-22, the linker that loads the pass plugin in LTO links), libclang-rt-22-dev
# (compiler-rt: the sanitizer runtimes and the CFI ignorelist that `-fsanitize=cfi` reads;
# clang-22 only recommends it) and cmake (the pass plugin's tests build a CMake project
# with the documented recipe).
# Prints the LLVM_SYS_221_PREFIX to use.
set -euo pipefail

pkgs=(llvm-22-dev llvm-22 clang-22 lld-22 libclang-rt-22-dev cmake)
missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
for tool in llvm-config-22 opt-22 lli-22 llvm-stress-22 clang-22 ld.lld-22 cmake; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("(tool $tool)")
done

if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  echo "install-llvm: missing: ${missing[*]}" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
fi

for tool in llvm-config-22 opt-22 lli-22 llvm-stress-22 clang-22 ld.lld-22 cmake; do
  command -v "$tool" >/dev/null 2>&1 || { echo "install-llvm: $tool still missing" >&2; exit 1; }
done
echo "install-llvm: LLVM $(llvm-config-22 --version) at $(llvm-config-22 --prefix)" >&2
echo "LLVM_SYS_221_PREFIX=$(llvm-config-22 --prefix)"
