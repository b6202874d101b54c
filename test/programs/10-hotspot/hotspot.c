/* hotspot.c: Rodinia 3.1's hotspot (OpenMP version, trimmed): a transient
 * thermal simulation on a grid; every iteration is a task, and the two
 * buffers are swapped after each.  Usage: hotspot ROWS COLS ITERATIONS */
#include <stdio.h>
#include <stdlib.h>

typedef float FLOAT;

#define MAX_PD (3.0e6)
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5
#define t_chip 0.0005
#define chip_height 0.016
#define chip_width 0.016
#define amb_temp 80.0

static void single_iteration(FLOAT *result, FLOAT *temp, FLOAT *power, int row, int col,
                             FLOAT Cap_1, FLOAT Rx_1, FLOAT Ry_1, FLOAT Rz_1, FLOAT step) {
  for (int r = 0; r < row; r++)
    for (int c = 0; c < col; c++) {
      FLOAT t = temp[r * col + c];
      FLOAT n = r > 0 ? temp[(r - 1) * col + c] : t;
      FLOAT s = r < row - 1 ? temp[(r + 1) * col + c] : t;
      FLOAT w = c > 0 ? temp[r * col + c - 1] : t;
      FLOAT e = c < col - 1 ? temp[r * col + c + 1] : t;
      FLOAT delta = Cap_1 * (power[r * col + c] + (s + n - 2.f * t) * Ry_1 +
                          (e + w - 2.f * t) * Rx_1 + (amb_temp - t) * Rz_1);
      result[r * col + c] = t + delta;
    }
}
static void single_iteration_gpu(FLOAT *result, FLOAT *temp, FLOAT *power, int row, int col,
                                 FLOAT Cap_1, FLOAT Rx_1, FLOAT Ry_1, FLOAT Rz_1, FLOAT step) {
  single_iteration(result, temp, power, row, col, Cap_1, Rx_1, Ry_1, Rz_1, step);
}

static FLOAT *compute_tran_temp(FLOAT *result, int num_iterations, FLOAT *temp, FLOAT *power,
                                int row, int col) {
  FLOAT grid_height = chip_height / row;
  FLOAT grid_width = chip_width / col;
  FLOAT Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
  FLOAT Rx = grid_width / (2.0 * K_SI * t_chip * grid_height);
  FLOAT Ry = grid_height / (2.0 * K_SI * t_chip * grid_width);
  FLOAT Rz = t_chip / (K_SI * grid_height * grid_width);
  FLOAT max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
  FLOAT step = PRECISION / max_slope;
  FLOAT Rx_1 = 1.f / Rx, Ry_1 = 1.f / Ry, Rz_1 = 1.f / Rz, Cap_1 = step / Cap;
  FLOAT *r = result, *t = temp;
  for (int i = 0; i < num_iterations; i++) {
#pragma esched task name(iteration) in(t[0:row*col], power[0:row*col]) out(r[0:row*col]) gpu(single_iteration_gpu)
    single_iteration(r, t, power, row, col, Cap_1, Rx_1, Ry_1, Rz_1, step);
    FLOAT *tmp = t;
    t = r;
    r = tmp;
  }
  return t;
}

int main(int argc, char **argv) {
  int grid_rows = argc > 1 ? atoi(argv[1]) : 32;
  int grid_cols = argc > 2 ? atoi(argv[2]) : 32;
  int sim_time = argc > 3 ? atoi(argv[3]) : 10;
  FLOAT *temp = (FLOAT *)calloc(grid_rows * grid_cols, sizeof(FLOAT));
  FLOAT *power = (FLOAT *)calloc(grid_rows * grid_cols, sizeof(FLOAT));
  FLOAT *result = (FLOAT *)calloc(grid_rows * grid_cols, sizeof(FLOAT));
  if (!temp || !power || !result) {
    fprintf(stderr, "unable to allocate memory\n");
    return 1;
  }
  for (int i = 0; i < grid_rows * grid_cols; i++) {
    temp[i] = 320.0f + (FLOAT)((i * 7) % 23);
    power[i] = (FLOAT)((i * 13) % 11) * 0.5f;
  }
  FLOAT *final = compute_tran_temp(result, sim_time, temp, power, grid_rows, grid_cols);
  double sum = 0;
  for (int i = 0; i < grid_rows * grid_cols; i++)
    sum += final[i] * (i % 9 + 1);
  printf("hotspot %dx%d, %d iterations: T[0] = %.9g, checksum = %.17g\n", grid_rows, grid_cols,
         sim_time, final[0], sum);
  free(temp), free(power), free(result);
  return 0;
}
