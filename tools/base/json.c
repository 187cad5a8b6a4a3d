/* JSON strings; see json.h. */
#include "json.h"

#include <stddef.h>
#include <stdint.h>

/* Length of the well-formed UTF-8 sequence at s (1..4), or 0. */
static size_t utf8_sequence_length(const unsigned char *s) {
  unsigned char c = s[0];
  size_t len;
  uint32_t cp;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) len = 2, cp = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef) len = 3, cp = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4) len = 4, cp = c & 0x07;
  else return 0;
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xc0) != 0x80) return 0; /* also stops at the NUL */
    cp = (cp << 6) | (s[i] & 0x3f);
  }
  /* Overlong forms, surrogates, beyond U+10FFFF. */
  if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
      (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  return len;
}

void st_json_string(FILE *f, const char *str) {
  const unsigned char *s = (const unsigned char *)(str ? str : "");
  fputc('"', f);
  while (*s) {
    unsigned char c = *s;
    size_t len = utf8_sequence_length(s);
    if (c == '"' || c == '\\') {
      fputc('\\', f);
      fputc(c, f);
    } else if (c == '\n') {
      fputs("\\n", f);
    } else if (c == '\t') {
      fputs("\\t", f);
    } else if (c < 0x20 || c == 0x7f || len == 0) {
      fprintf(f, "\\u%04x", c);
      len = 1;
    } else {
      fwrite(s, 1, len, f);
    }
    s += len;
  }
  fputc('"', f);
}
