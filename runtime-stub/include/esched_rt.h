/* esched_rt.h: the runtime interface of scheduled programs (docs/runtime.md).
 *
 * This header is the stable target of the code esched's rewriter generates:
 * a const table of task descriptors (EsrtTask) per translation unit, listed
 * in the unit's EsrtUnit, and per task region either the inline form
 *
 *   EsrtRun r;
 *   void *p[2];
 *   EsrtAccess acc[2] = {{A, n * sizeof *A, ESRT_IN}, {B, n * sizeof *B, ESRT_OUT}};
 *   for (int v = esrt_task_first(&r, &esrt_task_mul, acc, 2, p); v >= 0; v = esrt_task_next(&r))
 *     if (v == 1)
 *       mul_gpu(p[0], p[1], n);       // device pointers
 *     else
 *       mul(A, B, n);                  // the original region, unchanged
 *
 * (the loop runs once, except in ESCHED_PROFILE_MODE=all-devices, where it
 * also runs the other devices' variants on scratch copies; the older
 * `if (esrt_task_begin(...) == 1) ...; else ...; esrt_task_end(&r);` still
 * works, without those extra runs)
 *
 * or the submit form (deferred tasks, and static tasks that may overlap
 * under ESCHED_EXECUTOR=concurrent), whose variants are outlined functions:
 *
 *   struct mul_args a = {n};
 *   esrt_submit(&esrt_task_mul, acc, 2, &a, sizeof a);
 *   ...
 *   esrt_region_end();
 *
 * Host code that touches task data calls esrt_host first. A stream region
 * (a round of moldable tasks under a crown schedule) is a const EsrtStream
 * table and one call per round:
 *
 *   const void *args[2] = {&fir_args, &dft_args};
 *   esrt_stream_round(&esrt_stream_bank, args);
 *
 * Every function is
 * thread safe and never fails from the caller's point of view: a problem
 * (no memory on a device, a bad environment variable) makes the runtime fall
 * back to the host variant and record a warning for the summary.
 */
#ifndef ESCHED_RT_H
#define ESCHED_RT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version of this interface; generated code checks it with
 * ESRT_REQUIRE_ABI so that a stale runtime fails at compile time.
 * 2: EsrtTask gained unit, items and nitems (trailing), EsrtRun gained
 *    ptr, alt, energy and measure; EsrtUnit, esrt_task_first,
 *    esrt_task_next, esrt_register_unit and ESRT_NO_REPLAY are new. Code generated for 1
 *    compiles against 2 once it asks for 2 (trailing members it leaves out
 *    are zero: no unit, items named by index).
 * 3: EsrtTask gained clauses and source (trailing: the check's reports);
 *    esrt_dev and esrt_dev_find are new. Code generated for 2 compiles
 *    against 3 once it asks for 3.
 * 4: EsrtAccess gained base (trailing). Code generated for 3 compiles
 *    against 4 once it asks for 4 (base 0: the range's own address).
 * 5: EsrtVariant gained fit (trailing); EsrtFit and EsrtFitNode are new;
 *    ESRT_DEFERRED on a task of the inline form has the runtime choose its
 *    variant at each esrt_task_begin. Code generated for 4 compiles against
 *    5 once it asks for 5 (fit NULL: the time alone).
 * 6: EsrtTask gained values (trailing: the bytes ESCHED_CHECK may call
 *    unwritten); EsrtValueBytes is new. Code generated for 5 compiles
 *    against 6 once it asks for 6 (values NULL: every byte carries value). */
#define ESRT_ABI_VERSION 6

/* Access modes of one data range. ESRT_OUT promises that the task
 * overwrites every byte of the range (nothing is copied in); a task that
 * writes part of a range uses ESRT_INOUT. */
enum { ESRT_IN = 1, ESRT_OUT = 2, ESRT_INOUT = 3 };

/* EsrtTask.flags */
enum {
  /* Scheduled at run time: a submitted task (loops, recursion) with the
   * region it is pending in; an inline one (ABI 5: its size decides its
   * device, which the build cannot know) alone, where its data is, at each
   * esrt_task_begin. */
  ESRT_DEFERRED = 1,
  ESRT_NO_REPLAY = 2 /* effects beyond the accesses (I/O, unlisted globals): never run twice */
};

/* EsrtVariant.flags: what kind of function the variant is. Without a flag
 * it is plain C (the host, or sim's memory); a launcher runs only on the
 * back end of its kind (see "Launchers" below). */
enum {
  ESRT_VARIANT_CUDA = 1,  /* a launcher of CUDA kernels (a .cu file): the cuda back end */
  ESRT_VARIANT_OPENCL = 2 /* a launcher of OpenCL kernels: the opencl back end */
};

/* An outlined variant: ptr[i] is the device address of the task's i-th
 * access, args the bytes given to esrt_submit (NULL when none). */
typedef void (*EsrtFn)(void *const *ptr, const void *args);

/* A variant's time at level 0 as a function of the bytes a task reads,
 * fitted by the build from a profile measured at three or more sizes: the
 * predictor of scheduler/model/predict.h, written out (kind 0: exp(log_mean);
 * 1: exp(a + b log s); 2: a regression tree on log s of nnodes nodes, node 0
 * the root, a leaf's left -1, its value the log time). */
typedef struct EsrtFitNode {
  double split; /* log bytes: go left when below */
  int left, right;
  double value;
} EsrtFitNode;

typedef struct EsrtFit {
  int kind;
  double a, b, log_mean;
  const EsrtFitNode *nodes;
  int nnodes;
} EsrtFit;

/* One implementation of a task. device names a platform device ("cpu",
 * "gpu"); variants on devices the platform lacks are never chosen. time is
 * the expected seconds at level 0 from the build's profile (its mean over
 * every size it measured), or 0 when unknown (the runtime then measures).
 * fit, where the profile measured several sizes, gives the time at the
 * bytes each run of the task reads instead; a profile given at run time
 * (ESCHED_PROFILE) overrides both for the tasks it has. */
typedef struct EsrtVariant {
  const char *device;
  EsrtFn fn; /* NULL for variants usable only in the inline form */
  double time;
  unsigned flags;
  const EsrtFit *fit; /* ABI 5; NULL: time alone */
} EsrtVariant;

/* One data range a task reads or writes: host address, size, ESRT_* mode,
 * and the pointer the range was cut from (p of p[lo:len]; 0: ptr itself),
 * which host code may later name without an extent (esrt_host_whole).
 * Ranges of one task may overlap (array sections of one array). */
typedef struct EsrtAccess {
  const void *ptr;
  size_t bytes;
  int mode;
  const void *base;
} EsrtAccess;

/* The bytes of an access's data that carry value, when some do not: C
 * gives a structure's padding (and an x87 long double's last 6 bytes) no
 * value, and a task storing every member leaves them as they were, so
 * ESCHED_CHECK must not report them unwritten. spans[0..2 nspans) are
 * ascending [begin, end) byte offsets within one element of elem bytes;
 * elements start at the access's ptr and repeat every elem bytes.
 * elem 0: every byte carries value. */
typedef struct EsrtValueBytes {
  size_t elem;
  const size_t *spans;
  int nspans;
} EsrtValueBytes;

struct EsrtUnit;

/* A task as the rewriter knows it; generated as a static const object that
 * lives as long as the program. graph and name locate the task in a schedule
 * file (its document and task name); key is its stable profile key. device
 * and level are the build-time schedule (device indexes variants); both are
 * ignored for ESRT_DEFERRED tasks, which the runtime schedules (unless
 * ESCHED_SCHEDULE names them, or planning fails). unit is the
 * translation unit's list of its tasks (the profile's stale marking learns
 * the program's task set from it); items[i] names the data item of the
 * task's i-th access (the profile's bytes per item), i < nitems; without
 * it items are named by index ("0", "1", ...). clauses[i] is the data
 * clause of access i as written ("in(x[0:n])") and source where the
 * annotation is ("prog.c:12"), for ESCHED_CHECK's reports; NULL: unknown.
 * values[i] says which bytes of access i carry value (EsrtValueBytes); the
 * rewriter emits it only for tasks with data that has bytes carrying
 * none. NULL: all bytes of every access do. */
typedef struct EsrtTask {
  const char *graph;
  const char *name;
  const char *key;
  const EsrtVariant *variants;
  int nvariants;
  int device;
  int level;
  unsigned flags;
  const struct EsrtUnit *unit;  /* ABI 2; NULL: no stale marking for this task */
  const char *const *items;     /* ABI 2; NULL: items named by index */
  int nitems;                   /* ABI 2 */
  const char *const *clauses;   /* ABI 3; [nitems] or NULL */
  const char *source;           /* ABI 3; or NULL */
  const EsrtValueBytes *values; /* ABI 6; [nitems] or NULL */
} EsrtTask;

/* Every task of one translation unit, generated once per unit after its
 * tasks:
 *
 *   static const EsrtUnit esrt_unit;            // declared before the tasks
 *   static const EsrtTask esrt_task_mul = {..., &esrt_unit, esrt_items_mul, 3};
 *   static const EsrtTask *const esrt_unit_tasks[] = {&esrt_task_mul, ...};
 *   static const EsrtUnit esrt_unit = {"src/fig3.c", esrt_unit_tasks, 2, NULL, NULL, 0};
 *
 * name is the unit's stable name: its source path relative to the project
 * (the same in every build and every program linking it). The runtime
 * learns a unit when one of its tasks first runs, or from
 * esrt_register_unit. At the end of a profiling run, entries of the
 * profile owned by a learnt unit whose key the unit no longer lists are
 * flagged stale; entries of other units (other programs sharing the file)
 * are left alone. profile is the profile file a profiling build
 * (esched-cc --profile-generate=DIR) wants runs to write, or NULL: when the
 * runtime learns the unit and neither ESCHED_PROFILE nor ESCHED_PROFILE_OUT
 * is set, it stands for ESCHED_PROFILE (the first such unit wins).
 * algorithm and objective are the build's variant (esched compile
 * --variant) for the tasks it leaves to run time: the algorithm spec
 * ("single:cpu", "greedy", ...; NULL: the scheduler's default choice) and
 * the objective (0 energy, 1 time); ESCHED_ALGO and ESCHED_OBJECTIVE
 * override them (the first unit learnt wins). platform is the platform the
 * build scheduled for (esched compile --platform: a preset name or an
 * absolute file path), or NULL: the runtime starts with it unless
 * ESCHED_PLATFORM names another, when the first call into the runtime
 * concerns this unit (its constructor's esrt_register_unit, or one of its
 * tasks); otherwise with silberstein2011. */
typedef struct EsrtUnit {
  const char *name;
  const EsrtTask *const *tasks;
  int ntasks;
  const char *profile;
  const char *algorithm;
  int objective;
  const char *platform; /* ABI 2, trailing: NULL when left out */
} EsrtUnit;

/* The state of one inline task instance, on the caller's stack. Fields are
 * the runtime's; generated code only passes its address. */
typedef struct EsrtRun {
  const EsrtTask *task;
  const EsrtAccess *acc;
  int nacc;
  int variant, device, level;
  double start;      /* wall clock at begin, seconds */
  double model_time; /* seconds the model charges, or -1 to measure */
  double ready;      /* model time the inputs are current */
  double bytes;
  void **ptr;    /* ABI 2: the caller's address array */
  void *alt;     /* ABI 2: the other devices' runs (all-devices mode), or NULL */
  double energy; /* ABI 2: the energy meter at start, joules, or -1 */
  int measure;   /* ABI 2: the wall time is measured */
} EsrtRun;

/* Inline form. Schedules nothing: runs task t now, on the device of its
 * build-time schedule (or of ESCHED_SCHEDULE's entry for it), at its level.
 * Before that it completes every pending submitted task (an inline task is a
 * barrier), sets the DVFS level, and makes the nacc ranges current on that
 * device, moving what is needed and invalidating other copies of written
 * ranges. ptr[i] receives the device address of acc[i] (acc[i].ptr itself on
 * a device sharing host memory). Returns the index of the variant to run.
 * acc must stay valid until esrt_task_end. */
int esrt_task_begin(EsrtRun *r, const EsrtTask *t, const EsrtAccess *acc, int nacc, void **ptr);
/* Ends the inline task begun with r: accounts its time and energy. */
void esrt_task_end(EsrtRun *r);

/* Inline form as a loop, what the rewriter emits:
 *
 *   for (int v = esrt_task_first(&r, t, acc, n, p); v >= 0; v = esrt_task_next(&r))
 *     if (v == 1) gpu_variant(p[0], ...); else { the original region }
 *
 * esrt_task_first does what esrt_task_begin does and returns the variant
 * to run; esrt_task_next ends that run and returns the next variant, or -1
 * when the task is done. Normally the loop runs once (the scheduled
 * variant) at the cost of begin and end. With ESCHED_PROFILE_MODE=
 * all-devices it first runs every other usable variant of the task (one
 * per device, unless the task is ESRT_NO_REPLAY) on scratch copies of the
 * data, each timed for the profile, then the scheduled one, whose results
 * the program keeps. A host variant of these extra runs works on the
 * program's own memory, which is saved before and restored after it. The
 * region must not leave the loop (break, continue, return, goto). */
int esrt_task_first(EsrtRun *r, const EsrtTask *t, const EsrtAccess *acc, int nacc, void **ptr);
int esrt_task_next(EsrtRun *r);

/* Declares every task of a unit now rather than when one of them first
 * runs, so that a profiling run judges the unit's stale entries even when
 * none of its tasks ran. Optional; where the compiler allows, generated
 * code calls it from a constructor:
 *
 *   #if defined(__GNUC__)
 *   __attribute__((constructor)) static void esrt_unit_init(void) { esrt_register_unit(&esrt_unit);
 * } #endif
 */
void esrt_register_unit(const EsrtUnit *u);

/* Submit form. Records task t with its access list (copied) and args
 * (args_size bytes, copied; may be 0). ESRT_DEFERRED tasks, and every task
 * under the concurrent executor, wait in the pending region until it is
 * flushed (esrt_region_end, esrt_host on their data, an inline task, the
 * pending limit); then the pending tasks are scheduled (deferred ones by the
 * scheduler library, dependencies from overlapping address ranges) and run.
 * A static task under the serial executor with nothing pending runs at once.
 * The chosen variant must have fn set. O(nacc + args_size). */
void esrt_submit(const EsrtTask *t, const EsrtAccess *acc, int nacc, const void *args,
                 size_t args_size);

/* The address of volatile task data (volatile int flag; const volatile
 * double *p) as the runtime's pointers take it, which is what generated
 * code passes for it: through an integer, since a cast that drops the
 * qualifier is what -Wcast-qual reports, and converting it implicitly is a
 * constraint violation (-Wdiscarded-qualifiers). The runtime only moves
 * such data's bytes between a task's runs, as it does any data's. */
#define ESRT_ADDR(p) ((const void *)(size_t)(p))

/* Host code is about to read (ESRT_IN), write (ESRT_OUT) or both the range
 * [ptr, ptr + bytes): runs the pending tasks if any of them touches it, then
 * moves current data to host memory; writing invalidates device copies. */
void esrt_host(const void *ptr, size_t bytes, int mode);

/* Host code is about to touch data through ptr without knowing its extent
 * (a pointer that no section sizes): like esrt_host on whatever tasks have
 * used through ptr since the last region end (the hull of the ranges whose
 * base was ptr) and on the tracked ranges adjacent around ptr. Nothing to
 * do when tasks never used that memory. */
void esrt_host_whole(const void *ptr, int mode);

/* End of a region: runs every pending task and waits for it, copies every
 * range whose only current copy is on a device back to host memory, and
 * drops all device copies. Between regions host memory holds all data. */
void esrt_region_end(void);

/* Debug builds' check of esched's no-alias assumption (docs/annotations.md):
 * the ranges acc[0..n) belong to distinct data items, named names[i]; when
 * two of them overlap, prints which (naming task) to stderr and aborts.
 * O(n^2); generated code calls it only without NDEBUG. */
void esrt_check_noalias(const char *task, const EsrtAccess *acc, const char *const *names, int n);

/* The device address that host address host has in a range copied to
 * the device: dev is the copy of the range whose host address is base
 * (NULL: none, and so is the result). What the rewriter passes a device
 * variant for an argument that names a data item of its task. */
void *esrt_dev(void *dev, const void *base, const void *host);

/* The same for an argument that names no data item of task t (argument
 * arg, 0-based, of its call): the address is looked up in the ranges
 * acc[0..n) of the task, dev[i] being the copy of acc[i]. An address in
 * none of them is returned as it is, with a warning: the variant reaches
 * host memory its task does not declare. NULL stays NULL. O(n). */
void *esrt_dev_find(const EsrtTask *t, int arg, void *const *dev, const EsrtAccess *acc, int n,
                    const void *host);

/* ---- Launchers (docs/runtime.md, "Back ends") ----
 *
 * A variant flagged ESRT_VARIANT_CUDA or ESRT_VARIANT_OPENCL is a host
 * function with the task's parameters (device pointers) that queues
 * kernels on the device it is run for and returns; the runtime then waits
 * for the device. These calls answer for the device of the variant the
 * calling thread runs, so each device's launchers get their own stream or
 * queue when several run at once; outside such a variant they return NULL. */

/* The cudaStream_t to launch on. */
void *esrt_cuda_stream(void);

/* The cl_context, cl_command_queue (in order) and cl_device_id. */
void *esrt_opencl_context(void);
void *esrt_opencl_queue(void);
void *esrt_opencl_device(void);

/* The cl_kernel `name` of the OpenCL C file `file`, built for the device
 * on first use and cached for the run (the same kernel every call: set all
 * its arguments before each enqueue). A relative file is found in
 * ESCHED_OPENCL_PATH (':'-separated folders), beside the executable, or in
 * the working directory; ESCHED_OPENCL_FLAGS adds build options. NULL
 * when it cannot be found or built (a warning shows the build log). */
void *esrt_opencl_kernel(const char *file, const char *name);

/* Sets argument `index` of kernel to a device pointer the launcher was
 * given (any address inside a task's data, so sections work). Returns the
 * OpenCL error code, 0 (CL_SUCCESS) on success. */
int esrt_opencl_set_ptr(void *kernel, unsigned index, const void *ptr);

/* Ends the run: region end, the summary, the trace, the profile (merged
 * into ESCHED_PROFILE). Called at
 * exit (atexit), where tasks still pending are dropped with a warning (their
 * stack data is gone); the runtime starts again, with fresh counters, if
 * used afterwards. */
void esrt_shutdown(void);

/* ---- Streams: rounds of a crown schedule (docs/runtime.md, "Streams") ----
 *
 * A stream is a collection of moldable tasks that all run once per round on
 * p cores grouped as a crown (docs/crown.md): each task has a group of the
 * crown (its team: the group's cores), a frequency level and its time at
 * frequency 1. The rewriter emits the build-time crown schedule as a const
 * EsrtStream and calls esrt_stream_round once per execution of the region. */

/* A task's team function: member `member` (0 .. members - 1) of a team of
 * `members` cores does its part of the task. args is the task's argument
 * block (the rewriter captures the call's arguments in it). Every member is
 * called, each on its own core's thread; a team of one gets (0, 1). */
typedef void (*EsrtTeamFn)(const void *args, int member, int members);

/* A frequency level of the cores: Hz, and watts a busy core draws. */
typedef struct EsrtStreamLevel {
  double freq;
  double power;
} EsrtStreamLevel;

/* One task of the round, as the build-time crown schedule places it. */
typedef struct EsrtStreamTask {
  const char *name;
  EsrtTeamFn fn;
  int group;       /* crown group, 1-based: 1 = every core, 2 and 3 the halves, ... */
  int width;       /* team size: p >> floor(log2 group) */
  int level;       /* frequency level (index into levels; 0 = fastest) */
  double unscaled; /* seconds at frequency 1 on its team: tau / (e(width) * width) */
} EsrtStreamTask;

/* A stream: its crown schedule. Lives as long as the program (static const). */
typedef struct EsrtStream {
  const char *name;      /* the stream (its collection's name) */
  const char *algorithm; /* the crown algorithm that made the schedule */
  int cores;             /* cores asked for */
  int p;                 /* cores of the crown: the largest power of two <= cores */
  double deadline;       /* M: seconds per round */
  const EsrtStreamLevel *levels;
  int nlevels;
  const EsrtStreamTask *tasks;
  int ntasks;
} EsrtStream;

/* Runs one round of stream s and returns when every task of it is done.
 * args[j] is task j's argument block (borrowed for the call). First the
 * pending region ends (as esrt_region_end: the round's tasks work on host
 * memory); then each of p core threads runs its tasks in crown order (the
 * groups containing it from the root down, within a group in task order),
 * setting its frequency level before each through the DVFS back end; a task
 * runs on every core of its group as one team. A skipped or late task
 * (esrt_stream_skip, esrt_stream_delay, ESCHED_STREAM_SKIP/_DELAY) makes the
 * cores of its group rescale the rest of the round (es_crown_rescale, the
 * crown paper's Section 5). Time and energy are the model's: a task takes
 * unscaled / freq seconds at its level's power on each team member. Team
 * functions must not call the runtime. Without a runtime (it could not
 * start) the tasks run in order on the calling thread, each as member 0 of 1. */
void esrt_stream_round(const EsrtStream *s, const void *const *args);

/* Skips task `task` of stream `stream` (NULL: of any stream) in that
 * stream's next round: it does not run, and its group rescales. */
void esrt_stream_skip(const char *stream, const char *task);

/* Makes task `task` of stream `stream` (NULL: any) run `seconds` late (model
 * time) in that stream's next round, which its group rescales for. */
void esrt_stream_delay(const char *stream, const char *task, double seconds);

#define ESRT_REQUIRE_ABI(v) typedef char esrt_abi_check_[(v) == ESRT_ABI_VERSION ? 1 : -1]

#ifdef __cplusplus
}
#endif

#endif
