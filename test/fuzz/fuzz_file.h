/* What the fuzz targets share: readers that take a path get their input as
 * a file. Each target process keeps its files in one private folder
 * (TMPDIR, else /dev/shm, a file system in memory, else /tmp), removed at
 * exit. */
#ifndef ESCHED_TEST_FUZZ_FILE_H
#define ESCHED_TEST_FUZZ_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "scheduler/base/error.h"

/* Writes data[0..size) to the file `name` ("input.yaml", ...) of the
 * target's folder and returns its path (valid until the next call with the
 * same name); aborts when it cannot. At most 4 names. */
const char *fuzz_file(const char *name, const void *data, size_t size);

/* A writer of the scheduler library, on one object. */
typedef bool (*FuzzWriter)(FILE *f, const void *obj);

/* The round trip of a reader: writes obj with write and reads the text
 * back with read (from a file, into ctx), which must succeed; aborts,
 * printing the text and the error, when it does not. Nothing happens when
 * the writer itself fails. */
typedef int (*FuzzReader)(const char *path, void *ctx, EsError *err);
void fuzz_round_trip(const char *what, FuzzWriter write, const void *obj, FuzzReader read,
                     void *ctx);

#endif
