/* What the fuzz targets share: readers that take a path get their input as
 * a file. Each target process keeps its files in one private folder
 * (TMPDIR, else /dev/shm, a file system in memory, else /tmp), removed at
 * exit. */
#ifndef ESCHED_TEST_FUZZ_FILE_H
#define ESCHED_TEST_FUZZ_FILE_H

#include <stddef.h>

/* Writes data[0..size) to the file `name` ("input.yaml", ...) of the
 * target's folder and returns its path (valid until the next call with the
 * same name); aborts when it cannot. At most 4 names. */
const char *fuzz_file(const char *name, const void *data, size_t size);

#endif
