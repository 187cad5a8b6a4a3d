#define _GNU_SOURCE /* O_NOFOLLOW, O_CLOEXEC with -std=c11 */
#include "inspect_paths.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "archive.h"
#include "inspection.h"

/* The directories being walked, to stop symlink loops. */
struct ancestor {
  dev_t dev;
  ino_t ino;
  const struct ancestor *parent;
};

static void unreadable(struct st_run *run, const char *path, const char *what, int err) {
  char message[256];
  if (err)
    snprintf(message, sizeof message, "%s: %s", what, strerror(err));
  else
    snprintf(message, sizeof message, "%s", what);
  run->summary.unreadable++;
  st_report_unreadable(run->out, &run->report, path, message);
}

/* A file that shrinks while it is mapped raises SIGBUS on the pages past
 * its new end: turn that into an error for that file.  The only state
 * outside struct st_run: a signal handler is given no context. */
static sigjmp_buf file_shrank;
static volatile sig_atomic_t mapping_active;

static void on_sigbus(int sig) {
  if (mapping_active) siglongjmp(file_shrank, 1);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void report_error(struct st_run *run, const char *path, const char *message) {
  struct st_inspection insp;
  memset(&insp, 0, sizeof insp);
  insp.verdict = ST_VERDICT_ERROR;
  snprintf(insp.error, sizeof insp.error, "%s", message);
  run->summary.files++;
  run->summary.by_verdict[ST_VERDICT_ERROR]++;
  st_report_file(run->out, &run->report, path, &insp);
}

/* One ELF image: a file, or a member of an archive. */
static void inspect_elf(struct st_run *run, const char *path, unsigned char *image, size_t size) {
  struct st_inspection insp;
  st_inspect_image(image, size,
                   ST_INSPECT_FILE_MAPPING | (run->report.functions ? ST_INSPECT_FUNCTIONS : 0u),
                   &insp);
  if (insp.verdict == ST_VERDICT_NOT_ELF) {
    run->summary.not_elf++;
    return;
  }
  run->summary.files++;
  run->summary.by_verdict[insp.verdict]++;
  if (insp.verdict == ST_VERDICT_INSTRUMENTED && insp.coverage_checked && insp.coverage.untracked)
    run->summary.partly++;
  st_report_file(run->out, &run->report, path, &insp);
  st_inspection_free(&insp);
}

struct member_context {
  struct st_run *run;
  const char *archive;
};

/* Members are reported as ARCHIVE(MEMBER), like ld and nm do. */
static void inspect_member(void *ctx, const char *name, unsigned char *bytes, size_t size) {
  struct member_context *c = ctx;
  size_t len = strlen(c->archive) + strlen(name) + 3;
  char *path = malloc(len);
  if (!path) {
    unreadable(c->run, c->archive, "member path", ENOMEM);
    return;
  }
  snprintf(path, len, "%s(%s)", c->archive, name);
  inspect_elf(c->run, path, bytes, size);
  free(path);
}

static void inspect_archive(struct st_run *run, const char *path, unsigned char *image,
                            size_t size) {
  struct member_context c = {run, path};
  char error[256];
  run->summary.archives++;
  if (st_for_each_member(image, size, inspect_member, &c, error, sizeof error) != 0)
    report_error(run, path, error);
}

static void inspect_mapped(struct st_run *run, const char *path, unsigned char *image,
                           size_t size) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigbus;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGBUS, &sa, NULL);
  if (sigsetjmp(file_shrank, 1)) {
    /* What the analysis had allocated is lost; rare enough. */
    mapping_active = 0;
    report_error(run, path, "file shrank while being read");
    return;
  }
  mapping_active = 1;
  if (st_is_archive(image, size))
    inspect_archive(run, path, image, size);
  else
    inspect_elf(run, path, image, size);
  mapping_active = 0;
}

static void inspect_regular(struct st_run *run, const char *path, int follow) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (follow ? 0 : O_NOFOLLOW));
  if (fd < 0) {
    unreadable(run, path, "open", errno);
    return;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    unreadable(run, path, "stat", errno);
    close(fd);
    return;
  }
  if (!S_ISREG(st.st_mode)) { /* replaced since we looked */
    run->summary.special++;
    close(fd);
    return;
  }
  unsigned char magic[8];
  ssize_t got = st.st_size >= 4 ? pread(fd, magic, sizeof magic, 0) : 0;
  if (got < 0) {
    unreadable(run, path, "read", errno);
    close(fd);
    return;
  }
  if ((got < 4 || memcmp(magic, "\177ELF", 4) != 0) && !st_is_archive(magic, (size_t)got)) {
    run->summary.not_elf++;
    close(fd);
    return;
  }
  if ((uintmax_t)st.st_size > SIZE_MAX) {
    unreadable(run, path, "map", EFBIG);
    close(fd);
    return;
  }
  size_t size = (size_t)st.st_size;
  /* Private and writable: libelf may convert data in place, which then
   * only copies the pages it touches and never reaches the file. */
  void *image = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  close(fd);
  if (image == MAP_FAILED) {
    unreadable(run, path, "mmap", errno);
    return;
  }
  inspect_mapped(run, path, image, size);
  munmap(image, size);
}

static void visit(struct st_run *run, const char *path, int top, const struct ancestor *parent);

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Kernel interfaces, not files: reading them can block or act (a live
 * root filesystem has them mounted). */
static int is_pseudo_filesystem(int fd) {
  static const unsigned long types[] = {
      PROC_SUPER_MAGIC, SYSFS_MAGIC,       DEBUGFS_MAGIC,    TRACEFS_MAGIC,
      SECURITYFS_MAGIC, SELINUX_MAGIC,     CGROUP_SUPER_MAGIC, CGROUP2_SUPER_MAGIC,
      DEVPTS_SUPER_MAGIC, PSTOREFS_MAGIC,  EFIVARFS_MAGIC,   BPF_FS_MAGIC,
      BINFMTFS_MAGIC,   HUGETLBFS_MAGIC,   0x62656570 /* configfs */, 0x65735543 /* fusectl */};
  struct statfs fs;
  if (fstatfs(fd, &fs) != 0) return 0;
  for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
    if ((unsigned long)fs.f_type == types[i]) return 1;
  return 0;
}

static void walk_directory(struct st_run *run, const char *path, const struct stat *st,
                           const struct ancestor *parent) {
  for (const struct ancestor *a = parent; a; a = a->parent)
    if (a->dev == st->st_dev && a->ino == st->st_ino) {
      run->summary.symlinks++; /* a loop, through a followed symlink */
      return;
    }
  DIR *dir = opendir(path);
  if (!dir) {
    unreadable(run, path, "opendir", errno);
    return;
  }
  /* Only when found inside a walk: a directory named on the command line
   * is walked whatever it is. */
  if (parent && is_pseudo_filesystem(dirfd(dir))) {
    run->summary.pseudo_filesystems++;
    closedir(dir);
    return;
  }
  /* Read all names first so that deep trees hold one directory open at a
   * time, and sort them so that output is reproducible. */
  char **names = NULL;
  size_t count = 0, cap = 0;
  struct dirent *e;
  errno = 0;
  while ((e = readdir(dir)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    if (count == cap) {
      cap = cap ? 2 * cap : 64;
      char **grown = realloc(names, cap * sizeof *names);
      if (!grown) break;
      names = grown;
    }
    if (!(names[count] = strdup(e->d_name))) break;
    count++;
  }
  int err = errno;
  closedir(dir);
  if (err) unreadable(run, path, "readdir", err);
  if (count) qsort(names, count, sizeof *names, by_name);
  struct ancestor self = {st->st_dev, st->st_ino, parent};
  size_t plen = strlen(path);
  int slash = plen > 0 && path[plen - 1] == '/';
  for (size_t i = 0; i < count; i++) {
    size_t len = plen + 1 + strlen(names[i]) + 1;
    char *child = malloc(len);
    if (child) {
      snprintf(child, len, "%s%s%s", path, slash ? "" : "/", names[i]);
      visit(run, child, 0, &self);
      free(child);
    } else {
      unreadable(run, names[i], "path", ENOMEM);
    }
    free(names[i]);
  }
  free(names);
}

static void visit(struct st_run *run, const char *path, int top, const struct ancestor *parent) {
  int follow = top || run->follow_symlinks;
  struct stat st;
  if (lstat(path, &st) != 0) {
    unreadable(run, path, "stat", errno);
    return;
  }
  if (S_ISLNK(st.st_mode)) {
    if (!follow) {
      run->summary.symlinks++;
      return;
    }
    if (stat(path, &st) != 0) {
      if (top)
        unreadable(run, path, "stat", errno);
      else
        run->summary.symlinks++; /* dangling: nothing to inspect */
      return;
    }
  }
  if (S_ISDIR(st.st_mode))
    walk_directory(run, path, &st, parent);
  else if (S_ISREG(st.st_mode))
    inspect_regular(run, path, follow);
  else if (top)
    unreadable(run, path, "not a regular file or directory", 0);
  else
    run->summary.special++;
}

void st_inspect_path(struct st_run *run, const char *path) {
  visit(run, path, 1, NULL);
}

int st_run_had_errors(const struct st_run *run) {
  return run->summary.unreadable > 0 || run->summary.by_verdict[ST_VERDICT_ERROR] > 0;
}
