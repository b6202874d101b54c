/* StarPU-MPI calls (sp_mpi.h). Built with ESCHED_HAVE_STARPU_MPI when
 * Debian's libstarpumpi and OpenMPI are found. */
#include "runtime-stub/starpu/sp_mpi.h"

#include <stdio.h>

#ifdef ESCHED_HAVE_STARPU_MPI
#include <starpu_mpi.h>

/* MPI is ours (initialized here, finalized in sp_mpi_stop), so StarPU-MPI
 * can restart on it (sp_mpi_restart). */
bool sp_mpi_start(struct starpu_conf *conf, int *rank, int *size, char *why, int whylen) {
  int provided, rc = MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
  if (rc == MPI_SUCCESS)
    rc = starpu_mpi_init_conf(NULL, NULL, 0, MPI_COMM_WORLD, conf);
  if (rc != 0) {
    snprintf(why, (size_t)whylen, "StarPU-MPI does not start (%d)", rc);
    return false;
  }
  starpu_mpi_comm_rank(MPI_COMM_WORLD, rank);
  starpu_mpi_comm_size(MPI_COMM_WORLD, size);
  return true;
}

bool sp_mpi_restart(struct starpu_conf *conf) {
  starpu_mpi_shutdown();
  return starpu_mpi_init_conf(NULL, NULL, 0, MPI_COMM_WORLD, conf) == 0;
}

void sp_mpi_stop(void) {
  starpu_mpi_shutdown();
  MPI_Finalize();
}

void sp_mpi_register(starpu_data_handle_t h, int64_t tag, int owner) {
  starpu_mpi_data_register(h, tag, owner);
}

void sp_mpi_everywhere(starpu_data_handle_t h) {
  starpu_mpi_get_data_on_all_nodes_detached(MPI_COMM_WORLD, h);
}

int sp_mpi_submit(struct starpu_codelet *cl, struct starpu_data_descr *descr, int n, void *args,
                  size_t size, unsigned long long where, int node, const char *name) {
  if (node >= 0)
    return starpu_mpi_task_insert(MPI_COMM_WORLD, cl, STARPU_DATA_MODE_ARRAY, descr, n,
                                  STARPU_VALUE, args, size, STARPU_EXECUTE_WHERE, where,
                                  STARPU_EXECUTE_ON_NODE, node, STARPU_NAME, name, 0);
  return starpu_mpi_task_insert(MPI_COMM_WORLD, cl, STARPU_DATA_MODE_ARRAY, descr, n, STARPU_VALUE,
                                args, size, STARPU_NAME, name, 0);
}

void sp_mpi_wait_all(void) { starpu_mpi_wait_for_all(MPI_COMM_WORLD); }

void sp_mpi_barrier(void) { starpu_mpi_barrier(MPI_COMM_WORLD); }

#else

bool sp_mpi_start(struct starpu_conf *conf, int *rank, int *size, char *why, int whylen) {
  (void)conf, (void)rank, (void)size;
  snprintf(why, (size_t)whylen, "esched was built without StarPU-MPI (libstarpumpi, OpenMPI)");
  return false;
}

bool sp_mpi_restart(struct starpu_conf *conf) {
  (void)conf;
  return false;
}

void sp_mpi_stop(void) {}

void sp_mpi_register(starpu_data_handle_t h, int64_t tag, int owner) {
  (void)h, (void)tag, (void)owner;
}

void sp_mpi_everywhere(starpu_data_handle_t h) { (void)h; }

int sp_mpi_submit(struct starpu_codelet *cl, struct starpu_data_descr *descr, int n, void *args,
                  size_t size, unsigned long long where, int node, const char *name) {
  (void)cl, (void)descr, (void)n, (void)args, (void)size, (void)where, (void)node, (void)name;
  return -1;
}

void sp_mpi_wait_all(void) {}

void sp_mpi_barrier(void) {}

#endif
