/* needle.c: Rodinia 3.1's nw (Needleman-Wunsch, OpenMP version, in C):
 * the score matrix filled one anti-diagonal at a time, top-left triangle
 * then bottom-right, each diagonal an esched task; the blosum62 table is
 * a file-scope array the host reads to build the reference matrix, and the
 * traceback is host code after the tasks.
 * Usage: needle MAX_ROWS/MAX_COLS PENALTY NUM_THREADS */
#include <stdio.h>
#include <stdlib.h>

#include "needle.h"

#define TRACEBACK

int blosum62[24][24] = {
    {4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0, -2, -1, 0, -4},
    {-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3, -1, 0, -1, -4},
    {-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3, 3, 0, -1, -4},
    {-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4},
    {-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2, 0, 3, -1, -4},
    {-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3, -1, -2, -1, -4},
    {-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3, 0, 0, -1, -4},
    {-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3, -3, -3, -1, -4},
    {-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1, -4, -3, -1, -4},
    {-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2, 0, 1, -1, -4},
    {-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1, -3, -1, -1, -4},
    {-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1, -3, -3, -1, -4},
    {-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2, -2, -1, -2, -4},
    {1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2, 0, 0, 0, -4},
    {0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0, -1, -1, 0, -4},
    {-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3, -4, -3, -2, -4},
    {-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1, -3, -2, -1, -4},
    {0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4, -3, -2, -1, -4},
    {-2, -1, 3, 4, -3, 0, 1, -1, 0, -3, -4, 0, -3, -3, -2, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {-1, 0, 0, 1, -3, 3, 4, -2, 0, -3, -3, 1, -1, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, 0, 0, -2, -1, -1, -1, -1, -1, -4},
    {-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4,
     -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, 1}};

int maximum(int a, int b, int c) {
  int k;
  if (a <= b)
    k = b;
  else
    k = a;

  if (k <= c)
    return (c);
  else
    return (k);
}

void usage(int argc, char **argv) {
  fprintf(stderr, "Usage: %s <max_rows/max_cols> <penalty> <num_threads>\n", argv[0]);
  fprintf(stderr, "\t<dimension>      - x and y dimensions\n");
  fprintf(stderr, "\t<penalty>        - penalty(positive integer)\n");
  fprintf(stderr, "\t<num_threads>    - no. of threads\n");
  (void)argc;
  exit(1);
}

/* the i-th anti-diagonal of the top-left triangle */
void top_left(int i, int max_cols, int penalty, int *input_itemsets, const int *referrence) {
  int idx, index;
  for (idx = 0; idx <= i; idx++) {
    index = (idx + 1) * max_cols + (i + 1 - idx);
    input_itemsets[index] =
        maximum(input_itemsets[index - 1 - max_cols] + referrence[index],
                input_itemsets[index - 1] - penalty, input_itemsets[index - max_cols] - penalty);
  }
}

void top_left_gpu(int i, int max_cols, int penalty, int *input_itemsets, const int *referrence) {
  top_left(i, max_cols, penalty, input_itemsets, referrence);
}

/* the i-th anti-diagonal of the bottom-right triangle, counted from the corner */
void bottom_right(int i, int max_cols, int penalty, int *input_itemsets, const int *referrence) {
  int idx, index;
  for (idx = 0; idx <= i; idx++) {
    index = (max_cols - idx - 2) * max_cols + idx + max_cols - i - 2;
    input_itemsets[index] =
        maximum(input_itemsets[index - 1 - max_cols] + referrence[index],
                input_itemsets[index - 1] - penalty, input_itemsets[index - max_cols] - penalty);
  }
}

void bottom_right_gpu(int i, int max_cols, int penalty, int *input_itemsets,
                      const int *referrence) {
  bottom_right(i, max_cols, penalty, input_itemsets, referrence);
}

int main(int argc, char **argv) {
  runTest(argc, argv);

  return EXIT_SUCCESS;
}

void runTest(int argc, char **argv) {
  int max_rows, max_cols, penalty;
  int *input_itemsets, *output_itemsets, *referrence;
  int omp_num_threads;

  // the lengths of the two sequences should be able to divided by 16.
  // And at current stage  max_rows needs to equal max_cols
  if (argc == 4) {
    max_rows = atoi(argv[1]);
    max_cols = atoi(argv[1]);
    penalty = atoi(argv[2]);
    omp_num_threads = atoi(argv[3]);
  } else {
    usage(argc, argv);
  }

  max_rows = max_rows + 1;
  max_cols = max_cols + 1;
  referrence = (int *)malloc(max_rows * max_cols * sizeof(int));
  input_itemsets = (int *)malloc(max_rows * max_cols * sizeof(int));
  output_itemsets = (int *)malloc(max_rows * max_cols * sizeof(int));

  if (!input_itemsets)
    fprintf(stderr, "error: can not allocate memory");

  srand(7);

  for (int i = 0; i < max_cols; i++) {
    for (int j = 0; j < max_rows; j++) {
      input_itemsets[i * max_cols + j] = 0;
    }
  }

  printf("Start Needleman-Wunsch\n");

  for (int i = 1; i < max_rows; i++) { // please define your own sequence.
    input_itemsets[i * max_cols] = rand() % 10 + 1;
  }
  for (int j = 1; j < max_cols; j++) { // please define your own sequence.
    input_itemsets[j] = rand() % 10 + 1;
  }

  for (int i = 1; i < max_cols; i++) {
    for (int j = 1; j < max_rows; j++) {
      referrence[i * max_cols + j] = blosum62[input_itemsets[i * max_cols]][input_itemsets[j]];
    }
  }

  for (int i = 1; i < max_rows; i++)
    input_itemsets[i * max_cols] = -i * penalty;
  for (int j = 1; j < max_cols; j++)
    input_itemsets[j] = -j * penalty;

  // Compute top-left matrix
  printf("Num of threads: %d\n", omp_num_threads);
  printf("Processing top-left matrix\n");

  for (int i = 0; i < max_cols - 2; i++) {
#pragma esched task name(top_left) in(referrence [0:max_rows * max_cols])                          \
    inout(input_itemsets [0:max_rows * max_cols]) gpu(top_left_gpu)
    top_left(i, max_cols, penalty, input_itemsets, referrence);
  }

  printf("Processing bottom-right matrix\n");
  // Compute bottom-right matrix
  for (int i = max_cols - 4; i >= 0; i--) {
#pragma esched task name(bottom_right) in(referrence [0:max_rows * max_cols])                      \
    inout(input_itemsets [0:max_rows * max_cols]) gpu(bottom_right_gpu)
    bottom_right(i, max_cols, penalty, input_itemsets, referrence);
  }

#ifdef TRACEBACK
  FILE *fpo = stdout;
  fprintf(fpo, "print traceback value GPU:\n");

  for (int i = max_rows - 2, j = max_rows - 2; i >= 0, j >= 0;) {
    int nw, n, w, traceback;
    if (i == max_rows - 2 && j == max_rows - 2)
      fprintf(fpo, "%d ", input_itemsets[i * max_cols + j]); // print the first element
    if (i == 0 && j == 0)
      break;
    if (i > 0 && j > 0) {
      nw = input_itemsets[(i - 1) * max_cols + j - 1];
      w = input_itemsets[i * max_cols + j - 1];
      n = input_itemsets[(i - 1) * max_cols + j];
    } else if (i == 0) {
      nw = n = LIMIT;
      w = input_itemsets[i * max_cols + j - 1];
    } else if (j == 0) {
      nw = w = LIMIT;
      n = input_itemsets[(i - 1) * max_cols + j];
    } else {
    }

    // traceback = maximum(nw, w, n);
    int new_nw, new_w, new_n;
    new_nw = nw + referrence[i * max_cols + j];
    new_w = w - penalty;
    new_n = n - penalty;

    traceback = maximum(new_nw, new_w, new_n);
    if (traceback == new_nw)
      traceback = nw;
    if (traceback == new_w)
      traceback = w;
    if (traceback == new_n)
      traceback = n;

    fprintf(fpo, "%d ", traceback);

    if (traceback == nw) {
      i--;
      j--;
      continue;
    }

    else if (traceback == w) {
      j--;
      continue;
    }

    else if (traceback == n) {
      i--;
      continue;
    }

    else
      ;
  }
  fprintf(fpo, "\n");
#endif

  free(referrence);
  free(input_itemsets);
  free(output_itemsets);
}
