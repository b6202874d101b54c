/* esched_starpu.h: the interface of programs rewritten for StarPU
 * (`esched compile --target starpu`; docs/starpu.md), implemented by
 * libesched_starpu on top of StarPU 1.3 (and StarPU-MPI for platforms with
 * nodes). It needs no StarPU header: generated code sees only this one.
 *
 * Per task the rewriter emits an argument block (one EspSlot per access,
 * first, then the call's arguments captured by value), one function per
 * implementation (the CPU region; the gpu variant, which StarPU runs on an
 * OpenCL worker: a host function, or a launcher of OpenCL kernels), and a
 * descriptor with the build-time plan:
 *
 *   struct esp_args0_ { EspSlot s_[2]; const double *a0; double *a1; int a2; };
 *   static void esp_f0_cpu_(void *esp_b_[], void *esp_v_) {
 *     struct esp_args0_ esp_x_;
 *     void *esp_p_[2];
 *     EspRun esp_r_;
 *     esp_begin(&esp_r_, &esp_t0_, esp_b_, esp_v_, &esp_x_, sizeof esp_x_, esp_p_);
 *     scale(esp_at_(esp_p_[0], &esp_x_.s_[0], esp_x_.a0), esp_at_(...), esp_x_.a2);
 *     esp_end(&esp_r_);
 *   }
 *   static EspTask esp_t0_ = {"f", "scale", "scale", esp_f0_cpu_, NULL, 0, "cpu", 0, 2,
 *                             &esp_unit_, NULL};
 *
 * and at the task's place one submission, which returns at once:
 *
 *   EspAccess esp_a_[2] = {{x, n * sizeof *x, ESRT_IN, 0}, {y, n * sizeof *y, ESRT_OUT, 0}};
 *   struct esp_args0_ esp_x_ = {{{0, 0}}, x, y, n};
 *   esp_submit(&esp_t0_, esp_a_, 2, &esp_x_, sizeof esp_x_);
 *
 * (esp_submit_host for a task whose data holds pointers.)
 * Host code touching task data calls esrt_host / esrt_host_whole first, and
 * functions with tasks call esrt_region_end before they return, as with the
 * native runtime (esched_rt.h); libesched_starpu implements those three.
 * free(p) of task data calls esp_forget(p) first.
 */
#ifndef ESCHED_STARPU_H
#define ESCHED_STARPU_H

#include <stddef.h>

#include "esched_rt.h" /* ESRT_IN/OUT/INOUT, esrt_host, esrt_host_whole, esrt_region_end */

#ifdef __cplusplus
extern "C" {
#endif

/* Version of this interface; generated code checks it with ESP_REQUIRE_ABI. */
#define ESP_ABI_VERSION 3

/* An implementation of a task, as StarPU calls it on a worker's thread. */
typedef void (*EspFn)(void *buffers[], void *cl_arg);

/* Where access i of a task instance lives: its host address at submission,
 * and the StarPU buffer holding it (-1 for an empty access). The slots
 * open every argument block; esp_submit fills them and the implementation
 * reads them back (esp_at_). */
typedef struct EspSlot {
  const void *base;
  int buffer;
} EspSlot;

/* One data range a task reads or writes: host address, bytes, ESRT_* mode,
 * and under StarPU-MPI the node (rank) that owns the data item: the plan's
 * node of the item's writer, so that its results stay where they are made.
 * Ranges of different tasks may overlap; StarPU then orders the tasks as
 * wholes (docs/starpu.md, "Data"). */
typedef struct EspAccess {
  const void *ptr;
  size_t bytes;
  int mode;
  int owner;
} EspAccess;

struct EspUnit;

/* A task, generated as a static object (not const: the library keeps its
 * StarPU codelet in `rt`). device is the plan: a device of the build's
 * platform ("cpu", "gpu", or "NODE/DEVICE" on a platform with nodes), at
 * DVFS level `level`. gpu is NULL when the task has no gpu variant. */
typedef struct EspTask {
  const char *graph;
  const char *name;
  const char *key; /* profile key; the StarPU model is "esched.KEY" */
  EspFn cpu;
  EspFn gpu;
  /* What the gpu variant is: 0, a host function working on its data
   * mapped into host memory; ESRT_VARIANT_OPENCL, a launcher of OpenCL
   * kernels (esched_rt.h, "Launchers"), given addresses standing for its
   * data on StarPU's OpenCL device. */
  unsigned gpu_flags;
  const char *device;
  int level;
  int nslots;
  const struct EspUnit *unit;
  void *rt; /* the library's; NULL in the generated object */
} EspTask;

/* Every task of one translation unit. platform is the build's platform (a
 * preset name or an absolute path; ESCHED_PLATFORM overrides it): its
 * nodes, devices and levels give the plan its meaning at run time. */
typedef struct EspUnit {
  const char *name;
  EspTask *const *tasks;
  int ntasks;
  const char *platform;
} EspUnit;

/* Starts StarPU (StarPU-MPI when the platform has nodes) if it is not
 * running, and declares the unit's tasks for the summary. Generated code
 * calls it from a constructor, so that under MPI every rank but 0 has
 * silenced its standard output before main prints. */
void esp_register_unit(const struct EspUnit *u);

/* Submits one instance of t with its accesses (copied) and its argument
 * block (args, size bytes: copied after the slots are filled) and returns:
 * StarPU runs it when its data is ready, on a worker of the plan's device
 * (ESCHED_STARPU_POLICY=plan, the default) or where dmda puts it
 * (ESCHED_STARPU_POLICY=starpu). */
void esp_submit(EspTask *t, const EspAccess *acc, int nacc, void *args, size_t size);

/* esp_submit for a task whose data holds pointers into this process's
 * memory (a T ** row table, a structure with pointer members; the front
 * end keeps such tasks on the CPU). One process: esp_submit. Under
 * StarPU-MPI with several ranks no other rank can run it (its pointers
 * mean nothing there, and the data they reach is not StarPU's): every
 * rank runs it, as it runs host code, in the calling thread on its own
 * memory, after making its accesses current there (esrt_host). */
void esp_submit_host(EspTask *t, const EspAccess *acc, int nacc, void *args, size_t size);

/* The program is about to free the memory at ptr (free(ptr) of task
 * data): its handles are unregistered, after their tasks, without bringing
 * their data home. */
void esp_forget(const void *ptr);

/* The state of one run of an implementation, on the worker's stack. */
typedef struct EspRun {
  EspTask *task;
  void **ptr;
  int worker;
  int mapped;    /* buffers mapped from an OpenCL device */
  int launching; /* a launcher on an OpenCL worker (esrt_opencl_* answer for it) */
  void *const *buffers;
  const EspSlot *slots;
} EspRun;

/* Called first by an implementation: copies the argument block out of
 * cl_arg into args (size bytes), puts the address of each access's data in
 * this worker's memory in ptr[i] (on an OpenCL worker: mapped into host
 * memory, or for a launcher an address standing for its cl_mem), and sets
 * the worker's DVFS level. esp_end waits for the worker's OpenCL queue and
 * undoes the mapping. */
void esp_begin(EspRun *r, EspTask *t, void *buffers[], void *cl_arg, void *args, size_t size,
               void **ptr);
void esp_end(EspRun *r);

/* A host address inside access s's range -> the same place in the copy
 * the worker uses (dev; host itself for an empty access). A macro, not an
 * inline function, so that C89 programs compile (dev is evaluated twice:
 * the generated code passes plain names). */
#define esp_at_(dev, s, host)                                                                      \
  ((dev) ? (void *)((char *)(dev) + ((const char *)(host) - (const char *)(s)->base))              \
         : (void *)(host))

#define ESP_REQUIRE_ABI(v) typedef char esp_abi_check_[(v) == ESP_ABI_VERSION ? 1 : -1]

#ifdef __cplusplus
}
#endif

#endif
