/*
 * From the facts about a file to its verdict: instrumented, not
 * instrumented, inconsistent (with the reasons), or debug info only.
 */
#ifndef SOFTTICKS_VERDICT_H
#define SOFTTICKS_VERDICT_H

#include "inspection.h"

#if defined(__GNUC__)
#define ST_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define ST_PRINTF(a, b)
#endif

/* Something that makes the file inconsistent. */
void st_add_reason(struct st_inspection *insp, const char *fmt, ...) ST_PRINTF(2, 3);
/* Something worth knowing that does not change the verdict. */
void st_add_warning(struct st_inspection *insp, const char *fmt, ...) ST_PRINTF(2, 3);

/* Sets insp->verdict from the facts (and adds the reasons). */
void st_decide_verdict(struct st_inspection *insp);

#endif
