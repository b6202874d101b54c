/* Whole-file input with transparent gzip (textfile.h). The only file that
 * includes zlib.h. */
#include "scheduler/io/textfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef ESCHED_HAVE_ZLIB
#include <zlib.h>
#endif

typedef struct Buf {
  char *p;
  size_t len, cap;
} Buf;

static int grow(Buf *b, size_t need) {
  if (b->cap - b->len > need)
    return ES_OK;
  size_t cap = b->cap ? b->cap : 65536;
  while (cap - b->len <= need)
    cap *= 2;
  char *p = realloc(b->p, cap);
  if (!p)
    return ES_ENOMEM;
  b->p = p, b->cap = cap;
  return ES_OK;
}

#ifdef ESCHED_HAVE_ZLIB
/* gzread reads plain files unchanged, so every regular file goes through
 * zlib when it is there. */
static int read_all(const char *path, Buf *b, EsError *err) {
  gzFile f = strcmp(path, "-") == 0 ? gzdopen(0, "rb") : gzopen(path, "rb");
  if (!f)
    return es_error_set(err, ES_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
  int rc = ES_OK, n;
  for (;;) {
    if ((rc = grow(b, 65536)))
      break;
    if ((n = gzread(f, b->p + b->len, 65536)) <= 0)
      break;
    b->len += (size_t)n;
  }
  if (!rc && n < 0) {
    int zerr;
    const char *msg = gzerror(f, &zerr);
    rc = es_error_set(err, ES_EIO, path, 0, 0, "cannot read: %s", msg);
  }
  if (strcmp(path, "-") != 0)
    gzclose(f);
  return rc == ES_ENOMEM ? es_error_set(err, rc, path, 0, 0, "out of memory") : rc;
}
#else
static int read_all(const char *path, Buf *b, EsError *err) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f)
    return es_error_set(err, ES_EIO, path, 0, 0, "cannot open: %s", strerror(errno));
  int rc = ES_OK;
  size_t n;
  do {
    if ((rc = grow(b, 65536)))
      break;
    n = fread(b->p + b->len, 1, 65536, f);
    b->len += n;
  } while (n > 0);
  if (!rc && ferror(f))
    rc = es_error_set(err, ES_EIO, path, 0, 0, "cannot read: %s", strerror(errno));
  if (f != stdin)
    fclose(f);
  if (!rc && b->len >= 2 && (unsigned char)b->p[0] == 0x1f && (unsigned char)b->p[1] == 0x8b)
    rc = es_error_set(err, ES_EIO, path, 0, 0,
                      "gzip-compressed file, but esched was built without zlib; gunzip it");
  return rc == ES_ENOMEM ? es_error_set(err, rc, path, 0, 0, "out of memory") : rc;
}
#endif

int es_textfile_read(const char *path, char **buf, size_t *len, EsError *err) {
  Buf b = {0};
  int rc = read_all(path, &b, err);
  if (!rc && (rc = grow(&b, 1)))
    es_error_set(err, rc, path, 0, 0, "out of memory");
  if (!rc && memchr(b.p, '\0', b.len))
    rc = es_error_set(err, ES_EINVAL, path, 0, 0, "not a text file (it holds a NUL byte)");
  if (rc) {
    free(b.p);
    return rc;
  }
  b.p[b.len] = '\0';
  *buf = b.p;
  *len = b.len;
  return ES_OK;
}
