// The shared library of real-programs.py's `interpose` (default visibility, built with
// -fsemantic-interposition, -fno-semantic-interposition and clang's default): exported
// functions with equal bodies, each pair of one kind of symbol. The library calls each
// of them by name and hands out their addresses; interpose-main.c calls them by name
// and through those addresses, with and without a preloaded library
// (interpose-preload.c) defining one member of each pair. With semantic interposition,
// ELF's rule is the language's: a call by name goes to the first definition in lookup
// order, and the other twin keeps its own body whatever is preloaded. A merge must keep
// every twin its own symbol (LLVM: both interposable, so both become thunks to a private
// copy of the body).
//
// Second unit: interpose-lib2.c (the twins across two translation units).
//
// INTERPOSE_EXPORT marks what the library exports: nothing in most modes; the `hidden`
// mode compiles with -fvisibility=hidden and defines it as default visibility (explicit
// exports, as libraries built that way write them).
#ifndef INTERPOSE_EXPORT
#define INTERPOSE_EXPORT
#endif

// Bodies long enough to merge (a loop, no constant folding of the calls: the argument
// comes from the caller).
#define BODY(k)                                                                                    \
  {                                                                                                \
    int r = x;                                                                                     \
    for (int i = 0; i < (x & 7) + 3; i++)                                                          \
      r = r * 31 + i + (k);                                                                        \
    return r ^ (r >> 7);                                                                           \
  }

// plain exported twins (interposable only with -fsemantic-interposition)
INTERPOSE_EXPORT int twin_a(int x) BODY(1)
INTERPOSE_EXPORT int twin_b(int x) BODY(1)
// weak exported twins (interposable whatever the flags)
__attribute__((weak)) INTERPOSE_EXPORT int weak_a(int x) BODY(2)
__attribute__((weak)) INTERPOSE_EXPORT int weak_b(int x) BODY(2)
// protected twins: exported, but the library's own references bind to its definitions
__attribute__((visibility("protected"))) int prot_a(int x) BODY(3)
__attribute__((visibility("protected"))) int prot_b(int x) BODY(3)
// hidden and static twins behind exported callers (never interposable)
__attribute__((visibility("hidden"))) int hid_a(int x) BODY(4)
__attribute__((visibility("hidden"))) int hid_b(int x) BODY(4)
static int loc_a(int x) BODY(5)
static int loc_b(int x) BODY(5)
// a twin of twin_a in the second unit
INTERPOSE_EXPORT int twin_c(int x);

typedef int (*int_fn)(int);
// the library's own calls by name: volatile-free, but noinline keeps each call a call
#define CALLER(name, callee)                                                                       \
  __attribute__((noinline)) INTERPOSE_EXPORT int name(int x) { return callee(x) + 1000; }
CALLER(lib_twin_a, twin_a)
CALLER(lib_twin_b, twin_b)
CALLER(lib_twin_c, twin_c)
CALLER(lib_weak_a, weak_a)
CALLER(lib_weak_b, weak_b)
CALLER(lib_prot_a, prot_a)
CALLER(lib_prot_b, prot_b)
CALLER(lib_hid_a, hid_a)
CALLER(lib_hid_b, hid_b)
CALLER(lib_loc_a, loc_a)
CALLER(lib_loc_b, loc_b)

// the library's view of the twins' addresses (taken in the library: default-visibility
// ones resolve through the GOT, as the executable's do)
INTERPOSE_EXPORT int_fn lib_table[] = {twin_a, twin_b, twin_c, weak_a, weak_b, prot_a, prot_b, hid_a, hid_b, loc_a, loc_b};
INTERPOSE_EXPORT int lib_table_size = sizeof lib_table / sizeof lib_table[0];
