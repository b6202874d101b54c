/* 3mm.c: PolyBench/C 4.2.1's 3mm (G := (A*B)*(C*D)) with C99 VLA
 * parameters (POLYBENCH_USE_C99_PROTO style) and arrays allocated in main
 * from sizes given on the command line. */
#include <stdio.h>
#include <stdlib.h>

static void init_array(int ni, int nj, int nk, int nl, int nm, double A[ni][nk],
                       double B[nk][nj], double C[nj][nm], double D[nm][nl]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nk; j++)
      A[i][j] = (double)((i * j + 1) % ni) / (5 * ni);
  for (int i = 0; i < nk; i++)
    for (int j = 0; j < nj; j++)
      B[i][j] = (double)((i * (j + 1) + 2) % nj) / (5 * nj);
  for (int i = 0; i < nj; i++)
    for (int j = 0; j < nm; j++)
      C[i][j] = (double)(i * (j + 3) % nl) / (5 * nl);
  for (int i = 0; i < nm; i++)
    for (int j = 0; j < nl; j++)
      D[i][j] = (double)((i * (j + 2) + 2) % nk) / (5 * nk);
}

/* E := A*B, with E ni x nj, A ni x nk, B nk x nj. */
static void mm(int ni, int nj, int nk, double E[ni][nj], double A[ni][nk], double B[nk][nj]) {
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nj; j++) {
      E[i][j] = 0.0;
      for (int k = 0; k < nk; ++k)
        E[i][j] += A[i][k] * B[k][j];
    }
}

static void mm_gpu(int ni, int nj, int nk, double E[ni][nj], double A[ni][nk],
                   double B[nk][nj]) {
  mm(ni, nj, nk, E, A, B);
}

static void kernel_3mm(int ni, int nj, int nk, int nl, int nm, double E[ni][nj],
                       double A[ni][nk], double B[nk][nj], double F[nj][nl], double C[nj][nm],
                       double D[nm][nl], double G[ni][nl]) {
#pragma esched task name(e_ab) in(A[0:ni][0:nk], B[0:nk][0:nj]) out(E[0:ni][0:nj]) gpu(mm_gpu)
  mm(ni, nj, nk, E, A, B);
#pragma esched task name(f_cd) in(C[0:nj][0:nm], D[0:nm][0:nl]) out(F[0:nj][0:nl]) gpu(mm_gpu)
  mm(nj, nl, nm, F, C, D);
#pragma esched task name(g_ef) in(E[0:ni][0:nj], F[0:nj][0:nl]) out(G[0:ni][0:nl]) gpu(mm_gpu)
  mm(ni, nl, nj, G, E, F);
}

int main(int argc, char **argv) {
  int ni = argc > 1 ? atoi(argv[1]) : 16;
  int nj = ni + 2, nk = ni + 4, nl = ni + 6, nm = ni + 8;
  double (*A)[nk] = malloc(sizeof(double[ni][nk]));
  double (*B)[nj] = malloc(sizeof(double[nk][nj]));
  double (*C)[nm] = malloc(sizeof(double[nj][nm]));
  double (*D)[nl] = malloc(sizeof(double[nm][nl]));
  double (*E)[nj] = malloc(sizeof(double[ni][nj]));
  double (*F)[nl] = malloc(sizeof(double[nj][nl]));
  double (*G)[nl] = malloc(sizeof(double[ni][nl]));
  init_array(ni, nj, nk, nl, nm, A, B, C, D);
  kernel_3mm(ni, nj, nk, nl, nm, E, A, B, F, C, D, G);
  double sum = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < nl; j++)
      sum += G[i][j] * ((i + 2 * j) % 5 + 1);
  printf("3mm %d: G[0][0] = %.17g, checksum = %.17g\n", ni, G[0][0], sum);
  free(A), free(B), free(C), free(D), free(E), free(F), free(G);
  return 0;
}
