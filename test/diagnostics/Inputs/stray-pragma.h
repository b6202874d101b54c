/* No include guard: a file that includes it twice reads this twice. */
void stray(void);
#pragma esched task in(x)
