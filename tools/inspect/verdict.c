#include "verdict.h"

#include <stdarg.h>
#include <stdio.h>

static void add_message(char messages[][ST_MESSAGE_LEN], unsigned *count, const char *fmt,
                        va_list ap) {
  if (*count >= ST_MAX_MESSAGES) return;
  vsnprintf(messages[*count], ST_MESSAGE_LEN, fmt, ap);
  (*count)++;
}

void st_add_reason(struct st_inspection *insp, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add_message(insp->reasons, &insp->reason_count, fmt, ap);
  va_end(ap);
}

void st_add_warning(struct st_inspection *insp, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  add_message(insp->warnings, &insp->warning_count, fmt, ap);
  va_end(ap);
}

static uint64_t native_ticks(const struct st_inspection *o) {
  return o->arch ? o->ticks_by_arch[o->arch] : 0;
}

int st_is_debug_info_only(const struct st_inspection *o) {
  return o->code_sections > 0 && o->code_sections_nobits == o->code_sections;
}

void st_decide_verdict(struct st_inspection *o) {
  /* Nothing in it runs: the notes it carries are copies of its module's,
   * which is judged on its own. */
  if (st_is_debug_info_only(o)) {
    o->verdict = ST_VERDICT_DEBUG_ONLY;
    return;
  }
  uint64_t native = native_ticks(o);
  uint64_t foreign = o->tick_sites - native;
  int has_note = o->abi_notes > 0 || o->abi_malformed_notes > 0 || o->abi_note_sections > 0;
  int has_init = o->init_definitions > 0 || o->init_array_entries > 0;

  if (o->page_overlap[0]) {
    if (has_note || o->tick_sites > 0 || has_init)
      st_add_reason(o, "%s", o->page_overlap);
    else
      st_add_warning(o, "%s", o->page_overlap);
  }

  if (!has_note && o->tick_sites == 0 && !has_init && o->reason_count == 0) {
    o->verdict = ST_VERDICT_NOT_INSTRUMENTED;
    return;
  }

  /* Each check below is one way a module can disagree with the ABI. */
  if (o->tick_sites > 0 && !has_note) st_add_reason(o, "tick sites without the ABI note");
  /* A module may carry the note and initializer without ticking itself:
   * librrsoftticks does, for programs that tick by hand. */
  if (has_note && o->tick_sites == 0)
    st_add_warning(o, "ABI note without any tick site (a runtime library?)");
  if (foreign > 0)
    st_add_reason(o, "%llu tick sites of another architecture than %s",
                  (unsigned long long)foreign, o->arch ? st_arch_name(o->arch) : "this machine");
  if (o->abi_note_sections > 1)
    st_add_reason(o, "%u %s sections", o->abi_note_sections, RR_SOFTTICKS_NOTE_SECTION);
  if (o->abi_notes > 1) st_add_reason(o, "%u ABI notes (exactly one expected)", o->abi_notes);
  if (o->abi_malformed_notes > 0)
    st_add_reason(o, "%u malformed notes in %s", o->abi_malformed_notes,
                  RR_SOFTTICKS_NOTE_SECTION);
  if (o->abi_version >= 0 && o->abi_version != RR_SOFTTICKS_ABI_VERSION)
    st_add_reason(o, "ABI note version %ld (this inspector knows %d)", o->abi_version,
                  RR_SOFTTICKS_ABI_VERSION);
  if (o->abi_other_version >= 0 && o->abi_other_version != RR_SOFTTICKS_ABI_VERSION)
    st_add_reason(o, "ABI note version %ld (this inspector knows %d)", o->abi_other_version,
                  RR_SOFTTICKS_ABI_VERSION);

  if (o->init_checked) {
    if (has_note && o->init_definitions == 0) st_add_reason(o, "ABI note without an initializer");
    if (!has_note && o->init_definitions > 0) st_add_reason(o, "initializer without the ABI note");
    if (o->init_definitions > 1)
      st_add_reason(o, "%u definitions of %s", o->init_definitions, RR_SOFTTICKS_INIT_SYMBOL);
    if (o->init_definitions > 0 && o->init_array_entries == 0)
      st_add_reason(o, "%s is not in .init_array", RR_SOFTTICKS_INIT_SYMBOL);
    if (o->init_array_entries > 1)
      st_add_reason(o, "%u .init_array entries run %s", o->init_array_entries,
                    RR_SOFTTICKS_INIT_SYMBOL);
    if (o->init_array_wrong_priority > 0)
      st_add_reason(o, "%s runs from .init_array outside %s (priority %d)",
                    RR_SOFTTICKS_INIT_SYMBOL, RR_SOFTTICKS_INIT_ARRAY_SECTION,
                    RR_SOFTTICKS_INIT_PRIORITY);
  } else if (has_note || o->tick_sites > 0) {
    st_add_warning(o, "no symbol table, and no .init_array entry runs this build's initializer"
                      " code: the initializer was not checked");
  }

  /* Manifests describe how units were built; one for another target or
   * ABI version is worth a look but proves nothing about the module. */
  for (unsigned i = 0; i < o->manifest_notes && i < ST_MAX_MANIFESTS; i++) {
    const struct st_manifest_info *m = &o->manifests[i];
    if (!m->decoded) continue;
    if (o->arch && m->manifest.arch != (unsigned)o->arch)
      st_add_warning(o, "manifest %u is for %s", i + 1,
                     st_arch_name((enum rr_softticks_arch)m->manifest.arch));
    if (m->manifest.abi_version != RR_SOFTTICKS_ABI_VERSION)
      st_add_warning(o, "manifest %u names ABI version %u", i + 1, m->manifest.abi_version);
  }

  /* Code linked in without ticks (a prebuilt static library, Rust's
   * standard library): the module is instrumented, but not all of it. */
  if (has_note && o->coverage_checked && o->coverage.untracked > 0) {
    char message[ST_MESSAGE_LEN];
    st_coverage_warning(&o->coverage, 3, message, sizeof message);
    st_add_warning(o, "%s", message);
  }

  o->verdict = o->reason_count ? ST_VERDICT_INCONSISTENT : ST_VERDICT_INSTRUMENTED;
}

const char *st_verdict_name(enum st_verdict v) {
  switch (v) {
    case ST_VERDICT_NOT_ELF: return "not ELF";
    case ST_VERDICT_ERROR: return "error";
    case ST_VERDICT_NOT_INSTRUMENTED: return "not instrumented";
    case ST_VERDICT_INSTRUMENTED: return "instrumented";
    case ST_VERDICT_INCONSISTENT: return "inconsistent";
    case ST_VERDICT_DEBUG_ONLY: return "debug info only";
  }
  return "?";
}
