/* Physical quantities in input files: a number with an optional unit, so
 * that a platform can say `bandwidth: 16GB/s` or `latency: 10us`.
 *
 * Decimal prefixes k M G T and m u n p, binary prefixes Ki Mi Gi Ti (bytes).
 * Without a unit the number is in the base unit (Hz, W, s, B, B/s).
 */
#ifndef ESCHED_SCHEDULER_UNITS_H
#define ESCHED_SCHEDULER_UNITS_H

#include <stdbool.h>

typedef enum EsQuantity {
  ES_Q_NUMBER,    /* dimensionless: no unit accepted */
  ES_Q_FREQUENCY, /* Hz */
  ES_Q_POWER,     /* W */
  ES_Q_TIME,      /* s */
  ES_Q_BYTES,     /* B */
  ES_Q_BANDWIDTH, /* B/s */
  ES_Q_VOLTAGE,   /* V */
  ES_Q_ENERGY,    /* J */
} EsQuantity;

/* Parses text as a quantity of kind q into *out. Accepts the YAML spellings
 * .inf, -.inf and .nan (and nan, inf) so that validators, not the parser,
 * reject them with a precise message. Returns false when text is not a
 * number followed by an optional unit of the right dimension. */
bool es_parse_quantity(const char *text, EsQuantity q, double *out);

/* Formats v with the decimal prefix that keeps 1 <= mantissa < 1000 and the
 * unit of q ("2.33GHz", "10us", "140W"), at most 15 significant digits,
 * into buf[48]; es_parse_quantity reads it back. */
void es_format_quantity(double v, EsQuantity q, char buf[48]);

/* The base unit's symbol of q ("Hz", ...), "" for ES_Q_NUMBER. */
const char *es_quantity_unit(EsQuantity q);

#endif
