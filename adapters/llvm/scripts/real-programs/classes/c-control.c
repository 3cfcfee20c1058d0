// Non-local control flow in C families (real-programs.py's `classes-c`): setjmp/longjmp
// (calls that return twice), computed-goto interpreters that differ in one opcode, and
// callbacks stored in tables whose addresses the program compares.
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf env_a, env_b;
static volatile int depth;

static void thrower_a(int n) { if (n > 3) longjmp(env_a, n); depth++; thrower_a(n + 1); }
static void thrower_b(int n) { if (n > 3) longjmp(env_b, n); depth++; thrower_b(n + 1); }
static void thrower_c(int n) { if (n > 4) longjmp(env_a, n); depth++; thrower_c(n + 1); }

int try_a(int start) {
  volatile int r = 0;
  int k = setjmp(env_a);
  if (k) return r + k * 100;
  r = start;
  thrower_a(start);
  return -1;
}
int try_b(int start) {
  volatile int r = 0;
  int k = setjmp(env_b);
  if (k) return r + k * 100;
  r = start;
  thrower_b(start);
  return -1;
}
int try_c(int start) {
  volatile int r = 0;
  int k = setjmp(env_a);
  if (k) return r + k * 100;
  r = start;
  thrower_c(start);
  return -1;
}

// byte-code interpreters with a dispatch table of label addresses
enum { OP_PUSH, OP_ADD, OP_MUL, OP_SUB, OP_DUP, OP_HALT };
#define INTERP(NAME, SUBOP)                                                     \
  long NAME(const unsigned char *code) {                                        \
    static void *tab[] = {&&push, &&add, &&mul, &&sub, &&dup, &&halt};          \
    long st[64];                                                                \
    int sp = 0;                                                                 \
    const unsigned char *pc = code;                                             \
    goto *tab[*pc++];                                                           \
  push: st[sp++] = *pc++; goto *tab[*pc++];                                     \
  add: sp--; st[sp - 1] += st[sp]; goto *tab[*pc++];                            \
  mul: sp--; st[sp - 1] *= st[sp]; goto *tab[*pc++];                            \
  sub: sp--; st[sp - 1] = SUBOP; goto *tab[*pc++];                              \
  dup: st[sp] = st[sp - 1]; sp++; goto *tab[*pc++];                             \
  halt: return sp ? st[sp - 1] : 0;                                             \
  }
// the same with the table in the frame: the label addresses are the function's own
#define INTERP_LOCAL(NAME, SUBOP)                                               \
  long NAME(const unsigned char *code) {                                        \
    void *tab[] = {&&push, &&add, &&mul, &&sub, &&dup, &&halt};                 \
    long st[64];                                                                \
    int sp = 0;                                                                 \
    const unsigned char *pc = code;                                             \
    goto *tab[*pc++];                                                           \
  push: st[sp++] = *pc++; goto *tab[*pc++];                                     \
  add: sp--; st[sp - 1] += st[sp]; goto *tab[*pc++];                            \
  mul: sp--; st[sp - 1] *= st[sp]; goto *tab[*pc++];                            \
  sub: sp--; st[sp - 1] = SUBOP; goto *tab[*pc++];                              \
  dup: st[sp] = st[sp - 1]; sp++; goto *tab[*pc++];                             \
  halt: return sp ? st[sp - 1] : 0;                                             \
  }
INTERP_LOCAL(interp_local_a, st[sp - 1] - st[sp])
INTERP_LOCAL(interp_local_b, st[sp - 1] - st[sp])
INTERP_LOCAL(interp_local_rev, st[sp] - st[sp - 1])
INTERP(interp_a, st[sp - 1] - st[sp])
INTERP(interp_b, st[sp - 1] - st[sp])
INTERP(interp_rev, st[sp] - st[sp - 1])

// callbacks: equal bodies whose addresses are stored and compared
typedef int (*cb_t)(int);
int cb_double1(int x) { return x * 2; }
int cb_double2(int x) { return x * 2; }
int cb_double3(int x) { return x + x; }
int cb_triple(int x) { return x * 3; }
static int cb_static1(int x) { return x * 7 - 1; }
static int cb_static2(int x) { return x * 7 - 1; }
cb_t callback_table[] = {cb_double1, cb_double2, cb_double3, cb_triple, cb_static1, cb_static2};

void control_families(int seed) {
  depth = 0;
  printf("setjmp: %d %d %d depth %d\n", try_a(seed & 3), try_b(seed & 1), try_c(0), depth);
  unsigned char prog[] = {OP_PUSH, (unsigned char)seed, OP_DUP, OP_MUL, OP_PUSH, 9, OP_SUB, OP_PUSH, 3,
                          OP_ADD, OP_HALT};
  printf("interp: %ld %ld %ld local %ld %ld %ld\n", interp_a(prog), interp_b(prog), interp_rev(prog),
         interp_local_a(prog), interp_local_b(prog), interp_local_rev(prog));
  int n = sizeof callback_table / sizeof *callback_table;
  printf("callbacks:");
  for (int i = 0; i < n; i++) printf(" %d", callback_table[i](seed + i));
  printf("\ndistinct addresses:");
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) printf(" %d", callback_table[i] == callback_table[j]);
  printf("\n");
}
