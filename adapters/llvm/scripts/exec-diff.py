#!/usr/bin/env python3
"""Execution differential: generated C/C++ programs full of near-duplicate functions, run
unmerged, merged by opt-22's MergeFunctions, and merged by the `mergefunc` command under
every option set; every merged build must print what the unmerged build prints.

Usage:
  exec-diff.py [--seeds A:B] [--opt-levels O0,O1,O2] [--cli PATH] [--work DIR] [--smoke]
               [--keep] [--jobs N]

  --smoke      a small fixed run (seeds 1:4, -O1 and -O2), meant for the test suite
               (adapters/llvm/tests/exec_diff.rs runs it when MERGEFUNC_EXEC_DIFF=1).
  --seeds A:B  the seeds A..B-1 (default 1:41). Every seed is one program, C for even
               seeds and C++ for odd ones, in two translation units linked by llvm-link-22
               (with -g when the seed is a multiple of 3), plus a third unit compiled to a
               native object and linked after the merge (strong definitions that override
               weak ones of the module).
  --cli PATH   the `mergefunc` binary (default: target/release/mergefunc, else target/debug).
  --target T   x86_64 (default), i686 (run natively, 32-bit multilib) or wasm32 (WASI, C
               seeds only, run under node's WASI); families the target cannot express
               (x86-64 assembly, naked functions, ifuncs, ...) are left out of its programs.

What a program holds: families of functions built from one body template. In a family
some functions are exact copies (they should merge), and one differs from them in exactly
one property: a constant, an integer type, a wrap flag, a call target, a global, a struct
layout, a parameter attribute (`nonnull`, `noundef` through `__attribute__`), `volatile`,
an atomic ordering, a calling convention, a section, an alignment, `weak`, an alias,
`used`, `cold`, address space, varargs, a landing pad (C++), a template argument (C++),
a virtual method (C++), a static local, a string literal, and more (FAMILIES below).
`main` calls every function with inputs it reads from volatile globals, prints every
result, and prints whether the addresses of functions that had their address taken
compare equal (a merge must never make two such addresses equal).

For each program and optimization level the script builds:
  base        the linked module, compiled as is;
  opt         after `opt-22 -passes=mergefunc`;
  ours:SET    after `mergefunc IN -o OUT` with each option set of OPTION_SETS.
Every module is checked by `opt-22 -passes=verify`; every binary runs with a timeout;
its standard output and exit status must equal the base's. A difference where `opt`
agrees with `base` and an `ours:*` build does not is our bug ("OURS-WRONG"); where `opt`
differs too, it is reported as "LLVM-WRONG" (we must still be right).
Exit status: 0 when every build agreed, 1 otherwise. Everything is derived from the
seed: the same seed gives the same program.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile

OPTION_SETS = {
    "default": [],
    "cycles": ["--merge-cycles"],
    "aliases": ["--use-aliases"],
    "drop": ["--drop-differing-attachments"],
    "t1": ["--threads", "1"],
    "t2": ["--threads", "2"],
    "pdi": ["--preserve-debug-info"],
    "all": ["--merge-cycles", "--use-aliases", "--drop-differing-attachments", "--threads", "2"],
}


# Code-generation flags, one set per seed (seed // 2 picks it): sanitizers and hardening
# that put type hashes, prefixes, checks or attributes on functions and call sites.
FLAG_SETS = [
    [],
    ["-fsanitize=kcfi"],
    ["-fsanitize=function", "-fsanitize-trap=function"],
    ["-fcf-protection=full"],
    ["-fpatchable-function-entry=8,2"],
    ["-fstack-protector-all"],
    ["-ffast-math"],
    ["-fsanitize=undefined", "-fsanitize-trap=undefined"],
    ["-fzero-call-used-regs=used-gpr"],
    ["-fno-omit-frame-pointer", "-mno-omit-leaf-frame-pointer"],
    ["-fsanitize=signed-integer-overflow,shift,bounds", "-fsanitize-trap=all"],
]


# The plugin's parameters for the option sets it runs under in lld's full LTO.
PLUGIN_PARAMS = {
    "default": "",
    "cycles": "merge-cycles",
    "aliases": "use-aliases",
    "drop": "drop-differing-attachments",
    "all": "merge-cycles;use-aliases;drop-differing-attachments;threads=2",
}
PLUGIN_SETS = list(PLUGIN_PARAMS)


# Node's WASI host for the wasm32 programs: runs the module, exits with its status.
WASI_RUNNER = """import { WASI } from 'node:wasi';
import { readFileSync } from 'node:fs';
const wasi = new WASI({ version: 'preview1', args: [process.argv[2]], env: {}, returnOnExit: true });
const mod = await WebAssembly.compile(readFileSync(process.argv[2]));
process.exitCode = wasi.start(await WebAssembly.instantiate(mod, wasi.getImportObject()));
"""


class Target:
    """How programs are compiled, linked and run for one target; `drop` names the families
    the target cannot express (filled in after FAMILIES)."""

    def __init__(self, name, cflags, pic, cxx, plugin, drop, no_flags=()):
        self.name, self.cflags, self.pic, self.cxx, self.plugin, self.drop_names = name, cflags, pic, cxx, plugin, drop
        self.no_flags = no_flags  # code-generation flags the target does not support

    def flag_set(self, seed):
        """The seed's code-generation flags, or none where the target lacks one of them."""
        extra = FLAG_SETS[(seed // 2) % len(FLAG_SETS)]
        return [] if any(f.split("=")[0] in self.no_flags or f in self.no_flags for f in extra) else extra

    def compile_flags(self):
        return self.cflags + (["-fPIC"] if self.pic else [])

    def llc_flags(self):
        return ["--relocation-model=pic"] if self.pic else []

    def link_flags(self):
        return self.cflags + ([] if self.name == "wasm32" else ["-fuse-ld=lld"])

    def command(self, exe, work):
        if self.name == "wasm32":
            runner = os.path.join(work, "run-wasi.mjs")
            if not os.path.exists(runner):
                with open(runner, "w") as f:
                    f.write(WASI_RUNNER)
            return ["node", "--no-warnings", runner, exe]
        return [exe]


X86_64_ONLY = ("fam_inline_asm", "fam_naked")
TARGETS = {
    "x86_64": Target("x86_64", [], True, True, True, ()),
    "i686": Target("i686", ["-m32"], True, True, True, X86_64_ONLY),
    "wasm32": Target("wasm32", ["--target=wasm32-wasi", "-Wno-deprecated"], False, False, False,
                     X86_64_ONLY + ("fam_setjmp", "fam_ifunc", "fam_return_address", "fam_addr_space"),
                     ("-fsanitize=kcfi", "-fsanitize=function", "-fcf-protection", "-fpatchable-function-entry",
                      "-fzero-call-used-regs", "-fstack-protector-all")),
}
TARGET = TARGETS["x86_64"]


class Prog:
    """One program under construction: two translation units, a shared header, and the
    statements of `main` (in unit 0)."""

    def __init__(self, rng, cxx):
        self.r = rng
        self.cxx = cxx
        self.header = []
        self.units = [[], []]
        self.main = []
        self.native = []  # unit compiled to a native object, linked after the merge
        self.n = 0

    def name(self, stem):
        self.n += 1
        return f"{stem}{self.n}"

    def unit(self):
        return self.units[self.r.randrange(2)]

    def const(self):
        return self.r.choice([1, 2, 3, 5, 7, 11, 13, 17, 31, 63, 100, 255, 1000, 4099, -1, -7])

    def extern(self, decl):
        self.header.append(decl)

    def print_int(self, expr):
        self.main.append(f'  printf("%lld\\n", (long long)({expr}));')

    def print_addr_eq(self, names, ty):
        """Stores the addresses in a volatile table and prints which compare equal."""
        t = self.name("tab")
        self.main.append(f"  {{ __typeof__({ty}) volatile {t}[{len(names)}] = {{{', '.join(names)}}};")
        self.main.append(f"    for (int i = 0; i < {len(names)}; i++) for (int j = 0; j < {len(names)}; j++)")
        self.main.append(f'      printf("%d", {t}[i] == {t}[j]); printf("\\n"); }}')


# Inputs main reads: volatile, so the optimizer cannot fold the calls.
PRELUDE_DECLS = "extern volatile long long in_a, in_b, in_c;\nextern void *volatile in_addr;\n"
NOINL = "__attribute__((noinline))"


def arith_body(r, ty, consts, op2="+"):
    """A loop and branch body over x and y of type ty; consts is the list of constants."""
    c = consts
    return (
        f"  {ty} acc = ({ty}){c[0]};\n"
        f"  for (int i = 0; i < (int)(x & 7) + {abs(c[1]) % 5 + 1}; i++) {{\n"
        f"    acc = acc * ({ty}){c[2]} {op2} ({ty})(y ^ ({ty})i);\n"
        f"    if (acc > ({ty}){c[3]}) acc -= x; else acc += ({ty})3;\n"
        f"    acc = acc % ({ty})100003;\n"
        f"  }}\n"
        f"  return acc;\n"
    )


def fresh_consts(p):
    return [p.const() for _ in range(4)]


def mutate_consts(p, c):
    c = list(c)
    i = p.r.randrange(4)
    while True:
        v = p.const()
        if v != c[i]:
            c[i] = v
            return c


def family_simple(p, variant_decl, differ_decl=None, ty="long long", copies=None, body_fn=None,
                  differ_body_fn=None, take_addr=None, params=None):
    """The common shape: `copies` exact copies of one function, plus one function that
    differs in a declaration property (differ_decl) or a body (differ_body_fn). Prints
    results of calls and, when take_addr, the equality table of the addresses."""
    r = p.r
    copies = copies or r.randint(2, 3)
    consts = fresh_consts(p)
    body = (body_fn or (lambda: arith_body(r, ty, consts)))()
    params = params or f"{ty} x, {ty} y"
    names = []
    for _ in range(copies):
        n = p.name("f")
        names.append((n, variant_decl(n), body))
    if differ_decl or differ_body_fn:
        n = p.name("d")
        decl = (differ_decl or variant_decl)(n)
        dbody = differ_body_fn(consts) if differ_body_fn else body
        names.append((n, decl, dbody))
    r.shuffle(names)
    for n, decl, b in names:
        u = p.unit()
        proto = decl.replace("@NAME@", n).replace("@PARAMS@", params)
        u.append(f"{proto} {{\n{b}}}\n")
        if "static" not in proto.split("(")[0]:
            p.extern(proto.split("__attribute__((alias")[0].rstrip() + ";")
        else:
            # A static function in the other unit cannot be called: keep it in unit 0.
            p.units[0].append(u.pop()) if u is not p.units[0] else None
    for n, _, _ in names:
        p.print_int(f"{n}(in_a, in_b)")
        p.print_int(f"{n}(in_b, in_c)")
    if take_addr is None:
        take_addr = r.random() < 0.5
    if take_addr:
        p.print_addr_eq([n for n, _, _ in names], f"{ty} (*)({params})")
    return [n for n, _, _ in names]


def D(attrs="", ret="long long", storage=""):
    """A declaration maker with attributes before the return type."""
    return lambda n: f"{storage}{NOINL} {attrs} {ret} @NAME@(@PARAMS@)".replace("  ", " ").replace("@NAME@", n)


# --- the families: each adds functions to the program and their checks to main ---------

def fam_constant(p):
    c = fresh_consts(p)
    family_simple(p, D(), body_fn=lambda: arith_body(p.r, "long long", c),
                  differ_body_fn=lambda _: arith_body(p.r, "long long", mutate_consts(p, c)))


def fam_int_type(p):
    # int vs unsigned (signed/unsigned compare and nsw), int vs long
    c = fresh_consts(p)
    other = p.r.choice(["unsigned", "int", "unsigned long long", "short", "unsigned char"])
    family_simple(p, D(), body_fn=lambda: arith_body(p.r, "long long", c),
                  differ_body_fn=lambda _: arith_body(p.r, other, c))


def fam_wrap_flag(p):
    # signed int arithmetic gets nsw, unsigned does not; the results agree unless overflow
    k = p.const()
    sign = p.r.choice(["int", "unsigned"])
    other = "unsigned" if sign == "int" else "int"
    mk = lambda t: (lambda *_: f"  {t} a = ({t})x, b = ({t})y;\n  return (long long)(a * {k} + b * 3 < ({t})100 ? 1 : 2);\n")
    family_simple(p, D(), body_fn=mk(sign), differ_body_fn=mk(other))


def fam_call_target(p):
    # helpers g1 == g2 (mergeable) and g3 different; callers differ in which they call
    r = p.r
    c = fresh_consts(p)
    gs = []
    for i in range(3):
        g = p.name("g")
        cc = c if i < 2 else mutate_consts(p, c)
        p.units[0].append(f"static {NOINL} long long {g}(long long x, long long y) {{\n{arith_body(r, 'long long', cc)}}}\n")
        gs.append(g)
    callee = r.choice(gs[:2])
    family_simple(p, D(storage="static "), body_fn=lambda: f"  return (unsigned long long){callee}(x, y) * 2 + (unsigned long long){gs[0]}(y, x);\n",
                  differ_body_fn=lambda _: f"  return (unsigned long long){gs[2]}(x, y) * 2 + (unsigned long long){gs[0]}(y, x);\n")


def fam_global(p):
    r = p.r
    ga, gb = p.name("ga"), p.name("gb")
    init = p.const()
    p.units[0].append(f"long long {ga} = {init}, {gb} = {init};\n")
    p.extern(f"extern long long {ga}, {gb};")
    mk = lambda g: (lambda *_: f"  {g} += x;\n  return {g} * y;\n")
    family_simple(p, D(), body_fn=mk(ga), differ_body_fn=mk(gb), copies=2)
    p.main.append(f"  {gb} = 5;")


def fam_static_local(p):
    # identical text, but each function owns its own static counter
    mk = lambda *_: "  static long long n;\n  n += x;\n  return n * 3 + y;\n"
    family_simple(p, D(storage="static "), body_fn=mk, copies=3)


def fam_struct_layout(p):
    r = p.r
    s1, s2 = p.name("S"), p.name("T")
    ft = r.choice(["char", "short", "int"])
    p.extern(f"struct {s1} {{ {ft} a; long long b; int c; }};")
    packed = r.choice(["__attribute__((packed))", ""])
    p.extern(f"struct {packed} {s2} {{ long long b; {ft} a; int c; }};" if packed else f"struct {s2} {{ long long b; {ft} a; int c; }};")
    mk = lambda s: (lambda *_: f"  struct {s} v[3] = {{0}};\n  v[x & 1].a = ({ft})y; v[(x >> 1) & 1].b = y * 7; v[2].c = (int)x;\n"
                    f"  struct {s} *q = &v[x & 1];\n  return q->a + q->b + v[2].c + (long long)sizeof(struct {s});\n")
    family_simple(p, D(), body_fn=mk(s1), differ_body_fn=mk(s2))


def fam_param_attr(p):
    r = p.r
    attr = r.choice(["__attribute__((nonnull))", "__attribute__((returns_nonnull))", "__attribute__((cold))",
                     "__attribute__((hot))", "__attribute__((const))", "__attribute__((pure))",
                     "__attribute__((optnone))", "__attribute__((minsize))", "__attribute__((no_stack_protector))",
                     "__attribute__((target(\"sse4.2\")))", "__attribute__((target(\"avx2\")))",
                     "__attribute__((used))", "__attribute__((nothrow))", "__attribute__((leaf))"])
    ret = "long long"
    params = "long long x, long long y"
    body = None
    if "nonnull" in attr:
        ret = "long long *" if "returns" in attr else ret
        params = "long long *x, long long y"
        body = (lambda *_: "  static long long cell;\n  cell = *x + y;\n  return &cell;\n") if "returns" in attr else \
            (lambda *_: "  return *x * 3 + y;\n")
    if "const" in attr or "pure" in attr:
        body = lambda *_: "  return x * 5 - y;\n"
    family_simple_params(p, attr, ret, params, body)


def family_simple_params(p, attr, ret, params, body):
    r = p.r
    c = fresh_consts(p)
    body = body or (lambda *_: arith_body(r, "long long", c))
    names = []
    for i in range(r.randint(2, 3) + 1):
        n = p.name("f" if i else "d")
        a = attr if i == 0 else ""
        u = p.unit()
        proto = f"{NOINL} {a} {ret} {n}({params})"
        u.append(f"{proto} {{\n{body()}}}\n")
        p.extern(proto + ";")
        names.append(n)
    for n in names:
        if params.startswith("long long *x"):
            call = f"({{ long long t = in_a; {n}(&t, in_b); }})"
            if ret.endswith("*"):
                call = f"({{ long long t = in_a; *{n}(&t, in_b); }})"
            p.print_int(call)
        else:
            p.print_int(f"{n}(in_a, in_b)")
    if r.random() < 0.5:
        p.print_addr_eq(names, f"{ret} (*)({params})")


def fam_volatile(p):
    g = p.name("gv")
    p.units[0].append(f"long long {g} = 4;\n")
    p.extern(f"extern long long {g};")
    mk = lambda q: (lambda *_: f"  {q}long long *pp = &{g};\n  return *pp * x + *pp + y;\n")
    family_simple(p, D(), body_fn=mk(""), differ_body_fn=mk("volatile "))


def fam_atomic(p):
    g = p.name("ga")
    p.units[0].append(f"long long {g} = 9;\n")
    p.extern(f"extern long long {g};")
    o1, o2 = p.r.sample(["__ATOMIC_RELAXED", "__ATOMIC_SEQ_CST", "__ATOMIC_ACQUIRE", "__ATOMIC_CONSUME"], 2)
    op = p.r.choice(["load", "fetch_add", "exchange"])
    def mk(o):
        if op == "load":
            return lambda *_: f"  return __atomic_load_n(&{g}, {o}) * x + y;\n"
        if op == "fetch_add":
            o = o if o != "__ATOMIC_CONSUME" else "__ATOMIC_RELEASE"
            return lambda *_: f"  return __atomic_fetch_add(&{g}, x, {o}) + y;\n"
        o = o if o not in ("__ATOMIC_CONSUME",) else "__ATOMIC_ACQ_REL"
        return lambda *_: f"  return __atomic_exchange_n(&{g}, x, {o}) + y;\n"
    family_simple(p, D(), body_fn=mk(o1), differ_body_fn=mk(o2))


def fam_callconv(p):
    cc = p.r.choice(["ms_abi", "sysv_abi", "regcall", "preserve_most", "preserve_all", "vectorcall",
                     "preserve_none", "swiftcall"])
    extra = ""
    if cc == "swiftcall":
        extra = ""
    attr = f"__attribute__(({cc}))"
    ty = "long long"
    params = f"{ty} x, {ty} y"
    c = fresh_consts(p)
    body = arith_body(p.r, ty, c)
    names = []
    decls = []
    for i in range(p.r.randint(2, 3) + 1):
        n = p.name("f" if i else "d")
        a = attr if i == 0 else ""
        proto = f"{NOINL} {a} {ty} {n}({params})"
        p.unit().append(f"{proto} {{\n{body}}}\n")
        p.extern(proto + ";")
        names.append(n)
        decls.append(a)
    for n in names:
        p.print_int(f"{n}(in_a, in_b)")
    # call through pointers of the right type
    for n, a in zip(names, decls):
        fp = p.name("fp")
        p.main.append(f"  {{ {ty} ({a} * volatile {fp})({params}) = {n}; printf(\"%lld\\n\", {fp}(in_c, in_a)); }}")
    p.print_addr_eq(names[1:], f"{ty} (*)({params})")


def fam_section_align(p):
    attr = p.r.choice(['__attribute__((section(".text.mfsec")))', "__attribute__((aligned(64)))",
                       "__attribute__((aligned(256)))", '__attribute__((section(".text.other"),aligned(32)))'])
    family_simple_params(p, attr, "long long", "long long x, long long y", None)


def fam_weak(p):
    # a weak definition and strong copies: a weak function's body must not be replaced
    # (it may be overridden at link time) and callers of it must keep calling it
    family_simple(p, D(), differ_decl=lambda n: f"__attribute__((weak)) {NOINL} long long {n}(@PARAMS@)", take_addr=True)


def fam_alias(p):
    # a function, an alias of it, and copies
    r = p.r
    names = family_simple(p, D(), copies=2, take_addr=False)
    target = names[0]
    a = p.name("al")
    home = p.units[0] if any(f" {target}(" in s for s in p.units[0]) else p.units[1]
    home.append(f"long long {a}(long long, long long) __attribute__((alias(\"{target}\")));\n")
    p.extern(f"long long {a}(long long, long long);")
    p.print_int(f"{a}(in_c, in_b)")
    p.print_addr_eq(names + [a], "long long (*)(long long, long long)")


def fam_addr_space(p):
    mk = lambda asp: (lambda *_: f"  long long v = x;\n  long long {asp} *q = (long long {asp} *)&v;\n  *q += y;\n  return *q * 2;\n")
    family_simple(p, D(), body_fn=mk(""), differ_body_fn=mk("__attribute__((address_space(1)))"))


def fam_varargs(p):
    r = p.r
    t1, t2 = r.sample(["int", "long long", "double"], 2)
    mk = lambda t: (f"  va_list ap;\n  va_start(ap, n);\n  long long s = 0;\n"
                    f"  for (int i = 0; i < n; i++) s = s * 3 + (long long)va_arg(ap, {t});\n  va_end(ap);\n  return s;\n")
    names = []
    for i in range(r.randint(2, 3) + 1):
        n = p.name("v")
        t = t1 if i else t2
        proto = f"{NOINL} long long {n}(int n, ...)"
        p.unit().append(f"{proto} {{\n{mk(t)}}}\n")
        p.extern(proto + ";")
        names.append((n, t))
    for n, t in names:
        p.print_int(f"{n}(3, ({t})in_a, ({t})in_b, ({t})in_c)")
    if r.random() < 0.5:
        p.print_addr_eq([n for n, _ in names], "long long (*)(int, ...)")


def fam_string(p):
    s1, s2 = "hello", p.r.choice(["hellp", "Hello", "hello!", "olleh"])
    mk = lambda s: (lambda *_: f'  const char *t = "{s}";\n  long long h = y;\n  for (int i = 0; t[i]; i++) h = h * 31 + t[i] + x;\n  return h;\n')
    family_simple(p, D(), body_fn=mk(s1), differ_body_fn=mk(s2))


def fam_fp(p):
    op = p.r.choice(["+", "-", "*"])
    mk = lambda t: (lambda *_: f"  {t} a = ({t})x / 3, b = ({t})y / 7;\n  return (long long)((a {op} b) * ({t})1000);\n")
    t1, t2 = p.r.sample(["float", "double", "long double"], 2)
    family_simple(p, D(), body_fn=mk(t1), differ_body_fn=mk(t2))


def fam_switch(p):
    r = p.r
    cases = sorted(r.sample(range(0, 40), 6))
    vals = [p.const() for _ in cases]
    def mk(cs, vs):
        s = "  switch (x & 63) {\n"
        for c, v in zip(cs, vs):
            s += f"  case {c}: return y + {v};\n"
        s += "  default: return y - 1;\n  }\n"
        return lambda *_: s
    cs2 = list(cases)
    cs2[r.randrange(6)] += 41
    family_simple(p, D(), body_fn=mk(cases, vals), differ_body_fn=mk(sorted(cs2), vals))


def fam_recursion(p):
    # identical self-recursive functions and a near copy; and mutually recursive pairs
    r = p.r
    k = p.const()
    base = abs(p.const()) % 5 + 1
    names = []
    for i in range(3):
        n = p.name("rec")
        kk = k if i < 2 else k + 1
        proto = f"{NOINL} long long {n}(long long x, long long y)"
        p.extern(proto + ";")
        p.unit().append(f"{proto} {{\n  if ((x & 15) < {base}) return y;\n  return {n}(x - 1, y * {kk} + x) % 1000003;\n}}\n")
        names.append(n)
    # mutual: a<->b and c<->d alike (cycle), e<->f differing
    pairs = []
    for j in range(3):
        a, b = p.name("ma"), p.name("mb")
        kk = k if j < 2 else k + 2
        for me, other, off in ((a, b, 1), (b, a, 2)):
            proto = f"{NOINL} long long {me}(long long x, long long y)"
            p.extern(proto + ";")
            p.unit().append(f"{proto} {{\n  if ((x & 31) < 2) return y + {off};\n  return {other}(x - 1, y + {kk} * x) % 999983;\n}}\n")
        pairs += [a, b]
    for n in names + pairs:
        p.print_int(f"{n}(in_a & 255, in_b)")
    if r.random() < 0.5:
        p.print_addr_eq(names + pairs, "long long (*)(long long, long long)")


def fam_fnptr_arg(p):
    # functions passed as arguments and compared inside a callee
    names = family_simple(p, D(storage="static "), copies=3, take_addr=False)
    cmpf = p.name("cmpf")
    p.units[0].append(f"static {NOINL} int {cmpf}(long long (*a)(long long, long long), long long (*b)(long long, long long)) {{ return a == b; }}\n")
    for i in range(len(names)):
        for j in range(len(names)):
            p.main.append(f'  printf("%d", {cmpf}({names[i]}, {names[j]}));')
    p.main.append('  printf("\\n");')


def fam_byval(p):
    s = p.name("B")
    p.extern(f"struct {s} {{ long long a[6]; int k; }};")
    mk = lambda c: (lambda *_: f"  v.a[x & 3] += {c};\n  long long t = 0;\n  for (int i = 0; i < 6; i++) t += v.a[i] * (i + 1);\n  return t + v.k;\n")
    c1 = p.const()
    c2 = c1 + 1
    r = p.r
    names = []
    for i in range(r.randint(2, 3) + 1):
        n = p.name("bv")
        proto = f"{NOINL} long long {n}(struct {s} v, long long x)"
        p.extern(proto + ";")
        p.unit().append(f"{proto} {{\n{mk(c1 if i else c2)()}}}\n")
        names.append(n)
    for n in names:
        p.print_int(f"({{ struct {s} v = {{{{1,2,3,4,5,6}}, 7}}; v.a[0] = in_a; {n}(v, in_b); }})")


def fam_sret(p):
    s = p.name("R")
    p.extern(f"struct {s} {{ long long a, b, c, d; }};")
    mk = lambda c: f"  struct {s} r;\n  r.a = x; r.b = y * {c}; r.c = x ^ y; r.d = 1;\n  return r;\n"
    c1 = p.const()
    names = []
    for i in range(p.r.randint(2, 3) + 1):
        n = p.name("sr")
        proto = f"{NOINL} struct {s} {n}(long long x, long long y)"
        p.extern(proto + ";")
        p.unit().append(f"{proto} {{\n{mk(c1 if i else c1 * 3 + 1)}}}\n")
        names.append(n)
    for n in names:
        p.print_int(f"({{ struct {s} t = {n}(in_a, in_b); t.a + t.b * 3 + t.c * 5 + t.d; }})")


def fam_vector(p):
    t1, t2 = p.r.sample(["int", "unsigned", "float", "short"], 2)
    mk = lambda t: (lambda *_: f"  typedef {t} V __attribute__((vector_size(16)));\n  V a = {{({t})x, ({t})y, 3, 4}}, b = {{1, 2, ({t})x, 5}};\n"
                    f"  V c = a * b + a;\n  return (long long)(c[0] + c[1] + c[2] + c[3]);\n")
    family_simple(p, D(), body_fn=mk(t1), differ_body_fn=mk(t2))


def fam_computed_goto(p):
    mk = lambda c: (lambda *_: f"  static void *tab[] = {{&&l0, &&l1, &&l2}};\n  long long r = y;\n  goto *tab[x % 3 < 0 ? 0 : x % 3];\n"
                    f"l0: r += {c}; l1: r *= 3; l2: return r + x;\n")
    c = p.const()
    family_simple(p, D(), body_fn=mk(c), differ_body_fn=mk(c + 5), take_addr=False)


def fam_setjmp(p):
    mk = lambda c: (lambda *_: f"  jmp_buf b;\n  volatile long long r = y;\n  if (setjmp(b) == 0) {{ r += {c}; if (x & 1) longjmp(b, 1); }} else r *= 2;\n  return r;\n")
    c = p.const()
    family_simple(p, D(), body_fn=mk(c), differ_body_fn=mk(c + 1), take_addr=False)


def fam_alloca(p):
    mk = lambda c: (lambda *_: f"  int n = (int)(x & 15) + 1;\n  long long a[n];\n  for (int i = 0; i < n; i++) a[i] = y + i * {c};\n  return a[n - 1] + a[0];\n")
    c = p.const()
    family_simple(p, D(), body_fn=mk(c), differ_body_fn=mk(c * 2 + 1))


def fam_inline_asm(p):
    mk = lambda ins: (lambda *_: f"  long long r = x;\n  __asm__(\"{ins} %1, %0\" : \"+r\"(r) : \"r\"(y));\n  return r;\n")
    family_simple(p, D(), body_fn=mk("addq"), differ_body_fn=mk(p.r.choice(["subq", "xorq", "imulq"])))


def fam_linkage_mix(p):
    # copies with different linkages: static, extern, weak, inline-extern
    r = p.r
    c = fresh_consts(p)
    body = arith_body(r, "long long", c)
    names = []
    for i in range(4):
        n = p.name("lk")
        st = r.choice(["static ", "", "__attribute__((weak)) ", "static inline "])
        proto = f"{st}{NOINL} long long {n}(long long x, long long y)"
        p.units[0].append(f"{proto} {{\n{body}}}\n")
        names.append(n)
    for n in names:
        p.print_int(f"{n}(in_a, in_c)")
    if r.random() < 0.6:
        p.print_addr_eq(names, "long long (*)(long long, long long)")


def fam_builtin_expect(p):
    mk = lambda e: (lambda *_: f"  if (__builtin_expect(x > y, {e})) return x * 3;\n  return y * 3 + 1;\n")
    family_simple(p, D(), body_fn=mk(1), differ_body_fn=mk(0))


def fam_memcpy(p):
    mk = lambda n: (lambda *_: f"  char a[32], b[32];\n  for (int i = 0; i < 32; i++) a[i] = (char)(x + i);\n  __builtin_memcpy(b, a, {n});\n"
                    f"  unsigned long long s = y;\n  for (int i = 0; i < {n}; i++) s = s * 7 + b[i];\n  return (long long)s;\n")
    family_simple(p, D(), body_fn=mk(16), differ_body_fn=mk(p.r.choice([8, 24, 32])))


def fam_bitfield(p):
    s1, s2 = p.name("BF"), p.name("BG")
    w = p.r.randint(3, 9)
    p.extern(f"struct {s1} {{ unsigned a : {w}; unsigned b : 5; }};")
    p.extern(f"struct {s2} {{ unsigned a : {w + 1}; unsigned b : 5; }};")
    mk = lambda s: (lambda *_: f"  struct {s} v;\n  v.a = (unsigned)x; v.b = (unsigned)y;\n  return v.a * 100 + v.b;\n")
    family_simple(p, D(), body_fn=mk(s1), differ_body_fn=mk(s2))


def fam_thunk_chain(p):
    # callers of merged callees: f_i calls g_i, g_i are copies; the callers merge later
    r = p.r
    c = fresh_consts(p)
    body = arith_body(r, "long long", c)
    gs = []
    for i in range(3):
        g = p.name("tc")
        st = r.choice(["static ", ""])
        p.units[0].append(f"{st}{NOINL} long long {g}(long long x, long long y) {{\n{body}}}\n")
        gs.append(g)
    callers = []
    for i, g in enumerate(gs):
        h = p.name("tcc")
        p.units[0].append(f"{NOINL} long long {h}(long long x, long long y) {{ return (unsigned long long){g}(x + 1, y) + (unsigned long long){g}(y, x); }}\n")
        p.extern(f"long long {h}(long long, long long);")
        callers.append(h)
    for h in callers:
        p.print_int(f"{h}(in_a, in_b)")
    p.print_addr_eq(gs + callers, "long long (*)(long long, long long)") if r.random() < 0.4 else None


def fam_weak_override(p):
    # weak definitions in the module, alike and alike to a strong one; a native object
    # (not bitcode, linked after the merge) overrides some of them with strong ones. The
    # module's callers of an overridden function must reach the native one.
    r = p.r
    c = fresh_consts(p)
    body = arith_body(r, "long long", c)
    names = []
    for i in range(4):
        n = p.name("wk")
        weak = i < 3
        proto = f"{'__attribute__((weak)) ' if weak else ''}{NOINL} long long {n}(long long x, long long y)"
        p.unit().append(f"{proto} {{\n{body}}}\n")
        p.extern(f"{NOINL} long long {n}(long long x, long long y);")
        names.append(n)
    over = names[r.randrange(3)]
    p.native.append(f"{NOINL} long long {over}(long long x, long long y) {{ return x * 1000 + y; }}\n")
    caller = p.name("wkc")
    p.units[0].append(f"{NOINL} long long {caller}(long long x, long long y) {{ return " +
                      " + ".join(f"(unsigned long long){n}(x, y) * {i + 1}" for i, n in enumerate(names)) + "; }\n")
    p.extern(f"long long {caller}(long long, long long);")
    for n in names + [caller]:
        p.print_int(f"{n}(in_a, in_b)")
    if r.random() < 0.5:
        p.print_addr_eq(names, "long long (*)(long long, long long)")


def fam_naked(p):
    # identical naked functions (their body is assembly only): a thunk cannot be one
    names = []
    k = p.r.randint(1, 9)
    for i in range(3):
        n = p.name("nk")
        kk = k if i < 2 else k + 1
        proto = f"__attribute__((naked, noinline)) long long {n}(long long x)"
        p.units[0].append(f"{proto} {{\n  __asm__(\"leaq {kk}(%rdi,%rdi,2), %rax\\n\\tret\");\n}}\n")
        names.append(n)
    for n in names:
        p.print_int(f"{n}(in_a)")
    p.print_addr_eq(names, "long long (*)(long long)")


def fam_ctor(p):
    # constructors alike: each must run (once) before main
    g = p.name("ctr")
    p.units[0].append(f"long long {g};\n")
    p.extern(f"extern long long {g};")
    k = p.const()
    for i in range(3):
        n = p.name("ct")
        kk = k if i < 2 else k + 1
        p.unit().append(f"__attribute__((constructor({101 + p.r.randrange(3)}))) static void {n}(void) {{ {g} = {g} * 3 + {kk}; }}\n")
    p.print_int(g)


def fam_ifunc(p):
    # identical ifunc resolvers choosing identical or different implementations
    if p.cxx:
        return
    impls = []
    c = fresh_consts(p)
    for i in range(3):
        n = p.name("imp")
        cc = c if i < 2 else mutate_consts(p, c)
        p.units[0].append(f"static {NOINL} long long {n}(long long x, long long y) {{\n{arith_body(p.r, 'long long', cc)}}}\n")
        impls.append(n)
    names = []
    for i, im in enumerate(impls):
        res, n = p.name("res"), p.name("ifn")
        p.units[0].append(f"static void *{res}(void) {{ return (void *){im}; }}\n"
                          f"long long {n}(long long, long long) __attribute__((ifunc(\"{res}\")));\n")
        names.append(n)
    for n in names:
        p.print_int(f"{n}(in_a, in_b)")


def fam_return_address(p):
    # bodies that look at their own frame: a thunk in between must not change what they see
    mk = lambda c: (lambda *_: f"  void *ra = __builtin_return_address(0);\n  return (ra != 0) * {c} + x - y;\n")
    c = p.const()
    family_simple(p, D(), body_fn=mk(c), differ_body_fn=mk(c + 1))


def fam_rings(p):
    # rings of mutually recursive functions (--merge-cycles): some rings alike, one differing
    # in a single member (a constant, a helper it calls, weak linkage, or a compared address)
    r = p.r
    length = r.randint(2, 4)
    k = p.const()
    helper_a, helper_b = p.name("rh"), p.name("rh")
    p.units[0].append(f"{NOINL} long long {helper_a}(long long x) {{ return x ^ 5; }}\n"
                      f"{NOINL} long long {helper_b}(long long x) {{ return x ^ 6; }}\n")
    p.extern(f"long long {helper_a}(long long);")
    p.extern(f"long long {helper_b}(long long);")
    how = r.choice(["const", "helper", "weak", "addr"])
    rings = []
    for ring in range(3):
        names = [p.name("ring") for _ in range(length)]
        odd = ring == 2
        at = r.randrange(length)
        for i, n in enumerate(names):
            nxt = names[(i + 1) % length]
            kk, helper, weak, addr = k + i, helper_a, "", ""
            if odd and i == at:
                if how == "const":
                    kk += 100
                elif how == "helper":
                    helper = helper_b
                elif how == "weak":
                    weak = "__attribute__((weak)) "
                else:
                    addr = f" + ((void *){n} == (void *)in_addr)"
            proto = f"{weak}{NOINL} long long {n}(long long x, long long y)"
            p.extern(f"{NOINL} long long {n}(long long x, long long y);")
            p.unit().append(f"{proto} {{\n  if ((x & 31) < {1 + i}) return {helper}(y) + {kk}{addr};\n"
                            f"  return {nxt}(x - 1, (y * 3 + {kk}) % 1000003);\n}}\n")
        rings.append(names)
    for names in rings:
        for n in names:
            p.print_int(f"{n}(in_a & 63, in_b)")
    if r.random() < 0.5:
        p.print_addr_eq([n for names in rings for n in names], "long long (*)(long long, long long)")


def cxx_comdat_shared(p):
    # inline functions, constructors and templates that the native object instantiates too:
    # the linker keeps one copy of each comdat group, from the merged module or the object
    r = p.r
    c = p.const()
    ka, kb, tf = p.name("Ka"), p.name("Kb"), p.name("tf")
    for k in (ka, kb):
        p.extern(f"struct {k} {{ long long v; {k}(long long a) : v(a * {c} + 1) {{}} virtual ~{k}() {{}} "
                 f"long long get() const {{ return v + 1; }} virtual long long vget() const {{ return v * 2; }} }};")
    p.extern(f"template <class T> inline long long {tf}(T x) {{ T s = x; for (int i = 0; i < 4; i++) s = (T)(s * 3 + (T)i); return (long long)s; }}")
    p.extern(f"inline long long {tf}_inl_a(long long x) {{ return x * {c} - 7; }}")
    p.extern(f"inline long long {tf}_inl_b(long long x) {{ return x * {c} - 7; }}")
    nat = p.name("native_use")
    p.extern(f"long long {nat}(long long x);")
    uses = (f"{{ {ka} a(x); {kb} b(x + 1); {ka} *pa = new {ka}(x); long long r = a.get() + b.get() + pa->vget() + {tf}<int>((int)x) + "
            f"{tf}<unsigned>((unsigned)x) + {tf}_inl_a(x) + {tf}_inl_b(x + 1); delete pa; return r; }}")
    p.native.append(f"long long {nat}(long long x) {uses}\n")
    mine = p.name("module_use")
    p.units[0].append(f"{NOINL} long long {mine}(long long x) {uses}\n")
    p.print_int(f"{nat}(in_a)")
    p.print_int(f"{mine}(in_a)")
    p.main.append(f'  printf("%d\\n", (void *)&{tf}_inl_a == (void *)&{tf}_inl_b);')


FAMILIES = [
    fam_constant, fam_int_type, fam_wrap_flag, fam_call_target, fam_global, fam_static_local,
    fam_struct_layout, fam_param_attr, fam_volatile, fam_atomic, fam_callconv, fam_section_align,
    fam_weak, fam_alias, fam_addr_space, fam_varargs, fam_string, fam_fp, fam_switch, fam_recursion,
    fam_fnptr_arg, fam_byval, fam_sret, fam_vector, fam_computed_goto, fam_setjmp, fam_alloca,
    fam_inline_asm, fam_linkage_mix, fam_builtin_expect, fam_memcpy, fam_bitfield, fam_thunk_chain,
    fam_weak_override, fam_naked, fam_ctor, fam_ifunc, fam_return_address, fam_rings,
]


# --- C++ only families ------------------------------------------------------------------

def cxx_eh(p):
    # landing pads: catch different types, cleanups with destructors
    r = p.r
    e1, e2 = r.sample(["int", "long", "const char *", "double", "unsigned"], 2)
    thrower = p.name("thr")
    p.units[0].append(f"{NOINL} void {thrower}(long long x) {{ if (x & 1) throw ({e1})x; if (x & 2) throw ({e2})x; }}\n")
    p.extern(f"void {thrower}(long long x);")
    dtor = p.name("Guard")
    p.extern(f"struct {dtor} {{ long long *p; ~{dtor}() {{ *p += 1000; }} }};")
    mk = lambda t: (lambda *_: f"  long long r = y;\n  try {{ {dtor} g{{&r}}; {thrower}(x); r += 1; }}\n  catch ({t}) {{ r += 7; }}\n  catch (...) {{ r += 13; }}\n  return r;\n")
    family_simple(p, D(), body_fn=mk(e1), differ_body_fn=mk(e2))


def cxx_template(p):
    # instantiations of one template with types that lower to the same or different IR
    r = p.r
    t = p.name("Tm")
    p.extern(f"template <class T> {NOINL} long long {t}(long long x, long long y) {{ T a = (T)x, b = (T)y; T s = 0; "
             f"for (int i = 0; i < 5; i++) s = (T)(s * a + b - (T)i); return (long long)(s > (T)0 ? s : -s); }}")
    tys = r.sample(["int", "unsigned", "long", "long long", "unsigned long", "short", "char", "signed char", "float", "double"], 4)
    for ty in tys:
        p.print_int(f"{t}<{ty}>(in_a, in_b)")
    if r.random() < 0.5:
        p.print_addr_eq([f"&{t}<{ty}>" for ty in tys], "long long (*)(long long, long long)")


def cxx_virtual(p):
    r = p.r
    b, d1, d2, d3 = p.name("Base"), p.name("Der"), p.name("Der"), p.name("Der")
    c = p.const()
    virt = r.choice(["", "virtual "])
    p.extern(f"struct {b} {{ long long k = 3; virtual ~{b}() {{}} virtual long long f(long long x) {{ return x + k; }} }};")
    p.extern(f"struct {d1} : {virt}{b} {{ long long f(long long x) override {{ return x * {c} + k; }} }};")
    p.extern(f"struct {d2} : {virt}{b} {{ long long f(long long x) override {{ return x * {c} + k; }} }};")
    p.extern(f"struct {d3} : {virt}{b} {{ long long f(long long x) override {{ return x * {c + 1} + k; }} }};")
    mk = p.name("mk")
    p.units[0].append(f"{NOINL} {b} *{mk}(long long i) {{ switch (i % 4) {{ case 0: return new {b}; case 1: return new {d1}; case 2: return new {d2}; default: return new {d3}; }} }}\n")
    p.extern(f"{b} *{mk}(long long i);")
    for i in range(4):
        p.print_int(f"({{ {b} *o = {mk}({i}); long long v = o->f(in_a); delete o; v; }})")


def cxx_lambda_std(p):
    r = p.r
    c = p.const()
    mk = lambda cc: (lambda *_: f"  std::vector<long long> v;\n  for (long long i = 0; i < (x & 15) + 3; i++) v.push_back(i * {cc} + y);\n"
                     f"  std::sort(v.begin(), v.end(), [](long long a, long long b) {{ return a > b; }});\n"
                     f"  std::map<long long, int> m; for (auto e : v) m[e % 7]++;\n  return v[0] + (long long)m.size() * 100;\n")
    family_simple(p, D(), body_fn=mk(c), differ_body_fn=mk(c + 2))


CXX_FAMILIES = [cxx_eh, cxx_template, cxx_virtual, cxx_lambda_std, cxx_comdat_shared]


def generate(seed, cxx):
    r = random.Random(seed * 7919 + (1 if cxx else 0))
    p = Prog(r, cxx)
    fams = FAMILIES + (CXX_FAMILIES * 3 if cxx else [])
    for _ in range(r.randint(18, 30)):
        f = r.choice(fams)
        if not cxx and f in CXX_FAMILIES:
            continue
        if f.__name__ in TARGET.drop_names:
            continue
        if cxx and f in (fam_alias,):
            continue  # alias("name") names a mangled symbol in C++
        f(p)
    inc = "#include <stdio.h>\n#include <stdarg.h>\n" + ("" if "fam_setjmp" in TARGET.drop_names else "#include <setjmp.h>\n")
    if cxx:
        inc += "#include <vector>\n#include <map>\n#include <algorithm>\n"
    hdr = inc + PRELUDE_DECLS + "\n".join(p.header) + "\n"
    if cxx:
        # everything with C linkage would conflict with templates; C++ linkage is fine
        pass
    u0 = hdr + "volatile long long in_a = 37, in_b = -5, in_c = 1234567;\nvoid *volatile in_addr;\n" + "\n".join(p.units[0])
    u0 += "\nint main(void) {\n" + "\n".join(p.main) + "\n  return 0;\n}\n"
    u1 = hdr + "\n".join(p.units[1])
    native = hdr + "\n".join(p.native)
    return u0, u1, native


# --- building and running -----------------------------------------------------------------

def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


class Failure(Exception):
    pass


def build_exe(bc, exe, cxx, native_obj):
    o = bc + ".o"
    res = run(["llc-22", "-O2", "-filetype=obj"] + TARGET.llc_flags() + [bc, "-o", o])
    if res.returncode:
        raise Failure(f"llc failed on {bc}: {res.stderr[-2000:]}")
    res = run(["clang++-22" if cxx else "clang-22"] + TARGET.link_flags() + [o, native_obj, "-o", exe, "-lm"])
    if res.returncode:
        raise Failure(f"link failed on {bc}: {res.stderr[-2000:]}")


def execute(exe):
    try:
        res = subprocess.run(TARGET.command(exe, os.path.dirname(os.path.dirname(exe))), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=20)
        return res.returncode, res.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return "timeout", ""


def verify(ll):
    res = run(["opt-22", "-passes=verify", "-disable-output", ll])
    if res.returncode:
        raise Failure(f"verifier rejects {ll}: {res.stderr[-2000:]}")


def merged_count(report):
    import json
    try:
        with open(report) as f:
            d = json.load(f)
        return d.get("stats", {}).get("functions_merged", d.get("functions_merged"))
    except Exception:
        return None


def check_program(args, seed, olevel, cxx, tally):
    d = os.path.join(args.work, f"s{seed}-{olevel}")
    os.makedirs(d, exist_ok=True)
    ext = "cpp" if cxx else "c"
    u0, u1, native = generate(seed, cxx)
    debug = seed % 3 == 0
    extra = TARGET.flag_set(seed)
    srcs = []
    for i, u in enumerate((u0, u1)):
        path = os.path.join(d, f"u{i}.{ext}")
        with open(path, "w") as f:
            f.write(u)
        srcs.append(path)
    bcs = []
    cc = "clang++-22" if cxx else "clang-22"
    for s in srcs:
        bc = s + ".bc"
        flags = [f"-{olevel}", "-emit-llvm", "-c", "-w"] + TARGET.compile_flags() + (["-g"] if debug else []) + extra
        if cxx:
            flags += ["-std=c++17"]
        else:
            flags += ["-std=gnu11", "-fexceptions"]
        res = run([cc] + flags + [s, "-o", bc])
        if res.returncode:
            raise Failure(f"generator bug: {cc} rejects seed {seed} ({s}):\n{res.stderr[:3000]}")
        bcs.append(bc)
    native_src = os.path.join(d, f"native.{ext}")
    with open(native_src, "w") as f:
        f.write(native)
    native_obj = native_src + ".o"
    res = run([cc, "-O2", "-c", "-w", "-std=c++17" if cxx else "-std=gnu11"] + TARGET.compile_flags() + extra + [native_src, "-o", native_obj])
    if res.returncode:
        raise Failure(f"generator bug: {cc} rejects the native unit of seed {seed}:\n{res.stderr[:3000]}")
    linked = os.path.join(d, "linked.bc")
    res = run(["llvm-link-22"] + bcs + ["-o", linked])
    if res.returncode:
        raise Failure(f"llvm-link failed: {res.stderr[:2000]}")
    builds = {"base": linked}
    optbc = os.path.join(d, "opt.bc")
    res = run(["opt-22", "-passes=mergefunc", linked, "-o", optbc])
    if res.returncode:
        # LLVM's own pass fails on some inputs (e.g. a thunk in a naked function): counted,
        # and our builds are still checked against the unmerged one
        tally["opt_failed"].append(f"seed {seed} -{olevel}: " + (res.stderr.strip().splitlines() or ["?"])[0])
    else:
        builds["opt"] = optbc
    for name, opts in OPTION_SETS.items():
        out = os.path.join(d, f"ours-{name}.bc")
        rep = os.path.join(d, f"ours-{name}.json")
        res = run([args.cli, linked, "-o", out, "--report", rep] + opts)
        if res.returncode:
            tally["errors"].append(f"seed {seed} {olevel} ours:{name}: mergefunc failed (exit {res.returncode}): {res.stderr[-2000:]}")
            continue
        builds[f"ours:{name}"] = out
        tally["merged"][name] = tally["merged"].get(name, 0) + (merged_count(rep) or 0)
    # the output does not depend on the number of threads
    outs = {n: open(builds[f"ours:{n}"], "rb").read() for n in ("default", "t1", "t2") if f"ours:{n}" in builds}
    if len(set(outs.values())) > 1:
        tally["errors"].append(f"seed {seed} {olevel}: NONDETERMINISTIC: --threads 1/2 and the default write different modules")
    results = {}
    for name, bc in builds.items():
        exe = os.path.join(d, name.replace(":", "-") + ".exe")
        try:
            if name != "base":
                verify(bc)
            build_exe(bc, exe, cxx, native_obj)
        except Failure as e:
            if name == "base":
                raise
            if name == "opt":
                # e.g. two new private bodies, both unnamed, under -fsanitize=kcfi: llc
                # defines the symbol `__cfi_` twice
                tally["opt_failed"].append(f"seed {seed} -{olevel}: its output does not build: " + str(e).splitlines()[0])
            else:
                tally["errors"].append(f"seed {seed} -{olevel} {name}: {e}")
            continue
        results[name] = execute(exe)
    if args.plugin:
        # the plugin inside lld's LTO, on the program as the linker sees it (internalized:
        # most functions become local, so merges erase and redirect more); full LTO with
        # every option set's parameters, ThinLTO with the defaults
        objs = []
        for s in srcs:
            o = s + ".lto.o"
            flags = [f"-{olevel}", "-flto", "-c", "-w"] + TARGET.compile_flags() + (["-g"] if debug else []) + extra
            flags += ["-std=c++17"] if cxx else ["-std=gnu11", "-fexceptions"]
            res = run([cc] + flags + [s, "-o", o])
            if res.returncode:
                raise Failure(f"clang -flto failed: {res.stderr[:2000]}")
            objs.append(o)
        thin = []
        for s in srcs:
            o = s + ".thin.o"
            flags = [f"-{olevel}", "-flto=thin", "-c", "-w"] + TARGET.compile_flags() + (["-g"] if debug else []) + extra
            flags += ["-std=c++17"] if cxx else ["-std=gnu11", "-fexceptions"]
            run([cc] + flags + [s, "-o", o])
            thin.append(o)
        links = [("lto-base", objs, None)]
        links += [(f"plugin-lto:{n}", objs, PLUGIN_PARAMS[n]) for n in PLUGIN_SETS]
        links += [("thin-base", thin, None), ("plugin-thin:default", thin, "")]
        for name, os_, params in links:
            exe = os.path.join(d, name.replace(":", "-") + ".exe")
            env = dict(os.environ)
            cmd = [cc, "-O2"] + TARGET.link_flags() + extra + os_ + [native_obj, "-o", exe, "-lm"]
            if params is not None:
                env["MERGEFUNC_PLUGIN_PARAMS"] = params + (";" if params else "") + "verify"
                cmd.append(f"-Wl,--load-pass-plugin={args.plugin}")
            res = run(cmd, env=env)
            if res.returncode:
                tally["errors"].append(f"seed {seed} {olevel} {name}: link failed: {res.stderr[-1500:]}")
                continue
            results[name] = execute(exe)
    base = results["base"]
    if base[0] != 0:
        raise Failure(f"generator bug: the unmerged seed {seed} {olevel} {' '.join(extra)} exits with {base[0]}")
    tally["programs"] += 1
    refs = [n for n in ("lto-base", "thin-base") if n in results]
    tally["builds"] += len(results) - 1 - len(refs)
    bad = False
    for name in refs:
        # LTO without any merge pass may print otherwise than the unmerged module (ThinLTO's
        # GlobalOpt evaluates one unit's constructors without the other unit's of the same
        # priority): noted, not counted; the plugin's builds compare with their own reference
        if results[name] != base:
            tally["lto_notes"].append(f"seed {seed} -{olevel}: {name} (no merge pass) differs from the unmerged build: "
                                      f"{first_diff(base[1], results[name][1])}")
    for name, res in results.items():
        ref = results["lto-base"] if name.startswith("plugin-lto") else \
            results["thin-base"] if name.startswith("plugin-thin") else base
        if name == "base" or name in refs or res == ref:
            continue
        bad = True
        opt_ok = results.get("opt") == base
        if name == "opt":
            kind = "LLVM-WRONG"
        elif "opt" not in results or name.startswith("plugin"):
            kind = "OURS-WRONG"  # no opt-22 build to compare with: ours still has to be right
        else:
            kind = "OURS-WRONG" if opt_ok else "BOTH-WRONG"
        diff = first_diff(ref[1], res[1])
        tally["diffs"].append(f"{kind} seed {seed} {'C++' if cxx else 'C'} -{olevel} {' '.join(extra)} {name}: exit {res[0]} vs {ref[0]}; {diff}; in {d}")
    print(f"seed {seed} {'C++' if cxx else 'C'} -{olevel} {' '.join(extra) or '(no extra flags)'}{' -g' if debug else ''}: "
          f"{len(results) - 1 - len(refs)} merged builds, {'DIFFERENCES' if bad else 'all print what the unmerged build prints'}", flush=True)
    if not bad and not args.keep:
        shutil.rmtree(d)


def first_diff(a, b):
    al, bl = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(al, bl)):
        if x != y:
            return f"line {i + 1}: {x!r} vs {y!r}"
    return f"lengths {len(al)} vs {len(bl)} lines"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1:41")
    ap.add_argument("--opt-levels", default="O0,O1,O2")
    ap.add_argument("--cli")
    ap.add_argument("--work")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--plugin", help="libmergefunc_plugin.so (default: target/release, else target/debug)")
    ap.add_argument("--no-plugin", action="store_true", help="no builds with the plugin in lld's LTO")
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--print", type=int, metavar="SEED", help="print the two units of SEED and exit")
    ap.add_argument("--target", default="x86_64", choices=sorted(TARGETS))
    args = ap.parse_args()
    global TARGET
    TARGET = TARGETS[args.target]
    if not TARGET.plugin:
        args.no_plugin = True
    if args.print is not None:
        u0, u1, native = generate(args.print, args.print % 2 == 1)
        print(u0, "\n// ---- unit 1\n", u1, "\n// ---- native unit\n", native)
        return 0
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    if args.smoke:
        args.seeds, args.opt_levels = "1:4", "O1,O2"
    if not args.cli:
        for prof in ("release", "debug"):
            c = os.path.join(root, "target", prof, "mergefunc")
            if os.path.exists(c):
                args.cli = c
                break
    if args.plugin is None and not args.no_plugin:
        for prof in ("release", "debug"):
            c = os.path.join(root, "target", prof, "libmergefunc_plugin.so")
            if os.path.exists(c):
                args.plugin = c
                break
    if not args.cli or not os.path.exists(args.cli):
        print("error: no mergefunc binary (build it: cargo build --release -p mergefunc-llvm --features llvm)", file=sys.stderr)
        return 2
    own_work = not args.work
    args.work = args.work or tempfile.mkdtemp(prefix="exec-diff-")
    os.makedirs(args.work, exist_ok=True)
    a, b = (int(x) for x in args.seeds.split(":"))
    tally = {"programs": 0, "builds": 0, "diffs": [], "errors": [], "merged": {}, "opt_failed": [], "lto_notes": []}
    failures = []
    for seed in range(a, b):
        if seed % 2 == 1 and not TARGET.cxx:
            continue  # C++ seeds need exceptions and a C++ library the target lacks here
        for ol in args.opt_levels.split(","):
            try:
                check_program(args, seed, ol, seed % 2 == 1, tally)
            except Failure as e:
                failures.append(f"seed {seed} -{ol}: {e}")
    for line in tally["diffs"] + tally["errors"] + failures:
        print(line)
    for line in tally["lto_notes"]:
        print(f"note: {line}")
    for line in tally["opt_failed"]:
        print(f"opt-22 -passes=mergefunc failed (LLVM's bug, not counted as ours): {line}")
    kinds = f"opt-22, {len(OPTION_SETS)} option sets of the command" + \
        (f", the plugin in {len(PLUGIN_SETS)} full-LTO links and 1 ThinLTO link" if args.plugin else "")
    print(f"exec-diff: {tally['programs']} programs for {TARGET.name} ({kinds}); "
          f"{tally['builds']} merged builds ran; merges by option set: "
          + ", ".join(f"{k}={v}" for k, v in sorted(tally['merged'].items())))
    print(f"exec-diff: {len(tally['diffs'])} output differences "
          f"({sum(1 for x in tally['diffs'] if x.startswith('OURS-WRONG'))} ours only, "
          f"{sum(1 for x in tally['diffs'] if x.startswith('LLVM-WRONG'))} LLVM only), "
          f"{len(tally['errors'])} command errors, {len(failures)} harness failures, "
          f"{len(tally['opt_failed'])} opt-22 failures; work dir {args.work}")
    ok = not (tally["diffs"] or tally["errors"] or failures)
    if ok and own_work and not args.keep:
        shutil.rmtree(args.work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
