/*
 * softticks-as: the assembler wrapper (README.md).  As `as` in a -B
 * directory it instruments each input and runs the real assembler with
 * every other option; with --softticks-emit=FILE it only writes the
 * instrumented text.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "module_asm.h"
#include "sas.h"
#include "target.h"

static const char *prog = "softticks-as";

static char *read_all(FILE *f, size_t *len) {
  size_t cap = 1 << 16, n = 0;
  char *b = malloc(cap + 1);
  while (b) {
    size_t r = fread(b + n, 1, cap - n, f);
    n += r;
    if (n < cap) break;
    {
      char *nb = realloc(b, cap * 2 + 1);
      if (!nb) {
        free(b);
        return NULL;
      }
      b = nb;
      cap *= 2;
    }
  }
  if (b) {
    b[n] = 0;
    *len = n;
  }
  return b;
}

static char *read_path(const char *path, size_t *len) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  char *b;
  if (!f) return NULL;
  b = read_all(f, len);
  if (f != stdin) fclose(f);
  return b;
}

/* Writes text to a new temporary file; its path (malloc'd) or NULL. */
static char *write_temp(const char *text, size_t len) {
  const char *dir = getenv("TMPDIR");
  char *path = malloc(PATH_MAX);
  int fd;
  FILE *f;
  if (!path) return NULL;
  snprintf(path, PATH_MAX, "%s/softticks-as-XXXXXX.s", dir && *dir ? dir : "/tmp");
  fd = mkstemps(path, 2);
  if (fd < 0 || !(f = fdopen(fd, "wb"))) {
    free(path);
    return NULL;
  }
  if (fwrite(text, 1, len, f) != len || fclose(f) != 0) {
    unlink(path);
    free(path);
    return NULL;
  }
  return path;
}

/* Writes text to path: a regular file (or a new one) through a temporary
 * file and rename, all or nothing; anything else (/dev/null, a pipe, a
 * symbolic link) is opened and written as it is, since a rename would
 * replace it by a regular file. */
static int write_atomic(const char *path, const char *text, size_t len) {
  char tmp[PATH_MAX];
  struct stat st;
  int fd;
  FILE *f;
  if (!strcmp(path, "-")) return fwrite(text, 1, len, stdout) == len && fflush(stdout) == 0 ? 0 : -1;
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    if (!(f = fopen(path, "wb"))) return -1;
    return fwrite(text, 1, len, f) == len && fclose(f) == 0 ? 0 : -1;
  }
  snprintf(tmp, sizeof tmp, "%s.XXXXXX", path);
  if ((fd = mkstemp(tmp)) < 0 || !(f = fdopen(fd, "wb"))) return -1;
  if (fwrite(text, 1, len, f) != len || fclose(f) != 0 || rename(tmp, path) != 0) {
    unlink(tmp);
    return -1;
  }
  return 0;
}

/* The real assembler: $SOFTTICKS_REAL_AS, or the one found at build time
 * (never this program). */
static const char *real_as(enum rr_softticks_arch arch) {
  const struct sas_target *t = sas_target_of(arch);
  const char *e = getenv(t->real_as_env);
  char self[PATH_MAX], other[PATH_MAX];
  const char *as = e && *e ? e : t->real_as;
  if (realpath("/proc/self/exe", self) && realpath(as, other) && !strcmp(self, other)) {
    fprintf(stderr, "%s: the real assembler %s is this program (set SOFTTICKS_REAL_AS)\n", prog, as);
    exit(1);
  }
  return as;
}

static int run(char **argv) {
  pid_t pid = fork();
  int status;
  if (pid < 0) {
    perror(prog);
    return 1;
  }
  if (pid == 0) {
    execv(argv[0], argv);
    fprintf(stderr, "%s: cannot run %s: %s\n", prog, argv[0], strerror(errno));
    _exit(127);
  }
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return 1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* gas options whose value may be the next argument: gas reads its options
 * with getopt_long_only, so a long option that requires a value accepts
 * "-name value" and "--name value" as well as "-name=value".  Missing one
 * here makes its value look like an input file (gcc -g
 * -fdebug-prefix-map=A=B passes "--debug-prefix-map A=B").  The list is
 * binutils 2.40's: gas/as.c and, for x86, gas/config/tc-i386.c (aarch64's
 * -m options take their value after '=' only).  Unique abbreviations of
 * these names, which getopt also accepts, are not recognised. */
static int takes_value(const char *a) {
  static const char *const v[] = {
      /* gas/as.c */
      "defsym", "MD", "debug-prefix-map", "listing-lhs-width", "listing-lhs-width2",
      "listing-rhs-width", "listing-cont-lines", "hash-size", "gdwarf-cie-version",
      "elf-stt-common", "generate-missing-build-notes", "size-check", "multibyte-handling",
      "emulation",
      /* gas/config/tc-i386.c */
      "march", "mtune", "mmnemonic", "msyntax", "momit-lock-prefix", "mfence-as-lock-add",
      "mrelax-relocations", "mevexrcig", "mevexwig", "mevexlig", "mavxscalar", "mvexwig",
      "malign-branch-boundary", "malign-branch", "malign-branch-prefix-size",
      "mlfence-after-load", "mlfence-before-indirect-branch", "mlfence-before-ret",
      "mx86-used-note", "mtls-check", NULL};
  unsigned i;
  if (!strcmp(a, "-o") || !strcmp(a, "-I")) return 1;
  if (a[0] != '-') return 0;
  a += a[1] == '-' ? 2 : 1;
  for (i = 0; v[i]; i++)
    if (!strcmp(a, v[i])) return 1;
  return 0;
}

static void print_stats(const struct sas_stats *st, size_t bytes, double secs) {
  fprintf(stderr,
          "%s: stats: files=%u statements=%u instructions=%u bytes=%zu ticks=%u "
          "entry_ticks=%u cycle_ticks=%u returns_twice_ticks=%u flags_saved=%u "
          "cfi_adjusted=%u cfi_unexpressed=%u cycles_found=%u cycles_open=%u skipped=%u lone_exits=%u widened=%u refused=%u "
          "guarded=%u seconds=%.6f\n",
          prog, st->files, st->statements, st->instructions, bytes, st->ticks, st->entry_ticks,
          st->cycle_ticks, st->rt_ticks, st->saved, st->cfi_adjusted, st->cfi_unexpressed,
          st->cycles_found, st->cycles_open,
          st->skipped, st->lone_exits, st->widened, st->refused, st->guarded, secs);
}

int main(int argc, char **argv) {
  const char *emit = NULL, *out_obj = "a.out", **skip = NULL;
  char **pass = calloc((size_t)argc + 3, sizeof *pass), **temps = calloc((size_t)argc + 2, sizeof *temps);
  int npass = 0, *input_at = calloc((size_t)argc + 2, sizeof *input_at), ninputs = 0, i, rc = 0;
  int disable = getenv("SOFTTICKS_AS_DISABLE") && *getenv("SOFTTICKS_AS_DISABLE") &&
                strcmp(getenv("SOFTTICKS_AS_DISABLE"), "0");
  int stats = getenv("SOFTTICKS_AS_STATS") != NULL, failed = 0, any_manifest = 0,
      any_glibc_unit = 0, any_own_init = 0;
  enum sas_libc libc_option = SAS_LIBC_UNKNOWN, libc_source = SAS_LIBC_UNKNOWN;
  const char *libc_word = getenv("SOFTTICKS_AS_LIBC");
  unsigned nskip = 0, cap_skip = 0, ticks_before, ndefsym = 0;
  /* gas's --defsym NAME=VALUE: conditionals read them (cond.c). */
  const char **defsym = calloc((size_t)argc + 1, sizeof *defsym);
  /* gas's -I DIR: where .include looks (expand.c). */
  const char **include_dirs = calloc((size_t)argc + 1, sizeof *include_dirs);
  unsigned ninclude_dirs = 0;
#ifdef __aarch64__
  enum rr_softticks_arch arch = RR_SOFTTICKS_ARCH_AARCH64; /* the host's, until options say */
#else
  enum rr_softticks_arch arch = RR_SOFTTICKS_ARCH_X86_64;
#endif
  int arch_known = 1;
  struct sas_report rep = {getenv("SOFTTICKS_AS_REPORT") ? stderr : NULL, NULL, 0, 0};
  struct sas_stats st;
  struct sas_error err;
  struct sas_options opt;
  size_t bytes = 0;
  struct timespec t0, t1;
  char *texts_last = NULL;
  if (!pass || !temps || !input_at || !defsym || !include_dirs) return 1;
  /* The aarch64 wrapper is the same program run from a directory whose
   * name ends in -aarch64 (build/asm/bin-aarch64/as, lib/softticks/as-aarch64/as). */
  {
    const char *slash = strrchr(argv[0], '/');
    size_t n = slash ? (size_t)(slash - argv[0]) : 0;
    if (n >= 8 && !strncmp(argv[0] + n - 8, "-aarch64", 8)) arch = RR_SOFTTICKS_ARCH_AARCH64;
  }
  memset(&st, 0, sizeof st);
  memset(&opt, 0, sizeof opt);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pass[npass++] = NULL; /* the real assembler, below */
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strncmp(a, "--softticks-", 12)) {
      if (!strncmp(a, "--softticks-emit=", 17)) emit = a + 17;
      else if (!strcmp(a, "--softticks-report")) rep.out = stderr;
      else if (!strcmp(a, "--softticks-stats")) stats = 1;
      else if (!strcmp(a, "--softticks-disable")) disable = 1;
      else if (!strcmp(a, "--softticks-compiled")) opt.compiled = 1;
      else if (!strncmp(a, "--softticks-skip=", 17)) {
        /* As many names as given (the list lives as long as the run). */
        char *list = strdup(a + 17), *tok, *save = NULL;
        for (tok = list ? strtok_r(list, ",", &save) : NULL; tok; tok = strtok_r(NULL, ",", &save)) {
          if (nskip == cap_skip) {
            const char **ns = realloc(skip, (cap_skip = cap_skip ? cap_skip * 2 : 64) * sizeof *ns);
            if (!ns) {
              fprintf(stderr, "%s: out of memory\n", prog);
              return 1;
            }
            skip = ns;
          }
          skip[nskip++] = tok;
        }
      } else if (!strncmp(a, "--softticks-libc=", 17)) {
        libc_word = a + 17;
      } else if (!strncmp(a, "--softticks-arch=", 17)) {
        if (!strcmp(a + 17, "x86_64")) arch = RR_SOFTTICKS_ARCH_X86_64;
        else if (!strcmp(a + 17, "i386")) arch = RR_SOFTTICKS_ARCH_I386;
        else if (!strcmp(a + 17, "aarch64")) arch = RR_SOFTTICKS_ARCH_AARCH64;
        else {
          fprintf(stderr, "%s: unknown architecture %s\n", prog, a + 17);
          return 1;
        }
      } else {
        fprintf(stderr, "%s: unknown option %s\n", prog, a);
        return 1;
      }
      continue;
    }
    if (!strcmp(a, "--32")) arch = RR_SOFTTICKS_ARCH_I386;
    if (!strcmp(a, "--64")) arch = RR_SOFTTICKS_ARCH_X86_64;
    if (!strcmp(a, "--x32")) arch_known = 0;
    pass[npass++] = argv[i];
    if (!strncmp(a, "--defsym=", 9) || !strncmp(a, "-defsym=", 8))
      defsym[ndefsym++] = strchr(a, '=') + 1;
    else if ((!strcmp(a, "--defsym") || !strcmp(a, "-defsym")) && i + 1 < argc)
      defsym[ndefsym++] = argv[i + 1];
    else if (!strcmp(a, "-I") && i + 1 < argc)
      include_dirs[ninclude_dirs++] = argv[i + 1];
    else if (!strncmp(a, "-I", 2) && a[2])
      include_dirs[ninclude_dirs++] = a + 2;
    if (takes_value(a) && i + 1 < argc) {
      if (!strcmp(a, "-o")) out_obj = argv[i + 1];
      pass[npass++] = argv[++i];
      continue;
    }
    if (a[0] != '-' || !strcmp(a, "-")) input_at[ninputs++] = npass - 1;
  }
  if (!emit) pass[0] = (char *)real_as(arch);
  if (libc_word && *libc_word) {
    if (!strcmp(libc_word, "glibc")) libc_option = SAS_LIBC_GLIBC;
    else if (!strcmp(libc_word, "musl")) libc_option = SAS_LIBC_MUSL;
    else {
      fprintf(stderr, "%s: unknown C library %s (glibc or musl)\n", prog, libc_word);
      return 1;
    }
  }
  if (disable || (!arch_known && !emit)) {
    if (emit) {
      fprintf(stderr, "%s: --softticks-emit with instrumentation disabled\n", prog);
      return 1;
    }
    execv(pass[0], pass);
    fprintf(stderr, "%s: cannot run %s: %s\n", prog, pass[0], strerror(errno));
    return 127;
  }
  if (ninputs == 0) { /* gcc -pipe: the source comes on stdin */
    pass[npass++] = "-";
    input_at[ninputs++] = npass - 1;
  }
  opt.skip = skip;
  opt.nskip = nskip;
  opt.defsym = defsym;
  opt.ndefsym = ndefsym;
  opt.include_dirs = include_dirs;
  opt.ninclude_dirs = ninclude_dirs;

  ticks_before = 0;
  for (i = 0; i < ninputs && !failed; i++) {
    const char *path = pass[input_at[i]];
    struct sas_source src;
    struct sas_result res;
    memset(&src, 0, sizeof src);
    src.name = strcmp(path, "-") ? path : "{standard input}";
    src.arch = arch;
    rep.name = src.name;
    src.buf = read_path(path, &src.len);
    if (!src.buf) {
      fprintf(stderr, "%s: cannot read %s: %s\n", prog, src.name, strerror(errno));
      failed = 2;
      break;
    }
    bytes += src.len;
    if (sas_instrument(&src, &opt, emit ? NULL : src.name, &res, &st, &rep,
                       &err)) {
      fprintf(stderr, "%s:%u: %s: cannot instrument: %s\n", src.name, err.line, prog, err.msg);
      failed = 1;
      if (!emit) { /* the real assembler gets the input as it was */
        if (!strcmp(path, "-") && !(temps[i] = write_temp(src.buf, src.len))) failed = 2;
        if (temps[i]) pass[input_at[i]] = temps[i];
      }
      free(src.buf);
      break;
    }
    any_manifest |= res.has_manifest;
    any_glibc_unit |= res.glibc_unit;
    any_own_init |= res.own_initializer;
    if (res.libc != SAS_LIBC_UNKNOWN) libc_source = res.libc;
    if (i + 1 == ninputs && st.ticks > ticks_before && !any_manifest) {
      unsigned options =
          (any_own_init ? ST_PARTS_OWN_INITIALIZER : 0) |
          (sas_may_map_early(libc_option, libc_source, any_glibc_unit,
                             getenv("COLLECT_GCC_OPTIONS"))
               ? 0
               : ST_PARTS_NO_EARLY_MAPPING);
      char *parts = sas_module_parts(arch, options);
      size_t plen = parts ? strlen(parts) : 0;
      char *joined = parts ? malloc(res.len + plen + 2) : NULL;
      if (!joined) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
      }
      memcpy(joined, res.text, res.len);
      if (res.len && res.text[res.len - 1] != '\n') joined[res.len++] = '\n';
      /* gas -g gives the appended code this file name, not the input's
       * last line; the parts are AT&T text in the file's own code mode,
       * so an input that ends in Intel syntax or in another .codeNN
       * region is switched back first. */
      {
        char marker[128];
        char *j2;
        const char *mode = "";
        if (res.code_bits_at_end && arch != RR_SOFTTICKS_ARCH_AARCH64)
          mode = arch == RR_SOFTTICKS_ARCH_I386 ? "\t.code32\n" : "\t.code64\n";
        snprintf(marker, sizeof marker, "# 1 \"<softticks-as module parts>\"\n%s%s",
                 res.syntax_at_end != SAS_SYNTAX_ATT ? RR_SOFTTICKS_X86_TO_ATT_SYNTAX : "", mode);
        j2 = realloc(joined, res.len + sizeof marker + plen + 1);
        if (!j2) {
          fprintf(stderr, "%s: out of memory\n", prog);
          return 1;
        }
        joined = j2;
        memcpy(joined + res.len, marker, strlen(marker));
        res.len += strlen(marker);
      }
      memcpy(joined + res.len, parts, plen + 1);
      res.len += plen;
      free(res.text);
      free(parts);
      res.text = joined;
    }
    free(src.buf);
    if (emit) {
      texts_last = res.text;
      if (write_atomic(emit, res.text, res.len)) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, emit, strerror(errno));
        failed = 2;
      }
      break; /* one input */
    }
    if (!(temps[i] = write_temp(res.text, res.len))) {
      fprintf(stderr, "%s: cannot write a temporary file: %s\n", prog, strerror(errno));
      failed = 2;
    } else {
      pass[input_at[i]] = temps[i];
    }
    free(res.text);
  }
  free(texts_last);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (stats)
    print_stats(&st, bytes, (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
  if (emit) return failed ? 1 : 0;
  if (failed == 2) {
    rc = 1;
  } else if (failed == 1) {
    /* Inputs we could not read as the assembler does: its verdict on the
     * original text decides; if it accepts them, we refuse. */
    rc = run(pass);
    if (rc == 0) {
      unlink(out_obj);
      fprintf(stderr, "%s: refusing to assemble what it cannot instrument (output removed)\n", prog);
      rc = 1;
    }
  } else {
    rc = run(pass);
  }
  for (i = 0; i < ninputs; i++)
    if (temps[i]) unlink(temps[i]);
  return rc;
}
