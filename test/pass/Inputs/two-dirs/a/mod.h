/* The factor of folder a. */
#define FACTOR 3.0
