/* A crown's cores take the DVFS levels of a platform's device (crown.h). */
#include <stdlib.h>
#include <string.h>

#include "scheduler/crown/crown.h"

const EsDevice *es_crown_platform_device(const EsPlatform *pl) {
  for (int i = 0; i < pl->ndevices; i++)
    if (pl->devices[i].kind && strcmp(pl->devices[i].kind, "cpu") == 0)
      return &pl->devices[i];
  return pl->ndevices ? &pl->devices[0] : NULL;
}

int es_crown_set_platform_levels(EsCrownProblem *p, const EsDevice *d) {
  EsCrownLevel *l = malloc(sizeof *l * (size_t)(d->nlevels + 1));
  if (!l)
    return ES_ENOMEM;
  for (int k = 0; k < d->nlevels; k++)
    l[k] = (EsCrownLevel){d->levels[k].freq, d->levels[k].power};
  int rc = es_crown_set_levels(p, l, d->nlevels);
  free(l);
  return rc;
}
