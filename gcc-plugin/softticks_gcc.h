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
 * warning) for a target, ABI or code model without a tick sequence (x32,
 * ILP32, 16-bit, -mcmodel=kernel, big-endian). */
bool st_target_arch(enum rr_softticks_arch *arch);

/* Checks the target once per unit and warns if it is unsupported. */
void st_check_target_once(void);

/* PLUGIN_ALL_IPA_PASSES_START: refuses units whose file-scope asm
 * switches to 16-bit code (.code16gcc). */
void st_check_toplevel_asm(void *gcc_data, void *user_data);

/* The tick sequence for an architecture, the header's AT&T text. */
const char *st_tick_asm(enum rr_softticks_arch arch);

/* The same as the template of the asm statement that ticks: under
 * -masm=intel the header's RR_SOFTTICKS_<ARCH>_TICK_TEMPLATE, whose
 * dialect alternatives ({AT&T|Intel}) GCC resolves to the Intel spelling;
 * otherwise the AT&T text alone, as before -masm=intel was supported (the
 * GIMPLE dumps the tests read stay the same). */
const char *st_tick_template(enum rr_softticks_arch arch);

/* Whether the assembly output is in Intel syntax (x86 -masm=intel: GCC
 * starts it with ".intel_syntax noprefix"). */
bool st_output_intel_syntax(void);

/* What the skip policy (common/skip_policy.h) decided for a function of
 * the current unit; the unit is described at the first call. */
struct st_skip_decision st_skip_decision_for(tree fndecl);

/* Drops the current unit's decisions (at the start of a unit). */
void st_forget_unit_skips(void);

/* Whether a function of the unit calls the initializer at its entry. */
extern bool st_unit_maps_early;

/* Registers the attributes the plugin accepts that this GCC lacks. */
void st_register_attributes(void *gcc_data, void *user_data);

/* Rewrites the atomic read-modify-writes that RTL expansion would turn
 * into retry loops as GIMPLE loops, before placement ticks them (see
 * late_loops.cc).  Returns how many it rewrote. */
unsigned st_expand_late_loops(function *fun, enum rr_softticks_arch arch);

/* Registers the GIMPLE pass (after "optimized"). */
void st_register_tick_pass(void);

/* Registers the RTL pass that ticks the cycles code generation wrote
 * after the GIMPLE pass (late_ticks.cc; before "alignments"). */
void st_register_late_pass(void);

/* -fplugin-arg-softticks-late-save (for tests): every late tick saves
 * and restores what it clobbers, as where they are live. */
extern bool st_option_late_save;

/* The LTO link check (lto_link_check.cc): added before a compile streams
 * LTO bytecode, removed after it and wherever the bytecode is read back. */
void st_lto_check_before_streaming(void *gcc_data, void *user_data);
void st_lto_check_after_streaming(void *gcc_data, void *user_data);

/* Whether the current unit defines __rr_softticks_init itself (file-scope
 * asm or a C function): a hand-instrumented unit, which gets no second
 * initializer group (own_initializer.cc).  Set at
 * PLUGIN_ALL_IPA_PASSES_START by st_check_own_initializer. */
extern bool st_unit_defines_initializer;
void st_check_own_initializer(void *gcc_data, void *user_data);

/* The C family's preprocessor (parse_in, looked up at run time: lto1 and
 * other front ends lack it), or NULL there and on preprocessed input,
 * whose macros are gone (predefine.cc). */
cpp_reader *st_c_family_reader(void);

/* Whether the unit may carry the early mapping: its C library's loader
 * applies IRELATIVE relocations, or nothing says otherwise
 * (target_libc.cc).  Asked at PLUGIN_FINISH_UNIT. */
bool st_unit_may_map_early(void);

/* Whether decl is __rr_softticks_init (by its assembler name). */
bool st_is_initializer_decl(tree decl);

/* PLUGIN_FINISH_UNIT: the initializer, ABI note and manifest. */
void st_emit_module_parts(void *gcc_data, void *user_data);

/* Registers the callbacks that predefine __RR_SOFTTICKS__ in the
 * preprocessor of C, C++ and .S (see predefine.cc). */
void st_register_predefine(void);

#endif
