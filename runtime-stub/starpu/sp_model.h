/* esched's history model of a task for StarPU (docs/starpu.md,
 * "Performance models"): the symbol esched.KEY, entries keyed by esched's
 * size of an instance (the bytes its buffers read, else those it writes;
 * scheduler/io/starpu_key.h), so that `esched starpu export` fills what
 * dmda reads and `esched starpu import` reads what StarPU measures. */
#ifndef ESCHED_RT_STARPU_MODEL_H
#define ESCHED_RT_STARPU_MODEL_H

#include <starpu.h>
#include <stddef.h>

/* Fills m (zeroed by the caller) as task key's model; symbol (len bytes,
 * which must outlive m) receives the model's name. */
void sp_model_init(struct starpu_perfmodel *m, char *symbol, size_t len, const char *key);

#endif
