#!/usr/bin/env bash
# The flag-class sweep of docs/soundness-audit.md (not in CI: tens of minutes): real
# programs built with compiler flag sets that write unusual IR (hardening, code-generation
# switches, ASan/UBSan/TSan with their runtimes, instrumentation), and mixed-flag programs (every second
# source built with a semantic switch: the merge must not fold across it), each under the
# command (default and all options), opt-22, the plugin in full LTO and on every
# translation unit (-fpass-plugin). Every merged build must print what its unmerged build
# prints, and every merge of the command must join bodies that are the same
# (real-programs.py's UNEXPLAINED check).
#   flag-sweep.sh [WORK]     (needs libclang-rt-22-dev for the sanitizer sets)
# Prints one block per run; exits 1 if any run found a difference.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-$here/../../../target/real-programs}
rp() { echo "== real-programs.py $*"; python3 "$here/real-programs.py" --work "$work" --opt-levels O2 --sets default,all "$@" || bad=1; }
bad=0
# mixed-flag builds of cJSON (21 copies of the library: half built each way)
for m in asan no-strict-aliasing march fast-math wrapv O0 hardened; do
  rp --programs cjson --mix "$m"
done
# C++: exceptions off in every second source, another -march, aliasing rules
rp --programs tinyxml2 --mix no-exceptions
rp --programs tinyxml2,jsoncpp --mix march
rp --programs jsoncpp --mix no-strict-aliasing
for set in hardened codegen asan ubsan; do
  rp --programs cjson,libyaml,tinyxml2 --cflags "$set"
done
rp --programs cjson,libyaml --cflags tsan
# instrumentation: entry/exit hooks (before and after inlining), mcount/__fentry__, XRay,
# coverage (its report compared), SanitizerCoverage, MSan, SafeStack, DFSan
for set in instrument-functions instrument-after-inlining pg pg-fentry xray coverage sancov msan safe-stack dfsan; do
  rp --programs cjson,lua --cflags "$set"
done
# the programs added with this sweep, plain, ThinLTO included
rp --programs brotli,fmt --thin
exit $bad
