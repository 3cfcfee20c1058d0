#!/usr/bin/env python3
"""Growth of our pass against LLVM's on the adversarial shapes of gen-adversarial.py.

Usage: scaling-vs-opt.py MERGEFUNC [SHAPE ...] [--sizes A,B,C] [--runs R] [--cycles] [--base OTHER_MERGEFUNC]

For every shape (all by default) and size N (each shape's own three sizes unless
--sizes), writes the module as bitcode into $TMPDIR, then runs `MERGEFUNC IN -o OUT
--threads 1 --time --stats` and `opt-22 -passes=mergefunc -time-passes` alternately R times (3
by default) and prints the medians of CPU time (the machine may be shared): ours (the `pass cpu` of
the `--time --stats` lines), LLVM's
MergeFunctionsPass (user+system), their ratio, and the growth exponent of each between
consecutive sizes (log(t2/t1)/log(N2/N1): 1 is linear, 2 quadratic). With --base a second
build runs in the same alternation (A/B). With --cycles ours runs with --merge-cycles.

This is a check to run by hand (minutes), not a test: CI never runs it. A shape whose
exponent is above LLVM's, or whose ratio at the largest size is above 1/3, is a bug to
chase.
"""
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
GEN = os.path.join(HERE, "gen-adversarial.py")

# Three sizes a shape, chosen so LLVM's pass takes from about 1 ms to some 100 ms.
SIZES = {
    "lastdiff": [2000, 8000, 32000], "middiff": [500, 2000, 8000],
    "hugefn": [25000, 100000, 400000], "hugecopies": [25000, 100000, 400000],
    "hugenear": [25000, 100000, 400000], "callchain": [1000, 4000, 16000],
    "rings": [1000, 4000, 16000], "manycallers": [2000, 8000, 32000],
    "manycalls1": [2000, 8000, 32000], "vtables": [2000, 8000, 32000],
    "aliases": [2000, 8000, 32000], "bigswitch": [1000, 4000, 16000],
    "deeptypes": [2000, 8000, 32000], "metadata": [2000, 8000, 32000],
    "attrs": [2000, 8000, 32000], "longnames": [2000, 8000, 32000],
    "dupes": [2000, 8000, 32000], "lastpairs": [2000, 8000, 32000],
    "comdats": [2000, 8000, 32000], "addrtaken": [2000, 8000, 32000],
    "blockaddrs": [2000, 8000, 32000], "onecomdat": [2000, 8000, 32000],
    "comdatpairs": [2000, 8000, 32000], "comdatfew": [2000, 8000, 32000],
    "dbgvalues": [2000, 8000, 32000],
}

OURS_RE = re.compile(r"pass cpu ([0-9.]+) s")
# The columns: user, system (only when some run had system time), user+system, wall.
OPT_RE = re.compile(r"^((?:\s*[0-9.]+\s*\([^)]*\)){3,4})\s*MergeFunctionsPass")


def run_ours(exe, bc, out, cycles):
    args = [exe, bc, "-o", out, "--threads", "1", "--time", "--stats", "--no-verify"]
    if cycles:
        args.append("--merge-cycles")
    p = subprocess.run(args, capture_output=True, text=True)
    m = OURS_RE.search(p.stderr + p.stdout)
    if p.returncode != 0 or not m:
        raise SystemExit(f"{exe} failed on {bc}: {p.stderr[-400:]}")
    return float(m.group(1)) * 1e3


def run_opt(bc):
    p = subprocess.run(["opt-22", "-passes=mergefunc", "-time-passes", "-disable-output", bc],
                       capture_output=True, text=True)
    for line in (p.stderr + p.stdout).splitlines():
        m = OPT_RE.match(line)
        if m:
            return float(re.findall(r"([0-9.]+)\s*\(", m.group(1))[-2]) * 1e3
    # No line: the pass took under the timer's resolution.
    if p.returncode != 0:
        raise SystemExit(f"opt-22 failed on {bc}: {p.stderr[-400:]}")
    return 0.05


def exponent(n1, t1, n2, t2):
    if t1 <= 0 or t2 <= 0:
        return float("nan")
    return math.log(t2 / t1) / math.log(n2 / n1)


def main():
    argv = sys.argv[1:]
    if not argv or argv[0].startswith("-"):
        print(__doc__, file=sys.stderr)
        return 2
    exe = os.path.abspath(argv.pop(0))
    shapes, sizes, runs, cycles, base = [], None, 3, False, None
    while argv:
        a = argv.pop(0)
        if a == "--sizes":
            sizes = [int(x) for x in argv.pop(0).split(",")]
        elif a == "--runs":
            runs = int(argv.pop(0))
        elif a == "--cycles":
            cycles = True
        elif a == "--base":
            base = os.path.abspath(argv.pop(0))
        else:
            shapes.append(a)
    shapes = shapes or list(SIZES)
    tmp = tempfile.mkdtemp(prefix="mf-scaling-")
    cols = "shape N ours_ms llvm_ms ratio exp_ours exp_llvm" + (" base_ms" if base else "")
    print(cols)
    for shape in shapes:
        prev = None
        for n in sizes or SIZES[shape]:
            ll = os.path.join(tmp, f"{shape}-{n}.ll")
            bc = os.path.join(tmp, f"{shape}-{n}.bc")
            subprocess.run([sys.executable, GEN, shape, str(n), ll], check=True)
            subprocess.run(["opt-22", "-passes=verify", ll, "-o", bc], check=True)
            ours, opt, bas = [], [], []
            for _ in range(runs):
                ours.append(run_ours(exe, bc, os.path.join(tmp, "out.bc"), cycles))
                opt.append(run_opt(bc))
                if base:
                    bas.append(run_ours(base, bc, os.path.join(tmp, "out-base.bc"), cycles))
            o, l = statistics.median(ours), statistics.median(opt)
            row = f"{shape} {n} {o:.2f} {l:.2f} {o / l:.2f}"
            if prev:
                row += f" {exponent(prev[0], prev[1], n, o):.2f} {exponent(prev[0], prev[2], n, l):.2f}"
            else:
                row += " - -"
            if base:
                row += f" {statistics.median(bas):.2f}"
            print(row, flush=True)
            prev = (n, o, l)
            os.remove(ll)
            os.remove(bc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
