// Function multiversioning on x86-64 (real-programs.py's `classes-c`): functions of equal
// source built for different instruction sets. Each `target(...)` function and each
// clone of a `target_clones` function carries its own "target-features" (and
// "target-cpu" for `arch=`); a merge may join two of them only when those are equal, or
// code for one CPU would run where another was asked for (the body check of
// real-programs.py compares the functions' attributes spelled out). What the program
// prints does not depend on the instruction set that runs: every version computes the
// same, so a wrong merge shows in the body check, not in the output.
//
// Twins of one target (sum_avx2_a, sum_avx2_b; the clones of mv_a and mv_b per target)
// may merge; the resolvers of twin `target_clones` functions return their own clones'
// addresses and must stay apart, as must the `.default` clones from their siblings.
#include <stdio.h>

#ifdef __has_feature
#if __has_feature(cfi_icall_sanitizer)
// ld.lld-22 crashes in its LTO step on an ifunc with CFI's type tests (c-families.c)
#define NO_MULTIVERSION
#endif
#endif

// A loop the vectorizer widens to the target's vectors; `K` keeps families apart.
#define SUM_BODY(K)                                                                               \
  {                                                                                               \
    long s = 0;                                                                                   \
    for (int i = 0; i < n; i++) s += (long)p[i] * (K) + (p[i] >> 3);                              \
    return s;                                                                                     \
  }

#ifdef NO_MULTIVERSION
#define TARGET(T)
#define CLONES(...)
#define HAVE(F) 0
#else
#define TARGET(T) __attribute__((target(T)))
#define CLONES(...) __attribute__((target_clones(__VA_ARGS__)))
#define HAVE(F) __builtin_cpu_supports(F)
#endif

// explicit versions, one per instruction set, and a twin of each of two of them
TARGET("avx2") long sum_avx2_a(const int *p, int n) SUM_BODY(3)
TARGET("avx2") long sum_avx2_b(const int *p, int n) SUM_BODY(3)
TARGET("sse4.2") long sum_sse42(const int *p, int n) SUM_BODY(3)
TARGET("avx512f") long sum_avx512_a(const int *p, int n) SUM_BODY(3)
TARGET("avx512f") long sum_avx512_b(const int *p, int n) SUM_BODY(3)
TARGET("arch=x86-64-v3") long sum_v3(const int *p, int n) SUM_BODY(3)
long sum_plain(const int *p, int n) SUM_BODY(3)
// one body without a loop to vectorize: the versions' instructions read the same and
// only the attributes tell them apart
TARGET("avx2") int mix_avx2(int x) { return (x * 2654435761u) >> 7 ^ x; }
TARGET("sse4.2") int mix_sse42(int x) { return (x * 2654435761u) >> 7 ^ x; }
TARGET("popcnt") int mix_popcnt(int x) { return (x * 2654435761u) >> 7 ^ x; }
int mix_plain(int x) { return (x * 2654435761u) >> 7 ^ x; }

// a dispatcher written by hand, as libraries choose at run time
typedef long (*sum_fn)(const int *, int);
static sum_fn choose_sum(void) {
  if (HAVE("avx512f")) return sum_avx512_a;
  if (HAVE("avx2")) return sum_avx2_a;
  if (HAVE("sse4.2")) return sum_sse42;
  return sum_plain;
}

// target_clones: one clone per target (and `.default`), a resolver and an ifunc each;
// twins give twin clones per target
CLONES("avx512f", "avx2", "arch=x86-64-v2", "default") long mv_a(const int *p, int n) SUM_BODY(5)
CLONES("avx512f", "avx2", "arch=x86-64-v2", "default") long mv_b(const int *p, int n) SUM_BODY(5)
// the same body with another list of clones: only `.default` has a twin among mv_a's
CLONES("sse4.2", "popcnt", "default") long mv_c(const int *p, int n) SUM_BODY(5)
// a clone family of one small body: its clones differ in nothing but the attributes
CLONES("avx2", "sse4.2", "default") int mvmix_a(int x) { return (x * 2654435761u) >> 7 ^ x; }
CLONES("avx2", "sse4.2", "default") int mvmix_b(int x) { return (x * 2654435761u) >> 7 ^ x; }

void multiversion_families(int seed) {
  int v[100];
  for (int i = 0; i < 100; i++) v[i] = (seed * 7919 + i * 104729) ^ (i << 9);
  long a = sum_plain(v, 100), b = 0;
  if (HAVE("avx2")) b ^= sum_avx2_a(v, 100) ^ sum_avx2_b(v, 99) ^ sum_v3(v, 98);
  if (HAVE("sse4.2")) b ^= sum_sse42(v, 97);
  if (HAVE("avx512f")) b ^= sum_avx512_a(v, 96) ^ sum_avx512_b(v, 95);
  long expect = 0;
  if (HAVE("avx2")) expect ^= sum_plain(v, 100) ^ sum_plain(v, 99) ^ sum_plain(v, 98);
  if (HAVE("sse4.2")) expect ^= sum_plain(v, 97);
  if (HAVE("avx512f")) expect ^= sum_plain(v, 96) ^ sum_plain(v, 95);
  int m = mix_plain(seed);
  int mm = (HAVE("avx2") ? mix_avx2(seed) : m) ^ (HAVE("sse4.2") ? mix_sse42(seed) : m) ^
           (HAVE("popcnt") ? mix_popcnt(seed) : m);
  printf("multiversion: %ld %d %d %d dispatch %ld\n", a, b == expect, m, mm == (m ^ m ^ m), choose_sum()(v, 100));
  long (*cf[])(const int *, int) = {mv_a, mv_b, mv_c};
  int (*mf[])(int) = {mvmix_a, mvmix_b};
  printf("clones: %ld %ld %ld %d %d addresses %d %d %d\n", mv_a(v, 100), cf[1](v, 100), cf[2](v, 77), mf[0](seed),
         mf[1](seed + 1), cf[0] == cf[1], cf[1] == cf[2], mf[0] == mf[1]);
}
