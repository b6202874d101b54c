/* Platform detection's driver (detect.h). */
#include "runtime-stub/detect/detect.h"

#include "runtime-stub/detect/accel.h"
#include "runtime-stub/detect/detect_cpu.h"

int rt_detect(const RtDetectOptions *o, EsPlatform **out, EsError *err) {
  EsPlatform *p = es_platform_new("detected");
  if (!p || !rt_detect_cpu(o, p) || !rt_detect_accelerators(o, p)) {
    es_platform_free(p);
    return es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory detecting the platform");
  }
  int rc = es_platform_validate(p, err);
  if (rc)
    es_platform_free(p);
  else
    *out = p;
  return rc;
}
