/*
 * The per-module parts of an instrumented unit (st_module_parts_asm): the
 * initializer with its .init_array entry, the ABI note, the early
 * mapping, the page check and the manifest note.  All sit in COMDAT
 * groups, so a linked module keeps one of each however many units carry
 * them.
 *
 * They are written straight into the assembly output at PLUGIN_FINISH_UNIT,
 * and only by a unit that got at least one tick.  Not as a toplevel asm
 * node: that would be streamed into LTO bytecode and come out again in
 * every link-time unit on top of the copy the unit emits itself.  With
 * -flto the pass (and so this) runs in the link-time units; a fat object's
 * own copy goes away with its non-LTO code when the linker plugin claims
 * the object.
 *
 * A unit that defines __rr_softticks_init itself (own_initializer.cc)
 * carries the initializer's group already: it gets the rest (the early
 * mapping and the manifest), not a second definition.  A unit built for
 * a C library whose loader refuses IRELATIVE relocations (musl,
 * target_libc.cc) gets no early mapping.  Under -masm=intel the parts
 * switch the assembler to AT&T and back (ST_PARTS_INTEL_SYNTAX).
 */
#include "gcc_includes.h"

#include <stdlib.h>

#include "softticks_gcc.h"
#include "module_asm.h"
#include "placement.h"

static void write_wrapped(const char *text) {
  /* The parts switch sections; restore GCC's current one afterwards. */
  fputs("\t.pushsection .text\n", asm_out_file);
  fputs(text, asm_out_file);
  if (*text && text[strlen(text) - 1] != '\n') fputc('\n', asm_out_file);
  fputs("\t.popsection\n", asm_out_file);
}

void st_emit_module_parts(void *, void *) {
  static bool emitted;
  enum rr_softticks_arch arch;
  if (st_option_stats)
    fprintf(stderr, "softticks: unit %s: %lu ticks in %lu functions\n",
            main_input_filename ? main_input_filename : "?", st_unit_ticks, st_unit_functions);
  if (asm_out_file && !emitted) fprintf(asm_out_file, "%s\n", ST_COMPILED_MARKER);
  if (emitted || (st_unit_ticks == 0 && !st_unit_maps_early) || !asm_out_file || !st_target_arch(&arch)) return;
  emitted = true;

  struct st_manifest m;
  m.arch = arch;
  m.compiler = "gcc";
  m.compiler_version = st_gcc_version;
  m.plugin_version = ST_PLUGIN_VERSION;
  m.placement_rules_version = ST_PLACEMENT_RULES_VERSION;
  unsigned options = 0;
  if (st_unit_defines_initializer) options |= ST_PARTS_OWN_INITIALIZER;
  if (!st_unit_may_map_early()) options |= ST_PARTS_NO_EARLY_MAPPING;
  if (st_output_intel_syntax()) options |= ST_PARTS_INTEL_SYNTAX;
  char *parts = st_module_parts_asm(&m, options);
  if (!parts) {
    error_at(UNKNOWN_LOCATION, "softticks: cannot build the initializer and notes of the module");
    return;
  }
  write_wrapped(parts);
  free(parts);
}
