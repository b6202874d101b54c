/* A task, a change of directory (a server, a tool working in an output
 * folder), another task: for relative-paths.test. */
#include <stdio.h>
#include <unistd.h>

void inc(int *v, int n) {
  for (int i = 0; i < n; i++)
    v[i]++;
}

int main(void) {
  int v[8] = {0};
#pragma esched task name(before) inout(v[0:8])
  inc(v, 8);
  if (chdir("work") != 0)
    return 1;
#pragma esched task name(after) inout(v[0:8])
  inc(v, 8);
  printf("%d\n", v[0]);
  return 0;
}
