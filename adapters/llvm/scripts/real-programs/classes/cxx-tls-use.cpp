// Uses of the thread_local variables of cxx-tls.cpp from another translation unit
// (through their wrappers), from several threads (real-programs.py's `classes-cxx`).
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

struct counter {
  long n;
  std::string tag;
  explicit counter(const char *t);
};
extern thread_local counter tl_a, tl_b, tl_c;
extern thread_local long tl_d, tl_e, tl_f;
extern thread_local std::vector<int> tl_v, tl_w;
long bump_a(int), bump_b(int), bump_c(int), bump_d(int), bump_e(int), bump_f(int), push_v(int), push_w(int);

static long read_a() { return tl_a.n; }
static long read_b() { return tl_b.n; }
static long read_c() { return tl_c.n; }
static long read_d() { return tl_d; }
static long read_e() { return tl_e; }
static long read_f() { return tl_f; }

static void work(int id, long *out) {
  long s = 0;
  for (int i = 0; i < 50; i++) {
    s += bump_a(i % 3) * 3 + bump_b(1) * 5 + bump_c(id) * 7;
    s += bump_d(i) + bump_e(2 * i) * 11 + bump_f(id);
    if (i % 10 == 0) s += push_v(i) * 13 + push_w(id) * 17;
  }
  s += read_a() + read_b() * 2 + read_c() * 3 + read_d() * 4 + read_e() * 5 + read_f() * 6;
  s += (long)tl_v.size() * 100 + (long)tl_w.size() * 1000 + tl_a.tag.size() + tl_c.tag.size() * 10;
  *out = s;
}

void thread_local_families(int seed) {
  long res[4] = {0, 0, 0, 0};
  std::vector<std::thread> ts;
  for (int t = 0; t < 3; t++) ts.emplace_back(work, seed + t, &res[t]);
  for (auto &t : ts) t.join();
  work(seed + 3, &res[3]);
  std::printf("thread_local %ld %ld %ld %ld\n", res[0], res[1], res[2], res[3]);
}
