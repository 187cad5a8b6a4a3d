/* The text and JSON reports; see report.h and tools/SCHEMA.md. */
#include "report.h"

#include <inttypes.h>
#include <string.h>

static const enum rr_softticks_arch arches[] = {RR_SOFTTICKS_ARCH_X86_64, RR_SOFTTICKS_ARCH_I386,
                                                RR_SOFTTICKS_ARCH_AARCH64};
#define ARCH_COUNT (sizeof arches / sizeof arches[0])

/* ---------------------------------------------------------------------- */
/* Text                                                                   */
/* ---------------------------------------------------------------------- */

static void text_manifest(FILE *f, const struct st_manifest_info *m) {
  if (m->decoded)
    fprintf(f, "%s %s, plugin %s, placement rules %u, %s, abi %u", m->manifest.compiler,
            m->manifest.compiler_version, m->manifest.plugin_version,
            m->manifest.placement_rules_version,
            st_arch_name((enum rr_softticks_arch)m->manifest.arch), m->manifest.abi_version);
  else
    fprintf(f, "%zu bytes, undecodable", m->size);
}

/* Nothing in it is checked: say what it is, and which notes it copies. */
static void text_debug_only(FILE *f, const struct st_inspection *o) {
  fputs("  separate debug information: its code is in the module it was split from\n", f);
  if (o->abi_version >= 0)
    fprintf(f, "  carries the ABI note (version %ld) of that module\n", o->abi_version);
  for (unsigned i = 0; i < o->manifest_notes && i < ST_MAX_MANIFESTS; i++) {
    fputs("  carries its manifest: ", f);
    text_manifest(f, &o->manifests[i]);
    fputc('\n', f);
  }
  for (unsigned i = 0; i < o->warning_count; i++) fprintf(f, "  warning: %s\n", o->warnings[i]);
}

/* The functions without a tick: counts, share, the largest by name. */
static void text_coverage(FILE *f, const struct st_coverage *c) {
  unsigned pm = st_coverage_permille(c);
  fprintf(f,
          "  functions: %" PRIu64 " (%" PRIu64 " bytes): %" PRIu64 " with ticks, %" PRIu64
          " tick-free by rule, %" PRIu64 " without a tick (not instrumented or opted out): %" PRIu64
          " bytes, %u.%u%%\n",
          c->functions, c->code_bytes, c->with_ticks, c->exempt, c->untracked, c->untracked_bytes,
          pm / 10, pm % 10);
  for (unsigned i = 0; i < c->largest_count; i++)
    fprintf(f, "    no tick: %s (%" PRIu64 " bytes)\n", c->largest[i].name, c->largest[i].size);
}

static void text_file(FILE *f, const struct st_report_options *opt, const char *path,
                      const struct st_inspection *o) {
  if (o->verdict == ST_VERDICT_ERROR) {
    fprintf(f, "%s: error: %s\n", path, o->error);
    return;
  }
  fprintf(f, "%s: %s (ELF%d %s %s)\n", path, st_verdict_name(o->verdict), o->elf_class,
          st_machine_name(o->machine), st_elf_type_name(o));
  if (o->verdict == ST_VERDICT_NOT_INSTRUMENTED && !opt->functions && !o->warning_count) return;
  if (o->verdict == ST_VERDICT_DEBUG_ONLY) {
    text_debug_only(f, o);
    return;
  }
  if (o->abi_version >= 0)
    fprintf(f, "  abi note: version %ld (%u note%s)\n", o->abi_version, o->abi_notes,
            o->abi_notes == 1 ? "" : "s");
  else
    fprintf(f, "  abi note: none\n");
  for (unsigned i = 0; i < o->manifest_notes && i < ST_MAX_MANIFESTS; i++) {
    fprintf(f, "  manifest: ");
    text_manifest(f, &o->manifests[i]);
    fputc('\n', f);
  }
  fprintf(f, "  tick sites: %" PRIu64, o->tick_sites);
  for (size_t a = 0; a < ARCH_COUNT; a++)
    if (o->ticks_by_arch[arches[a]])
      fprintf(f, " (%s: %" PRIu64 ")", st_arch_name(arches[a]), o->ticks_by_arch[arches[a]]);
  fputc('\n', f);
  if (o->init_checked)
    fprintf(f, "  initializer: %u %s, %u .init_array entr%s\n", o->init_definitions,
            o->init_by_code ? "recognized by its code (no symbols)"
                            : o->init_definitions == 1 ? "definition" : "definitions",
            o->init_array_entries, o->init_array_entries == 1 ? "y" : "ies");
  else
    fprintf(f, "  initializer: not checked (no symbol table)\n");
  if (o->coverage_checked) text_coverage(f, &o->coverage);
  if (opt->functions) {
    for (size_t i = 0; i < o->function_count; i++) {
      const char *cls = st_tick_class_name(o->functions[i].cls);
      fprintf(f, "  function %s: %" PRIu64, o->functions[i].name, o->functions[i].ticks);
      if (o->coverage_checked && cls) fprintf(f, " (%s)", cls);
      fputc('\n', f);
    }
    fprintf(f, "  outside any function: %" PRIu64 "\n", o->ticks_outside_functions);
  }
  for (unsigned i = 0; i < o->reason_count; i++) fprintf(f, "  reason: %s\n", o->reasons[i]);
  for (unsigned i = 0; i < o->warning_count; i++) fprintf(f, "  warning: %s\n", o->warnings[i]);
}

/* ---------------------------------------------------------------------- */
/* JSON                                                                   */
/* ---------------------------------------------------------------------- */

static void json_key(FILE *f, const char *key) {
  fprintf(f, ", \"%s\": ", key);
}

static void json_messages(FILE *f, const char *key, char messages[][ST_MESSAGE_LEN],
                          unsigned count) {
  json_key(f, key);
  fputc('[', f);
  for (unsigned i = 0; i < count; i++) {
    if (i) fputs(", ", f);
    st_json_string(f, messages[i]);
  }
  fputc(']', f);
}

static void json_manifest(FILE *f, const struct st_manifest_info *m) {
  fprintf(f, "{\"size\": %zu, \"decoded\": %s", m->size,
          m->decoded ? "true" : "false");
  if (m->decoded) {
    fprintf(f, ", \"abi_version\": %u, \"arch\": ", m->manifest.abi_version);
    st_json_string(f, st_arch_name((enum rr_softticks_arch)m->manifest.arch));
    fputs(", \"compiler\": ", f);
    st_json_string(f, m->manifest.compiler);
    fputs(", \"compiler_version\": ", f);
    st_json_string(f, m->manifest.compiler_version);
    fputs(", \"plugin_version\": ", f);
    st_json_string(f, m->manifest.plugin_version);
    fprintf(f, ", \"placement_rules_version\": %u", m->manifest.placement_rules_version);
  }
  fputc('}', f);
}

static void json_coverage(FILE *f, const struct st_coverage *c) {
  unsigned pm = st_coverage_permille(c);
  fprintf(f,
          "{\"functions\": %" PRIu64 ", \"bytes\": %" PRIu64 ", \"share_permille\": %u"
          ", \"all_functions\": %" PRIu64 ", \"all_bytes\": %" PRIu64 ", \"with_ticks\": %" PRIu64
          ", \"tick_free_by_rule\": %" PRIu64 ", \"largest\": [",
          c->untracked, c->untracked_bytes, pm, c->functions, c->code_bytes, c->with_ticks,
          c->exempt);
  for (unsigned i = 0; i < c->largest_count; i++) {
    fputs(i ? ", {\"name\": " : "{\"name\": ", f);
    st_json_string(f, c->largest[i].name);
    fprintf(f, ", \"size\": %" PRIu64 "}", c->largest[i].size);
  }
  fputs("]}", f);
}

static void json_file(FILE *f, const struct st_report_options *opt, const char *path,
                      const struct st_inspection *o) {
  fputs("{\"path\": ", f);
  st_json_string(f, path);
  if (o->verdict == ST_VERDICT_ERROR) {
    fputs(", \"error\": ", f);
    st_json_string(f, o->error);
    fputs(", \"verdict\": \"error\", \"instrumented\": false, \"tick_sites\": null,"
          " \"abi_version\": null}",
          f);
    return;
  }
  fprintf(f, ", \"verdict\": \"%s\", \"instrumented\": %s", st_verdict_name(o->verdict),
          o->verdict == ST_VERDICT_INSTRUMENTED ? "true" : "false");
  fprintf(f, ", \"elf_class\": %d, \"machine\": \"%s\", \"e_machine\": %u, \"type\": \"%s\"",
          o->elf_class, st_machine_name(o->machine), o->machine, st_elf_type_name(o));
  json_key(f, "abi_version");
  if (o->abi_version >= 0)
    fprintf(f, "%ld", o->abi_version);
  else
    fputs("null", f);
  fprintf(f, ", \"abi_notes\": %u, \"abi_note_sections\": %u, \"abi_malformed_notes\": %u",
          o->abi_notes, o->abi_note_sections, o->abi_malformed_notes);
  fprintf(f, ", \"tick_sites\": %" PRIu64 ", \"tick_sites_by_arch\": {", o->tick_sites);
  for (size_t a = 0; a < ARCH_COUNT; a++)
    fprintf(f, "%s\"%s\": %" PRIu64, a ? ", " : "", st_arch_name(arches[a]),
            o->ticks_by_arch[arches[a]]);
  fputc('}', f);
  json_key(f, "initializer");
  if (o->init_checked)
    fprintf(f, "{\"definitions\": %u, \"init_array_entries\": %u, \"found_by\": \"%s\"}",
            o->init_definitions, o->init_array_entries, o->init_by_code ? "code" : "symbol");
  else
    fputs("null", f);
  json_key(f, "manifests");
  fputc('[', f);
  for (unsigned i = 0; i < o->manifest_notes && i < ST_MAX_MANIFESTS; i++) {
    if (i) fputs(", ", f);
    json_manifest(f, &o->manifests[i]);
  }
  fprintf(f, "], \"manifest_notes\": %u", o->manifest_notes);
  json_key(f, "symbols");
  if (o->symbols_from)
    st_json_string(f, o->symbols_from);
  else
    fputs("null", f);
  json_key(f, "untracked");
  if (o->coverage_checked)
    json_coverage(f, &o->coverage);
  else
    fputs("null", f);
  if (opt->functions) {
    json_key(f, "functions");
    fputc('[', f);
    for (size_t i = 0; i < o->function_count; i++) {
      const struct st_function_ticks *fn = &o->functions[i];
      fputs(i ? ", {\"name\": " : "{\"name\": ", f);
      st_json_string(f, fn->name);
      fprintf(f, ", \"address\": %" PRIu64 ", \"size\": %" PRIu64 ", \"tick_sites\": %" PRIu64,
              fn->start, fn->size, fn->ticks);
      fputs(", \"tick_free\": ", f);
      if (o->coverage_checked && st_tick_class_name(fn->cls))
        st_json_string(f, st_tick_class_name(fn->cls));
      else
        fputs("null", f);
      fputc('}', f);
    }
    fputc(']', f);
    fprintf(f, ", \"ticks_outside_functions\": %" PRIu64, o->ticks_outside_functions);
  }
  json_messages(f, "reasons", (char(*)[ST_MESSAGE_LEN])o->reasons, o->reason_count);
  json_messages(f, "warnings", (char(*)[ST_MESSAGE_LEN])o->warnings, o->warning_count);
  fputc('}', f);
}

/* ---------------------------------------------------------------------- */

static void json_separator(FILE *f, struct st_report_options *opt) {
  fputs(opt->written ? ",\n" : "\n", f);
  opt->written++;
}

void st_report_begin(FILE *f, struct st_report_options *opt) {
  opt->written = 0;
  if (opt->json) fputc('[', f);
}

void st_report_file(FILE *f, struct st_report_options *opt, const char *path,
                    const struct st_inspection *insp) {
  if (opt->json) {
    json_separator(f, opt);
    json_file(f, opt, path, insp);
  } else {
    text_file(f, opt, path, insp);
    opt->written++;
  }
}

void st_report_unreadable(FILE *f, struct st_report_options *opt, const char *path,
                          const char *message) {
  if (opt->json) {
    json_separator(f, opt);
    fputs("{\"path\": ", f);
    st_json_string(f, path);
    fputs(", \"error\": ", f);
    st_json_string(f, message);
    fputs(", \"verdict\": \"error\", \"instrumented\": false, \"tick_sites\": null,"
          " \"abi_version\": null}",
          f);
  } else {
    fprintf(f, "%s: error: %s\n", path, message);
    opt->written++;
  }
}

void st_report_end(FILE *f, FILE *summary_to, const struct st_report_options *opt,
                   const struct st_summary *s) {
  if (opt->json) {
    fputs(opt->written ? "\n]\n" : "]\n", f);
    fprintf(summary_to,
            "{\"summary\": {\"elf_files\": %lu, \"instrumented\": %lu, \"partly_instrumented\": %lu,"
            " \"not_instrumented\": %lu,"
            " \"inconsistent\": %lu, \"debug_info_only\": %lu, \"errors\": %lu, \"not_elf\": %lu,"
            " \"special_files\": %lu, \"symlinks_skipped\": %lu, \"unreadable\": %lu,"
            " \"archives\": %lu, \"pseudo_filesystems_skipped\": %lu}}\n",
            s->files, s->by_verdict[ST_VERDICT_INSTRUMENTED], s->partly,
            s->by_verdict[ST_VERDICT_NOT_INSTRUMENTED], s->by_verdict[ST_VERDICT_INCONSISTENT],
            s->by_verdict[ST_VERDICT_DEBUG_ONLY], s->by_verdict[ST_VERDICT_ERROR], s->not_elf,
            s->special, s->symlinks, s->unreadable, s->archives, s->pseudo_filesystems);
  } else {
    fprintf(summary_to,
            "summary: %lu ELF files: %lu instrumented, %lu not instrumented, %lu inconsistent,"
            " %lu debug info only, %lu errors; %lu of the instrumented partly; %lu archives read;"
            " skipped: %lu not ELF,"
            " %lu special files, %lu symlinks, %lu pseudo filesystems; %lu unreadable\n",
            s->files, s->by_verdict[ST_VERDICT_INSTRUMENTED],
            s->by_verdict[ST_VERDICT_NOT_INSTRUMENTED], s->by_verdict[ST_VERDICT_INCONSISTENT],
            s->by_verdict[ST_VERDICT_DEBUG_ONLY], s->by_verdict[ST_VERDICT_ERROR], s->partly,
            s->archives,
            s->not_elf, s->special, s->symlinks, s->pseudo_filesystems, s->unreadable);
  }
}
