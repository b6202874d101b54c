/* bpnn.c: allocation and kernels of the network (Rodinia 3.1 backprop.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"

static float *alloc_1d_dbl(int n) {
  float *new = (float *)malloc((unsigned)(n * sizeof(float)));
  if (new == NULL) {
    printf("ALLOC_1D_DBL: Couldn't allocate array of floats\n");
    return (NULL);
  }
  return (new);
}

static float **alloc_2d_dbl(int m, int n) {
  int i;
  float **new;
  new = (float **)malloc((unsigned)(m * sizeof(float *)));
  if (new == NULL) {
    printf("ALLOC_2D_DBL: Couldn't allocate array of dbl ptrs\n");
    return (NULL);
  }
  for (i = 0; i < m; i++)
    new[i] = alloc_1d_dbl(n);
  return (new);
}

static unsigned seed = 7;
static float drnd(void) { /* a fixed generator: the same weights everywhere */
  seed = seed * 1103515245u + 12345u;
  return (float)((seed >> 16) & 0x7fff) / 32767.0f;
}

static void bpnn_randomize_weights(float **w, int m, int n) {
  for (int i = 0; i <= m; i++)
    for (int j = 0; j <= n; j++)
      w[i][j] = drnd() - 0.5f;
}

static void bpnn_zero_weights(float **w, int m, int n) {
  for (int i = 0; i <= m; i++)
    for (int j = 0; j <= n; j++)
      w[i][j] = 0.0f;
}

BPNN *bpnn_create(int n_in, int n_hidden, int n_out) {
  BPNN *newnet = malloc(sizeof *newnet);
  newnet->input_n = n_in;
  newnet->hidden_n = n_hidden;
  newnet->output_n = n_out;
  newnet->input_units = alloc_1d_dbl(n_in + 1);
  newnet->hidden_units = alloc_1d_dbl(n_hidden + 1);
  newnet->output_units = alloc_1d_dbl(n_out + 1);
  newnet->hidden_delta = alloc_1d_dbl(n_hidden + 1);
  newnet->output_delta = alloc_1d_dbl(n_out + 1);
  newnet->target = alloc_1d_dbl(n_out + 1);
  newnet->input_weights = alloc_2d_dbl(n_in + 1, n_hidden + 1);
  newnet->hidden_weights = alloc_2d_dbl(n_hidden + 1, n_out + 1);
  newnet->input_prev_weights = alloc_2d_dbl(n_in + 1, n_hidden + 1);
  newnet->hidden_prev_weights = alloc_2d_dbl(n_hidden + 1, n_out + 1);
  bpnn_randomize_weights(newnet->input_weights, n_in, n_hidden);
  bpnn_randomize_weights(newnet->hidden_weights, n_hidden, n_out);
  bpnn_zero_weights(newnet->input_prev_weights, n_in, n_hidden);
  bpnn_zero_weights(newnet->hidden_prev_weights, n_hidden, n_out);
  for (int i = 0; i <= n_hidden; i++)
    newnet->hidden_units[i] = newnet->hidden_delta[i] = 0.0f;
  for (int i = 0; i <= n_out; i++)
    newnet->output_units[i] = newnet->output_delta[i] = 0.0f;
  for (int i = 0; i <= n_out; i++)
    newnet->target[i] = 0.1f;
  return newnet;
}

void bpnn_free(BPNN *net) {
  int n1 = net->input_n, n2 = net->hidden_n;
  for (int i = 0; i <= n1; i++) {
    free(net->input_weights[i]);
    free(net->input_prev_weights[i]);
  }
  for (int i = 0; i <= n2; i++) {
    free(net->hidden_weights[i]);
    free(net->hidden_prev_weights[i]);
  }
  free(net->input_weights), free(net->input_prev_weights);
  free(net->hidden_weights), free(net->hidden_prev_weights);
  free(net->input_units), free(net->hidden_units), free(net->output_units);
  free(net->hidden_delta), free(net->output_delta), free(net->target);
  free(net);
}

static float squash(float x) { return (1.0f / (1.0f + expf(-x))); }

void bpnn_layerforward(float *l1, float *l2, float **conn, int n1, int n2) {
  float sum;
  int j, k;
  /*** Set up thresholding unit ***/
  l1[0] = 1.0f;
  /*** For each unit in second layer ***/
  for (j = 1; j <= n2; j++) {
    /*** Compute weighted sum of its inputs ***/
    sum = 0.0f;
    for (k = 0; k <= n1; k++)
      sum += conn[k][j] * l1[k];
    l2[j] = squash(sum);
  }
}

void bpnn_output_error(float *delta, float *target, float *output, int nj, float *err) {
  int j;
  float o, t, errsum;
  errsum = 0.0f;
  for (j = 1; j <= nj; j++) {
    o = output[j];
    t = target[j];
    delta[j] = o * (1.0f - o) * (t - o);
    errsum += ABS(delta[j]);
  }
  *err = errsum;
}

void bpnn_hidden_error(float *delta_h, int nh, float *delta_o, int no, float **who,
                       float *hidden, float *err) {
  int j, k;
  float h, sum, errsum;
  errsum = 0.0f;
  for (j = 1; j <= nh; j++) {
    h = hidden[j];
    sum = 0.0f;
    for (k = 1; k <= no; k++)
      sum += delta_o[k] * who[j][k];
    delta_h[j] = h * (1.0f - h) * sum;
    errsum += ABS(delta_h[j]);
  }
  *err = errsum;
}

void bpnn_adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw) {
  float new_dw;
  int k, j;
  ly[0] = 1.0f;
  for (j = 1; j <= ndelta; j++)
    for (k = 0; k <= nly; k++) {
      new_dw = ((ETA * delta[j] * ly[k]) + (MOMENTUM * oldw[k][j]));
      w[k][j] += new_dw;
      oldw[k][j] = new_dw;
    }
}

void bpnn_layerforward_gpu(float *l1, float *l2, float **conn, int n1, int n2) {
  bpnn_layerforward(l1, l2, conn, n1, n2);
}
void bpnn_output_error_gpu(float *delta, float *target, float *output, int nj, float *err) {
  bpnn_output_error(delta, target, output, nj, err);
}
void bpnn_hidden_error_gpu(float *delta_h, int nh, float *delta_o, int no, float **who,
                           float *hidden, float *err) {
  bpnn_hidden_error(delta_h, nh, delta_o, no, who, hidden, err);
}
void bpnn_adjust_weights_gpu(float *delta, int ndelta, float *ly, int nly, float **w,
                             float **oldw) {
  bpnn_adjust_weights(delta, ndelta, ly, nly, w, oldw);
}
