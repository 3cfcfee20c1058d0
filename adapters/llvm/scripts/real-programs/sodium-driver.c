/* Runs one of libsodium 1.0.18's own tests (test/default/*.c) per process: each test
 * file is compiled with its `main` renamed to sodium_test_NAME and its `xmain` to
 * xmain_NAME (real-programs.py passes the defines), so one module holds every test.
 * Run in test/default: a test writes NAME.res and compares it with NAME.exp itself
 * (exit status 99 on any difference). This driver prints the test's status and what
 * it wrote to NAME.res, also when the test ends the process itself (the guard-page
 * tests, sodium_utils2 and sodium_utils3, exit from a SIGSEGV handler). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SODIUM_TESTS(X)                                                                          \
    X(aead_aes256gcm) X(aead_aes256gcm2) X(aead_chacha20poly1305) X(aead_chacha20poly13052)      \
    X(aead_xchacha20poly1305) X(auth) X(auth2) X(auth3) X(auth5) X(auth6) X(auth7) X(box)        \
    X(box2) X(box7) X(box8) X(box_easy) X(box_easy2) X(box_seal) X(box_seed) X(chacha20)         \
    X(codecs) X(core1) X(core2) X(core3) X(core4) X(core5) X(core6) X(ed25519_convert)           \
    X(generichash) X(generichash2) X(generichash3) X(hash) X(hash3) X(kdf) X(keygen) X(kx)       \
    X(metamorphic) X(misuse) X(onetimeauth) X(onetimeauth2) X(onetimeauth7) X(pwhash_argon2i)    \
    X(pwhash_argon2id) X(randombytes) X(scalarmult) X(scalarmult2) X(scalarmult5)                \
    X(scalarmult6) X(scalarmult7) X(scalarmult8) X(secretbox) X(secretbox2) X(secretbox7)        \
    X(secretbox8) X(secretbox_easy) X(secretbox_easy2) X(secretstream) X(shorthash) X(sign)      \
    X(sodium_core) X(sodium_utils) X(sodium_version) X(stream) X(stream2) X(stream3)             \
    X(stream4) X(verify1) X(sodium_utils2) X(sodium_utils3) X(core_ed25519)                      \
    X(core_ristretto255) X(pwhash_scrypt) X(pwhash_scrypt_ll) X(scalarmult_ed25519)              \
    X(scalarmult_ristretto255) X(siphashx24) X(xchacha20)

#define DECLARE(t) int sodium_test_##t(void);
SODIUM_TESTS(DECLARE)

static const char *test_name;

/* What the test wrote, compared with the unmerged build's by real-programs.py. */
static void print_result(void) {
    char path[256];
    FILE *f;
    int c;
    snprintf(path, sizeof path, "%s.res", test_name);
    printf("== %s.res\n", test_name);
    if ((f = fopen(path, "r")) != NULL) {
        while ((c = fgetc(f)) != EOF) {
            putchar(c);
        }
        fclose(f);
    }
    fflush(stdout);
}

int main(int argc, char **argv) {
    int r = -1;
    if (argc != 2) {
        fprintf(stderr, "usage: %s TEST\n", argv[0]);
        return 2;
    }
    test_name = argv[1];
    remove(strcat(strcpy((char[256]){0}, test_name), ".res"));
    atexit(print_result);
#define RUN(t)                       \
    if (strcmp(test_name, #t) == 0) { \
        r = sodium_test_##t();       \
    }
    SODIUM_TESTS(RUN)
    printf("== %s: exit %d\n", test_name, r);
    return r != 0;
}
