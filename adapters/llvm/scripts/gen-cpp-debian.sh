#!/usr/bin/env bash
# Builds a real C++ library with its own test program, from a Debian 12 source package's
# orig tarball (fetched once from deb.debian.org, checked by sha256), into one LLVM module:
# optimized C++ with exceptions, RTTI, virtual classes and std::string, the way a
# distribution or a user's build compiles it (benchmark rows of issue #34's hunt).
#
#   adapters/llvm/scripts/gen-cpp-debian.sh OUTDIR NAME BUILD
#       NAME:  jsoncpp (libjsoncpp 1.9.5: src/lib_json and the src/test_lib_json runner),
#              tinyxml2 (9.0.0 and its xmltest.cpp), fmt (fmtlib 9.1.0 and five of its
#              googletest suites, against the system's gtest headers)
#       BUILD: Os, O2, O3, O0 or O2g (-O2 -g, debug info): every file
#              `clang++-22 -BUILD -emit-llvm -c`, linked with llvm-link-22;
#              lto: every file `clang++-22 -O2 -flto -c`, linked into a program by
#              ld.lld-22 (`-fuse-ld=lld -Wl,--save-temps`), the module being the whole
#              program after full LTO's optimization (`PROGRAM.0.5.precodegen.bc`):
#              internalized functions that keep their comdats, inlined test drivers;
#              thin: the test runner's own file alone (jsoncpp's main.cpp),
#              `clang++-22 -O2 -flto=thin -c`: one ThinLTO unit as the link's index and
#              backends get it (its library functions are declarations).
# Writes OUTDIR/cpp-NAME-BUILD.bc and prints its path on the last stdout line. The
# sources are kept in OUTDIR/debian-src.
set -euo pipefail
out=${1:?usage: gen-cpp-debian.sh OUTDIR NAME BUILD}
name=${2:?usage: gen-cpp-debian.sh OUTDIR NAME BUILD}
build=${3:?usage: gen-cpp-debian.sh OUTDIR NAME BUILD}
mkdir -p "$out"
out=$(cd "$out" && pwd)
CXX=${CLANGXX:-clang++-22}
command -v "$CXX" >/dev/null || CXX=/usr/lib/llvm-22/bin/clang++
LINK=llvm-link-22
command -v "$LINK" >/dev/null || LINK=/usr/lib/llvm-22/bin/llvm-link
# The pinned tarball and its sha256 live in real-programs.py (DEBIAN_SOURCES).
d=$(python3 "$(dirname "$0")/real-programs.py" --work "$out" --fetch-debian "$name" | tail -n 1)
flags=(-w -std=c++17)
case "$name" in
  jsoncpp)
    flags+=(-I"$d/include" -I"$d/src/lib_json")
    srcs=("$d"/src/lib_json/json_reader.cpp "$d"/src/lib_json/json_value.cpp "$d"/src/lib_json/json_writer.cpp
      "$d"/src/test_lib_json/jsontest.cpp "$d"/src/test_lib_json/main.cpp "$d"/src/test_lib_json/fuzz.cpp)
    runner=${srcs[4]}
    ;;
  tinyxml2)
    flags+=(-I"$d")
    srcs=("$d/tinyxml2.cpp" "$d/xmltest.cpp")
    runner=${srcs[1]}
    ;;
  fmt)
    flags+=(-I"$d/include" -I"$d/test")
    srcs=("$d/src/format.cc" "$d/src/os.cc")
    for f in gtest-extra util test-main format-test args-test core-test; do srcs+=("$d/test/$f.cc"); done
    runner=$d/test/format-test.cc
    ;;
  *) echo "unknown library $name (jsoncpp|tinyxml2|fmt)" >&2; exit 2 ;;
esac
# `runner`: the test runner's own file (the ThinLTO unit of `thin`).
work="$out/cpp-$name-$build.d"
rm -rf "$work"
mkdir -p "$work"
dest="$out/cpp-$name-$build.bc"
objs=()
case "$build" in
  Os|O2|O3|O0) flags+=(-"$build" -g0 -emit-llvm -c) ;;
  O2g) flags+=(-O2 -g -emit-llvm -c) ;;
  lto) flags+=(-O2 -g0 -flto -c) ;;
  thin) flags+=(-O2 -g0 -flto=thin -c); srcs=("$runner") ;;
  *) echo "unknown build $build (Os|O2|O3|O0|O2g|lto|thin)" >&2; exit 2 ;;
esac
for s in "${srcs[@]}"; do
  [ -f "$s" ] || { echo "gen-cpp-debian: missing $s" >&2; exit 1; }
  o="$work/$(basename "${s%.*}").bc"
  "$CXX" "${flags[@]}" "$s" -o "$o"
  objs+=("$o")
done
if [ "$build" = lto ]; then
  (cd "$work" && "$CXX" -O2 -flto -fuse-ld=lld -Wl,--save-temps "${objs[@]}" -o "$work/prog")
  cp "$work/prog.0.5.precodegen.bc" "$dest"
elif [ "$build" = thin ]; then
  cp "${objs[0]}" "$dest"
else
  "$LINK" "${objs[@]}" -o "$dest"
fi
rm -rf "$work"
n=$(llvm-dis-22 "$dest" -o - | grep -c '^define' || true)
echo "gen-cpp-debian: $dest: $n defined functions from ${#objs[@]} files" >&2
echo "$dest"
