/* Runs libyaml 0.2.5's own test programs (tests/*.c) in one program: each is compiled
 * with its `main` renamed (real-programs.py gives the flags). The self-checking tests
 * (test-version, test-reader) run once; the scanner, parser, loader, emitter and dumper
 * round trips and the parser's test-suite event printer run on every file named on the
 * command line. Prints each test's exit status. */
#include <stdio.h>

int yaml_test_version(int argc, char *argv[]);
int yaml_test_reader(int argc, char *argv[]);
int yaml_run_scanner(int argc, char *argv[]);
int yaml_run_parser(int argc, char *argv[]);
int yaml_run_loader(int argc, char *argv[]);
int yaml_run_emitter(int argc, char *argv[]);
int yaml_run_dumper(int argc, char *argv[]);
int yaml_run_parser_test_suite(int argc, char *argv[]);

static int report(const char *name, int status) {
    printf("== %s: exit %d\n", name, status);
    fflush(stdout);
    return status != 0;
}

int main(int argc, char *argv[]) {
    int failed = 0;
    char *none[] = {"test", NULL};
    failed += report("test-version", yaml_test_version(1, none));
    failed += report("test-reader", yaml_test_reader(1, none));
    failed += report("run-scanner", yaml_run_scanner(argc, argv));
    failed += report("run-parser", yaml_run_parser(argc, argv));
    failed += report("run-loader", yaml_run_loader(argc, argv));
    failed += report("run-emitter", yaml_run_emitter(argc, argv));
    failed += report("run-dumper", yaml_run_dumper(argc, argv));
    for (int i = 1; i < argc; i++) {
        char *one[] = {"run-parser-test-suite", argv[i], NULL};
        /* the event stream of a file that does not parse ends with the error: exit 1 */
        report(argv[i], yaml_run_parser_test_suite(2, one));
    }
    printf("== %d test(s) failed\n", failed);
    return failed != 0;
}
