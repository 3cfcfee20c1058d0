// The shared library of real-programs.py's `cfi-dso` (cross-DSO CFI: -fsanitize=cfi
// -fsanitize-cfi-cross-dso, default visibility): functions with equal bodies, of one C
// type and of different C types that lower to one IR signature, exported by address in
// tables, and a caller that calls through pointers the executable passes in. Every
// check across the boundary goes through the target module's __cfi_check, built from
// the type sets the merge must keep apart.
typedef int (*int_fn)(int);
typedef int (*uint_fn)(unsigned);
typedef long (*lptr_fn)(long *);
typedef long (*ulptr_fn)(unsigned long *);

int lib_inc_a(int x) { return x * 7 + 3; }
int lib_inc_b(int x) { return x * 7 + 3; }
int lib_inc_u(unsigned x) { return (int)(x * 7 + 3); }
long lib_load_a(long *p) { return *p * 9 - 4; }
long lib_load_u(unsigned long *p) { return (long)(*p * 9 - 4); }
static int lib_sq_a(int x) { return x * x + 5; }
static int lib_sq_b(int x) { return x * x + 5; }
static int lib_sq_u(unsigned x) { return (int)(x * x + 5); }

int_fn lib_int_table[] = {lib_inc_a, lib_inc_b, lib_sq_a, lib_sq_b};
uint_fn lib_uint_table[] = {lib_inc_u, lib_sq_u};
lptr_fn lib_lptr_table[] = {lib_load_a};
ulptr_fn lib_ulptr_table[] = {lib_load_u};

// calls through pointers of the executable's functions (checked against its __cfi_check)
int lib_call_int(int_fn f, int x) { return f(x) + 1; }
int lib_call_uint(uint_fn f, unsigned x) { return f(x) + 2; }
long lib_call_lptr(lptr_fn f, long v) { return f(&v) + 3; }
