/* A unit of the ring. */
int a(void);
