/* The library `sodium-so`'s runs preload (LD_PRELOAD): compiled with -DNAME=F it
 * defines libsodium's `size_t F(void)` (with -DBUFFER, `void F(void *, size_t)`, as
 * randombytes_buf), forwarding to the next definition (the
 * library's, found with dlsym(RTLD_NEXT)) and counting its calls; at exit it prints
 * "interposed F: N calls". What the tests print must not change; the count says which
 * calls reach the interposer (the executable's, and the library's own calls of F
 * where they go through the PLT). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#define STR2(x) #x
#define STR(x) STR2(x)

static unsigned long calls;

static void print_calls(void) {
    printf("interposed %s: %lu calls\n", STR(NAME), calls);
    fflush(stdout);
}

__attribute__((constructor)) static void start(void) { atexit(print_calls); }

#ifdef BUFFER
#define RESULT void
#define PARAMS void *buf, size_t size
#define ARGS buf, size
#else
#define RESULT size_t
#define PARAMS void
#define ARGS
#endif

RESULT NAME(PARAMS) {
    static RESULT (*next)(PARAMS);
    if (next == NULL) {
        next = (RESULT(*)(PARAMS))dlsym(RTLD_NEXT, STR(NAME));
        if (next == NULL) {
            abort();
        }
    }
    calls++;
    return next(ARGS);
}
