#ifndef _NEEDLE_H_
#define _NEEDLE_H_

#define LIMIT -999

void runTest(int argc, char **argv);

#endif
