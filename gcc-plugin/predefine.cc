/*
 * __RR_SOFTTICKS__ = the ABI version, in every unit the plugin is loaded
 * into, so that hand-written loops can tick (RR_SOFTTICK()).
 *
 * The C family front ends call PLUGIN_PRAGMAS from init_pragma(), before
 * they either parse or, with -E (also how the driver preprocesses a .S
 * file: cc1 -E -lang-asm), only preprocess; so defining the macro there
 * reaches C, C++ and preprocessed assembly alike, and a later
 * -U__RR_SOFTTICKS__ on the command line still wins.
 *
 * The reader is the C family's global parse_in, which other front ends
 * (lto1) lack: look it up at run time so that the plugin still loads there.
 */
#include "gcc_includes.h"

#include <dlfcn.h>

#include "softticks_gcc.h"

#define ST_STRINGIFY_(x) #x
#define ST_STRINGIFY(x) ST_STRINGIFY_(x)

void st_predefine_macro(void *, void *) {
  cpp_reader **reader = (cpp_reader **)dlsym(RTLD_DEFAULT, "parse_in");
  if (!reader || !*reader) return;
  cpp_define(*reader, "__RR_SOFTTICKS__=" ST_STRINGIFY(RR_SOFTTICKS_ABI_VERSION));
}
