#!/usr/bin/env python3
"""Random call-cycle modules with `main`, for the option sweep.

Usage: gen-cycles.py SEED > OUT.ll
       for s in $(seq 1 60); do gen-cycles.py $s > /tmp/c/g$s.ll; done
       adapters/llvm/scripts/option-sweep.sh /tmp/c/*.ll

Each module holds one to three cycle templates (one to three mutually recursive
members, each calling one or two members of its own copy), each copied two or three
times; a copy's member differs from the template in one detail (an opcode, a constant,
a callee, an `nsw`) with probability 0.15, and sometimes calls into another group. The
members get random linkages (external, internal, private, linkonce, linkonce_odr, weak,
weak_odr) and `unnamed_addr`; some are stored in a table. `main` prints what every
member returns, a side-effect counter, and whether table entries of functions that are
not `unnamed_addr` equal each other (addresses an `unnamed_addr` function may share are
not printed). So `--merge-cycles` finds class mates, near misses and interposable or
address-taken members, and any merge that changes behaviour changes the output.
"""
import random
import sys

seed = int(sys.argv[1])
R = random.Random(seed)
links = ["", "internal", "linkonce_odr", "weak", "private", "linkonce", "weak_odr"]
# templates: a cycle structure of s members; member i: op, const, base, callees (relative)
def template(s):
    ms = []
    for i in range(s):
        ncall = R.choice([1, 1, 2])
        callees = [R.randrange(s) for _ in range(ncall)]
        ms.append(dict(op=R.choice(["add", "mul", "xor"]), k=R.randrange(1, 4), b=R.randrange(1, 4), callees=callees,
                       ext=R.random() < 0.3))
    return ms
funcs = []  # (name, member dict, link, unnamed, group index list)
T = R.randrange(1, 4)
for t in range(T):
    s = R.randrange(1, 4)
    tpl = template(s)
    copies = R.randrange(2, 4)
    for c in range(copies):
        base = len(funcs)
        for i, m in enumerate(tpl):
            m = dict(m)
            if R.random() < 0.15:  # perturb one detail
                which = R.choice(["op", "k", "b", "callee", "flag"])
                if which == "op": m["op"] = R.choice(["add", "mul", "xor"])
                elif which == "k": m["k"] = R.randrange(1, 4)
                elif which == "b": m["b"] = R.randrange(1, 4)
                elif which == "callee": m["callees"] = [R.randrange(s) for _ in m["callees"]]
                else: m["nsw"] = True
            m["callees_abs"] = [base + x for x in m["callees"]]
            if R.random() < 0.1 and len(funcs) > 0:  # a call into another group
                m["callees_abs"] = m["callees_abs"] + [R.randrange(len(funcs) + 1)]
            link = R.choice(links) if R.random() < 0.5 else ""
            ua = R.random() < 0.4
            funcs.append((f"f{t}_{c}_{i}", m, link, ua))
# fix callees beyond range
n = len(funcs)
out = ['target triple = "x86_64-unknown-linux-gnu"', 'declare i32 @printf(ptr, ...)',
       '@fmt = private constant [4 x i8] c"%d\\0A\\00"', '@depth = global i32 0']
addr_taken = [i for i in range(n) if R.random() < 0.3]
if addr_taken:
    out.append(f"@tab = global [{len(addr_taken)} x ptr] [" + ", ".join(f"ptr @{funcs[i][0]}" for i in addr_taken) + "]")
for idx, (name, m, link, ua) in enumerate(funcs):
    ua_s = " unnamed_addr" if ua else ""
    lines = [f"define {link} i32 @{name}(i32 %x){ua_s} {{",
             "  %c = icmp slt i32 %x, 1", "  br i1 %c, label %base, label %rec", "rec:", "  %d = sub i32 %x, 1", "  %acc0 = add i32 0, 0"]
    for j, cal in enumerate(m["callees_abs"]):
        cal = min(cal, n - 1)
        lines.append(f"  %v{j} = call i32 @{funcs[cal][0]}(i32 %d)")
        lines.append(f"  %acc{j+1} = add i32 %acc{j}, %v{j}")
    last = f"%acc{len(m['callees_abs'])}"
    fl = " nsw" if m.get("nsw") else ""
    lines.append(f"  %w = {m['op']}{fl if m['op'] != 'xor' else ''} i32 {last}, {m['k']}")
    if m["ext"]:
        lines.append("  %dd = load i32, ptr @depth")
        lines.append("  %dd1 = add i32 %dd, 1")
        lines.append("  store i32 %dd1, ptr @depth")
    lines += ["  ret i32 %w", "base:", f"  ret i32 {m['b']}", "}"]
    out += lines
# main: call each externally visible; print results, then address compares of non-unnamed pairs
out.append("define i32 @main() {")
for idx, (name, m, link, ua) in enumerate(funcs):
    out.append(f"  %r{idx} = call i32 @{name}(i32 4)")
    out.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i32 %r{idx})")
out.append("  %dep = load i32, ptr @depth")
out.append("  call i32 (ptr, ...) @printf(ptr @fmt, i32 %dep)")
for a in range(len(addr_taken)):
    for b in range(a + 1, len(addr_taken)):
        fa, fb = funcs[addr_taken[a]], funcs[addr_taken[b]]
        if fa[3] or fb[3]:
            continue
        out.append(f"  %pa{a}_{b} = getelementptr [{len(addr_taken)} x ptr], ptr @tab, i64 0, i64 {a}")
        out.append(f"  %la{a}_{b} = load ptr, ptr %pa{a}_{b}")
        out.append(f"  %e{a}_{b} = icmp eq ptr %la{a}_{b}, @{fb[0]}")
        out.append(f"  %z{a}_{b} = zext i1 %e{a}_{b} to i32")
        out.append(f"  call i32 (ptr, ...) @printf(ptr @fmt, i32 %z{a}_{b})")
out.append("  ret i32 0")
out.append("}")
print("\n".join(out))
