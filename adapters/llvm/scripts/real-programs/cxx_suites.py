"""Template-heavy C++ programs with their own test suites, for real-programs.py.

Each entry is a header-only library whose tests instantiate its templates hundreds of
times over types of one layout, the code where most merges happen. All tests of a
library run as one program (upstream builds one executable per test file): the test
files are compiled as they are, one driver source holds the test framework's
implementation and `main`. The program prints the framework's summary (test cases and
assertions run, passed, failed); neither framework prints timings by default.

  nlohmann-json  JSON for Modern C++ 3.11.2 (Debian 12's nlohmann-json3) with the unit
                 tests of UNITS (doctest): the ones that need no file of the separate
                 json_test_data repository, less the slow Unicode sweeps; basic_json over
                 std::map and ordered_map, user-defined types and allocators, iterators,
                 JSON pointers and patches, parsers, serializers, exceptions;
  cereal         cereal 1.3.2 (Debian 12's libcereal) with the unit tests of CEREAL_TESTS
                 (doctest): polymorphic types registered across units (virtual dispatch,
                 shared_ptr casters found at run time), load-and-construct, versioning,
                 cycles of shared pointers, every archive (binary, portable binary, XML,
                 JSON: rapidjson 1.1.0, Debian 12's, set up as cereal's own copy, see
                 cereal_rapidjson), exceptions thrown from archives;
  spdlog         spdlog 1.10.0 (Debian 12's, whose tarball leaves out the {fmt} it bundles:
                 fmt 9.1.0, real-programs.py's `fmt` entry, compiled in) as a compiled
                 library with the Catch2 tests of SPDLOG_TESTS: loggers and sinks behind
                 virtual calls, a registry, the async thread pool, pattern formatters
                 (one class per flag, templated on padding), exceptions from sinks and
                 formatting, all of {fmt}'s formatting templates.

Every invariant of real-programs.py holds: sources are Debian orig tarballs checked by
sha256; the programs are deterministic in what they print (the tests draw random values,
but print only counts).
"""
import glob
import os
import re
import shutil

# (orig tarball in Debian's pool, its sha256, the folder it unpacks to); merged into
# real-programs.py's DEBIAN_SOURCES.
DEBIAN_SOURCES = {
    "nlohmann-json": ("n/nlohmann-json3/nlohmann-json3_3.11.2.orig.tar.gz",
                      "d69f9deb6a75e2580465c6c4c5111b89c4dc2fa94e3a85fcd2ffcd9a143d9273", "json-3.11.2"),
    "cereal": ("libc/libcereal/libcereal_1.3.2+dfsg.orig.tar.xz",
               "387053deac860f685c58041f220e062ac12cb53dd2eef23af883f3f50a148e9c", "cereal-1.3.2"),
    "spdlog": ("s/spdlog/spdlog_1.10.0+ds.orig.tar.xz",
               "620ca6842b5c21014470bd42eb4716024674214fb973b5ffa3aaea33310ad327", "spdlog-1.10.0"),
    # the +dfsg tarball of cereal leaves out its copy of rapidjson: Debian 12's rapidjson
    "rapidjson": ("r/rapidjson/rapidjson_1.1.0+dfsg2.orig.tar.gz",
                  "92aa6402743012e5f2c3db17def1ff5273df4f3ca7a8f8ed9f1041d392c14ce7", "rapidjson-1.1.0"),
}

# nlohmann-json's unit tests that run here (tests/src/unit-NAME.cpp): none reads the
# json_test_data repository; together they compile in a few minutes on two cores.
UNITS = ["algorithms", "allocator", "alt-string", "class_parser", "comparison", "constructor1",
         "conversions", "element_access2", "items", "iterators1", "json_pointer", "modifiers",
         "ordered_map", "regression2", "serialization", "udt", "udt_macro"]

# cereal's unit tests that run here (unittests/NAME.cpp): the polymorphic, pointer,
# construction and versioning tests and a spread of containers.
CEREAL_TESTS = ["polymorphic", "memory", "memory_cycles", "load_construct", "versioning",
                "structs_specialized", "user_data_adapters", "map", "unordered_map", "tuple"]

# spdlog's tests that run here (tests/test_NAME.cpp): not the ones that check timings
# (stopwatch, mpmc_q, dup_filter, time_point: flaky on a loaded machine), print
# timestamps to stdout (stdout_api) or need another system (systemd, eventlog).
SPDLOG_TESTS = ["file_logging", "daily_logger", "misc", "pattern_formatter", "async", "registry", "macros",
                "backtrace", "errors", "fmt_helper", "cfg", "create_dir", "file_helper"]

# Flags of every compile and link (real-programs.py's PROGRAM_FLAGS). cereal 1.3.2's
# tuple.hpp writes `template` before a name without an argument list, which clang 22
# rejects unless told otherwise.
PROGRAM_FLAGS = {
    "nlohmann-json": ["-std=c++17"],
    "cereal": ["-std=c++17", "-Wno-missing-template-arg-list-after-template-kw"],
    "spdlog": ["-std=c++17", "-pthread"],
}

PROGRAMS = set(PROGRAM_FLAGS)


def cereal_rapidjson(work, rapidjson_dir):
    """An include folder holding rapidjson 1.1.0 where cereal expects its own copy
    (`cereal/external/rapidjson/`), with the prefix cereal's copy gives every macro
    (`CEREAL_RAPIDJSON_`), and without one member that clang rejects since rapidjson
    1.1.0 (an assignment operator of a class whose members are const; never used)."""
    top = os.path.join(work, "cereal-rapidjson")
    dest = os.path.join(top, "cereal", "external", "rapidjson")
    shutil.rmtree(top, ignore_errors=True)
    shutil.copytree(os.path.join(rapidjson_dir, "include", "rapidjson"), dest)
    for path in glob.glob(os.path.join(dest, "**", "*.h"), recursive=True):
        with open(path) as f:
            text = f.read()
        text = re.sub(r"\bRAPIDJSON_", "CEREAL_RAPIDJSON_", text)
        text = text.replace("GenericStringRef& operator=(const GenericStringRef& rhs) "
                            "{ s = rhs.s; length = rhs.length; }",
                            "GenericStringRef& operator=(const GenericStringRef& rhs);")
        with open(path, "w") as f:
            f.write(text)
    return top


# cereal's tests draw their data from a generator seeded by std::random_device, so the
# number of assertions changes from run to run: every test source includes this header
# first (-include), which puts a fixed seed in random_device's place; libstdc++'s
# own random_device (<random> is included before the name is taken) stays as it is.
FIXED_SEED = """#include <random>
namespace std { struct cereal_fixed_seed { unsigned operator()() { return 5489u; } }; }
#define random_device cereal_fixed_seed
"""


def doctest_driver(work, name, include):
    """The one source holding doctest's implementation and `main`; every test source is
    compiled with DOCTEST_LIBRARY_IMPLEMENTATION defined, so that its own
    DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN (each of cereal's tests is a program) adds nothing.
    The one function cereal's common.hpp defines outside a template, `random_index`, is
    renamed after each test, as every test program has its own."""
    path = os.path.join(work, f"{name}-doctest-main.cpp")
    with open(path, "w") as f:
        f.write(f'#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN\n#include "{include}"\n')
    return path


def program_sources(name, debian_source, work):
    """real-programs.py's program_sources for these programs: (sources, include dirs,
    defines, C++?, run arguments, folder to run in)."""
    if name == "nlohmann-json":
        d = debian_source(work, name)
        t = os.path.join(d, "tests")
        srcs = [os.path.join(t, "src", "unit.cpp")] + [os.path.join(t, "src", f"unit-{u}.cpp") for u in UNITS]
        incs = [os.path.join(d, "single_include"), os.path.join(t, "thirdparty", "doctest"),
                os.path.join(t, "thirdparty", "fifo_map")]
        defs = ["-DDOCTEST_CONFIG_SUPER_FAST_ASSERTS", "-DJSON_TEST_KEEP_MACROS"]
        return srcs, incs, defs, True, [], t
    if name == "cereal":
        d = debian_source(work, name)
        rj = cereal_rapidjson(work, debian_source(work, "rapidjson"))
        u = os.path.join(d, "unittests")
        seed = os.path.join(work, "cereal-fixed-seed.hpp")
        with open(seed, "w") as f:
            f.write(FIXED_SEED)
        srcs = [doctest_driver(work, name, os.path.join(u, "doctest.h"))] + [
            (os.path.join(u, f"{t}.cpp"), ["-DDOCTEST_LIBRARY_IMPLEMENTATION", f"-Drandom_index=random_index_{t}",
                                            "-include", seed])
            for t in CEREAL_TESTS]
        return srcs, [os.path.join(d, "include"), rj, u], [], True, [], u
    if name == "spdlog":
        d = debian_source(work, name)
        fmt = debian_source(work, "fmt")
        t = os.path.join(d, "tests")
        srcs = [os.path.join(d, "src", f"{f}.cpp") for f in ("spdlog", "stdout_sinks", "color_sinks", "file_sinks",
                                                             "async", "cfg")]
        srcs += [os.path.join(fmt, "src", f) for f in ("format.cc", "os.cc")]
        srcs += [os.path.join(t, f) for f in ("main.cpp", "utils.cpp")] + [
            os.path.join(t, f"test_{n}.cpp") for n in SPDLOG_TESTS]
        # the tests write their logs into test_logs/ of the folder they run in
        run_dir = os.path.join(work, "spdlog-run")
        os.makedirs(run_dir, exist_ok=True)
        return srcs, [os.path.join(d, "include"), os.path.join(fmt, "include")], \
            ["-DSPDLOG_COMPILED_LIB", "-DSPDLOG_FMT_EXTERNAL"], True, [], run_dir
    raise KeyError(name)
