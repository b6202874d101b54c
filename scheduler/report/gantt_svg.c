/* The Gantt chart writer (gantt.h). Geometry: a chart WIDTH pixels wide
 * after a LEFT margin for processor names; rows ROW_H high (thinner with
 * many processors); time maps linearly from [0, makespan]. Every element is
 * one line with a class (task, dup, idle, xfer, tick, label) so that tools
 * and tests can count them. */
#include "scheduler/report/gantt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { LEFT = 90, WIDTH = 1000, TOP = 40, AXIS_H = 30, MAX_XFERS = 2000, CHAR_W = 7 };

typedef struct Chart {
  FILE *f;
  const EsSchedule *s;
  const char **rows; /* device names in order of first appearance */
  int nrows;
  double makespan, row_h;
} Chart;

static double x_of(const Chart *c, double t) {
  return LEFT + (c->makespan > 0 ? t / c->makespan : 0) * WIDTH;
}

static int row_of(const Chart *c, const char *dev) {
  for (int i = 0; i < c->nrows; i++)
    if (!strcmp(c->rows[i], dev))
      return i;
  return -1;
}

/* XML-escapes a name into buf. */
static const char *esc(const char *s, char *buf, size_t n) {
  size_t k = 0;
  for (; *s && k + 6 < n; s++) {
    const char *r = *s == '<'   ? "&lt;"
                    : *s == '>' ? "&gt;"
                    : *s == '&' ? "&amp;"
                    : *s == '"' ? "&quot;"
                                : NULL;
    if (r)
      k += (size_t)snprintf(buf + k, n - k, "%s", r);
    else
      buf[k++] = *s;
  }
  buf[k] = '\0';
  return buf;
}

/* Fill of a level: level 0 dark blue, lighter per level down. */
static void level_fill(int level, char out[32]) {
  int l = 35 + 12 * (level < 0 ? 0 : level < 5 ? level : 5);
  snprintf(out, 32, "hsl(210,65%%,%d%%)", l);
}

static void axis(const Chart *c) {
  double y = TOP + c->nrows * c->row_h;
  double raw = c->makespan / 10, step = pow(10, floor(log10(raw > 0 ? raw : 1)));
  if (raw / step >= 5)
    step *= 5;
  else if (raw / step >= 2)
    step *= 2;
  fprintf(c->f,
          "<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#000\"/>\n",
          LEFT, y, LEFT + WIDTH, y);
  for (int i = 0; c->makespan > 0 && i * step <= c->makespan * (1 + 1e-9); i++) {
    double t = i * step, x = x_of(c, t);
    fprintf(c->f,
            "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>"
            "<text class=\"ticklabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
            x, y, x, y + 5, x, y + 18, t);
  }
}

static int idle_state_of(const EsSchedule *s, const char *dev) {
  for (int i = 0; i < s->nidle; i++)
    if (!strcmp(s->idle_device[i], dev))
      return s->idle_state[i];
  return -1; /* the device's own idle power */
}

/* Idle gaps of one row: between the sorted boxes, and to the makespan. */
static void idle_row(const Chart *c, int r, double *starts, double *ends, int n) {
  int st = idle_state_of(c->s, c->rows[r]);
  const char *fill = st == -2 ? "url(#off)" : st >= 0 ? "#d8e8d0" : "#eeeeee";
  double t = 0, y = TOP + r * c->row_h + 1;
  for (int i = 0; i <= n; i++) {
    double next = i < n ? starts[i] : c->makespan;
    if (next > t + 1e-12 * (c->makespan + 1))
      fprintf(c->f,
              "<rect class=\"idle\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" "
              "fill=\"%s\"/>\n",
              x_of(c, t), y, x_of(c, next) - x_of(c, t), c->row_h - 2, fill);
    if (i < n && ends[i] > t)
      t = ends[i];
  }
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Per row, the copies' intervals sorted by start (ends paired by sorting
 * (start, end) pairs as a two-double record). */
static int idle_all(const Chart *c) {
  const EsSchedule *s = c->s;
  double *pairs = malloc(((size_t)s->nentries + 1) * 2 * sizeof(double));
  double *st = malloc(((size_t)s->nentries + 1) * sizeof(double));
  double *en = malloc(((size_t)s->nentries + 1) * sizeof(double));
  if (!pairs || !st || !en) {
    free(pairs), free(st), free(en);
    return ES_ENOMEM;
  }
  for (int r = 0; r < c->nrows; r++) {
    int n = 0;
    for (int i = 0; i < s->nentries; i++)
      if (!strcmp(s->entries[i].device, c->rows[r]))
        pairs[2 * n] = s->entries[i].start, pairs[2 * n + 1] = s->entries[i].finish, n++;
    qsort(pairs, (size_t)n, 2 * sizeof(double), cmp_double);
    for (int i = 0; i < n; i++)
      st[i] = pairs[2 * i], en[i] = pairs[2 * i + 1];
    idle_row(c, r, st, en, n);
  }
  free(pairs), free(st), free(en);
  return ES_OK;
}

static void boxes(const Chart *c) {
  char fill[32], name[256];
  for (int i = 0; i < c->s->nentries; i++) {
    const EsScheduleEntry *e = &c->s->entries[i];
    int r = row_of(c, e->device);
    double x = x_of(c, e->start), w = x_of(c, e->finish) - x, y = TOP + r * c->row_h + 1;
    level_fill(e->level, fill);
    esc(e->task, name, sizeof name);
    fprintf(c->f,
            "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\" "
            "stroke=\"#fff\"%s><title>%s on %s level %d [%g, %g]</title></rect>\n",
            e->duplicate ? "dup" : "task", x, y, w, c->row_h - 2, fill,
            e->duplicate ? " stroke-dasharray=\"3,2\" stroke-width=\"1.5\"" : "", name, e->device,
            e->level, e->start, e->finish);
    if (w >= CHAR_W * (double)strlen(e->task) + 4 && c->row_h >= 12)
      fprintf(c->f,
              "<text class=\"label\" x=\"%.2f\" y=\"%.1f\" text-anchor=\"middle\" "
              "fill=\"#fff\">%s</text>\n",
              x + w / 2, y + c->row_h / 2 + 3, name);
  }
}

/* Transfers: an edge between copies on different rows, drawn from the
 * producer's own copy. Thinned to MAX_XFERS evenly. */
static void transfers(const Chart *c, const EsGraph *g) {
  int n = 0;
  for (int e = 0; e < g->nedges; e++) {
    const EsScheduleEntry *a = es_schedule_find(c->s, g->tasks[g->edges[e].from].name);
    const EsScheduleEntry *b = es_schedule_find(c->s, g->tasks[g->edges[e].to].name);
    n += a && b && strcmp(a->device, b->device) != 0;
  }
  int every = n > MAX_XFERS ? (n + MAX_XFERS - 1) / MAX_XFERS : 1;
  bool many = n > 100; /* faint, without heads: the flow shows, the boxes stay readable */
  for (int e = 0, k = 0; e < g->nedges; e++) {
    const EsScheduleEntry *a = es_schedule_find(c->s, g->tasks[g->edges[e].from].name);
    const EsScheduleEntry *b = es_schedule_find(c->s, g->tasks[g->edges[e].to].name);
    if (!a || !b || !strcmp(a->device, b->device) || k++ % every)
      continue;
    double ya = TOP + (row_of(c, a->device) + 0.5) * c->row_h;
    double yb = TOP + (row_of(c, b->device) + 0.5) * c->row_h;
    fprintf(c->f,
            "<line class=\"xfer\" x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" "
            "stroke=\"#c0392b\" stroke-opacity=\"%s\"%s/>\n",
            x_of(c, a->finish), ya, x_of(c, b->start), yb, many ? "0.1" : "0.6",
            many ? " stroke-width=\"0.5\"" : " marker-end=\"url(#arrow)\"");
  }
}

static void header(const Chart *c, double height) {
  char name[256];
  const EsSchedule *s = c->s;
  fprintf(c->f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%.0f\" "
          "font-family=\"sans-serif\" font-size=\"11\">\n"
          "<defs><pattern id=\"off\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
          "<path d=\"M0,6 L6,0\" stroke=\"#bbb\"/></pattern>"
          "<marker id=\"arrow\" markerWidth=\"6\" markerHeight=\"6\" refX=\"5\" refY=\"3\" "
          "orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 z\" fill=\"#c0392b\"/></marker></defs>\n",
          LEFT + WIDTH + 20, height);
  fprintf(c->f, "<text class=\"title\" x=\"%d\" y=\"20\" font-size=\"14\">%s: %s, makespan %g",
          LEFT, esc(s->graph ? s->graph : "schedule", name, sizeof name),
          s->algorithm ? s->algorithm : "?", s->makespan);
  if (!isnan(s->total_energy))
    fprintf(c->f, ", energy %g%s%s", s->total_energy, *s->energy_unit ? " " : "", s->energy_unit);
  if (s->dvfs)
    fprintf(c->f, ", dvfs %s", s->dvfs);
  fprintf(c->f, "</text>\n");
  for (int r = 0; r < c->nrows; r++)
    fprintf(c->f, "<text class=\"row\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            LEFT - 6, TOP + (r + 0.5) * c->row_h + 4, esc(c->rows[r], name, sizeof name));
}

/* Processor names in natural order (p2 before p10). */
static int natural_cmp(const void *x, const void *y) {
  const char *a = *(const char *const *)x, *b = *(const char *const *)y;
  size_t i = 0;
  while (a[i] && a[i] == b[i] && !(a[i] >= '0' && a[i] <= '9'))
    i++;
  if (a[i] >= '0' && a[i] <= '9' && b[i] >= '0' && b[i] <= '9') {
    long na = strtol(a + i, NULL, 10), nb = strtol(b + i, NULL, 10);
    if (na != nb)
      return na < nb ? -1 : 1;
  }
  return strcmp(a, b);
}

/* Level shades, top right. */
static void legend(const Chart *c) {
  int maxl = 0;
  for (int i = 0; i < c->s->nentries; i++)
    maxl = c->s->entries[i].level > maxl ? c->s->entries[i].level : maxl;
  for (int l = 0; l <= maxl && l < 6; l++) {
    char fill[32];
    level_fill(l, fill);
    int x = LEFT + WIDTH - 60 * (maxl + 1 - l);
    fprintf(c->f,
            "<rect class=\"legend\" x=\"%d\" y=\"8\" width=\"14\" height=\"14\" fill=\"%s\"/>"
            "<text x=\"%d\" y=\"19\">level %d</text>\n",
            x, fill, x + 17, l);
  }
}

int es_gantt_svg(FILE *f, const EsSchedule *s, const EsGraph *g) {
  if (isnan(s->makespan))
    return ES_EINVAL;
  Chart c = {f, s, malloc(((size_t)s->nentries + 1) * sizeof(char *)), 0, s->makespan, 24};
  if (!c.rows)
    return ES_ENOMEM;
  for (int i = 0; i < s->nentries; i++)
    if (row_of(&c, s->entries[i].device) < 0)
      c.rows[c.nrows++] = s->entries[i].device;
  qsort(c.rows, (size_t)c.nrows, sizeof *c.rows, natural_cmp);
  if (c.nrows > 30)
    c.row_h = 720.0 / c.nrows > 3 ? 720.0 / c.nrows : 3;
  double height = TOP + c.nrows * c.row_h + AXIS_H + 10;
  header(&c, height);
  legend(&c);
  int rc = idle_all(&c);
  boxes(&c);
  if (g)
    transfers(&c, g);
  axis(&c);
  fprintf(f, "</svg>\n");
  free(c.rows);
  return rc ? rc : ferror(f) ? ES_EIO : ES_OK;
}
