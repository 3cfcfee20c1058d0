#!/usr/bin/env bash
# The duplicate-class sweep of docs/soundness-audit.md (not in CI: tens of minutes): code
# that compilers write in families (OpenMP outlined regions and reduction helpers, C++20
# coroutine clones, thread_local wrappers, lambdas, std::function and std::variant
# visitors, `_Generic` and macro families, `cleanup` locals, setjmp, varargs, computed
# goto), control-flow integrity builds (-fsanitize=cfi, cfi-icall: full LTO, hidden
# visibility; cross-DSO CFI with a shared library), interposition of a shared library's
# exported twins and of libsodium's exports (LD_PRELOAD), static-pie, static and -fno-plt links,
# and programs with their own test
# suites (expat, Mbed TLS, fmt with the plugin, jq with Oniguruma, RE2, yaml-cpp,
# libsodium), each
# built the ways users build: the command on the llvm-link'ed module under several option sets, opt-22, the plugin in a full-LTO and a ThinLTO link, and on every
# translation unit (-fpass-plugin) at -O1, -O2 and -Os. Every merged build must print
# what its unmerged build prints (real-programs.py).
#   class-sweep.sh [WORK]
# OpenMP needs libomp-22-dev (installed here with apt-get when missing and run as root).
# Prints one block per run; exits 1 if any run found a difference.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=${1:-$here/../../../target/real-programs}
rp() { echo "== real-programs.py $*"; python3 "$here/real-programs.py" --work "$work" "$@" || bad=1; }
bad=0
if ! echo 'int main(void){return 0;}' | clang-22 -fopenmp -x c - -o /dev/null 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q libomp-22-dev >/dev/null
  else
    echo "class-sweep: OpenMP needs libomp-22-dev (apt-get install libomp-22-dev)" >&2
    exit 2
  fi
fi
# the class programs: every option set, the plugin at each level, ThinLTO
rp --programs classes-c,classes-cxx,openmp --opt-levels O1,O2,Os --plugin-levels O1,O2,Os --thin
# control-flow integrity: checked calls through pointers to functions that merge
for set in cfi cfi-icall; do
  rp --programs cfi,classes-c,classes-cxx,cjson,tinyxml2 --cflags "$set" --opt-levels O2 --sets default,all --thin
done
rp --programs cfi,classes-c,classes-cxx --cflags kcfi --opt-levels O2 --sets default,all
for set in cfi-noncanonical cfi-generalize; do
  rp --programs cfi,classes-c --cflags "$set" --opt-levels O2 --sets default,all --thin
done
# cross-DSO CFI: a shared library and an executable, each its own LTO link with the plugin
rp --programs cfi-dso --plugin-levels O1,O2,Os
# interposition: a shared library of exported twins under three -f[no-]semantic-interposition
# modes, run with and without a preloaded library (LD_PRELOAD) defining one twin of each pair
rp --programs interpose --opt-levels O1,O2,Os --plugin-levels O1,O2,Os
# libsodium as a shared object: its tests against it, with preloads of a folded and a
# surviving export (clang's default and -Bsymbolic-functions, each with and without -fno-plt)
rp --programs sodium-so --opt-levels O2 --sets default,all
# links without a dynamic loader (ifunc resolvers run at start-up), and -fno-plt -z now
for set in static-pie static; do
  rp --programs classes-c --cflags "$set" --opt-levels O2 --sets default,all
  rp --programs classes-c --cflags "$set" --opt-levels O2 --sets default,all --target aarch64
done
for target in x86_64 aarch64; do
  rp --programs classes-c,cjson --cflags noplt --opt-levels O2 --sets default,all --target "$target"
done
# programs with their own test suites
# template-heavy C++ libraries and their suites (real-programs/cxx_suites.py)
rp --programs nlohmann-json,cereal,spdlog --opt-levels O2 --sets default,all
rp --programs expat --opt-levels O1,O2 --sets default,cycles,aliases,drop,pdi,all
rp --programs mbedtls --opt-levels O2,Os --plugin-levels O2,Os --sets default,all --thin
rp --programs fmt --opt-levels O2 --sets default,all
rp --programs jq --opt-levels O1,O2,Os --thin --sets default,cycles,drop,all
rp --programs re2,yaml-cpp --opt-levels O2 --thin --sets default,cycles,drop,all
rp --programs libsodium --opt-levels O2,O1,Os
exit $bad
