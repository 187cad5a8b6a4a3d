/*
 * common/skip_policy.c on hand-made units: every rule, with the expected
 * decision written out per function.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "skip_policy.h"

#define NONE ST_NOT_CDTOR
#define FN(name, flags) {name, NULL, flags, NONE, NONE}
#define LOCAL ST_FN_CALLED_ONLY_IN_UNIT

static void expect(const char *unit, const struct st_fn_facts *fns, unsigned n,
                   const struct st_call *calls, unsigned ncalls,
                   const enum st_skip_reason *reasons, const int *maps) {
  struct st_skip_decision out[32];
  int decided = st_skip_policy_decide(fns, n, calls, ncalls, out) == 0;
  CHECK(decided, "%s: decide returned an error", unit);
  if (!decided) return;
  for (unsigned i = 0; i < n; i++)
    CHECK(out[i].reason == reasons[i] && out[i].maps_page_first == maps[i],
          "%s: %s: %s, maps %d; want %s, maps %d", unit, fns[i].name,
          st_skip_reason_text(out[i].reason), out[i].maps_page_first,
          st_skip_reason_text(reasons[i]), maps[i]);
}

static void opt_outs(void) {
  struct st_fn_facts fns[] = {
      FN("plain", 0),
      FN("naked", ST_FN_NAKED),
      FN("no_instrument", ST_FN_NO_INSTRUMENT),
      FN("no_sanitize", ST_FN_NO_SANITIZE),
      {"own_section", ".text.__rr_softticks_x", 0, NONE, NONE},
      {"other_section", ".text.hot", 0, NONE, NONE},
      {"prefix_only", ".text.__rr_soft", 0, NONE, NONE},
  };
  enum st_skip_reason want[] = {ST_TICKS,         ST_SKIP_NAKED, ST_SKIP_NO_INSTRUMENT,
                                ST_SKIP_NO_SANITIZE, ST_SKIP_SECTION, ST_TICKS, ST_TICKS};
  int maps[7] = {0};
  expect("opt-outs", fns, 7, NULL, 0, want, maps);
}

static void early_entries(void) {
  struct st_fn_facts fns[] = {
      FN("resolver", ST_FN_IFUNC_RESOLVER | LOCAL),
      FN("preinit", ST_FN_PREINIT),
      {"ctor0", NULL, 0, 0, NONE},
      {"ctor1", NULL, 0, 1, NONE},
      {"ctor2", NULL, 0, 2, NONE},
      {"ctor101", NULL, 0, 101, NONE},
      {"ctor_default", NULL, 0, 65535, NONE},
      {"dtor0", NULL, 0, NONE, 0},
      /* An opted-out entry still maps the page (clang marks resolvers
       * disable_sanitizer_instrumentation); a naked one cannot. */
      FN("marked_resolver", ST_FN_IFUNC_RESOLVER | ST_FN_NO_SANITIZE),
      FN("naked_resolver", ST_FN_IFUNC_RESOLVER | ST_FN_NAKED),
  };
  enum st_skip_reason want[] = {
      ST_SKIP_IFUNC_RESOLVER, ST_SKIP_PREINIT, ST_SKIP_EARLY_CTOR, ST_SKIP_EARLY_CTOR,
      ST_TICKS,               ST_TICKS,        ST_TICKS,           ST_TICKS,
      ST_SKIP_NO_SANITIZE,    ST_SKIP_NAKED};
  int maps[] = {1, 1, 1, 1, 0, 0, 0, 0, 1, 0};
  expect("early entries", fns, 10, NULL, 0, want, maps);
}

static void helpers(void) {
  enum { RESOLVER, CTOR, ONLY, DEEP, REC, SHARED, PUBLIC, ADDR, PING, PONG, MAIN, CTOR_ONLY, N };
  struct st_fn_facts fns[N] = {
      [RESOLVER] = FN("resolver", ST_FN_IFUNC_RESOLVER),
      [CTOR] = {"ctor0", NULL, 0, 0, NONE},
      [ONLY] = FN("only_early", LOCAL),
      [DEEP] = FN("deeper", LOCAL),
      [REC] = FN("recursive", LOCAL),
      [SHARED] = FN("shared_local", LOCAL),
      [PUBLIC] = FN("public", 0),   /* the unit may not see all its callers */
      [ADDR] = FN("address_taken", 0), /* a plugin clears LOCAL for it */
      [PING] = FN("ping", LOCAL),
      [PONG] = FN("pong", LOCAL),
      [MAIN] = FN("main", 0),
      [CTOR_ONLY] = FN("ctor_only", LOCAL),
  };
  struct st_call calls[] = {
      {RESOLVER, ONLY}, {ONLY, DEEP},     {RESOLVER, REC},  {REC, REC},
      {RESOLVER, SHARED}, {MAIN, SHARED}, {RESOLVER, PUBLIC}, {RESOLVER, ADDR},
      {PING, PONG},     {PONG, PING},     {MAIN, PING},     {CTOR, CTOR_ONLY},
      {CTOR, ONLY},
  };
  enum st_skip_reason want[N] = {
      [RESOLVER] = ST_SKIP_IFUNC_RESOLVER,   [CTOR] = ST_SKIP_EARLY_CTOR,
      [ONLY] = ST_SKIP_ONLY_CALLED_EARLY,    [DEEP] = ST_SKIP_ONLY_CALLED_EARLY,
      [REC] = ST_SKIP_ONLY_CALLED_EARLY,     [SHARED] = ST_TICKS,
      [PUBLIC] = ST_TICKS,                   [ADDR] = ST_TICKS,
      [PING] = ST_TICKS,                     [PONG] = ST_TICKS,
      [MAIN] = ST_TICKS,                     [CTOR_ONLY] = ST_SKIP_ONLY_CALLED_EARLY,
  };
  int maps[N] = {[RESOLVER] = 1, [CTOR] = 1};
  expect("helpers", fns, N, calls, sizeof calls / sizeof *calls, want, maps);

  /* Helpers that only call each other, reached from nothing early, and a
   * local function nobody calls: they tick. */
  struct st_fn_facts loose[] = {FN("a", LOCAL), FN("b", LOCAL), FN("unused", LOCAL)};
  struct st_call loop[] = {{0, 1}, {1, 0}};
  enum st_skip_reason ticks[] = {ST_TICKS, ST_TICKS, ST_TICKS};
  int none[3] = {0};
  expect("unreached cycle", loose, 3, loop, 2, ticks, none);
}

static void sections(void) {
  static const struct {
    const char *section;
    int preinit, priority;
  } cases[] = {
      {".preinit_array", 1, NONE},       {".preinit_array.x", 1, NONE},
      {".preinit_arrayx", 0, NONE},      {".init_array", 0, NONE},
      {".init_array.00000", 0, 0},       {".init_array.00001", 0, 1},
      {".init_array.101", 0, 101},       {".init_array.65535", 0, 65535},
      {".init_array.", 0, NONE},         {".init_array.1x", 0, NONE},
      {".init_array.123456", 0, NONE},   {".fini_array.00000", 0, NONE},
      {NULL, 0, NONE},
  };
  for (unsigned i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *s = cases[i].section;
    CHECK(st_is_preinit_section(s) == cases[i].preinit &&
              st_init_array_section_priority(s) == cases[i].priority,
          "section %s: preinit %d priority %d", s ? s : "(none)", st_is_preinit_section(s),
          st_init_array_section_priority(s));
  }
}

/* A hand-instrumented unit's own initializer, written in C: it never ticks
 * and, though its .init_array.00001 slot makes it a priority-1
 * constructor, never calls itself first. */
static void own_initializer(void) {
  struct st_fn_facts fns[] = {
      {"__rr_softticks_init", NULL, ST_FN_INITIALIZER, 1, NONE},
      {"__rr_softticks_init_local", NULL, ST_FN_INITIALIZER | LOCAL, NONE, NONE},
      {"ctor1", NULL, 0, 1, NONE},
  };
  enum st_skip_reason want[] = {ST_SKIP_INITIALIZER, ST_SKIP_INITIALIZER, ST_SKIP_EARLY_CTOR};
  int maps[] = {0, 0, 1};
  expect("own initializer", fns, 3, NULL, 0, want, maps);
  CHECK(strcmp(st_skip_reason_text(ST_SKIP_INITIALIZER), "the initializer") == 0);
}

int main(void) {
  sections();
  own_initializer();
  opt_outs();
  early_entries();
  helpers();
  CHECK(strcmp(st_skip_reason_text(ST_SKIP_IFUNC_RESOLVER), "ifunc resolver") == 0);
  return check_report("skip_policy");
}
