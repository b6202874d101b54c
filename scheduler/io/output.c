/* Atomic file output: write a temporary file beside the target, then rename
 * it over the target, so readers never see a partial file and a failure
 * leaves the previous version in place.
 *
 * The temporary file is PATH.tmpXXXXXX, held under an flock while it is
 * written. A writer killed before its rename leaves it behind; the next
 * writer of PATH removes those whose lock it can take (their writer is
 * gone). The replaced file's permission bits carry over; a symbolic link is
 * followed, so the link stays and its target is replaced; a target that is
 * not a regular file (/dev/null, a FIFO, a terminal) is written in place,
 * since renaming over it would replace the device with a file, and so is
 * anything under /dev or /proc (/dev/stdout names the caller's standard
 * output, even when that is a regular file).
 */
#define _DEFAULT_SOURCE /* flock and realpath (glibc: __USE_MISC) */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scheduler/io/files.h"

enum { TMP_SUFFIX_LEN = 10 }; /* ".tmpXXXXXX" */

static bool is_tmp_of(const char *name, const char *base) {
  size_t n = strlen(base);
  if (strncmp(name, base, n) != 0 || strncmp(name + n, ".tmp", 4) != 0 ||
      strlen(name + n) != TMP_SUFFIX_LEN)
    return false;
  for (const char *p = name + n + 4; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
      return false;
  return true;
}

/* Removes the temporary files of `path` that no live writer holds. */
static void clean_stale(const char *path) {
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + 1 : 1, slash ? path : ".");
  DIR *d = opendir(dir);
  for (struct dirent *e; d && (e = readdir(d));) {
    if (!is_tmp_of(e->d_name, base))
      continue;
    char name[2 * PATH_MAX];
    snprintf(name, sizeof name, "%s%s%s", dir, slash ? "" : "/", e->d_name);
    int fd = open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat held, now;
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0 && fstat(fd, &held) == 0 &&
        lstat(name, &now) == 0 && held.st_ino == now.st_ino && held.st_dev == now.st_dev &&
        S_ISREG(now.st_mode))
      unlink(name);
    if (fd >= 0)
      close(fd); /* releases the lock */
  }
  if (d)
    closedir(d);
}

/* A fresh temporary file beside path, locked; its name in o->tmp. A
 * cleaner may remove the file between its creation and the lock: then the
 * file is made again. Where flock does not work, no cleaner removes it. */
static int open_tmp(EsOutput *o, const char *path) {
  for (;;) {
    snprintf(o->tmp, strlen(path) + TMP_SUFFIX_LEN + 1, "%s.tmpXXXXXX", path);
    int fd = mkstemp(o->tmp), rc;
    if (fd < 0)
      return -1;
    while ((rc = flock(fd, LOCK_EX)) != 0 && errno == EINTR)
      continue;
    struct stat held, now;
    if (rc != 0 || (fstat(fd, &held) == 0 && stat(o->tmp, &now) == 0 && held.st_ino == now.st_ino &&
                    held.st_dev == now.st_dev))
      return fd;
    close(fd);
  }
}

/* The mode a new file gets (as fopen would make it), or the replaced one's. */
static mode_t mode_for(const struct stat *old, bool exists) {
  if (exists)
    return old->st_mode & 07777;
  mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

/* The file to replace: path with its symbolic links resolved, so that a
 * link stays a link; a dangling link's target (one level). NULL when out of
 * memory. */
static char *resolve(const char *path) {
  char *real = realpath(path, NULL), link[PATH_MAX];
  if (real)
    return real;
  struct stat st;
  ssize_t n =
      lstat(path, &st) == 0 && S_ISLNK(st.st_mode) ? readlink(path, link, sizeof link - 1) : -1;
  if (n <= 0)
    return strdup(path); /* a new file */
  link[n] = '\0';
  const char *slash = strrchr(path, '/');
  int dir = link[0] != '/' && slash ? (int)(slash - path) + 1 : 0;
  char *t = malloc((size_t)dir + (size_t)n + 1);
  if (t)
    snprintf(t, (size_t)dir + (size_t)n + 1, "%.*s%s", dir, path, link);
  return t;
}

static int fail(EsOutput *o, const char *path, EsError *err) {
  int e = errno;
  es_output_abort(o);
  return es_error_set(err, e == ENOMEM ? ES_ENOMEM : ES_EIO, path, 0, 0, "cannot write '%s': %s",
                      path, strerror(e));
}

int es_output_open(EsOutput *o, const char *path, EsError *err) {
  memset(o, 0, sizeof *o);
  if (strcmp(path, "-") == 0) {
    o->f = stdout;
    return ES_OK;
  }
  struct stat st;
  bool exists = stat(path, &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    return fail(o, path, err);
  }
  bool special = !strncmp(path, "/dev/", 5) || !strncmp(path, "/proc/", 6);
  if (exists && (!S_ISREG(st.st_mode) || special)) { /* in place */
    if (!(o->path = strdup(path)) || !(o->f = fopen(path, "w")))
      return fail(o, path, err);
    return ES_OK;
  }
  char *target = resolve(path);
  if (!target)
    return fail(o, path, err);
  o->path = target;
  if (!(o->tmp = malloc(strlen(target) + TMP_SUFFIX_LEN + 1)))
    return fail(o, path, err);
  clean_stale(target);
  int fd = open_tmp(o, target);
  if (fd < 0) {
    int e = errno;
    free(o->tmp), o->tmp = NULL; /* nothing to remove */
    errno = e;
    return fail(o, path, err);
  }
  if (fchmod(fd, mode_for(&st, exists)) != 0 || !(o->f = fdopen(fd, "w"))) {
    close(fd);
    return fail(o, path, err);
  }
  return ES_OK;
}

int es_output_commit(EsOutput *o, EsError *err) {
  if (!o->tmp) { /* standard output, or a device written in place */
    errno = 0;
    bool bad = fflush(o->f) != 0 || ferror(o->f);
    int e = errno ? errno : EIO;
    int rc =
        bad ? es_error_set(err, ES_EIO, o->path ? o->path : "<stdout>", 0, 0, "cannot write %s: %s",
                           o->path ? o->path : "standard output", strerror(e))
            : ES_OK;
    if (o->f == stdout)
      o->f = NULL;
    es_output_abort(o);
    return rc;
  }
  /* Renamed while still locked, so that no cleaner takes the file. */
  errno = 0;
  bool bad =
      fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0 || rename(o->tmp, o->path) != 0;
  int e = errno ? errno : EIO;
  fclose(o->f); /* complete and on disk, or abandoned below */
  o->f = NULL;
  if (bad) {
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
