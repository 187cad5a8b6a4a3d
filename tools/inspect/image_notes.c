/*
 * The notes the analysis looks for: the ABI note (.note.rrsoftticks: one
 * note "rr", type 1, a 4-byte version) and the manifests
 * (.note.softticks.manifest: "softticks", type 1, a ModuleManifest
 * message, decoded by common/manifest_decode.c).
 */
#include <string.h>

#include "image_analysis.h"
#include "verdict.h"

static void note_abi(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh,
                     size_t name_off, size_t desc_off) {
  struct st_inspection *o = a->out;
  uint32_t word;
  if (!st_abi_note_version(d, nh, name_off, desc_off, o->big_endian, &word)) {
    o->abi_malformed_notes++;
    return;
  }
  long version = (long)word;
  o->abi_notes++;
  if (o->abi_version < 0)
    o->abi_version = version;
  else if (version != o->abi_version && o->abi_other_version < 0)
    o->abi_other_version = version;
}

static void note_manifest(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh,
                          size_t name_off, size_t desc_off) {
  struct st_inspection *o = a->out;
  if (!st_note_name_is(d, nh, name_off, RR_SOFTTICKS_MANIFEST_NOTE_NAME) ||
      nh->n_type != RR_SOFTTICKS_MANIFEST_NOTE_TYPE) {
    st_add_warning(o, "unexpected note (type %u) in %s", (unsigned)nh->n_type,
                   RR_SOFTTICKS_MANIFEST_SECTION);
    return;
  }
  unsigned n = o->manifest_notes++;
  if (n >= ST_MAX_MANIFESTS) return;
  struct st_manifest_info *m = &o->manifests[n];
  m->size = nh->n_descsz;
  m->decoded = st_manifest_decode((const unsigned char *)d->d_buf + desc_off, nh->n_descsz,
                                  &m->manifest) == 0;
  if (!m->decoded) st_add_warning(o, "manifest note %u is not a valid ModuleManifest", n + 1);
}

/* Walks the notes of d.  Returns 0, or 1 if bytes were left that are not
 * a complete note. */
int image_walk_notes(struct analysis *a, Elf_Data *d, note_fn fn) {
  size_t off = 0, next;
  GElf_Nhdr nh;
  size_t name_off, desc_off;
  if (d->d_type != ELF_T_NHDR && d->d_type != ELF_T_NHDR8) return d->d_size != 0;
  while (off < d->d_size && (next = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > off) {
    fn(a, d, &nh, name_off, desc_off);
    off = next;
  }
  return off < d->d_size;
}

int image_read_section_notes(struct analysis *a) {
  struct st_inspection *o = a->out;
  for (size_t i = 1; i < a->section_count; i++) {
    const struct section *s = &a->sections[i];
    int abi = strcmp(s->name, RR_SOFTTICKS_NOTE_SECTION) == 0;
    int manifest = strcmp(s->name, RR_SOFTTICKS_MANIFEST_SECTION) == 0;
    if (!abi && !manifest) continue;
    if (abi) {
      o->abi_note_sections++;
      if (s->sh.sh_type != SHT_NOTE) {
        st_add_reason(o, "section %s is not SHT_NOTE", s->name);
        o->abi_malformed_notes++;
        continue;
      }
      if (!(s->sh.sh_flags & SHF_ALLOC)) st_add_reason(o, "section %s is not allocated", s->name);
    } else if (s->sh.sh_type != SHT_NOTE) {
      st_add_warning(o, "section %s is not SHT_NOTE", s->name);
      continue;
    }
    Elf_Data *d = image_section_data(a, i);
    if (!d) return -1;
    if (image_walk_notes(a, d, abi ? note_abi : note_manifest)) {
      if (abi)
        o->abi_malformed_notes++;
      else
        st_add_warning(o, "trailing bytes in %s", s->name);
    }
  }
  return 0;
}

/* A file without section headers: the notes of its PT_NOTE segments, by
 * name and type, wherever they are. */
void image_note_any(struct analysis *a, const Elf_Data *d, const GElf_Nhdr *nh,
                     size_t name_off, size_t desc_off) {
  if (st_note_name_is(d, nh, name_off, RR_SOFTTICKS_NOTE_NAME) && nh->n_type == RR_SOFTTICKS_NOTE_TYPE)
    note_abi(a, d, nh, name_off, desc_off);
  else if (st_note_name_is(d, nh, name_off, RR_SOFTTICKS_MANIFEST_NOTE_NAME))
    note_manifest(a, d, nh, name_off, desc_off);
}

