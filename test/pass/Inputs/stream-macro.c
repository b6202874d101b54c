/* The macro form of a stream (esched.h), with the defaults: 4 cores and
 * the deadline of the whole round on one core at the fastest level. */
#include <esched.h>
void scale(float *x, int n, int member, int members);
void macro(float *x, float *y, int n) {
  ESCHED_STREAM()
  {
    ESCHED_TASK(width(2) work(1ms))
    scale(x, n, 0, 1);
    ESCHED_TASK(width(1) work(0.5ms))
    scale(y, n, 0, 1);
  }
}
