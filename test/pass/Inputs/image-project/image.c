#include "image.h"

void blur(const unsigned char *in, unsigned char *out, int w, int h) {
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) {
      int s = 0, c = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          if (y + dy >= 0 && y + dy < h && x + dx >= 0 && x + dx < w)
            s += in[(y + dy) * w + x + dx], c++;
      out[y * w + x] = (unsigned char)(s / c);
    }
}
void blur_gpu(const unsigned char *in, unsigned char *out, int w, int h) { blur(in, out, w, h); }

void threshold(const unsigned char *in, unsigned char *out, int n, int t) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] > t ? 255 : 0;
}
void threshold_gpu(const unsigned char *in, unsigned char *out, int n, int t) {
  threshold(in, out, n, t);
}

void histogram(const unsigned char *in, int n, long *bins) {
  for (int i = 0; i < 2; i++)
    bins[i] = 0;
  for (int i = 0; i < n; i++)
    bins[in[i] ? 1 : 0]++;
}
