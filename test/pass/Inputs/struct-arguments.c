/* Image code that passes its structure whole: by value, by pointer, and in
 * a loop of frames, with tasks on the pixels the structure points to. */
#include <stdio.h>
#include <stdlib.h>

struct image {
  int n;
  unsigned char *px;
};

static void invert(struct image img) {
  for (int i = 0; i < img.n; i++)
    img.px[i] = (unsigned char)(255 - img.px[i]);
}
static void invert_gpu(struct image img) { invert(img); }

static void brighten(struct image *p, int by) {
  for (int i = 0; i < p->n; i++)
    p->px[i] = (unsigned char)(p->px[i] + by > 255 ? 255 : p->px[i] + by);
}
static void brighten_gpu(struct image *p, int by) { brighten(p, by); }

static void halve(unsigned char *px, int n) {
  for (int i = 0; i < n; i++)
    px[i] = (unsigned char)(px[i] / 2);
}
static void halve_gpu(unsigned char *px, int n) { halve(px, n); }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, frames = 3;
  struct image img = {n, calloc((size_t)n, 1)};
  for (int i = 0; i < n; i++)
    img.px[i] = (unsigned char)(i * 29 % 256);
#pragma esched task name(invert) inout(img.px[0:img.n]) gpu(invert_gpu)
  invert(img);
#pragma esched task name(brighten) inout(img.px[0:img.n]) gpu(brighten_gpu)
  brighten(&img, 7);
#pragma esched task name(halve) inout(img.px[0:img.n]) gpu(halve_gpu)
  halve(img.px, img.n);
  struct image *fr = malloc(sizeof *fr * (size_t)frames);
  for (int f = 0; f < frames; f++) {
    fr[f].n = n, fr[f].px = malloc((size_t)n);
    for (int i = 0; i < n; i++)
      fr[f].px[i] = (unsigned char)(img.px[i] + f);
  }
  for (int f = 0; f < frames; f++) {
    struct image *p = &fr[f];
#pragma esched task name(frame) inout(p->px[0:p->n]) gpu(brighten_gpu)
    brighten(p, 40);
  }
  long sum = 0;
  for (int f = 0; f < frames; f++)
    for (int i = 0; i < n; i++)
      sum += fr[f].px[i] * (i + 1);
  printf("%d %d %d %ld\n", img.px[0], img.px[1], img.px[n - 1], sum);
  for (int f = 0; f < frames; f++)
    free(fr[f].px);
  free(fr);
  free(img.px);
  return 0;
}
