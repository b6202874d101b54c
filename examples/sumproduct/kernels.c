/* The two variants of an elimination task (sp.h): the CPU's runs the
 * library's kernel on views of its block; the GPU's is written as a GPU
 * kernel is, one independent thread per output entry. Each sees only the
 * addresses it is handed: under the runtime's sim back end those are device
 * copies, so a transfer the runtime forgot would change the answer. */
#include <math.h>
#include <stdlib.h>

#include "sp.h"

/* desc = var card ntables m outvars[m] outcards[m] table* */
typedef struct Desc {
  int var, card, n, m;
  const int *outvars, *outcards;
  const int *tables; /* table = offset nvars vars[nvars] cards[nvars] */
} Desc;

static Desc desc_read(const int *d) {
  return (Desc){d[0], d[1], d[2], d[3], d + 4, d + 4 + d[3], d + 4 + 2 * d[3]};
}

static long entries(int n, const int *card) {
  long e = 1;
  for (int j = 0; j < n; j++)
    e *= card[j];
  return e;
}

static void fill_nan(double *out, long n) {
  for (long e = 0; e < n; e++)
    out[e] = NAN;
}

/* The kernel takes EsFactor, whose arrays are not const; it only reads the
 * inputs' arrays and the output's scope. */
void sp_elim(const int *desc, const double *block, double *out) {
  Desc d = desc_read(desc);
  EsFactor o = {d.m, (int *)d.outvars, (int *)d.outcards, out, entries(d.m, d.outcards)};
  EsFactor *f = malloc(sizeof *f * ((size_t)d.n + 1));
  const EsFactor **in = malloc(sizeof *in * ((size_t)d.n + 1));
  EsError err = {0};
  const int *p = d.tables;
  for (int k = 0; f && in && k < d.n; k++, p += 2 + 2 * p[1]) {
    f[k] = (EsFactor){p[1], (int *)p + 2, (int *)p + 2 + p[1], (double *)block + p[0],
                      entries(p[1], p + 2 + p[1])};
    in[k] = &f[k];
  }
  if (!f || !in || es_factor_sum_product(in, d.n, d.var, d.card, &o, &err))
    fill_nan(out, o.size);
  free(f);
  free(in);
}

/* stride[k * m + j]: step in table k when output variable j advances;
 * sv[k]: its step when the summed variable does (0 when absent). */
static void strides(const Desc *d, long *offset, long *stride, long *sv) {
  const int *p = d->tables;
  for (int k = 0; k < d->n; k++, p += 2 + 2 * p[1]) {
    const int nv = p[1], *vars = p + 2, *cards = p + 2 + nv;
    offset[k] = p[0], sv[k] = 0;
    for (int j = 0; j < d->m; j++)
      stride[k * d->m + j] = 0;
    long s = 1;
    for (int v = nv - 1; v >= 0; s *= cards[v--]) {
      if (vars[v] == d->var)
        sv[k] = s;
      for (int j = 0; j < d->m; j++)
        if (vars[v] == d->outvars[j])
          stride[k * d->m + j] = s;
    }
  }
}

/* One thread: output entry e. Its index decoded into the output's digits
 * (last variable fastest) gives each table's offset; the sum over the
 * variable multiplies the tables in order, as the library's kernel does,
 * so both variants give the same bits. */
static double thread_entry(const Desc *d, const double *block, long e, const long *offset,
                           const long *stride, const long *sv, long *off) {
  for (int k = 0; k < d->n; k++)
    off[k] = offset[k];
  for (int j = d->m - 1; j >= 0; j--) {
    long digit = e % d->outcards[j];
    e /= d->outcards[j];
    for (int k = 0; k < d->n; k++)
      off[k] += digit * stride[k * d->m + j];
  }
  double sum = 0;
  for (int x = 0; x < d->card; x++) {
    double p = 1;
    for (int k = 0; k < d->n; k++)
      p *= block[off[k] + x * sv[k]];
    sum += p;
  }
  return sum;
}

/* The launch: strides once (a CUDA launcher passes them as arguments),
 * then one thread per output entry. */
void sp_elim_gpu(const int *desc, const double *block, double *out) {
  Desc d = desc_read(desc);
  size_t n = (size_t)d.n + 1;
  long *offset = malloc(sizeof(long) * n), *sv = malloc(sizeof(long) * n);
  long *off = malloc(sizeof(long) * n);
  long *stride = malloc(sizeof(long) * (n * (size_t)d.m + 1));
  long size = entries(d.m, d.outcards);
  if (!offset || !sv || !off || !stride) {
    fill_nan(out, size);
  } else {
    strides(&d, offset, stride, sv);
    for (long e = 0; e < size; e++)
      out[e] = thread_entry(&d, block, e, offset, stride, sv, off);
  }
  free(offset), free(sv), free(off), free(stride);
}
