#!/usr/bin/env bash
# Writes the symbol order the `mergefunc` command is linked with (adapters/llvm/link-order.txt,
# read by build.rs): every function of the binary that a merge run executes, from the load
# to the end of `merge_module`, on each module of DIR, ordered by how many of the modules
# ran it (most first, then by name). A run in a fresh process (every CLI run, every
# translation unit in clang) spends much of its time fetching code it has not run yet; laid
# out together, the code of a typical run fills fewer cache lines and pages.
#
#   adapters/llvm/scripts/gen-link-order.sh target/release/mergefunc DIR > adapters/llvm/link-order.txt
#   adapters/llvm/scripts/gen-link-order.sh target/release/libmergefunc_plugin.so DIR \
#     > adapters/llvm-plugin/link-order.txt
#
# The pass plugin (a `.so`: its build.rs reads the second file) is run inside `opt-22`; its
# names differ from the command's (other crate features), hence a file of its own.
# DIR: small modules such as the single-TU corpus (gen-single-tus.sh OUTDIR prints it); every
# second file is read (sorted). Needs valgrind. The names are mangled: they stay valid while
# the toolchain and the crate versions do; names the binary no longer has are skipped by the
# linker, so a stale file costs speed, never correctness.
set -euo pipefail
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=${2:?usage: gen-link-order.sh MERGEFUNC DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The warm-up's markers (src/code_warmup.rs) come first and last: the code between them is
# what a run prefetches.
echo mergefunc_hot_text_start
ls "$dir" | grep -e '\.bc$' -e '\.ll$' | sort | awk 'NR % 2 == 1' | while read -r f; do
  case $exe in
    *.so) run=(opt-22 "-load-pass-plugin=$exe" "-passes=mergefunc-rs" "$dir/$f" -o "$tmp/out.bc") ;;
    *) run=("$exe" "$dir/$f" -o "$tmp/out.bc" --threads 1 --no-verify) ;;
  esac
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$tmp/$f.cg" \
    --toggle-collect='*LlvmModule*from_raw*' --toggle-collect='*driver*merge_module*' "${run[@]}" 2>/dev/null
  callgrind_annotate --threshold=100 "$tmp/$f.cg" 2>/dev/null \
    | grep -F "[$exe]" | sed -E "s/.*\?\?\?:(\S+) \[.*/\1/; s/'[0-9]+\$//" | grep -v '^\.' | sort -u
done | sort | uniq -c | sort -k1,1nr -k2,2 | awk '{print $2}' | grep -v '^mergefunc_hot_text_'
echo mergefunc_hot_text_end
