/* An upper room. */
int top(void);
