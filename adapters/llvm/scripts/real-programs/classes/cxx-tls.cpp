// thread_local variables with dynamic initialization (real-programs.py's `classes-cxx`):
// every such variable gets an initialization function and a wrapper (`_ZTH`/`_ZTW`)
// that other translation units call, and each thread runs its own initializers. Pairs
// of variables with the same initializer give equal initialization functions that
// differ only in the variable they write.
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

struct counter {
  long n;
  std::string tag;
  explicit counter(const char *t) : n(std::string(t).size()), tag(t) {}
};
static long init_calls;
static long next_init() { return __atomic_add_fetch(&init_calls, 1, __ATOMIC_RELAXED); }

thread_local counter tl_a("alpha");
thread_local counter tl_b("alpha");
thread_local counter tl_c("gamma!");
thread_local long tl_d = next_init() * 0 + 10;
thread_local long tl_e = next_init() * 0 + 10;
thread_local long tl_f = next_init() * 0 + 20;
thread_local std::vector<int> tl_v{1, 2, 3};
thread_local std::vector<int> tl_w{1, 2, 3};

long bump_a(int k) { return tl_a.n += k; }
long bump_b(int k) { return tl_b.n += k; }
long bump_c(int k) { return tl_c.n += k; }
long bump_d(int k) { return tl_d += k; }
long bump_e(int k) { return tl_e += k; }
long bump_f(int k) { return tl_f += k; }
long push_v(int k) { tl_v.push_back(k); return (long)tl_v.size(); }
long push_w(int k) { tl_w.push_back(k); return (long)tl_w.size(); }
