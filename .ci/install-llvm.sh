#!/usr/bin/env bash
# Installs LLVM 22 (libraries for llvm-sys, opt-22/lli-22 for the differential tests)
# from Debian's packages when it is missing. Idempotent.
set -euo pipefail
need=()
command -v llvm-config-22 >/dev/null 2>&1 || need+=(llvm-22-dev)
command -v opt-22 >/dev/null 2>&1 || need+=(llvm-22)
command -v lli-22 >/dev/null 2>&1 || need+=(llvm-22)
command -v clang-22 >/dev/null 2>&1 || need+=(clang-22)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO=sudo
  echo "installing: ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq llvm-22-dev llvm-22 clang-22 >/dev/null
fi
llvm-config-22 --version
