/* esched profiles <-> StarPU 1.3 history-based performance models (the
 * files of $STARPU_PERF_MODEL_DIR/codelets/45/, format version 45;
 * docs/starpu.md, "Performance models").
 *
 * Programs built with `--target starpu` give each task the model
 * "esched.KEY" whose entries are keyed by esched's size of a task instance
 * (the bytes it reads, else the bytes it writes: what a profile run
 * records) rather than by StarPU's default data footprint, so one profile
 * run is one history entry and back. Export writes, per task key, one file
 * with an entry per level-0 run of the profile: device "cpu" as StarPU's
 * CPU architecture, the GPU device as its OpenCL and CUDA devices 0, so
 * that dmda starts calibrated. Import reads such files (written by export,
 * or by StarPU itself with STARPU_CALIBRATE=1) into a profile.
 *
 * No StarPU is needed for either: the format is plain text, checked
 * against libstarpu 1.3.10 (test/runtime/starpu-perfmodel.test).
 */
#ifndef ESCHED_SCHEDULER_STARPU_MODEL_H
#define ESCHED_SCHEDULER_STARPU_MODEL_H

#include "scheduler/base/error.h"
#include "scheduler/io/starpu_key.h"
#include "scheduler/model/profile.h"

/* Writes DIR/codelets/45/SYMBOL for every entry of p with a level-0 run of
 * known size (folders are created; each file is written atomically). gpu
 * names the profile's device exported as StarPU's OpenCL and CUDA device 0.
 * *written receives the number of files, *sizeless the number of level-0
 * runs of cpu or gpu left out for want of a size (a history entry is a
 * size; profiles the runtime writes have them). Errors name the file. */
int es_starpu_export(const EsProfile *p, const char *dir, const char *gpu, int *written,
                     int *sizeless, EsError *err);

/* Adds the entries of the model file at path to p: the task key is the
 * file's name without "esched.", StarPU's CPU architecture becomes device
 * "cpu", its OpenCL and CUDA ones device gpu, each entry one run at level 0
 * of its size, with StarPU's count, mean and spread (source measured).
 * Errors point at the file's line and column. */
int es_starpu_import(const char *path, const char *gpu, EsProfile *p, EsError *err);

#endif
