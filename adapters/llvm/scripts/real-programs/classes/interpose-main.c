// The executable of real-programs.py's `interpose` (see interpose-lib.c): calls every
// exported twin by name, every library caller, and every slot of the library's table,
// and prints each result; whether the two twins of a pair answer the same, and which
// addresses are equal, is part of the output.
#include <stdio.h>

typedef int (*int_fn)(int);
int twin_a(int), twin_b(int), twin_c(int), weak_a(int), weak_b(int), prot_a(int), prot_b(int);
int lib_twin_a(int), lib_twin_b(int), lib_twin_c(int), lib_weak_a(int), lib_weak_b(int);
int lib_prot_a(int), lib_prot_b(int), lib_hid_a(int), lib_hid_b(int), lib_loc_a(int), lib_loc_b(int);
int lib2_twin_b(int);
extern int_fn lib_table[];
extern int lib_table_size;

#define SHOW(f) printf("%-12s %d %d\n", #f, f(5), f(12))
int main(void) {
  SHOW(twin_a);
  SHOW(twin_b);
  SHOW(twin_c);
  SHOW(weak_a);
  SHOW(weak_b);
  SHOW(prot_a);
  SHOW(prot_b);
  SHOW(lib_twin_a);
  SHOW(lib_twin_b);
  SHOW(lib_twin_c);
  SHOW(lib2_twin_b);
  SHOW(lib_weak_a);
  SHOW(lib_weak_b);
  SHOW(lib_prot_a);
  SHOW(lib_prot_b);
  SHOW(lib_hid_a);
  SHOW(lib_hid_b);
  SHOW(lib_loc_a);
  SHOW(lib_loc_b);
  int_fn mine[] = {twin_a, twin_b, twin_c, weak_a, weak_b, prot_a, prot_b};
  for (int i = 0; i < lib_table_size; i++)
    printf("slot %2d %d %d\n", i, lib_table[i](5), lib_table[i](12));
  // addresses: every exported twin is its own symbol; the executable and the library see
  // one address per symbol (canonical PLT entries aside: compared as booleans)
  for (int i = 0; i < 7; i++)
    for (int j = i + 1; j < 7; j++)
      if (mine[i] == mine[j])
        printf("equal addresses %d %d\n", i, j);
  for (int i = 0; i < 7; i++)
    printf("same address %d: %d\n", i, mine[i] == lib_table[i]);
  return 0;
}
