/* The factor of folder b. */
#define FACTOR 5.0
