int ok(void);
