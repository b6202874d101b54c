/* msort.c: recursive merge sort of N pseudo-random keys (N from argv), the
 * leaves sorted by insertion, each merge through a scratch buffer copied
 * back.  Usage: msort N [CUTOFF] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned int key_t32;

static int cutoff = 16;

static void isort(key_t32 *a, int n) {
  for (int i = 1; i < n; i++) {
    key_t32 x = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > x) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = x;
  }
}
static void isort_gpu(key_t32 *a, int n) { isort(a, n); }

static void merge(const key_t32 *restrict x, int nx, const key_t32 *restrict y, int ny,
                  key_t32 *restrict out) {
  int i = 0, j = 0, k = 0;
  while (i < nx && j < ny)
    out[k++] = y[j] < x[i] ? y[j++] : x[i++];
  while (i < nx)
    out[k++] = x[i++];
  while (j < ny)
    out[k++] = y[j++];
}
static void merge_gpu(const key_t32 *restrict x, int nx, const key_t32 *restrict y, int ny,
                      key_t32 *restrict out) {
  merge(x, nx, y, ny, out);
}

static void sort_rec(key_t32 *a, key_t32 *tmp, int n) {
  if (n <= cutoff) {
#pragma esched task name(leaf) inout(a[0:n]) gpu(isort_gpu)
    isort(a, n);
    return;
  }
  int h = n / 2;
  sort_rec(a, tmp, h);
  sort_rec(a + h, tmp + h, n - h);
#pragma esched task name(merge) in(a[0:n]) out(tmp[0:n]) gpu(merge_gpu)
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, n * sizeof *a);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (argc > 2)
    cutoff = atoi(argv[2]);
  if (n < 1 || cutoff < 1)
    return 2;
  key_t32 *a = malloc(n * sizeof *a), *tmp = malloc(n * sizeof *tmp);
  unsigned long s = 12345;
  for (int i = 0; i < n; i++) {
    s = s * 6364136223846793005ul + 1442695040888963407ul;
    a[i] = (key_t32)(s >> 33) % 100000;
  }
  sort_rec(a, tmp, n);
  int sorted = 1;
  unsigned long sum = 0;
  for (int i = 0; i < n; i++) {
    sorted &= i == 0 || a[i - 1] <= a[i];
    sum = sum * 31 + a[i];
  }
  printf("msort %d (cutoff %d): %s, min %u, median %u, max %u, hash %lu\n", n, cutoff,
         sorted ? "sorted" : "NOT SORTED", a[0], a[n / 2], a[n - 1], sum);
  free(a);
  free(tmp);
  return 0;
}
