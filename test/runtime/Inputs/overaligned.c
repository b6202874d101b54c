/* Data whose types ask for more alignment than malloc gives (128-byte
 * lines, 1 KiB blocks): every variant counts the elements it finds off
 * their type's alignment, in host memory none, and main prints the count
 * (a file-scope counter, so that runs on scratch copies count too).
 * Sections start at the first element and inside the array; the tasks in
 * the loop run their variants outlined, on copies in a profiling run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  _Alignas(128) double v[16];
} line_t;

typedef struct {
  _Alignas(1024) float f[4];
} block_t;

static int misaligned;

static void touch(size_t n, line_t *l) {
  misaligned += (uintptr_t)l % _Alignof(line_t) != 0;
  for (size_t i = 0; i < n; i++)
    l[i].v[0] += 1;
}
static void touch_gpu(size_t n, line_t *l) { touch(n, l); }

static void scale(size_t n, block_t *b, float s) {
  misaligned += (uintptr_t)b % _Alignof(block_t) != 0;
  for (size_t i = 0; i < n; i++)
    b[i].f[0] *= s;
}
static void scale_gpu(size_t n, block_t *b, float s) { scale(n, b, s); }

int main(void) {
  size_t n = 4;
  line_t *l = aligned_alloc(_Alignof(line_t), n * sizeof *l);
  block_t *b = aligned_alloc(_Alignof(block_t), n * sizeof *b);
  for (size_t i = 0; i < n; i++) {
    l[i] = (line_t){{(double)i}};
    b[i] = (block_t){{(float)i}};
  }
#pragma esched task name(lines) inout(l[0:n]) gpu(touch_gpu)
  touch(n, l);
  for (int round = 0; round < 2; round++) {
#pragma esched task name(tail) inout(l[1:n-1]) gpu(touch_gpu)
    touch(n - 1, l + 1);
#pragma esched task name(blocks) inout(b[1:n-1]) gpu(scale_gpu)
    scale(n - 1, b + 1, 2.0f);
  }
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += l[i].v[0] + b[i].f[0];
  printf("sum %g, misaligned %d\n", sum, misaligned);
  free(l);
  free(b);
  return 0;
}
