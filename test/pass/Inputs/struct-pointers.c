/* A world of cells reached two ways: by its name (world.cells) and
 * through a pointer to it (w = &world), tasks on one and host code on the
 * other; a structure whose initializer points its member at an array the
 * host reads by name, in order or by designators; a copy of a structure
 * (view = world) passed by value to a function that reads its member; and a file-scope pointer into task data (g_focus =
 * &g_parts[2]) that a reporting function of the file reads. */
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int *cells;
  int n;
} world_t;

static float *g_parts;
static int g_n;
static float *g_focus;

static void fill(int *c, int n, int v) {
  for (int i = 0; i < n; i++)
    c[i] = v + i;
}
static void fill_gpu(int *c, int n, int v) { fill(c, n, v); }

static void step(float *p, int n) {
  for (int i = 0; i < n; i++)
    p[i] += 1.0f;
}
static void step_gpu(float *p, int n) { step(p, n); }

static void report(void) { printf("focus %.1f\n", *g_focus); }

static int third(world_t w) { return w.cells[2]; }

int main(int argc, char **argv) {
  int frames = argc > 1 ? atoi(argv[1]) : 3;
  world_t world = {calloc(4, sizeof(int)), 4};
  world_t *w = &world;
#pragma esched task name(fill) out(world.cells[0:world.n]) gpu(fill_gpu)
  fill(world.cells, world.n, 7);
  printf("cells %d\n", w->cells[1]);
  for (int f = 0; f < frames; f++) {
#pragma esched task name(refill) out(w->cells[0:w->n]) gpu(fill_gpu)
    fill(w->cells, w->n, f);
    printf("cells %d\n", world.cells[3]);
  }
  int storage[4] = {0};
  world_t made = {storage, 4};
  for (int f = 1; f <= frames; f++) {
#pragma esched task name(made) out(made.cells[0:made.n]) gpu(fill_gpu)
    fill(made.cells, made.n, 10 * f);
    printf("storage %d\n", storage[2]);
  }
  int shelf[4] = {0};
  world_t named = {.n = 4, .cells = shelf};
  for (int f = 1; f <= frames; f++) {
#pragma esched task name(named) out(named.cells[0:named.n]) gpu(fill_gpu)
    fill(named.cells, named.n, 100 * f);
    printf("shelf %d\n", shelf[1]);
  }
  world_t view = world;
  for (int f = 1; f <= frames; f++) {
#pragma esched task name(viewed) out(world.cells[0:world.n]) gpu(fill_gpu)
    fill(world.cells, world.n, 1000 * f);
    printf("view %d\n", third(view));
  }
  g_n = 4;
  g_parts = calloc((size_t)g_n, sizeof(float));
  g_focus = &g_parts[2];
  for (int f = 0; f < frames; f++) {
#pragma esched task name(step) inout(g_parts[0:g_n]) gpu(step_gpu)
    step(g_parts, g_n);
    report();
  }
  free(g_parts);
  free(world.cells);
  return 0;
}
