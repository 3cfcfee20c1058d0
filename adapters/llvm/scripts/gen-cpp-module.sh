#!/usr/bin/env bash
# Generates a real, template-heavy C++ module for the differential tests.
#
#   adapters/llvm/scripts/gen-cpp-module.sh OUTDIR [O0|O1|O2]
#
# Writes OUTDIR/cpp-prog-MODE.cpp (our own program: std::vector / std::map / std::variant /
# std::optional / std::function / std::sort over several element types, plus hand-made generic code
# whose instances are identical modulo types, so MergeFunctions has work), compiles it with
#   O0: clang++-22 -O0 -S -emit-llvm
#   O1: clang++-22 -O1 -Xclang -disable-llvm-passes -S -emit-llvm   (unoptimised IR, but
#       without optnone and with TBAA/lifetime markers)
#   O2: clang++-22 -O2 -S -emit-llvm   (optimized: inlined, few functions left; a benchmark
#       row of optimized template code)
# and prints the path of the .ll on the last stdout line. The program's main prints its
# results with printf, so lli-22 can compare behaviour before and after merging.
set -euo pipefail
out=${1:?usage: gen-cpp-module.sh OUTDIR [O0|O1|O2]}
mode=${2:-O0}
mkdir -p "$out"
CXX=${CLANGXX:-clang++-22}
command -v "$CXX" >/dev/null || CXX=/usr/lib/llvm-22/bin/clang++
src="$out/cpp-prog-$mode.cpp"
cat > "$src" <<'CPP'
#include <cstdio>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <variant>
#include <vector>
#include <algorithm>
#include <numeric>

namespace mf {

// Identical bodies for pointer-sized types: long / unsigned long / long long / void*.
template <typename T> struct Stack {
  std::vector<T> items;
  void push(T v) { items.push_back(v); }
  T pop() { T v = items.back(); items.pop_back(); return v; }
  std::size_t size() const { return items.size(); }
  bool empty() const { return items.empty(); }
};

template <typename T> T sum(const std::vector<T>& v) {
  T acc{};
  for (const T& x : v) acc += x;
  return acc;
}

template <typename K, typename V> V lookup_or(const std::map<K, V>& m, const K& k, V dflt) {
  auto it = m.find(k);
  return it == m.end() ? dflt : it->second;
}

template <typename T> std::optional<T> first_even(const std::vector<T>& v) {
  for (const T& x : v)
    if (x % 2 == 0) return x;
  return std::nullopt;
}

struct Circle { double r; };
struct Square { double s; };
struct Rect { double w, h; };
using Shape = std::variant<Circle, Square, Rect>;

double area(const Shape& s) {
  struct V {
    double operator()(const Circle& c) const { return 3.0 * c.r * c.r; }
    double operator()(const Square& q) const { return q.s * q.s; }
    double operator()(const Rect& r) const { return r.w * r.h; }
  };
  return std::visit(V{}, s);
}

// Two classes with identical layouts and methods (congruent structs).
struct PointA { int x, y; int dot(const PointA& o) const { return x * o.x + y * o.y; } };
struct PointB { int x, y; int dot(const PointB& o) const { return x * o.x + y * o.y; } };

template <typename P> int total_dot(const std::vector<P>& ps) {
  int t = 0;
  for (std::size_t i = 1; i < ps.size(); ++i) t += ps[i - 1].dot(ps[i]);
  return t;
}

template <typename T> T clamp_to(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

template <typename T> std::vector<T> squares(int n) {
  std::vector<T> r;
  for (int i = 0; i < n; ++i) r.push_back(static_cast<T>(i) * static_cast<T>(i));
  return r;
}

}  // namespace mf

int main() {
  using namespace mf;
  unsigned long check = 0;

  Stack<long> sl; Stack<unsigned long> su; Stack<long long> sll; Stack<int> si; Stack<short> ss;
  for (int i = 0; i < 50; ++i) { sl.push(i); su.push(i * 2); sll.push(i * 3); si.push(i * 4); ss.push((short)i); }
  long a = 0; while (!sl.empty()) a += sl.pop();
  unsigned long b = 0; while (!su.empty()) b += su.pop();
  long long c = 0; while (!sll.empty()) c += sll.pop();
  int d = 0; while (!si.empty()) d += si.pop();
  int e = 0; while (!ss.empty()) e += ss.pop();
  std::printf("stacks %ld %lu %lld %d %d\n", a, b, c, d, e);

  auto vl = squares<long>(20); auto vu = squares<unsigned long>(20); auto vll = squares<long long>(20);
  auto vi = squares<int>(20); auto vd = squares<double>(20); auto vf = squares<float>(20);
  std::printf("sums %ld %lu %lld %d %.1f %.1f\n", sum(vl), sum(vu), sum(vll), sum(vi), sum(vd), (double)sum(vf));

  std::map<int, long> m1; std::map<int, unsigned long> m2; std::map<long, long> m3; std::map<unsigned, int> m4;
  for (int i = 0; i < 30; ++i) { m1[i] = i * 10; m2[i] = i * 20u; m3[i] = -i; m4[i * 7u] = i; }
  std::printf("maps %ld %lu %ld %d %d\n", lookup_or(m1, 7, -1L), lookup_or(m2, 8, 0UL), lookup_or(m3, 9L, 0L),
              lookup_or(m4, 84u, -1), lookup_or(m4, 5u, -1));

  auto o1 = first_even(std::vector<long>{1, 3, 8, 5});
  auto o2 = first_even(std::vector<unsigned long>{7, 9, 11});
  auto o3 = first_even(std::vector<int>{5, 6});
  std::printf("opts %ld %d %d\n", o1.value_or(-1), (int)o2.has_value(), o3.value_or(-1));

  std::vector<Shape> shapes{Circle{1.0}, Square{2.0}, Rect{2.0, 3.5}, Circle{0.5}};
  double tot = 0; for (auto& s : shapes) tot += area(s);
  std::printf("shapes %.3f\n", tot);

  std::vector<PointA> pa{{1, 2}, {3, 4}, {5, 6}}; std::vector<PointB> pb{{1, 2}, {3, 4}, {5, 7}};
  std::printf("dots %d %d\n", total_dot(pa), total_dot(pb));

  std::printf("clamps %ld %lu %lld %d\n", clamp_to(50L, 0L, 10L), clamp_to(5UL, 6UL, 9UL), clamp_to(-3LL, -2LL, 2LL),
              clamp_to(4, 0, 9));

  std::vector<std::function<long(long)>> fs{[](long x) { return x + 1; }, [](long x) { return x * 2; },
                                            [](long x) { return x - 3; }};
  long acc = 5; for (auto& f : fs) acc = f(acc);
  std::vector<long> sorted{5, 3, 9, 1, 7}; std::sort(sorted.begin(), sorted.end());
  std::vector<unsigned long> sorted2{5, 3, 9, 1, 7}; std::sort(sorted2.begin(), sorted2.end());
  check = std::accumulate(sorted.begin(), sorted.end(), 0UL) + sorted2.front();
  std::printf("misc %ld %lu\n", acc, check);
  return 0;
}
CPP
case "$mode" in
  O0) flags=(-O0) ;;
  O1) flags=(-O1 -Xclang -disable-llvm-passes) ;;
  O2) flags=(-O2) ;;
  *) echo "unknown mode $mode (O0|O1|O2)" >&2; exit 2 ;;
esac
ll="$out/cpp-prog-$mode.ll"
start=$(date +%s%N)
"$CXX" -std=c++17 "${flags[@]}" -S -emit-llvm --target=x86_64-unknown-linux-gnu "$src" -o "$ll"
end=$(date +%s%N)
n=$(grep -c '^define' "$ll" || true)
echo "gen-cpp-module: $ll: $n defined functions, compiled in $(( (end - start) / 1000000 )) ms" >&2
echo "$ll"
