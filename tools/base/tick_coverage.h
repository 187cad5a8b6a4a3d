/*
 * Which functions of a module carry no tick, for both tools: the
 * inspector's "partly instrumented" report and the tracer's warning when
 * it loads a module.  The tools read the function symbols and find the
 * tick sites (tick_scan.c) themselves; this decides, by one rule, which
 * tick-free functions are legitimately so and sums up the others.
 *
 * The rule (tools/inspect/README.md, "Functions without a tick"): a
 * function symbol with code (a size) and no whole tick sequence of the
 * module's architecture is untracked unless it is
 *   - softticks's own code: the module parts the plugins add (name
 *     __rr_softticks*: the initializer, the early mapping's resolver and
 *     no-op, the page check) and librrsoftticks's functions (rr_softticks_*);
 *   - an ifunc resolver (STT_GNU_IFUNC: runs before the initializer);
 *   - in a section named .text.__rr_softticks* (opted out; after linking
 *     the section name is gone, so only in relocatable files);
 *   - in .plt, .plt.got, .plt.sec, .iplt, .init or .fini;
 *   - one of the toolchain's start files and glibc's libc_nonshared.a,
 *     which the compiler driver links into every program (_start, ...);
 *   - a compiler thunk (__x86.get_pc_thunk.*, retpoline thunks, rustc's
 *     allocator shim __rust_alloc...: one jump to the allocator);
 *   - NAME.cold or NAME.cold.N of a function NAME (or an alias) that ticks: a part split
 *     off a function's body (GCC's hot/cold partitioning, LLVM's hot/cold
 *     splitting), entered from that function, not a function entry; and
 *     OUTLINED_FUNCTION_N, LLVM's machine outliner's straight-line pieces
 *     of the functions it was cut from.
 */
#ifndef SOFTTICKS_TOOLBASE_TICK_COVERAGE_H
#define SOFTTICKS_TOOLBASE_TICK_COVERAGE_H

#include <stddef.h>
#include <stdint.h>

enum st_tick_class {
  ST_TICK_CLASS_TICKS = 0,     /* holds a tick sequence */
  ST_TICK_CLASS_UNTRACKED,     /* code, no tick, none of the below */
  ST_TICK_CLASS_SOFTTICKS,     /* __rr_softticks*, rr_softticks_*: softticks's own code */
  ST_TICK_CLASS_IFUNC,         /* an ifunc resolver */
  ST_TICK_CLASS_OPTED_OUT,     /* in a .text.__rr_softticks* section */
  ST_TICK_CLASS_STUB_SECTION,  /* in .plt*, .iplt, .init, .fini */
  ST_TICK_CLASS_START_FILE,    /* crt*.o, libc_nonshared.a */
  ST_TICK_CLASS_THUNK,         /* compiler thunks */
  ST_TICK_CLASS_SPLIT_PART     /* NAME.cold[.N] of a NAME that ticks, OUTLINED_FUNCTION_N */
};

/* How many of the largest untracked functions are named. */
#define ST_COVERAGE_LARGEST 5
#define ST_COVERAGE_NAME_LEN 256

struct st_coverage_item {
  const char *name;
  const char *section; /* name of the symbol's section, NULL if unknown */
  uint64_t size;       /* > 0 */
  int has_tick;
  int ifunc;                /* STT_GNU_IFUNC */
  enum st_tick_class cls;   /* set by st_coverage_classify */
};

struct st_coverage {
  uint64_t functions;       /* function symbols with code (aliases once) */
  uint64_t code_bytes;      /* their sizes */
  uint64_t with_ticks;
  uint64_t exempt;          /* tick-free by the rule */
  uint64_t untracked;
  uint64_t untracked_bytes;
  unsigned largest_count;   /* the largest untracked ones, largest first */
  struct {
    char name[ST_COVERAGE_NAME_LEN]; /* truncated to fit */
    uint64_t size;
  } largest[ST_COVERAGE_LARGEST];
};

/* Another name of items[item] (aliases are one item): the name a .cold
 * part is named after may be any of them (C++ constructors: C1 and C2). */
struct st_coverage_alias {
  const char *name;
  size_t item;
};

/* The aliases a symbol reader keeps while merging them into items: a
 * growable list that owns its names.  Start with ST_COVERAGE_ALIASES_INIT. */
struct st_coverage_aliases {
  struct st_coverage_alias *names;
  size_t count, capacity;
};
#define ST_COVERAGE_ALIASES_INIT {NULL, 0, 0}

/* Appends (name, item); the list owns name from here on.  Out of memory:
 * frees name and leaves the alias out (a .cold part named after it then
 * counts as untracked, never the other way round). */
void st_coverage_aliases_add(struct st_coverage_aliases *l, char *name, size_t item);

/* Frees the names and the list; the list is empty afterwards. */
void st_coverage_aliases_free(struct st_coverage_aliases *l);

/* Sets items[i].cls for every item and sums them up in *out.  Returns 0,
 * or -1 when out of memory (then *out counts no split part). */
int st_coverage_classify(struct st_coverage_item *items, size_t count,
                         const struct st_coverage_alias *aliases, size_t alias_count,
                         struct st_coverage *out);

/* "untracked", "softticks module part", "ifunc resolver", ... (NULL for
 * ST_TICK_CLASS_TICKS). */
const char *st_tick_class_name(enum st_tick_class cls);

/* Untracked bytes per thousand code bytes, rounded down (0..1000). */
unsigned st_coverage_permille(const struct st_coverage *c);

/* The one-line warning both tools print for a module with untracked
 * functions: "partly instrumented: N of M functions (X.Y% of their code
 * bytes) carry no tick (not instrumented or opted out); largest: A (n
 * bytes), B (n bytes)", with at most `largest` names, each whole or left
 * out when it does not fit in len. */
void st_coverage_warning(const struct st_coverage *c, unsigned largest, char *buf, size_t len);

#endif
