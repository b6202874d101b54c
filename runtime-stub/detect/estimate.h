/* The table of power figures detection cannot read (estimate.c). */
#ifndef ESCHED_RT_DETECT_ESTIMATE_H
#define ESCHED_RT_DETECT_ESTIMATE_H

typedef enum RtDeviceClass {
  RT_CLASS_HOST,  /* the host's cores (kind cpu) */
  RT_CLASS_CORES, /* an OpenCL device on the host's cores (PoCL) */
  RT_CLASS_IGPU,  /* a GPU sharing host memory */
  RT_CLASS_GPU,   /* a discrete GPU */
  RT_CLASS_ACCEL, /* any other accelerator */
} RtDeviceClass;

typedef struct RtPowerGuess {
  double busy, idle, link; /* watts: at the fastest level, idle, its links */
} RtPowerGuess;

/* The table's figures for a device of class c; host_busy is the host CPU's
 * busy figure, limit NVML's default power limit of a GPU (0: unknown). */
RtPowerGuess rt_estimate_power(RtDeviceClass c, int ncpus, double host_busy, double limit);
/* A lower level's power: idle + (busy - idle) (f / fmax)^2. */
double rt_estimate_level(double idle, double busy, double f, double fmax);

#endif
