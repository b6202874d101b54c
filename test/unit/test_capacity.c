/* Device memory on thousands of random physical trees and DAGs (2-3
 * devices, 1-3 levels, empty items, pinned tasks) whose accelerators (and
 * sometimes the CPU) hold a random share of the data: brute force under
 * the capacity is the optimum; the ILP with its capacity rows matches it;
 * capacity's answer fits, never beats it, and its Lagrangian bound never
 * exceeds it (when its note says optimal, it equals it). Whether an
 * assignment fits is judged by a simulation written here, independent of
 * scheduler/model/memory.c: the serial order by repeated scans, then each
 * device's resident bytes at every step. */
#include "instances.h"
#include "test.h"

#include <string.h>

#include "scheduler/lp/milp.h"

enum { INSTANCES = 2000 };

/* The serial order: the ready task of least index, again and again. */
static void serial_order(const EsProblem *p, int *step) {
  int n = p->ntasks;
  bool *done = calloc((size_t)n + 1, 1);
  for (int k = 0; k < n; k++) {
    for (int v = 0; v < n; v++) {
      if (done[v])
        continue;
      bool ready = true;
      for (int i = 0; i < p->nitems && ready; i++)
        for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++)
          if (p->item_reader[j] == v && !done[p->item_producer[i]])
            ready = false;
      for (int o = 0; o < p->norders && ready; o++)
        if (p->order_to[o] == v && !done[p->order_from[o]])
          ready = false;
      if (ready) {
        done[v] = true, step[v] = k;
        break;
      }
    }
  }
  free(done);
}

/* Whether every bounded device holds at most its memory at every step:
 * an item sits on its producer's device from the producer's step to its
 * last reader's, and on each other reader device from the first reader
 * there to the last. */
static bool simulate_fits(const EsProblem *p, const int *labels) {
  int n = p->ntasks, *step = malloc(((size_t)n + 1) * sizeof *step);
  serial_order(p, step);
  bool fits = true;
  for (int d = 0; d < p->ndevices && fits; d++) {
    if (isinf(p->memory[d]))
      continue;
    for (int k = 0; k < n && fits; k++) {
      double held = 0;
      for (int i = 0; i < p->nitems; i++) {
        int prod = p->item_producer[i], a = p->label_device[labels[prod]];
        int last = step[prod], first_d = n, last_d = -1;
        for (int j = p->item_first[i]; j < p->item_first[i + 1]; j++) {
          int r = p->item_reader[j], s = step[r];
          last = s > last ? s : last;
          if (p->label_device[labels[r]] == d) {
            first_d = s < first_d ? s : first_d;
            last_d = s > last_d ? s : last_d;
          }
        }
        bool on = a == d ? step[prod] <= k && k <= last : first_d <= k && k <= last_d;
        held += on ? p->item_weight[ES_OBJ_TIME][i] : 0;
      }
      fits = held <= p->memory[d] * (1 + 1e-9);
    }
  }
  free(step);
  return fits;
}

/* The largest bytes any assignment could hold on one device: all items. */
static double all_bytes(const EsProblem *p) {
  double sum = 0;
  for (int i = 0; i < p->nitems; i++)
    sum += p->item_weight[ES_OBJ_TIME][i];
  return sum;
}

typedef struct Outcome {
  double cost, bound;
  bool ok, optimal;
  int *labels;
} Outcome;

static Outcome run(const Instance *in, const char *spec) {
  Outcome o = {NAN, NAN, false, false, malloc(((size_t)in->p.ntasks + 1) * sizeof(int))};
  EsSolution s;
  EsError err = {0};
  es_solution_init(&s, in->p.ntasks, false);
  if (es_algorithm_run(spec, &in->p, NULL, &s, &err) == ES_OK) {
    o.ok = true;
    o.cost = es_problem_evaluate(&in->p, in->p.objective, s.label);
    o.bound = s.bound;
    o.optimal = strstr(s.note, "optimal (") != NULL;
    memcpy(o.labels, s.label, (size_t)in->p.ntasks * sizeof(int));
  }
  es_solution_free(&s);
  return o;
}

static int capacity_optimal, feasible, binding;

static void check(uint64_t i, bool dag) {
  EsGenOptions o = instance_options(i, 2, 3, 10, 3000);
  o.costs = ES_GEN_PHYSICAL;
  Instance in = {0};
  in.opt = o;
  in.g = dag ? es_gen_dag(&o) : es_gen_tree(&o);
  in.platform = es_gen_platform(o.ndevices, o.nlevels);
  EsRng r;
  es_rng_seed(&r, i + 99);
  double total = 0;
  EsProblemOptions po = {in.platform, NULL, ES_OBJ_ENERGY};
  EsError err = {0};
  if (!in.g || !in.platform || es_problem_build(in.g, &po, &in.p, &err)) {
    TEST_FAIL("instance %llu: %s", (unsigned long long)i, err.message);
    instance_free(&in);
    return;
  }
  total = all_bytes(&in.p);
  es_problem_free(&in.p);
  /* accelerators hold 15-90% of all the data; the CPU now and then too */
  for (int d = 1; d < in.platform->ndevices; d++)
    in.platform->devices[d].memory = total * (0.15 + 0.75 * es_rng_uniform(&r)) + 1;
  if (es_rng_uniform(&r) < 0.15)
    in.platform->devices[0].memory = total * (0.5 + es_rng_uniform(&r)) + 1;
  if (es_problem_build(in.g, &po, &in.p, &err)) {
    TEST_FAIL("instance %llu: %s", (unsigned long long)i, err.message);
    instance_free(&in);
    return;
  }
  Outcome brute = run(&in, "brute"), cap = run(&in, "capacity");
  in.p.memory_bound = false; /* the optimum without the memories */
  Outcome free_run = run(&in, "brute");
  in.p.memory_bound = true;
  binding += brute.ok && free_run.cost < brute.cost * (1 - 1e-9);
  free(free_run.labels);
  Outcome ilp = es_milp_available() ? run(&in, "ilp") : brute;
  const char *kind = dag ? "dag" : "tree";
  if (brute.ok) {
    feasible++;
    if (!simulate_fits(&in.p, brute.labels))
      TEST_FAIL("%s %llu: brute's assignment overflows a device", kind, (unsigned long long)i);
    if (!ilp.ok || !(fabs(ilp.cost - brute.cost) <= 1e-7 * fmax(1e-12, fabs(brute.cost))))
      TEST_FAIL("%s %llu: ilp %.17g, brute %.17g", kind, (unsigned long long)i, ilp.cost,
                brute.cost);
    else if (!simulate_fits(&in.p, ilp.labels))
      TEST_FAIL("%s %llu: ilp's assignment overflows a device", kind, (unsigned long long)i);
  } else if (ilp.ok || cap.ok)
    TEST_FAIL("%s %llu: brute finds nothing that fits, ilp %d, capacity %d", kind,
              (unsigned long long)i, ilp.ok, cap.ok);
  if (cap.ok) {
    double tol = 1e-9 * fmax(1e-12, fabs(brute.cost));
    if (!simulate_fits(&in.p, cap.labels))
      TEST_FAIL("%s %llu: capacity's assignment overflows a device", kind, (unsigned long long)i);
    if (cap.cost < brute.cost - tol || cap.bound > brute.cost + tol)
      TEST_FAIL("%s %llu: capacity %.17g bound %.17g, optimum %.17g", kind, (unsigned long long)i,
                cap.cost, cap.bound, brute.cost);
    if (cap.optimal && !(cap.cost <= brute.cost + tol))
      TEST_FAIL("%s %llu: capacity says optimal at %.17g, optimum %.17g", kind,
                (unsigned long long)i, cap.cost, brute.cost);
    capacity_optimal += fabs(cap.cost - brute.cost) <= tol;
  } else if (brute.ok && !in.p.memory_bound)
    TEST_FAIL("%s %llu: capacity failed on a problem without bounds", kind, (unsigned long long)i);
  free(brute.labels), free(cap.labels);
  if (ilp.labels != brute.labels)
    free(ilp.labels);
  instance_free(&in);
}

int main(void) {
  for (uint64_t i = 0; i < INSTANCES; i++)
    check(i, i % 2 == 1);
  fprintf(stderr,
          "capacity: optimal on %d of %d feasible instances (%d where the memories cost "
          "energy)\n",
          capacity_optimal, feasible, binding);
  ASSERT_TRUE(binding > INSTANCES / 5); /* the memories bind often enough to test */
  ASSERT_TRUE(capacity_optimal >= feasible * 9 / 10);
  return test_summary();
}
