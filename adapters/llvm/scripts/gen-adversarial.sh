#!/usr/bin/env bash
# Writes DIR/adv-SHAPE-N.bc: the adversarial module SHAPE of size N from
# gen-adversarial.py, as bitcode (for the vs_opt benchmark's generated rows).
# Usage: gen-adversarial.sh DIR SHAPE N
set -euo pipefail
dir=$1 shape=$2 n=$3
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp "$dir/adv-$shape-$n.XXXXXX.ll")
trap 'rm -f "$tmp"' EXIT
python3 "$here/gen-adversarial.py" "$shape" "$n" "$tmp"
opt-22 -passes=verify "$tmp" -o "$dir/adv-$shape-$n.bc"
