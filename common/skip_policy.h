/*
 * Which functions of a unit never tick, and which map the countdown page
 * before they do anything else: the one skip policy of both plugins (ABI
 * "Opting out" and "Code that runs before the initializer", abi/ABI.md).
 *
 * A plugin describes every function defined in the unit (attributes,
 * section, what runs it early, whether the unit sees all its callers) and
 * the direct calls between them, once per unit; st_skip_policy_decide()
 * returns one decision per function.  The policy knows nothing of GCC or
 * LLVM.
 */
#ifndef SOFTTICKS_COMMON_SKIP_POLICY_H
#define SOFTTICKS_COMMON_SKIP_POLICY_H

#ifdef __cplusplus
extern "C" {
#endif

/* What a plugin knows of one function (bits of st_fn_facts.flags). */
enum st_fn_flag {
  ST_FN_NAKED = 1u << 0,              /* no frame to put code in */
  ST_FN_NO_INSTRUMENT = 1u << 1,      /* no_instrument_function */
  ST_FN_NO_SANITIZE = 1u << 2,        /* disable_sanitizer_instrumentation */
  ST_FN_IFUNC_RESOLVER = 1u << 3,     /* named by an ifunc in the unit */
  ST_FN_PREINIT = 1u << 4,            /* referenced from .preinit_array */
  ST_FN_CALLED_ONLY_IN_UNIT = 1u << 5, /* local, address never taken: the
                                          unit's direct calls are all its callers */
  ST_FN_INITIALIZER = 1u << 6 /* __rr_softticks_init itself, defined in C by a
                                 hand-instrumented unit */
};

/* ctor_priority/dtor_priority of a function that is not one. */
#define ST_NOT_CDTOR (-1)

struct st_fn_facts {
  const char *name;    /* for messages only */
  const char *section; /* its section, or NULL */
  unsigned flags;      /* enum st_fn_flag */
  int ctor_priority;   /* constructor priority (65535 = none given), or ST_NOT_CDTOR */
  int dtor_priority;   /* destructor priority, or ST_NOT_CDTOR */
};

/* A direct call inside the unit: indexes into the facts array. */
struct st_call {
  unsigned caller, callee;
};

enum st_skip_reason {
  ST_TICKS = 0,
  ST_SKIP_NAKED,
  ST_SKIP_NO_INSTRUMENT,
  ST_SKIP_NO_SANITIZE,
  ST_SKIP_SECTION,         /* section starts .text.__rr_softticks */
  ST_SKIP_IFUNC_RESOLVER,  /* runs during relocation */
  ST_SKIP_PREINIT,         /* runs from .preinit_array */
  ST_SKIP_EARLY_CTOR,      /* constructor priority <= the initializer's */
  ST_SKIP_ONLY_CALLED_EARLY, /* every caller is one of the above (transitively) */
  ST_SKIP_INITIALIZER        /* the initializer: never ticks, never calls itself */
};

struct st_skip_decision {
  enum st_skip_reason reason;
  /* An entry point that may run before the module's initializer (ifunc
   * resolver, .preinit_array entry, early constructor): it calls the
   * initializer first, so that whatever it calls may tick. */
  int maps_page_first;
};

/* Decides for fns[0..n) given the unit's direct calls.  Returns 0, or -1
 * when out of memory (out is then untouched). */
int st_skip_policy_decide(const struct st_fn_facts *fns, unsigned n, const struct st_call *calls,
                          unsigned ncalls, struct st_skip_decision *out);

/* Sections of variables whose function pointers the loader or start-up
 * code calls: whether section is .preinit_array (or .preinit_array.*),
 * and the priority of an .init_array.NNNNN section (the functions it
 * refers to are constructors of that priority; ST_NOT_CDTOR for any other
 * section, plain .init_array included: it runs after the initializer). */
int st_is_preinit_section(const char *section);
int st_init_array_section_priority(const char *section);

/* A few words for -stats output and tests ("ifunc resolver", ...). */
const char *st_skip_reason_text(enum st_skip_reason reason);

#ifdef __cplusplus
}
#endif

#endif
