/* A streaming filter bank: every round takes the next block of a signal and
 * runs five independent tasks on it, as one round of a crown schedule on
 * four cores (docs/annotations.md, "stream"):
 *
 *   lowpass, highpass  FIR filters (64 and 32 taps), moldable over output samples
 *   spectrum           a DFT magnitude spectrum, moldable over frequency bins
 *   power, peak        sequential block statistics
 *
 * A moldable task's function takes its team as two trailing parameters
 * (member, members) and computes its member's share of the outputs; called
 * as member 0 of 1, as the plain program does, it computes all of them. Each
 * output is computed the same way whatever the team, so the program prints
 * the same with and without esched. */
#include <math.h>
#include <stdio.h>

#define N      256 /* samples per block (round) */
#define LPTAPS 64
#define HPTAPS 32
#define HIST   (LPTAPS - 1) /* history kept from the previous block */
#define ROUNDS 12
#define BINS   (N / 2)

/* The outputs [*lo, *hi) of a team member. */
static void share(int n, int member, int members, int *lo, int *hi) {
  *lo = n * member / members;
  *hi = n * (member + 1) / members;
}

/* y[i] = sum_k h[k] x[HIST + i - k]: x holds HIST samples of history first. */
static void fir(const float *x, const float *h, int taps, float *y, int member, int members) {
  int lo, hi;
  share(N, member, members, &lo, &hi);
  for (int i = lo; i < hi; i++) {
    float acc = 0;
    for (int k = 0; k < taps; k++)
      acc += h[k] * x[HIST + i - k];
    y[i] = acc;
  }
}

static void lowpass(const float *x, const float *h, float *y, int member, int members) {
  fir(x, h, LPTAPS, y, member, members);
}

static void highpass(const float *x, const float *h, float *y, int member, int members) {
  fir(x, h, HPTAPS, y, member, members);
}

/* |X[b]| for bins [lo, hi) of the block's DFT. */
static void spectrum(const float *x, float *mag, int member, int members) {
  int lo, hi;
  share(BINS, member, members, &lo, &hi);
  const double two_pi = 6.283185307179586;
  for (int b = lo; b < hi; b++) {
    double re = 0, im = 0;
    for (int i = 0; i < N; i++) {
      re += x[HIST + i] * cos(two_pi * b * i / N);
      im -= x[HIST + i] * sin(two_pi * b * i / N);
    }
    mag[b] = (float)sqrt(re * re + im * im);
  }
}

static void power(const float *x, double *out) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += (double)x[HIST + i] * x[HIST + i];
  *out = s / N;
}

static void peak(const float *x, float *out) {
  float m = 0;
  for (int i = 0; i < N; i++)
    m = fabsf(x[HIST + i]) > m ? fabsf(x[HIST + i]) : m;
  *out = m;
}

/* Windowed-sinc taps: a low-pass at fc, and its spectral inversion. */
static void design(float *lp, float *hp) {
  for (int k = 0; k < LPTAPS; k++) {
    double t = k - (LPTAPS - 1) / 2.0, fc = 0.1;
    double w = 0.54 - 0.46 * cos(6.283185307179586 * k / (LPTAPS - 1));
    lp[k] = (float)(w * (t == 0 ? 2 * fc : sin(6.283185307179586 * fc * t) / (3.141592653589793 * t)));
  }
  for (int k = 0; k < HPTAPS; k++)
    hp[k] = (float)((k == HPTAPS / 2 ? 1.0 : 0.0) - 0.5 * lp[2 * k]);
}

/* The next block of the input: two tones and a little deterministic noise. */
static void next_block(float *x, int round, unsigned *seed) {
  for (int i = 0; i < HIST; i++)
    x[i] = x[N + i]; /* the previous block's tail */
  for (int i = 0; i < N; i++) {
    long t = (long)round * N + i;
    *seed = *seed * 1103515245u + 12345u;
    float noise = (float)((*seed >> 16) & 0x7fff) / 32768.0f - 0.5f;
    x[HIST + i] = (float)(sin(0.05 * t) + 0.5 * sin(1.3 * t)) + 0.1f * noise;
  }
}

static double sum(const float *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

static int argmax(const float *v, int n) {
  int best = 0;
  for (int i = 1; i < n; i++)
    if (v[i] > v[best])
      best = i;
  return best;
}

int main(void) {
  static float x[HIST + N], lp_taps[LPTAPS], hp_taps[HPTAPS];
  static float lo[N], hi[N], mag[BINS];
  double pw = 0;
  float pk = 0;
  unsigned seed = 7;
  design(lp_taps, hp_taps);
  for (int r = 0; r < ROUNDS; r++) {
    next_block(x, r, &seed);
#pragma esched stream name(bank) cores(4) deadline(1ms)
    {
#pragma esched task name(lowpass) width(4) work(1.2ms) efficiency(comm:0.01ms)
      lowpass(x, lp_taps, lo, 0, 1);
#pragma esched task name(highpass) width(4) work(0.6ms) efficiency(comm:0.01ms)
      highpass(x, hp_taps, hi, 0, 1);
#pragma esched task name(spectrum) width(4) work(1.6ms) efficiency(2:0.95, 4:0.9)
      spectrum(x, mag, 0, 1);
#pragma esched task name(power) width(1) work(0.05ms)
      power(x, &pw);
#pragma esched task name(peak) width(1) work(0.05ms)
      peak(x, &pk);
    }
    printf("round %2d: lowpass %10.4f highpass %10.4f peak bin %3d |X| %9.3f power %.5f "
           "peak %.5f\n",
           r, sum(lo, N), sum(hi, N), argmax(mag, BINS), mag[argmax(mag, BINS)], pw, pk);
  }
  return 0;
}
