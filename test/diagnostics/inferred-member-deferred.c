// A task in a loop whose data is inferred, given a structure whose pointer
// member another task names: the member's data has no size esched knows,
// which a task run at run time needs; the error names it and the variable
// the task reaches it through.
// RUN: rm -f %t.c
// RUN: not %esched compile %s -o %t.c 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.c
typedef struct {
  int n;
  double *v;
} st_t;
void fill(int n, double *v);
void sum_st(const st_t *s, double *out);
double f(st_t s) {
  double a = 0;
  for (int r = 0; r < 2; r++) {
#pragma esched task out(s.v[0:s.n])
    fill(s.n, s.v);
#pragma esched task
    // CHECK: inferred-member-deferred.c:[[@LINE+1]]:5: error: task 'f.sum_st.1' runs at run time, so the size of its data must be known, and 's.v' has none (the task may reach it through 's'); name it with sections (in(p[0:n]))
    sum_st(&s, &a);
  }
  return a;
}
