/*
 * softticks-inspect: which ELF files are built for software ticks, and
 * whether each is consistent with the tracee ABI (rr/softticks.h).
 *
 * Exit status: 0 every path was inspected (whatever the verdicts),
 * 1 some file could not be read or is malformed ELF (or the output could
 * not be written), 2 usage error.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "inspect_paths.h"

#define EXIT_SOME_ERROR 1
#define EXIT_USAGE 2

static void usage(FILE *f) {
  fputs("usage: softticks-inspect [--json] [--functions] [--follow-symlinks] FILE|DIR...\n"
        "\n"
        "Reports, for each ELF file (directories are walked recursively), whether it is\n"
        "built for software ticks: the .note.rrsoftticks ABI note and its version, the\n"
        "softticks manifest, the tick sites in executable code, the __rr_softticks_init\n"
        "initializer and its .init_array entries, and a verdict: instrumented, not\n"
        "instrumented, inconsistent (with the reasons), or debug info only (separate\n"
        "debug information: its code is in the module it was split from).\n"
        "\n"
        "  --json             a JSON array with one object per file; the summary goes\n"
        "                     to stderr as one JSON object\n"
        "  --functions        tick sites per function (from .symtab, else .dynsym)\n"
        "  --follow-symlinks  follow symbolic links found inside directories\n"
        "                     (links named on the command line are always followed)\n"
        "\n"
        "Files without the ELF magic, devices, fifos and sockets are skipped and counted.\n"
        "Exit status: 0 all paths inspected, 1 some file unreadable or malformed,\n"
        "2 usage error.\n",
        f);
}

int main(int argc, char **argv) {
  static const struct option options[] = {
      {"json", no_argument, NULL, 'j'},
      {"functions", no_argument, NULL, 'f'},
      {"follow-symlinks", no_argument, NULL, 'L'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
  };
  struct st_run run;
  memset(&run, 0, sizeof run);
  run.out = stdout;
  int c;
  while ((c = getopt_long(argc, argv, "", options, NULL)) != -1) {
    switch (c) {
      case 'j': run.report.json = 1; break;
      case 'f': run.report.functions = 1; break;
      case 'L': run.follow_symlinks = 1; break;
      case 'h': usage(stdout); return 0;
      default: usage(stderr); return EXIT_USAGE;
    }
  }
  if (optind >= argc) {
    fputs("softticks-inspect: no FILE or DIR given\n", stderr);
    usage(stderr);
    return EXIT_USAGE;
  }

  st_report_begin(run.out, &run.report);
  for (int i = optind; i < argc; i++) st_inspect_path(&run, argv[i]);
  st_report_end(run.out, run.report.json ? stderr : run.out, &run.report, &run.summary);

  int status = st_run_had_errors(&run) ? EXIT_SOME_ERROR : 0;
  if (fflush(run.out) != 0 || ferror(run.out)) {
    perror("softticks-inspect: writing the report");
    status = EXIT_SOME_ERROR;
  }
  return status;
}
