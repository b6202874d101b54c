/* A small, seedable, reproducible PRNG (xoshiro256** seeded by splitmix64)
 * for generators, randomized algorithms and property tests. The same seed
 * gives the same sequence on every platform. */
#ifndef ESCHED_SCHEDULER_RNG_H
#define ESCHED_SCHEDULER_RNG_H

#include <stdint.h>

typedef struct EsRng {
  uint64_t s[4];
} EsRng;

void es_rng_seed(EsRng *r, uint64_t seed);
uint64_t es_rng_next(EsRng *r);
/* Uniform in [0, 1). */
double es_rng_uniform(EsRng *r);
/* Uniform integer in [lo, hi] (inclusive). */
long es_rng_range(EsRng *r, long lo, long hi);
/* Standard normal (Box-Muller). */
double es_rng_normal(EsRng *r);
/* exp(N(mu, sigma)) clipped to [lo, hi]: the heavy-tailed sizes and times of
 * the generators. */
double es_rng_lognormal(EsRng *r, double median, double sigma, double lo, double hi);

#endif
