/*
 * What the parts of the GCC plugin share: the plugin's name, its options,
 * the target it instruments and the per-unit tick count.
 */
#ifndef SOFTTICKS_GCC_H
#define SOFTTICKS_GCC_H

#include <rr/softticks.h>

#include "skip_policy.h"

/* The name GCC derives from softticks.so; -fplugin-arg-softticks-... */
extern const char *st_plugin_name;

/* The running GCC's version, "12.2.0" (the one the plugin was built for). */
extern const char *st_gcc_version;

/* -fplugin-arg-softticks-stats: tick counts on stderr. */
extern bool st_option_stats;

/* Ticks inserted into the current unit so far (all functions). */
extern unsigned long st_unit_ticks;
extern unsigned long st_unit_functions;

/* The architecture the current compilation instruments; false (after one
 * warning) for a target or ABI without a tick sequence (x32, ILP32). */
bool st_target_arch(enum rr_softticks_arch *arch);

/* Checks the target once per unit and warns if it is unsupported. */
void st_check_target_once(void);

/* The tick sequence and its clobbers for an architecture. */
const char *st_tick_asm(enum rr_softticks_arch arch);

/* What the skip policy (common/skip_policy.h) decided for a function of
 * the current unit; the unit is described at the first call. */
struct st_skip_decision st_skip_decision_for(tree fndecl);

/* Drops the current unit's decisions (at the start of a unit). */
void st_forget_unit_skips(void);

/* Whether a function of the unit calls the initializer at its entry. */
extern bool st_unit_maps_early;

/* Registers the attributes the plugin accepts that this GCC lacks. */
void st_register_attributes(void *gcc_data, void *user_data);

/* Registers the GIMPLE pass (after "optimized"). */
void st_register_tick_pass(void);

/* PLUGIN_FINISH_UNIT: the initializer, ABI note and manifest. */
void st_emit_module_parts(void *gcc_data, void *user_data);

/* Predefines __RR_SOFTTICKS__ in the preprocessor of C, C++ and .S. */
void st_predefine_macro(void *gcc_data, void *user_data);

#endif
