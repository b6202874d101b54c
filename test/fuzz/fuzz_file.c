/* The fuzz targets' input files (fuzz_file.h). */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "fuzz_file.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_FILES = 4 };

static char dir[4096], paths[MAX_FILES][4200];

static void remove_all(void) {
  for (int i = 0; i < MAX_FILES; i++)
    if (paths[i][0])
      unlink(paths[i]);
  rmdir(dir);
}

const char *fuzz_file(const char *name, const void *data, size_t size) {
  if (!dir[0]) {
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !*tmp)
      tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf(dir, sizeof dir, "%s/esched-fuzz-XXXXXX", tmp);
    if (!mkdtemp(dir))
      abort();
    atexit(remove_all);
  }
  char path[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  int slot = 0;
  while (slot < MAX_FILES && paths[slot][0] && strcmp(paths[slot], path) != 0)
    slot++;
  if (slot == MAX_FILES)
    abort();
  memcpy(paths[slot], path, sizeof path);
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || (size > 0 && write(fd, data, size) != (ssize_t)size) || close(fd) != 0)
    abort();
  return paths[slot];
}

void fuzz_round_trip(const char *what, FuzzWriter write, const void *obj, FuzzReader read,
                     void *ctx) {
  char *text = NULL;
  size_t len = 0;
  EsError err = {0};
  FILE *f = open_memstream(&text, &len);
  if (!f)
    return;
  bool ok = write(f, obj);
  fclose(f);
  if (ok && read(fuzz_file("again.yaml", text, len), ctx, &err) != ES_OK) {
    fprintf(stderr, "the %s written does not read back: %d:%d: %s\n%s", what, err.line, err.col,
            err.message, text);
    abort();
  }
  free(text);
}
