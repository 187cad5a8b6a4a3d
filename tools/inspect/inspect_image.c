/*
 * The facts softticks-inspect reports about one ELF image, gathered with
 * libelf: the ABI note, the manifest notes, tick sites in executable code
 * (per function on request), and the initializer with its .init_array
 * entries.  verdict.c turns the facts into a verdict.  This file runs the
 * steps; image_*.c do them.
 *
 * Malformed input is expected (whole root filesystems, fuzzing): every
 * size and offset is checked against the image before use, every libelf
 * call is checked, any header table or section header that points outside
 * the file makes the whole file an error rather than a partial answer,
 * and overlapping sections cannot make the work more than linear.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image_analysis.h"
#include "verdict.h"

static int is_elf_class_ok(int elf_class) {
  return elf_class == ELFCLASS32 || elf_class == ELFCLASS64;
}
/* ---------------------------------------------------------------------- */
/* Program headers                                                        */
/* ---------------------------------------------------------------------- */

static int segment_in_file(struct analysis *a, const GElf_Phdr *ph) {
  return ph->p_offset <= a->image_size && ph->p_filesz <= a->image_size - ph->p_offset;
}

/* 1 GiB: more than the room below the page left by any usual load address. */
#define ST_LARGE_IMAGE (1ull << 30)

/* An executable (ET_EXEC: at fixed addresses) whose segments cover the
 * countdown page: no initializer can map the page, a tracer cannot
 * either, and without one ticks would decrement the program's own data.
 * A position-independent module large enough to cover it somewhere only
 * gets a warning: where it lands depends on the loader. */
static void check_page_overlap(struct st_inspection *o, size_t index, const GElf_Phdr *ph,
                               uint64_t *lowest, uint64_t *highest) {
  uint64_t page, end = ph->p_vaddr + ph->p_memsz;
  if (ph->p_type != PT_LOAD || ph->p_memsz == 0 || !o->arch) return;
  page = rr_softticks_page_addr(o->arch);
  if (ph->p_vaddr < *lowest) *lowest = ph->p_vaddr;
  if (end > *highest) *highest = end;
  if (o->elf_type != ET_EXEC || ph->p_vaddr >= page + RR_SOFTTICKS_MAP_SIZE || end <= page) return;
  if (o->page_overlap[0]) return;
  snprintf(o->page_overlap, sizeof o->page_overlap,
           "segment %u [%#llx, %#llx) covers the countdown page %#llx: ticks would change "
           "its data",
           (unsigned)(index & 0xffff), (unsigned long long)ph->p_vaddr, (unsigned long long)end,
           (unsigned long long)page);
}

/* PT_INTERP always; without sections also the notes and the code. */
static int read_segments(struct analysis *a, const unsigned char *image) {
  struct st_inspection *o = a->out;
  size_t count;
  uint64_t lowest = UINT64_MAX, highest = 0;
  if (elf_getphdrnum(a->elf, &count) != 0) return image_fail_elf(a, "program header count");
  for (size_t i = 0; i < count; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(a->elf, (int)i, &ph)) return image_fail_elf(a, "program header");
    if (ph.p_type == PT_INTERP) o->has_interp = 1;
    check_page_overlap(o, i, &ph, &lowest, &highest);
    if (i + 1 == count && o->elf_type == ET_DYN && highest > lowest &&
        highest - lowest >= ST_LARGE_IMAGE)
      st_add_warning(o, "the segments span %#llx bytes: loaded low enough, they cover the "
                        "countdown page",
                     (unsigned long long)(highest - lowest));
    if (o->has_sections) continue;
    if (!segment_in_file(a, &ph))
      return image_fail(a, "segment %zu extends beyond the end of the file", i);
    int read = (ph.p_type == PT_NOTE && ph.p_filesz > 0) ||
               (ph.p_type == PT_LOAD && (ph.p_flags & PF_X));
    if (read && image_charge(a, ph.p_filesz) != 0) return -1;
    if (ph.p_type == PT_NOTE && ph.p_filesz > 0) {
      Elf_Data *d = elf_getdata_rawchunk(a->elf, (int64_t)ph.p_offset, ph.p_filesz,
                                         ph.p_align == 8 ? ELF_T_NHDR8 : ELF_T_NHDR);
      if (!d) return image_fail_elf(a, "note segment");
      if (image_walk_notes(a, d, image_note_any)) st_add_warning(o, "trailing bytes in note segment %zu", i);
    } else if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X)) {
      image_scan_chunks(a, image + ph.p_offset, ph.p_filesz, ph.p_vaddr, NULL, NULL);
    }
  }
  if (!o->has_sections) st_add_warning(o, "no section headers: scanned executable segments");
  return 0;
}

/* ---------------------------------------------------------------------- */
/* Dynamic section: is an ET_DYN a PIE or a shared object?                */
/* ---------------------------------------------------------------------- */

static int read_dynamic(struct analysis *a) {
  struct st_inspection *o = a->out;
  size_t entsize = gelf_fsize(a->elf, ELF_T_DYN, 1, EV_CURRENT);
  for (size_t i = 1; i < a->section_count; i++) {
    if (a->sections[i].sh.sh_type != SHT_DYNAMIC) continue;
    Elf_Data *d = image_section_data(a, i);
    if (!d) return -1;
    size_t n = entsize ? d->d_size / entsize : 0;
    for (size_t k = 0; k < n; k++) {
      GElf_Dyn dyn;
      if (!gelf_getdyn(d, (int)k, &dyn)) return image_fail_elf(a, "dynamic entry");
      if (dyn.d_tag == DT_NULL) break;
      if (dyn.d_tag == DT_FLAGS_1 && (dyn.d_un.d_val & DF_1_PIE)) o->pie_flag = 1;
      if (dyn.d_tag == DT_SONAME) o->has_soname = 1;
    }
  }
  return 0;
}

static int has_ticks(const struct st_inspection *o) {
  for (int arch = 1; arch < ST_ARCH_SLOTS; arch++)
    if (o->ticks_by_arch[arch]) return 1;
  return 0;
}

static int analyse(struct analysis *a, unsigned char *image, size_t size) {
  struct st_inspection *o = a->out;
  a->elf = elf_memory((char *)image, size);
  if (!a->elf) return image_fail_elf(a, "not a readable ELF file");
  if (elf_kind(a->elf) != ELF_K_ELF) return image_fail(a, "not a readable ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr(a->elf, &eh)) return image_fail_elf(a, "ELF header");
  int elf_class = gelf_getclass(a->elf);
  if (!is_elf_class_ok(elf_class)) return image_fail(a, "unknown ELF class %d", elf_class);
  o->elf_class = elf_class == ELFCLASS64 ? 64 : 32;
  o->big_endian = eh.e_ident[EI_DATA] == ELFDATA2MSB;
  o->machine = eh.e_machine;
  o->elf_type = eh.e_type;
  o->arch = st_arch_of_elf(eh.e_machine, elf_class);

  if (image_check_header_tables(a, &eh) != 0) return -1;
  if (image_load_sections(a) != 0) return -1;
  if (read_segments(a, image) != 0) return -1;
  if (!o->has_sections) return 0;
  if (image_read_section_notes(a) != 0) return -1;
  if (o->elf_type == ET_DYN && read_dynamic(a) != 0) return -1;
  /* Functions are read when asked for, and in every module with the note:
   * which of them carry no tick. */
  a->collect_functions = a->want_functions || o->abi_note_sections > 0;
  if (image_read_symbols(a) != 0) return -1;
  if (image_scan_code(a) != 0) return -1;
  if (st_is_debug_info_only(o)) {
    /* Its .init_array is NOBITS too, its functions hold no code: the
     * initializer and the ticks are the stripped module's to check. */
    st_inspection_free(o);
    o->init_checked = 0;
    return 0;
  }
  if (o->abi_note_sections > 0 && image_classify_functions(a) != 0) return -1;
  if (a->init_defs_known > 0) {
    int rc = o->elf_type == ET_REL ? image_count_init_entries_relocatable(a)
                                   : image_count_init_entries_linked(a);
    if (rc != 0) return -1;
  } else if (!o->init_checked && o->elf_type != ET_REL && (has_ticks(o) || o->abi_note_sections)) {
    /* Stripped: recognize the initializer by its code. */
    if (image_count_init_entries_linked(a) != 0) return -1;
    if (o->init_array_entries > 0) {
      o->init_checked = 1;
      o->init_by_code = 1;
      o->init_definitions = a->init_code_target_count;
    }
  }
  return 0;
}

void st_inspect_image(unsigned char *image, size_t size, unsigned flags,
                      struct st_inspection *out) {
  memset(out, 0, sizeof *out);
  out->abi_version = out->abi_other_version = -1;
  if (size < SELFMAG || memcmp(image, ELFMAG, SELFMAG) != 0) {
    out->verdict = ST_VERDICT_NOT_ELF;
    return;
  }
  if (st_libelf_init(out->error, sizeof out->error) != 0) {
    out->verdict = ST_VERDICT_ERROR;
    return;
  }
  struct analysis a = {.image = image,
                       .image_size = size,
                       .out = out,
                       .want_functions = (flags & ST_INSPECT_FUNCTIONS) != 0,
                       .file_mapping = (flags & ST_INSPECT_FILE_MAPPING) != 0};
  int rc = analyse(&a, image, size);
  if (a.elf) elf_end(a.elf);
  free(a.sections);
  free(a.charged);
  st_coverage_aliases_free(&a.aliases);
  if (rc != 0) return; /* verdict and error already set */
  for (int arch = 1; arch < ST_ARCH_SLOTS; arch++) out->tick_sites += out->ticks_by_arch[arch];
  st_decide_verdict(out);
}

void st_inspection_free(struct st_inspection *insp) {
  for (size_t i = 0; i < insp->function_count; i++) free(insp->functions[i].name);
  free(insp->functions);
  insp->functions = NULL;
  insp->function_count = 0;
}
