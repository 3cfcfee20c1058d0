// OpenMP's generated code (real-programs.py's `openmp`): every parallel region, task and
// reduction becomes an outlined function (`.omp_outlined.`), and every reduction clause
// a reduction helper (`.omp.reduction.reduction_func`); regions that differ in one
// detail (the operator, the element type, the schedule, a private copy) give helpers
// that are equal or nearly equal. Every result is an integer or is computed in a fixed
// order, so the output is the same for any number of threads.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096
static long a[N];
static int b[N];
static unsigned c[N];

#define PRAGMA(x) _Pragma(#x)
#define REDUCE(NAME, T, SRC, OP, INIT)                                          \
  T NAME(int n) {                                                               \
    T r = INIT;                                                                 \
    PRAGMA(omp parallel for reduction(OP : r) schedule(static))                 \
    for (int i = 0; i < n; i++) r = r OP (T)SRC[i];                             \
    return r;                                                                   \
  }
REDUCE(sum_long, long, a, +, 0)
REDUCE(sum_long2, long, a, +, 0)
REDUCE(sum_int, int, b, +, 0)
REDUCE(sum_uint, unsigned, c, +, 0)
REDUCE(xor_long, long, a, ^, 0)
REDUCE(or_long, long, a, |, 0)
REDUCE(and_uint, unsigned, c, &, ~0u)
REDUCE(mul_uint, unsigned, c, *, 1u)

long max_long(int n) {
  long r = a[0];
#pragma omp parallel for reduction(max : r)
  for (int i = 0; i < n; i++) r = a[i] > r ? a[i] : r;
  return r;
}
long min_long(int n) {
  long r = a[0];
#pragma omp parallel for reduction(min : r)
  for (int i = 0; i < n; i++) r = a[i] < r ? a[i] : r;
  return r;
}
int max_int(int n) {
  int r = b[0];
#pragma omp parallel for reduction(max : r)
  for (int i = 0; i < n; i++) r = b[i] > r ? b[i] : r;
  return r;
}
unsigned max_uint(int n) {
  unsigned r = c[0];
#pragma omp parallel for reduction(max : r)
  for (int i = 0; i < n; i++) r = c[i] > r ? c[i] : r;
  return r;
}

// two reductions in one clause, and a user-declared reduction
typedef struct { long lo, hi; } range;
#pragma omp declare reduction(span : range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, \
    omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer(omp_priv = omp_orig)
range span_long(int n) {
  range r = {a[0], a[0]};
#pragma omp parallel for reduction(span : r)
  for (int i = 0; i < n; i++) {
    if (a[i] < r.lo) r.lo = a[i];
    if (a[i] > r.hi) r.hi = a[i];
  }
  return r;
}
void two_sums(int n, long *s, long *q) {
  long x = 0, y = 0;
#pragma omp parallel for reduction(+ : x, y)
  for (int i = 0; i < n; i++) { x += a[i]; y += a[i] * a[i] % 1000; }
  *s = x;
  *q = y;
}

// loops over arrays with different schedules and a private copy
void scale_static(int n, long k) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) a[i] = (a[i] * k) % 100003;
}
void scale_dynamic(int n, long k) {
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < n; i++) a[i] = (a[i] * k) % 100003;
}
void scale_guided(int n, long k) {
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; i++) a[i] = (a[i] * k) % 100003;
}
void scale_static2(int n, long k) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++) a[i] = (a[i] * k) % 100003;
}
void shift_int(int n, int k) {
#pragma omp parallel for firstprivate(k)
  for (int i = 0; i < n; i++) b[i] = (b[i] + k * 3) % 9973;
}

// tasks: a recursive sum and its twin, and a taskloop
long task_sum(const long *p, int n) {
  if (n < 256) {
    long s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
  }
  long l, r;
#pragma omp task shared(l)
  l = task_sum(p, n / 2);
#pragma omp task shared(r)
  r = task_sum(p + n / 2, n - n / 2);
#pragma omp taskwait
  return l + r;
}
long task_sum2(const long *p, int n) {
  if (n < 256) {
    long s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
  }
  long l, r;
#pragma omp task shared(l)
  l = task_sum2(p, n / 2);
#pragma omp task shared(r)
  r = task_sum2(p + n / 2, n - n / 2);
#pragma omp taskwait
  return l + r;
}
long tasks(int n, int which) {
  long s = 0;
#pragma omp parallel
#pragma omp single
  s = which ? task_sum2(a, n) : task_sum(a, n);
  return s;
}
long taskloop_sum(int n) {
  long s = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : s) grainsize(64)
  for (int i = 0; i < n; i++) s += a[i] ^ i;
  return s;
}

// critical, atomic and ordered sections
long ordered_hash(int n) {
  unsigned long h = 1469598103934665603ul;
#pragma omp parallel for ordered schedule(static, 7)
  for (int i = 0; i < n; i++) {
#pragma omp ordered
    h = (h ^ (unsigned long)a[i]) * 1099511628211ul;
  }
  return (long)(h >> 1);
}
long atomic_count(int n, long t) {
  long cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > t) {
#pragma omp atomic
      cnt++;
    }
  return cnt;
}
long critical_count(int n, long t) {
  long cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > t) {
#pragma omp critical
      cnt++;
    }
  return cnt;
}

int main(void) {
  omp_set_num_threads(3);
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < N; i++) {
      a[i] = (long)((i * 2654435761u + round) % 100003) - 50000;
      b[i] = (int)((i * 40503u + 7 * round) % 9973) - 4000;
      c[i] = (unsigned)(i * 2246822519u + round) | 1u;
    }
    int n = N - round * 100;
    printf("round %d\n", round);
    printf("sums %ld %ld %d %u\n", sum_long(n), sum_long2(n - 1), sum_int(n), sum_uint(n));
    printf("bits %ld %ld %u mul %u\n", xor_long(n), or_long(n), and_uint(n), mul_uint(n));
    printf("minmax %ld %ld %d %u\n", max_long(n), min_long(n), max_int(n), max_uint(n));
    range r = span_long(n);
    long s, q;
    two_sums(n, &s, &q);
    printf("span %ld %ld two %ld %ld\n", r.lo, r.hi, s, q);
    printf("tasks %ld %ld taskloop %ld\n", tasks(n, 0), tasks(n, 1), taskloop_sum(n));
    printf("ordered %ld atomic %ld critical %ld\n", ordered_hash(n), atomic_count(n, 100), critical_count(n, -100));
    scale_static(n, 3);
    long s1 = sum_long(n);
    scale_dynamic(n, 5);
    long s2 = sum_long(n);
    scale_guided(n, 7);
    long s3 = sum_long(n);
    scale_static2(n, 11);
    shift_int(n, round + 2);
    printf("scaled %ld %ld %ld %ld %d\n", s1, s2, s3, sum_long(n), sum_int(n));
  }
  return 0;
}
