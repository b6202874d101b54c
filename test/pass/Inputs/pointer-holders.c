/* Structures that hold pointers, given to tasks: whole, with data inferred
 * (brighten(&img, 10)), and an array of them named in a clause. */
#include <stdio.h>

typedef struct {
  int n;
  unsigned char *px;
} image;

static void brighten(image *im, int d) {
  for (int i = 0; i < im->n; i++)
    im->px[i] += d;
}
static void brighten_gpu(image *im, int d) { brighten(im, d); }

static void darken_all(image *ims, int k) {
  for (int j = 0; j < k; j++)
    for (int i = 0; i < ims[j].n; i++)
      ims[j].px[i] -= 1;
}
static void darken_all_gpu(image *ims, int k) { darken_all(ims, k); }

int main(void) {
  unsigned char store[3] = {1, 2, 3}, other[2] = {7, 8};
  image img = {3, store};
#pragma esched task gpu(brighten_gpu)
  brighten(&img, 10);
  image both[2] = {{3, store}, {2, other}};
#pragma esched task inout(both[0:2]) gpu(darken_all_gpu)
  darken_all(both, 2);
  printf("px %u %u %u %u %u\n", store[0], store[1], store[2], other[0], other[1]);
  return 0;
}
