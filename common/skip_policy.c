/*
 * The skip policy (see skip_policy.h and abi/ABI.md "Opting out").
 *
 * Early code is what may run before the module's initializer has mapped
 * the page: ifunc resolvers (during relocation), .preinit_array entries,
 * constructors of priority up to the initializer's, and the functions only
 * they call.  "Only they call" is the largest set of functions whose every
 * caller is early (a greatest fixpoint, so that helpers calling each other
 * recursively still qualify), kept to what the entries reach.
 * Destructors run at exit, when the page exists: they tick.
 */
#include "skip_policy.h"

#include <rr/softticks.h>
#include <stdlib.h>
#include <string.h>

static int has_prefix(const char *s, const char *prefix) {
  return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

static int is_early_entry(const struct st_fn_facts *f) {
  return (f->flags & (ST_FN_IFUNC_RESOLVER | ST_FN_PREINIT)) ||
         (f->ctor_priority != ST_NOT_CDTOR && f->ctor_priority <= RR_SOFTTICKS_INIT_PRIORITY);
}

/* The reason an entry or a helper is early, or ST_TICKS. */
static enum st_skip_reason early_reason(const struct st_fn_facts *f) {
  if (f->flags & ST_FN_IFUNC_RESOLVER) return ST_SKIP_IFUNC_RESOLVER;
  if (f->flags & ST_FN_PREINIT) return ST_SKIP_PREINIT;
  if (is_early_entry(f)) return ST_SKIP_EARLY_CTOR;
  return ST_TICKS;
}

/* Opt-outs: the function never ticks. */
static enum st_skip_reason opt_out_reason(const struct st_fn_facts *f) {
  if (f->flags & ST_FN_INITIALIZER) return ST_SKIP_INITIALIZER;
  if (f->flags & ST_FN_NAKED) return ST_SKIP_NAKED;
  if (f->flags & ST_FN_NO_INSTRUMENT) return ST_SKIP_NO_INSTRUMENT;
  if (f->flags & ST_FN_NO_SANITIZE) return ST_SKIP_NO_SANITIZE;
  if (has_prefix(f->section, RR_SOFTTICKS_SKIP_SECTION_PREFIX)) return ST_SKIP_SECTION;
  return ST_TICKS;
}

/* early[i] = 1 for entries and the helpers only early code calls. */
static void mark_early(const struct st_fn_facts *fns, unsigned n, const struct st_call *calls,
                       unsigned ncalls, unsigned char *early, unsigned char *reached) {
  unsigned i, c;
  int changed;
  /* Candidates: entries, and helpers the unit sees every call of. */
  for (i = 0; i < n; i++)
    early[i] = is_early_entry(&fns[i]) || (fns[i].flags & ST_FN_CALLED_ONLY_IN_UNIT);
  /* Drop helpers with no caller or a caller outside the set, until stable. */
  do {
    changed = 0;
    for (i = 0; i < n; i++) reached[i] = 0;
    /* bit 0: an early caller; bit 1: another caller (self-calls do not count) */
    for (c = 0; c < ncalls; c++)
      if (calls[c].callee < n && calls[c].caller < n && calls[c].caller != calls[c].callee)
        reached[calls[c].callee] |= early[calls[c].caller] ? 1 : 2;
    for (i = 0; i < n; i++)
      if (early[i] && !is_early_entry(&fns[i]) && reached[i] != 1) {
        early[i] = 0;
        changed = 1;
      }
  } while (changed);
  /* Keep what the entries reach (helpers calling only each other are not
   * early). */
  for (i = 0; i < n; i++) reached[i] = is_early_entry(&fns[i]);
  do {
    changed = 0;
    for (c = 0; c < ncalls; c++)
      if (calls[c].callee < n && calls[c].caller < n && reached[calls[c].caller] &&
          early[calls[c].callee] && !reached[calls[c].callee]) {
        reached[calls[c].callee] = 1;
        changed = 1;
      }
  } while (changed);
  for (i = 0; i < n; i++) early[i] = early[i] && reached[i];
}

int st_skip_policy_decide(const struct st_fn_facts *fns, unsigned n, const struct st_call *calls,
                          unsigned ncalls, struct st_skip_decision *out) {
  unsigned char *early = calloc(n ? n : 1, 2);
  unsigned i;
  if (!early) return -1;
  mark_early(fns, n, calls, ncalls, early, early + n);
  for (i = 0; i < n; i++) {
    enum st_skip_reason opt_out = opt_out_reason(&fns[i]);
    /* Opted out or not, an entry maps the page (clang marks ifunc
     * resolvers disable_sanitizer_instrumentation itself); a naked one
     * has no frame to call from, and the initializer would call itself. */
    out[i].maps_page_first =
        is_early_entry(&fns[i]) && !(fns[i].flags & (ST_FN_NAKED | ST_FN_INITIALIZER));
    if (opt_out != ST_TICKS) {
      out[i].reason = opt_out;
    } else if (is_early_entry(&fns[i])) {
      out[i].reason = early_reason(&fns[i]);
    } else {
      out[i].reason = early[i] ? ST_SKIP_ONLY_CALLED_EARLY : ST_TICKS;
    }
  }
  free(early);
  return 0;
}

int st_is_preinit_section(const char *section) {
  return section && (strcmp(section, ".preinit_array") == 0 ||
                     strncmp(section, ".preinit_array.", strlen(".preinit_array.")) == 0);
}

int st_init_array_section_priority(const char *section) {
  const char *prefix = ".init_array.", *digits;
  long priority = 0;
  if (!has_prefix(section, prefix)) return ST_NOT_CDTOR;
  digits = section + strlen(prefix);
  if (!*digits || strlen(digits) > 5) return ST_NOT_CDTOR;
  for (; *digits; digits++) {
    if (*digits < '0' || *digits > '9') return ST_NOT_CDTOR;
    priority = priority * 10 + (*digits - '0');
  }
  return (int)priority;
}

const char *st_skip_reason_text(enum st_skip_reason reason) {
  switch (reason) {
    case ST_TICKS: return "ticks";
    case ST_SKIP_NAKED: return "naked";
    case ST_SKIP_NO_INSTRUMENT: return "no_instrument_function";
    case ST_SKIP_NO_SANITIZE: return "disable_sanitizer_instrumentation";
    case ST_SKIP_SECTION: return "softticks section";
    case ST_SKIP_IFUNC_RESOLVER: return "ifunc resolver";
    case ST_SKIP_PREINIT: return ".preinit_array entry";
    case ST_SKIP_EARLY_CTOR: return "constructor before the initializer";
    case ST_SKIP_ONLY_CALLED_EARLY: return "called only before the initializer";
    case ST_SKIP_INITIALIZER: return "the initializer";
  }
  return "?";
}
