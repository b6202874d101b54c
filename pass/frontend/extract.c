/* The front end's intermediate records (extract.h). */
#include "pass/frontend/extract.h"

#include <stdlib.h>
#include <string.h>

#include "scheduler/base/error.h"
#include "scheduler/base/vec.h"

void x_unit_free(XUnit *u) {
  if (!u)
    return;
  for (int i = 0; i < u->nnodes; i++)
    free(u->nodes[i].acc);
  free(u->nodes);
  for (int i = 0; i < u->ngraphs; i++)
    free(u->graphs[i].locals);
  free(u->graphs);
  for (int i = 0; i < u->nstreams; i++)
    free(u->streams[i].tasks);
  free(u->streams);
  free(u->aliases);
  es_arena_free(&u->arena);
  memset(u, 0, sizeof *u);
}

const char *x_intern(XUnit *u, const char *s) { return es_arena_strdup(&u->arena, s); }

int x_graph_add(XUnit *u, const char *name, const char *function) {
  if (es_vec_reserve(&u->graphs, &u->graphs_cap, u->ngraphs + 1, sizeof *u->graphs))
    return -1;
  XGraph *g = &u->graphs[u->ngraphs];
  memset(g, 0, sizeof *g);
  g->name = x_intern(u, name);
  g->function = x_intern(u, function);
  return g->name && g->function ? u->ngraphs++ : -1;
}

int x_node_add(XUnit *u, XKind kind, int graph) {
  if (es_vec_reserve(&u->nodes, &u->nodes_cap, u->nnodes + 1, sizeof *u->nodes))
    return -1;
  XNode *n = &u->nodes[u->nnodes];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->graph = graph;
  return u->nnodes++;
}

static bool same_text(const char *a, const char *b) {
  return (!a && !b) || (a && b && !strcmp(a, b));
}

static void merge(XAccess *old, const XAccess *acc) {
  old->kill |= acc->kill;
  if (acc->a.mode && (!old->a.mode || acc->span_begin < old->span_begin))
    old->span_begin = acc->span_begin;
  if (acc->a.mode && (!old->a.mode || acc->span_end > old->span_end))
    old->span_end = acc->span_end;
  if (!acc->a.mode)
    return;
  if (!old->a.mode) {
    bool kill = old->kill;
    *old = *acc;
    old->kill = kill;
    return;
  }
  old->a.mode |= acc->a.mode;
  old->a.inferred = old->a.inferred && acc->a.inferred;
  if (old->whole || acc->whole || !same_text(old->a.lo, acc->a.lo) ||
      !same_text(old->a.len, acc->a.len)) {
    old->whole = true;
    old->a.lo = old->a.len = NULL;
    old->ninner = 0;
    old->lo_val = old->len_val = -1;
    if (old->a.bytes != acc->a.bytes || old->pointer)
      old->a.bytes = -1;
  }
}

int x_node_access(XUnit *u, int n, const XAccess *acc) {
  XNode *node = &u->nodes[n];
  for (int i = 0; i < node->nacc; i++)
    if (!strcmp(node->acc[i].a.item, acc->a.item)) {
      merge(&node->acc[i], acc);
      return ES_OK;
    }
  if (es_vec_reserve(&node->acc, &node->acc_cap, node->nacc + 1, sizeof *node->acc))
    return ES_ENOMEM;
  node->acc[node->nacc++] = *acc;
  return ES_OK;
}

int x_stream_add(XUnit *u) {
  if (es_vec_reserve(&u->streams, &u->streams_cap, u->nstreams + 1, sizeof *u->streams))
    return -1;
  memset(&u->streams[u->nstreams], 0, sizeof *u->streams);
  return u->nstreams++;
}

int x_stream_task_add(XUnit *u, int s) {
  XStream *st = &u->streams[s];
  if (es_vec_reserve(&st->tasks, &st->tasks_cap, st->ntasks + 1, sizeof *st->tasks))
    return -1;
  XStreamTask *t = &st->tasks[st->ntasks];
  memset(t, 0, sizeof *t);
  t->width = -1;
  t->work.value = t->comm.value = -1;
  return st->ntasks++;
}

int x_graph_local(XUnit *u, int g, const char *name) {
  XGraph *gr = &u->graphs[g];
  if (es_vec_reserve(&gr->locals, &gr->locals_cap, gr->nlocals + 1, sizeof *gr->locals))
    return ES_ENOMEM;
  gr->locals[gr->nlocals++] = name;
  return ES_OK;
}

bool x_items_related(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b), n = la < lb ? la : lb;
  if (strncmp(a, b, n) != 0)
    return false;
  char next = la > n ? a[n] : b[n];
  return la == lb || next == '.' || next == '-';
}

static bool same_name(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

int x_alias_add(XUnit *u, const char *fn, const char *pointer, const char *base, size_t base_decl,
                size_t at, bool declaration) {
  for (int i = 0; i < u->naliases; i++) {
    const XAlias *x = &u->aliases[i];
    if (x->at == at && !strcmp(x->function, fn) && !strcmp(x->pointer, pointer) &&
        same_name(x->base, base) && x->declaration == declaration)
      return 0;
  }
  if (es_vec_reserve(&u->aliases, &u->aliases_cap, u->naliases + 1, sizeof *u->aliases))
    return ES_ENOMEM;
  u->aliases[u->naliases++] = (XAlias){fn, pointer, base, base_decl, at, declaration, false};
  return 0;
}

int x_alias_loaded(XUnit *u, const char *fn, const char *pointer, size_t at) {
  int rc = x_alias_add(u, fn, pointer, NULL, 0, at, false);
  for (int i = u->naliases - 1; !rc && i >= 0; i--)
    if (u->aliases[i].at == at && !u->aliases[i].base && !strcmp(u->aliases[i].pointer, pointer)) {
      u->aliases[i].loaded = true;
      break;
    }
  return rc;
}

bool x_item_loaded(const XUnit *u, const char *fn, const char *item) {
  size_t n = strcspn(item, ".-");
  for (int i = 0; i < u->naliases; i++) {
    const XAlias *x = &u->aliases[i];
    if (x->loaded && strlen(x->pointer) == n && !strncmp(x->pointer, item, n) &&
        !strcmp(x->function, fn))
      return true;
  }
  return false;
}

/* Whether function fn assigns pointer after source offset after. */
static bool assigned(const XUnit *u, const char *fn, const char *pointer, size_t after) {
  for (int i = 0; i < u->naliases; i++)
    if (!u->aliases[i].declaration && u->aliases[i].at >= after &&
        !strcmp(u->aliases[i].function, fn) && !strcmp(u->aliases[i].pointer, pointer))
      return true;
  return false;
}

/* The declaration making pointer, or NULL. */
static const XAlias *declared_from(const XUnit *u, const char *fn, const char *pointer) {
  for (int i = 0; i < u->naliases; i++)
    if (u->aliases[i].declaration && !strcmp(u->aliases[i].function, fn) &&
        !strcmp(u->aliases[i].pointer, pointer))
      return &u->aliases[i];
  return NULL;
}

void x_settle_anchors(XUnit *u) {
  for (int i = 0; i < u->nnodes; i++) {
    XNode *n = &u->nodes[i];
    const char *fn = u->graphs[n->graph].function;
    for (int k = 0; n->kind == X_TASK && k < n->nacc; k++) {
      XAccess *acc = &n->acc[k];
      const char *cur = acc->a.item;
      bool kept = true; /* every link a declaration, none of its ends assigned since */
      for (int hop = 0; kept && acc->anchor && strcmp(cur, acc->anchor); hop++) {
        const XAlias *d = hop < 8 ? declared_from(u, fn, cur) : NULL;
        kept = d && !assigned(u, fn, cur, 0) && !assigned(u, fn, d->base, d->at);
        cur = kept ? d->base : cur;
      }
      if (!kept)
        acc->anchor = NULL;
    }
  }
}

bool x_items_same_member(const char *a, const char *b) {
  size_t ra = strcspn(a, ".-"), rb = strcspn(b, ".-");
  if (!a[ra] || !b[rb] || (ra == rb && !strncmp(a, b, ra)))
    return false;
  a += ra + (a[ra] == '-' ? 2 : 1), b += rb + (b[rb] == '-' ? 2 : 1);
  return !strcmp(a, b);
}

bool x_item_derived_from(const XUnit *u, const char *fn, const char *pointer, const char *base) {
  const char *at = pointer;
  for (int depth = 0; depth < 16; depth++) { /* a chain of aliases, bounded */
    const char *next = NULL;
    for (int i = 0; i < u->naliases && !next; i++) {
      const XAlias *x = &u->aliases[i];
      if (x->base && !strcmp(x->function, fn) && !strcmp(x->pointer, at))
        next = x->base;
    }
    if (!next)
      return false;
    if (x_items_related(next, base))
      return true;
    at = next;
  }
  return false;
}

bool x_items_may_share(const XUnit *u, const char *fn, const char *a, const char *b,
                       const char **meet) {
  if (meet)
    *meet = b;
  if (x_items_related(a, b))
    return true;
  /* A breadth-first search over the aliases from a to b: names are joined
   * when they are the two ends of an alias or one is a member path of the
   * other. Few aliases per function, so each step scans them all. */
  enum { MAX = 64 };
  const char *reach[MAX];
  int n = 1;
  reach[0] = a;
  for (int k = 0; k < n; k++) {
    if (k > 0 && x_items_related(reach[k], b)) {
      if (meet)
        *meet = reach[k];
      return true;
    }
    for (int i = 0; i < u->naliases; i++) {
      const XAlias *x = &u->aliases[i];
      if (!x->base || strcmp(x->function, fn))
        continue;
      const char *other = x_items_related(x->pointer, reach[k]) ? x->base
                          : x_items_related(x->base, reach[k])  ? x->pointer
                                                                : NULL;
      bool seen = !other;
      for (int j = 0; j < n && !seen; j++)
        seen = !strcmp(reach[j], other);
      if (seen)
        continue;
      if (n == MAX)
        return true; /* past MAX names: assume they share, the safe answer */
      reach[n++] = other;
    }
  }
  return false;
}
