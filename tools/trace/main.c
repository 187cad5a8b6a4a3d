/*
 * softticks-trace: the reference tracer of the software-ticks ABI, and a
 * checker of its guarantee.  See usage() and README.md.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "exit_codes.h"
#include "report.h"

#define DEFAULT_PERIOD UINT64_C(1000000)

static void usage(FILE *out) {
  fprintf(out,
"usage: softticks-trace COMMAND [OPTIONS] [--] PROG [ARGS...]\n"
"\n"
"Runs PROG under ptrace as a software-ticks recorder would (ABI v%d): before\n"
"PROG's first instruction it maps the countdown page at %#lx (so PROG's own\n"
"initializer meets EEXIST) and, as rr does, rr's page before it and a 1 MiB\n"
"syscall buffer right after it; parks and arms the countdown, and turns off\n"
"ASLR.\n"
"x86-64 and i386 programs.\n"
"\n"
"Commands:\n"
"  count [--json]              run to the end, armed (re-armed after each trap\n"
"                              with the period); print the ticks, the exit status\n"
"                              (or signal), the tick traps taken\n"
"  stop-at N [--json] [--continue]\n"
"                              arm N (1 <= N < 2^63) and stop at the tick trap;\n"
"                              check it is a trap with the countdown at 0; print\n"
"                              ticks, pc, sp, registers and the enclosing function;\n"
"                              --continue runs on and prints the total\n"
"  slices --every K [--json]   trap every K ticks; list tick, pc, sp (function)\n"
"  check [--json] [--untracked]\n"
"                              single-step the instrumented code and check the\n"
"                              guarantee: between two changes of the countdown no\n"
"                              (pc, sp) in an instrumented function repeats;\n"
"                              --untracked: in the untracked functions of modules\n"
"                              with the note too (a loop there is a violation)\n"
"\n"
"Options:\n"
"  --json        one JSON object on stdout (keys: count: ticks, exit_status,\n"
"                [signal], traps; stop-at: ticks, pc, sp, function, registers,\n"
"                [total_ticks, exit_status]; slices: slices[{tick,pc,sp}], ticks;\n"
"                check: violations[{function,offset,pc,sp}], steps, ticks)\n"
"  --aslr        keep address-space randomization (default: off, runs compare)\n"
"  --layout rr|page  what is mapped around the countdown page in each new\n"
"                image: rr (default) rr's page at 0x70000000 and its syscall\n"
"                buffer at 0x70002000 (1 MiB), as rr records; page: the\n"
"                countdown page alone\n"
"  --period P    arm at most P ticks at a time (default %" PRIu64 ";\n"
"                check: 2^63-1, so that no trap comes while stepping)\n"
"  -o, --output FILE  write the report to FILE, not to stdout (the program\n"
"                writes to the same stdout; the report comes after its output,\n"
"                and the JSON report is one line)\n"
"  -h, --help    this text\n"
"\n"
"Instrumented functions (check): the functions (.symtab/.dynsym STT_FUNC) of\n"
"every mapped module that carries the .note.rrsoftticks note, whose bytes in\n"
"the file contain the whole tick sequence of the module's architecture.\n"
"Untracked functions: the other functions of such a module with code, but for\n"
"those that are tick-free by rule (softticks's own parts, ifunc resolvers,\n"
"stubs, start files, thunks, split parts; softticks-inspect's rule).\n"
"Uninstrumented code runs freely: int3 breakpoints at the instrumented\n"
"functions' entries, and at the return address (with its sp) of a call that\n"
"leaves instrumented code, start the stepping again.\n"
"\n"
"Processes: a fork child gets a parked countdown and runs untraced (its ticks\n"
"are not counted); a vfork child shares the countdown and is traced, its ticks\n"
"count, until it execs or exits.  Threads are not supported (status 6).\n"
"The exit status of the program is reported, never returned (a signal death\n"
"is exit_status 128+N plus signal N).\n"
"\n"
"Exit status:\n"
"  0  done          1  check found violations    2  usage error, bad N/K/P\n"
"  3  program missing, not executable, or its exec failed\n"
"  4  the program unmapped, replaced or protected the countdown page, or the\n"
"     page (or the layout around it) cannot be made in a new image\n"
"  5  stop-at: the program ended before tick N\n"
"  6  the program created a thread (not supported)\n"
"  7  the program broke the ABI: a trap that is not a tick sequence's while\n"
"     the countdown reads 0, or the countdown reached 0 without a trap\n"
"  8  the program was killed by a signal (the report is still printed)\n"
"  9  ptrace or system failure\n"
"A program without the note runs with a warning and counts 0 ticks.\n",
          RR_SOFTTICKS_ABI_VERSION, RR_SOFTTICKS_X86_COUNTDOWN_ADDR - RR_SOFTTICKS_COUNTDOWN_OFFSET,
          DEFAULT_PERIOD);
}

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "softticks-trace: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry 'softticks-trace --help'.\n");
  return TRACE_USAGE;
}

/* A number in [1, max]; decimal or 0x hex. */
static int parse_count(const char *s, uint64_t max, uint64_t *out) {
  char *end;
  unsigned long long v;
  if (!s || !*s || *s == '-' || *s == '+') return -1;
  errno = 0;
  v = strtoull(s, &end, 0);
  if (errno || *end || v == 0 || v > max) return -1;
  *out = v;
  return 0;
}

/* Whether argv[0] names an executable file (searched in PATH without '/'):
 * 0 with its path in `path`, else TRACE_NO_PROGRAM after saying why. */
static int find_program(const char *prog, char path[4096]) {
  struct stat st;
  const char *p;
  if (strchr(prog, '/')) {
    snprintf(path, 4096, "%s", prog);
    if (stat(prog, &st) != 0) {
      fprintf(stderr, "softticks-trace: %s: %s\n", prog, strerror(errno));
      return TRACE_NO_PROGRAM;
    }
    if (!S_ISREG(st.st_mode) || access(prog, X_OK) != 0) {
      fprintf(stderr, "softticks-trace: %s: not an executable file\n", prog);
      return TRACE_NO_PROGRAM;
    }
    return 0;
  }
  for (p = getenv("PATH") ? getenv("PATH") : "/usr/bin:/bin"; *p;) {
    size_t n = strcspn(p, ":");
    snprintf(path, 4096, "%.*s/%s", (int)n, p, prog);
    if (n && stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0) return 0;
    p += n;
    if (*p) p++;
  }
  fprintf(stderr, "softticks-trace: %s: not found in PATH\n", prog);
  return TRACE_NO_PROGRAM;
}

int main(int argc, char **argv) {
  struct command_args a;
  const char *cmd;
  int i, want_n, rc;

  memset(&a, 0, sizeof a);
  a.engine.period = DEFAULT_PERIOD;
  if (argc < 2) {
    usage(stderr);
    return TRACE_USAGE;
  }
  cmd = argv[1];
  if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help") || !strcmp(cmd, "help")) {
    usage(stdout);
    return TRACE_OK;
  }
  if (strcmp(cmd, "count") && strcmp(cmd, "stop-at") && strcmp(cmd, "slices") &&
      strcmp(cmd, "check"))
    return usage_error("unknown command '%s'", cmd);
  want_n = !strcmp(cmd, "stop-at");
  for (i = 2; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp(arg, "--")) {
      i++;
      break;
    }
    if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
      usage(stdout);
      return TRACE_OK;
    } else if (!strcmp(arg, "--json")) {
      a.json = 1;
    } else if (!strcmp(arg, "--aslr")) {
      a.engine.aslr = 1;
    } else if (!strcmp(arg, "--layout")) {
      if (++i < argc && !strcmp(argv[i], "rr"))
        a.engine.layout = ENGINE_LAYOUT_RR;
      else if (i < argc && !strcmp(argv[i], "page"))
        a.engine.layout = ENGINE_LAYOUT_PAGE;
      else
        return usage_error("--layout wants rr or page (got '%s')", i < argc ? argv[i] : "");
    } else if (!strcmp(arg, "--untracked") && !strcmp(cmd, "check")) {
      a.untracked = 1;
    } else if (!strcmp(arg, "--continue") && !strcmp(cmd, "stop-at")) {
      a.do_continue = 1;
    } else if (!strcmp(arg, "--every") && !strcmp(cmd, "slices")) {
      if (++i >= argc || parse_count(argv[i], RR_SOFTTICKS_MAX_ARM, &a.every) != 0)
        return usage_error("--every needs a number K, 1 <= K < 2^63 (got '%s')",
                           i < argc ? argv[i] : "");
    } else if (!strcmp(arg, "-o") || !strcmp(arg, "--output")) {
      if (++i >= argc || !argv[i][0]) return usage_error("%s needs a file name", arg);
      a.output = argv[i];
    } else if (!strcmp(arg, "--period")) {
      if (++i >= argc || parse_count(argv[i], RR_SOFTTICKS_MAX_ARM, &a.engine.period) != 0)
        return usage_error("--period needs a number P, 1 <= P < 2^63 (got '%s')",
                           i < argc ? argv[i] : "");
      a.period_given = 1;
    } else if (arg[0] == '-') {
      return usage_error("unknown option '%s'", arg);
    } else if (want_n && !a.n) {
      if (parse_count(arg, RR_SOFTTICKS_MAX_ARM, &a.n) != 0)
        return usage_error("N out of range: '%s' (1 <= N < 2^63)", arg);
    } else {
      break; /* the program */
    }
  }
  if (want_n && !a.n) return usage_error("%s needs a tick number N", cmd);
  if (!strcmp(cmd, "slices") && !a.every) return usage_error("%s needs --every K", cmd);
  if (i >= argc) return usage_error("%s: no program given", cmd);
  a.argv = &argv[i];
  a.engine.json = a.json;
  if ((rc = find_program(a.argv[0], a.program)) != 0) return rc;

  if (!strcmp(cmd, "count")) return cmd_count(&a);
  if (!strcmp(cmd, "stop-at")) return cmd_stop_at(&a);
  if (!strcmp(cmd, "slices")) return cmd_slices(&a);
  return cmd_check(&a);
}
