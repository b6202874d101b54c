/* correlation.c: PolyBench/C 4.2.1's correlation on file-scope arrays,
 * whole arrays named in the clauses. */
#include <math.h>
#include <stdio.h>

#define M 28
#define N 32
#define FLOAT_N ((double)N)
#define EPS 0.1

static double data[N][M];
static double mean[M];
static double stddev[M];
static double corr[M][M];

static void init_array(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      data[i][j] = (double)((i * j + 3 * i + j * j) % 17) / M + 0.1 * i;
}

static void col_mean(int m, int n, double float_n, double data[N][M], double mean[M]) {
  for (int j = 0; j < m; j++) {
    mean[j] = 0.0;
    for (int i = 0; i < n; i++)
      mean[j] += data[i][j];
    mean[j] /= float_n;
  }
}
static void col_mean_gpu(int m, int n, double float_n, double data[N][M], double mean[M]) {
  col_mean(m, n, float_n, data, mean);
}

static void col_stddev(int m, int n, double float_n, double data[N][M], double mean[M],
                       double stddev[M]) {
  for (int j = 0; j < m; j++) {
    stddev[j] = 0.0;
    for (int i = 0; i < n; i++)
      stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
    stddev[j] /= float_n;
    stddev[j] = sqrt(stddev[j]);
    stddev[j] = stddev[j] <= EPS ? 1.0 : stddev[j];
  }
}
static void col_stddev_gpu(int m, int n, double float_n, double data[N][M], double mean[M],
                           double stddev[M]) {
  col_stddev(m, n, float_n, data, mean, stddev);
}

static void center_reduce(int m, int n, double float_n, double data[N][M], double mean[M],
                          double stddev[M]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      data[i][j] -= mean[j];
      data[i][j] /= sqrt(float_n) * stddev[j];
    }
}
static void center_reduce_gpu(int m, int n, double float_n, double data[N][M], double mean[M],
                              double stddev[M]) {
  center_reduce(m, n, float_n, data, mean, stddev);
}

static void corr_matrix(int m, int n, double data[N][M], double corr[M][M]) {
  for (int i = 0; i < m - 1; i++) {
    corr[i][i] = 1.0;
    for (int j = i + 1; j < m; j++) {
      corr[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        corr[i][j] += (data[k][i] * data[k][j]);
      corr[j][i] = corr[i][j];
    }
  }
  corr[m - 1][m - 1] = 1.0;
}
static void corr_matrix_gpu(int m, int n, double data[N][M], double corr[M][M]) {
  corr_matrix(m, n, data, corr);
}

static void kernel_correlation(void) {
#pragma esched task name(mean) in(data) out(mean) gpu(col_mean_gpu)
  col_mean(M, N, FLOAT_N, data, mean);
#pragma esched task name(stddev) in(data, mean) out(stddev) gpu(col_stddev_gpu)
  col_stddev(M, N, FLOAT_N, data, mean, stddev);
#pragma esched task name(center) inout(data) in(mean, stddev) gpu(center_reduce_gpu)
  center_reduce(M, N, FLOAT_N, data, mean, stddev);
#pragma esched task name(corr) in(data) out(corr) gpu(corr_matrix_gpu)
  corr_matrix(M, N, data, corr);
}

int main(void) {
  init_array();
  kernel_correlation();
  double sum = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++)
      sum += corr[i][j] * ((i + 3 * j) % 5 + 1);
  printf("correlation: corr[0][1] = %.17g, checksum = %.17g\n", corr[0][1], sum);
  return 0;
}
