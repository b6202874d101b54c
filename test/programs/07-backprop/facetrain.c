/* facetrain.c: Rodinia 3.1 backprop's driver and training step, the
 * step's six kernels annotated as esched tasks.  Usage: backprop LAYER_SIZE */
#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"

static int layer_size = 0;

static void load(BPNN *net) {
  float *units = net->input_units;
  int nr = layer_size, k = 1;
  for (int i = 0; i < nr; i++)
    units[k++] = (float)((i * 37 + 11) % 101) / 101.0f;
}

static void bpnn_train_kernel(BPNN *net, float *eo, float *eh) {
  int in, hid, out;
  float out_err, hid_err;

  in = net->input_n;
  hid = net->hidden_n;
  out = net->output_n;
  float *input_units = net->input_units, *hidden_units = net->hidden_units;
  float *output_units = net->output_units, *target = net->target;
  float *hidden_delta = net->hidden_delta, *output_delta = net->output_delta;
  float **input_weights = net->input_weights, **hidden_weights = net->hidden_weights;
  float **input_prev_weights = net->input_prev_weights;
  float **hidden_prev_weights = net->hidden_prev_weights;

#pragma esched task name(forward_ih) inout(input_units[0:in+1], hidden_units[0:hid+1]) in(input_weights[0:in+1]) gpu(bpnn_layerforward_gpu)
  bpnn_layerforward(input_units, hidden_units, input_weights, in, hid);
#pragma esched task name(forward_ho) inout(hidden_units[0:hid+1], output_units[0:out+1]) in(hidden_weights[0:hid+1]) gpu(bpnn_layerforward_gpu)
  bpnn_layerforward(hidden_units, output_units, hidden_weights, hid, out);
#pragma esched task name(output_error) inout(output_delta[0:out+1]) in(target[0:out+1], output_units[0:out+1]) out(out_err) gpu(bpnn_output_error_gpu)
  bpnn_output_error(output_delta, target, output_units, out, &out_err);
#pragma esched task name(hidden_error) inout(hidden_delta[0:hid+1]) in(output_delta[0:out+1], hidden_weights[0:hid+1], hidden_units[0:hid+1]) out(hid_err) gpu(bpnn_hidden_error_gpu)
  bpnn_hidden_error(hidden_delta, hid, output_delta, out, hidden_weights, hidden_units, &hid_err);
#pragma esched task name(adjust_ho) in(output_delta[0:out+1]) inout(hidden_units[0:hid+1], hidden_weights[0:hid+1], hidden_prev_weights[0:hid+1]) gpu(bpnn_adjust_weights_gpu)
  bpnn_adjust_weights(output_delta, out, hidden_units, hid, hidden_weights, hidden_prev_weights);
#pragma esched task name(adjust_ih) in(hidden_delta[0:hid+1]) inout(input_units[0:in+1], input_weights[0:in+1], input_prev_weights[0:in+1]) gpu(bpnn_adjust_weights_gpu)
  bpnn_adjust_weights(hidden_delta, hid, input_units, in, input_weights, input_prev_weights);

  *eo = out_err;
  *eh = hid_err;
}

int main(int argc, char *argv[]) {
  if (argc != 2) {
    fprintf(stderr, "usage: backprop <num of input elements>\n");
    exit(0);
  }
  layer_size = atoi(argv[1]);
  if (layer_size % 16 != 0) {
    fprintf(stderr, "The number of input points must be divided by 16\n");
    exit(0);
  }
  BPNN *net = bpnn_create(layer_size, 16, 1);
  printf("Input layer size : %d\n", layer_size);
  load(net);
  float out_err = 0, hid_err = 0;
  for (int epoch = 0; epoch < 3; epoch++) {
    bpnn_train_kernel(net, &out_err, &hid_err);
    printf("epoch %d: output error %.9g, hidden error %.9g\n", epoch, out_err, hid_err);
  }
  double sum = 0;
  for (int i = 0; i <= net->input_n; i++)
    for (int j = 0; j <= net->hidden_n; j++)
      sum += net->input_weights[i][j] * ((i + j) % 5 + 1);
  for (int j = 0; j <= net->hidden_n; j++)
    sum += net->hidden_weights[j][1];
  printf("output %.9g, weights checksum %.17g\n", net->output_units[1], sum);
  bpnn_free(net);
  printf("Training done\n");
  return 0;
}
