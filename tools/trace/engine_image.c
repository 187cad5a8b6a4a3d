/* The engine and the program's images: creating the countdown page in a
 * new image, and watching the system calls that could take it away or map
 * new code. */
#include <errno.h>
#include <linux/audit.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "elf_module.h"
#include "engine_internal.h"
#include "exit_codes.h"
#include "i386_syscalls.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

/* rr's memory around the countdown page, as rr lays it out in every
 * process it records: its own page (syscall stubs, read and execute) in
 * the page before, the countdown page (offset 0x800 of its thread-locals
 * page), and, right after it, the syscall buffer (1 MiB, shared with rr).
 * An initializer must meet all of it with nothing but EEXIST. */
#define RR_LAYOUT_RR_PAGE_ADDR 0x70000000ull
#define RR_LAYOUT_SYSCALLBUF_ADDR 0x70002000ull
#define RR_LAYOUT_SYSCALLBUF_SIZE 0x100000ull

static const struct st_new_mapping rr_neighbours[] = {
    {RR_LAYOUT_RR_PAGE_ADDR, 4096, PROT_READ | PROT_EXEC,
     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE},
    {RR_LAYOUT_SYSCALLBUF_ADDR, RR_LAYOUT_SYSCALLBUF_SIZE, PROT_READ | PROT_WRITE,
     MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE},
};

/* Runs one mapping of the layout in the new image: 0 done, an exit status,
 * or -1 when a signal ended the program first (*status says how). */
static int map_in_new_image(struct engine *e, const struct st_new_mapping *m, int64_t *result,
                            int *status) {
  switch (st_task_mmap(&e->main, m, result, status)) {
    case 0: return 0;
    case 1:
      /* A signal delivered before the new image's first instruction ended
       * it (its default action): no page, no tick; the loop resumes the
       * task to its end and reports that. */
      if (!WIFSTOPPED(*status))
        return engine_fail(e, TRACE_INTERNAL, "the new program ended while its page was made");
      return -1;
    default: return engine_fail(e, TRACE_INTERNAL, "could not run mmap in the new program");
  }
}

/* A module with the note whose functions do not all tick (a prebuilt
 * static library, Rust's standard library): no tick is counted while that
 * code runs, and check does not check it.  The rule and the wording are
 * softticks-inspect's (tools/base/tick_coverage.c). */
void engine_warn_partly_instrumented(const char *path, const struct st_elf_module *mod) {
  char message[1024];
  if (!mod->coverage_checked || mod->coverage.untracked == 0) return;
  st_coverage_warning(&mod->coverage, 3, message, sizeof message);
  fprintf(stderr, "softticks-trace: warning: %s: %s\n", path, message);
}

/* After an exec of the main task: at its PTRACE_EVENT_EXEC stop. */
int engine_setup_new_image(struct engine *e) {
  int64_t result;
  int status, rc;
  char exe[64], path[4096], err[256];
  ssize_t n;
  struct st_elf_module mod;

  e->page_ok = 0;
  e->armed = 0;
  st_breakpoints_clear(&e->bps); /* they went with the old image */
  e->stop_at_syscall_exit = 0;
  if (st_task_attach_image(&e->main) != 0)
    return engine_fail(e, TRACE_INTERNAL, "cannot open the memory of task %d", (int)e->main.pid);
  /* The new image's own facts, whether or not its page can be made. */
  e->code_changed = 1;
  e->execs++;
  /* Remember an executable that was not built for software ticks (the
   * warning waits for the end of the run); a wrong ABI version is wrong
   * whatever else the program loads. */
  e->exe_without_note[0] = 0;
  snprintf(exe, sizeof exe, "/proc/%d/exe", (int)e->main.pid);
  n = readlink(exe, path, sizeof path - 1);
  if (n > 0) {
    path[n] = 0;
    if (st_elf_module_load(path, &mod, err, sizeof err) == 0) {
      if (!mod.has_note)
        snprintf(e->exe_without_note, sizeof e->exe_without_note, "%s", path);
      else if (mod.abi_version != RR_SOFTTICKS_ABI_VERSION)
        fprintf(stderr, "softticks-trace: warning: %s: software-ticks ABI version %u, expected %d\n",
                path, mod.abi_version, RR_SOFTTICKS_ABI_VERSION);
      if (mod.has_note) engine_warn_partly_instrumented(path, &mod);
      st_elf_module_free(&mod);
    }
  }
  /* The exec event comes before the execve's syscall-exit stop: run to it,
   * so that registers set now are not overwritten by the return value. */
  status = st_task_resume_and_wait(&e->main, PTRACE_SYSCALL, 0);
  if (status < 0 || !WIFSTOPPED(status) || WSTOPSIG(status) != (SIGTRAP | 0x80))
    return engine_fail(e, TRACE_INTERNAL, "no syscall-exit stop after the exec");
  const struct st_new_mapping page = {engine_page_addr(e), RR_SOFTTICKS_MAP_SIZE,
                                  RR_SOFTTICKS_MMAP_PROT, RR_SOFTTICKS_MMAP_FLAGS};
  if ((rc = map_in_new_image(e, &page, &result, &status)) != 0) return rc < 0 ? 0 : rc;
  /* Right after the exec only the new image (and the loader) can be there. */
  if (result == -EEXIST)
    return engine_fail(e, TRACE_PAGE_LOST,
                       "cannot create the countdown page at %#llx: the new program's own image "
                       "covers it (a non-PIE program with about 2 GB of static data?); ticks "
                       "would change its data: build it as PIE or with less static data",
                       (unsigned long long)engine_page_addr(e));
  if ((uint64_t)result != engine_page_addr(e))
    return engine_fail(e, TRACE_PAGE_LOST,
                "cannot create the countdown page at %#llx in the new program: %s",
                (unsigned long long)engine_page_addr(e),
                result < 0 ? strerror((int)-result) : "mapped elsewhere");
  if (e->opt.layout == ENGINE_LAYOUT_RR)
    for (size_t i = 0; i < sizeof rr_neighbours / sizeof rr_neighbours[0]; i++) {
      const struct st_new_mapping *m = &rr_neighbours[i];
      if ((rc = map_in_new_image(e, m, &result, &status)) != 0) return rc < 0 ? 0 : rc;
      if ((uint64_t)result != m->addr)
        return engine_fail(e, TRACE_PAGE_LOST,
                           "cannot lay out memory as rr does: [%#llx, %#llx) in the new "
                           "program: %s (--layout page maps the countdown page alone)",
                           (unsigned long long)m->addr, (unsigned long long)(m->addr + m->len),
                           result < 0 ? strerror((int)-result) : "mapped elsewhere");
    }
  e->page_ok = 1;
  {
    struct engine_memory_ctx ctx;
    struct st_memory mem = engine_memory(&ctx, e, &e->main);
    if (st_park(e->main.arch, &mem) != 0)
      return engine_fail(e, TRACE_PAGE_LOST, "cannot write the new countdown page");
  }
  if (engine_arm_next(e, &e->main) != 0) return e->error_code;
  return 0;
}

/* ---- syscalls touching the countdown page --------------------------------- */

static int range_hits_page(const struct engine *e, uint64_t addr, uint64_t len) {
  uint64_t p = engine_page_addr(e), end = addr + ((len + 4095) & ~(uint64_t)4095);
  return len && addr < p + RR_SOFTTICKS_MAP_SIZE && end > p;
}

/* At a syscall-entry stop: whether the call, if it succeeds, takes the
 * page away (unmaps, replaces, write-protects or zeroes it); and whether it
 * maps new executable code. */
static const char *page_changing_syscall(struct engine *e, const struct st_task *task,
                                         const struct __ptrace_syscall_info *si,
                                         int *maps_code) {
  const uint64_t *a = si->entry.args;
  uint64_t nr = si->entry.nr;
  int i386 = si->arch == AUDIT_ARCH_I386;
  uint64_t mm[6];
  *maps_code = 0;
  if (i386 && nr == ST_I386_OLD_MMAP) {
    uint32_t words[6];
    int i;
    if (st_task_read_data(task, a[0], words, sizeof words) != 0) return NULL;
    for (i = 0; i < 6; i++) mm[i] = words[i];
    a = mm;
    nr = ST_I386_MMAP2;
  }
  if ((i386 && nr == ST_I386_MMAP2) || (!i386 && nr == SYS_mmap)) {
    *maps_code = (a[2] & PROT_EXEC) != 0;
    if ((a[3] & MAP_FIXED) && !(a[3] & MAP_FIXED_NOREPLACE) && range_hits_page(e, a[0], a[1]))
      return "mmap(MAP_FIXED)";
  } else if ((i386 && nr == ST_I386_MUNMAP) || (!i386 && nr == SYS_munmap)) {
    if (range_hits_page(e, a[0], a[1])) return "munmap";
  } else if ((i386 && nr == ST_I386_MPROTECT) || (!i386 && nr == SYS_mprotect)) {
    *maps_code = (a[2] & PROT_EXEC) != 0;
    if (range_hits_page(e, a[0], a[1]) && (a[2] & (PROT_READ | PROT_WRITE)) != (PROT_READ | PROT_WRITE))
      return "mprotect";
  } else if ((i386 && nr == ST_I386_MREMAP) || (!i386 && nr == SYS_mremap)) {
    if (range_hits_page(e, a[0], a[1])) return "mremap";
    if ((a[3] & MREMAP_FIXED) && range_hits_page(e, a[4], a[2])) return "mremap(MREMAP_FIXED)";
  } else if ((i386 && nr == ST_I386_MADVISE) || (!i386 && nr == SYS_madvise)) {
    if (range_hits_page(e, a[0], a[1]) &&
        (a[2] == MADV_DONTNEED || a[2] == MADV_FREE || a[2] == MADV_REMOVE))
      return "madvise";
  }
  return NULL;
}

static int is_execve(const struct __ptrace_syscall_info *si) {
  if (si->arch == AUDIT_ARCH_I386)
    return si->entry.nr == ST_I386_EXECVE || si->entry.nr == ST_I386_EXECVEAT;
  return si->entry.nr == SYS_execve || si->entry.nr == SYS_execveat;
}

int engine_on_syscall_stop(struct engine *e, struct st_task *task, int *pending) {
  struct __ptrace_syscall_info si;
  int maps_code;
  const char *name;
  memset(&si, 0, sizeof si); /* (for valgrind, which does not know this request) */
  if (ptrace(PTRACE_GET_SYSCALL_INFO, task->pid, sizeof si, &si) <= 0)
    return engine_fail(e, TRACE_INTERNAL, "PTRACE_GET_SYSCALL_INFO: %s", strerror(errno));
  if (task == &e->main) e->main_in_syscall = si.op == PTRACE_SYSCALL_INFO_ENTRY;
  if (si.op == PTRACE_SYSCALL_INFO_ENTRY) {
    *pending = 0;
    if (is_execve(&si)) return engine_harvest(e, task); /* the image and its countdown go */
    if (!e->page_ok) return 0;
    name = page_changing_syscall(e, task, &si, &maps_code);
    if (name) {
      *pending = 1;
      e->page_syscall_name = name;
    } else if (maps_code) {
      *pending = 2;
    }
  } else if (si.op == PTRACE_SYSCALL_INFO_EXIT) {
    if (*pending == 1 && !si.exit.is_error)
      return engine_fail(e, TRACE_PAGE_LOST,
                  "the program's %s took away the countdown page at %#llx: ticks can no "
                  "longer be counted",
                  e->page_syscall_name, (unsigned long long)engine_page_addr(e));
    if (*pending == 2 && !si.exit.is_error) e->code_changed = 1;
    *pending = 0;
  }
  return 0;
}
