/* The callbacks of compiler instrumentation that a program must define itself, linked
 * into every build of the flag sets that need them (real-programs.py's SET_SOURCES):
 * -finstrument-functions (and -finstrument-functions-after-inlining) call
 * __cyg_profile_func_enter/exit with the function's own address;
 * -fsanitize-coverage=trace-pc-guard calls __sanitizer_cov_trace_pc_guard with a guard
 * per edge, numbered by __sanitizer_cov_trace_pc_guard_init; pc-table gives each module a
 * table of its instrumented PCs (__sanitizer_cov_pcs_init).
 *
 * At exit the hooks print what a user of such a profile would see, in numbers that do not
 * depend on where the code is laid out: calls entered and left, how many distinct
 * functions were entered (a merge that makes one function report another's address
 * changes it), the deepest nesting, the coverage guards and PCs (each counted once) and how many guards were
 * hit; with HOOKS_NO_CALL_COUNTS, the same without the totals of enters and exits (for
 * programs whose call counts vary from run to run); with HOOKS_BALANCE_ONLY, only whether enters and exits pair up (for
 * -finstrument-functions-after-inlining, where code generation also instruments a merge's
 * thunks). The program's own output comes first and is unchanged. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define HOOK __attribute__((no_instrument_function, no_sanitize("coverage"), used))
#define SLOTS (1u << 16)

static void *seen[SLOTS];
static unsigned long enters, exits, distinct, depth, deepest, lost;
static unsigned long guards, guards_hit, pcs;
static int registered;

HOOK static void report(void) {
#ifdef HOOKS_BALANCE_ONLY
    if (enters || exits) {
        printf("== instrument-functions: enters and exits %s\n", enters == exits ? "pair up" : "differ");
    }
#elif defined(HOOKS_NO_CALL_COUNTS)
    if (enters || exits) {
        printf("== instrument-functions: enters and exits %s, %lu functions%s, deepest %lu\n",
               enters == exits ? "pair up" : "differ", distinct, lost ? " (table full)" : "", deepest);
    }
#else
    if (enters || exits) {
        printf("== instrument-functions: %lu enters, %lu exits, %lu functions%s, deepest %lu\n", enters, exits,
               distinct, lost ? " (table full)" : "", deepest);
    }
#endif
    if (guards) {
        printf("== trace-pc-guard: %lu guards, %lu hit, %lu pcs\n", guards, guards_hit, pcs);
    }
    fflush(stdout);
}

HOOK static void register_report(void) {
    if (!registered) {
        registered = 1;
        atexit(report);
    }
}

HOOK void __cyg_profile_func_enter(void *fn, void *site) {
    (void)site;
    uintptr_t h = ((uintptr_t)fn >> 4) * 0x9e3779b97f4a7c15u;
    unsigned i = (unsigned)(h >> 48) & (SLOTS - 1), n;
    register_report();
    enters++;
    if (++depth > deepest) {
        deepest = depth;
    }
    for (n = 0; n < SLOTS; n++, i = (i + 1) & (SLOTS - 1)) {
        if (seen[i] == fn) {
            return;
        }
        if (seen[i] == NULL) {
            seen[i] = fn;
            distinct++;
            return;
        }
    }
    lost++;
}

HOOK void __cyg_profile_func_exit(void *fn, void *site) {
    (void)fn;
    (void)site;
    exits++;
    depth--;
}

HOOK void __sanitizer_cov_trace_pc_guard_init(uint32_t *start, uint32_t *stop) {
    register_report();
    if (start == stop || *start) {
        return;
    }
    for (uint32_t *g = start; g < stop; g++) {
        *g = (uint32_t)++guards;
    }
}

HOOK void __sanitizer_cov_trace_pc_guard(uint32_t *guard) {
    if (!*guard) {
        return;
    }
    /* a guard counts once: set to 0 after its first hit */
    guards_hit++;
    *guard = 0;
}

HOOK void __sanitizer_cov_pcs_init(const uintptr_t *begin, const uintptr_t *end) {
    register_report();
    /* every module's constructor passes the bounds of one section, the whole program's:
       counted once, like the guards */
    if (!pcs) {
        pcs = (unsigned long)(end - begin) / 2;
    }
}
