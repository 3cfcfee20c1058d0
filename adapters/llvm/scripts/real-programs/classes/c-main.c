// The driver of real-programs.py's `classes-c`: runs every family on a few seeds.
#include <stdio.h>
void generic_families(int seed);
void cleanup_families(int seed);
void vararg_families(int seed);
void control_families(int seed);
void clone_families(int seed);
void multiversion_families(int seed);
int main(void) {
  static volatile int seeds[] = {1, 6, 13, 255};
  for (int i = 0; i < 4; i++) {
    printf("== seed %d\n", seeds[i]);
    generic_families(seeds[i]);
    cleanup_families(seeds[i]);
    vararg_families(seeds[i]);
    control_families(seeds[i]);
    clone_families(seeds[i]);
    multiversion_families(seeds[i]);
  }
  return 0;
}
