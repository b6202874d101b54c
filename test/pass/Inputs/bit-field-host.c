/* Host code that reads and writes bit-fields of task data directly, as C
 * programs do with packed flags: o.mode, p->ready. */
#include <stdio.h>

typedef struct {
  unsigned mode : 3, level : 5;
  int n;
} Flags;

typedef struct {
  unsigned ready : 1;
  double value;
} Cell;

static void set(Flags *f, int n) {
  f->mode = 5;
  f->level = 17;
  f->n = n;
}
static void set_gpu(Flags *f, int n) { set(f, n); }

static void fill(Cell *c, int n) {
  for (int i = 0; i < n; i++) {
    c[i].ready = i % 2;
    c[i].value = 1.5 * i;
  }
}
static void fill_gpu(Cell *c, int n) { fill(c, n); }

int main(void) {
  Flags o;
  Cell cells[4], *p = cells;
#pragma esched task out(o) gpu(set_gpu)
  set(&o, 7);
#pragma esched task out(cells) gpu(fill_gpu)
  fill(cells, 4);
  printf("%u %u %d\n", o.mode, o.level, o.n);
  o.level = 3;
  printf("%u %u %g\n", o.level, p[1].ready, p[3].value);
  if (p->ready == 0)
    printf("first not ready\n");
  return 0;
}
