/* The stand-in's rr.
 *
 *   rr record PROGRAM [ARGS...]  runs PROGRAM under ptrace, following its
 *                                forks, and exits with its status.  With
 *                                $_RR_TRACE_DIR set, it writes a "trace"
 *                                there, as rr does: DIR/NAME-0 and the link
 *                                DIR/latest-trace, whose file "mmaps" holds
 *                                the file mappings of every process of the
 *                                tree (read from /proc at each exit) in the
 *                                format of "rr dump -p".
 *   rr dump -p TRACE             prints them back.
 *
 * What ci/lib/build-and-test.sh reads of a failed test's traces (the
 * executable file mappings: the programs and libraries it recorded) comes
 * out the same way as from rr's. */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static FILE *mmaps;

/* Appends the file mappings of PID, in rr dump -p's format. */
static void dump_maps(pid_t pid) {
  char path[64], line[4096];
  snprintf(path, sizeof path, "/proc/%d/maps", (int)pid);
  FILE *maps = fopen(path, "r");
  if (!maps) return;
  while (fgets(line, sizeof line, maps)) {
    unsigned long start, end, offset;
    char prot[8];
    int name = 0;
    if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %n", &start, &end, prot, &offset, &name) < 4 ||
        name == 0 || line[name] != '/')
      continue;
    line[strcspn(line, "\n")] = 0;
    fprintf(mmaps, "  { map_file:\"%s\", addr:%#lx, length:%#lx, prot_flags:\"%s\", file_offset:%#lx }\n",
            line + name, start, end - start, prot, offset);
  }
  fclose(maps);
}

/* Opens DIR/NAME-0/mmaps for a recording of PROGRAM, DIR/latest-trace
 * pointing at it. */
static FILE *open_trace(const char *dir, const char *program) {
  const char *base = strrchr(program, '/');
  char trace[4096], file[4200], link[4200];
  base = base ? base + 1 : program;
  snprintf(trace, sizeof trace, "%s/%s-0", dir, base);
  if (mkdir(trace, 0755) != 0 && errno != EEXIST) return NULL;
  snprintf(link, sizeof link, "%s/latest-trace", dir);
  unlink(link);
  snprintf(file, sizeof file, "%s-0", base);
  if (symlink(file, link) != 0) return NULL;
  snprintf(file, sizeof file, "%s/mmaps", trace);
  return fopen(file, "w");
}

static int record(char **argv) {
  const char *dir = getenv("_RR_TRACE_DIR");
  if (dir && !(mmaps = open_trace(dir, argv[0]))) {
    perror("rr: cannot write the trace");
    return 2;
  }
  pid_t child = fork();
  if (child == 0) {
    ptrace(PTRACE_TRACEME, 0, 0, 0);
    raise(SIGSTOP);
    execv(argv[0], argv);
    perror(argv[0]);
    _exit(127);
  }
  if (child < 0) return 2;
  int status, result = 2;
  if (waitpid(child, &status, 0) != child || !WIFSTOPPED(status)) return 2;
  ptrace(PTRACE_SETOPTIONS, child, 0,
         PTRACE_O_TRACEFORK | PTRACE_O_TRACEVFORK | PTRACE_O_TRACECLONE | PTRACE_O_TRACEEXEC |
             PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL);
  ptrace(PTRACE_CONT, child, 0, 0);
  for (;;) {
    pid_t pid = waitpid(-1, &status, __WALL);
    if (pid < 0) break; /* no tracee left */
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      if (pid == child) result = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      continue;
    }
    int sig = WSTOPSIG(status), event = status >> 16;
    if (event == PTRACE_EVENT_EXIT && mmaps) dump_maps(pid);
    /* Event stops and a new tracee's first stop deliver nothing. */
    if (event != 0 || sig == SIGSTOP || sig == SIGTRAP) sig = 0;
    ptrace(PTRACE_CONT, pid, 0, sig);
  }
  if (mmaps && fclose(mmaps) != 0) return 2;
  return result;
}

int main(int argc, char **argv) {
  if (argc >= 3 && strcmp(argv[1], "record") == 0) return record(argv + 2);
  if (argc == 4 && strcmp(argv[1], "dump") == 0 && strcmp(argv[2], "-p") == 0) {
    char file[4200], line[4200];
    snprintf(file, sizeof file, "%s/mmaps", argv[3]);
    FILE *in = fopen(file, "r");
    if (!in) {
      perror(file);
      return 1;
    }
    while (fgets(line, sizeof line, in)) fputs(line, stdout);
    fclose(in);
    return 0;
  }
  fprintf(stderr, "usage: rr record PROGRAM [ARGS...] | rr dump -p TRACE\n");
  return 2;
}
