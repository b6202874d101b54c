/* A small image library: the kernels of the pipeline and their GPU
 * variants (here the same code, run on the simulated GPU's memory). */
#ifndef IMAGE_H
#define IMAGE_H
#define W 64
#define H 48
void blur(const unsigned char *in, unsigned char *out, int w, int h);
void blur_gpu(const unsigned char *in, unsigned char *out, int w, int h);
void threshold(const unsigned char *in, unsigned char *out, int n, int t);
void threshold_gpu(const unsigned char *in, unsigned char *out, int n, int t);
void histogram(const unsigned char *in, int n, long *bins);
#endif
