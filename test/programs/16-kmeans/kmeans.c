/* k-means in the style of Rodinia's kmeans (serial version): points as a
 * pointer to rows of DIM floats from malloc, `float pts[][DIM]` parameters,
 * and a do-while loop whose condition reads what the assignment task wrote
 * (delta); every task has a GPU variant (plain C here). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define DIM 2

static void assign(int npoints, int k, float pts[][DIM], float cent[][DIM], int *member,
                   float *delta) {
  float changed = 0;
  for (int i = 0; i < npoints; i++) {
    int best = 0;
    float bd = INFINITY;
    for (int c = 0; c < k; c++) {
      float d = 0;
      for (int j = 0; j < DIM; j++) d += (pts[i][j] - cent[c][j]) * (pts[i][j] - cent[c][j]);
      if (d < bd) bd = d, best = c;
    }
    if (member[i] != best) changed += 1, member[i] = best;
  }
  *delta = changed / (float)npoints;
}

static void assign_gpu(int npoints, int k, float pts[][DIM], float cent[][DIM], int *member,
                       float *delta) { assign(npoints, k, pts, cent, member, delta); }
static void update(int npoints, int k, float pts[][DIM], const int *member, float cent[][DIM]) {
  float sum[64][DIM] = {{0}};
  int cnt[64] = {0};
  for (int i = 0; i < npoints; i++) {
    cnt[member[i]]++;
    for (int j = 0; j < DIM; j++) sum[member[i]][j] += pts[i][j];
  }
  for (int c = 0; c < k; c++)
    if (cnt[c])
      for (int j = 0; j < DIM; j++) cent[c][j] = sum[c][j] / (float)cnt[c];
}

static void update_gpu(int npoints, int k, float pts[][DIM], const int *member, float cent[][DIM]) {
  update(npoints, k, pts, member, cent);
}

int main(int argc, char **argv) {
  int npoints = argc > 1 ? atoi(argv[1]) : 1000, k = argc > 2 ? atoi(argv[2]) : 5;
  float threshold = 0.001f, delta = 1.0f;
  float (*pts)[DIM] = malloc(sizeof(float[DIM]) * npoints);
  float (*cent)[DIM] = malloc(sizeof(float[DIM]) * k);
  int *member = malloc(sizeof(int) * npoints);
  unsigned s = 12345;
  for (int i = 0; i < npoints; i++) {
    member[i] = -1;
    for (int j = 0; j < DIM; j++) {
      s = s * 1664525u + 1013904223u;
      pts[i][j] = (float)(s >> 8) / 16777216.0f * 100.0f + (float)(i % k) * 50.0f;
    }
  }
  for (int c = 0; c < k; c++)
    for (int j = 0; j < DIM; j++) cent[c][j] = pts[c][j];
  int loop = 0;
  do {
#pragma esched task in(pts[0:npoints], cent[0:k]) inout(member[0:npoints]) out(delta) gpu(assign_gpu)
    assign(npoints, k, pts, cent, member, &delta);
#pragma esched task in(pts[0:npoints], member[0:npoints]) out(cent[0:k]) gpu(update_gpu)
    update(npoints, k, pts, member, cent);
    loop++;
  } while (delta > threshold && loop < 500);
  printf("%d iterations, delta %.5f\n", loop, delta);
  for (int c = 0; c < k; c++) printf("centroid %d: %.3f %.3f\n", c, cent[c][0], cent[c][1]);
  free(pts); free(cent); free(member);
  return 0;
}
