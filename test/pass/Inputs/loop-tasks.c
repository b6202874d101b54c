/* One task before a loop and two in it (deferred by the native runtime). */
void smooth(const float *in, float *out, int n);
void relax(float *x, int n);

void run(float *a, float *b, int n, int steps) {
#pragma esched task inout(a[0:n])
  relax(a, n);
  for (int s = 0; s < steps; s++) {
#pragma esched task in(a[0:n]) out(b[0:n])
    smooth(a, b, n);
#pragma esched task in(b[0:n]) out(a[0:n])
    smooth(b, a, n);
  }
}
