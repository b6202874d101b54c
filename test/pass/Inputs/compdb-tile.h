/* Included through the -I of compdb.c's compile command. */
typedef double elem_t;
#ifndef TILE
#error "TILE comes from the compile command"
#endif
