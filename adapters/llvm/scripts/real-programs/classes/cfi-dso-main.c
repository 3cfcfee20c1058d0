// The executable of real-programs.py's `cfi-dso` (see cfi-dso-lib.c): its own twins,
// passed to the library and called through the library's tables; every call through a
// pointer of the wrong type, in either direction, runs in a child process and must be
// stopped. Prints every result and whether each wrong call was stopped.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

typedef int (*int_fn)(int);
typedef int (*uint_fn)(unsigned);
typedef long (*lptr_fn)(long *);
typedef long (*ulptr_fn)(unsigned long *);
extern int_fn lib_int_table[4];
extern uint_fn lib_uint_table[2];
extern lptr_fn lib_lptr_table[1];
extern ulptr_fn lib_ulptr_table[1];
int lib_call_int(int_fn, int);
int lib_call_uint(uint_fn, unsigned);
long lib_call_lptr(lptr_fn, long);

int main_inc_a(int x) { return x * 7 + 3; }
int main_inc_b(int x) { return x * 7 + 3; }
int main_inc_u(unsigned x) { return (int)(x * 7 + 3); }
long main_load_a(long *p) { return *p * 9 - 4; }
long main_load_u(unsigned long *p) { return (long)(*p * 9 - 4); }
int_fn main_int_table[] = {main_inc_a, main_inc_b};
uint_fn main_uint_table[] = {main_inc_u};
ulptr_fn main_ulptr_table[] = {main_load_u};

// table slots read through volatile lvalues: no optimizer makes the calls direct
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
// a library function called here through a pointer of another type
static void lib_uint_as_int(int i) { int_fn f = (int_fn)(void *)SLOT(lib_uint_table, i); escape = (void *)f; _exit(f(5) & 0); }
static void lib_int_as_uint(int i) { uint_fn f = (uint_fn)(void *)SLOT(lib_int_table, i); escape = (void *)f; _exit(f(5) & 0); }
static void lib_ulptr_as_lptr(int i) {
  long v = 2;
  lptr_fn f = (lptr_fn)(void *)SLOT(lib_ulptr_table, i);
  escape = (void *)f;
  _exit(f(&v) & 0);
}
// an executable's function called by the library through a pointer of another type
static void main_uint_in_lib(int i) { _exit(lib_call_int((int_fn)(void *)SLOT(main_uint_table, i), 5) & 0); }
static void main_int_in_lib(int i) { _exit(lib_call_uint((uint_fn)(void *)SLOT(main_int_table, i), 5) & 0); }
static void main_ulptr_in_lib(int i) { _exit(lib_call_lptr((lptr_fn)(void *)SLOT(main_ulptr_table, i), 2) & 0); }

int main(void) {
  for (int i = 0; i < 4; i++) printf("lib int %d: %d\n", i, SLOT(lib_int_table, i)(i + 1));
  for (int i = 0; i < 2; i++) printf("lib uint %d: %d\n", i, SLOT(lib_uint_table, i)(i + 1));
  long v = 6;
  unsigned long u = 6;
  printf("lib lptr: %ld ulptr: %ld\n", SLOT(lib_lptr_table, 0)(&v), SLOT(lib_ulptr_table, 0)(&u));
  for (int i = 0; i < 2; i++) printf("main int %d in lib: %d\n", i, lib_call_int(SLOT(main_int_table, i), i + 3));
  printf("main uint in lib: %d\n", lib_call_uint(SLOT(main_uint_table, 0), 4));
  printf("main lptr in lib: %ld\n", lib_call_lptr(main_load_a, 4));
  for (int i = 0; i < 2; i++) printf("stopped lib uint %d as int: %d\n", i, stopped(lib_uint_as_int, i));
  for (int i = 0; i < 4; i++) printf("stopped lib int %d as uint: %d\n", i, stopped(lib_int_as_uint, i));
  printf("stopped lib ulptr as lptr: %d\n", stopped(lib_ulptr_as_lptr, 0));
  printf("stopped main uint in lib: %d\n", stopped(main_uint_in_lib, 0));
  for (int i = 0; i < 2; i++) printf("stopped main int %d in lib: %d\n", i, stopped(main_int_in_lib, i));
  printf("stopped main ulptr in lib: %d\n", stopped(main_ulptr_in_lib, 0));
  return 0;
}
