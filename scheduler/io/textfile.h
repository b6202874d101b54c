/* Whole-file input for the text readers of networks (BIF, UAI, evidence):
 * a file is read into one NUL-terminated buffer, decompressing gzip on the
 * fly when esched is built with zlib (ESCHED_HAVE_ZLIB), so that
 * `asia.bif.gz` reads like `asia.bif`. Lines and columns of diagnostics then
 * refer to the decompressed text. */
#ifndef ESCHED_SCHEDULER_TEXTFILE_H
#define ESCHED_SCHEDULER_TEXTFILE_H

#include <stddef.h>

#include "scheduler/base/error.h"

/* Reads path ("-" = stdin) into *buf (malloc'd, NUL-terminated, owned by the
 * caller) and its length into *len. A gzip file without zlib, a missing file
 * or a read error give ES_EIO with the reason; a file holding a NUL byte
 * gives ES_EINVAL (not text). */
int es_textfile_read(const char *path, char **buf, size_t *len, EsError *err);

#endif
