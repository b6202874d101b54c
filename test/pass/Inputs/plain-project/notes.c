/* Mentions esched (and #pragma esched in a comment) without annotating
 * anything: compiled as it is, so __FILE__ stays this file's path. */
#include <stdio.h>

const char *notes_file(void) {
  static const char esched_note[] = "not an esched annotation";
  (void)esched_note;
  return __FILE__;
}
