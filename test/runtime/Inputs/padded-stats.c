/* Bands of an image, each task also giving back a small structure of
 * statistics; the structure has padding (long, int, double), which
 * `*st = s` copies from the task's stack: those bytes depend on nothing
 * the task reads, and change from run to run. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  long iters;
  int inside;
  double zsum;
} stats_t;

static void band(int maxit, int r0, int rows, int w, int *out, stats_t *st) {
  stats_t s = {0, 0, 0.0};
  for (int r = 0; r < rows; r++)
    for (int x = 0; x < w; x++) {
      int k = (x * 7 + (r0 + r) * 3) % maxit;
      out[r * w + x] = k;
      s.iters += k;
      s.inside += k > maxit / 2;
      s.zsum += 0.5 * k;
    }
  *st = s;
}

static void band_gpu(int maxit, int r0, int rows, int w, int *out, stats_t *st) {
  band(maxit, r0, rows, w, out, st);
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 8, h = 4, frames = 3;
  enum { NB = 2 };
  int *img = malloc(sizeof(int) * (size_t)(w * h));
  stats_t st[NB];
  int per = h / NB;
  for (int f = 0; f < frames; f++) {
    for (int b = 0; b < NB; b++) {
      int r0 = b * per, rows = per;
#pragma esched task name(band) out(img[r0 * w:rows * w], st[b:1]) gpu(band_gpu)
      band(50 + f, r0, rows, w, img + r0 * w, &st[b]);
    }
    long it = 0;
    for (int b = 0; b < NB; b++)
      it += st[b].iters + st[b].inside;
    printf("frame %d: %ld %d %.1f\n", f, it, img[w + 1], st[1].zsum);
  }
  free(img);
  return 0;
}
