/* Nothing to schedule here. */
static inline int twice(int x) { return 2 * x; }
