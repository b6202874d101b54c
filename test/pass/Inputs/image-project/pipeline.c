/* A 3-task image pipeline: blur, threshold, histogram. */
#include <stdio.h>

#include "image.h"

static unsigned char img[W * H], soft[W * H], mask[W * H];
static long bins[2];

int main(void) {
  for (int i = 0; i < W * H; i++)
    img[i] = (unsigned char)((i * 37) % 251);
#pragma esched task name(blur) in(img[0:W*H]) out(soft[0:W*H]) gpu(blur_gpu)
  blur(img, soft, W, H);
#pragma esched task name(threshold) in(soft[0:W*H]) out(mask[0:W*H]) gpu(threshold_gpu)
  threshold(soft, mask, W * H, 128);
#pragma esched task name(histogram) in(mask[0:W*H]) out(bins[0:2])
  histogram(mask, W * H, bins);
  printf("%s: dark %ld, light %ld\n", __FILE__, bins[0], bins[1]);
  return 0;
}
