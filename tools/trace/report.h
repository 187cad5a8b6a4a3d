/* Printing results: JSON values and the text/JSON forms shared by commands. */
#ifndef SOFTTICKS_TRACE_REPORT_H
#define SOFTTICKS_TRACE_REPORT_H

#include <stdint.h>
#include <stdio.h>
#include <sys/user.h>

#include "address_space.h"
#include "engine.h"
#include "json.h"


/* "name+0xoff" or "??" into buf. */
const char *format_location(const struct st_location *loc, char *buf, size_t len);

/* Prints the registers as text lines ("rax 0x...") or a JSON object. */
void print_registers(FILE *out, const struct user_regs_struct *regs, int json);

/* Prints the fields that describe how the program ended:
 * text lines, or JSON members each preceded by a comma. */
void print_exit_fields(FILE *out, const struct engine *e, int json);

/* Exit status of the tracer for a program that ran to its end. */
int exit_status_for_end(const struct engine *e);

/* Command output is built in memory and printed only when the command
 * succeeds, so that an error never leaves half a JSON document. */
struct report {
  FILE *out;        /* where the command writes */
  char *buf;        /* what it wrote */
  size_t len;
  const char *path; /* -o FILE, or NULL for stdout (which the program shares) */
};
/* Starts a report for `path` (NULL: stdout); returns the stream to write. */
FILE *report_open(struct report *r, const char *path);
/* Prints (print != 0) or drops what was written; closes the stream. */
void report_finish(struct report *r, int print);
#endif
