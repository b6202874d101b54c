/* kernel.h: the network and its kernels (Rodinia 3.1 backprop, trimmed). */
#ifndef KERNEL_H
#define KERNEL_H

#define ETA 0.3f      /* eta value */
#define MOMENTUM 0.3f /* momentum value */
#define ABS(x) (((x) > 0.0f) ? (x) : (-(x)))

typedef struct {
  int input_n;  /* number of input units */
  int hidden_n; /* number of hidden units */
  int output_n; /* number of output units */

  float *input_units;  /* the input units */
  float *hidden_units; /* the hidden units */
  float *output_units; /* the output units */

  float *hidden_delta; /* storage for hidden unit error */
  float *output_delta; /* storage for output unit error */

  float *target; /* storage for target vector */

  float **input_weights;  /* weights from input to hidden layer */
  float **hidden_weights; /* weights from hidden to output layer */

  /*** The next two are for momentum ***/
  float **input_prev_weights;  /* previous change on input to hidden wgt */
  float **hidden_prev_weights; /* previous change on hidden to output wgt */
} BPNN;

BPNN *bpnn_create(int n_in, int n_hidden, int n_out);
void bpnn_free(BPNN *net);

void bpnn_layerforward(float *l1, float *l2, float **conn, int n1, int n2);
void bpnn_output_error(float *delta, float *target, float *output, int nj, float *err);
void bpnn_hidden_error(float *delta_h, int nh, float *delta_o, int no, float **who,
                       float *hidden, float *err);
void bpnn_adjust_weights(float *delta, int ndelta, float *ly, int nly, float **w, float **oldw);

/* GPU variants: same parameters, run on the device's copies. */
void bpnn_layerforward_gpu(float *l1, float *l2, float **conn, int n1, int n2);
void bpnn_output_error_gpu(float *delta, float *target, float *output, int nj, float *err);
void bpnn_hidden_error_gpu(float *delta_h, int nh, float *delta_o, int no, float **who,
                           float *hidden, float *err);
void bpnn_adjust_weights_gpu(float *delta, int ndelta, float *ly, int nly, float **w,
                             float **oldw);

#endif
