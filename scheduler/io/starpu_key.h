/* What a program built for StarPU and its history models agree on
 * (starpu_model.h): the file a task's model lives in and the key of a task
 * instance's entry, esched's size of the instance (the bytes it reads,
 * else the bytes it writes: what a profile run records) rather than
 * StarPU's default data footprint. Apart from the converter, so that a
 * program linking them pulls in nothing else. */
#ifndef ESCHED_SCHEDULER_STARPU_KEY_H
#define ESCHED_SCHEDULER_STARPU_KEY_H

#include <stddef.h>
#include <stdint.h>

/* StarPU ignores a history entry with fewer samples than this
 * (STARPU_CALIBRATE_MINIMUM): exported entries claim at least as many. */
#define ES_STARPU_CALIBRATE_MINIMUM 10

/* The history key of a task instance of `size` bytes (esched's size). */
uint32_t es_starpu_footprint(double size);

/* The model symbol of task key: "esched." then the key, with characters
 * outside [A-Za-z0-9_.-] replaced by '_' (the symbol is a file name). */
void es_starpu_symbol(const char *key, char *buf, size_t len);

#endif
