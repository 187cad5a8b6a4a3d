/* The commands of softticks-trace and what the command line gives them. */
#ifndef SOFTTICKS_TRACE_COMMANDS_H
#define SOFTTICKS_TRACE_COMMANDS_H

#include <stdint.h>

#include "engine.h"

struct command_args {
  struct engine_options engine;
  int period_given; /* --period on the command line */
  int json;
  int do_continue;  /* stop-at --continue */
  int untracked;    /* check --untracked */
  uint64_t n;       /* stop-at N */
  uint64_t every;   /* slices --every K */
  const char *output; /* -o FILE: reports there, not on stdout */
  char **argv;      /* the program and its arguments */
  char program[4096]; /* the file run: argv[0], found in PATH without a '/' */
};

int cmd_count(const struct command_args *a);
int cmd_stop_at(const struct command_args *a);
int cmd_slices(const struct command_args *a);
int cmd_check(const struct command_args *a);

/* Starts the program; on failure prints the error and returns its status
 * (> 0), else 0. */
int start_program(struct engine *e, const struct command_args *a);
/* Reports an engine error, kills the program, returns the status. */
int engine_failure(struct engine *e);
/* Runs to the program's end, passing on SIGTRAPs that are not ours.
 * 0, or an exit status after reporting the error. */
int run_to_end(struct engine *e);

#endif
