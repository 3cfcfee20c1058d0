// The second unit of interpose-lib.c: a twin of twin_a, and a caller of twin_b from
// another unit.
#define BODY(k)                                                                                    \
  {                                                                                                \
    int r = x;                                                                                     \
    for (int i = 0; i < (x & 7) + 3; i++)                                                          \
      r = r * 31 + i + (k);                                                                        \
    return r ^ (r >> 7);                                                                           \
  }
#ifndef INTERPOSE_EXPORT
#define INTERPOSE_EXPORT
#endif
INTERPOSE_EXPORT int twin_c(int x) BODY(1)
INTERPOSE_EXPORT int twin_b(int x);
__attribute__((noinline)) INTERPOSE_EXPORT int lib2_twin_b(int x) { return twin_b(x) + 2000; }
