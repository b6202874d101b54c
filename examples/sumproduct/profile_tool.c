/* sumproduct-profile: what the runtime cannot measure here, merged into a
 * profile (make-profile.sh runs it beside the runtime's measurements of the
 * elimination tasks on the CPU).
 *
 * - `elim` on the gpu: this machine has no GPU (the sim back end runs GPU
 *   variants on the host), so the times come from the roofline model of a
 *   named GPU (scheduler/sumproduct/sumproduct.h; gtx285, the paper's, by default): a
 *   model, never a measurement, marked `source: model`. One sample per task
 *   at its size as the runtime measures it -- the bytes of the sections it
 *   reads, its descriptor and its block -- so that the predictors
 *   (predict.h) see CPU and GPU times on one axis.
 * - `clear` on the cpu: an inline task, which the runtime times from the
 *   build's table rather than by measuring; measured here (best of three),
 *   at its size, the bytes it writes.
 *
 * usage: sumproduct-profile [--gpu-model NAME] [--observe-leaves S]
 *          -o PROFILE NETWORK [EVIDENCE]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "scheduler/io/files.h"
#include "scheduler/sumproduct/sumproduct.h"
#include "sp.h"

/* The tasks' name(...) in sumproduct.c. */
#define ELIM_KEY  "elim"
#define CLEAR_KEY "clear"

typedef struct Options {
  SpInput in;
  const char *output;
  const EsSpGpuModel *gpu;
} Options;

static bool parse(int argc, char **argv, Options *o) {
  int npos = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "-o") && v)
      o->output = argv[++i];
    else if (!strcmp(a, "--gpu-model") && v)
      o->gpu = es_sp_gpu_model(argv[++i]);
    else if (!strcmp(a, "--observe-leaves") && v)
      o->in.observe_leaves = true, o->in.leaves_seed = strtoull(argv[++i], NULL, 10);
    else if (a[0] == '-' || npos >= 2)
      return false;
    else if (npos++ == 0)
      o->in.network = a;
    else
      o->in.evidence = a;
  }
  return o->in.network && o->output && o->gpu;
}

static bool add_sample(EsProfile *prof, const char *key, const char *device, double size,
                       double seconds, const char *source) {
  EsProfileEntry *e = es_profile_entry(prof, key);
  EsProfileRun *r = e ? es_profile_run(prof, e, device, 0, size) : NULL;
  if (!r)
    return false;
  es_stats_add(&r->time, seconds);
  r->source = source;
  return true;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The best of three runs of the clear task's function. */
static double time_clear(SpLayout *l) {
  double best = 0;
  for (int k = 0; k < 3; k++) {
    double t0 = now();
    sp_clear(l->arena, l->scratch_len);
    double t = now() - t0;
    best = k == 0 || t < best ? t : best;
  }
  return best;
}

/* A model sample per task on the gpu, and the clear task measured. */
static int add_samples(const Options *o, const EsElimTree *t, EsProfile *prof, EsError *err) {
  SpLayout l;
  int rc = sp_layout_build(t, &l, err);
  if (rc)
    return rc;
  bool ok = true;
  for (int i = 0; ok && i < t->ntasks; i++) {
    double bytes = (double)l.desc_len[i] * sizeof(int) + (double)l.blk_len[i] * sizeof(double);
    ok = add_sample(prof, ELIM_KEY, "gpu", bytes, es_sp_gpu_predict(o->gpu, es_sp_shape(t, i)),
                    "model");
  }
  if (ok && l.scratch_len > 0)
    ok = add_sample(prof, CLEAR_KEY, "cpu", (double)l.scratch_len * sizeof(double), time_clear(&l),
                    "measured");
  sp_layout_free(&l);
  return ok ? ES_OK : es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
}

static int write_profile(const char *path, const EsProfile *prof, EsError *err) {
  EsOutput out;
  int rc = es_output_open(&out, path, err);
  if (rc)
    return rc;
  if (es_profile_write(out.f, prof))
    return es_output_commit(&out, err);
  es_output_abort(&out);
  return es_error_set(err, ES_EIO, path, 0, 0, "cannot write '%s'", path);
}

int main(int argc, char **argv) {
  Options o = {{NULL, NULL, false, 0, {ES_ELIM_MIN_FILL, 10, 1}}, NULL, es_sp_gpu_model("gtx285")};
  if (!parse(argc, argv, &o)) {
    fputs("usage: sumproduct-profile [--gpu-model gtx285|h100] [--observe-leaves S] "
          "-o PROFILE NETWORK [EVIDENCE]\n",
          stderr);
    return 2;
  }
  EsError err = {0};
  EsNetwork *net;
  EsElimTree *tree;
  EsProfile *prof = NULL;
  int rc = sp_setup(&o.in, &net, &tree, &err);
  if (!rc)
    rc = access(o.output, F_OK) == 0 ? es_profile_read(o.output, &prof, &err)
         : (prof = es_profile_new()) ? ES_OK
                                     : es_error_set(&err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  if (!rc)
    rc = add_samples(&o, tree, prof, &err);
  if (!rc)
    rc = write_profile(o.output, prof, &err);
  if (rc)
    fprintf(stderr, "sumproduct-profile: error: %s\n", err.message);
  es_profile_free(prof);
  es_elim_tree_free(tree);
  es_network_free(net);
  return rc ? 1 : 0;
}
