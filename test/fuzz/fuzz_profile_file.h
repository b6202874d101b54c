/* What the targets that make profiles share (fuzz_profile.c,
 * fuzz_starpu.c): the profile they made, written, must read back. Apart
 * from fuzz_file.h, whose targets do not all link the scheduler. */
#ifndef ESCHED_TEST_FUZZ_PROFILE_FILE_H
#define ESCHED_TEST_FUZZ_PROFILE_FILE_H

#include "fuzz_file.h"
#include "scheduler/io/files.h"

static inline bool fuzz_write_profile(FILE *f, const void *p) { return es_profile_write(f, p); }

static inline int fuzz_read_profile(const char *path, void *again, EsError *err) {
  return es_profile_read(path, again, err);
}

/* Aborts, printing the text, when p written does not read back. */
static inline void fuzz_profile_round_trip(const EsProfile *p) {
  EsProfile *again = NULL;
  fuzz_round_trip("profile", fuzz_write_profile, p, fuzz_read_profile, &again);
  es_profile_free(again);
}

#endif
