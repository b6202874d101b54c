/* The folder of esched's public headers (esched.h, esched_rt.h) as user
 * code sees them: PREFIX/include/esched beside an installed esched, else the
 * source tree's annotations/include. The front end searches it after every
 * folder of the command (-idirafter), as esched-cc's compiles do. */
#ifndef ESCHED_PASS_FRONTEND_PUBLIC_HEADERS_H
#define ESCHED_PASS_FRONTEND_PUBLIC_HEADERS_H

/* The folder (a static buffer, computed once). */
const char *frontend_public_headers(void);

#endif
