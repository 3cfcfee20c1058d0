#!/usr/bin/env python3
"""Our pass against LLVM's on many small modules, one per translation unit (the pass
plugin's case in a clang -O2 build: every file on its own, no llvm-link).

Usage: per-tu-vs-opt.py MERGEFUNC DIR [--runs R] [--base OTHER_MERGEFUNC] [--no-callgrind]
                       [--max-ratio X]

For every `.bc`/`.ll` file of DIR (sorted), prints per file, and summed per group (the
name up to the first `-`, e.g. `zlib-inflate.bc` is in `zlib`) and over all files:
* instructions executed (callgrind): ours with `--threads 1` from the module facts to
  the last rewrite (`LlvmModule::from_raw` and `merge_module`: the `pass cpu` of
  `--time --stats`), LLVM's `MergeFunctionsPass::runOnModule`, and their ratio. Exact and
  repeatable: on modules this small LLVM's `-time-passes` has 0.1 ms steps;
* the sum over all files of the pass CPU time, ours (`pass cpu`) against LLVM's
  (`-time-passes` user+system), R alternated rounds (3 by default), the median round;
* the defined functions left by ours and by opt-22 (a cheap check of the same merges).
With --base a second build is counted and timed the same way (A/B). `--runs 0` skips the
timing. The fixed cost per run is printed too: our instructions on the file where ours are
fewest (a module of one or a few functions) against LLVM's there.

`--max-ratio X` makes it a regression check of the fixed cost: the exit status is 1 when
the instruction ratio summed over all files exceeds X (instruction counts do not move
between runs or machines with the same LLVM; the corpus: `gen-single-tus.sh`).

A check to run by hand (minutes), never in CI. Ratios above 1/3 are issue #34's class.
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile

OURS_RE = re.compile(r"pass cpu ([0-9.]+) s")
OPT_RE = re.compile(r"^((?:\s*[0-9.]+\s*\([^)]*\)){3,4})\s*MergeFunctionsPass")


def callgrind(cmd, toggles):
    with tempfile.NamedTemporaryFile(suffix=".cg") as f:
        args = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={f.name}"]
        args += [f"--toggle-collect={t}" for t in toggles]
        p = subprocess.run(args + cmd, capture_output=True, text=True)
    m = re.search(r"Collected : ([0-9,]+)", p.stderr)
    if p.returncode != 0 or not m:
        raise SystemExit(f"callgrind failed: {cmd}: {p.stderr[-400:]}")
    return int(m.group(1).replace(",", ""))


def ours_cmd(exe, path, out):
    return [exe, path, "-o", out, "--threads", "1", "--no-verify"]


def run_ours(exe, path, out):
    p = subprocess.run(ours_cmd(exe, path, out) + ["--time", "--stats"], capture_output=True, text=True)
    m = OURS_RE.search(p.stderr + p.stdout)
    if p.returncode != 0 or not m:
        raise SystemExit(f"{exe} failed on {path}: {p.stderr[-400:]}")
    return float(m.group(1)) * 1e3


def run_opt(path):
    p = subprocess.run(["opt-22", "-passes=mergefunc", "-time-passes", "-disable-output", path],
                       capture_output=True, text=True)
    for line in p.stderr.splitlines():
        m = OPT_RE.match(line)
        if m:
            cols = re.findall(r"([0-9.]+)\s*\(", m.group(1))
            return float(cols[-2]) * 1e3
    raise SystemExit(f"no MergeFunctionsPass line for {path}")


def defined(path):
    text = subprocess.run(["llvm-dis-22", path, "-o", "-"], capture_output=True, text=True).stdout
    return sum(1 for line in text.splitlines() if line.startswith("define "))


def main():
    args = sys.argv[1:]
    runs, base, cg, max_ratio = 3, None, True, None
    if "--max-ratio" in args:
        i = args.index("--max-ratio")
        max_ratio = float(args[i + 1])
        del args[i:i + 2]
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if "--base" in args:
        i = args.index("--base")
        base = args[i + 1]
        del args[i:i + 2]
    if "--no-callgrind" in args:
        args.remove("--no-callgrind")
        cg = False
    if len(args) != 2:
        raise SystemExit(__doc__)
    exe, d = args
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith((".bc", ".ll")))
    builds = [("ours", exe)] + ([("base", base)] if base else [])
    failed = False
    out = os.path.join(tempfile.gettempdir(), f"per-tu-{os.getpid()}.bc")
    optout = os.path.join(tempfile.gettempdir(), f"per-tu-opt-{os.getpid()}.bc")
    groups = {}
    fewest = None  # (ours instructions, LLVM's, file name) where ours are fewest
    if cg:
        head = " | ".join(f"{n} Minstr" for n, _ in builds)
        print(f"| file | fns left (ours/opt) | {head} | LLVM Minstr | " +
              " | ".join(f"ratio {n}" for n, _ in builds) + " |")
        print("|---" * (3 + 2 * len(builds)) + "|")
    for path in files:
        name = os.path.basename(path)
        group = name.split("-")[0]
        g = groups.setdefault(group, {"llvm": 0, "files": 0, **{n: 0 for n, _ in builds}})
        g["files"] += 1
        if not cg:
            continue
        counts = {}
        for n, e in builds:
            counts[n] = callgrind(ours_cmd(e, path, out), ["*LlvmModule*from_raw*", "*driver::merge_module*"])
            g[n] += counts[n]
        subprocess.run(ours_cmd(exe, path, out), check=True, capture_output=True)
        subprocess.run(["opt-22", "-passes=mergefunc", path, "-o", optout], check=True)
        left = f"{defined(out)}/{defined(optout)}"
        llvm = callgrind(["opt-22", "-passes=mergefunc", path, "-o", "/dev/null"],
                         ["*MergeFunctionsPass::runOnModule*"])
        g["llvm"] += llvm
        if fewest is None or counts["ours"] < fewest[0]:
            fewest = (counts["ours"], llvm, name)
        cells = " | ".join(f"{counts[n] / 1e6:.3f}" for n, _ in builds)
        ratios = " | ".join(f"{counts[n] / llvm:.2f}" for n, _ in builds)
        print(f"| {name} | {left} | {cells} | {llvm / 1e6:.3f} | {ratios} |", flush=True)
    if cg:
        print()
        print("| group | files | " + " | ".join(f"{n} Minstr" for n, _ in builds) + " | LLVM Minstr | " +
              " | ".join(f"ratio {n}" for n, _ in builds) + " |")
        print("|---" * (3 + 2 * len(builds)) + "|")
        total = {"llvm": 0, "files": 0, **{n: 0 for n, _ in builds}}
        for group, g in sorted(groups.items()) + [("all", total)]:
            if group != "all":
                for k in total:
                    total[k] += g[k]
            cells = " | ".join(f"{g[n] / 1e6:.2f}" for n, _ in builds)
            ratios = " | ".join(f"**{g[n] / g['llvm']:.2f}**" for n, _ in builds)
            print(f"| {group} | {g['files']} | {cells} | {g['llvm'] / 1e6:.2f} | {ratios} |")
        print()
        print(f"fixed cost per run: ours {fewest[0]:,} instructions on {fewest[2]} (the fewest), "
              f"LLVM {fewest[1]:,} there ({fewest[0] / fewest[1]:.1f}x)")
        ratio = total["ours"] / total["llvm"]
        if max_ratio is not None and ratio > max_ratio:
            print(f"FAIL: summed instruction ratio {ratio:.3f} > {max_ratio}")
            failed = True
    if runs <= 0:
        for p in (out, optout):
            if os.path.exists(p):
                os.remove(p)
        sys.exit(1 if failed else 0)
    # Time: the sum over every file of one round, R alternated rounds.
    sums = {n: [] for n, _ in builds}
    sums["llvm"] = []
    for _ in range(runs):
        acc = {k: 0.0 for k in sums}
        for path in files:
            acc["llvm"] += run_opt(path)
            for n, e in builds:
                acc[n] += run_ours(e, path, out)
        for k in sums:
            sums[k].append(acc[k])
    med = {k: statistics.median(v) for k, v in sums.items()}
    print()
    print(f"pass CPU summed over {len(files)} files, median of {runs} rounds: LLVM {med['llvm']:.3f} ms, " +
          ", ".join(f"{n} {med[n]:.3f} ms (ratio {med[n] / med['llvm']:.2f})" for n, _ in builds))
    for p in (out, optout):
        if os.path.exists(p):
            os.remove(p)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
