#!/usr/bin/env bash
# Runs hand-written modules through the `mergefunc` command under every option set and
# checks what no option may change: the run succeeds, opt-22's verifier accepts the
# output, and a module with `main` prints the same under lli-22 (or, when lli-22 cannot
# run the input, compiled by clang-22) before and after the merge. With PLUGIN set to
# libmergefunc_plugin.so it also requires the plugin's output (through opt-22) to be the
# command's, byte for byte (module ID lines aside).
#
#   adapters/llvm/scripts/option-sweep.sh [FILE.ll ...]     (default: tests/corpus, tests/opt-invalid)
#
# Not run by CI (the differential tests run each corpus file with its own options only);
# a tool for new hazard modules. Prints one line per failure and a summary; exits 1 on any.
# MERGEFUNC: the command (default: target/debug/mergefunc of the repository).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
root=$(cd "$here/../.." && pwd)
mf=${MERGEFUNC:-$root/target/debug/mergefunc}
[ -x "$mf" ] || { echo "error: $mf not built (cargo build -p mergefunc-llvm --features llvm)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -eq 0 ]; then set -- "$here"/tests/corpus/*.ll "$here"/tests/opt-invalid/*.ll; fi

# Each option set of the command, and the plugin's parameters for the same run.
sets=(
  ":"
  "--merge-cycles:merge-cycles"
  "--use-aliases:use-aliases"
  "--drop-differing-attachments:drop-differing-attachments"
  "--preserve-debug-info:preserve-debug-info"
  "--threads 2:threads=2"
  "--threads 1 --check-fast-path:threads=1"
  "--no-copy-views --no-tree-keys:"
  "--use-aliases --merge-cycles --drop-differing-attachments --threads 2:use-aliases;merge-cycles;drop-differing-attachments;threads=2"
  "--preserve-debug-info --use-aliases --merge-cycles:preserve-debug-info;use-aliases;merge-cycles"
)

# Runs module $1 (lli-22, or a clang-22 build when lli-22 cannot); prints output and status.
run_module() {
  local out
  out=$(timeout 30 lli-22 "$1" 2>&1)
  local rc=$?
  if [ $rc -ne 0 ] && grep -q "lli-22:\|LLVM ERROR\|Stack dump" <<<"$out"; then
    clang-22 -w "$1" -o "$1.exe" 2>/dev/null || { echo "cannot build"; return; }
    out=$(timeout 30 "$1.exe" 2>&1)
    rc=$?
  fi
  printf '%s\nstatus %s\n' "$out" "$rc"
}

fails=0 runs=0
for f in "$@"; do
  name=$(basename "$f" .ll)
  if ! opt-22 -passes=verify -disable-output "$f" 2>/dev/null; then
    echo "$name: the input does not verify (skipped)"
    continue
  fi
  want=""
  grep -q '^define.*@main(' "$f" && want=$(run_module "$f")
  for s in "${sets[@]}"; do
    opts=${s%%:*} params=${s#*:}
    out=$work/$name.ll
    runs=$((runs + 1))
    # shellcheck disable=SC2086 # the options are words
    if ! err=$(timeout 120 "$mf" "$f" -S -o "$out" $opts 2>&1); then
      echo "$name [$opts]: the run failed: $(tail -1 <<<"$err")"
      fails=$((fails + 1))
      continue
    fi
    if ! err=$(opt-22 -passes=verify -disable-output "$out" 2>&1); then
      echo "$name [$opts]: the output does not verify: $(head -1 <<<"$err")"
      fails=$((fails + 1))
      continue
    fi
    if [ -n "$want" ] && [ "$(run_module "$out")" != "$want" ]; then
      echo "$name [$opts]: the merged module behaves differently"
      fails=$((fails + 1))
    fi
    if [ -n "${PLUGIN:-}" ]; then
      plugged=$work/$name.plugin.ll
      if ! opt-22 -load-pass-plugin="$PLUGIN" -passes="mergefunc-rs<$params>" -S "$f" -o "$plugged" 2>/dev/null ||
        ! diff -q <(grep -v '^; ModuleID\|^source_filename' "$plugged") \
          <(grep -v '^; ModuleID\|^source_filename' "$out") >/dev/null; then
        echo "$name [$opts]: the plugin's output differs from the command's"
        fails=$((fails + 1))
      fi
    fi
  done
done
echo "option sweep: $# modules, $runs runs, $fails failures"
[ $fails -eq 0 ]
