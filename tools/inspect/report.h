/*
 * Printing inspections: a few lines of text per file, or JSON (an array
 * with one object per file; the summary goes to stderr as one object).
 */
#ifndef SOFTTICKS_REPORT_H
#define SOFTTICKS_REPORT_H

#include <stdio.h>

#include "inspection.h"
#include "json.h"

struct st_summary {
  unsigned long files;           /* ELF files inspected */
  unsigned long by_verdict[ST_VERDICT_COUNT]; /* indexed by enum st_verdict */
  unsigned long partly;          /* instrumented, with untracked functions */
  unsigned long not_elf;         /* regular files (or archive members) without the ELF magic */
  unsigned long archives;        /* ar archives, whose members are inspected */
  unsigned long pseudo_filesystems; /* /proc, /sys...: directories not walked */
  unsigned long special;         /* devices, fifos, sockets: never opened */
  unsigned long symlinks;        /* not followed */
  unsigned long unreadable;      /* could not open, stat, map or list */
};

struct st_report_options {
  int json;
  int functions;
  unsigned long written; /* entries written so far (JSON commas) */
};

/* Called once before the first file and once after the last. */
void st_report_begin(FILE *f, struct st_report_options *opt);
void st_report_end(FILE *f, FILE *summary_to, const struct st_report_options *opt,
                   const struct st_summary *s);

/* One inspected ELF file (error verdicts included). */
void st_report_file(FILE *f, struct st_report_options *opt, const char *path,
                    const struct st_inspection *insp);
/* A path that could not be inspected at all (message like strerror). */
void st_report_unreadable(FILE *f, struct st_report_options *opt, const char *path,
                          const char *message);

#endif
