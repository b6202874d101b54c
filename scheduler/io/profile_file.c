/* Profile files as the build and the runtime keep them (docs/formats.md,
 * "Profile file"): loading with a fallback to the last good copy, saving
 * with that copy, and merging a run's samples into a file shared by runs
 * and programs.
 *
 * PATH.good is the last good profile: es_profile_save writes it beside PATH
 * with the same bytes each time it writes PATH. A profile is only ever
 * replaced by rename, so a corrupt PATH comes from outside (an edit, a
 * truncated copy); PATH.good is then what PATH was when esched last wrote
 * it. PATH.lock serializes read-merge-write cycles of concurrent runs (an
 * fcntl lock; the empty file stays).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "scheduler/io/files.h"

static char *with_suffix(const char *path, const char *suffix) {
  size_t n = strlen(path), k = strlen(suffix);
  char *s = malloc(n + k + 1);
  if (s) {
    memcpy(s, path, n);
    memcpy(s + n, suffix, k + 1);
  }
  return s;
}

static bool exists(const char *path) { return access(path, F_OK) == 0 || errno != ENOENT; }

int es_profile_load_or_fallback(const char *path, EsProfile **out, EsProfileOrigin *origin,
                                EsError *warning) {
  *out = NULL;
  *origin = ES_PROFILE_MISSING;
  if (!exists(path))
    return ES_OK;
  int rc = es_profile_read(path, out, warning);
  if (rc == ES_OK)
    *origin = ES_PROFILE_FROM_FILE;
  if (rc == ES_OK || rc == ES_ENOMEM)
    return rc;
  char *good = with_suffix(path, ES_PROFILE_GOOD_SUFFIX);
  if (!good)
    return ES_ENOMEM;
  EsError ignored = {0}; /* the warning is about path, not about its copy */
  *origin = ES_PROFILE_DEFAULTS;
  if (exists(good) && es_profile_read(good, out, &ignored) == ES_OK)
    *origin = ES_PROFILE_FROM_GOOD;
  free(good);
  return ES_OK;
}

static int write_one(const char *path, const EsProfile *p, EsError *err) {
  EsOutput out;
  int rc = es_output_open(&out, path, err);
  if (rc)
    return rc;
  if (!es_profile_write(out.f, p)) {
    int e = ferror(out.f) ? errno : 0; /* the writer stops at the first failed write */
    es_output_abort(&out);
    return es_error_set(err, ES_EIO, path, 0, 0, "cannot write '%s'%s%s", path, e ? ": " : "",
                        e ? strerror(e) : "");
  }
  return es_output_commit(&out, err);
}

int es_profile_save(const char *path, const EsProfile *p, EsError *err) {
  char *good = with_suffix(path, ES_PROFILE_GOOD_SUFFIX);
  if (!good)
    return es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  int rc = write_one(path, p, err);
  if (rc == ES_OK)
    rc = write_one(good, p, err);
  free(good);
  return rc;
}

/* An exclusive fcntl lock on path.lock, or -1 when locking is impossible
 * (the merge then goes on unlocked: the write itself stays atomic). A lock
 * file that is a symbolic link is not followed (it could make a run create
 * or lock a file anywhere the link points): that is an error, -2. */
static int lock_profile(const char *path, EsError *err) {
  char *name = with_suffix(path, ".lock");
  int fd = name ? open(name, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666) : -1;
  int e = fd < 0 ? errno : 0;
  if (e == ELOOP)
    es_error_set(err, ES_EIO, path, 0, 0, "the lock file '%s' is a symbolic link; not following it",
                 name);
  free(name);
  if (fd < 0)
    return e == ELOOP ? -2 : -1;
  struct flock fl;
  memset(&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  int rc;
  while ((rc = fcntl(fd, F_SETLKW, &fl)) != 0 && errno == EINTR)
    continue;
  if (rc != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

int es_profile_merge_file(const char *path, const EsProfile *from, EsError *err) {
  int lock = lock_profile(path, err);
  if (lock == -2)
    return ES_EIO;
  EsProfile *all = NULL;
  int rc = exists(path) ? es_profile_read(path, &all, err) : ES_OK;
  if (rc == ES_OK && !all && !(all = es_profile_new()))
    rc = es_error_set(err, ES_ENOMEM, path, 0, 0, "out of memory");
  if (rc == ES_OK && (rc = es_profile_merge(all, from)) != ES_OK)
    es_error_set(err, rc, path, 0, 0, "out of memory");
  if (rc == ES_OK) /* a file that is not a profile was left untouched above */
    rc = es_profile_save(path, all, err);
  es_profile_free(all);
  if (lock >= 0)
    close(lock); /* releases the lock */
  return rc;
}
