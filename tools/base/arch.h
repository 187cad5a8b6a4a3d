/*
 * The architectures the tools know, named one way everywhere: "x86-64",
 * "i386", "aarch64" (the spelling of the ABI document), and the e_machine
 * values of an ELF header mapped to them.
 */
#ifndef SOFTTICKS_TOOLBASE_ARCH_H
#define SOFTTICKS_TOOLBASE_ARCH_H

#include <rr/softticks.h>

/* "x86-64", "i386", "aarch64", or "unknown". */
const char *st_arch_name(enum rr_softticks_arch arch);

/* The arch of an ELF file with this e_machine and class (ELFCLASS32 or
 * ELFCLASS64); 0 when it is none of ours (x86-64 needs ELFCLASS64, i386
 * ELFCLASS32, aarch64 ELFCLASS64). */
enum rr_softticks_arch st_arch_of_elf(unsigned e_machine, int elf_class);

/* A short name for any e_machine: the arch's name for ours, "arm",
 * "riscv", ... for some others, "other" for the rest. */
const char *st_machine_name(unsigned e_machine);

#endif
