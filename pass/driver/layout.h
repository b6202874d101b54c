/* Where esched-cc finds esched, the public headers and the runtime: in the
 * installed layout beside itself (PREFIX/bin/esched-cc with
 * PREFIX/include/esched/ and PREFIX/lib/libesched_rt.a, libesched_starpu.a), else at the build
 * tree's paths recorded at configure time. $ESCHED names another esched. */
#ifndef ESCHED_PASS_DRIVER_LAYOUT_H
#define ESCHED_PASS_DRIVER_LAYOUT_H

enum { LAYOUT_PATH_MAX = 4096 };

typedef struct Layout {
  char esched[LAYOUT_PATH_MAX];
  /* Folders holding only esched's public headers (esched.h, esched_rt.h);
   * the same folder twice when installed. */
  char include[LAYOUT_PATH_MAX], annotations[LAYOUT_PATH_MAX];
  char runtime[LAYOUT_PATH_MAX]; /* libesched_rt.a */
  char starpu[LAYOUT_PATH_MAX];  /* libesched_starpu.a; "" when built without StarPU */
} Layout;

void layout_find(Layout *l);

/* The libraries the runtime needs, as -l options (static links work). */
const char *layout_runtime_libs(void);

/* The same for libesched_starpu (--target starpu): StarPU's libraries. */
const char *layout_starpu_libs(void);

#endif
