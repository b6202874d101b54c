/* A lower room. */
int low(void);
