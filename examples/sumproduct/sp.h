/* The parts of the sum-product example: reading the network and building
 * its elimination tree (setup.c), the data in the form the tasks name it
 * (layout.c), and the two variants of a task (kernels.c).
 *
 * Layout: every task's inputs and output are array sections of two arrays.
 *
 *   arena  doubles: one block per task holding everything the task
 *          multiplies -- its reduced input factors, then its children's
 *          outputs -- and, last, a block of the roots' numbers. A task reads
 *          its block and writes its output into a slot of its parent's block
 *          (or of the root block), so the writer of a child's slot is the
 *          child and the only reader is the parent: the dependencies the
 *          runtime finds by address are exactly the elimination tree's edges.
 *   desc   ints: one descriptor per task, what the kernel needs to walk the
 *          tables of its block (a device variant may read only its copies):
 *
 *     desc = var card ntables m outvars[m] outcards[m] table*
 *     table = offset nvars vars[nvars] cards[nvars]   (offset within the block)
 *
 * Tables are row-major with the last variable fastest (factor.h); outputs
 * have their task's output scope (ascending variables), as es_elim_task_run
 * computes them, and inputs come in its order (input factors, then
 * children), so the products are the library's, bit for bit. */
#ifndef SUMPRODUCT_SP_H
#define SUMPRODUCT_SP_H

#include <stdint.h>

#include "scheduler/sumproduct/elim.h"

/* What to read and how to eliminate. */
typedef struct SpInput {
  const char *network;  /* .bif, .bif.gz or .uai */
  const char *evidence; /* UAI .evid format (names allowed for BIF), or NULL */
  bool observe_leaves;  /* instead: every leaf at its value in a forward sample */
  uint64_t leaves_seed;
  EsElimOrderOptions order;
} SpInput;

/* Reads the network and the evidence and builds the elimination tree, all
 * with the scheduler library (elim.h). *net and *tree are the caller's to
 * free (the tree borrows the network), also on failure. */
int sp_setup(const SpInput *in, EsNetwork **net, EsElimTree **tree, EsError *err);

typedef struct SpLayout {
  int ntasks;
  int *desc;                 /* the descriptors, concatenated */
  long ndesc;                /* ints in desc */
  double *arena;             /* the tables: task blocks, then the root block */
  long narena;               /* doubles in arena */
  long *desc_off, *desc_len; /* [ntasks] each task's descriptor in desc */
  long *blk_off, *blk_len;   /* [ntasks] each task's block in arena */
  long *out_off, *out_len;   /* [ntasks] each task's output in arena */
  long scratch_len;          /* the task blocks: arena[0:scratch_len] */
  long input_entries;        /* entries of the reduced input factors in the blocks */
  long output_entries;       /* entries of every task's output */
} SpLayout;

/* Lays out tree t: allocates both arrays, copies the reduced input factors
 * into their blocks and writes the descriptors. Outputs are left unset (the
 * tasks write them). ES_ELIMIT when a block exceeds INT_MAX entries,
 * ES_ENOMEM. *l is zeroed first; sp_layout_free releases it. */
int sp_layout_build(const EsElimTree *t, SpLayout *l, EsError *err);
void sp_layout_free(SpLayout *l);

/* The product of the roots' numbers and of the constant factors: P(e) once
 * every task has run (the order of es_elim_run's multiplications). */
double sp_layout_result(const EsElimTree *t, const SpLayout *l);

/* Overwrites the task blocks with zeros: once every task has run they are
 * scratch (sumproduct.c says why it clears them). */
void sp_clear(double *blocks, long n);

/* Task i, the CPU variant: out = the sum over desc's variable of the product
 * of the block's tables, computed by the library's kernel
 * (es_factor_sum_product). On a malformed descriptor out is NaN. */
void sp_elim(const int *desc, const double *block, double *out);

/* The GPU variant: the same sums, computed as a GPU kernel does, one
 * independent output entry per thread (elim_gpu.c). */
void sp_elim_gpu(const int *desc, const double *block, double *out);

#endif
