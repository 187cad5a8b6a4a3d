/*
 * gcc -fplugin=softticks.so: instruments every function for rr's software
 * ticks (see abi/ABI.md and README.md here).
 * plugin_init checks the GCC it was loaded into, reads the arguments and
 * registers the pass and callbacks; the work is in the other files.
 */
#include "gcc_includes.h"
#include "plugin-version.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <string>

#include "softticks_gcc.h"
#include "manifest.h"

/* GCC refuses to load a plugin that does not declare a GPL-compatible
 * license. */
int plugin_is_GPL_compatible;

const char *st_plugin_name = "softticks";
bool st_option_stats = false;
const char *st_gcc_version = "";

static struct plugin_info st_info = {
    ST_PLUGIN_VERSION,
    "Inserts rr software-tick sequences (function entries, cycle heads, after\n"
    "returns_twice calls) and the per-module initializer and ABI note.\n"
    "Predefines __RR_SOFTTICKS__=1.  With -flto, pass -fplugin= at link time too.\n"
    "Arguments:\n"
    "  -fplugin-arg-softticks-stats   print tick counts per function and unit on stderr\n"
    "  -fplugin-arg-softticks-late-save  (tests) late ticks save and restore what they clobber"};

/* The --target= part of a configure line, or the whole line. */
static const char *configured_target(const char *config, char *buf, size_t size) {
  const char *t = config ? strstr(config, "--target=") : NULL;
  size_t n;
  if (!t) return config ? config : "?";
  t += strlen("--target=");
  n = strcspn(t, " ");
  if (n >= size) n = size - 1;
  memcpy(buf, t, n);
  buf[n] = '\0';
  return buf;
}

static bool version_matches(struct plugin_gcc_version *running) {
  char built_target[128], running_target[128];
  if (plugin_default_version_check(running, &gcc_version)) return true;
  error("softticks: this plugin was built for GCC %s (%s, target %s) but was loaded into "
        "GCC %s (%s, target %s); rebuild it against the plugin headers of this compiler "
        "(%<gcc -print-file-name=plugin%>)",
        gcc_version.basever, gcc_version.datestamp,
        configured_target(gcc_version.configuration_arguments, built_target,
                          sizeof built_target),
        running->basever, running->datestamp,
        configured_target(running->configuration_arguments, running_target,
                          sizeof running_target));
  return false;
}

static bool parse_arguments(const struct plugin_name_args *args) {
  bool ok = true;
  for (int i = 0; i < args->argc; i++) {
    const struct plugin_argument *a = &args->argv[i];
    if (strcmp(a->key, "stats") == 0 && !a->value) {
      st_option_stats = true;
    } else if (strcmp(a->key, "late-save") == 0 && !a->value) {
      st_option_late_save = true;
    } else if (strcmp(a->key, "stats") == 0 || strcmp(a->key, "late-save") == 0) {
      error("softticks: %<-fplugin-arg-%s-%s%> takes no value (got %qs)", args->base_name,
            a->key, a->value);
      ok = false;
    } else {
      error("softticks: unknown argument %<-fplugin-arg-%s-%s%s%s%>; the arguments are "
            "%<-fplugin-arg-%s-stats%> and %<-fplugin-arg-%s-late-save%>",
            args->base_name, a->key, a->value ? "=" : "", a->value ? a->value : "",
            args->base_name, args->base_name);
      ok = false;
    }
  }
  return ok;
}

/* Whether another copy of this plugin (the same plugin under another file
 * name, which GCC takes for another plugin) was loaded into this compiler
 * first: then this one must do nothing, or every site would get two
 * ticks.  GCC loads each plugin into its own symbol scope, so the copies
 * meet in the one thing a process shares: its environment, where the first
 * leaves "PID:PATH" (the PID, so that a value inherited from elsewhere
 * counts for nothing; the compiler proper starts no other program). */
#define ST_LOADED_VAR "SOFTTICKS_GCC_PLUGIN_LOADED"
static bool loaded_before(const char *path) {
  char mine[32];
  const char *seen = getenv(ST_LOADED_VAR);
  size_t n = (size_t)snprintf(mine, sizeof mine, "%ld:", (long)getpid());
  if (seen && strncmp(seen, mine, n) == 0) {
    warning(0, "softticks: the plugin is already loaded from %qs; this copy (%qs) does nothing",
            seen + n, path);
    return true;
  }
  std::string value = std::string(mine) + path;
  setenv(ST_LOADED_VAR, value.c_str(), 1);
  return false;
}

static void start_unit(void *, void *) {
  st_unit_ticks = 0;
  st_unit_functions = 0;
  st_unit_maps_early = false;
  st_unit_defines_initializer = false;
  st_forget_unit_skips();
  st_check_target_once();
}

int plugin_init(struct plugin_name_args *args, struct plugin_gcc_version *version) {
  st_plugin_name = args->base_name;
  if (!version_matches(version)) return 1;
  st_gcc_version = version->basever;
  if (!parse_arguments(args)) return 1;
  if (loaded_before(args->full_name)) return 0;

  register_callback(st_plugin_name, PLUGIN_INFO, NULL, &st_info);
  register_callback(st_plugin_name, PLUGIN_ATTRIBUTES, st_register_attributes, NULL);
  register_callback(st_plugin_name, PLUGIN_START_UNIT, start_unit, NULL);
  register_callback(st_plugin_name, PLUGIN_ALL_IPA_PASSES_START, st_check_toplevel_asm, NULL);
  register_callback(st_plugin_name, PLUGIN_ALL_IPA_PASSES_START, st_check_own_initializer, NULL);
  register_callback(st_plugin_name, PLUGIN_ALL_IPA_PASSES_START, st_lto_check_before_streaming,
                    NULL);
  register_callback(st_plugin_name, PLUGIN_ALL_IPA_PASSES_END, st_lto_check_after_streaming, NULL);
  register_callback(st_plugin_name, PLUGIN_FINISH_UNIT, st_emit_module_parts, NULL);
  st_register_predefine();
  st_register_tick_pass();
  st_register_late_pass();
  return 0;
}
