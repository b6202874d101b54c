/* Table 1 statistics of sum-product task trees (sumproduct.h). */
#include <math.h>

#include "scheduler/sumproduct/sumproduct.h"

static void add(double acc[3], double x, int k) {
  acc[0] = k == 0 ? x : fmin(acc[0], x);
  acc[1] += x;
  acc[2] = k == 0 ? x : fmax(acc[2], x);
}

void es_sp_stats(const EsElimTree *t, const double *cpu, const double *gpu, EsSpStats *out) {
  *out = (EsSpStats){.tasks = t->ntasks, .width = t->width};
  for (int i = 0; i < t->ntasks; i++) {
    add(out->cpu, cpu[i], i);
    add(out->gpu, gpu[i], i);
    add(out->speedup, cpu[i] / gpu[i], i);
    add(out->transfer, ES_SP_ENTRY_BYTES * t->tasks[i].in_entries, i);
    out->max_product = fmax(out->max_product, t->tasks[i].product_entries);
  }
  if (t->ntasks > 0) {
    out->cpu[1] /= t->ntasks;
    out->gpu[1] /= t->ntasks;
    out->speedup[1] /= t->ntasks;
    out->transfer[1] /= t->ntasks;
  }
}

static void triple(FILE *f, const double v[3], double scale, int width) {
  char buf[80];
  snprintf(buf, sizeof buf, "%.3g/%.3g/%.3g", v[0] * scale, v[1] * scale, v[2] * scale);
  fprintf(f, " %-*s", width, buf);
}

void es_sp_stats_write(FILE *f, const char *name, const EsSpStats *s, bool header) {
  if (header)
    fprintf(f, "%-12s %5s %5s %-24s %-24s %-24s %s\n", "network", "tasks", "width",
            "cpu ms min/avg/max", "gpu ms min/avg/max", "speedup min/avg/max",
            "transfer kB min/avg/max");
  fprintf(f, "%-12s %5d %5d", name, s->tasks, s->width);
  triple(f, s->cpu, 1e3, 24);
  triple(f, s->gpu, 1e3, 24);
  triple(f, s->speedup, 1, 24);
  triple(f, s->transfer, 1e-3, 0);
  fprintf(f, "\n");
}
