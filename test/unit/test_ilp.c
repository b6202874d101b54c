/* Property test: the GLPK ilp reference equals brute force on random DAGs
 * with 2-4 devices and 1-3 levels, equals tree-dp on trees and mincut on
 * two-device DAGs. Skipped (77) when built without GLPK. */
#include "instances.h"
#include "test.h"

#include "scheduler/lp/milp.h"

enum { DAGS = 1500, TREES = 500, CUTS = 500 };

static void compare(const char *kind, int count, uint64_t salt, int min_dev, int max_dev,
                    bool dag, const char *ref_spec) {
  for (uint64_t i = 0; i < (uint64_t)count; i++) {
    EsGenOptions o = instance_options(i + salt, min_dev, max_dev, 12, 3000);
    Instance in = {0};
    EsError err = {0};
    if (instance_make(&in, &o, dag)) {
      TEST_FAIL("%s %llu: %s", kind, (unsigned long long)i, err.message);
      instance_free(&in);
      continue;
    }
    double ilp = instance_solve(&in, "ilp", &err);
    double ref = instance_solve(&in, ref_spec, &err);
    if (!(fabs(ilp - ref) <= 1e-7 * fmax(1, fabs(ref))))
      TEST_FAIL("%s %llu (%d tasks, %d devices, %d levels): ilp %.17g, %s %.17g (%s)", kind,
                (unsigned long long)i, o.ntasks, o.ndevices, o.nlevels, ilp, ref_spec, ref,
                err.message);
    instance_free(&in);
  }
}

int main(void) {
  if (!es_milp_available()) {
    fprintf(stderr, "built without GLPK: skipped\n");
    return 77;
  }
  compare("dag", DAGS, 0, 2, 4, true, "brute");
  compare("tree", TREES, 500000, 2, 4, false, "tree-dp");
  compare("two-device dag", CUTS, 700000, 2, 2, true, "mincut");
  return test_summary();
}
