// Lambdas, std::function and std::variant visitors (real-programs.py's `classes-cxx`):
// std::function's manager and invoker per lambda type, std::visit's tables of
// per-alternative functions, and lambdas with equal bodies in different functions.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <variant>
#include <vector>

template <class... F> struct overloaded : F... { using F::operator()...; };
template <class... F> overloaded(F...) -> overloaded<F...>;

using value = std::variant<int, long, unsigned, double, std::string, std::vector<int>>;

static long weigh(const value &v) {
  return std::visit(overloaded{[](int x) { return (long)x * 2; }, [](long x) { return x * 2; },
                               [](unsigned x) { return (long)x * 2; }, [](double d) { return (long)(d * 2); },
                               [](const std::string &s) { return (long)s.size(); },
                               [](const std::vector<int> &w) { return (long)std::accumulate(w.begin(), w.end(), 0); }},
                    v);
}
static long weigh2(const value &v) {
  return std::visit(overloaded{[](int x) { return (long)x * 2; }, [](long x) { return x * 2; },
                               [](unsigned x) { return (long)x * 2; }, [](double d) { return (long)(d * 2); },
                               [](const std::string &s) { return (long)s.size(); },
                               [](const std::vector<int> &w) { return (long)std::accumulate(w.begin(), w.end(), 0); }},
                    v);
}
static long weigh3(const value &v) {  // one alternative differs: unsigned triples
  return std::visit(overloaded{[](int x) { return (long)x * 2; }, [](long x) { return x * 2; },
                               [](unsigned x) { return (long)x * 3; }, [](double d) { return (long)(d * 2); },
                               [](const std::string &s) { return (long)s.size(); },
                               [](const std::vector<int> &w) { return (long)std::accumulate(w.begin(), w.end(), 0); }},
                    v);
}
// two-variant visits (tables of tables)
static long combine(const value &a, const value &b) {
  return std::visit([](const auto &x, const auto &y) -> long {
    using X = std::decay_t<decltype(x)>;
    using Y = std::decay_t<decltype(y)>;
    long l = 0, r = 0;
    if constexpr (std::is_arithmetic_v<X>) l = (long)x; else l = (long)x.size();
    if constexpr (std::is_arithmetic_v<Y>) r = (long)y; else r = (long)y.size();
    return l * 31 + r;
  }, a, b);
}

// std::function of many lambdas: equal bodies, different captures, different types
static std::vector<std::function<long(long)>> make_ops(int seed) {
  std::vector<std::function<long(long)>> ops;
  ops.push_back([](long x) { return x + 1; });
  ops.push_back([](long x) { return x + 1; });
  ops.push_back([seed](long x) { return x + seed; });
  ops.push_back([seed](long x) { return x - seed; });
  long big[4] = {seed, seed * 2, seed * 3, seed * 4};  // a capture too large to store in place
  ops.push_back([big](long x) { return x + big[0] + big[3]; });
  ops.push_back([big](long x) { return x + big[0] + big[3]; });
  auto s = std::make_shared<long>(seed);
  ops.push_back([s](long x) { return x * *s; });
  ops.push_back([s](long x) { return x * *s; });
  std::string name = "op" + std::to_string(seed);
  ops.push_back([name](long x) { return x + (long)name.size(); });
  ops.push_back(std::negate<long>());
  ops.push_back([](long x) { return x * 2; });
  ops.push_back([](long x) { return x << 1; });
  return ops;
}

// captureless lambdas converted to function pointers (each gets a static invoker)
using unary = long (*)(long);
unary invokers[] = {+[](long x) { return x * 5 + 1; }, +[](long x) { return x * 5 + 1; },
                  +[](long x) { return x * 5 + 2; }};

struct shape { virtual ~shape() = default; virtual long area() const = 0; };
struct sq : shape { long s; explicit sq(long s) : s(s) {} long area() const override { return s * s; } };
struct rect : shape { long w, h; rect(long w, long h) : w(w), h(h) {} long area() const override { return w * h; } };

void visitor_families(int seed) {
  std::vector<value> vs{seed, (long)seed * 1000000007L, (unsigned)seed * 3u, seed * 0.75, std::string(seed % 9, 'x'),
                        std::vector<int>{seed, 2, 3}};
  long w1 = 0, w2 = 0, w3 = 0;
  unsigned long c = 0;
  for (auto &v : vs) { w1 += weigh(v); w2 += weigh2(v); w3 += weigh3(v); }
  for (auto &a : vs) for (auto &b : vs) c = c * 7 + (unsigned long)combine(a, b);
  std::printf("visit %ld %ld %ld combine %lu\n", w1, w2, w3, c);
  auto ops = make_ops(seed);
  long x = 3;
  std::printf("ops");
  for (auto &f : ops) { x = f(x) % 1000003; std::printf(" %ld", x); }
  std::printf("\n");
  // copies of the std::functions (their managers clone and destroy)
  auto copy = ops;
  std::reverse(copy.begin(), copy.end());
  long y = 5;
  for (auto &f : copy) y = f(y) % 1000003;
  std::map<std::string, std::function<long(long, long)>> table{
      {"add", [](long a, long b) { return a + b; }}, {"sub", [](long a, long b) { return a - b; }},
      {"plus", [](long a, long b) { return a + b; }}, {"mul", std::multiplies<long>()},
      {"max", [](long a, long b) { return std::max(a, b); }}, {"min", [](long a, long b) { return std::min(a, b); }}};
  std::printf("invokers %ld %ld %ld distinct %d %d\n", invokers[0](seed), invokers[1](seed), invokers[2](seed),
              invokers[0] != invokers[1], invokers[1] != invokers[2]);
  std::printf("copy %ld table", y);
  for (auto &[k, f] : table) std::printf(" %s=%ld", k.c_str(), f(seed, 7));
  std::printf("\n");
  std::vector<std::unique_ptr<shape>> shapes;
  for (int i = 0; i < 6; i++) {
    if (i % 2) shapes.push_back(std::make_unique<sq>(seed + i));
    else shapes.push_back(std::make_unique<rect>(seed, i));
  }
  std::sort(shapes.begin(), shapes.end(), [](auto &a, auto &b) { return a->area() < b->area(); });
  std::printf("shapes");
  for (auto &s : shapes) std::printf(" %ld", s->area());
  std::printf("\n");
}
