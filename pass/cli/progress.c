/* The progress line of long solves (progress.h). */
#include "pass/cli/progress.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "pass/diag/diag.h"

static bool shown;

static void show(void *ctx, const char *algorithm, double seconds, double best, double bound) {
  (void)ctx;
  fprintf(stderr, "\r\033[Kesched: %s: %.0f s", algorithm, seconds);
  if (!isnan(best))
    fprintf(stderr, ", best %.6g", best);
  if (!isnan(bound))
    fprintf(stderr, ", bound %.6g", bound);
  if (!isnan(best) && !isnan(bound) && fabs(best) > 1e-12)
    fprintf(stderr, ", gap %.2f%%", 100 * (best - bound) / fabs(best));
  fflush(stderr);
  shown = true;
}

void cli_progress_attach(EsAlgoOptions *o) {
  if (isatty(STDERR_FILENO) && !diag_quiet())
    o->progress = show;
}

void cli_progress_end(void) {
  if (shown)
    fputs("\r\033[K", stderr);
  shown = false;
}
