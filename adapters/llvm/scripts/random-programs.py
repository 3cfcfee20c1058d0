#!/usr/bin/env python3
"""Random C programs (csmith 2.3) with duplicated and near-duplicated function families,
built by clang-22 unmerged and merged, and run: every merged build must print what the
unmerged build prints.

Usage: random-programs.py [--seeds N] [--first S] [--quick] [--shapes twin,near,extern]
                          [--levels O0,O1,O2,O3,Os] [--modes tu,lto,thin,g,shared,m32]
                          [--sets default,aliases,cycles,drop,pdi,all] [--cli PATH]
                          [--plugin PATH] [--work DIR] [--keep] [--timeout SECONDS]

`--seeds 6 --quick` takes under a minute (one shape, one level and one mode per seed, the
default and `all` option sets: 25 s on a shared 2-core machine at load 6); the full sweep
(the default) about 10 s a seed there. Not run by CI (too slow); docs/soundness-audit.md
says what it ran and found. csmith and its headers (Debian's csmith and libcsmith-dev, /usr/include/csmith)
are installed with apt-get when missing; `-m32` needs libc6-dev-i386 (installed too).

Each seed S is one csmith program (`csmith --seed S`), made into a program with two copies
of its functions, `a_func_N` and `b_func_N`, and of its `main` (`a_main`, `b_main`), over
one set of globals and struct types: a driver `main` runs each copy in a child process of
its own (fork), so each starts from the initial globals, and prints each copy's checksum
and exit status. The copies are, by shape:

  twin    exact twins (static functions): every function of b equals its twin in a, so
          every one folds (erased, or a thunk where its address is taken);
  near    b with one change in one function (a constant, a safe-math operator, a
          comparison or logical operator, an integer width or `volatile` on a local,
          another field of a struct): the changed function and its callers differ from
          their twins, the rest still fold;
  extern  twin with external functions (thunks, aliases under `--use-aliases`); clang
          inlines static functions called once from -O1 on, external ones keep their
          bodies, so most merges past -O0 are of these shapes;
  near-extern  near with external functions.

The program is then built in one mode at one level (`-OL`), both rotated over the seeds
(every tenth seed also builds the extern shape in the tu mode at the other levels, unless
--quick):

  tu      one translation unit: `clang-22 -OL -emit-llvm` (the module to merge), then the
          merged module compiled and linked by `clang-22 -OL`; plus the plugin in clang
          (`-fpass-plugin`, OptimizerLastEP; not at -O0);
  lto     copies a and b in two translation units (globals defined in a's), `-flto`:
          llvm-link-22 of the two units' bitcode is the module to merge; plus lld's
          full-LTO link with the plugin (`-Wl,--load-pass-plugin`);
  thin    the same two units with `-flto=thin`, the plugin in every ThinLTO backend
          (against the ThinLTO link without it);
  g       `tu` with `-g`;
  shared  both copies in a `-fPIC -shared` library, the driver in an executable;
  m32     `tu` for i686 (`-m32`), natively.

Every merge of the command must join two bodies that read the same in the unmerged module
(real-programs.py's `unexplained_merges`: names, linkage, debug locations and the like set
aside); a mutated function merged with its twin is reported unless the change is gone from
the optimized body. Builds: `base` (unmerged), `opt` (`opt-22 -passes=mergefunc`), `cli:SET` (the command
under each option set), `plugin:SET` (the pass plugin, where the mode has one). A merged
module must pass the verifier; a build whose bitcode equals one already run is not run
again (it is the same program). Seeds whose base build does not finish in --timeout
seconds (csmith programs may loop for long), in which a copy is killed by a signal
(undefined behaviour a mutation added) or that does not compile are skipped. Prints one
line per seed and build with its merge count, and a summary; exits 1 if any output
differs or any build fails. Merge counts: the command's and the plugin's reports;
opt-22's read from its output (real-programs.py's `opt_merges`, a lower bound).
"""
import argparse
import glob
import hashlib
import importlib.util
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
CSMITH_INC = "/usr/include/csmith"

OPTION_SETS = {
    "default": ([], ""),
    "aliases": (["--use-aliases"], "use-aliases"),
    "cycles": (["--merge-cycles"], "merge-cycles"),
    "drop": (["--drop-differing-attachments"], "drop-differing-attachments"),
    "pdi": (["--preserve-debug-info"], "preserve-debug-info"),
    "all": (["--merge-cycles", "--use-aliases", "--drop-differing-attachments", "--preserve-debug-info"],
            "merge-cycles;use-aliases;drop-differing-attachments;preserve-debug-info"),
}
LEVELS = ["O0", "O1", "O2", "O3", "Os"]
MODES = ["tu", "lto", "thin", "g", "shared", "m32"]
SHAPES = ["twin", "near", "extern", "near-extern"]


def _real_programs():
    spec = importlib.util.spec_from_file_location("real_programs", os.path.join(HERE, "real-programs.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def run(cmd, timeout=None, **kw):
    try:
        return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return None


def apt_install(packages):
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    r = run(["apt-get", "install", "-y", "-q"] + packages, env=env)
    if r is None or r.returncode:
        raise SystemExit(f"error: needs: apt-get install {' '.join(packages)}")


def install_tools(modes):
    if not shutil.which("csmith"):
        apt_install(["csmith"])
    if not os.path.exists(os.path.join(CSMITH_INC, "csmith.h")):
        apt_install(["libcsmith-dev"])
    if "m32" in modes and not os.path.exists("/usr/include/i386-linux-gnu/gnu/stubs-32.h") and \
            not os.path.exists("/usr/i686-linux-gnu"):
        r = run(["clang-22", "-m32", "-x", "c", "-", "-o", "/dev/null"], input=b"int main(void){return 0;}")
        if r is None or r.returncode:
            apt_install(["libc6-dev-i386", "lib32gcc-12-dev"])


# ---------------------------------------------------------------- the program's source

SECTION = re.compile(r"^/\* --- (Struct/Union Declarations|GLOBAL VARIABLES|FORWARD DECLARATIONS|FUNCTIONS) --- \*/$", re.M)
MAIN = re.compile(r"^/\* -+ \*/\nint main \(int argc, char\* argv\[\]\)\n", re.M)


class Program:
    """A csmith program cut into its sections: struct types, globals, prototypes,
    functions and the body of `main` (from its opening brace)."""

    def __init__(self, text):
        parts = SECTION.split(text)
        # ['header', name, body, name, body, ...]
        sec = dict(zip(parts[1::2], parts[2::2]))
        self.structs = sec["Struct/Union Declarations"]
        self.globals = sec["GLOBAL VARIABLES"]
        self.protos = sec["FORWARD DECLARATIONS"]
        funcs = sec["FUNCTIONS"]
        m = MAIN.search(funcs)
        self.funcs, self.main = funcs[:m.start()], funcs[m.end():]


def copy_of(prog, prefix, external):
    """The program's functions and main renamed with `prefix` (`func_N` ->
    `PREFIX_func_N`, `main` -> `PREFIX_main`); with `external`, the functions lose
    `static`."""
    def ren(s):
        s = re.sub(r"\bfunc_(\d+)\b", prefix + r"_func_\1", s)
        if external:
            s = re.sub(r"(?m)^static ((?:const )?(?:volatile )?[^\n(]*\b" + prefix + r"_func_\d+\()", r"\1", s)
        return s
    return ren(prog.protos), ren(prog.funcs), f"int {prefix}_main (int argc, char* argv[])\n" + ren(prog.main)


def extern_globals(globals_text):
    """(definitions, declarations) of the globals for two units: the definitions without
    `static`, the declarations `extern` without initializers; None when a line is not
    one csmith global."""
    defs, decls = [], []
    for line in globals_text.splitlines():
        if not line.strip() or line.startswith("/*"):
            continue
        m = re.match(r"^static (.*?) = .*;(/\*.*\*/)?$", line)
        if not m:
            return None
        defs.append(line[len("static "):])
        decls.append(f"extern {m.group(1)};")
    return "\n".join(defs) + "\n", "\n".join(decls) + "\n"


DRIVER = r"""
#include <stdio.h>
#include <unistd.h>
#include <sys/wait.h>
int a_main(int argc, char *argv[]);
int b_main(int argc, char *argv[]);
static void run_copy(const char *name, int (*copy)(int, char **), int argc, char **argv) {
    fflush(stdout);
    pid_t p = fork();
    if (p == 0) {
        printf("%s: ", name);
        int r = copy(argc, argv);
        fflush(stdout);
        _exit(r);
    }
    int st = 0;
    waitpid(p, &st, 0);
    printf("%s: exit %d\n", name, WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st));
}
int main(int argc, char *argv[]) {
    run_copy("a", a_main, argc, argv);
    run_copy("b", b_main, argc, argv);
    return 0;
}
"""

HEAD = '#include "csmith.h"\n'


# ---------------------------------------------------------------- near twins

def mutations(funcs):
    """Every one-place change of the functions' text csmith writes: (description,
    start, end, replacement)."""
    out = []
    lines = funcs.splitlines(keepends=True)
    pos = 0
    for line in lines:
        body = not re.match(r"^(static |\S)", line)  # indented lines are bodies
        if body and "for (" not in line:
            for m in re.finditer(r"(?<!\*\))(?<![\w\[.])(0x[0-9A-Fa-f]+|[0-9]+)(UL|L|LL|ULL|U)?\b", line):
                v = m.group(1)
                new = hex(int(v, 16) ^ 1).upper().replace("0X", "0x") if v.startswith("0x") else str(int(v) + 1)
                out.append((f"constant {v}->{new}", pos + m.start(1), pos + m.end(1), new))
            for a, b in (("safe_add_func", "safe_sub_func"), ("safe_sub_func", "safe_add_func"),
                         ("safe_mul_func", "safe_add_func"), ("safe_lshift_func", "safe_rshift_func"),
                         ("safe_rshift_func", "safe_lshift_func"), ("safe_mod_func", "safe_div_func"),
                         ("safe_div_func", "safe_mod_func"), (" && ", " || "), (" || ", " && "),
                         (" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > "),
                         (" == ", " != "), (" != ", " == "), (" | ", " ^ "), (" ^ ", " | "), (" & ", " | ")):
                for m in re.finditer(re.escape(a), line):
                    out.append((f"operator {a.strip()}->{b.strip()}", pos + m.start(), pos + m.end(), b))
            for m in re.finditer(r"\.f(\d+)\b", line):
                n = int(m.group(1))
                new = f".f{n + 1 if n == 0 else n - 1}"
                out.append((f"field .f{n}->{new[1:]}", pos + m.start(), pos + m.end(), new))
        m = re.match(r"^(\s+)((?:const )?)(u?int)(8|16|32|64)(_t l_\d+ = )", line)
        if m:
            w = {"8": "16", "16": "32", "32": "64", "64": "32"}[m.group(4)]
            s = pos + m.start(4)
            out.append((f"width {m.group(3)}{m.group(4)}->{w}", s, s + len(m.group(4)), w))
            s = pos + m.start(2)
            out.append(("volatile local", s, s, "volatile "))
        pos += len(line)
    return out


# ---------------------------------------------------------------- builds

class Seed:
    def __init__(self, args, seed, shape, level, mode):
        self.args, self.seed, self.shape, self.level, self.mode = args, seed, shape, level, mode
        self.dir = os.path.join(args.work, f"s{seed}-{shape}-{level}-{mode}")
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(self.dir)
        self.cflags = [f"-{level}", "-w", "-I", CSMITH_INC] + (["-m32"] if mode == "m32" else []) + \
            (["-g"] if mode == "g" else [])
        self.lines, self.failures, self.runs, self.builds = [], [], 0, 0
        self.merges = {}
        self.note = ""

    def path(self, name):
        return os.path.join(self.dir, name)

    def sh(self, cmd, what, timeout=300, **kw):
        r = run(cmd, timeout=timeout, **kw)
        if r is None or r.returncode:
            err = "timeout" if r is None else r.stderr.decode(errors="replace")[-1500:]
            self.failures.append(f"{what}: FAILED: {' '.join(cmd)}\n{err}")
            return False
        return True

    def execute(self, exe):
        """The run's status and output; "timeout" when it does not finish. The program
        runs in a process group of its own, killed whole on a timeout (the copies run in
        forked children, which would outlive their parent)."""
        self.runs += 1
        p = subprocess.Popen([exe], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=self.dir,
                             start_new_session=True)
        try:
            out, err = p.communicate(timeout=self.args.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
            return "timeout"
        finally:
            try:
                os.killpg(p.pid, signal.SIGKILL)  # a copy left behind by its parent
            except ProcessLookupError:
                pass
        return f"status {p.returncode}\n" + out.decode(errors="replace") + err.decode(errors="replace")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def sources(s, prog):
    """Writes the seed's sources: {unit name: path}, for its mode (two units for lto and
    thin, the library and the driver for shared, one unit otherwise). None when the
    program cannot be split."""
    ext = s.shape in ("extern", "near-extern")
    pa, fa, ma = copy_of(prog, "a", ext)
    pb, fb, mb = copy_of(prog, "b", ext)
    if s.shape.startswith("near"):
        rng = random.Random(s.seed)
        # a kind first (constants outnumber the rest), then a change of that kind
        kinds = {}
        for c in mutations(fb):
            kinds.setdefault(c[0].split()[0], []).append(c)
        cands = []
        for k in rng.sample(sorted(kinds), len(kinds)):
            cands += rng.sample(kinds[k], min(3, len(kinds[k])))
        for desc, a, b, new in cands[:12]:
            fb2 = fb[:a] + new + fb[b:]
            text = HEAD + prog.structs + prog.globals + pa + pb + fa + fb2 + ma + mb
            r = run(["clang-22", "-fsyntax-only", "-w", "-I", CSMITH_INC, "-x", "c", "-"], input=text.encode())
            if r is not None and not r.returncode:
                fn = re.findall(r"b_func_\d+", fb[:a])
                s.note = f"{desc} in {fn[-1] if fn else '?'}"
                fb = fb2
                break
        else:
            return "no mutation compiles"
    if s.mode in ("lto", "thin"):
        split = extern_globals(prog.globals)
        if split is None:
            return "globals not splittable"
        defs, decls = split
        write(s.path("a.c"), HEAD + prog.structs + defs + pa + fa + ma)
        write(s.path("b.c"), HEAD + prog.structs + decls + pb + fb + mb)
        write(s.path("main.c"), DRIVER)
        return {"a": s.path("a.c"), "b": s.path("b.c"), "main": s.path("main.c")}
    if s.mode == "shared":
        write(s.path("lib.c"), HEAD + prog.structs + prog.globals + pa + pb + fa + fb + ma + mb)
        write(s.path("main.c"), DRIVER)
        return {"lib": s.path("lib.c"), "main": s.path("main.c")}
    write(s.path("prog.c"), HEAD + prog.structs + prog.globals + pa + pb + fa + fb + ma + mb + DRIVER)
    return {"prog": s.path("prog.c")}


def plugin_env(params, report):
    return dict(os.environ, MERGEFUNC_PLUGIN_PARAMS=f"{params}{';' if params else ''}verify;report={report}")


def report_merges(paths):
    n, found = 0, False
    for p in paths:
        try:
            with open(p) as f:
                n += json.load(f).get("stats", {}).get("functions_merged", 0)
                found = True
        except (OSError, ValueError):
            pass
    return n if found else None


def build_seed(s, prog, rp):
    """Builds and runs the seed's program in every build; fills s.lines and s.failures."""
    srcs = sources(s, prog)
    if isinstance(srcs, str):
        s.lines.append(f"skipped: {srcs}")
        return
    cc = ["clang-22"] + s.cflags
    shared = s.mode == "shared"
    # the module to merge
    if s.mode in ("lto", "thin"):
        lto = "-flto" if s.mode == "lto" else "-flto=thin"
        for u in ("a", "b"):
            if not s.sh(cc + [lto, "-c", srcs[u], "-o", s.path(u + ".o")], f"compile {u}"):
                return
        if not s.sh(cc + ["-c", srcs["main"], "-o", s.path("main.o")], "compile main"):
            return
        if not s.sh(["llvm-link-22", s.path("a.o"), s.path("b.o"), "-o", s.path("base.bc")], "llvm-link"):
            return
    else:
        unit = srcs["lib"] if shared else srcs["prog"]
        if not s.sh(cc + (["-fPIC"] if shared else []) + ["-emit-llvm", "-c", unit, "-o", s.path("base.bc")],
                    "compile"):
            return
        if shared and not s.sh(cc + ["-c", srcs["main"], "-o", s.path("main.o")], "compile main"):
            return

    def link(objs, exe, extra=(), env=None):
        if shared:
            lib = exe + ".so"
            return s.sh(cc + ["-fPIC", "-shared", "-fuse-ld=lld"] + objs + list(extra) + ["-o", lib], f"link {exe}",
                        env=env) and \
                s.sh(cc + ["-fuse-ld=lld", s.path("main.o"), lib, f"-Wl,-rpath,{s.dir}", "-o", exe], f"link {exe}")
        # lto, thin: every external function stays visible (--export-dynamic), as in a
        # program that loads plugins; internalized, the copies are inlined into main
        main = [s.path("main.o"), "-Wl,--export-dynamic"] if s.mode in ("lto", "thin") else []
        return s.sh(cc + ["-fuse-ld=lld"] + objs + main + list(extra) + ["-o", exe], f"link {exe}", env=env)

    # base first: a seed whose base build does not finish is skipped
    results, seen = {}, {}
    base_exe = s.path("base.exe")
    pic = ["-fPIC"] if shared else []
    if not (s.sh(cc + pic + ["-c", s.path("base.bc"), "-o", s.path("base.o")], "compile base")
            and link([s.path("base.o")], base_exe)):
        return
    base = s.execute(base_exe)
    if base == "timeout":
        s.lines.append("skipped: base times out")
        s.failures.clear()
        return
    if re.search(r"(?m)^[ab]: exit (1[2-9][0-9])$", base):
        # a copy ended by a signal: undefined behaviour (a mutation may add it, by a
        # division or a shift the safe-math wrappers do not guard, or recursion)
        s.lines.append("skipped: base copy killed by a signal")
        return
    results["base"] = base
    with open(s.path("base.bc"), "rb") as f:
        seen[hashlib.sha256(f.read()).hexdigest()] = "base"

    def merged_build(name, bc, merges):
        s.builds += 1
        s.merges[name] = merges
        if not s.sh(["opt-22", "-passes=verify", "-disable-output", bc], f"{name} verify"):
            return
        with open(bc, "rb") as f:
            h = hashlib.sha256(f.read()).hexdigest()
        if h in seen:
            results[name] = results[seen[h]]
            return
        seen[h] = name
        exe = s.path(name.replace(":", "-") + ".exe")
        if s.sh(cc + pic + ["-c", bc, "-o", exe + ".o"], f"{name} compile") and link([exe + ".o"], exe):
            results[name] = s.execute(exe)

    # opt-22
    if s.sh(["opt-22", "-passes=mergefunc", s.path("base.bc"), "-o", s.path("opt.bc")], "opt-22"):
        rp_merges = None
        if s.sh(["llvm-dis-22", s.path("base.bc"), "-o", s.path("base.ll")], "dis") and \
                s.sh(["llvm-dis-22", s.path("opt.bc"), "-o", s.path("opt.ll")], "dis"):
            rp_merges = rp.opt_merges(s.path("base.ll"), s.path("opt.ll"))
        merged_build("opt", s.path("opt.bc"), rp_merges)
    # the command
    for name in s.args.sets.split(","):
        opts = OPTION_SETS[name][0]
        out, rep = s.path(f"cli-{name}.bc"), s.path(f"cli-{name}.json")
        if s.sh([s.args.cli, s.path("base.bc"), "-o", out, "--report", rep] + opts, f"cli:{name}"):
            merged_build(f"cli:{name}", out, report_merges([rep]))
            # every merge joins bodies that read the same in the unmerged module
            merged_ll = out[:-3] + ".ll"
            if os.path.exists(s.path("base.ll")) and s.sh(["llvm-dis-22", out, "-o", merged_ll], "dis"):
                drop = "--drop-differing-attachments" in opts
                for line in rp.unexplained_merges(s.path("base.ll"), rep, [], drop, merged_ll):
                    s.failures.append(f"cli:{name}: UNEXPLAINED merge {line}")
    # the plugin where the mode runs it
    if s.args.plugin and s.level != "O0":
        for name in s.args.sets.split(","):
            if name not in ("default", "all"):
                continue
            params = OPTION_SETS[name][1]
            tag = f"plugin:{name}"
            exe = s.path(f"plugin-{name}.exe")
            rep = s.path(f"plugin-{name}-%m.json")
            env = plugin_env(params, rep)
            s.builds += 1
            if s.mode in ("lto", "thin"):
                ok = link([s.path("a.o"), s.path("b.o")], exe, [f"-Wl,--load-pass-plugin={s.args.plugin}"], env)
                ref = "lto-base"
                if ref not in results:
                    if link([s.path("a.o"), s.path("b.o")], s.path("lto-base.exe")):
                        results[ref] = s.execute(s.path("lto-base.exe"))
            else:
                unit = srcs["lib"] if shared else srcs["prog"]
                ok = s.sh(cc + pic + [f"-fpass-plugin={s.args.plugin}", "-c", unit, "-o", exe + ".o"], tag, env=env) \
                    and link([exe + ".o"], exe)
                ref = "base"
            s.merges[tag] = report_merges(glob.glob(s.path(f"plugin-{name}-*.json")))
            if ok:
                results[tag] = s.execute(exe)
                if results.get(ref) is not None and results[tag] != results[ref]:
                    s.failures.append(f"{tag}: DIFFERS from {ref}\n{first_diff(results[ref], results[tag])}")
    for name, out in results.items():
        if name.startswith("plugin:") or name == "lto-base":
            continue
        if out != base:
            s.failures.append(f"{name}: DIFFERS from base\n{first_diff(base, out)}")
    if "lto-base" in results and results["lto-base"] != base:
        s.lines.append("note: lto-base differs from base (not a merge)")


def first_diff(a, b):
    if a == "timeout" or b == "timeout":
        return f"  base: {a[:200]!r}\n  this: {b[:200]!r}"
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"  line {i + 1}: {x!r} / {y!r}"
    return f"  lengths {len(la)} / {len(lb)}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--modes", default=",".join(MODES))
    ap.add_argument("--sets", default=None)
    ap.add_argument("--cli", default=os.path.join(ROOT, "target", "release", "mergefunc"))
    ap.add_argument("--plugin", default=os.path.join(ROOT, "target", "release", "libmergefunc_plugin.so"))
    ap.add_argument("--no-plugin", action="store_true")
    ap.add_argument("--work", default=os.path.join(ROOT, "target", "random-programs"))
    ap.add_argument("--keep", action="store_true", help="keep every seed's folder (default: only failing ones)")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--max-funcs", type=int, default=8)
    args = ap.parse_args()
    if args.sets is None:
        args.sets = "default,all" if args.quick else ",".join(OPTION_SETS)
    if args.no_plugin or not os.path.exists(args.plugin):
        args.plugin = None
    shapes, levels, modes = args.shapes.split(","), args.levels.split(","), args.modes.split(",")
    install_tools(modes)
    for tool in (args.cli,):
        if not os.path.exists(tool):
            raise SystemExit(f"error: {tool} is missing: cargo build --release -p mergefunc-llvm --features llvm")
    os.makedirs(args.work, exist_ok=True)
    rp = _real_programs()
    totals = {"seeds": 0, "skipped": 0, "builds": 0, "runs": 0, "failures": 0}
    merges_sum = {}
    failed = []
    for i in range(args.seeds):
        seed = args.first + i
        # one shape, level and mode per seed, rotated; the full sweep also builds the
        # extern shape at every other level in the tu mode every tenth seed
        combos = [(shapes[seed % len(shapes)], levels[(seed + seed // 24) % len(levels)],
                   modes[(seed // len(shapes)) % len(modes)])]
        if not args.quick and seed % 10 == 0:
            combos += [("extern", lv, "tu") for lv in levels if lv != combos[0][1]]
        src = os.path.join(args.work, f"csmith-{seed}.c")
        # csmith writes platform.info into its working folder
        r = run(["csmith", "--seed", str(seed), "--max-funcs", str(args.max_funcs), "-o", src], cwd=args.work)
        if r is None or r.returncode:
            print(f"seed {seed}: csmith failed")
            continue
        with open(src) as f:
            try:
                prog = Program(f.read())
            except (KeyError, AttributeError):
                print(f"seed {seed}: csmith output not understood")
                continue
        for shape, level, mode in combos:
            s = Seed(args, seed, shape, level, mode)
            build_seed(s, prog, rp)
            totals["seeds"] += 1
            totals["builds"] += s.builds
            totals["runs"] += s.runs
            if any(line.startswith("skipped") for line in s.lines):
                totals["skipped"] += 1
            counts = " ".join(f"{k}={v}" for k, v in s.merges.items())
            status = "FAIL" if s.failures else "ok"
            print(f"seed {seed} {shape} {level} {mode}: {status} {s.note} {'; '.join(s.lines)} {counts}".rstrip(),
                  flush=True)
            for k, v in s.merges.items():
                if v is not None:
                    key = (k, level)
                    merges_sum[key] = merges_sum.get(key, 0) + v
            for fl in s.failures:
                print("  " + fl.replace("\n", "\n  "), flush=True)
            if s.failures:
                totals["failures"] += len(s.failures)
                failed.append(s.dir)
            elif not args.keep:
                shutil.rmtree(s.dir, ignore_errors=True)
        if not args.keep:
            try:
                os.remove(src)
            except OSError:
                pass
    print("summary: " + " ".join(f"{k}={v}" for k, v in totals.items()))
    for build in sorted({k for k, _ in merges_sum}):
        print(f"merges {build}: " + " ".join(f"{lv}={merges_sum[(build, lv)]}" for lv in levels
                                              if (build, lv) in merges_sum))
    for d in failed:
        print(f"kept: {d}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
