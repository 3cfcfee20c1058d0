// A C++ program built to be merged: many template instantiations that lower to the same
// or nearly the same code, virtual and virtual-inheritance hierarchies, exceptions thrown
// through several frames, and the standard containers. Its output is deterministic.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <numeric>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

namespace {

template <class T> struct Stack {
  std::vector<T> items;
  void push(T v) { items.push_back(v); }
  T pop() {
    if (items.empty()) throw std::underflow_error("empty stack");
    T v = items.back();
    items.pop_back();
    return v;
  }
  size_t size() const { return items.size(); }
};

template <class T> T checksum(const std::vector<T> &v) {
  T acc = T(0);
  // unsigned arithmetic, reduced: no signed overflow, no out-of-range conversion
  for (size_t i = 0; i < v.size(); i++)
    acc = T(((unsigned long long)(long long)acc * 31u + (unsigned long long)(long long)v[i] + i) % 1000003u);
  return acc;
}

template <class T> std::vector<T> make(int n, int k) {
  std::vector<T> v;
  for (int i = 0; i < n; i++) v.push_back(T((i * k) % 97));
  return v;
}

template <class T> long long exercise(int n, int k) {
  Stack<T> s;
  auto v = make<T>(n, k);
  std::sort(v.begin(), v.end());
  for (auto x : v) s.push(x);
  unsigned long long out = (unsigned long long)(long long)checksum(v);
  while (s.size() > 1) out = out * 3 + (unsigned long long)(long long)s.pop();
  std::set<T> uniq(v.begin(), v.end());
  return (long long)(out ^ uniq.size());
}

struct Shape {
  virtual ~Shape() = default;
  virtual long long area() const = 0;
  virtual std::string name() const { return "shape"; }
};
struct Rect : Shape {
  long long w, h;
  Rect(long long w, long long h) : w(w), h(h) {}
  long long area() const override { return w * h; }
  std::string name() const override { return "rect"; }
};
struct Square : Rect {
  explicit Square(long long s) : Rect(s, s) {}
  std::string name() const override { return "square"; }
};
struct Tri : Shape {
  long long b, h;
  Tri(long long b, long long h) : b(b), h(h) {}
  long long area() const override { return b * h / 2; }
};
// The same as Tri, a different type: its methods are candidates to merge with Tri's.
struct Tri2 : Shape {
  long long b, h;
  Tri2(long long b, long long h) : b(b), h(h) {}
  long long area() const override { return b * h / 2; }
};

// Virtual inheritance: a diamond.
struct Node {
  int id = 0;
  virtual ~Node() = default;
  virtual int kind() const { return 0; }
};
struct Left : virtual Node {
  int l = 1;
  int kind() const override { return 1 + l; }
};
struct Right : virtual Node {
  int r = 2;
  int kind() const override { return 2 + r; }
};
struct Both : Left, Right {
  int kind() const override { return Left::kind() * 10 + Right::kind() + id; }
};

struct ParseError : std::runtime_error {
  int at;
  ParseError(const std::string &m, int at) : std::runtime_error(m), at(at) {}
};

long long parse_expr(const std::string &s, size_t &i);
long long parse_atom(const std::string &s, size_t &i) {
  if (i >= s.size()) throw ParseError("end of input", (int)i);
  if (s[i] == '(') {
    i++;
    long long v = parse_expr(s, i);
    if (i >= s.size() || s[i] != ')') throw ParseError("expected )", (int)i);
    i++;
    return v;
  }
  if (s[i] < '0' || s[i] > '9') throw ParseError(std::string("unexpected ") + s[i], (int)i);
  long long v = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') v = v * 10 + (s[i++] - '0');
  return v;
}
long long parse_term(const std::string &s, size_t &i) {
  long long v = parse_atom(s, i);
  while (i < s.size() && (s[i] == '*' || s[i] == '/')) {
    char op = s[i++];
    long long r = parse_atom(s, i);
    if (op == '/' && r == 0) throw std::domain_error("division by zero");
    v = op == '*' ? v * r : v / r;
  }
  return v;
}
long long parse_expr(const std::string &s, size_t &i) {
  long long v = parse_term(s, i);
  while (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    char op = s[i++];
    long long r = parse_term(s, i);
    v = op == '+' ? v + r : v - r;
  }
  return v;
}

std::string eval(const std::string &s) {
  try {
    size_t i = 0;
    long long v = parse_expr(s, i);
    if (i != s.size()) throw ParseError("trailing input", (int)i);
    return std::to_string(v);
  } catch (const ParseError &e) {
    return std::string("parse error: ") + e.what() + " at " + std::to_string(e.at);
  } catch (const std::domain_error &e) {
    return std::string("domain error: ") + e.what();
  }
}

using Value = std::variant<long long, double, std::string>;
std::string show(const Value &v) {
  return std::visit(
      [](auto &&x) -> std::string {
        using T = std::decay_t<decltype(x)>;
        std::ostringstream o;
        if constexpr (std::is_same_v<T, std::string>) o << "str:" << x;
        else if constexpr (std::is_same_v<T, double>) o << "dbl:" << x;
        else o << "int:" << x;
        return o.str();
      },
      v);
}

}  // namespace

int main() {
  std::printf("%lld %lld %lld %lld\n", exercise<int>(200, 7), exercise<unsigned>(200, 7), exercise<long>(200, 7),
              exercise<long long>(200, 7));
  std::printf("%lld %lld %lld %lld\n", exercise<unsigned long>(150, 11), exercise<short>(150, 11),
              exercise<unsigned short>(150, 11), exercise<char>(90, 3));
  std::printf("%lld %lld %lld\n", exercise<signed char>(90, 5), exercise<unsigned char>(90, 5), exercise<double>(120, 13));
  std::printf("%lld\n", exercise<float>(120, 13));

  std::vector<std::unique_ptr<Shape>> shapes;
  for (int i = 1; i <= 12; i++) {
    switch (i % 4) {
    case 0: shapes.push_back(std::make_unique<Rect>(i, i + 1)); break;
    case 1: shapes.push_back(std::make_unique<Square>(i)); break;
    case 2: shapes.push_back(std::make_unique<Tri>(i, 2 * i + 1)); break;
    default: shapes.push_back(std::make_unique<Tri2>(i, 2 * i + 3)); break;
    }
  }
  long long total = 0;
  std::map<std::string, long long> by_name;
  for (auto &s : shapes) {
    total += s->area();
    by_name[s->name()] += s->area();
  }
  std::printf("shapes %lld\n", total);
  for (auto &kv : by_name) std::printf("  %s %lld\n", kv.first.c_str(), kv.second);

  Both b;
  b.id = 5;
  Node *n = &b;
  Left *l = &b;
  Right *r = &b;
  std::printf("diamond %d %d %d %d %d\n", n->kind(), l->kind(), r->kind(), dynamic_cast<Both *>(n) != nullptr,
              dynamic_cast<Right *>(l) == r);

  const char *exprs[] = {"1+2*3", "(1+2)*3", "10/(5-5)", "2*(3+4", "12+x", "((((7))))*6-2", "100/7/2", "", "1+2)"};
  for (auto e : exprs) std::printf("eval '%s' = %s\n", e, eval(e).c_str());

  try {
    Stack<std::string> s;
    s.push("a");
    s.pop();
    s.pop();
  } catch (const std::exception &e) {
    std::printf("caught %s\n", e.what());
  }

  std::unordered_map<std::string, int> freq;
  std::string text = "it was the best of times it was the worst of times it was the age of wisdom";
  std::istringstream in(text);
  for (std::string w; in >> w;) freq[w]++;
  std::vector<std::pair<std::string, int>> fv(freq.begin(), freq.end());
  std::sort(fv.begin(), fv.end(), [](auto &a, auto &b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
  for (auto &p : fv) std::printf("%s:%d ", p.first.c_str(), p.second);
  std::printf("\n");

  std::deque<int> dq;
  std::list<long> li;
  for (int i = 0; i < 50; i++) {
    if (i % 2) dq.push_front(i); else dq.push_back(i);
    li.push_back((long)i * i);
  }
  li.remove_if([](long x) { return x % 3 == 0; });
  li.reverse();
  std::printf("deque %d %d list %ld %ld %zu\n", dq.front(), dq.back(), li.front(), li.back(), li.size());

  std::vector<std::function<long long(long long)>> fns;
  for (int k = 1; k <= 6; k++) fns.push_back([k](long long x) { return x * k + k; });
  fns.push_back([](long long x) { return x * x; });
  long long acc = 1;
  for (auto &f : fns) acc = f(acc) % 1000003;
  std::printf("functions %lld\n", acc);

  std::vector<Value> vals = {42LL, 2.5, std::string("hi"), -7LL, 1e10};
  for (auto &v : vals) std::printf("%s ", show(v).c_str());
  std::printf("\n");

  std::shared_ptr<int> sp = std::make_shared<int>(3);
  std::weak_ptr<int> wp = sp;
  std::printf("shared %ld %d", sp.use_count(), *wp.lock());
  sp.reset();
  std::printf(" %d\n", (int)wp.expired());
  std::vector<long long> big(1000);
  std::iota(big.begin(), big.end(), 1);
  std::printf("sum %lld\n", std::accumulate(big.begin(), big.end(), 0LL, [](long long a, long long x) { return a + x * x % 7; }));
  return 0;
}
