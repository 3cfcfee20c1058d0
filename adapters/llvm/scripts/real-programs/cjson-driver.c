/* Runs cJSON 1.7.15's own unit tests (tests/*.c, Unity) in one program: each test file
 * is compiled with its `main` and its copy of cJSON renamed (real-programs.py writes
 * the wrappers), so one module holds 21 copies of the library. Run in tests/ (the
 * tests read inputs/ and json-patch-tests/). Prints each test file's failure count. */
#include <stdio.h>

#define CJSON_TESTS(X) \
    X(parse_examples) X(parse_number) X(parse_hex4) X(parse_string) X(parse_array) \
    X(parse_object) X(parse_value) X(print_string) X(print_number) X(print_array) \
    X(print_object) X(print_value) X(misc_tests) X(parse_with_opts) X(compare_tests) \
    X(cjson_add) X(readme_examples) X(minify_tests) X(json_patch_tests) \
    X(old_utils_tests) X(misc_utils_tests)

#define DECLARE(t) int cjson_test_##t(void);
CJSON_TESTS(DECLARE)

int main(void) {
    int failed = 0;
#define RUN(t)                                                  \
    {                                                           \
        int r = cjson_test_##t();                               \
        printf("== %s: %d failure(s)\n", #t, r);                \
        fflush(stdout);                                         \
        failed += r != 0;                                       \
    }
    CJSON_TESTS(RUN)
    printf("== %d test file(s) failed\n", failed);
    return failed != 0;
}
