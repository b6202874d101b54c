/* Numbers for people: byte counts in binary units (3.0 KiB, 1.5 GiB). */
#ifndef ESCHED_SCHEDULER_REPORT_UNITS_H
#define ESCHED_SCHEDULER_REPORT_UNITS_H

#include <stddef.h>

/* Writes bytes as "512 B", "3.0 KiB", "1.5 MiB", ... into buf; returns buf. */
const char *es_human_bytes(double bytes, char *buf, size_t n);

#endif
