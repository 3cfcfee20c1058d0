// C++20 coroutines (real-programs.py's `classes-cxx`): CoroSplit turns every coroutine
// into a ramp and its `.resume`, `.destroy` and `.cleanup` clones, so generators of types
// of one layout, and coroutines that differ in one step, give many equal or nearly equal
// clones. The program pulls every generator to the end or destroys it half-way (the
// destroy and cleanup paths), and counts frames made and freed.
#include <coroutine>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace coro {
long frames_made, frames_freed;

template <class T> struct generator {
  struct promise_type {
    T value{};
    std::exception_ptr error;
    generator get_return_object() { return generator{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(T v) noexcept { value = std::move(v); return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { error = std::current_exception(); }
    static void *operator new(std::size_t n) { frames_made++; return ::operator new(n); }
    static void operator delete(void *p) { frames_freed++; ::operator delete(p); }
  };
  std::coroutine_handle<promise_type> h;
  explicit generator(std::coroutine_handle<promise_type> h) : h(h) {}
  generator(generator &&o) noexcept : h(std::exchange(o.h, {})) {}
  ~generator() { if (h) h.destroy(); }
  bool next() {
    h.resume();
    if (h.promise().error) std::rethrow_exception(h.promise().error);
    return !h.done();
  }
  T &value() { return h.promise().value; }
};

template <class T> generator<T> iota(T from, int n) {
  for (int i = 0; i < n; i++) co_yield T(from + T(i));
}
template <class T> generator<T> squares(T from, int n) {
  for (int i = 0; i < n; i++) co_yield T((from + T(i)) * (from + T(i)));
}
template <class T> generator<T> squares_plus(T from, int n) {
  for (int i = 0; i < n; i++) co_yield T((from + T(i)) * (from + T(i)) + T(1));
}
template <class T> generator<T> filtered(generator<T> g, T below) {
  while (g.next())
    if (g.value() < below) co_yield g.value();
}
generator<std::string> words(const char *text) {
  std::string w;
  for (const char *p = text;; p++) {
    if (*p == ' ' || *p == 0) {
      if (!w.empty()) co_yield w;
      w.clear();
      if (*p == 0) break;
    } else {
      w += *p;
    }
  }
}
generator<int> throws_at(int k) {
  for (int i = 0;; i++) {
    if (i == k) throw std::runtime_error("generator failed at " + std::to_string(i));
    co_yield i;
  }
}
// a coroutine holding a resource across suspension: its destroy path runs the destructor
struct tracked {
  static long live;
  int id;
  explicit tracked(int id) : id(id) { live++; }
  ~tracked() { live--; }
};
long tracked::live;
generator<int> holding(int n) {
  tracked a(n);
  for (int i = 0; i < n; i++) {
    tracked b(i);
    co_yield a.id * 100 + b.id;
  }
}
generator<int> holding2(int n) {
  tracked a(n);
  for (int i = 0; i < n; i++) {
    tracked b(i);
    co_yield a.id * 100 + b.id;
  }
}

template <class T> unsigned long long drain(generator<T> g, int stop_after = -1) {
  unsigned long long h = 0;
  int k = 0;
  while (g.next()) {
    h = h * 1000003u + (unsigned long long)(long long)g.value();
    if (++k == stop_after) break;  // destroyed while suspended
  }
  return h;
}
}  // namespace coro

void coroutine_families(int seed) {
  using namespace coro;
  std::printf("iota %llu %llu %llu %llu %llu\n", drain(iota<int>(seed, 20)), drain(iota<unsigned>(seed, 20)),
              drain(iota<long>(seed, 20)), drain(iota<long long>(seed, 20)), drain(iota<short>(seed, 20)));
  std::printf("squares %llu %llu %llu %llu\n", drain(squares<int>(seed, 15)), drain(squares<long>(seed, 15)),
              drain(squares_plus<int>(seed, 15)), drain(squares<unsigned long>(seed, 15), 4));
  std::printf("filtered %llu %llu\n", drain(filtered(squares<int>(seed, 30), 400)),
              drain(filtered(iota<long>(-seed, 30), 5L)));
  std::string all;
  for (auto g = words("the quick  brown fox jumps over the lazy dog"); g.next();) all += "[" + g.value() + "]";
  std::printf("words %s\n", all.c_str());
  try {
    std::printf("throws %llu\n", drain(throws_at(seed % 7 + 1)));
  } catch (const std::exception &e) {
    std::printf("caught: %s\n", e.what());
  }
  std::printf("holding %llu %llu %llu live %ld\n", drain(holding(seed % 5 + 2)), drain(holding2(seed % 5 + 3), 2),
              drain(holding(seed % 3 + 1), 1), tracked::live);
  // how many frames the optimizer kept on the heap is its choice; every one is freed
  std::printf("frames balanced %d\n", frames_made == frames_freed);
}
