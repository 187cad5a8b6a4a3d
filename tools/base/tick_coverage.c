/* Functions without a tick, by one rule; see tick_coverage.h. */
#include "tick_coverage.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the compiler driver links into every program besides the user's
 * objects, found by building fully instrumented programs (GCC plugin and
 * clang, dynamic, static, PIE, static-PIE, non-PIE, x86-64 and i386) and
 * listing the function symbols without a tick, plus the sized versions
 * other toolchains give the same crt symbols:
 *   crt1.o, Scrt1.o, rcrt1.o   _start, _dl_relocate_static_pie
 *   crti.o, crtn.o             _init, _fini (aarch64 also call_weak_fn)
 *   crtbegin*.o, crtend*.o     deregister_tm_clones, register_tm_clones,
 *                              __do_global_dtors_aux, frame_dummy,
 *                              __do_global_ctors_aux
 *   libc_nonshared.a           atexit, at_quick_exit, __pthread_atfork,
 *                              __stack_chk_fail_local (glibc >= 2.34;
 *                              older: __libc_csu_init, __libc_csu_fini)
 *   musl's crt1.o              _start_c
 * None of them holds a loop, except __libc_csu_init, which runs the
 * .init_array entries (the initializer among them) and so must not tick. */
static const char *const start_file_functions[] = {
    "_start",          "_dl_relocate_static_pie", "_init",
    "_fini",           "call_weak_fn",            "deregister_tm_clones",
    "register_tm_clones", "__do_global_dtors_aux", "frame_dummy",
    "__do_global_ctors_aux", "atexit",             "at_quick_exit",
    "__pthread_atfork", "__stack_chk_fail_local",  "__libc_csu_init",
    "__libc_csu_fini", "_start_c",
};

/* Sections of linker-made stubs and of the start files' prologue and
 * epilogue fragments. */
static const char *const stub_sections[] = {".plt", ".plt.got", ".plt.sec", ".iplt", ".init",
                                            ".fini"};

/* The module parts the plugins add (__rr_softticks_init, the early
 * mapping) and librrsoftticks's functions (rr_softticks_*, in its opt-out
 * section, which linking merges away). */
#define SOFTTICKS_PREFIX "__rr_softticks"
#define RUNTIME_PREFIX "rr_softticks_"
#define OPT_OUT_SECTION_PREFIX ".text.__rr_softticks"

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int in_list(const char *s, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(s, list[i]) == 0) return 1;
  return 0;
}

/* rustc's allocator shim: __rust_alloc and friends, each a jump to the
 * allocator's function (which ticks), made by rustc outside the LLVM
 * pipelines the plugin runs in.  v0 names put them in the crate-less
 * namespace ___rustc (_RNvCs<hash>_7___rustc<len><name>); legacy names are
 * bare. */
static int is_rustc_shim(const char *name) {
  static const char *const legacy[] = {"__rust_alloc", "__rust_dealloc", "__rust_realloc",
                                       "__rust_alloc_zeroed", "__rust_no_alloc_shim_is_unstable"};
  for (size_t i = 0; i < sizeof legacy / sizeof legacy[0]; i++)
    if (strcmp(name, legacy[i]) == 0) return 1;
  return starts_with(name, "_RNvCs") && strstr(name, "_7___rustc") != NULL;
}

/* GCC's -mindirect-branch/-mfunction-return thunks and i386's PIC
 * register thunks: a few instructions, no loop a program runs. */
static int is_thunk(const char *name) {
  return starts_with(name, "__x86.get_pc_thunk.") || starts_with(name, "__x86_indirect_thunk") ||
         starts_with(name, "__x86_indirect_call_thunk") ||
         starts_with(name, "__x86_indirect_jump_thunk") || strcmp(name, "__x86_return_thunk") == 0 ||
         is_rustc_shim(name);
}

/* Length of NAME in NAME.cold or NAME.cold.N (N decimal), else 0. */
static size_t split_parent_length(const char *name) {
  const char *p = strstr(name, ".cold");
  while (p) {
    const char *rest = p + 5;
    if (*rest == '.' && rest[1]) {
      const char *d = rest + 1;
      while (*d >= '0' && *d <= '9') d++;
      if (!*d) return (size_t)(p - name);
    } else if (!*rest) {
      return (size_t)(p - name);
    }
    p = strstr(p + 1, ".cold");
  }
  return 0;
}

/* LLVM's machine outliner (aarch64 at -Oz, -moutline, or forced): a
 * straight-line piece of the instrumented functions it was cut from,
 * named OUTLINED_FUNCTION_N, called from them. */
static int is_outlined(const char *name) {
  const char *d = name + strlen("OUTLINED_FUNCTION_");
  if (!starts_with(name, "OUTLINED_FUNCTION_") || !*d) return 0;
  while (*d >= '0' && *d <= '9') d++;
  return !*d;
}

static enum st_tick_class classify_by_name(const struct st_coverage_item *f) {
  if (f->has_tick) return ST_TICK_CLASS_TICKS;
  if (starts_with(f->name, SOFTTICKS_PREFIX) || starts_with(f->name, RUNTIME_PREFIX))
    return ST_TICK_CLASS_SOFTTICKS;
  if (f->ifunc) return ST_TICK_CLASS_IFUNC;
  if (f->section && starts_with(f->section, OPT_OUT_SECTION_PREFIX)) return ST_TICK_CLASS_OPTED_OUT;
  if (f->section && in_list(f->section, stub_sections, sizeof stub_sections / sizeof *stub_sections))
    return ST_TICK_CLASS_STUB_SECTION;
  if (in_list(f->name, start_file_functions,
              sizeof start_file_functions / sizeof *start_file_functions))
    return ST_TICK_CLASS_START_FILE;
  if (is_thunk(f->name)) return ST_TICK_CLASS_THUNK;
  if (is_outlined(f->name)) return ST_TICK_CLASS_SPLIT_PART;
  return ST_TICK_CLASS_UNTRACKED;
}

static int compare_names(const void *x, const void *y) {
  return strcmp(*(const char *const *)x, *(const char *const *)y);
}

struct prefix_key {
  const char *name;
  size_t len;
};

static int compare_prefix(const void *key, const void *elem) {
  const struct prefix_key *k = key;
  const char *name = *(const char *const *)elem;
  int c = strncmp(k->name, name, k->len);
  if (c) return c;
  return name[k->len] ? -1 : 0; /* the key is a proper prefix: it sorts first */
}

/* Keeps the ST_COVERAGE_LARGEST largest untracked ones, largest first
 * (ties: the name that sorts first). */
static void note_largest(struct st_coverage *c, const struct st_coverage_item *f) {
  unsigned at = c->largest_count;
  while (at > 0 && (f->size > c->largest[at - 1].size ||
                    (f->size == c->largest[at - 1].size &&
                     strncmp(f->name, c->largest[at - 1].name, ST_COVERAGE_NAME_LEN - 1) < 0)))
    at--;
  if (at >= ST_COVERAGE_LARGEST) return;
  unsigned last = c->largest_count < ST_COVERAGE_LARGEST ? c->largest_count
                                                         : ST_COVERAGE_LARGEST - 1;
  memmove(&c->largest[at + 1], &c->largest[at], (last - at) * sizeof c->largest[0]);
  snprintf(c->largest[at].name, sizeof c->largest[at].name, "%s", f->name);
  c->largest[at].size = f->size;
  if (c->largest_count < ST_COVERAGE_LARGEST) c->largest_count++;
}

int st_coverage_classify(struct st_coverage_item *items, size_t count,
                         const struct st_coverage_alias *aliases, size_t alias_count,
                         struct st_coverage *out) {
  const char **ticking = NULL;
  size_t ticking_count = 0;
  int rc = 0;
  memset(out, 0, sizeof *out);
  for (size_t i = 0; i < count; i++) {
    items[i].cls = classify_by_name(&items[i]);
    if (items[i].cls == ST_TICK_CLASS_TICKS) ticking_count++;
  }
  for (size_t i = 0; i < alias_count; i++)
    if (aliases[i].item < count && items[aliases[i].item].cls == ST_TICK_CLASS_TICKS) ticking_count++;
  /* NAME.cold[.N] whose NAME ticks: a sorted list of the ticking names. */
  if (ticking_count) {
    ticking = malloc(ticking_count * sizeof *ticking);
    if (ticking) {
      size_t k = 0;
      for (size_t i = 0; i < count; i++)
        if (items[i].cls == ST_TICK_CLASS_TICKS) ticking[k++] = items[i].name;
      for (size_t i = 0; i < alias_count; i++)
        if (aliases[i].item < count && items[aliases[i].item].cls == ST_TICK_CLASS_TICKS)
          ticking[k++] = aliases[i].name;
      qsort(ticking, ticking_count, sizeof *ticking, compare_names);
    } else {
      rc = -1;
    }
  }
  for (size_t i = 0; i < count; i++) {
    struct st_coverage_item *f = &items[i];
    if (f->cls == ST_TICK_CLASS_UNTRACKED && ticking) {
      struct prefix_key key = {f->name, split_parent_length(f->name)};
      if (key.len && bsearch(&key, ticking, ticking_count, sizeof *ticking, compare_prefix))
        f->cls = ST_TICK_CLASS_SPLIT_PART;
    }
    out->functions++;
    out->code_bytes += f->size;
    if (f->cls == ST_TICK_CLASS_TICKS) {
      out->with_ticks++;
    } else if (f->cls == ST_TICK_CLASS_UNTRACKED) {
      out->untracked++;
      out->untracked_bytes += f->size;
      note_largest(out, f);
    } else {
      out->exempt++;
    }
  }
  free(ticking);
  return rc;
}

const char *st_tick_class_name(enum st_tick_class cls) {
  switch (cls) {
    case ST_TICK_CLASS_TICKS: return NULL;
    case ST_TICK_CLASS_UNTRACKED: return "untracked";
    case ST_TICK_CLASS_SOFTTICKS: return "softticks module part";
    case ST_TICK_CLASS_IFUNC: return "ifunc resolver";
    case ST_TICK_CLASS_OPTED_OUT: return "opted out";
    case ST_TICK_CLASS_STUB_SECTION: return "plt, init or fini";
    case ST_TICK_CLASS_START_FILE: return "start file";
    case ST_TICK_CLASS_THUNK: return "compiler thunk";
    case ST_TICK_CLASS_SPLIT_PART: return "split part";
  }
  return "?";
}

unsigned st_coverage_permille(const struct st_coverage *c) {
  if (!c->code_bytes) return 0;
  /* Without overflow for any 64-bit sizes. */
  if (c->untracked_bytes <= UINT64_MAX / 1000)
    return (unsigned)(c->untracked_bytes * 1000 / c->code_bytes);
  return (unsigned)(c->untracked_bytes / (c->code_bytes / 1000 ? c->code_bytes / 1000 : 1));
}

void st_coverage_warning(const struct st_coverage *c, unsigned largest, char *buf, size_t len) {
  unsigned pm = st_coverage_permille(c);
  int n;
  size_t used;
  if (!len) return;
  n = snprintf(buf, len,
               "partly instrumented: %llu of %llu functions (%u.%u%% of their code bytes) carry "
               "no tick (not instrumented or opted out)",
               (unsigned long long)c->untracked, (unsigned long long)c->functions, pm / 10,
               pm % 10);
  if (n < 0 || (size_t)n >= len) return;
  used = (size_t)n;
  for (unsigned i = 0; i < c->largest_count && i < largest; i++) {
    n = snprintf(buf + used, len - used, "%s%s (%llu bytes)", i ? ", " : "; largest: ",
                 c->largest[i].name, (unsigned long long)c->largest[i].size);
    if (n < 0 || (size_t)n >= len - used) {
      buf[used] = 0; /* names whole or not at all */
      return;
    }
    used += (size_t)n;
  }
}

void st_coverage_aliases_add(struct st_coverage_aliases *l, char *name, size_t item) {
  if (l->count == l->capacity) {
    size_t capacity = l->capacity ? 2 * l->capacity : 16;
    struct st_coverage_alias *grown = realloc(l->names, capacity * sizeof *grown);
    if (!grown) {
      free(name);
      return;
    }
    l->names = grown;
    l->capacity = capacity;
  }
  l->names[l->count].name = name;
  l->names[l->count].item = item;
  l->count++;
}

void st_coverage_aliases_free(struct st_coverage_aliases *l) {
  for (size_t i = 0; i < l->count; i++) free((char *)l->names[i].name);
  free(l->names);
  l->names = NULL;
  l->count = l->capacity = 0;
}
