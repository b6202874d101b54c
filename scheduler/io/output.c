/* Atomic file output: write a temporary file beside the target, then rename
 * it over the target, so readers never see a partial file and a failure
 * leaves the previous version in place. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scheduler/io/files.h"

int es_output_open(EsOutput *o, const char *path, EsError *err) {
  memset(o, 0, sizeof *o);
  if (strcmp(path, "-") == 0) {
    o->f = stdout;
    return ES_OK;
  }
  size_t n = strlen(path);
  o->path = malloc(n + 1);
  o->tmp = malloc(n + 16);
  if (!o->path || !o->tmp) {
    es_output_abort(o);
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  }
  memcpy(o->path, path, n + 1);
  /* A device or a pipe (-o /dev/null) is written in place: renaming a file
   * over it would replace the device itself. */
  struct stat st;
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    free(o->tmp), o->tmp = NULL;
    if ((o->f = fopen(path, "w")))
      return ES_OK;
    int e = errno;
    es_output_abort(o);
    return es_error_set(err, ES_EIO, path, 0, 0, "cannot write '%s': %s", path, strerror(e));
  }
  snprintf(o->tmp, n + 16, "%s.tmpXXXXXX", path);
  int fd = mkstemp(o->tmp);
  if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
    int e = errno;
    if (fd >= 0) {
      close(fd);
      unlink(o->tmp);
    }
    free(o->tmp), o->tmp = NULL;
    es_output_abort(o);
    return es_error_set(err, ES_EIO, path, 0, 0, "cannot write '%s': %s", path, strerror(e));
  }
  /* mkstemp creates 0600; give the file the mode a plain fopen would. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  return ES_OK;
}

int es_output_commit(EsOutput *o, EsError *err) {
  if (o->f == stdout) {
    o->f = NULL;
    return fflush(stdout) == 0
               ? ES_OK
               : es_error_set(err, ES_EIO, "<stdout>", 0, 0, "cannot write standard output");
  }
  int bad = ferror(o->f) | fflush(o->f);
  if (o->tmp)
    bad |= fsync(fileno(o->f));
  bad |= fclose(o->f);
  o->f = NULL;
  if (bad || (o->tmp && rename(o->tmp, o->path) != 0)) {
    int e = errno;
    if (o->tmp)
      unlink(o->tmp);
    es_error_set(err, ES_EIO, o->path, 0, 0, "cannot write '%s': %s", o->path, strerror(e));
    es_output_abort(o);
    return ES_EIO;
  }
  free(o->tmp), o->tmp = NULL;
  free(o->path), o->path = NULL;
  return ES_OK;
}

void es_output_abort(EsOutput *o) {
  if (o->f && o->f != stdout)
    fclose(o->f);
  if (o->tmp)
    unlink(o->tmp);
  free(o->tmp);
  free(o->path);
  memset(o, 0, sizeof *o);
}
