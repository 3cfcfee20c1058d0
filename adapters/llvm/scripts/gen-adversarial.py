#!/usr/bin/env python3
"""Adversarial input modules for the scaling check against LLVM's pass.

Usage: gen-adversarial.py SHAPE N OUT.ll     (one module)
       gen-adversarial.py --list             (the shapes, one a line)

Each shape grows with N (functions, instructions, call sites, ... as its line in SHAPES
says); `scaling-vs-opt.sh` times `mergefunc --threads 1 --time` against
`opt-22 -passes=mergefunc -time-passes` on growing N and prints the growth exponent of
both. Every module is valid IR that `opt-22 -passes=verify` accepts; the shapes are
meant to put many functions into one class of LLVM's hash (so the comparisons, not the
hashing, decide), to make single functions or single use lists huge, or to stress the
module-wide tables (types, constants, metadata, attributes, names).
"""
import sys

HEADER = 'target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"\ntarget triple = "x86_64-pc-linux-gnu"\n\n'


def body_chain(k, last_const, mid=None, mid_const=0):
    """k arithmetic instructions on %x; constant `last_const` in the last one, and
    optionally `mid_const` at instruction `mid`."""
    out = []
    prev = "%x"
    for i in range(k):
        c = 3 + (i % 7)
        if mid is not None and i == mid:
            c = mid_const
        out.append(f"  %v{i} = mul i64 {prev}, {c}\n")
        prev = f"%v{i}"
    out.append(f"  %r = add i64 {prev}, {last_const}\n  ret i64 %r\n")
    return "".join(out)


def lastdiff(n):
    """n functions of 20 instructions, equal but for the constant of the last one."""
    return "".join(f"define i64 @f{i}(i64 %x) {{\n{body_chain(20, i)}}}\n\n" for i in range(n))


def middiff(n):
    """n functions of 200 instructions, equal but for a constant in the middle."""
    return "".join(f"define i64 @f{i}(i64 %x) {{\n{body_chain(200, 1, mid=100, mid_const=1000 + i)}}}\n\n" for i in range(n))


def hugefn(n):
    """one function of n instructions (and nothing to merge)."""
    return f"define i64 @big(i64 %x) {{\n{body_chain(n, 1)}}}\n\n"


def hugecopies(n):
    """eight copies of one function of n/8 instructions (all merge into one)."""
    b = body_chain(max(1, n // 8), 1)
    return "".join(f"define i64 @c{i}(i64 %x) {{\n{b}}}\n\n" for i in range(8))


def hugenear(n):
    """eight functions of n/8 instructions differing only in the last constant."""
    k = max(1, n // 8)
    return "".join(f"define i64 @c{i}(i64 %x) {{\n{body_chain(k, i)}}}\n\n" for i in range(8))


def callchain(n):
    """two identical chains f_i -> f_{i+1} and g_i -> g_{i+1}; merging the ends makes the
    next pair equal, n times (the re-queue of callers)."""
    out = []
    for p in "fg":
        for i in range(n):
            if i + 1 < n:
                out.append(f"define i64 @{p}{i}(i64 %x) {{\n  %a = add i64 %x, 1\n  %c = call i64 @{p}{i+1}(i64 %a)\n  ret i64 %c\n}}\n\n")
            else:
                out.append(f"define i64 @{p}{i}(i64 %x) {{\n  %a = mul i64 %x, 7\n  ret i64 %a\n}}\n\n")
    return "".join(out)


def rings(n):
    """n/4 rings of four mutually calling functions, all rings alike (cycle mode merges them)."""
    out = []
    for r in range(max(1, n // 4)):
        for j in range(4):
            nxt = (j + 1) % 4
            out.append(
                f"define i64 @r{r}_{j}(i64 %x) {{\n  %t = icmp eq i64 %x, 0\n  br i1 %t, label %z, label %s\n"
                f"z:\n  ret i64 {j}\ns:\n  %a = sub i64 %x, 1\n  %c = call i64 @r{r}_{nxt}(i64 %a)\n  ret i64 %c\n}}\n\n")
    return "".join(out)


def manycallers(n):
    """two equal functions, n callers of the second (the rewrite of its uses)."""
    out = [f"define i64 @a(i64 %x) {{\n{body_chain(10, 5)}}}\n\n", f"define i64 @b(i64 %x) {{\n{body_chain(10, 5)}}}\n\n"]
    for i in range(n):
        out.append(f"define i64 @u{i}(i64 %x) {{\n  %y = add i64 %x, {i}\n  %c = call i64 @b(i64 %y)\n  ret i64 %c\n}}\n\n")
    return "".join(out)


def manycalls1(n):
    """two equal functions; one caller with n calls of the second."""
    out = [f"define i64 @a(i64 %x) {{\n{body_chain(10, 5)}}}\n\n", f"define i64 @b(i64 %x) {{\n{body_chain(10, 5)}}}\n\n",
           "define i64 @u(i64 %x) {\n"]
    prev = "%x"
    for i in range(n):
        out.append(f"  %c{i} = call i64 @b(i64 {prev})\n")
        prev = f"%c{i}"
    out.append(f"  ret i64 {prev}\n}}\n\n")
    return "".join(out)


def vtables(n):
    """n functions in pairs of duplicates, every one in a big global table and in
    constant expressions."""
    out = []
    for i in range(n):
        out.append(f"define i64 @m{i}(ptr %p, i64 %x) {{\n  %a = mul i64 %x, {i // 2 + 2}\n  %b = add i64 %a, 1\n  ret i64 %b\n}}\n\n")
    ents = ", ".join(f"ptr @m{i}" for i in range(n))
    out.append(f"@vt = constant [{n} x ptr] [{ents}]\n")
    ents2 = ", ".join(f"i64 ptrtoint (ptr @m{i} to i64)" for i in range(n))
    out.append(f"@ints = constant [{n} x i64] [{ents2}]\n\n")
    return "".join(out)


def aliases(n):
    """n/2 duplicate pairs, each function with two aliases."""
    out = []
    for i in range(n):
        out.append(f"define i64 @m{i}(i64 %x) {{\n  %a = mul i64 %x, {i // 2 + 2}\n  ret i64 %a\n}}\n\n")
    for i in range(n):
        out.append(f"@al{i} = alias i64 (i64), ptr @m{i}\n@bl{i} = weak alias i64 (i64), ptr @m{i}\n")
    return "".join(out)


def bigswitch(n):
    """four functions with a switch of n cases (pairs equal, pairs differing in the last case)."""
    out = []
    for f in range(4):
        cases = "".join(f"    i64 {i}, label %b{i}\n" for i in range(n))
        blocks = "".join(f"b{i}:\n  br label %e\n" for i in range(n))
        inc = ", ".join(f"[ {i if i + 1 < n else i + (f // 2)}, %b{i} ]" for i in range(n))
        out.append(f"define i64 @s{f}(i64 %x) {{\nentry:\n  switch i64 %x, label %e [\n{cases}  ]\n{blocks}"
                   f"e:\n  %p = phi i64 [ -1, %entry ], {inc}\n  ret i64 %p\n}}\n\n")
    return "".join(out)


def deeptypes(n):
    """a struct type nested n/100 deep, 100 functions on it, and constant expressions
    nested deep in global initializers."""
    d = max(1, n // 100)
    ty = "i64"
    for _ in range(d):
        ty = "{ i32, " + ty + " }"
    out = [f"%T = type {ty}\n"]
    for i in range(100):
        idx = ", ".join(["i32 0"] + ["i32 1"] * d)
        out.append(f"define i64 @g{i}(ptr %p) {{\n  %q = getelementptr %T, ptr %p, {idx}\n  %v = load i64, ptr %q\n"
                   f"  %r = add i64 %v, {i // 2}\n  ret i64 %r\n}}\n\n")
    e = "ptrtoint (ptr @g0 to i64)"
    for i in range(min(d, 200)):
        e = f"add (i64 {e}, i64 {i + 1})"
    out.append(f"@ce = global i64 {e}\n")
    return "".join(out)


def metadata(n):
    """n functions in pairs, each instruction with its own distinct metadata."""
    out = []
    mds = []
    for i in range(n):
        a, b = 2 * i, 2 * i + 1
        out.append(f"define i64 @m{i}(ptr %p) {{\n  %v = load i64, ptr %p, !range !{a}, !noundef !{b}\n"
                   f"  %r = add i64 %v, {i // 2}\n  ret i64 %r\n}}\n\n")
        mds.append(f"!{a} = !{{i64 0, i64 {i + 10}}}\n!{b} = !{{}}\n")
    return "".join(out) + "".join(mds)


ATTRS = ["nounwind", "willreturn", "nosync", "nofree", "norecurse", "mustprogress", "noinline",
         "uwtable", "\"frame-pointer\"=\"all\"", "\"target-cpu\"=\"x86-64\"", "\"no-trapping-math\"=\"true\"",
         "\"stack-protector-buffer-size\"=\"8\""]


def attrs(n):
    """n functions in pairs, each pair with its own attribute group of a dozen attributes."""
    out = []
    for i in range(n):
        out.append(f"define i64 @m{i}(i64 noundef %x) #{i // 2} {{\n  %a = mul i64 %x, 3\n  ret i64 %a\n}}\n\n")
    for g in range((n + 1) // 2):
        out.append(f"attributes #{g} = {{ {' '.join(ATTRS)} \"k{g}\"=\"v{g}\" }}\n")
    return "".join(out)


def longnames(n):
    """n functions in pairs with names of 2,000 characters."""
    pad = "x" * 2000
    return "".join(f"define i64 @{pad}{i}(i64 %x) {{\n  %a = mul i64 %x, {i // 2 + 2}\n  ret i64 %a\n}}\n\n" for i in range(n))


def dupes(n):
    """n functions, all equal (one class, every one merges into the first)."""
    b = body_chain(20, 1)
    return "".join(f"define i64 @d{i}(i64 %x) {{\n{b}}}\n\n" for i in range(n))


def lastpairs(n):
    """n functions in pairs, all in one class of LLVM's hash: each pair differs from the
    others in the constant of its last instruction (n/2 merges among n look-alikes)."""
    return "".join(f"define i64 @f{i}(i64 %x) {{\n{body_chain(20, i // 2)}}}\n\n" for i in range(n))


def comdats(n):
    """n functions folding in pairs, each in a comdat of its own (any linkage)."""
    out = []
    for i in range(n):
        out.append(f"$c{i} = comdat any\n")
    for i in range(n):
        out.append(f"define i64 @c{i}(i64 %x) comdat {{\n  %a = mul i64 %x, {i // 2 + 2}\n  %b = add i64 %a, 1\n  ret i64 %b\n}}\n\n")
    return "".join(out)


def addrtaken(n):
    """two equal functions, the folded one's address taken n times: in n global
    constants of their own and n entries of one table."""
    out = ["define i64 @a(i64 %x) {\n  %v = mul i64 %x, 3\n  %r = add i64 %v, 1\n  ret i64 %r\n}\n\n",
           "define i64 @b(i64 %x) {\n  %v = mul i64 %x, 3\n  %r = add i64 %v, 1\n  ret i64 %r\n}\n\n"]
    out.extend(f"@p{i} = global {{ ptr, i64 }} {{ ptr @b, i64 {i} }}\n" for i in range(n))
    ents = ", ".join(f"ptr getelementptr (i8, ptr @b, i64 {i})" for i in range(n))
    out.append(f"@t = global [{n} x ptr] [{ents}]\n")
    return "".join(out)


def ifuncchain(n):
    """n pairs of exported twins, each called by one link of a caller chain of n, in a
    module with an ifunc whose resolver calls the chain's third link: every rewrite asks
    whether a resolver runs the code (the three pairs it does stay apart). The code a
    resolver runs is walked for every question: resolvers are small (code that runs
    before relocations are done), a resolver calling into k functions costs k a question."""
    out = ["@ifn = ifunc i64 (i64), ptr @res\n\n",
           "define ptr @res() {\n  %v = call i64 @c2(i64 1)\n  ret ptr @g0a\n}\n\n"]
    for k in range(n):
        for s in "ab":
            out.append(f"define i64 @g{k}{s}(i64 %x) {{\n  %y = mul i64 %x, {k + 3}\n"
                       f"  %z = add i64 %y, 1\n  ret i64 %z\n}}\n\n")
    for k in range(n):
        prev = f"  %p = call i64 @c{k - 1}(i64 %x)\n" if k else "  %p = add i64 %x, 0\n"
        out.append(f"define i64 @c{k}(i64 %x) {{\n{prev}  %q = call i64 @g{k}b(i64 %p)\n"
                   f"  %r = call i64 @g{k}a(i64 %q)\n  ret i64 %r\n}}\n\n")
    return "".join(out)


def metawide(n):
    """two functions compared in full (they differ in a flag after the load), each load
    attaching one tuple of n distinct nodes under a chain of 40 tuples (deeper than the
    order's metadata depth limit): the renaming of distinct nodes must stay linear."""
    out = []
    for name, flag in (("f", ""), ("g", "nsw ")):
        out.append(f"define i64 @{name}(ptr %p, i64 %x) {{\n  %v = load i64, ptr %p, !mf.wide !0\n"
                   f"  %r = add {flag}i64 %v, %x\n  ret i64 %r\n}}\n\n")
    out.extend(f'!{k} = !{{!"c{k}", !{k + 1}}}\n' for k in range(40))
    out.append("!40 = !{" + ", ".join(f"!{41 + i}" for i in range(n)) + "}\n")
    out.extend(f'!{41 + i} = distinct !{{!"d{i}"}}\n' for i in range(n))
    return "".join(out)


def metadag(n):
    """n functions in pairs (each pair differs from the others in a constant), every load
    attaching one ring of 16 uniqued tuples with a distinct node and a chord at every
    tuple: 2^32 paths to the order's depth limit, walked once per pair of tuples."""
    out = []
    for i in range(n):
        out.append(f"define i64 @m{i}(ptr %p) {{\n  %v = load i64, ptr %p, !mf.ring !0\n"
                   f"  %r = add i64 %v, {i // 2}\n  ret i64 %r\n}}\n\n")
    for k in range(16):
        d = "distinct " if k == 0 else ""
        out.append(f'!{k} = {d}!{{!"n{k}", !{(k + 1) % 16}, !{(k + 8) % 16}}}\n')
    return "".join(out)


def blockaddrs(n):
    """two equal functions of n blocks, each block storing its own address (a computed
    goto's table built in code): every block address is interned with its block's
    position, and the folded function's are collected for the rewrite."""
    out = []
    for name in ("f", "g"):
        out.append(f"define void @{name}(ptr %slot, i1 %c) {{\nentry:\n  br label %b0\n")
        for i in range(n):
            out.append(f"b{i}:\n  store volatile ptr blockaddress(@{name}, %b{i}), ptr %slot\n"
                       f"  br i1 %c, label %b{i + 1}, label %out\n")
        out.append(f"b{n}:\n  %t = load ptr, ptr %slot\n  indirectbr ptr %t, [label %b0, label %out]\n"
                   "out:\n  ret void\n}\n\n")
    return "".join(out)

def onecomdat(n):
    """n linkonce_odr functions folding in pairs, all in one comdat group (every rewrite
    asks how many members the group has)."""
    out = ["$grp = comdat any\n\n"]
    for i in range(n):
        out.append(f"define linkonce_odr i64 @c{i}(i64 %x) comdat($grp) {{\n  %a = mul i64 %x, {i // 2 + 2}\n"
                   "  %b = add i64 %a, 1\n  ret i64 %b\n}\n\n")
    return "".join(out)


def comdatpairs(n):
    """n linkonce_odr functions in n/2 comdat groups of two; the groups' first members fold
    together, and so do their second members (a group's members stay its members)."""
    out = [f"$g{k} = comdat any\n" for k in range(n // 2)]
    for k in range(n // 2):
        for s, c in (("a", 3), ("b", 5)):
            out.append(f"define linkonce_odr i64 @{s}{k}(i64 %x) comdat($g{k}) {{\n  %v = mul i64 %x, {c}\n"
                       "  %r = add i64 %v, 1\n  ret i64 %r\n}\n\n")
    return "".join(out)


def comdatfew(n):
    """n functions in one comdat group, all different but for 8 pairs of duplicates."""
    out = ["$grp = comdat any\n\n"]
    for i in range(n):
        c = i // 2 if i < 16 else i + 8
        out.append(f"define linkonce_odr i64 @c{i}(i64 %x) comdat($grp) {{\n  %a = mul i64 %x, {c}\n"
                   "  %b = add i64 %a, 1\n  ret i64 %b\n}\n\n")
    return "".join(out)

def dbgvalues(n):
    """n functions in pairs of 20 instructions, each with its own DISubprogram, every
    instruction with its own `!dbg` location and a `#dbg_value` record of its own local
    variable (pairs differ in their last constant's pair number)."""
    out, md = [], []
    md.append('!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!1, !2}\n'
              '!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !3, producer: "gen", isOptimized: true, '
              'runtimeVersion: 0, emissionKind: FullDebug)\n!1 = !{i32 2, !"Debug Info Version", i32 3}\n'
              '!2 = !{i32 7, !"Dwarf Version", i32 5}\n!3 = !DIFile(filename: "g.c", directory: "/tmp")\n'
              '!4 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)\n!5 = !DISubroutineType(types: !{!4, !4})\n')
    nid = 10
    for i in range(n):
        sp = nid = nid + 1
        md.append(f'!{sp} = distinct !DISubprogram(name: "f{i}", scope: !3, file: !3, line: {i + 1}, type: !5, '
                  f'scopeLine: {i + 1}, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, '
                  'unit: !0, retainedNodes: !{})\n')
        lines, prev = [], "%x"
        for j in range(21):
            var, loc = nid + 1, nid + 2
            nid += 2
            md.append(f'!{var} = !DILocalVariable(name: "v{j}", scope: !{sp}, file: !3, line: {j + 2}, type: !4)\n'
                      f'!{loc} = !DILocation(line: {j + 2}, column: 3, scope: !{sp})\n')
            if j < 20:
                lines.append(f"  %v{j} = mul i64 {prev}, {3 + j % 7}, !dbg !{loc}\n"
                             f"    #dbg_value(i64 %v{j}, !{var}, !DIExpression(), !{loc})\n")
                prev = f"%v{j}"
            else:
                lines.append(f"  %r = add i64 {prev}, {i // 2}, !dbg !{loc}\n  ret i64 %r, !dbg !{loc}\n")
        out.append(f"define i64 @f{i}(i64 %x) !dbg !{sp} {{\n{''.join(lines)}}}\n\n")
    return "".join(out + md)


SHAPES = {
    "lastdiff": lastdiff, "middiff": middiff, "hugefn": hugefn, "hugecopies": hugecopies,
    "hugenear": hugenear, "callchain": callchain, "rings": rings, "manycallers": manycallers,
    "manycalls1": manycalls1, "vtables": vtables, "aliases": aliases, "bigswitch": bigswitch,
    "deeptypes": deeptypes, "metadata": metadata, "attrs": attrs, "longnames": longnames,
    "dupes": dupes, "lastpairs": lastpairs, "comdats": comdats, "addrtaken": addrtaken,
    "ifuncchain": ifuncchain, "metawide": metawide, "metadag": metadag, "blockaddrs": blockaddrs,
    "onecomdat": onecomdat, "comdatpairs": comdatpairs, "comdatfew": comdatfew,
    "dbgvalues": dbgvalues,
}


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "--list":
        for name, f in SHAPES.items():
            print(f"{name}\t{f.__doc__.split(chr(10))[0]}")
        return 0
    if len(sys.argv) != 4 or sys.argv[1] not in SHAPES:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[3], "w") as f:
        f.write(HEADER)
        f.write(SHAPES[sys.argv[1]](int(sys.argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
