/*
 * The machine code of __rr_softticks_init for each architecture, as the
 * build extracted it from runtime/page_init.c (see extract_init.c).  The
 * definitions are generated into the build tree (st_init_code.c).
 */
#ifndef SOFTTICKS_RUNTIME_GEN_ST_INIT_CODE_H
#define SOFTTICKS_RUNTIME_GEN_ST_INIT_CODE_H

#include <stddef.h>
#include <rr/softticks.h>

#ifdef __cplusplus
extern "C" {
#endif

struct st_init_code {
  const unsigned char *bytes;
  size_t size;
};

/* The initializer's bytes for arch, or NULL when this build could not
 * compile page_init.c for it (no cross compiler). */
const struct st_init_code *st_init_code_for(enum rr_softticks_arch arch);

#ifdef __cplusplus
}
#endif

#endif
