/* Two phases in two files, each with a task named k. */
void phase_a(int n, long *x, long *y);
void phase_b(int n, long *x, long *y);
