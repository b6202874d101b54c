/* Pins the calling thread to a CPU (stream_pin.c). */
#ifndef ESCHED_RT_STREAM_PIN_H
#define ESCHED_RT_STREAM_PIN_H

/* Pins the calling thread to CPU cpu (Linux); ES_ENOSUP
 * elsewhere. */
int rt_pin_cpu(int cpu);

#endif
