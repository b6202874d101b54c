/* Reading a network and its evidence and building its elimination tree
 * (sp.h): the scheduler library does each step. */
#include <stdlib.h>
#include <string.h>

#include "sp.h"

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int read_input(const SpInput *in, EsNetwork **net, EsError *err) {
  int rc = ends_with(in->network, ".uai") ? es_network_read_uai(in->network, net, err)
                                          : es_network_read_bif(in->network, net, err);
  int leaves;
  if (!rc && in->evidence)
    rc = es_network_read_evidence(*net, in->evidence, err);
  if (!rc && in->observe_leaves)
    rc = es_network_observe_leaves(*net, in->leaves_seed, &leaves, err);
  return rc;
}

int sp_setup(const SpInput *in, EsNetwork **net, EsElimTree **tree, EsError *err) {
  *net = NULL, *tree = NULL;
  int rc = read_input(in, net, err);
  if (rc)
    return rc;
  int *order = malloc(sizeof(int) * ((size_t)(*net)->nvars + 1)), norder = 0;
  rc = order ? es_elim_order(*net, &in->order, order, &norder, err)
             : es_error_set(err, ES_ENOMEM, NULL, 0, 0, "out of memory");
  if (!rc)
    rc = es_elim_tree_build(*net, order, norder, tree, err);
  free(order);
  return rc;
}
