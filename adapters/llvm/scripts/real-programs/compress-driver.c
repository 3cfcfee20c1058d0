/* Round trips every file named on the command line through zlib, lz4 (block, HC, frame)
 * and zstd (several levels, streaming, a trained dictionary), checks that each decompresses
 * to the input, and prints the compressed sizes and a checksum of the compressed bytes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "zlib.h"
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"
#include "zstd.h"
#include "zdict.h"

static int failures;

static unsigned long sum(const void *p, size_t n) { return crc32(0L, (const Bytef *)p, (uInt)n); }

static void check(const char *what, const char *file, const void *a, size_t an, const void *b, size_t bn) {
  if (an != bn || memcmp(a, b, an) != 0) {
    printf("MISMATCH %s %s\n", what, file);
    failures++;
  }
}

static void one(const char *file, const unsigned char *data, size_t n) {
  size_t cap = n * 2 + 1024;
  unsigned char *c = malloc(cap), *d = malloc(n + 1024);
  for (int level = 1; level <= 9; level += 4) {
    uLongf cl = cap, dl = n + 1024;
    compress2(c, &cl, data, n, level);
    uncompress(d, &dl, c, cl);
    check("zlib", file, data, n, d, dl);
    printf("zlib%d %lu %08lx\n", level, (unsigned long)cl, sum(c, cl));
  }
  int cl = LZ4_compress_default((const char *)data, (char *)c, (int)n, (int)cap);
  int dl = LZ4_decompress_safe((const char *)c, (char *)d, cl, (int)n + 1024);
  check("lz4", file, data, n, d, dl < 0 ? 0 : (size_t)dl);
  printf("lz4 %d %08lx\n", cl, sum(c, cl));
  for (int level = 3; level <= 12; level += 9) {
    cl = LZ4_compress_HC((const char *)data, (char *)c, (int)n, (int)cap, level);
    dl = LZ4_decompress_safe((const char *)c, (char *)d, cl, (int)n + 1024);
    check("lz4hc", file, data, n, d, dl < 0 ? 0 : (size_t)dl);
    printf("lz4hc%d %d %08lx\n", level, cl, sum(c, cl));
  }
  size_t fcap = LZ4F_compressFrameBound(n, NULL);
  unsigned char *fc = malloc(fcap);
  size_t fl = LZ4F_compressFrame(fc, fcap, data, n, NULL);
  LZ4F_dctx *dctx;
  LZ4F_createDecompressionContext(&dctx, LZ4F_VERSION);
  size_t dsz = n + 1024, ssz = fl;
  LZ4F_decompress(dctx, d, &dsz, fc, &ssz, NULL);
  LZ4F_freeDecompressionContext(dctx);
  check("lz4frame", file, data, n, d, dsz);
  printf("lz4f %zu %08lx\n", fl, sum(fc, fl));
  free(fc);
  for (int level = 1; level <= 19; level += 6) {
    size_t zl = ZSTD_compress(c, cap, data, n, level);
    size_t zd = ZSTD_decompress(d, n + 1024, c, zl);
    check("zstd", file, data, n, d, ZSTD_isError(zd) ? 0 : zd);
    printf("zstd%d %zu %08lx\n", level, zl, sum(c, zl));
  }
  ZSTD_CCtx *cctx = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_compressionLevel, 5);
  ZSTD_CCtx_setParameter(cctx, ZSTD_c_checksumFlag, 1);
  ZSTD_inBuffer in = {data, n, 0};
  ZSTD_outBuffer out = {c, cap, 0};
  while (ZSTD_compressStream2(cctx, &out, &in, ZSTD_e_end) != 0) {
  }
  ZSTD_freeCCtx(cctx);
  size_t zd = ZSTD_decompress(d, n + 1024, c, out.pos);
  check("zstd-stream", file, data, n, d, ZSTD_isError(zd) ? 0 : zd);
  printf("zstds %zu %08lx\n", out.pos, sum(c, out.pos));
  free(c);
  free(d);
}

int main(int argc, char **argv) {
  unsigned char *all = NULL;
  size_t alln = 0;
  size_t sizes[4096];
  int files = 0;
  for (int i = 1; i < argc && files < 4096; i++) {
    FILE *f = fopen(argv[i], "rb");
    if (!f) continue;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc(n + 1);
    size_t got = fread(buf, 1, n, f);
    fclose(f);
    printf("%s %zu\n", argv[i], got);
    one(argv[i], buf, got);
    all = realloc(all, alln + got);
    memcpy(all + alln, buf, got);
    sizes[files++] = got;
    alln += got;
    free(buf);
  }
  /* a dictionary trained on all inputs, then each input compressed with it */
  char dict[16384];
  size_t dl = ZDICT_trainFromBuffer(dict, sizeof dict, all, sizes, files);
  if (!ZDICT_isError(dl)) {
    ZSTD_CCtx *cc = ZSTD_createCCtx();
    ZSTD_DCtx *dc = ZSTD_createDCtx();
    size_t off = 0, total = 0;
    for (int i = 0; i < files; i++) {
      size_t cap = ZSTD_compressBound(sizes[i]);
      unsigned char *c = malloc(cap), *d = malloc(sizes[i] + 1);
      size_t cl = ZSTD_compress_usingDict(cc, c, cap, all + off, sizes[i], dict, dl, 3);
      size_t dd = ZSTD_decompress_usingDict(dc, d, sizes[i] + 1, c, cl, dict, dl);
      check("zstd-dict", argv[i + 1], all + off, sizes[i], d, ZSTD_isError(dd) ? 0 : dd);
      total += cl;
      off += sizes[i];
      free(c);
      free(d);
    }
    printf("dict %zu %08lx total %zu\n", dl, sum(dict, dl), total);
    ZSTD_freeCCtx(cc);
    ZSTD_freeDCtx(dc);
  } else {
    printf("dict error %s\n", ZDICT_getErrorName(dl));
  }
  printf("files %d bytes %zu failures %d\n", files, alln, failures);
  free(all);
  return failures != 0;
}
