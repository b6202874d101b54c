/* xoshiro256** (Blackman and Vigna), seeded with splitmix64. */
#include "scheduler/base/rng.h"

#include <math.h>

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void es_rng_seed(EsRng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t es_rng_next(EsRng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

double es_rng_uniform(EsRng *r) { return (double)(es_rng_next(r) >> 11) * 0x1.0p-53; }

long es_rng_range(EsRng *r, long lo, long hi) {
  uint64_t span = (uint64_t)(hi - lo) + 1;
  return lo + (long)(span ? es_rng_next(r) % span : es_rng_next(r));
}

double es_rng_normal(EsRng *r) {
  double u = es_rng_uniform(r), v = es_rng_uniform(r);
  return sqrt(-2 * log(1 - u)) * cos(6.283185307179586 * v) /* 2 pi */;
}

double es_rng_lognormal(EsRng *r, double median, double sigma, double lo, double hi) {
  double x = median * exp(sigma * es_rng_normal(r));
  return x < lo ? lo : x > hi ? hi : x;
}
