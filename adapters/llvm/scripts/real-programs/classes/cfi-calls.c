// Indirect calls under -fsanitize=cfi-icall (real-programs.py's `cfi`): functions with
// equal bodies, some of one C type (they may merge: the check accepts either) and some of
// different C types that lower to the same IR signature (`int(int)` and
// `int(unsigned)`, `long(long *)` and `long(unsigned long *)`): CFI tells those apart by
// their type sets, so a merge that let one stand in for the other would let a call
// through a pointer of the wrong type pass. Every call through a pointer of the wrong
// type runs in a child process; the program prints whether it was stopped.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

typedef int (*int_fn)(int);
typedef int (*uint_fn)(unsigned);
typedef long (*lptr_fn)(long *);
typedef long (*ulptr_fn)(unsigned long *);

int inc_a(int x) { return x * 3 + 1; }
int inc_b(int x) { return x * 3 + 1; }
int inc_u(unsigned x) { return (int)(x * 3 + 1); }
int inc_c(int x) { return x * 3 + 2; }
long load_a(long *p) { return *p * 5 - 2; }
long load_b(long *p) { return *p * 5 - 2; }
long load_u(unsigned long *p) { return (long)(*p * 5 - 2); }
static int sq_a(int x) { return x * x; }
static int sq_b(int x) { return x * x; }
static int sq_u(unsigned x) { return (int)(x * x); }

// bodies that read the same in IR, of different C types: only the type sets differ
typedef int (*iptr_fn)(int *);
typedef int (*lnull_fn)(long *);
typedef int (*via_fn)(int);
typedef int (*viau_fn)(unsigned);
int nonnull_i(int *p) { return p != 0; }
int nonnull_i2(int *p) { return p != 0; }
int nonnull_l(long *p) { return p != 0; }
int opaque(int);
int via_i(int x) { return opaque(x) + 1; }
int via_u(unsigned x) { return opaque((int)x) + 1; }
int opaque(int x) { static volatile int k = 3; return x * k; }
iptr_fn iptr_table[] = {nonnull_i, nonnull_i2};
lnull_fn lnull_table[] = {nonnull_l};
via_fn via_table[] = {via_i};
viau_fn viau_table[] = {via_u};

int_fn int_table[] = {inc_a, inc_b, inc_c, sq_a, sq_b};
uint_fn uint_table[] = {inc_u, sq_u};
lptr_fn lptr_table[] = {load_a, load_b};
ulptr_fn ulptr_table[] = {load_u};

// a call through a pointer of another function type: the check must stop it. Table
// slots are read through volatile lvalues (SLOT), so no optimizer, LTO included, turns
// the call into a direct one, which no check guards.
#define SLOT(table, i) (*(__typeof__(table[0]) volatile *)&table[i])
static volatile void *escape;
static int stopped(void (*probe)(int), int arg) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    probe(arg);
    _exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  return WIFSIGNALED(st) ? 1 : WIFEXITED(st) ? -WEXITSTATUS(st) : 2;
}
static void call_uint_as_int(int i) { int_fn f = (int_fn)(void *)SLOT(uint_table, i); escape = (void *)f; _exit(f(7) & 0); }
static void call_int_as_uint(int i) { uint_fn f = (uint_fn)(void *)SLOT(int_table, i); escape = (void *)f; _exit(f(7) & 0); }
static void call_ulptr_as_lptr(int i) {
  long v = 3;
  lptr_fn f = (lptr_fn)(void *)SLOT(ulptr_table, i);
  escape = (void *)f;
  _exit(f(&v) & 0);
}
static void call_lptr_as_ulptr(int i) {
  unsigned long v = 3;
  ulptr_fn f = (ulptr_fn)(void *)SLOT(lptr_table, i);
  escape = (void *)f;
  _exit(f(&v) & 0);
}

static void call_lnull_as_iptr(int i) { iptr_fn f = (iptr_fn)(void *)SLOT(lnull_table, i); escape = (void *)f; _exit(f(0) & 0); }
static void call_iptr_as_lnull(int i) { lnull_fn f = (lnull_fn)(void *)SLOT(iptr_table, i); escape = (void *)f; _exit(f(0) & 0); }
static void call_viau_as_via(int i) { via_fn f = (via_fn)(void *)SLOT(viau_table, i); escape = (void *)f; _exit(f(1) & 0); }
static void call_via_as_viau(int i) { viau_fn f = (viau_fn)(void *)SLOT(via_table, i); escape = (void *)f; _exit(f(1) & 0); }
// and calls of the right type: never stopped
static void call_iptr(int i) { int v; _exit(SLOT(iptr_table, i)(&v) & 0); }
static void call_via(int i) { _exit(SLOT(via_table, i)(i) & 0); }

int main(void) {
  static volatile int seeds[] = {2, 9, -4};
  for (int s = 0; s < 3; s++) {
    int x = seeds[s];
    long lx = x;
    unsigned long ux = (unsigned long)(x + 10);
    printf("seed %d:", x);
    for (unsigned i = 0; i < sizeof int_table / sizeof *int_table; i++) printf(" %d", int_table[i](x));
    for (unsigned i = 0; i < sizeof uint_table / sizeof *uint_table; i++) printf(" %d", uint_table[i]((unsigned)x));
    for (unsigned i = 0; i < 2; i++) printf(" %ld", lptr_table[i](&lx));
    printf(" %ld\n", ulptr_table[0](&ux));
  }
  printf("addresses equal: %d %d %d %d\n", int_table[0] == int_table[1], (void *)int_table[0] == (void *)uint_table[0],
         int_table[3] == int_table[4], (void *)lptr_table[0] == (void *)ulptr_table[0]);
  printf("stopped: uint as int %d %d, int as uint", stopped(call_uint_as_int, 0), stopped(call_uint_as_int, 1));
  for (int i = 0; i < 5; i++) printf(" %d", stopped(call_int_as_uint, i));
  printf(", ulptr as lptr %d, lptr as ulptr %d %d\n", stopped(call_ulptr_as_lptr, 0), stopped(call_lptr_as_ulptr, 0),
         stopped(call_lptr_as_ulptr, 1));
  int v = 0;
  long lv = 0;
  printf("same IR: %d %d %d %d %d\n", iptr_table[0](&v), iptr_table[1](0), lnull_table[0](&lv), via_table[0](5),
         viau_table[0](5u));
  printf("stopped: lnull as iptr %d, iptr as lnull %d %d, viau as via %d, via as viau %d, right type %d %d %d\n",
         stopped(call_lnull_as_iptr, 0), stopped(call_iptr_as_lnull, 0), stopped(call_iptr_as_lnull, 1),
         stopped(call_viau_as_via, 0), stopped(call_via_as_viau, 0), stopped(call_iptr, 0), stopped(call_iptr, 1),
         stopped(call_via, 0));
  printf("addresses equal: %d %d %d\n", iptr_table[0] == iptr_table[1], (void *)iptr_table[0] == (void *)lnull_table[0],
         (void *)via_table[0] == (void *)viau_table[0]);
  return 0;
}
