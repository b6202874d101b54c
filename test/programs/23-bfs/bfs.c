/* bfs.c: Rodinia 3.1's bfs (OpenMP version, in C): the graph read from a
 * file into an array of `Node` structures and an edge list, `bool` masks,
 * and a `do { ... } while (stop)` whose condition the second kernel sets;
 * both kernels (OpenMP parallel loops) are esched tasks.
 * Usage: bfs NUM_THREADS INPUT_FILE */
#include <math.h>
#include <omp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
//#define NUM_THREAD 4
#define OPEN

FILE *fp;

// Structure to hold a node information
typedef struct Node {
  int starting;
  int no_of_edges;
} Node;

void BFSGraph(int argc, char **argv);

void Usage(int argc, char **argv) {
  fprintf(stderr, "Usage: %s <num_threads> <input_file>\n", argv[0]);
  (void)argc;
}

////////////////////////////////////////////////////////////////////////////////
// Main Program
////////////////////////////////////////////////////////////////////////////////
int main(int argc, char **argv) {
  BFSGraph(argc, argv);
  return 0;
}

// the nodes of the frontier visit their neighbours
void bfs_expand(int no_of_nodes, Node *h_graph_nodes, int *h_graph_edges, bool *h_graph_mask,
                bool *h_updating_graph_mask, bool *h_graph_visited, int *h_cost) {
#ifdef OPEN
#pragma omp parallel for
#endif
  for (int tid = 0; tid < no_of_nodes; tid++) {
    if (h_graph_mask[tid] == true) {
      h_graph_mask[tid] = false;
      for (int i = h_graph_nodes[tid].starting;
           i < (h_graph_nodes[tid].no_of_edges + h_graph_nodes[tid].starting); i++) {
        int id = h_graph_edges[i];
        if (!h_graph_visited[id]) {
          h_cost[id] = h_cost[tid] + 1;
          h_updating_graph_mask[id] = true;
        }
      }
    }
  }
}

void bfs_expand_gpu(int no_of_nodes, Node *h_graph_nodes, int *h_graph_edges, bool *h_graph_mask,
                    bool *h_updating_graph_mask, bool *h_graph_visited, int *h_cost) {
  bfs_expand(no_of_nodes, h_graph_nodes, h_graph_edges, h_graph_mask, h_updating_graph_mask,
             h_graph_visited, h_cost);
}

// the visited neighbours make the next frontier
void bfs_update(int no_of_nodes, bool *h_graph_mask, bool *h_updating_graph_mask,
                bool *h_graph_visited, bool *stop) {
#ifdef OPEN
#pragma omp parallel for
#endif
  for (int tid = 0; tid < no_of_nodes; tid++) {
    if (h_updating_graph_mask[tid] == true) {
      h_graph_mask[tid] = true;
      h_graph_visited[tid] = true;
      *stop = true;
      h_updating_graph_mask[tid] = false;
    }
  }
}

void bfs_update_gpu(int no_of_nodes, bool *h_graph_mask, bool *h_updating_graph_mask,
                    bool *h_graph_visited, bool *stop) {
  bfs_update(no_of_nodes, h_graph_mask, h_updating_graph_mask, h_graph_visited, stop);
}

////////////////////////////////////////////////////////////////////////////////
// Apply BFS on a Graph using CUDA
////////////////////////////////////////////////////////////////////////////////
void BFSGraph(int argc, char **argv) {
  int no_of_nodes = 0;
  int edge_list_size = 0;
  char *input_f;
  int num_omp_threads;

  if (argc != 3) {
    Usage(argc, argv);
    exit(0);
  }

  num_omp_threads = atoi(argv[1]);
  input_f = argv[2];

  printf("Reading File\n");
  // Read in Graph from a file
  fp = fopen(input_f, "r");
  if (!fp) {
    printf("Error Reading graph file\n");
    return;
  }

  int source = 0;

  fscanf(fp, "%d", &no_of_nodes);

  // allocate host memory
  Node *h_graph_nodes = (Node *)malloc(sizeof(Node) * no_of_nodes);
  bool *h_graph_mask = (bool *)malloc(sizeof(bool) * no_of_nodes);
  bool *h_updating_graph_mask = (bool *)malloc(sizeof(bool) * no_of_nodes);
  bool *h_graph_visited = (bool *)malloc(sizeof(bool) * no_of_nodes);

  int start, edgeno;
  // initalize the memory
  for (unsigned int i = 0; i < no_of_nodes; i++) {
    fscanf(fp, "%d %d", &start, &edgeno);
    h_graph_nodes[i].starting = start;
    h_graph_nodes[i].no_of_edges = edgeno;
    h_graph_mask[i] = false;
    h_updating_graph_mask[i] = false;
    h_graph_visited[i] = false;
  }

  // read the source node from the file
  fscanf(fp, "%d", &source);
  // source=0; //tesing code line

  // set the source node as true in the mask
  h_graph_mask[source] = true;
  h_graph_visited[source] = true;

  fscanf(fp, "%d", &edge_list_size);

  int id, cost;
  int *h_graph_edges = (int *)malloc(sizeof(int) * edge_list_size);
  for (int i = 0; i < edge_list_size; i++) {
    fscanf(fp, "%d", &id);
    fscanf(fp, "%d", &cost);
    h_graph_edges[i] = id;
  }

  if (fp)
    fclose(fp);

  // allocate mem for the result on host side
  int *h_cost = (int *)malloc(sizeof(int) * no_of_nodes);
  for (int i = 0; i < no_of_nodes; i++)
    h_cost[i] = -1;
  h_cost[source] = 0;

  printf("Start traversing the tree\n");

  int k = 0;
#ifdef OPEN
  omp_set_num_threads(num_omp_threads);
#endif
  bool stop;
  do {
    // if no thread changes this value then the loop stops
    stop = false;

#pragma esched task name(expand)                                                                   \
    in(h_graph_nodes [0:no_of_nodes], h_graph_edges [0:edge_list_size],                            \
       h_graph_visited [0:no_of_nodes])inout(h_graph_mask [0:no_of_nodes],                         \
                                             h_updating_graph_mask [0:no_of_nodes],                \
                                             h_cost [0:no_of_nodes]) gpu(bfs_expand_gpu)
    bfs_expand(no_of_nodes, h_graph_nodes, h_graph_edges, h_graph_mask, h_updating_graph_mask,
               h_graph_visited, h_cost);

#pragma esched task name(update)                                                                   \
    inout(h_graph_mask [0:no_of_nodes], h_updating_graph_mask [0:no_of_nodes],                     \
          h_graph_visited [0:no_of_nodes], stop) gpu(bfs_update_gpu)
    bfs_update(no_of_nodes, h_graph_mask, h_updating_graph_mask, h_graph_visited, &stop);
    k++;
  } while (stop);

  // Store the result
  printf("%d levels\n", k);
  for (int i = 0; i < no_of_nodes; i++)
    printf("%d) cost:%d\n", i, h_cost[i]);

  // cleanup memory
  free(h_graph_nodes);
  free(h_graph_edges);
  free(h_graph_mask);
  free(h_updating_graph_mask);
  free(h_graph_visited);
  free(h_cost);
}
