/* JSON text both tools write. */
#ifndef SOFTTICKS_TOOLBASE_JSON_H
#define SOFTTICKS_TOOLBASE_JSON_H

#include <stdio.h>

/* Writes str as a JSON string: well-formed UTF-8 as it is; '"', '\\' and
 * control characters escaped; each byte that is not part of well-formed
 * UTF-8 (file and symbol names are bytes) as the code point of the same
 * value (\u00XX), so that the output is always valid JSON.  NULL is
 * written as "". */
void st_json_string(FILE *f, const char *str);

#endif
