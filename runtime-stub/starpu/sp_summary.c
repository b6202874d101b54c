/* The summary of a run on StarPU (docs/starpu.md, "Summary"): per process
 * (per rank under MPI, each line prefixed esched[RANK]), the policy, the
 * workers, each task's plan and where its instances ran, each worker's
 * share and DVFS level changes. */
#include "runtime-stub/starpu/sp_summary.h"

#include <string.h>

#include "runtime-stub/starpu/sp_state.h"

static const char *type_name(enum starpu_worker_archtype type) {
  return type == STARPU_CPU_WORKER ? "cpu" : type == STARPU_CUDA_WORKER ? "cuda" : "opencl";
}

static void header(FILE *f, const SpState *s) {
  const char *p = sp_prefix();
  struct starpu_sched_policy *sp = s->started ? starpu_sched_ctx_get_sched_policy(0) : NULL;
  fprintf(f, "%s: summary: target starpu, policy %s (scheduler %s), platform %s, dvfs %s\n", p,
          s->policy == SP_PLAN ? "plan" : "starpu",
          sp && sp->policy_name ? sp->policy_name : "none", s->pf->name,
          rt_dvfs_name(s->dvfs.kind));
  if (s->mpi)
    fprintf(f, "%s:   rank %d of %d: node %s\n", p, s->rank, s->size,
            s->rank < s->pf->nnodes ? s->pf->nodes[s->rank] : "(beyond the platform's nodes)");
  if (s->started)
    fprintf(f, "%s:   workers: cpu %d, opencl %d, cuda %d\n", p,
            starpu_worker_get_count_by_type(STARPU_CPU_WORKER),
            starpu_worker_get_count_by_type(STARPU_OPENCL_WORKER),
            starpu_worker_get_count_by_type(STARPU_CUDA_WORKER));
}

/* A task's line: its plan, and (when it ran here) how often and where.
 * Written with one call, as every line here is: the ranks of an MPI run
 * share one stderr, and a line written in pieces came out with another
 * rank's line inside it. */
static void task_line(FILE *f, const SpState *s, const SpTask *st) {
  const EspTask *t = st->t;
  char rank[32] = "", pinned[64] = "", ran[192] = "; ran 0 here";
  if (s->mpi)
    snprintf(rank, sizeof rank, " on rank %d", st->node);
  if (s->policy == SP_PLAN)
    snprintf(pinned, sizeof pinned, ", pinned to %s workers", type_name(st->type));
  if (st->runs) {
    char name[64];
    starpu_worker_get_name(st->last_worker, name, sizeof name);
    snprintf(ran, sizeof ran, "; ran %lu here, %lu on the plan's device, last on %s", st->runs,
             st->planned, name);
  }
  fprintf(f, "%s:   task %s: plan %s level %d%s%s%s\n", sp_prefix(), t->key, t->device, t->level,
          rank, pinned, ran);
}

void sp_summary(FILE *f) {
  SpState *s = &sp_state;
  header(f, s);
  for (int i = 0; i < s->ntasks; i++) {
    const SpTask *st = s->tasks[i];
    if (st->runs || !s->mpi || st->node == s->rank)
      task_line(f, s, st);
  }
  for (int w = 0; s->started && w < (int)starpu_worker_get_count(); w++) {
    char name[64];
    starpu_worker_get_name(w, name, sizeof name);
    fprintf(f, "%s:   worker %s: %lu tasks, %lu level changes\n", sp_prefix(), name,
            s->worker_tasks[w], s->worker_changes[w]);
  }
  if (s->here)
    fprintf(f, "%s:   %lu task instances ran in the submitting thread, without StarPU\n",
            sp_prefix(), s->here);
  if (s->everywhere)
    fprintf(f,
            "%s:   %lu task instances whose data holds pointers ran on every rank, in the "
            "submitting thread\n",
            sp_prefix(), s->everywhere);
  fprintf(f, "%s:   data: %ld handles replaced by overlapping ranges\n", sp_prefix(),
          s->reg.replaced);
}
