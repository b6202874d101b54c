/* Binding a task graph to devices and costs (the model of problem.h). */
#include "scheduler/model/problem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scheduler/base/strmap.h"
#include "scheduler/model/predict.h"

/* How the graph states its costs; decided once for the whole graph. */
typedef enum Form {
  FORM_ABSTRACT, /* cost: per task and edge (and optionally time:) */
  FORM_PHYSICAL, /* time: per task (or a profile), bytes: per edge, a platform */
  FORM_TIMED,    /* time: per task and edge in abstract units (dissertation, EASEF) */
} Form;

/* Which kinds of values a graph states. */
typedef struct Stated {
  bool costs, times, extracted;       /* some task has cost:, time:, source facts */
  bool bytes, edge_times, edge_costs; /* some edge has bytes:, time:, cost: */
} Stated;

/* A predictor of (key, device, level), fitted once (see time_at). */
typedef struct Fit {
  const char *key, *device;
  int level;
  bool sized; /* the profile has runs at three or more sizes */
  EsPredictor pred;
} Fit;

enum { NFITS = 16 };

typedef struct Builder {
  EsGraph *g;
  const EsProblemOptions *opt;
  EsProblem *p;
  EsError *err;
  Form form;
  Stated stated;
  int *graph_to_problem_device; /* [g->ndevices] */
  double *input_bytes;          /* [ntasks]: sum of known incoming bytes, or 0 */
  Fit *fits;                    /* [NFITS], the most recent fits, or NULL */
  int nfits, next_fit;
} Builder;

static int fail_at(Builder *b, EsMark m, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* An error at a position of the graph's file. */
static int fail_at(Builder *b, EsMark m, int code, const char *fmt, ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return es_error_set(b->err, code, b->g->file, m.line, m.col, "%s", msg);
}

/* What g states: one pass over its tasks and one over its edges (a large
 * graph's do not fit in the cache). */
static Stated stated_of(const EsGraph *g) {
  Stated st = {0};
  for (int i = 0; i < g->ntasks; i++) {
    const EsTask *t = &g->tasks[i];
    st.costs |= t->cost_len > 0;
    st.times |= t->time_len > 0;
    st.extracted |= t->source != NULL;
  }
  for (int e = 0; e < g->nedges; e++) {
    const EsEdge *ed = &g->edges[e];
    st.bytes |= ed->bytes >= 0;
    st.edge_times |= !isnan(ed->time);
    st.edge_costs |= !isnan(ed->cost);
  }
  return st;
}

/* The form of costs st describes, given whether a profile and a platform
 * come with them. Graphs from the front end (tasks with source facts) are
 * physical: their times come from a profile, their sizes from the program. */
static Form form_of(Stated st, bool profile, bool platform) {
  if (st.costs || (!st.times && st.edge_costs && !profile))
    return FORM_ABSTRACT;
  if (st.bytes || st.extracted || profile || (st.times && !st.edge_times && platform))
    return FORM_PHYSICAL;
  return FORM_TIMED;
}

bool es_problem_needs_platform(const EsGraph *g, bool profile) {
  return form_of(stated_of(g), profile, false) == FORM_PHYSICAL;
}

static int decide_form(Builder *b) {
  const EsGraph *g = b->g;
  b->stated = stated_of(g);
  bool bytes = b->stated.bytes, edge_times = b->stated.edge_times;
  b->form = form_of(b->stated, b->opt->profile != NULL, b->opt->platform != NULL);
  if (b->form == FORM_ABSTRACT && bytes)
    for (int e = 0; e < g->nedges; e++)
      if (g->edges[e].bytes >= 0 && isnan(g->edges[e].cost))
        return fail_at(b, g->edges[e].mark, ES_EINVAL,
                       "edge %s: abstract graphs give transfer energy as 'cost:'; this edge has "
                       "only 'bytes:'",
                       g->tasks[g->edges[e].from].name);
  if (b->form == FORM_PHYSICAL && !b->opt->platform)
    return es_error_set(b->err, ES_EINVAL, g->file, 1, 1,
                        "physical costs (times and bytes) need a platform; pass --platform "
                        "NAME|FILE (silberstein2011 for cpu and gpu, easef:N for processors "
                        "p0..pN-1; esched platform lists them)");
  if (b->form == FORM_PHYSICAL && edge_times && bytes)
    for (int e = 0; e < g->nedges; e++)
      if (!isnan(g->edges[e].time))
        return fail_at(b, g->edges[e].mark, ES_EINVAL,
                       "edge from '%s' gives a transfer time; physical graphs give bytes and "
                       "let the platform's links time them",
                       g->tasks[g->edges[e].from].name);
  return ES_OK;
}

/* Devices and labels: the platform's (device, level) pairs, or without a
 * platform the graph's devices with as many levels as their longest list. */
static int build_labels(Builder *b) {
  EsProblem *p = b->p;
  const EsPlatform *pf = b->opt->platform;
  const EsGraph *g = b->g;
  int nd = pf ? pf->ndevices : g->ndevices;
  int *nlev = calloc((size_t)nd + 1, sizeof *nlev);
  b->graph_to_problem_device = malloc(((size_t)g->ndevices + 1) * sizeof(int));
  p->idle_power = calloc((size_t)nd + 1, sizeof *p->idle_power);
  p->memory = malloc(((size_t)nd + 1) * sizeof *p->memory);
  p->device_names = malloc(((size_t)nd + 1) * sizeof *p->device_names);
  if (!nlev || !b->graph_to_problem_device || !p->idle_power || !p->memory || !p->device_names) {
    free(nlev);
    return ES_ENOMEM;
  }
  p->ndevices = nd;
  for (int d = 0; d < nd; d++) {
    p->device_names[d] = pf ? pf->devices[d].name : g->device_names[d];
    nlev[d] = pf ? pf->devices[d].nlevels : 1;
    p->idle_power[d] = pf ? pf->devices[d].idle_power : 0;
    /* only physical graphs give the bytes that fill a memory */
    p->memory[d] = pf && b->form == FORM_PHYSICAL ? pf->devices[d].memory : INFINITY;
    p->memory_bound |= !isinf(p->memory[d]);
  }
  for (int d = 0; d < g->ndevices; d++)
    b->graph_to_problem_device[d] = pf ? es_platform_find_device(pf, g->device_names[d]) : d;
  if (!pf)
    for (int i = 0; i < g->nvalues; i++)
      if (g->values[i].level + 1 > nlev[g->values[i].device])
        nlev[g->values[i].device] = g->values[i].level + 1;
  p->nlabels = 0;
  for (int d = 0; d < nd; d++)
    p->nlabels += nlev[d];
  p->label_device = malloc(sizeof(int) * (size_t)p->nlabels);
  p->label_level = malloc(sizeof(int) * (size_t)p->nlabels);
  p->level_freq = malloc(sizeof(double) * (size_t)p->nlabels);
  p->level_power = malloc(sizeof(double) * (size_t)p->nlabels);
  if (!p->label_device || !p->label_level || !p->level_freq || !p->level_power) {
    free(nlev);
    return ES_ENOMEM;
  }
  int l = 0;
  for (int d = 0; d < nd; d++)
    for (int k = 0; k < nlev[d]; k++, l++) {
      p->label_device[l] = d;
      p->label_level[l] = k;
      p->level_freq[l] = pf ? pf->devices[d].levels[k].freq : NAN;
      p->level_power[l] = pf ? pf->devices[d].levels[k].power : NAN;
    }
  free(nlev);
  return ES_OK;
}

/* Every device a graph value names must exist on the platform (task_costs
 * checks each task's pin, in its own pass over the tasks). */
static int check_devices(Builder *b) {
  const EsGraph *g = b->g;
  for (int i = 0; i < g->nvalues; i++) {
    const EsDeviceValue *v = &g->values[i];
    if (b->graph_to_problem_device[v->device] < 0)
      return fail_at(b, v->mark, ES_EINVAL, "unknown device '%s' (the platform does not have it)",
                     g->device_names[v->device]);
    if (!(v->value >= 0) || isinf(v->value))
      return fail_at(b, v->mark, ES_EINVAL,
                     "cost of device '%s' must be a finite non-negative number",
                     g->device_names[v->device]);
  }
  return ES_OK;
}

/* Whether a graph's value on graph device gd holds for problem device d:
 * the device itself, or on a platform with nodes each node's device of
 * that local name (a task's variant runs on any node). */
static bool value_device(const Builder *b, int gd, int d) {
  const EsPlatform *pf = b->opt->platform;
  return b->graph_to_problem_device[gd] == d ||
         (pf && pf->nnodes > 0 && !strcmp(pf->devices[d].local, b->g->device_names[gd]));
}

/* Fills row[nlabels] from a task's value list: explicit per-level values,
 * or one scalar per device stretched to lower levels (scale true) or valid
 * only at level 0. Labels without a value stay INFINITY. */
static void fill_from_values(Builder *b, const EsTask *t, int begin, int len, bool scale,
                             double *row) {
  const EsProblem *p = b->p;
  for (int i = begin; i < begin + len; i++) {
    const EsDeviceValue *v = &b->g->values[i];
    for (int l = 0; l < p->nlabels; l++) {
      int d = p->label_device[l];
      if (!value_device(b, v->device, d))
        continue;
      int k = p->label_level[l];
      if (v->level == k)
        row[l] = v->value;
      else if (v->level < 0 && k == 0)
        row[l] = v->value;
      else if (v->level < 0 && scale && isinf(row[l])) {
        int top = es_problem_label(p, d, 0);
        double stretch = p->level_freq[top] / p->level_freq[l];
        row[l] = v->value * (t->mem_bound + (1 - t->mem_bound) * stretch);
      }
    }
  }
}

/* es_profile_time_at, with each predictor fitted once: the tasks of one key
 * (a loop's instances in a deferred region) differ only in size, and a fit
 * costs O(n^2 log n) in the profiled sizes. The last NFITS fits are kept. */
static bool time_at(Builder *b, const char *key, const char *device, int level, double size,
                    double *seconds) {
  Fit *f = NULL;
  for (int i = 0; i < b->nfits && !f; i++)
    if (b->fits[i].level == level && !strcmp(b->fits[i].key, key) &&
        !strcmp(b->fits[i].device, device))
      f = &b->fits[i];
  if (!f && b->fits) {
    f = &b->fits[b->next_fit];
    b->next_fit = (b->next_fit + 1) % NFITS;
    b->nfits += b->nfits < NFITS;
    f->key = key, f->device = device, f->level = level;
    f->sized = es_profile_size_predictor(b->opt->profile, key, device, level, &f->pred);
  }
  if (!f)
    return es_profile_time_at(b->opt->profile, key, device, level, size, seconds);
  if (size > 0 && f->sized) {
    *seconds = es_predictor_eval(&f->pred, size);
    return true;
  }
  return es_profile_time_measured(b->opt->profile, key, device, level, size, seconds);
}

/* The name the profile knows device d by: its own, or on a platform with
 * nodes its local name when the profile has no run of key on the node's
 * device (nodes of one kind share their measurements). */
static const char *profile_device(const Builder *b, const char *key, int d) {
  const EsPlatform *pf = b->opt->platform;
  const EsProfileEntry *e = es_profile_find(b->opt->profile, key);
  if (!pf || pf->devices[d].node < 0 || !e)
    return b->p->device_names[d];
  for (int i = 0; i < e->nruns; i++)
    if (!strcmp(e->runs[i].device, pf->devices[d].name))
      return pf->devices[d].name;
  return pf->devices[d].local;
}

/* Times from the profile override the graph's: measured beats declared.
 * When the task's input size is known and the profile saw several sizes,
 * the fitted predictor gives the time at this size (predict.h). */
static bool fill_from_profile(Builder *b, int v, double *row) {
  const EsProblem *p = b->p;
  const EsTask *t = &b->g->tasks[v];
  const char *key = es_task_key(t);
  double size = b->input_bytes ? b->input_bytes[v] : 0;
  bool any = false;
  if (!key) /* unnamed and without a key (graph.h): nothing to look up */
    return false;
  for (int d = 0; d < p->ndevices; d++) {
    double top;
    const char *dev = profile_device(b, key, d);
    bool have_top = time_at(b, key, dev, 0, size, &top);
    for (int l = 0; l < p->nlabels; l++) {
      if (p->label_device[l] != d)
        continue;
      double s;
      if (time_at(b, key, dev, p->label_level[l], size, &s))
        row[l] = s, any = true;
      else if (have_top) {
        double stretch = p->level_freq[es_problem_label(p, d, 0)] / p->level_freq[l];
        row[l] = top * (t->mem_bound + (1 - t->mem_bound) * stretch), any = true;
      }
    }
  }
  return any;
}

/* Whether label l obeys t's pin: the pinned device, or for a task region
 * on a platform with nodes that device of any node (a task with only a
 * CPU variant runs on every node's CPU; input, output and host nodes stay
 * on the first node's, the host). */
static bool pinned_label(const Builder *b, const EsTask *t, int l) {
  int d = b->p->label_device[l];
  return t->kind == ES_TASK_REGION ? value_device(b, t->pin, d)
                                   : d == b->graph_to_problem_device[t->pin];
}

static void apply_pin(Builder *b, const EsTask *t, double *row) {
  if (t->pin < 0)
    return;
  bool given = false;
  for (int l = 0; l < b->p->nlabels; l++)
    given |= pinned_label(b, t, l) && !isinf(row[l]);
  for (int l = 0; l < b->p->nlabels; l++) {
    if (!pinned_label(b, t, l))
      row[l] = INFINITY;
    else if (!given)
      row[l] = 0; /* a pinned task without costs (an input node) is free */
  }
}

static int task_costs(Builder *b, int v) {
  EsProblem *p = b->p;
  const EsTask *t = &b->g->tasks[v];
  if (t->pin >= 0 && b->graph_to_problem_device[t->pin] < 0)
    return fail_at(b, t->mark, ES_EINVAL, "task '%s' is pinned to unknown device '%s'", t->name,
                   b->g->device_names[t->pin]);
  double *energy = p->value[ES_OBJ_ENERGY] ? &p->value[ES_OBJ_ENERGY][(long)v * p->nlabels] : NULL;
  double *time = p->value[ES_OBJ_TIME] ? &p->value[ES_OBJ_TIME][(long)v * p->nlabels] : NULL;
  for (int l = 0; l < p->nlabels; l++) {
    if (energy)
      energy[l] = INFINITY;
    if (time)
      time[l] = INFINITY;
  }
  if (time) {
    fill_from_values(b, t, t->time_begin, t->time_len, b->opt->platform != NULL, time);
    bool profiled = b->opt->profile && fill_from_profile(b, v, time);
    if (b->form == FORM_PHYSICAL && !profiled && t->time_len == 0 && t->pin < 0)
      return fail_at(b, t->mark, ES_EINVAL, "task '%s' has no time and no profile entry%s", t->name,
                     b->opt->profile ? " (its key is not in the profile)"
                                     : "; pass --profile FILE");
    apply_pin(b, t, time);
  }
  if (!energy)
    return ES_OK;
  if (b->form == FORM_ABSTRACT) {
    fill_from_values(b, t, t->cost_begin, t->cost_len, false, energy);
    if (t->cost_len == 0 && t->pin < 0)
      return fail_at(b, t->mark, ES_EINVAL, "task '%s' has no cost", t->name);
  } else {
    for (int l = 0; l < p->nlabels; l++) {
      double others = 0;
      for (int d = 0; d < p->ndevices; d++)
        others += d == p->label_device[l] ? 0 : p->idle_power[d];
      energy[l] = isinf(time[l]) ? INFINITY : time[l] * (p->level_power[l] + others);
    }
  }
  apply_pin(b, t, energy);
  for (int l = 0; l < p->nlabels; l++)
    if (!isinf(energy[l]))
      return ES_OK;
  return fail_at(b, t->mark, ES_EINFEAS, "task '%s' can run on no device", t->name);
}

/* Energies exist for abstract costs, or for times with a platform's powers;
 * times exist for physical and timed graphs, or abstract ones giving them. */
/* Bytes of the distinct data items of a producer's edges out[0..n). */
static double items_written(const EsGraph *g, const int *out, int n) {
  double sum = 0;
  for (int i = 0; i < n; i++) {
    const EsEdge *e = &g->edges[out[i]];
    bool seen = false;
    for (int k = 0; k < i && !seen; k++)
      seen = (e->data && g->edges[out[k]].data && !strcmp(e->data, g->edges[out[k]].data)) ||
             (e->data_id > 0 && e->data_id == g->edges[out[k]].data_id);
    sum += seen ? 0 : e->bytes;
  }
  return sum;
}

/* Data edges with known bytes, grouped by producer (counting sort). */
static int *edges_by_producer(const EsGraph *g, int *first) {
  int *out = malloc(sizeof(int) * ((size_t)g->nedges + 1));
  if (!out)
    return NULL;
  for (int e = 0; e < g->nedges; e++)
    if (g->edges[e].kind == ES_EDGE_DATA && g->edges[e].bytes > 0)
      first[g->edges[e].from + 1]++;
  for (int t = 0; t < g->ntasks; t++)
    first[t + 1] += first[t];
  int *at = first + g->ntasks + 1; /* scratch: the next slot per producer */
  memcpy(at, first, sizeof(int) * (size_t)g->ntasks);
  for (int e = 0; e < g->nedges; e++)
    if (g->edges[e].kind == ES_EDGE_DATA && g->edges[e].bytes > 0)
      out[at[g->edges[e].from]++] = e;
  return out;
}

/* Size per task (predict.h): the bytes of its incoming data edges, where
 * known; for a task that reads nothing, the bytes of the items it writes. */
static int input_sizes(Builder *b) {
  const EsGraph *g = b->g;
  b->input_bytes = calloc((size_t)g->ntasks + 1, sizeof(double));
  b->fits = malloc(sizeof *b->fits * NFITS); /* NULL: no memo, same times */
  int *first = calloc(2 * (size_t)g->ntasks + 2, sizeof(int));
  int *out = first ? edges_by_producer(g, first) : NULL;
  if (!b->input_bytes || !out) {
    free(first);
    return ES_ENOMEM;
  }
  for (int e = 0; e < g->nedges; e++)
    if (g->edges[e].kind == ES_EDGE_DATA && g->edges[e].bytes > 0)
      b->input_bytes[g->edges[e].to] += g->edges[e].bytes;
  for (int t = 0; t < g->ntasks; t++)
    if (b->input_bytes[t] == 0)
      b->input_bytes[t] = items_written(g, out + first[t], first[t + 1] - first[t]);
  free(first);
  free(out);
  return ES_OK;
}

static int alloc_task_values(Builder *b) {
  EsProblem *p = b->p;
  if (b->opt->profile && input_sizes(b))
    return ES_ENOMEM;
  size_t n = (size_t)p->ntasks * (size_t)p->nlabels + 1;
  bool energies = b->form == FORM_ABSTRACT || b->opt->platform;
  bool times = b->form != FORM_ABSTRACT || b->stated.times;
  p->value[ES_OBJ_ENERGY] = energies ? malloc(n * sizeof(double)) : NULL;
  p->value[ES_OBJ_TIME] = times ? malloc(n * sizeof(double)) : NULL;
  if ((energies && !p->value[ES_OBJ_ENERGY]) || (times && !p->value[ES_OBJ_TIME]))
    return ES_ENOMEM;
  for (int v = 0; v < p->ntasks; v++) {
    int rc = task_costs(b, v);
    if (rc)
      return rc;
  }
  return ES_OK;
}

/* What moving an item of weight w from one device to another costs: each
 * figure is unit * w + fixed. */
typedef struct Route {
  double time[2], energy[2]; /* with every device's idle power */
  double link[2];            /* the links' own energy */
} Route;

/* Adds one hop over link l to r; idle is the power every device draws. */
static void add_hop(Route *r, const EsLink *l, double idle) {
  r->time[0] += 1 / l->bandwidth, r->time[1] += l->latency;
  r->energy[0] += (l->power + idle) / l->bandwidth, r->energy[1] += l->latency * (l->power + idle);
  r->link[0] += l->power / l->bandwidth, r->link[1] += l->latency * l->power;
}

/* The route from a to c: the direct link, else the fastest two-hop route
 * (by time for one byte plus latency), else none (fixed costs INFINITY:
 * data cannot move between those devices, whatever its size). */
static Route route(const EsProblem *p, const EsPlatform *pf, int a, int c) {
  double idle = 0;
  for (int d = 0; d < p->ndevices; d++)
    idle += p->idle_power[d];
  Route best = {{0, INFINITY}, {0, INFINITY}, {0, INFINITY}};
  const EsLink *direct = es_platform_link(pf, a, c);
  if (direct) {
    best = (Route){{0, 0}, {0, 0}, {0, 0}};
    add_hop(&best, direct, idle);
    return best;
  }
  for (int m = 0; m < p->ndevices; m++) {
    const EsLink *x = es_platform_link(pf, a, m), *y = es_platform_link(pf, m, c);
    if (!x || !y)
      continue;
    Route r = {{0, 0}, {0, 0}, {0, 0}};
    add_hop(&r, x, idle);
    add_hop(&r, y, idle);
    if (r.time[0] + r.time[1] < best.time[0] + best.time[1])
      best = r;
  }
  return best;
}

static int transfer_coefficients(Builder *b) {
  EsProblem *p = b->p;
  size_t n = (size_t)p->ndevices * (size_t)p->ndevices;
  for (int o = 0; o < 2; o++) {
    p->xfer_unit[o] = calloc(n, sizeof(double));
    p->xfer_fixed[o] = calloc(n, sizeof(double));
    if (!p->xfer_unit[o] || !p->xfer_fixed[o])
      return ES_ENOMEM;
  }
  p->link_unit = calloc(n + 1, sizeof(double));
  p->link_fixed = calloc(n + 1, sizeof(double));
  if (!p->link_unit || !p->link_fixed)
    return ES_ENOMEM;
  const EsPlatform *pf = b->opt->platform;
  for (int a = 0; a < p->ndevices; a++)
    for (int c = 0; c < p->ndevices; c++) {
      size_t k = (size_t)a * (size_t)p->ndevices + (size_t)c;
      if (a == c)
        continue;
      if (b->form == FORM_PHYSICAL) {
        Route r = route(p, pf, a, c);
        p->xfer_unit[ES_OBJ_TIME][k] = r.time[0], p->xfer_fixed[ES_OBJ_TIME][k] = r.time[1];
        p->xfer_unit[ES_OBJ_ENERGY][k] = r.energy[0], p->xfer_fixed[ES_OBJ_ENERGY][k] = r.energy[1];
        p->link_unit[k] = r.link[0], p->link_fixed[k] = r.link[1];
      } else {
        p->xfer_unit[ES_OBJ_TIME][k] = 1;
        const EsLink *l = pf ? es_platform_link(pf, a, c) : NULL;
        p->link_unit[k] = b->form == FORM_TIMED && l ? l->power : 0;
        /* Timed graphs with a platform: a transfer of time t costs t at the
         * link's power; abstract graphs give the energy directly. */
        p->xfer_unit[ES_OBJ_ENERGY][k] = b->form == FORM_TIMED ? p->link_unit[k] : 1;
      }
    }
  return ES_OK;
}

/* Weight of edge e for objective o in the graph's form. */
static double edge_weight(const Builder *b, const EsEdge *e, EsObjective o) {
  if (b->form == FORM_PHYSICAL)
    return e->bytes > 0 ? e->bytes : 0;
  if (b->form == FORM_ABSTRACT && o == ES_OBJ_ENERGY)
    return isnan(e->cost) ? 0 : e->cost;
  return isnan(e->time) ? 0 : e->time;
}

static int cmp_int(const void *x, const void *y) {
  int a = *(const int *)x, c = *(const int *)y;
  return (a > c) - (a < c);
}

typedef struct EdgeItem {
  int item, reader;
} EdgeItem;

/* Groups data edges into items keyed by (producer, data name), or by their
 * number (data_id); other edges are items of their own. Readers are sorted
 * and distinct. */
static int build_items(Builder *b) {
  EsGraph *g = b->g;
  EsProblem *p = b->p;
  /* Each edge's item and reader, so that the readers are sorted by item
   * without a second pass over the edges. */
  EdgeItem *edge_item = malloc(((size_t)g->nedges + 1) * sizeof *edge_item);
  int *count = calloc((size_t)g->nedges + 2, sizeof(int));
  p->item_producer = malloc(((size_t)g->nedges + 1) * sizeof(int));
  p->order_from = malloc(((size_t)g->nedges + 1) * sizeof(int));
  p->order_to = malloc(((size_t)g->nedges + 1) * sizeof(int));
  for (int o = 0; o < 2; o++)
    p->item_weight[o] = malloc(((size_t)g->nedges + 1) * sizeof(double));
  EsStrMap named = {0};
  char *keybuf = NULL;
  int rc = ES_ENOMEM, max_id = 0, *by_id = NULL; /* by_id: the item of each number */
  /* Keys "producer\x1fname" live in one buffer so the map can borrow them. */
  size_t keylen = 0;
  for (int e = 0; e < g->nedges; e++) {
    keylen += g->edges[e].data ? strlen(g->edges[e].data) + 16 : 0;
    max_id = g->edges[e].data_id > max_id ? g->edges[e].data_id : max_id;
  }
  keybuf = malloc(keylen + 1);
  by_id = malloc(((size_t)max_id + 1) * sizeof *by_id);
  if (!edge_item || !count || !p->item_producer || !p->order_from || !p->order_to ||
      !p->item_weight[0] || !p->item_weight[1] || !keybuf || !by_id)
    goto out;
  for (int k = 0; k <= max_id; k++)
    by_id[k] = -1;
  size_t used = 0;
  for (int e = 0; e < g->nedges; e++) {
    const EsEdge *ed = &g->edges[e];
    edge_item[e] = (EdgeItem){-1, ed->to};
    if (ed->from == ed->to) {
      rc = fail_at(b, ed->mark, ES_ECYCLE, "task '%s' depends on itself", g->tasks[ed->from].name);
      goto out;
    }
    if (ed->kind == ES_EDGE_ORDER) {
      p->order_from[p->norders] = ed->from, p->order_to[p->norders++] = ed->to;
      continue;
    }
    int item = -1;
    if (ed->data) {
      char *key = keybuf + used;
      used += (size_t)sprintf(key, "%d\x1f%s", ed->from, ed->data) + 1;
      item = es_strmap_get(&named, key);
      if (item < 0 && es_strmap_put(&named, key, p->nitems))
        goto out;
    } else if (ed->data_id > 0) {
      item = by_id[ed->data_id];
      by_id[ed->data_id] = item < 0 ? p->nitems : item;
    }
    for (int o = 0; o < 2; o++) {
      double w = edge_weight(b, ed, (EsObjective)o);
      if (item >= 0 && p->item_weight[o][item] != w) {
        rc = fail_at(b, ed->mark, ES_EINVAL,
                     "edges from '%s' carrying data '%s' disagree on its size or cost",
                     g->tasks[ed->from].name, ed->data ? ed->data : "(numbered)");
        goto out;
      }
      if (item < 0)
        p->item_weight[o][p->nitems] = w;
    }
    if (item < 0) {
      item = p->nitems++;
      p->item_producer[item] = ed->from;
    }
    edge_item[e].item = item;
    count[item + 1]++;
  }
  p->item_first = calloc((size_t)p->nitems + 1, sizeof(int));
  p->item_reader = malloc(((size_t)g->nedges + 1) * sizeof(int));
  if (!p->item_first || !p->item_reader)
    goto out;
  for (int i = 0; i < p->nitems; i++)
    count[i + 1] += count[i];
  for (int e = 0; e < g->nedges; e++)
    if (edge_item[e].item >= 0)
      p->item_reader[count[edge_item[e].item]++] = edge_item[e].reader;
  /* count[i] is now the end of item i; compact away duplicate readers. */
  int out_pos = 0, begin = 0;
  for (int i = 0; i < p->nitems; i++) {
    int end = count[i];
    if (end - begin > 1) /* most items have one reader */
      qsort(p->item_reader + begin, (size_t)(end - begin), sizeof(int), cmp_int);
    p->item_first[i] = out_pos;
    for (int k = begin; k < end; k++)
      if (k == begin || p->item_reader[k] != p->item_reader[k - 1])
        p->item_reader[out_pos++] = p->item_reader[k];
    if (out_pos - p->item_first[i] > 1)
      p->has_shared = true;
    begin = end;
  }
  p->item_first[p->nitems] = out_pos;
  rc = ES_OK;
out:
  free(edge_item);
  free(count);
  free(keybuf);
  free(by_id);
  es_strmap_free(&named);
  return rc;
}

int es_problem_build(EsGraph *g, const EsProblemOptions *opt, EsProblem *out, EsError *err) {
  memset(out, 0, sizeof *out);
  Builder b = {.g = g, .opt = opt, .p = out, .err = err, .form = FORM_ABSTRACT};
  out->ntasks = g->ntasks;
  out->objective = opt->objective;
  int rc = es_graph_check_acyclic(g, err);
  if (!rc)
    rc = decide_form(&b);
  if (!rc)
    rc = build_labels(&b);
  if (!rc)
    rc = check_devices(&b);
  if (!rc)
    rc = alloc_task_values(&b);
  if (!rc)
    rc = transfer_coefficients(&b);
  if (!rc)
    rc = build_items(&b);
  out->physical = b.form == FORM_PHYSICAL;
  out->unit[ES_OBJ_ENERGY] = out->physical ? "J" : "";
  out->unit[ES_OBJ_TIME] = out->physical ? "s" : "";
  if (!rc && !out->value[out->objective])
    rc = es_error_set(err, ES_EINVAL, g->file, 1, 1,
                      out->objective == ES_OBJ_TIME
                          ? "the graph gives no times to minimize"
                          : "the graph gives no energies: give tasks 'cost:', or times and a "
                            "platform with powers");
  if (!rc)
    out->cache = es_problem_cache_new(); /* NULL only costs the solvers their reuse */
  if (rc == ES_ENOMEM)
    es_error_set(err, rc, g->file, 0, 0, "out of memory");
  free(b.graph_to_problem_device);
  free(b.input_bytes);
  free(b.fits);
  if (rc)
    es_problem_free(out);
  return rc;
}

void es_problem_free(EsProblem *p) {
  if (!p)
    return;
  free(p->device_names);
  free(p->label_device);
  free(p->label_level);
  free(p->level_freq);
  free(p->level_power);
  free(p->idle_power);
  free(p->memory);
  free(p->link_unit);
  free(p->link_fixed);
  for (int o = 0; o < 2; o++) {
    free(p->value[o]);
    free(p->item_weight[o]);
    free(p->xfer_unit[o]);
    free(p->xfer_fixed[o]);
  }
  free(p->item_producer);
  free(p->item_first);
  free(p->item_reader);
  free(p->order_from);
  free(p->order_to);
  es_problem_cache_free(p->cache);
  memset(p, 0, sizeof *p);
}

int es_problem_label(const EsProblem *p, int d, int k) {
  for (int l = 0; l < p->nlabels; l++)
    if (p->label_device[l] == d && p->label_level[l] == k)
      return l;
  return -1;
}

double es_problem_evaluate(const EsProblem *p, EsObjective obj, const int *labels) {
  const double *value = p->value[obj];
  if (!value)
    return NAN;
  double total = 0;
  for (int v = 0; v < p->ntasks; v++)
    total += value[(long)v * p->nlabels + labels[v]];
  for (int i = 0; i < p->nitems; i++)
    total += es_problem_item_total(p, obj, i, labels);
  return total;
}

double es_problem_item_total(const EsProblem *p, EsObjective obj, int i, const int *labels) {
  /* An item moves once to each device that reads it; a bitmask of the
   * devices served so far handles up to 64 devices, more fall back to a scan. */
  int src = p->label_device[labels[p->item_producer[i]]];
  unsigned long long served = 0;
  double total = 0;
  for (int k = p->item_first[i]; k < p->item_first[i + 1]; k++) {
    int d = p->label_device[labels[p->item_reader[k]]];
    bool seen = false;
    if (d < 64) {
      seen = served >> d & 1;
      served |= 1ULL << d;
    } else {
      for (int j = p->item_first[i]; j < k; j++)
        seen |= p->label_device[labels[p->item_reader[j]]] == d;
    }
    if (!seen)
      total += es_problem_item_cost_obj(p, obj, i, src, d);
  }
  return total;
}

static int root_of(int *parent, int v) {
  while (parent[v] != v)
    v = parent[v] = parent[parent[v]];
  return v;
}

/* Union-find over the producer-reader pairs in item order: true when none
 * closes a cycle, which proves a forest in O(E); a pair that joins two tasks
 * already joined may still repeat an earlier pair (parallel items), which
 * only the check below tells. */
static bool joins_no_cycle(const EsProblem *p, int *parent) {
  for (int v = 0; v < p->ntasks; v++)
    parent[v] = v;
  for (int i = 0; i < p->nitems; i++)
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
      int ra = root_of(parent, p->item_producer[i]), rb = root_of(parent, p->item_reader[j]);
      if (ra == rb)
        return false;
      parent[ra] = rb;
    }
  return true;
}

/* Otherwise the distinct pairs, each once, decide: every pair is listed
 * under its lower task (a counting sort, O(V + E)), where a mark per task
 * skips the repeats, and union-find over the rest finds a cycle if there is
 * one (whether a set of edges is a forest does not depend on their order). */
bool es_problem_is_forest(const EsProblem *p) {
  int n = p->item_first ? p->item_first[p->nitems] : 0;
  int *parent = malloc(((size_t)p->ntasks + 1) * sizeof *parent);
  if (parent && joins_no_cycle(p, parent)) {
    free(parent);
    return true;
  }
  int *first = calloc((size_t)p->ntasks + 2, sizeof *first);
  int *higher = malloc(((size_t)n + 1) * sizeof *higher);
  int *mark = malloc(((size_t)p->ntasks + 1) * sizeof *mark);
  bool forest = parent && first && higher && mark;
  for (int i = 0; forest && i < p->nitems; i++) /* pairs per lower task */
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
      int a = p->item_producer[i], c = p->item_reader[j];
      first[(a < c ? a : c) + 2]++;
    }
  for (int v = 0; forest && v < p->ntasks; v++)
    first[v + 2] += first[v + 1];
  for (int i = 0; forest && i < p->nitems; i++) /* first[v + 1]: where v's next goes */
    for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
      int a = p->item_producer[i], c = p->item_reader[j];
      higher[first[(a < c ? a : c) + 1]++] = a < c ? c : a;
    }
  for (int v = 0; forest && v < p->ntasks; v++)
    parent[v] = v, mark[v] = -1;
  for (int lo = 0; forest && lo < p->ntasks; lo++)
    for (int k = first[lo]; forest && k < first[lo + 1]; k++) {
      int hi = higher[k];
      if (mark[hi] == lo) /* a repeat of a pair of lo's */
        continue;
      mark[hi] = lo;
      int ra = root_of(parent, lo), rb = root_of(parent, hi);
      forest = ra != rb;
      parent[ra] = rb;
    }
  free(first);
  free(higher);
  free(mark);
  free(parent);
  return forest;
}
