/* brotli's own checks as one program (real-programs.py, program `brotli`): the
 * compatibility test (every FILE.compressed decodes to FILE, one-shot and streamed in
 * small pieces) and the round-trip test (every other input compressed at several
 * qualities and window sizes, one-shot and streamed with flushes, and decoded back).
 * Prints one line per check with the compressed sizes, so a changed encoder decision
 * shows as well as a broken round trip; exits 1 if any check fails.
 *   brotli-driver FILE...
 */
#include <brotli/decode.h>
#include <brotli/encode.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static uint8_t *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  uint8_t *buf = malloc(cap);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  *len = n;
  return buf;
}

static uint32_t checksum(const uint8_t *p, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
  return h;
}

/* Decodes IN through the streaming decoder, feeding CHUNK bytes at a time and taking
 * the output OUTCHUNK bytes at a time. Returns the decoded size, or (size_t)-1. */
static size_t stream_decode(const uint8_t *in, size_t n, uint8_t *out, size_t cap, size_t chunk, size_t outchunk) {
  BrotliDecoderState *s = BrotliDecoderCreateInstance(NULL, NULL, NULL);
  size_t pos = 0, total = 0;
  BrotliDecoderResult r = BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT;
  while (r != BROTLI_DECODER_RESULT_SUCCESS && r != BROTLI_DECODER_RESULT_ERROR) {
    size_t avail_in = 0;
    const uint8_t *next_in = in + pos;
    if (r == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT) {
      if (pos == n) break;
      avail_in = n - pos < chunk ? n - pos : chunk;
    }
    size_t feed = avail_in;
    do {
      size_t room = cap - total < outchunk ? cap - total : outchunk;
      uint8_t *next_out = out + total;
      size_t avail_out = room;
      r = BrotliDecoderDecompressStream(s, &avail_in, &next_in, &avail_out, &next_out, NULL);
      total += room - avail_out;
      if (total == cap && r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) r = BROTLI_DECODER_RESULT_ERROR;
    } while (r == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT);
    pos += feed - avail_in;
  }
  BrotliDecoderDestroyInstance(s);
  return r == BROTLI_DECODER_RESULT_SUCCESS ? total : (size_t)-1;
}

/* Encodes IN through the streaming encoder in CHUNK-byte pieces, flushing after every
 * FLUSH_EVERY-th piece (0: never). Returns the compressed size. */
static size_t stream_encode(const uint8_t *in, size_t n, uint8_t *out, size_t cap, int q, int lgwin, size_t chunk,
                            int flush_every) {
  BrotliEncoderState *s = BrotliEncoderCreateInstance(NULL, NULL, NULL);
  BrotliEncoderSetParameter(s, BROTLI_PARAM_QUALITY, (uint32_t)q);
  BrotliEncoderSetParameter(s, BROTLI_PARAM_LGWIN, (uint32_t)lgwin);
  BrotliEncoderSetParameter(s, BROTLI_PARAM_SIZE_HINT, (uint32_t)n);
  size_t pos = 0, total = 0;
  int piece = 0;
  for (;;) {
    size_t take = n - pos < chunk ? n - pos : chunk;
    BrotliEncoderOperation op = pos + take == n ? BROTLI_OPERATION_FINISH
                                : (flush_every && ++piece % flush_every == 0) ? BROTLI_OPERATION_FLUSH
                                                                             : BROTLI_OPERATION_PROCESS;
    size_t avail_in = take;
    const uint8_t *next_in = in + pos;
    do {
      size_t avail_out = cap - total;
      uint8_t *next_out = out + total;
      if (!BrotliEncoderCompressStream(s, op, &avail_in, &next_in, &avail_out, &next_out, NULL)) {
        BrotliEncoderDestroyInstance(s);
        return (size_t)-1;
      }
      total = cap - avail_out;
    } while (avail_in > 0 || BrotliEncoderHasMoreOutput(s));
    pos += take;
    if (op == BROTLI_OPERATION_FINISH) {
      if (BrotliEncoderIsFinished(s)) break;
    }
    if (pos == n && op != BROTLI_OPERATION_FINISH) continue;
  }
  BrotliEncoderDestroyInstance(s);
  return total;
}

static void check(const char *what, const char *file, int ok, size_t size) {
  printf("%-44s %-28s %8zu %s\n", what, file, size, ok ? "ok" : "FAILED");
  if (!ok) failures++;
}

static void compatibility(const char *path) {
  size_t n, want_n;
  uint8_t *in = read_all(path, &n);
  char orig[4096];
  snprintf(orig, sizeof orig, "%.*s", (int)(strlen(path) - strlen(".compressed")), path);
  uint8_t *want = read_all(orig, &want_n);
  const char *name = strrchr(orig, '/') ? strrchr(orig, '/') + 1 : orig;
  if (!in || !want) {
    check("compatibility: read", name, 0, 0);
    return;
  }
  size_t cap = want_n + 1024, got = cap;
  uint8_t *out = malloc(cap);
  int ok = BrotliDecoderDecompress(n, in, &got, out) == BROTLI_DECODER_RESULT_SUCCESS && got == want_n &&
           memcmp(out, want, got) == 0;
  check("compatibility: one-shot", name, ok, got);
  static const size_t chunks[][2] = {{1, 1}, {7, 13}, {4096, 65536}};
  for (size_t c = 0; c < 3; c++) {
    got = stream_decode(in, n, out, cap, chunks[c][0], chunks[c][1]);
    char what[64];
    snprintf(what, sizeof what, "compatibility: streamed %zu/%zu", chunks[c][0], chunks[c][1]);
    check(what, name, got == want_n && memcmp(out, want, want_n) == 0, got);
  }
  free(in);
  free(want);
  free(out);
}

static void roundtrip(const char *path) {
  size_t n;
  uint8_t *in = read_all(path, &n);
  const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  if (!in) {
    check("roundtrip: read", name, 0, 0);
    return;
  }
  size_t cap = BrotliEncoderMaxCompressedSize(n) + 1024;
  uint8_t *enc = malloc(cap), *dec = malloc(n + 1024);
  static const int qualities[] = {0, 1, 4, 6, 9, 11};
  static const int windows[] = {10, 16, 22};
  for (size_t qi = 0; qi < sizeof qualities / sizeof *qualities; qi++) {
    for (size_t wi = 0; wi < sizeof windows / sizeof *windows; wi++) {
      int q = qualities[qi], w = windows[wi];
      if (q == 11 && w != 22 && n > 100000) continue; /* the slowest mode, once per input */
      size_t en = cap;
      int ok = BrotliEncoderCompress(q, w, BROTLI_MODE_GENERIC, n, in, &en, enc);
      size_t dn = n + 1024;
      ok = ok && BrotliDecoderDecompress(en, enc, &dn, dec) == BROTLI_DECODER_RESULT_SUCCESS && dn == n &&
           memcmp(dec, in, n) == 0;
      char what[64];
      snprintf(what, sizeof what, "roundtrip: one-shot q%d w%d", q, w);
      check(what, name, ok, en);
      size_t sn = stream_encode(in, n, enc, cap, q, w, 1000 + 37 * (size_t)q, q % 3);
      dn = sn == (size_t)-1 ? (size_t)-1 : stream_decode(enc, sn, dec, n + 1024, 333, 4096);
      snprintf(what, sizeof what, "roundtrip: streamed q%d w%d", q, w);
      check(what, name, dn == n && memcmp(dec, in, n) == 0, sn);
    }
  }
  BrotliEncoderMode modes[] = {BROTLI_MODE_TEXT, BROTLI_MODE_FONT};
  for (int m = 0; m < 2; m++) {
    size_t en = cap, dn = n + 1024;
    int ok = BrotliEncoderCompress(5, 18, modes[m], n, in, &en, enc) &&
             BrotliDecoderDecompress(en, enc, &dn, dec) == BROTLI_DECODER_RESULT_SUCCESS && dn == n &&
             memcmp(dec, in, n) == 0;
    check(m ? "roundtrip: font mode q5" : "roundtrip: text mode q5", name, ok, en);
  }
  printf("%-44s %-28s %08x\n", "input checksum", name, checksum(in, n));
  free(in);
  free(enc);
  free(dec);
}

int main(int argc, char **argv) {
  printf("brotli encoder %08x decoder %08x\n", BrotliEncoderVersion(), BrotliDecoderVersion());
  for (int i = 1; i < argc; i++) {
    size_t len = strlen(argv[i]);
    if (len > 11 && strcmp(argv[i] + len - 11, ".compressed") == 0)
      compatibility(argv[i]);
    else
      roundtrip(argv[i]);
  }
  printf("%d failure(s)\n", failures);
  return failures != 0;
}
