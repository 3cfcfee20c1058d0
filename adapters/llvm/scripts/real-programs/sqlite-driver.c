/* Runs the SQL of a file (argv[1]) on an in-memory database and prints every row. */
#include <stdio.h>
#include <stdlib.h>
#include "sqlite3.h"

static int row(void *unused, int n, char **vals, char **names) {
  (void)unused;
  for (int i = 0; i < n; i++) printf("%s%s=%s", i ? "|" : "", names[i], vals[i] ? vals[i] : "NULL");
  printf("\n");
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE.sql\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) return 2;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *sql = malloc(n + 1);
  if (fread(sql, 1, n, f) != (size_t)n) return 2;
  sql[n] = 0;
  fclose(f);
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) return 3;
  char *err = 0;
  int rc = sqlite3_exec(db, sql, row, 0, &err);
  if (rc != SQLITE_OK) printf("error %d: %s\n", rc, err ? err : "?");
  sqlite3_free(err);
  sqlite3_close(db);
  free(sql);
  return 0;
}
