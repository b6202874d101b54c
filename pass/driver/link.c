/* Does a link use the runtime (link.h)? A byte search of the inputs for the
 * prefix of the runtime's symbols: the symbol tables of objects and the
 * archive indexes name every function they call. */
#define _GNU_SOURCE /* memmem */
#include "pass/driver/link.h"

#include <stdio.h>
#include <string.h>

static bool names_runtime(const char *path) {
  static const char key[] = "esrt_";
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char buf[(1 << 16) + sizeof key];
  size_t carry = 0, n;
  bool found = false;
  while (!found && (n = fread(buf + carry, 1, sizeof buf - carry, f)) > 0) {
    size_t len = carry + n;
    found = memmem(buf, len, key, sizeof key - 1) != NULL;
    carry = len < sizeof key - 1 ? len : sizeof key - 1;
    memmove(buf, buf + len - carry, carry);
  }
  fclose(f);
  return found;
}

bool link_needs_runtime(const CcArgs *c, bool rewrote) {
  if (rewrote)
    return true;
  for (int k = c->first; k < c->argc; k++)
    if (cc_is_input(c, k) && !cc_is_c_source(c, k) && names_runtime(c->argv[k]))
      return true;
  return false;
}
