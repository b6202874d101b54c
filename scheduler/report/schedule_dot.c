/* The scheduled graph as DOT (schedule_dot.h). */
#include "scheduler/report/schedule_dot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/report/chart.h"
#include "scheduler/report/units.h"

enum { FAMILIES = 8, SHADES = 3, LEGEND_ROW = 8 };

/* Hues of the colour families (degrees), neighbours apart, since the
 * families of a kind's higher numbers follow it: blue, pink, green, red,
 * orange, cyan, purple, olive. */
static const int hues[FAMILIES] = {215, 330, 125, 0, 35, 185, 270, 65};
/* Fill and border lightness of a family's shades (percent): three that
 * stay apart, black text reading on each fill. */
static const int fill_light[SHADES] = {78, 62, 90}, stroke_light[SHADES] = {38, 25, 50};

/* Families of the device kinds platforms name, two apart so that a kind's
 * next numbers (cpu3..cpu5) do not take the next kind's hue; others hash. */
static const struct {
  const char *stem;
  int family;
} kinds[] = {{"cpu", 0}, {"gpu", 2}, {"fpga", 4}, {"dsp", 6}};

typedef struct Colour {
  char fill[8], stroke[8]; /* "#rrggbb" */
} Colour;

/* "#rrggbb" of HSL (h in degrees, s and l in percent). */
static void hsl_hex(char out[8], int h, int s, int l) {
  double c = (1 - fabs(2 * l / 100.0 - 1)) * s / 100.0, hp = h / 60.0;
  double x = c * (1 - fabs(fmod(hp, 2) - 1)), m = l / 100.0 - c / 2;
  double rgb[6][3] = {{c, x, 0}, {x, c, 0}, {0, c, x}, {0, x, c}, {x, 0, c}, {c, 0, x}};
  const double *v = rgb[(int)hp % 6];
  snprintf(out, 8, "#%02x%02x%02x", (int)lround((v[0] + m) * 255), (int)lround((v[1] + m) * 255),
           (int)lround((v[2] + m) * 255));
}

/* A device's colour, a function of its name alone, so that every chart
 * draws a device alike whatever else the schedule holds (an index in the
 * schedule's device order gave "cpu" one colour here and another there).
 * The name's stem (without trailing digits) picks the hue: cpu blue, gpu
 * green, fpga orange, dsp purple, others by a hash; its number n picks the
 * shade, so devices of one kind share a hue and stay apart (cpu0, cpu1;
 * gpu, gpu2), and every third number moves on to the next family (p0..p8
 * take three hues). Two names may still meet (a hashed stem on cpu's hue);
 * the label names the device. */
static Colour colour_of(const char *name) {
  size_t len = strlen(name), stem = len;
  while (stem > 0 && name[stem - 1] >= '0' && name[stem - 1] <= '9')
    stem--;
  unsigned n = 0, hash = 2166136261u; /* FNV-1a */
  for (size_t i = stem; i < len; i++)
    n = (n * 10 + (unsigned)(name[i] - '0')) % (FAMILIES * SHADES);
  for (size_t i = 0; i < stem; i++)
    hash = (hash ^ (unsigned char)name[i]) * 16777619u;
  unsigned family = hash % FAMILIES;
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
    if (strlen(kinds[k].stem) == stem && !strncmp(name, kinds[k].stem, stem))
      family = (unsigned)kinds[k].family;
  int hue = hues[(family + n / SHADES) % FAMILIES];
  Colour c;
  hsl_hex(c.fill, hue, 60, fill_light[n % SHADES]);
  hsl_hex(c.stroke, hue, 60, stroke_light[n % SHADES]);
  return c;
}

/* A DOT string: quotes and backslashes escaped, line breaks as \n. */
static void quoted(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    if (*s == '\n') {
      fputs("\\n", f);
      continue;
    }
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void node(FILE *f, const EsSchedule *s, const EsGraph *g, int t) {
  const EsTask *task = &g->tasks[t];
  const EsScheduleEntry *e = es_schedule_find(s, task->name);
  fprintf(f, "  ");
  quoted(f, task->name);
  if (task->kind != ES_TASK_REGION) {
    fprintf(f, " [shape=%s, style=\"filled,dashed\", fillcolor=\"#eeeeee\", color=\"#888888\"];\n",
            task->kind == ES_TASK_INPUT ? "invhouse" : "box");
    return;
  }
  if (!e) {
    fprintf(f, " [label=");
    quoted(f, task->name);
    fprintf(f, ", style=dashed];\n");
    return;
  }
  Colour c = colour_of(e->device);
  char label[512];
  snprintf(label, sizeof label, "%s\n%s, level %d%s", task->name, e->device, e->level,
           task->pin >= 0 ? "\npinned" : "");
  fprintf(f, " [label=");
  quoted(f, label);
  fprintf(f, ", style=filled, fillcolor=\"%s\", color=\"%s\"%s];\n", c.fill, c.stroke,
          task->pin >= 0 ? ", peripheries=2, penwidth=1.5" : "");
}

static void edge(FILE *f, const EsSchedule *s, const EsGraph *g, const EsEdge *x) {
  const EsScheduleEntry *a = es_schedule_find(s, g->tasks[x->from].name);
  const EsScheduleEntry *b = es_schedule_find(s, g->tasks[x->to].name);
  bool moves = a && b && strcmp(a->device, b->device) != 0 && x->kind == ES_EDGE_DATA;
  char label[256] = "", size[32];
  if (x->kind == ES_EDGE_DATA && (x->data || x->bytes >= 0))
    snprintf(label, sizeof label, "%s%s%s", x->data ? x->data : "",
             x->data && x->bytes >= 0 ? " " : "",
             x->bytes >= 0 ? es_human_bytes(x->bytes, size, sizeof size) : "");
  fprintf(f, "  ");
  quoted(f, g->tasks[x->from].name);
  fprintf(f, " -> ");
  quoted(f, g->tasks[x->to].name);
  fprintf(f, " [label=");
  quoted(f, label);
  if (x->kind == ES_EDGE_ORDER)
    fprintf(f, ", style=dotted");
  if (moves) {
    Colour c = colour_of(a->device);
    fprintf(f, ", penwidth=2.5, color=\"%s\", fontcolor=\"%s\"", c.stroke, c.stroke);
  }
  fprintf(f, "];\n");
}

/* Text inside an HTML-like label: markup characters as entities. */
static void html(FILE *f, const char *s) {
  for (; s && *s; s++)
    if (*s == '&' || *s == '<' || *s == '>' || *s == '"')
      fputs(*s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;" : "&quot;", f);
    else
      fputc(*s, f);
}

/* The devices of s, each once, in natural order (p2 before p10): the
 * legend's order, the same in every chart. NULL when out of memory. */
static const char **devices_of(const EsSchedule *s, int *n) {
  const char **v = malloc(sizeof *v * ((size_t)s->nentries + 1));
  *n = 0;
  for (int i = 0; v && i < s->nentries; i++) {
    int j = 0;
    while (j < *n && strcmp(v[j], s->entries[i].device) != 0)
      j++;
    if (j == *n)
      v[(*n)++] = s->entries[i].device;
  }
  for (int i = 1; v && i < *n; i++) /* insertion sort: few devices */
    for (int j = i; j > 0 && es_chart_name_cmp(v[j], v[j - 1]) < 0; j--) {
      const char *t = v[j];
      v[j] = v[j - 1], v[j - 1] = t;
    }
  return v;
}

/* The graph's label: the title, and under it the legend of the devices, a
 * swatch each, LEGEND_ROW to a row. As the root graph's label, Graphviz
 * places it outside the drawing, where no node or edge can cross it (a
 * legend cluster was laid out among the nodes, and edges ran through it). */
static int title_and_legend(FILE *f, const EsSchedule *s, const char *title) {
  int n;
  const char **devs = devices_of(s, &n);
  if (!devs)
    return ES_ENOMEM;
  fprintf(f, "  label=<<table border=\"0\" cellspacing=\"2\">\n    <tr><td>");
  html(f, title);
  fprintf(f, "</td></tr>\n    <tr><td><table border=\"0\" cellspacing=\"6\"><tr><td>devices:</td>");
  for (int d = 0; d < n; d++) {
    Colour c = colour_of(devs[d]);
    if (d > 0 && d % LEGEND_ROW == 0)
      fprintf(f, "</tr><tr><td></td>");
    fprintf(f, "<td border=\"1\" bgcolor=\"%s\" color=\"%s\">", c.fill, c.stroke);
    html(f, devs[d]);
    fprintf(f, "</td>");
  }
  fprintf(f, "</tr></table></td></tr>\n  </table>>;\n");
  free(devs);
  return ES_OK;
}

int es_schedule_dot(FILE *f, const EsSchedule *s, const EsGraph *g) {
  char title[400];
  int k = snprintf(title, sizeof title, "%s: %s", g->name ? g->name : "graph",
                   s->algorithm ? s->algorithm : "?");
  if (!isnan(s->total_energy) && k > 0 && (size_t)k < sizeof title)
    snprintf(title + k, sizeof title - (size_t)k, ", energy %.4g %s (modelled)", s->total_energy,
             *s->energy_unit ? s->energy_unit : "units");
  fprintf(f, "digraph ");
  quoted(f, g->name ? g->name : "graph");
  fprintf(f, " {\n");
  if (title_and_legend(f, s, title))
    return ES_ENOMEM;
  fprintf(f, "  labelloc=t;\n  fontname=\"sans-serif\";\n"
             "  node [shape=box, style=rounded, fontname=\"sans-serif\"];\n"
             "  edge [fontname=\"sans-serif\", fontsize=10];\n");
  for (int t = 0; t < g->ntasks; t++)
    node(f, s, g, t);
  for (int e = 0; e < g->nedges; e++)
    edge(f, s, g, &g->edges[e]);
  fprintf(f, "}\n");
  return ferror(f) ? ES_EIO : ES_OK;
}
