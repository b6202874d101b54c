/* Gantt charts as SVG (gantt.h). Each chart: a title, a level legend, one
 * row per device (its name on the left, idle time shaded: hatched when the
 * device is off, tinted when it idles at a low level), then one row per link
 * direction with its transfers; a box per task run shaded by DVFS level
 * (darker = faster, dashed = duplicate) with its name inside when it fits,
 * in a colour that reads on the shade; arrows for data between processors
 * (thinned beyond a few thousand); a time axis with round ticks and its
 * unit. Every element is one line with a class (task, dup, transfer, idle,
 * xfer, tick, label, row, deadline) so tools and tests can count them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/report/gantt.h"
#include "scheduler/report/units.h"

enum { LEFT = 110, WIDTH = 1000, TITLE_H = 40, AXIS_H = 44, GAP = 16, MAX_ARROWS = 2000 };
enum { CHAR_W = 7 }; /* average width of an 11 px sans-serif character */

typedef struct Frame {
  FILE *f;
  const EsChart *c;
  double top, row_h;
} Frame;

static double x_of(const Frame *fr, double t) {
  return LEFT + (fr->c->makespan > 0 ? t / fr->c->makespan : 0) * WIDTH;
}

static double y_of(const Frame *fr, int row) { return fr->top + row * fr->row_h; }

/* XML-escapes s into buf. */
static const char *esc(const char *s, char *buf, size_t n) {
  size_t k = 0;
  for (; s && *s && k + 7 < n; s++) {
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

/* Lightness of a level's shade: level 0 dark blue, lighter per level down. */
static int level_lightness(int level) { return 35 + 12 * (level < 0 ? 0 : level < 5 ? level : 5); }

/* Seconds shown in the unit that keeps tick labels short (us, ms or s);
 * other units as they are. */
static double axis_scale(const EsChart *c, const char **unit) {
  *unit = *c->time_unit ? c->time_unit : "units";
  if (strcmp(c->time_unit, "s") != 0 || c->makespan >= 1)
    return 1;
  *unit = c->makespan < 1e-3 ? "\xc2\xb5s" : "ms";
  return c->makespan < 1e-3 ? 1e6 : 1e3;
}

static void axis(const Frame *fr) {
  const EsChart *c = fr->c;
  const char *unit;
  double k = axis_scale(c, &unit), span = c->makespan * k;
  double y = y_of(fr, c->nrows);
  double raw = span / 10, step = pow(10, floor(log10(raw > 0 ? raw : 1)));
  if (raw / step >= 5)
    step *= 5;
  else if (raw / step >= 2)
    step *= 2;
  fprintf(fr->f,
          "<line class=\"axis\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#000\"/>\n",
          LEFT, y, LEFT + WIDTH, y);
  for (int i = 0; span > 0 && i * step <= span * (1 + 1e-9); i++) {
    double t = i * step, x = x_of(fr, t / k);
    fprintf(fr->f,
            "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>"
            "<text class=\"ticklabel\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n",
            x, y, x, y + 5, x, y + 18, t);
  }
  fprintf(fr->f, "<text class=\"unit\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">time (%s)</text>\n",
          LEFT + WIDTH, y + 34, unit);
}

/* Idle gaps of a device row: between its boxes, and up to the makespan. */
static void idle_row(const Frame *fr, int r) {
  const EsChart *c = fr->c;
  int st = c->rows[r].idle_state;
  const char *fill = st == -2 ? "url(#off)" : st >= 0 ? "#d8e8d0" : "#f0f0f0";
  double *iv = malloc(sizeof(double) * 2 * ((size_t)c->nbars + 1));
  int n = 0;
  for (int i = 0; iv && i < c->nbars; i++)
    if (c->bars[i].row == r)
      iv[2 * n] = c->bars[i].start, iv[2 * n + 1] = c->bars[i].finish, n++;
  for (int i = 1; iv && i < n; i++) /* insertion sort by start */
    for (int j = i; j > 0 && iv[2 * j] < iv[2 * j - 2]; j--) {
      double s = iv[2 * j], e = iv[2 * j + 1];
      iv[2 * j] = iv[2 * j - 2], iv[2 * j + 1] = iv[2 * j - 1];
      iv[2 * j - 2] = s, iv[2 * j - 1] = e;
    }
  double t = 0, y = y_of(fr, r) + 1;
  for (int i = 0; iv && i <= n; i++) {
    double next = i < n ? iv[2 * i] : c->makespan;
    if (next > t + 1e-12 * (c->makespan + 1))
      fprintf(fr->f,
              "<rect class=\"idle\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" "
              "fill=\"%s\"/>\n",
              x_of(fr, t), y, x_of(fr, next) - x_of(fr, t), fr->row_h - 2, fill);
    if (i < n && iv[2 * i + 1] > t)
      t = iv[2 * i + 1];
  }
  free(iv);
}

/* A task run or a transfer, with its name inside when it fits. */
static void bar(const Frame *fr, const EsBar *b) {
  const EsChart *c = fr->c;
  char name[256], fill[40], what[200], bytes[32];
  double x = x_of(fr, b->start), w = x_of(fr, b->finish) - x, y = y_of(fr, b->row) + 1;
  if (w < 2 && b->finish > b->start)
    w = 2; /* a short transfer still shows */
  bool xfer = b->level < 0;
  int light = xfer ? 62 : level_lightness(b->level);
  if (xfer) {
    snprintf(fill, sizeof fill, "hsl(8,70%%,%d%%)", light);
    snprintf(what, sizeof what, "%s, %s", c->rows[b->row].name,
             es_human_bytes(b->bytes, bytes, sizeof bytes));
  } else {
    snprintf(fill, sizeof fill, "hsl(210,65%%,%d%%)", light);
    snprintf(what, sizeof what, "on %s level %d", c->rows[b->row].name, b->level);
  }
  esc(b->label, name, sizeof name);
  fprintf(fr->f,
          "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%.1f\" fill=\"%s\" "
          "stroke=\"#fff\"%s><title>%s %s [%g, %g]</title></rect>\n",
          xfer     ? "transfer"
          : b->dup ? "dup"
                   : "task",
          x, y, w, fr->row_h - 2, fill,
          b->dup ? " stroke-dasharray=\"3,2\" stroke-width=\"1.5\"" : "", name, what, b->start,
          b->finish);
  if (w >= CHAR_W * (double)strlen(b->label) + 4 && fr->row_h >= 12)
    fprintf(fr->f,
            "<text class=\"label\" x=\"%.2f\" y=\"%.1f\" text-anchor=\"middle\" "
            "fill=\"%s\">%s</text>\n",
            x + w / 2, y + fr->row_h / 2 + 3, light < 55 ? "#fff" : "#111", name);
}

static void arrows(const Frame *fr) {
  const EsChart *c = fr->c;
  int every = c->narrows > MAX_ARROWS ? (c->narrows + MAX_ARROWS - 1) / MAX_ARROWS : 1;
  bool many = c->narrows > 100; /* faint, without heads: the flow shows, the boxes stay readable */
  for (int i = 0; i < c->narrows; i += every) {
    const EsArrow *a = &c->arrows[i];
    fprintf(fr->f,
            "<line class=\"xfer\" x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" "
            "stroke=\"#c0392b\" stroke-opacity=\"%s\"%s/>\n",
            x_of(fr, a->from_t), y_of(fr, a->from_row) + fr->row_h / 2, x_of(fr, a->to_t),
            y_of(fr, a->to_row) + fr->row_h / 2, many ? "0.1" : "0.6",
            many ? " stroke-width=\"0.5\"" : " marker-end=\"url(#arrow)\"");
  }
}

/* Title, level shades (top right) and row names. */
static void heading(const Frame *fr) {
  const EsChart *c = fr->c;
  char name[600];
  fprintf(fr->f, "<text class=\"title\" x=\"%d\" y=\"%.1f\" font-size=\"14\">%s</text>\n", LEFT,
          fr->top - 20, esc(c->title, name, sizeof name));
  int maxl = -1;
  for (int i = 0; i < c->nbars; i++)
    maxl = c->bars[i].level > maxl ? c->bars[i].level : maxl;
  for (int l = 0; l <= maxl && l < 6 && maxl > 0; l++) {
    int x = LEFT + WIDTH - 60 * (maxl + 1 - l);
    fprintf(fr->f,
            "<rect class=\"legend\" x=\"%d\" y=\"%.1f\" width=\"14\" height=\"14\" "
            "fill=\"hsl(210,65%%,%d%%)\"/><text x=\"%d\" y=\"%.1f\">level %d</text>\n",
            x, fr->top - 14 - 18, level_lightness(l), x + 17, fr->top - 14 - 7, l);
  }
  for (int r = 0; r < c->nrows; r++)
    fprintf(fr->f, "<text class=\"row\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
            LEFT - 6, y_of(fr, r) + fr->row_h / 2 + 4, esc(c->rows[r].name, name, sizeof name));
}

static double row_height(const EsChart *c) {
  return c->nrows > 30 ? (720.0 / c->nrows > 3 ? 720.0 / c->nrows : 3) : 24;
}

static void chart(FILE *f, const EsChart *c, double top) {
  Frame fr = {f, c, top, row_height(c)};
  heading(&fr);
  for (int r = 0; r < c->nrows; r++)
    if (c->rows[r].kind == ES_ROW_DEVICE)
      idle_row(&fr, r);
  for (int i = 0; i < c->nbars; i++)
    bar(&fr, &c->bars[i]);
  arrows(&fr);
  if (!isnan(c->deadline))
    fprintf(f,
            "<line class=\"deadline\" x1=\"%.2f\" y1=\"%.1f\" x2=\"%.2f\" y2=\"%.1f\" "
            "stroke=\"#c0392b\" stroke-dasharray=\"6,3\"/>\n",
            x_of(&fr, c->deadline), top - 4, x_of(&fr, c->deadline), y_of(&fr, c->nrows));
  axis(&fr);
}

int es_gantt_svg(FILE *f, const EsChart *const *charts, int n) {
  double height = 0;
  for (int i = 0; i < n; i++)
    height += TITLE_H + charts[i]->nrows * row_height(charts[i]) + AXIS_H + GAP;
  fprintf(f,
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%.0f\" "
          "font-family=\"sans-serif\" font-size=\"11\">\n"
          "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n"
          "<defs><pattern id=\"off\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
          "<path d=\"M0,6 L6,0\" stroke=\"#bbb\"/></pattern>"
          "<marker id=\"arrow\" markerWidth=\"6\" markerHeight=\"6\" refX=\"5\" refY=\"3\" "
          "orient=\"auto\"><path d=\"M0,0 L6,3 L0,6 z\" fill=\"#c0392b\"/></marker></defs>\n",
          LEFT + WIDTH + 20, height);
  double top = 0;
  for (int i = 0; i < n; i++) {
    chart(f, charts[i], top + TITLE_H);
    top += TITLE_H + charts[i]->nrows * row_height(charts[i]) + AXIS_H + GAP;
  }
  fprintf(f, "</svg>\n");
  return ferror(f) ? ES_EIO : ES_OK;
}
