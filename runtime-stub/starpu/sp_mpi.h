/* StarPU-MPI, behind the few calls libesched_starpu makes (sp_mpi.c); a
 * build without libstarpumpi has them refuse to start and do nothing
 * else, so programs for one machine need no MPI. */
#ifndef ESCHED_RT_STARPU_MPI_H
#define ESCHED_RT_STARPU_MPI_H

#include <starpu.h>
#include <stdbool.h>
#include <stdint.h>

/* Initializes MPI and StarPU with conf; false (with the reason in why)
 * when StarPU-MPI is not built in or does not start. */
bool sp_mpi_start(struct starpu_conf *conf, int *rank, int *size, char *why, int whylen);
/* Starts StarPU again with conf, on the same MPI world; false on failure. */
bool sp_mpi_restart(struct starpu_conf *conf);
void sp_mpi_stop(void);
/* Declares handle h's MPI tag and owner rank. */
void sp_mpi_register(starpu_data_handle_t h, int64_t tag, int owner);
/* Sends h's current bytes from its owner to every rank that lacks them. */
void sp_mpi_everywhere(starpu_data_handle_t h);
/* starpu_mpi_task_insert: runs on rank `node` (-1: StarPU-MPI's rule, the
 * owner of the data written), pinned to the worker types in where (0:
 * any). Returns StarPU's code. */
int sp_mpi_submit(struct starpu_codelet *cl, struct starpu_data_descr *descr, int n, void *args,
                  size_t size, unsigned long long where, int node, const char *name);
/* Waits for every task and communication of this rank. */
void sp_mpi_wait_all(void);
void sp_mpi_barrier(void);

#endif
