#!/usr/bin/env python3
"""Order independence of the merges, as a property: permuted modules merge the same classes.

Usage: order-permutations.py [--perms N] [--seed S] [--exe PATH] [--stress N] [--deep N]
                             [--modes default,aliases,cycles,drop] [--no-opt] [FILE.ll|DIR ...]
  (no FILE: the corpus, adapters/llvm/tests/corpus/*.ll)

Each module is rewritten N times (default 4) at the text level, each time with:
  - the functions (definitions and declarations) in another order,
  - the global variables, aliases and ifuncs in another order,
  - fresh names for the defined functions and global variables that may be renamed
    (not `main`, not `llvm.*`, not in a comdat, not quoted; every `@name` reference
    follows), in an order unrelated to the old one.
Unnamed globals (`@0`) are named first in every variant, the base included, and
`uselistorder` lines are dropped (they name use positions of the original order).

For every variant and mode (`default`, `--use-aliases`, `--merge-cycles`,
`--drop-differing-attachments`) the command runs with `--threads 1` and `--threads 2`;
its report's merges are read as classes of original function names (union of survivor,
folded function and shared body): which member survives may differ (LLVM's order decides
it too), the classes must not. Every variant must give the classes of the base run with
one thread, and the thread counts must agree. Where opt-22 has the mode (default and
`-mergefunc-use-aliases`), its merged-function count is read from its output (functions
erased, turned into aliases, or into a thunk calling another definition) and compared
with ours on the same variant; a difference present in the base module too is a
documented deviation of the corpus (see `tests/differential.rs`), one appearing only in
a permutation is reported as order-dependent.

`--stress N` adds N modules of llvm-stress-22 functions (seeds repeated, so that some
merge); `--deep N` adds N modules of named structs and constants nested past the
interning's 256 levels. Exit status 1 if any variant's classes differ. Not run by CI:
the corpus takes a few minutes (`tests/order_permutations.rs` runs a small version).
"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
CORPUS = os.path.join(ROOT, "adapters", "llvm", "tests", "corpus")
MODES = {
    "default": ([], []),
    "aliases": (["--use-aliases"], ["-mergefunc-use-aliases"]),
    "cycles": (["--merge-cycles"], None),
    "drop": (["--drop-differing-attachments"], None),
}
IDENT = r"[-a-zA-Z$._0-9]+"
REF = re.compile(r'@(' + IDENT + r')(?![-a-zA-Z$._0-9])')


def entities(text):
    """Top-level entities of a `.ll` text: (kind, text), kind one of 'func', 'global',
    'other' (header, types, comdats, metadata, attributes, comments)."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("define "):
            j = i
            while lines[j] != "}":
                j += 1
            out.append(("func", "\n".join(lines[i:j + 1])))
            i = j + 1
            continue
        if line.startswith("uselistorder"):
            i += 1
            continue
        kind = "func" if line.startswith("declare ") else "global" if line.startswith("@") else "other"
        # Continuation lines (indented, or a closing bracket) belong to the entity above.
        j = i + 1
        while j < len(lines) and lines[j][:1] in (" ", "\t", "]", "}", ")", ">") and kind != "other":
            j += 1
        out.append((kind, "\n".join(lines[i:j])))
        i = j
    return out


def name_of(ent):
    kind, t = ent
    if kind == "func":
        m = re.search(r'@(' + IDENT + r'|"[^"]*")\(', t.split("\n", 1)[0])
        return m.group(1) if m else None
    m = re.match(r'@(' + IDENT + r'|"[^"]*")\s*=', t)
    return m.group(1) if m else None


def renamable(ent, name):
    kind, t = ent
    head = t.split("\n", 1)[0]
    if name is None or name.startswith('"') or name == "main" or name.startswith("llvm."):
        return False
    if kind == "func" and not head.startswith("define "):
        return False  # a declaration names a symbol defined elsewhere
    if " comdat" in head or re.search(r'\bifunc\b', head):
        return False
    return True


def unquote(name):
    """A `.ll` name as the report prints it: `"\\01foo"` is `\x01foo`."""
    if name and name.startswith('"'):
        return re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), name[1:-1])
    return name


def rename(text, mapping):
    return REF.sub(lambda m: "@" + mapping.get(m.group(1), m.group(1)), text)


def unnamed_named(text):
    """Names every numbered global `@N` (`@__unnamed_N`): numbered names must follow
    their order in the text, which the permutation changes."""
    nums = set(m.group(1) for m in re.finditer(r'^(?:define [^@]*|declare [^@]*)?@([0-9]+)\b', text, re.M))
    if not nums:
        return text
    return REF.sub(lambda m: "@__unnamed_" + m.group(1) if m.group(1) in nums else m.group(0), text)


def variant(text, rng, k):
    """The text with functions and globals shuffled and renamed (k = 0: unchanged order
    and names), and the map from its names back to the original ones."""
    text = unnamed_named(text)
    ents = entities(text)
    if k == 0:
        return "\n".join(t for _, t in ents) + "\n", {}
    names = [name_of(e) for e in ents]
    pick = [n for e, n in zip(ents, names) if e[0] in ("func", "global") and renamable(e, n)]
    fresh = [f"p{k}_{i}" for i in range(len(pick))]
    rng.shuffle(fresh)
    mapping = dict(zip(pick, fresh))
    back = {v: o for o, v in mapping.items()}
    funcs = [t for kind, t in ents if kind == "func"]
    globs = [t for kind, t in ents if kind == "global"]
    rng.shuffle(funcs)
    rng.shuffle(globs)
    head, tail, seen_body = [], [], False
    for kind, t in ents:
        if kind in ("func", "global"):
            seen_body = True
        elif kind == "other":
            (tail if seen_body and (t.startswith("!") or t.startswith("attributes")) else head).append(t)
    body = globs + funcs
    return rename("\n".join(head + body + tail) + "\n", mapping), back


def classes(pairs, back, defined):
    """Union of merge pairs, as a sorted list of sorted classes of original names. In a
    renamed variant a name of an original function that is not one of the fresh names
    is a new function (a shared body that took a name freed by the renaming)."""
    renamed_away = set(back.values())
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        parent[find(a)] = find(b)
    groups = {}
    for x in list(parent):
        if x in renamed_away and x not in back:
            continue
        groups.setdefault(find(x), set()).add(back.get(x, x))
    out = []
    for g in groups.values():
        g = sorted(n for n in g if n in defined)
        if len(g) > 1:
            out.append(tuple(g))
    return sorted(out)


def run_ours(exe, path, flags, threads, work):
    rep = os.path.join(work, "r.json")
    out = os.path.join(work, "o.bc")
    p = subprocess.run([exe, path, "-o", out, "--report", rep, "--threads", str(threads)] + flags,
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1:] or ["exit %d" % p.returncode]
    d = json.load(open(rep))
    pairs = []
    for m in d["merges"]:
        pairs.append((m["folded"], m["survivor"]))
        if m.get("shared_body_of"):
            pairs.append((m["shared_body_of"], m["survivor"]))
    return pairs, [m["folded"] for m in d["merges"]]


def folded_count(folded, back, defined):
    """How many of the module's own functions a run folded: the report's records less the
    private bodies a run creates and folds again (two weak twins' shared body, later folded
    into a strong twin, is a record but not a function of the input; opt-22's count, read
    from its output, sees only the input's functions)."""
    renamed_away = set(back.values())
    names = {back.get(x, x) for x in folded if not (x in renamed_away and x not in back)}
    return len(names & defined)


THUNK_OK = re.compile(r"^\s*(%\S+ = )?(tail call|musttail call|call|ret|bitcast|ptrtoint|inttoptr|"
                      r"extractvalue|insertvalue|addrspacecast|unreachable|br |[0-9a-zA-Z_.]+:)")


def opt_folded(in_text, out_text):
    """Functions defined in `in_text` that opt-22's output erased, aliased or made thunks
    of another definition (a body of casts, one call to a defined function and a return,
    that was not that body before)."""
    def bodies(t):
        b = {}
        for kind, e in entities(t):
            if kind == "func" and e.startswith("define "):
                b[name_of(("func", e))] = e
        return b

    before, after = bodies(in_text), bodies(out_text)
    folded = 0
    for n, body in before.items():
        if n not in after:
            folded += 1  # erased, or an alias now
            continue
        lines = [x for x in after[n].split("\n")[1:-1] if x.strip() and not x.strip().startswith(";")]
        calls = [re.search(r"call [^@]*@(" + IDENT + r'|"[^"]*")\(', x) for x in lines]
        callees = [c.group(1) for c in calls if c]
        if (len(callees) == 1 and callees[0] in after and callees[0] != n and all(THUNK_OK.match(x) for x in lines)
                and after[n].split("\n")[1:] != body.split("\n")[1:]):
            folded += 1
    return folded


def run_opt(path, flags, in_text, work):
    p = subprocess.run(["opt-22", "-S", "-passes=mergefunc", path, "-o", "-"] + flags,
                       capture_output=True, text=True)
    if p.returncode != 0:
        return None
    return opt_folded(in_text, p.stdout)


def stress_module(seed, work):
    """A module of llvm-stress-22 functions: three seeds, each twice (renamed)."""
    rng = random.Random(seed)
    parts, header = [], None
    for j, s in enumerate(rng.sample(range(1, 100000), 3) * 2):
        t = subprocess.run(["llvm-stress-22", f"-seed={s}", "-size=40", "-o", "-"],
                           capture_output=True, text=True).stdout
        t = t.replace("@autogen_SD%d(" % s, "@autogen_SD%d_%d(" % (s, j))
        lines = t.splitlines()
        if header is None:
            header = [x for x in lines if x.startswith(("target", "source_filename"))]
        parts.append("\n".join(x for x in lines if not x.startswith(("target", "source_filename", "; ModuleID"))))
    return "\n".join(header + parts) + "\n"


def deep_module(seed):
    """Named congruent structs and constants met first past 256 levels inside a type or
    a constant, then on their own (twins, in both orders)."""
    rng = random.Random(seed)
    n = rng.choice([254, 255, 256, 257])

    def nest(k, inner):
        t = inner
        for _ in range(k):
            t = "[1 x %s]" % t
        return t

    def cnest(k, inner, ty):
        c, t = inner, ty
        for _ in range(k):
            c, t = "[%s %s]" % (t, c), "[1 x %s]" % t
        return t, c

    deep_t = nest(n, "%A")
    ct, cv = cnest(n - 1, "{ ptr @x }", "%A")
    s = ['target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"',
         'target triple = "x86_64-unknown-linux-gnu"', "%A = type { ptr }", "%B = type { ptr }",
         "@x = global i32 0", f"@deepc = global {ct} {cv}"]
    for i in range(2):
        s.append(f"define void @sig{i}(ptr %p, {deep_t} %v) {{\n  store {deep_t} %v, ptr %p\n  ret void\n}}")
        s.append(f"define void @cst{i}(ptr %p) {{\n  store {ct} {cv}, ptr %p\n  ret void\n}}")
    for ty in ("A", "B"):
        s.append(f"define void @f{ty}(ptr %p, %{ty} %a) {{\n  %x = extractvalue %{ty} %a, 0\n  store ptr %x, ptr %p\n"
                 f"  store i32 1, ptr %x\n  ret void\n}}")
        s.append(f"define void @c{ty}(ptr %p) {{\n  store %{ty} {{ ptr @x }}, ptr %p\n  store i32 2, ptr %p\n"
                 f"  ret void\n}}")
        inner = nest(n - 2, "%" + ty)
        s.append(f"define void @m{ty}(ptr %p, ptr %q) {{\n  %v = load {inner}, ptr %p\n  store {inner} %v, ptr %q\n"
                 f"  ret void\n}}")
    return "\n".join(s) + "\n"


def main():
    args = sys.argv[1:]

    def opt(name, default, conv=int):
        if name in args:
            i = args.index(name)
            v = args[i + 1]
            del args[i:i + 2]
            return conv(v)
        return default

    perms = opt("--perms", 4)
    seed = opt("--seed", 1)
    exe = opt("--exe", os.path.join(ROOT, "target", "release", "mergefunc"), str)
    nstress = opt("--stress", 0)
    ndeep = opt("--deep", 0)
    modes = opt("--modes", "default,aliases,cycles,drop", str).split(",")
    use_opt = "--no-opt" not in args
    args = [a for a in args if a != "--no-opt"]
    work = tempfile.mkdtemp(prefix="order-perm-")
    inputs = []
    for a in args or [CORPUS]:
        if os.path.isdir(a):
            inputs += [(f, open(os.path.join(a, f)).read()) for f in sorted(os.listdir(a)) if f.endswith(".ll")]
        else:
            inputs.append((os.path.basename(a), open(a).read()))
    inputs += [(f"stress{i}", stress_module(seed * 1000 + i, work)) for i in range(nstress)]
    inputs += [(f"deep{i}", deep_module(seed * 1000 + i)) for i in range(ndeep)]
    rng = random.Random(seed)
    totals = dict(modules=0, variants=0, runs=0, merges=0, unstable=0, thread_diff=0, failed=0,
                  opt_compared=0, opt_failed=0, opt_base_diff=0, opt_order_diff=0, skipped=0)
    problems = []
    for name, text in inputs:
        try:
            vs = [variant(text, rng, k) for k in range(perms + 1)]
        except (IndexError, ValueError):
            totals["skipped"] += 1
            continue
        totals["modules"] += 1
        paths = []
        for k, (t, back) in enumerate(vs):
            p = os.path.join(work, f"v{k}.ll")
            open(p, "w").write(t)
            paths.append(p)
        defined = set(unquote(name_of(e)) for e in entities(vs[0][0])
                      if e[0] == "func" and e[1].startswith("define "))
        for mode in modes:
            ours_flags, opt_flags = MODES[mode]
            base = None
            opt_base_diff = None
            for k, p in enumerate(paths):
                back = vs[k][1]
                got = {}
                for threads in (1, 2):
                    pairs, n = run_ours(exe, p, ours_flags, threads, work)
                    totals["runs"] += 1
                    if pairs is None:
                        got[threads] = None
                        if k == 0 or base is not None:
                            problems.append(f"{name} v{k} {mode} t{threads}: failed: {n}")
                            totals["failed"] += 1
                        continue
                    got[threads] = (classes(pairs, back, defined), folded_count(n, back, defined))
                if got[1] is None:
                    continue
                if got[1] != got[2]:
                    totals["thread_diff"] += 1
                    problems.append(f"{name} v{k} {mode}: threads 1 and 2 differ: {got[1]} / {got[2]}")
                totals["variants"] += 1
                cls, n = got[1]
                if k == 0:
                    base = cls
                    totals["merges"] += n
                elif base is not None and cls != base:
                    totals["unstable"] += 1
                    gone = sorted(set(base) - set(cls))
                    new = sorted(set(cls) - set(base))
                    problems.append(f"{name} v{k} {mode}: classes differ from the base: only base {gone}, "
                                    f"only v{k} {new}")
                if use_opt and opt_flags is not None:
                    o = run_opt(p, opt_flags, vs[k][0], work)
                    if o is None:
                        totals["opt_failed"] += 1  # opt-22 itself fails (its verifier, a crash)
                        continue
                    totals["opt_compared"] += 1
                    diff = o != n
                    if k == 0:
                        opt_base_diff = diff
                        totals["opt_base_diff"] += diff
                    elif diff and not opt_base_diff:
                        totals["opt_order_diff"] += 1
                        problems.append(f"{name} v{k} {mode}: opt-22 folds {o}, ours {n}, equal on the base")
    for p in problems:
        print(p)
    print(json.dumps(totals))
    subprocess.run(["rm", "-rf", work])
    sys.exit(1 if totals["unstable"] or totals["thread_diff"] or totals["failed"] else 0)


if __name__ == "__main__":
    main()
