/* Whether a link needs esched's runtime: only when one of its inputs calls
 * it, so that every other link is exactly cc's (no extra libraries, and
 * -static links of plain programs need no static libraries of esched's). */
#ifndef ESCHED_PASS_DRIVER_LINK_H
#define ESCHED_PASS_DRIVER_LINK_H

#include <stdbool.h>

#include "pass/driver/cc_args.h"

/* True when rewrote (the command compiles a rewritten source itself, or
 * esched-cc --runtime asked for it), or one of its object files, archives
 * or shared objects names a runtime entry point (esrt_..., or with starpu
 * libesched_starpu's esp_...). Libraries
 * given as -lNAME are not searched: link a library of annotated objects by
 * its path, or with --runtime. */
bool link_needs_runtime(const CcArgs *c, bool rewrote, bool starpu);

#endif
