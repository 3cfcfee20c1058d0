#!/usr/bin/env python3
"""What the pass plugin costs a clang -O2 build, one translation unit at a time.

Usage: plugin-tu-cost.py PLUGIN COMMANDS [--runs R] [--base OTHER_PLUGIN]

COMMANDS is a file of compile commands, one per line, without `-c` and an output
(`gen-single-tus.sh` writes OUTDIR/tu/compile-commands.txt). Each file is compiled to an
object file, alternating per file and round (R rounds, 3 by default), as:
* `plain`: the command as it is (clang's -O2 pipeline, no merging);
* `plugin`: with `-fpass-plugin=PLUGIN` (the plugin adds mergefunc at OptimizerLastEP);
* `llvm`: with `-Xclang -fmerge-functions` (LLVM 22's MergeFunctionsPass in clang's own
  pipeline: the reference);
* with --base, `base`: with `-fpass-plugin=OTHER_PLUGIN` (A/B of two builds).
Every compile runs with `-ftime-report`, whose pass report gives the merge pass's own CPU
time (user + system; the plugin's pass is the line naming `mergefunc`, LLVM's is
`MergeFunctionsPass`). Printed: per configuration, the medians over rounds of the summed
compile CPU time (the process's user + system) and of the summed pass time, and the
plugin's and LLVM's overhead over `plain`.

A check to run by hand (minutes), never in CI.
"""
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

PASS_RE = re.compile(r"^\s*((?:[0-9.]+\s*\(\s*[0-9.]+%\)\s*){2,4})(.*)$")


def run(cmd, extra, obj):
    """CPU seconds (user + system) of one compile, and the merge pass's CPU seconds."""
    # The child's CPU time: the change of the waited-for children's times around the run.
    before = os.times()
    p = subprocess.run(cmd + extra + ["-ftime-report", "-c", "-o", obj],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    after = os.times()
    err = p.stderr
    if p.returncode != 0:
        raise SystemExit(f"compile failed ({p.returncode}): {shlex.join(cmd + extra)}\n{err[-600:]}")
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    pass_s = 0.0
    for line in err.splitlines():
        m = PASS_RE.match(line)
        if not m:
            continue
        name = m.group(2)
        if "MergeFunctionsPass" in name or "mergefunc" in name.lower():
            cols = re.findall(r"([0-9.]+)\s*\(", m.group(1))
            # [User, [System,]] User+System, Wall (LLVM leaves out columns that are zero
            # in total): the one before the wall time is the pass's CPU time.
            pass_s += float(cols[-2])
    return cpu, pass_s


def main():
    args = sys.argv[1:]
    runs, base = 3, None
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if "--base" in args:
        i = args.index("--base")
        base = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        raise SystemExit(__doc__)
    plugin, commands = args
    cmds = [shlex.split(line) for line in open(commands) if line.strip()]
    configs = [("plain", []), ("plugin", [f"-fpass-plugin={plugin}"]), ("llvm", ["-Xclang", "-fmerge-functions"])]
    if base:
        configs.append(("base", [f"-fpass-plugin={base}"]))
    obj = os.path.join(tempfile.gettempdir(), f"plugin-tu-cost-{os.getpid()}.o")
    sums = {n: ([], []) for n, _ in configs}
    for _ in range(runs):
        acc = {n: [0.0, 0.0] for n, _ in configs}
        for cmd in cmds:
            for n, extra in configs:
                cpu, pass_s = run(cmd, extra, obj)
                acc[n][0] += cpu
                acc[n][1] += pass_s
        for n in acc:
            sums[n][0].append(acc[n][0])
            sums[n][1].append(acc[n][1])
    if os.path.exists(obj):
        os.remove(obj)
    med = {n: (statistics.median(c), statistics.median(p)) for n, (c, p) in sums.items()}
    print(f"{len(cmds)} translation units, clang -O2 -c each, medians of {runs} alternated rounds (sums over files)")
    print("| configuration | compile CPU s | over plain | merge pass CPU ms |")
    print("|---|---|---|---|")
    plain = med["plain"][0]
    for n, _ in configs:
        c, p = med[n]
        print(f"| {n} | {c:.3f} | {100 * (c - plain) / plain:+.2f}% | {1e3 * p:.1f} |")
    if med["llvm"][1] > 0:
        print(f"\nplugin pass / LLVM pass: {med['plugin'][1] / med['llvm'][1]:.2f}")


if __name__ == "__main__":
    main()
