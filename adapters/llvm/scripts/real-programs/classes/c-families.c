// Compiler- and macro-generated duplicate families of C (real-programs.py's `classes-c`):
// `_Generic` dispatch over per-type function families written by one macro, functions
// with `__attribute__((cleanup))` locals, varargs readers, and functions with a stored
// callback. Within a family most members lower to the same IR for types of one layout
// (long / long long / unsigned long; int / unsigned), and some differ in one detail (a
// signed comparison, a wrap flag, a cleanup handler, the va_arg type). classes-main.c
// calls every member and prints the results.
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFINE_VEC(T, N)                                                        \
  typedef struct { T *data; size_t len, cap; } vec_##N;                         \
  void vec_##N##_push(vec_##N *v, T x) {                                        \
    if (v->len == v->cap) {                                                     \
      v->cap = v->cap ? v->cap * 2 : 4;                                         \
      v->data = realloc(v->data, v->cap * sizeof(T));                           \
    }                                                                           \
    v->data[v->len++] = x;                                                      \
  }                                                                             \
  T vec_##N##_max(const vec_##N *v) {                                           \
    T m = v->data[0];                                                           \
    for (size_t i = 1; i < v->len; i++)                                         \
      if (v->data[i] > m) m = v->data[i];                                       \
    return m;                                                                   \
  }                                                                             \
  T vec_##N##_sum(const vec_##N *v) {                                           \
    T s = 0;                                                                    \
    for (size_t i = 0; i < v->len; i++) s += v->data[i];                        \
    return s;                                                                   \
  }                                                                             \
  size_t vec_##N##_count_above(const vec_##N *v, T t) {                         \
    size_t c = 0;                                                               \
    for (size_t i = 0; i < v->len; i++) c += v->data[i] > t;                    \
    return c;                                                                   \
  }                                                                             \
  void vec_##N##_free(vec_##N *v) { free(v->data); v->data = 0; v->len = v->cap = 0; }

DEFINE_VEC(int, int)
DEFINE_VEC(unsigned, uint)
DEFINE_VEC(long, long)
DEFINE_VEC(long long, llong)
DEFINE_VEC(unsigned long, ulong)
DEFINE_VEC(unsigned long long, ullong)
DEFINE_VEC(short, short)
DEFINE_VEC(unsigned short, ushort)
DEFINE_VEC(double, double)
DEFINE_VEC(float, float)

// one generic front end over the families
#define vmax(v) _Generic((v), vec_int *: vec_int_max, vec_uint *: vec_uint_max, vec_long *: vec_long_max, \
    vec_llong *: vec_llong_max, vec_ulong *: vec_ulong_max, vec_ullong *: vec_ullong_max,                 \
    vec_short *: vec_short_max, vec_ushort *: vec_ushort_max, vec_double *: vec_double_max,              \
    vec_float *: vec_float_max)(v)
#define vsum(v) _Generic((v), vec_int *: vec_int_sum, vec_uint *: vec_uint_sum, vec_long *: vec_long_sum, \
    vec_llong *: vec_llong_sum, vec_ulong *: vec_ulong_sum, vec_ullong *: vec_ullong_sum,                 \
    vec_short *: vec_short_sum, vec_ushort *: vec_ushort_sum, vec_double *: vec_double_sum,              \
    vec_float *: vec_float_sum)(v)
#define vabove(v, t) _Generic((v), vec_int *: vec_int_count_above, vec_uint *: vec_uint_count_above,      \
    vec_long *: vec_long_count_above, vec_llong *: vec_llong_count_above,                                \
    vec_ulong *: vec_ulong_count_above, vec_ullong *: vec_ullong_count_above,                            \
    vec_short *: vec_short_count_above, vec_ushort *: vec_ushort_count_above,                            \
    vec_double *: vec_double_count_above, vec_float *: vec_float_count_above)(v, t)

#define FILL_AND_PRINT(N, T, FMT, CAST)                                          \
  do {                                                                          \
    vec_##N v = {0};                                                            \
    for (int i = 0; i < 40; i++) vec_##N##_push(&v, (T)(seed * (i + 3) - 7 * i * i)); \
    printf(#N ": max " FMT " sum " FMT " above %zu\n", CAST vmax(&v), CAST vsum(&v), vabove(&v, (T)seed)); \
    vec_##N##_free(&v);                                                         \
  } while (0)

void generic_families(int seed) {
  FILL_AND_PRINT(int, int, "%d", (int));
  FILL_AND_PRINT(uint, unsigned, "%u", (unsigned));
  FILL_AND_PRINT(long, long, "%ld", (long));
  FILL_AND_PRINT(llong, long long, "%lld", (long long));
  FILL_AND_PRINT(ulong, unsigned long, "%lu", (unsigned long));
  FILL_AND_PRINT(ullong, unsigned long long, "%llu", (unsigned long long));
  FILL_AND_PRINT(short, short, "%d", (int));
  FILL_AND_PRINT(ushort, unsigned short, "%u", (unsigned));
  FILL_AND_PRINT(double, double, "%.3f", (double));
  FILL_AND_PRINT(float, float, "%.3f", (double));
}

// cleanup handlers: same body, different handler (or the same handler twice)
static int cleanup_log[8];
static int cleanup_n;
static void release_a(int **p) { cleanup_log[cleanup_n++ & 7] = **p + 1; free(*p); }
static void release_b(int **p) { cleanup_log[cleanup_n++ & 7] = **p + 2; free(*p); }
#define WITH_CLEANUP(NAME, H, K)                                                \
  int NAME(int n) {                                                             \
    __attribute__((cleanup(H))) int *p = malloc(sizeof *p);                     \
    *p = n * K;                                                                 \
    if (n < 0) return -1;                                                       \
    for (int i = 0; i < n; i++) *p += i;                                        \
    return *p;                                                                  \
  }
WITH_CLEANUP(cleanup_a1, release_a, 3)
WITH_CLEANUP(cleanup_a2, release_a, 3)
WITH_CLEANUP(cleanup_b1, release_b, 3)
WITH_CLEANUP(cleanup_a3, release_a, 5)

void cleanup_families(int seed) {
  int r[4] = {cleanup_a1(seed), cleanup_a2(seed + 1), cleanup_b1(seed), cleanup_a3(-seed)};
  printf("cleanup: %d %d %d %d log", r[0], r[1], r[2], r[3]);
  for (int i = 0; i < cleanup_n && i < 8; i++) printf(" %d", cleanup_log[i]);
  printf("\n");
}

// varargs readers: the same loop reading int, long or double
#define VSUM(NAME, T, ACC)                                                      \
  ACC NAME(int n, ...) {                                                        \
    va_list ap;                                                                 \
    va_start(ap, n);                                                            \
    ACC s = 0;                                                                  \
    for (int i = 0; i < n; i++) s = s * 3 + (ACC)va_arg(ap, T);                 \
    va_end(ap);                                                                 \
    return s;                                                                   \
  }
VSUM(vsum_int, int, long long)
VSUM(vsum_int2, int, long long)
VSUM(vsum_long, long, long long)
VSUM(vsum_llong, long long, long long)
VSUM(vsum_uint, unsigned, long long)
VSUM(vsum_double, double, long long)

// a va_list passed on: vprintf-like wrappers of one and the same formatter
static int format_into(char *buf, size_t n, const char *fmt, va_list ap) { return vsnprintf(buf, n, fmt, ap); }
int fmt_a(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = format_into(buf, n, fmt, ap);
  va_end(ap);
  return r;
}
int fmt_b(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = format_into(buf, n, fmt, ap);
  va_end(ap);
  return r;
}
int fmt_c(char *buf, size_t n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(buf, n - 1, fmt, ap);
  va_end(ap);
  return r;
}

// function multiversioning: every target_clones function becomes one clone per target
// (each with its own "target-features"), a resolver and an ifunc; twins give twin
// clones and twin resolvers that return their own clones' addresses
// (not under -fsanitize=cfi-icall: ld.lld-22 crashes in its LTO step on an ifunc with
// CFI's type tests, with or without the plugin)
#ifdef __has_feature
#if __has_feature(cfi_icall_sanitizer)
#define NO_TARGET_CLONES
#endif
#endif
#ifdef NO_TARGET_CLONES
#define CLONES
#else
#define CLONES __attribute__((target_clones("avx2", "sse4.2", "default")))
#endif
#define CLONED(NAME, K)                                                         \
  CLONES long NAME(const long *p, int n) {                                      \
    long s = 0;                                                                 \
    for (int i = 0; i < n; i++) s += p[i] * K;                                  \
    return s;                                                                   \
  }
CLONED(dot_a, 3)
CLONED(dot_b, 3)
CLONED(dot_c, 5)

void clone_families(int seed) {
  long v[64];
  for (int i = 0; i < 64; i++) v[i] = seed * i - 100;
  long (*fp[])(const long *, int) = {dot_a, dot_b, dot_c};
  printf("clones: %ld %ld %ld addresses %d %d\n", dot_a(v, 64), fp[1](v, 63), fp[2](v, 64), fp[0] == fp[1],
         fp[1] == fp[2]);
}

void vararg_families(int seed) {
  printf("varargs: %lld %lld %lld %lld %lld %lld\n", vsum_int(3, seed, -2, 7), vsum_int2(3, seed, 5, 7),
         vsum_long(3, (long)seed << 33, -2L, 7L), vsum_llong(2, -5LL, (long long)seed),
         vsum_uint(2, 0xffffffffu, (unsigned)seed), vsum_double(2, 2.5, seed * 1.5));
  char a[32], b[32], c[32];
  int ra = fmt_a(a, sizeof a, "%d-%s-%x", seed, "x", 255), rb = fmt_b(b, sizeof b, "%5d|", seed),
      rc = fmt_c(c, 8, "%d%d%d", seed, seed, seed);
  printf("fmt: %d[%s] %d[%s] %d[%s]\n", ra, a, rb, b, rc, c);
}
