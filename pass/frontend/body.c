/* Loop bodies (body.h): a copy of the unit holding only its deferred tasks,
 * made static, goes through the dependency analysis. */
#include "pass/frontend/body.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pass/frontend/depgraph.h"

static bool deferred(const XUnit *u, const XNode *n) {
  return n->kind == X_TASK && (n->deferred || u->graphs[n->graph].multi_run);
}

int body_graphs_build(const XUnit *u, const Source *src, EsGraphList *out) {
  XUnit b = *u;
  b.graphs = malloc(sizeof *b.graphs * ((size_t)u->ngraphs + 1));
  b.nodes = malloc(sizeof *b.nodes * ((size_t)u->nnodes + 1));
  b.nnodes = 0;
  if (!b.graphs || !b.nodes) {
    free(b.graphs), free(b.nodes);
    return ES_ENOMEM;
  }
  for (int g = 0; g < u->ngraphs; g++) {
    b.graphs[g] = u->graphs[g];
    b.graphs[g].multi_run = false;
    b.graphs[g].ntasks = 0;
  }
  for (int i = 0; i < u->nnodes; i++)
    if (deferred(u, &u->nodes[i])) {
      b.nodes[b.nnodes] = u->nodes[i];
      b.nodes[b.nnodes++].deferred = false;
      b.graphs[u->nodes[i].graph].ntasks++;
    }
  int first = out->len;
  int rc = depgraph_build(&b, src, out);
  for (int i = first; !rc && i < out->len; i++) {
    EsGraph *g = out->v[i];
    char name[512];
    snprintf(name, sizeof name, "%s%s", g->name, BODY_SUFFIX);
    if (!(g->name = es_graph_intern(g, name)))
      rc = ES_ENOMEM;
  }
  free(b.graphs);
  free(b.nodes);
  return rc;
}
