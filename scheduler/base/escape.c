/* Printable text from untrusted bytes (escape.h). */
#include "scheduler/base/escape.h"

#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (at most n bytes) that is not a
 * C1 control, or 0 when the byte at s is to be escaped. */
static size_t printable_len(const unsigned char *s, size_t n) {
  unsigned c = s[0];
  if (c == '\t' || (c >= 0x20 && c < 0x7f))
    return 1;
  size_t len = c >= 0xc2 && c <= 0xdf   ? 2
               : c >= 0xe0 && c <= 0xef ? 3
               : c >= 0xf0 && c <= 0xf4 ? 4
                                        : 0;
  if (len == 0 || len > n)
    return 0;
  for (size_t i = 1; i < len; i++)
    if ((s[i] & 0xc0) != 0x80)
      return 0;
  if (c == 0xc2 && s[1] < 0xa0) /* U+0080..U+009F */
    return 0;
  if ((c == 0xe0 && s[1] < 0xa0) || (c == 0xf0 && s[1] < 0x90) || /* overlong */
      (c == 0xed && s[1] >= 0xa0) ||                              /* surrogates */
      (c == 0xf4 && s[1] >= 0x90))                                /* beyond U+10FFFF */
    return 0;
  return len;
}

size_t es_escape(char *dst, size_t cap, const char *src, size_t n) {
  const unsigned char *s = (const unsigned char *)src;
  size_t out = 0;
  for (size_t i = 0; i < n;) {
    size_t len = printable_len(s + i, n - i);
    size_t need = len ? len : 4;
    if (out + need >= cap)
      break;
    if (len)
      memcpy(dst + out, s + i, len);
    else
      snprintf(dst + out, 5, "\\x%02x", s[i]);
    out += need;
    i += len ? len : 1;
  }
  dst[out] = '\0';
  return out;
}
