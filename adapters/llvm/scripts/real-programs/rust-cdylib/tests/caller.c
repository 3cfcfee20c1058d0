/* A C program calling rust-cdylib's exports (built and run by c_caller.rs). */
#include <stdio.h>
#include <stddef.h>

typedef int (*callback)(int);
int twins_mix_i32(int, int);
unsigned twins_mix_u32(unsigned, unsigned);
long twins_mix_i64(long, long);
unsigned long twins_mix_u64(unsigned long, unsigned long);
int twins_scale_a(int);
int twins_scale_b(int);
int twins_scale_c(int);
int twins_sum_sq(const int *, size_t);
int twins_sum_cube(const int *, size_t);
int twins_sum_sq_saturating(const int *, size_t);
int twins_apply(callback, int);
extern const callback TWINS_TABLE[3];

static int c_twice_a(int x) { return x * 2 + 1; }
static int c_twice_b(int x) { return x * 2 + 1; }

int main(void) {
  int xs[] = {3, -4, 50000, 7};
  printf("mix %d %u %ld %lu\n", twins_mix_i32(-8, 3), twins_mix_u32(0xfffffff8u, 3), twins_mix_i64(-8, 3),
         twins_mix_u64(0xfffffffffffffff8ul, 3));
  printf("scale %d %d %d\n", twins_scale_a(5), twins_scale_b(5), twins_scale_c(5));
  printf("sums %d %d %d\n", twins_sum_sq(xs, 4), twins_sum_cube(xs, 4), twins_sum_sq_saturating(xs, 4));
  for (int i = 0; i < 3; i++) printf("table %d: %d\n", i, TWINS_TABLE[i](i + 10));
  printf("apply %d %d %d\n", twins_apply(c_twice_a, 4), twins_apply(c_twice_b, 5), twins_apply(twins_scale_b, 6));
  printf("c twins %d\n", c_twice_a == c_twice_b);
  return 0;
}
