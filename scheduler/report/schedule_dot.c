/* The scheduled graph as DOT (schedule_dot.h). */
#include "scheduler/report/schedule_dot.h"

#include <math.h>
#include <string.h>

#include "scheduler/report/units.h"

enum { MAX_DEVICES = 8 };

/* Device colours: fill, and a darker shade for borders and transfers. */
static const char *const fills[MAX_DEVICES] = {"#aec7e8", "#98df8a", "#ffbb78", "#c5b0d5",
                                               "#f7b6d2", "#dbdb8d", "#9edae5", "#c49c94"};
static const char *const strokes[MAX_DEVICES] = {"#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd",
                                                 "#e377c2", "#bcbd22", "#17becf", "#8c564b"};

typedef struct Devices {
  const char *name[MAX_DEVICES];
  int n;
} Devices;

/* The colour index of a device: in order of first appearance. */
static int colour_of(Devices *d, const char *name) {
  for (int i = 0; i < d->n; i++)
    if (!strcmp(d->name[i], name))
      return i;
  if (d->n == MAX_DEVICES)
    return MAX_DEVICES - 1;
  d->name[d->n] = name;
  return d->n++;
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

static void node(FILE *f, const EsSchedule *s, const EsGraph *g, int t, Devices *devs) {
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
  int c = colour_of(devs, e->device);
  char label[512];
  snprintf(label, sizeof label, "%s\n%s, level %d%s", task->name, e->device, e->level,
           task->pin >= 0 ? "\npinned" : "");
  fprintf(f, " [label=");
  quoted(f, label);
  fprintf(f, ", style=filled, fillcolor=\"%s\", color=\"%s\"%s];\n", fills[c], strokes[c],
          task->pin >= 0 ? ", peripheries=2, penwidth=1.5" : "");
}

static void edge(FILE *f, const EsSchedule *s, const EsGraph *g, const EsEdge *x, Devices *devs) {
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
  if (moves)
    fprintf(f, ", penwidth=2.5, color=\"%s\", fontcolor=\"%s\"",
            strokes[colour_of(devs, a->device)], strokes[colour_of(devs, a->device)]);
  fprintf(f, "];\n");
}

int es_schedule_dot(FILE *f, const EsSchedule *s, const EsGraph *g) {
  Devices devs = {{0}, 0};
  char title[400];
  int k = snprintf(title, sizeof title, "%s: %s", g->name ? g->name : "graph",
                   s->algorithm ? s->algorithm : "?");
  if (!isnan(s->total_energy) && k > 0 && (size_t)k < sizeof title)
    snprintf(title + k, sizeof title - (size_t)k, ", energy %.4g %s (modelled)", s->total_energy,
             *s->energy_unit ? s->energy_unit : "units");
  fprintf(f, "digraph ");
  quoted(f, g->name ? g->name : "graph");
  fprintf(f, " {\n  label=");
  quoted(f, title);
  fprintf(f, ";\n  labelloc=t;\n  fontname=\"sans-serif\";\n"
             "  node [shape=box, style=rounded, fontname=\"sans-serif\"];\n"
             "  edge [fontname=\"sans-serif\", fontsize=10];\n");
  for (int i = 0; i < s->nentries; i++) /* colours in the schedule's device order */
    colour_of(&devs, s->entries[i].device);
  for (int t = 0; t < g->ntasks; t++)
    node(f, s, g, t, &devs);
  for (int e = 0; e < g->nedges; e++)
    edge(f, s, g, &g->edges[e], &devs);
  fprintf(f, "  subgraph cluster_legend {\n    label=\"devices\";\n    style=dashed;\n");
  for (int d = 0; d < devs.n; d++) {
    fprintf(f, "    \"legend %d\" [label=", d);
    quoted(f, devs.name[d]);
    fprintf(f, ", style=filled, fillcolor=\"%s\", color=\"%s\"];\n", fills[d], strokes[d]);
  }
  fprintf(f, "  }\n}\n");
  return ferror(f) ? ES_EIO : ES_OK;
}
