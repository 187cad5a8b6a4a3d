/*
 * __RR_SOFTTICKS__ = the ABI version, in every unit the plugin is loaded
 * into, so that hand-written loops can tick (RR_SOFTTICK()).
 *
 * The macro is defined where GCC defines its own predefined macros, as
 * the last of them: c_finish_options() (C, C++, Objective-C, and -E, which
 * is also how the driver preprocesses a .S file) renames the line map to
 * "<built-in>", defines the builtins, renames it to "<command-line>" and
 * then runs the -D and -U options.  Each rename raises PLUGIN_INCLUDE_FILE,
 * so the second one after PLUGIN_PRAGMAS (which the C family raises just
 * before, from init_pragma()) is the moment the builtins are complete: the
 * line map is "<built-in>" line 0, the debug back end is initialised, and
 * a -U__RR_SOFTTICKS__ on the command line still wins.  Defining it any
 * earlier crashed GCC: with -g3 the definition goes to the DWARF macro
 * table, which does not exist yet at PLUGIN_PRAGMAS.
 *
 * Preprocessed input (.i, .ii, -fpreprocessed, the second half of
 * -save-temps) gets no definition: its macros were expanded already, and
 * with -dD/-g3 it carries its own #define lines.  Its c_finish_options
 * defines nothing either.
 *
 * The reader is the C family's global parse_in, which other front ends
 * (lto1) lack: look it up at run time so that the plugin still loads there.
 */
#include "gcc_includes.h"

#include <dlfcn.h>

#include "softticks_gcc.h"

#define ST_STRINGIFY_(x) #x
#define ST_STRINGIFY(x) ST_STRINGIFY_(x)

namespace {

cpp_reader *reader;

/* PLUGIN_INCLUDE_FILE events still to come before the definition: 2 after
 * PLUGIN_PRAGMAS ("<built-in>", then "<command-line>"), 0 when done or
 * not wanted. */
int renames_to_wait;

void arm(void *, void *) {
  if (!(reader = st_c_family_reader())) return;
  renames_to_wait = 2;
}

void define_after_builtins(void *, void *) {
  if (renames_to_wait == 0 || --renames_to_wait > 0) return;
  cpp_define(reader, "__RR_SOFTTICKS__=" ST_STRINGIFY(RR_SOFTTICKS_ABI_VERSION));
}

}  // namespace

cpp_reader *st_c_family_reader(void) {
  cpp_reader **parse_in = (cpp_reader **)dlsym(RTLD_DEFAULT, "parse_in");
  if (!parse_in || !*parse_in || cpp_get_options(*parse_in)->preprocessed) return NULL;
  return *parse_in;
}

void st_register_predefine(void) {
  register_callback(st_plugin_name, PLUGIN_PRAGMAS, arm, NULL);
  register_callback(st_plugin_name, PLUGIN_INCLUDE_FILE, define_after_builtins, NULL);
}
