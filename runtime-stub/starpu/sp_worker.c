/* What an implementation does on its worker (esp_begin, esp_end): take its
 * arguments, find its data in the worker's memory, and set the worker's
 * DVFS level through esched's back ends (runtime-stub/power/dvfs.h): the
 * plan's level when the task runs where the plan put it, level 0
 * elsewhere (dmda's choices, fallbacks). CPU workers set their own core
 * (cpufreq, the core StarPU bound them to); GPU workers their device
 * (nvml); sim records.
 *
 * A gpu variant that is a host function reads and writes its data through
 * the pointers it gets (the kind the native runtime's sim back end runs):
 * on an OpenCL worker its buffers are mapped into host memory for the call
 * and unmapped after, so StarPU really moves the data to the device and
 * back, and a missing transfer changes the output. A gpu variant that is
 * an OpenCL launcher gets addresses standing for StarPU's buffers and
 * enqueues its kernels on the worker's queue (sp_launch.h). Either way the
 * implementation ends when the worker's queue is finished.
 */
#include <stdlib.h>
#include <string.h>

#include "runtime-stub/starpu/sp_launch.h"
#include "runtime-stub/starpu/sp_state.h"

#ifdef STARPU_USE_OPENCL
static cl_command_queue worker_queue(int worker) {
  cl_command_queue q;
  starpu_opencl_get_queue(starpu_worker_get_devid(worker), &q);
  return q;
}

static void *map(void *buffer, int worker) {
  struct starpu_vector_interface *v = buffer;
  cl_int err;
  void *p = clEnqueueMapBuffer(worker_queue(worker), (cl_mem)v->dev_handle, CL_TRUE,
                               CL_MAP_READ | CL_MAP_WRITE, v->offset, (size_t)v->nx * v->elemsize,
                               0, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "%s: error: cannot map an OpenCL buffer (%d)\n", sp_prefix(), err);
    abort(); /* the variant would work on host memory that is not its data */
  }
  return p;
}

static void unmap(void *buffer, void *p, int worker) {
  struct starpu_vector_interface *v = buffer;
  clEnqueueUnmapMemObject(worker_queue(worker), (cl_mem)v->dev_handle, p, 0, NULL, NULL);
}

static void finish(int worker) { clFinish(worker_queue(worker)); }
#else
static void *map(void *buffer, int worker) {
  (void)buffer, (void)worker;
  abort(); /* no OpenCL worker without OpenCL */
}
static void unmap(void *buffer, void *p, int worker) { (void)buffer, (void)p, (void)worker; }
static void finish(int worker) { (void)worker; }
#endif

/* The platform device a worker of this process stands for: its node's
 * device of the worker's kind (a CPU, else the first other device). */
static int worker_device(const SpState *s, enum starpu_worker_archtype type) {
  int node = s->pf->nnodes > 0 ? s->rank : -1;
  for (int d = 0; d < s->pf->ndevices; d++) {
    const EsDevice *dev = &s->pf->devices[d];
    if (dev->node == node && (type == STARPU_CPU_WORKER) == !strcmp(dev->kind, "cpu"))
      return d;
  }
  return -1;
}

/* Worker w's core among cpufreq's files, or -1. */
static int cpufreq_index(const SpState *s, int w) {
  int core = starpu_worker_get_bindid(w);
  for (int i = 0; i < s->dvfs.cpufreq.nfiles; i++)
    if (s->dvfs.cpufreq.cpus[i] == core)
      return i;
  return -1;
}

/* Sets worker w to level (of device dev, at freq Hz). Under the lock. */
static void set_level(SpState *s, int w, enum starpu_worker_archtype type, int dev, int level,
                      double freq) {
  s->worker_level[w] = level;
  s->worker_changes[w]++;
  char why[256] = "";
  int rc = 0;
  if (s->dvfs.kind == RT_DVFS_CPUFREQ && type == STARPU_CPU_WORKER && cpufreq_index(s, w) >= 0)
    rc = rt_cpufreq_set_one(&s->dvfs.cpufreq, cpufreq_index(s, w), freq, why, sizeof why);
  else if (s->dvfs.kind == RT_DVFS_NVML && type != STARPU_CPU_WORKER && dev >= 0)
    rc = rt_dvfs_set(&s->dvfs, dev, level, why, sizeof why);
  if (rc) {
    sp_warn("ESCHED_DVFS=%s: %s; levels are simulated from now on", rt_dvfs_name(s->dvfs.kind),
            why);
    rt_dvfs_to_sim(&s->dvfs);
  }
}

/* Counts the run of st on worker w and sets w's level for it. */
static void enter(SpState *s, SpTask *st, int w) {
  enum starpu_worker_archtype type = starpu_worker_get_type(w);
  pthread_mutex_lock(&s->lock);
  bool planned = type == st->want && (!s->mpi || s->rank == st->node);
  st->runs++;
  st->planned += planned;
  st->last_worker = w;
  s->worker_tasks[w]++;
  int dev = planned ? st->device : worker_device(s, type);
  int level = planned ? st->t->level : 0;
  double freq = planned ? st->freq : dev >= 0 ? s->pf->devices[dev].levels[0].freq : 0;
  if (s->worker_level[w] != level)
    set_level(s, w, type, dev, level, freq);
  pthread_mutex_unlock(&s->lock);
}

void esp_begin(EspRun *r, EspTask *t, void *buffers[], void *cl_arg, void *args, size_t size,
               void **ptr) {
  memset(r, 0, sizeof *r);
  r->task = t;
  r->ptr = ptr;
  r->buffers = buffers;
  r->slots = args;
  r->worker = -1;
  if (!buffers) { /* run_here: no StarPU */
    const SpDirect *d = cl_arg;
    memcpy(args, d->args, size < d->size ? size : d->size);
    for (int i = 0; i < t->nslots; i++)
      ptr[i] = NULL;
    return;
  }
  starpu_codelet_unpack_args(cl_arg, args);
  r->worker = starpu_worker_get_id();
  bool opencl = starpu_worker_get_type(r->worker) == STARPU_OPENCL_WORKER;
  r->launching = opencl && (t->gpu_flags & ESRT_VARIANT_OPENCL);
  r->mapped = opencl && !r->launching;
  if (r->launching && !sp_launch_begin(r)) {
    fprintf(stderr, "%s: error: cannot reserve addresses for an OpenCL launcher\n", sp_prefix());
    abort(); /* the launcher would have no data */
  }
  for (int i = 0; !r->launching && i < t->nslots; i++) {
    int b = r->slots[i].buffer;
    ptr[i] = b < 0       ? NULL
             : r->mapped ? map(buffers[b], r->worker)
                         : (void *)STARPU_VECTOR_GET_PTR(buffers[b]);
  }
  if (t->rt)
    enter(&sp_state, t->rt, r->worker);
}

void esp_end(EspRun *r) {
  if (!r->mapped && !r->launching)
    return;
  for (int i = 0; r->mapped && i < r->task->nslots; i++)
    if (r->slots[i].buffer >= 0)
      unmap(r->buffers[r->slots[i].buffer], r->ptr[i], r->worker);
  finish(r->worker);
  if (r->launching)
    sp_launch_end(r);
}
