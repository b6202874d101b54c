/* The other unit of the ring. */
int b(void);
