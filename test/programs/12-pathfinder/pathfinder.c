/* pathfinder.c: Rodinia 3.1's pathfinder (OpenMP version, in C): dynamic
 * programming down a grid, one task per row, the two row buffers swapped
 * before each.  Usage: pathfinder COLS ROWS */
#include <stdio.h>
#include <stdlib.h>

#define M_SEED 9
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

static int rows, cols;
static int *data;
static int **wall;
static int *result;

static unsigned long next_rand = 1;
static int my_rand(void) {
  next_rand = next_rand * 1103515245 + 12345;
  return (unsigned)(next_rand / 65536) % 32768;
}

static void init(int argc, char **argv) {
  if (argc == 3) {
    cols = atoi(argv[1]);
    rows = atoi(argv[2]);
  } else {
    printf("Usage: pathfiner width num_of_steps\n");
    exit(0);
  }
  data = malloc(sizeof(int) * rows * cols);
  wall = malloc(sizeof(int *) * rows);
  for (int n = 0; n < rows; n++)
    wall[n] = data + cols * n;
  result = malloc(sizeof(int) * cols);
  next_rand = M_SEED;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      wall[i][j] = my_rand() % 10;
  for (int j = 0; j < cols; j++)
    result[j] = wall[0][j];
}

/* dst[n] := row[n] + min(src[n-1], src[n], src[n+1]) */
static void dp_row(const int *row, const int *src, int *dst, int cols) {
  for (int n = 0; n < cols; n++) {
    int min = src[n];
    if (n > 0)
      min = MIN(min, src[n - 1]);
    if (n < cols - 1)
      min = MIN(min, src[n + 1]);
    dst[n] = row[n] + min;
  }
}
static void dp_row_gpu(const int *row, const int *src, int *dst, int cols) {
  dp_row(row, src, dst, cols);
}

int main(int argc, char **argv) {
  init(argc, argv);
  int *src, *dst, *temp;
  dst = result;
  src = malloc(sizeof(int) * cols);
  for (int t = 0; t < rows - 1; t++) {
    temp = src;
    src = dst;
    dst = temp;
#pragma esched task name(row) in(data[(t+1)*cols:cols], src[0:cols]) out(dst[0:cols]) gpu(dp_row_gpu)
    dp_row(wall[t + 1], src, dst, cols);
  }
  long sum = 0;
  for (int j = 0; j < cols; j++)
    sum += (long)dst[j] * (j % 7 + 1);
  printf("pathfinder %dx%d: dst[0] = %d, dst[cols-1] = %d, checksum = %ld\n", cols, rows, dst[0],
         dst[cols - 1], sum);
  free(data), free(wall), free(result == dst ? src : result), free(dst);
  return 0;
}
