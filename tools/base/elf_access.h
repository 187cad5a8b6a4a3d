/*
 * What both tools read from ELF files the same way, with libelf: its
 * setup, words in the file's byte order, and the ABI note
 * (.note.rrsoftticks: name "rr", type RR_SOFTTICKS_NOTE_TYPE, a 4-byte
 * version).
 */
#ifndef SOFTTICKS_TOOLBASE_ELF_ACCESS_H
#define SOFTTICKS_TOOLBASE_ELF_ACCESS_H

#include <gelf.h>
#include <stddef.h>
#include <stdint.h>

/* Tells libelf which ELF version we speak (needed before any other call;
 * repeating it is harmless).  Returns 0, or -1 with a message in err. */
int st_libelf_init(char *err, size_t errlen);

/* The unsigned word of `width` bytes at p, little- or big-endian. */
uint64_t st_read_word(const unsigned char *p, size_t width, int big_endian);

/* Whether the note (from gelf_getnote on d) is named `name`. */
int st_note_name_is(const Elf_Data *d, const GElf_Nhdr *nh, size_t name_off, const char *name);

/* Whether the note is a well-formed ABI note; then *version is its
 * descriptor. */
int st_abi_note_version(const Elf_Data *d, const GElf_Nhdr *nh, size_t name_off,
                        size_t desc_off, int big_endian, uint32_t *version);

#endif
