/* esched's history models for StarPU (sp_model.h). */
#include "runtime-stub/starpu/sp_model.h"

#include "scheduler/io/starpu_key.h"

/* esched's size of a StarPU task: the bytes of the buffers it reads, or,
 * when it reads none, those it writes. */
static size_t task_size(struct starpu_task *task) {
  size_t in = 0, out = 0;
  for (unsigned i = 0; i < STARPU_TASK_GET_NBUFFERS(task); i++) {
    size_t b = starpu_data_get_size(STARPU_TASK_GET_HANDLE(task, i));
    if (STARPU_TASK_GET_MODE(task, i) & STARPU_R)
      in += b;
    else
      out += b;
  }
  return in ? in : out;
}

static uint32_t footprint(struct starpu_task *task) {
  return es_starpu_footprint((double)task_size(task));
}

static size_t size_base(struct starpu_task *task, unsigned nimpl) {
  (void)nimpl;
  return task_size(task);
}

void sp_model_init(struct starpu_perfmodel *m, char *symbol, size_t len, const char *key) {
  es_starpu_symbol(key, symbol, len);
  m->type = STARPU_HISTORY_BASED;
  m->symbol = symbol;
  m->footprint = footprint;
  m->size_base = size_base;
}
