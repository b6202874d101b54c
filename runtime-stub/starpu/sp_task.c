/* Submitting tasks (esp_submit): each task's codelet, built on its first
 * submission from the generated implementations and the plan, and one
 * starpu_task_insert (starpu_mpi_task_insert on a platform with nodes) per
 * instance with the instance's data handles and access modes.
 *
 * Policy plan: the codelet runs only on the worker type of the plan's
 * device (STARPU_EXECUTE_WHERE; eager picks a free worker of that type),
 * and under MPI on the plan's node (STARPU_EXECUTE_ON_NODE). A device
 * without a StarPU worker able to run the task (no OpenCL worker, a gpu
 * variant missing, a device the platform lacks) makes the task run on a CPU
 * worker, with one warning per run. Policy starpu: every implemented type,
 * dmda's choice; under MPI StarPU-MPI's rule (the owner of the data
 * written runs the task).
 *
 * Each codelet has esched's history model of its task (sp_model.h).
 *
 * A task whose data holds pointers (esp_submit_host) runs under MPI on
 * every rank, in the submitting thread, as host code does.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/starpu/sp_model.h"
#include "runtime-stub/starpu/sp_mpi.h"
#include "runtime-stub/starpu/sp_state.h"
#include "scheduler/base/vec.h"

static int worker_count(enum starpu_worker_archtype type) {
  return starpu_worker_get_count_by_type(type);
}

static unsigned long long type_mask(enum starpu_worker_archtype type) {
  return type == STARPU_CPU_WORKER    ? STARPU_CPU
         : type == STARPU_CUDA_WORKER ? STARPU_CUDA
                                      : STARPU_OPENCL;
}

/* The worker type of the plan's device (a CPU for devices of kind cpu,
 * else an accelerator: StarPU's OpenCL workers run gpu variants). */
static enum starpu_worker_archtype wanted_type(SpState *s, int device) {
  return device >= 0 && strcmp(s->pf->devices[device].kind, "cpu") != 0 ? STARPU_OPENCL_WORKER
                                                                        : STARPU_CPU_WORKER;
}

/* The worker type task t is pinned to: the plan's, or the CPU (with the
 * run's one warning) when StarPU cannot run it there. */
static enum starpu_worker_archtype plan_type(SpState *s, const SpTask *st) {
  const EspTask *t = st->t;
  if (st->device >= 0 && st->want == STARPU_CPU_WORKER)
    return STARPU_CPU_WORKER;
  if (st->device >= 0 && t->gpu && worker_count(STARPU_OPENCL_WORKER) > 0)
    return STARPU_OPENCL_WORKER;
  if (!s->warned_fallback)
    sp_warn("the plan puts task '%s' on %s, but StarPU has no worker there able to run it (%s); "
            "such tasks run on a CPU worker",
            t->key, t->device,
            st->device < 0 ? "the platform has no such device"
            : !t->gpu      ? "the task has no gpu variant"
                           : "no OpenCL worker: STARPU_OPENCL_ON_CPUS=1 uses a CPU OpenCL device");
  s->warned_fallback = true;
  return STARPU_CPU_WORKER;
}

/* The plan's meaning for t on this platform and these workers. */
static void plan(SpState *s, SpTask *st) {
  const EspTask *t = st->t;
  st->device = es_platform_find_device(s->pf, t->device);
  const EsDevice *d = st->device >= 0 ? &s->pf->devices[st->device] : NULL;
  st->node = d && d->node > 0 ? d->node : 0;
  if (s->mpi && st->node >= s->size) {
    if (!s->warned_nodes)
      sp_warn("the plan uses %d nodes but %d ranks run it; node N runs on rank N mod %d",
              s->pf->nnodes, s->size, s->size);
    s->warned_nodes = true;
    st->node %= s->size;
  }
  st->want = wanted_type(s, st->device);
  st->type = plan_type(s, st);
  st->where = type_mask(st->type);
  int level = d && t->level < d->nlevels ? t->level : 0;
  st->freq = d ? d->levels[level].freq : 0;
}

/* The task's state: its codelet and model, and what the plan means; made
 * on its first submission (by whichever thread submits it first). */
static SpTask *task_state(SpState *s, EspTask *t) {
  SpTask *st = __atomic_load_n(&t->rt, __ATOMIC_ACQUIRE);
  if (st)
    return st;
  pthread_mutex_lock(&s->lock);
  if ((st = t->rt) != NULL || !(st = calloc(1, sizeof *st)) ||
      es_vec_reserve(&s->tasks, &s->tasks_cap, s->ntasks + 1, sizeof *s->tasks)) {
    pthread_mutex_unlock(&s->lock);
    return t->rt ? st : (free(st), NULL);
  }
  st->t = t;
  st->last_worker = -1;
  sp_model_init(&st->model, st->symbol, sizeof st->symbol, t->key);
  st->cl.cpu_funcs[0] = t->cpu;
#ifdef STARPU_USE_OPENCL
  st->cl.opencl_funcs[0] = t->gpu;
#endif
  st->cl.nbuffers = STARPU_VARIABLE_NBUFFERS;
  st->cl.model = &st->model;
  st->cl.name = t->key;
  plan(s, st);
  s->tasks[s->ntasks++] = st;
  __atomic_store_n(&t->rt, st, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&s->lock);
  return st;
}

static enum starpu_data_access_mode starpu_mode(int mode) {
  return mode == ESRT_IN ? STARPU_R : mode == ESRT_OUT ? STARPU_W : STARPU_RW;
}

/* Without StarPU: the CPU implementation now, on host memory. */
static void run_here(EspTask *t, void *args, size_t size) {
  SpDirect d = {args, size};
  sp_state.here++;
  t->cpu(NULL, &d);
}

/* The range each access of one task is registered as, [hull[2i],
 * hull[2i + 1]): its own, or the hull of those it overlaps, directly or
 * through others (tiles of one column-major matrix, top[0:lda + 2] and
 * bot = top + 2). One task's handles must not overlap: registering the
 * second would replace the first under the task. Few accesses: a fixpoint
 * over pairs. */
static void task_hulls(const EspAccess *acc, int nacc, uintptr_t *hull) {
  for (int i = 0; i < nacc; i++) {
    hull[2 * i] = (uintptr_t)acc[i].ptr;
    hull[2 * i + 1] = hull[2 * i] + (acc[i].bytes ? acc[i].bytes : 0);
  }
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < nacc; i++)
      for (int j = 0; j < nacc; j++) {
        uintptr_t *a = &hull[2 * i], *b = &hull[2 * j];
        bool overlap = a[1] > a[0] && b[1] > b[0] && a[0] < b[1] && b[0] < a[1];
        if (i == j || !overlap || (a[0] == b[0] && a[1] == b[1]))
          continue;
        a[0] = b[0] = a[0] < b[0] ? a[0] : b[0];
        a[1] = b[1] = a[1] > b[1] ? a[1] : b[1];
        grew = true;
      }
  }
}

void esp_submit(EspTask *t, const EspAccess *acc, int nacc, void *args, size_t size) {
  SpState *s = &sp_state;
  EspSlot *slots = args;
  for (int i = 0; i < nacc; i++)
    slots[i] = (EspSlot){acc[i].ptr, -1};
  SpTask *st = s->started ? task_state(s, t) : NULL;
  if (!st) {
    run_here(t, args, size);
    return;
  }
  struct starpu_data_descr small[16],
      *descr = nacc <= 16 ? small : malloc(sizeof *descr * (size_t)nacc);
  uintptr_t small_hull[32],
      *hull = nacc <= 16 ? small_hull : malloc(sizeof *hull * 2 * (size_t)nacc);
  if (!hull && descr != small)
    free(descr), descr = NULL;
  if (descr)
    task_hulls(acc, nacc, hull);
  int n = 0;
  for (int i = 0; descr && i < nacc; i++) {
    size_t bytes = hull[2 * i + 1] - hull[2 * i];
    starpu_data_handle_t h =
        bytes ? sp_data_handle(&s->reg, (const void *)hull[2 * i], bytes, acc[i].owner) : NULL;
    if (!h)
      continue;
    slots[i].base = (const void *)hull[2 * i];
    int b = 0;
    while (b < n && descr[b].handle != h)
      b++;
    if (b == n)
      descr[n++] = (struct starpu_data_descr){h, starpu_mode(acc[i].mode)};
    else
      descr[b].mode |= starpu_mode(acc[i].mode); /* one range named twice */
    slots[i].buffer = b;
  }
  int rc = !descr ? -1
           : s->mpi
               ? sp_mpi_submit(&st->cl, descr, n, args, size, s->policy == SP_PLAN ? st->where : 0,
                               s->policy == SP_PLAN ? st->node : -1, t->key)
           : s->policy == SP_PLAN
               ? starpu_task_insert(&st->cl, STARPU_DATA_MODE_ARRAY, descr, n, STARPU_VALUE, args,
                                    size, STARPU_EXECUTE_WHERE, st->where, STARPU_NAME, t->key, 0)
               : starpu_task_insert(&st->cl, STARPU_DATA_MODE_ARRAY, descr, n, STARPU_VALUE, args,
                                    size, STARPU_NAME, t->key, 0);
  if (descr != small)
    free(descr);
  if (hull != small_hull)
    free(hull);
  if (rc != 0) {
    sp_warn("StarPU refused task '%s' (%d); it runs in the calling thread", t->key, rc);
    sp_data_end(&s->reg);
    for (int i = 0; i < nacc; i++)
      slots[i].buffer = -1;
    run_here(t, args, size);
  }
}

void esp_submit_host(EspTask *t, const EspAccess *acc, int nacc, void *args, size_t size) {
  SpState *s = &sp_state;
  if (!s->started || !s->mpi || s->size < 2) {
    esp_submit(t, acc, nacc, args, size);
    return;
  }
  EspSlot *slots = args;
  for (int i = 0; i < nacc; i++) {
    slots[i] = (EspSlot){acc[i].ptr, -1};
    if (acc[i].bytes)
      sp_data_host(&s->reg, (uintptr_t)acc[i].ptr, (uintptr_t)acc[i].ptr + acc[i].bytes,
                   acc[i].mode, false);
  }
  SpDirect d = {args, size};
  s->everywhere++;
  t->cpu(NULL, &d);
}
