/*
 * From command-line paths to inspections: regular files are mapped and
 * inspected, directories walked recursively in name order, everything
 * else (devices, fifos, sockets) never opened.
 */
#ifndef SOFTTICKS_INSPECT_PATHS_H
#define SOFTTICKS_INSPECT_PATHS_H

#include <stdio.h>

#include "report.h"

struct st_run {
  int follow_symlinks; /* inside directories; named paths are always followed */
  struct st_report_options report;
  struct st_summary summary;
  FILE *out;
};

/* Inspects one path named on the command line (a file or a directory). */
void st_inspect_path(struct st_run *run, const char *path);

/* Whether anything was an error (unreadable, malformed ELF). */
int st_run_had_errors(const struct st_run *run);

#endif
