/* The target of each architecture (target.h). */
#include "target.h"

const struct sas_target *sas_target_of(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_I386:
      return &sas_target_i386;
    case RR_SOFTTICKS_ARCH_AARCH64:
      return &sas_target_aarch64;
    default:
      return &sas_target_x86_64;
  }
}
