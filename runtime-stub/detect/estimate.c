/* The figures esched platform --detect cannot read, by class of device
 * (detect.h; docs/formats.md, "Detected platforms"). Each is a round
 * number of the right order for its class, for the user to replace with
 * a measured one:
 *
 *   class                          busy                     idle          links
 *   host CPU (kind cpu)            10 W per logical CPU,    30% of busy   -
 *                                  at least 15 W
 *   OpenCL device on host cores    the host CPU's busy      0 (the host's 10 W
 *                                                           idle counts)
 *   GPU sharing host memory        15 W                     1 W           10 W
 *   discrete GPU                   NVML's default power     12% of busy   20 W (PCIe)
 *                                  limit, else 250 W
 *   other accelerator              75 W                     10 W          20 W
 *
 * Lower DVFS levels: idle + (busy - idle) (f / fmax)^2. */
#include "runtime-stub/detect/estimate.h"

RtPowerGuess rt_estimate_power(RtDeviceClass c, int ncpus, double host_busy, double limit) {
  double cpu = 10.0 * ncpus < 15 ? 15 : 10.0 * ncpus;
  double gpu = limit > 0 ? limit : 250;
  switch (c) {
  case RT_CLASS_HOST: return (RtPowerGuess){cpu, 0.3 * cpu, 0};
  case RT_CLASS_CORES: return (RtPowerGuess){host_busy, 0, 10};
  case RT_CLASS_IGPU: return (RtPowerGuess){15, 1, 10};
  case RT_CLASS_GPU: return (RtPowerGuess){gpu, 0.12 * gpu, 20};
  case RT_CLASS_ACCEL: break;
  }
  return (RtPowerGuess){75, 10, 20};
}

double rt_estimate_level(double idle, double busy, double f, double fmax) {
  double r = f / fmax;
  return idle + (busy - idle) * r * r;
}
