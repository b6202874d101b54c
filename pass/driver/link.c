/* Does a link use the runtime (link.h)? A byte search of the inputs for the
 * prefix of the runtime's symbols: the symbol tables of objects and the
 * archive indexes name every function they call. */
#define _GNU_SOURCE /* memmem */
#include "pass/driver/link.h"

#include <stdio.h>
#include <string.h>

enum { KEY_MAX = 8 };

static bool names_runtime(const char *path, const char *key) {
  size_t klen = strlen(key);
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char buf[(1 << 16) + KEY_MAX];
  size_t carry = 0, n;
  bool found = false;
  while (!found && (n = fread(buf + carry, 1, sizeof buf - carry, f)) > 0) {
    size_t len = carry + n;
    found = memmem(buf, len, key, klen) != NULL;
    carry = len < klen ? len : klen;
    memmove(buf, buf + len - carry, carry);
  }
  fclose(f);
  return found;
}

bool link_needs_runtime(const CcArgs *c, bool rewrote, bool starpu) {
  if (rewrote)
    return true;
  const char *key = starpu ? "esp_" : "esrt_"; /* shorter than KEY_MAX */
  for (int k = c->first; k < c->argc; k++)
    if (cc_is_input(c, k) && !cc_is_c_source(c, k) && names_runtime(c->argv[k], key))
      return true;
  return false;
}
