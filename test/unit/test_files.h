/* Files for the unit tests that read and write them: one private folder
 * per test program (test_dir_make at the start of main, test_dir_remove at
 * its end), names in it, and whole-file writes and reads. */
#ifndef ESCHED_TEST_FILES_H
#define ESCHED_TEST_FILES_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static char test_dir[256];

/* Makes TMPDIR/esched-NAME-XXXXXX; false when it cannot (skip: exit 77). */
static inline bool test_dir_make(const char *name) {
  const char *tmp = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
  snprintf(test_dir, sizeof test_dir, "%s/esched-%s-XXXXXX", tmp, name);
  return mkdtemp(test_dir) != NULL;
}

static inline void test_dir_remove(void) {
  char cmd[400];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_dir);
  if (system(cmd) != 0)
    fprintf(stderr, "could not remove %s\n", test_dir);
}

/* The path of name in the folder (one of four rotating buffers). */
static inline const char *at(const char *name) {
  static char buf[4][512];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", test_dir, name);
  return buf[k];
}

static inline void put(const char *name, const char *text) {
  FILE *f = fopen(at(name), "w");
  if (f) {
    fputs(text, f);
    fclose(f);
  }
}

/* The whole file (static buffer), or "" when missing. */
static inline const char *get(const char *name) {
  static char buf[8192];
  FILE *f = fopen(at(name), "r");
  buf[0] = 0;
  if (f) {
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
  }
  return buf;
}

#endif
