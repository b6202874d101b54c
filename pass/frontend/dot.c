/* DOT output (dot.h). */
#include "pass/frontend/dot.h"

/* A DOT string: quotes and backslashes escaped. */
static void quoted(FILE *f, const char *s) {
  fputc('"', f);
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void node_id(FILE *f, int g, const char *name) {
  fprintf(f, "\"g%d:", g);
  for (; *name; name++) {
    if (*name == '"' || *name == '\\')
      fputc('\\', f);
    fputc(*name, f);
  }
  fputc('"', f);
}

static const char *node_style(const EsTask *t) {
  switch (t->kind) {
  case ES_TASK_INPUT: return "shape=invhouse, style=filled, fillcolor=lightgrey";
  case ES_TASK_HOST: return "shape=box, style=\"rounded,dashed\"";
  case ES_TASK_REGION: break;
  }
  return "shape=box, style=filled, fillcolor=lightblue";
}

static void write_graph(FILE *f, const EsGraph *g, int gi) {
  fprintf(f, "  subgraph \"cluster_%d\" {\n    label=", gi);
  quoted(f, g->name ? g->name : "graph");
  fprintf(f, ";\n");
  for (int i = 0; i < g->ntasks; i++) {
    const EsTask *t = &g->tasks[i];
    fprintf(f, "    ");
    node_id(f, gi, t->name);
    fprintf(f, " [label=");
    quoted(f, t->name);
    fprintf(f, ", %s];\n", node_style(t));
  }
  fprintf(f, "  }\n");
  for (int i = 0; i < g->nedges; i++) {
    const EsEdge *e = &g->edges[i];
    fprintf(f, "  ");
    node_id(f, gi, g->tasks[e->from].name);
    fprintf(f, " -> ");
    node_id(f, gi, g->tasks[e->to].name);
    if (e->kind == ES_EDGE_ORDER)
      fprintf(f, " [style=dashed]");
    else if (e->data && e->bytes >= 0)
      fprintf(f, " [label=\"%s (%.0f B)\"]", e->data, e->bytes);
    else if (e->data)
      fprintf(f, " [label=\"%s\"]", e->data);
    fprintf(f, ";\n");
  }
}

bool dot_write(FILE *f, const EsGraph *const *graphs, int n) {
  fprintf(f, "digraph esched {\n  rankdir=TB;\n  node [fontname=\"Helvetica\"];\n");
  for (int i = 0; i < n; i++)
    write_graph(f, graphs[i], i);
  fprintf(f, "}\n");
  return !ferror(f);
}
