/* The runtime's wall clock: monotonic seconds, for measured task and copy
 * times. */
#ifndef ESCHED_RT_MEMORY_CLOCK_H
#define ESCHED_RT_MEMORY_CLOCK_H

double rt_now(void);

#endif
