/*
 * The LTO link check (abi/ABI.md, "LTO"): a unit compiled with the plugin
 * for LTO carries, in its LTO IR, a pointer to a symbol nobody defines.
 * Only the plugin at link time, which instruments the link, removes it;
 * a link without the plugin (which would give a program without ticks and
 * without the note) fails, or the library it makes fails to load, with an
 * undefined symbol whose name tells what is missing.
 */
#ifndef SOFTTICKS_COMMON_LTO_LINK_CHECK_H
#define SOFTTICKS_COMMON_LTO_LINK_CHECK_H

#define ST_LTO_LINK_CHECK_SYMBOL "__rr_softticks_lto_link_needs_the_plugin"

/* Writable ("aw": no text relocation in a shared object), retained ("R")
 * under --gc-sections. */
#define ST_LTO_LINK_CHECK_SECTION ".data.rel.ro.__rr_softticks_lto_check"

/* As GNU assembler text (the GCC plugin's file-scope asm); .dc.a is an
 * address-sized word on every target. */
#define ST_LTO_LINK_CHECK_ASM                                                  \
  "\t.pushsection " ST_LTO_LINK_CHECK_SECTION ",\"awR\",@progbits\n"          \
  "\t.dc.a " ST_LTO_LINK_CHECK_SYMBOL "\n"                                     \
  "\t.popsection\n"

#endif
