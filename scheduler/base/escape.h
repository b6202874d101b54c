/* Text from input files made safe to print on a terminal.
 *
 * Error messages quote what the user's files hold (names, values, a source
 * line). A file is not to be trusted: its bytes must not reach a terminal as
 * control sequences (an ESC would let a file recolour, retitle or rewrite
 * the screen). Every byte that is a C0 control other than tab, DEL, a C1
 * control (U+0080..U+009F) or not part of valid UTF-8 is written as \xNN;
 * everything else, backslashes included, is kept, so escaping twice changes
 * nothing.
 */
#ifndef ESCHED_SCHEDULER_ESCAPE_H
#define ESCHED_SCHEDULER_ESCAPE_H

#include <stddef.h>

/* Escapes the first n bytes of src into dst (cap bytes, cap > 0), always
 * NUL-terminated, cut at a whole character when dst is too small. Returns
 * the length written. */
size_t es_escape(char *dst, size_t cap, const char *src, size_t n);

#endif
