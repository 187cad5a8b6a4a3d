/*
 * st-extract-init: the build step that turns page_init.c's object files
 * into byte arrays (st_init_code.c) for common/module_asm.c.
 *
 *   st-extract-init --output FILE.c [--symbol NAME] ARCH=OBJECT...
 *
 * ARCH is x86_64, i386 or aarch64; OBJECT a relocatable ELF file of that
 * machine.  For each, the bytes of the function NAME (default
 * __rr_softticks_init) are copied out, after checking that they are
 * self-contained: no relocation applies to the function or to any other
 * allocated section, the object defines no other code or data and
 * references no undefined symbol.  Anything else would silently break
 * once the bytes are re-emitted as .byte lines in another object.
 *
 * Exit status: 0 success, 1 an object is unreadable, malformed or not
 * self-contained, 2 bad usage, 3 the output could not be written (no
 * partial output is left behind).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "st_init_code.h"

enum { EXIT_BAD_OBJECT = 1, EXIT_USAGE = 2, EXIT_OUTPUT = 3 };

/* ELF constants used here (from the gABI; no <elf.h> dependency). */
enum {
  ELFCLASS32 = 1, ELFCLASS64 = 2, ELFDATA2LSB = 1, ET_REL = 1,
  EM_386 = 3, EM_X86_64 = 62, EM_AARCH64 = 183,
  SHT_PROGBITS = 1, SHT_SYMTAB = 2, SHT_RELA = 4, SHT_NOTE = 7, SHT_NOBITS = 8, SHT_REL = 9,
  SHF_ALLOC = 0x2, SHF_EXECINSTR = 0x4,
  STT_OBJECT = 1, STT_FUNC = 2, SHN_UNDEF = 0, SHN_LORESERVE = 0xff00
};

struct arch_info {
  const char *name; /* command-line and C identifier spelling */
  enum rr_softticks_arch arch;
  const char *enum_name;
  unsigned elf_class, machine;
};

static const struct arch_info arches[] = {
    {"x86_64", RR_SOFTTICKS_ARCH_X86_64, "RR_SOFTTICKS_ARCH_X86_64", ELFCLASS64, EM_X86_64},
    {"i386", RR_SOFTTICKS_ARCH_I386, "RR_SOFTTICKS_ARCH_I386", ELFCLASS32, EM_386},
    {"aarch64", RR_SOFTTICKS_ARCH_AARCH64, "RR_SOFTTICKS_ARCH_AARCH64", ELFCLASS64, EM_AARCH64},
};
#define N_ARCHES (sizeof arches / sizeof arches[0])

/* One object being read: the whole file in memory. */
struct object {
  const char *path;
  unsigned char *data;
  size_t size;
  int is64;
};

struct section {
  uint32_t name, type, link, info;
  uint64_t flags, offset, size, entsize;
};

struct symbol {
  uint32_t name;
  unsigned type;
  uint16_t shndx;
  uint64_t value, size;
};

static int fail(const struct object *obj, const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "st-extract-init: %s: ", obj->path);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return -1;
}

static uint64_t rd(const unsigned char *p, unsigned n) {
  uint64_t v = 0;
  while (n--) v = (v << 8) | p[n];
  return v;
}

/* Bounds-checked little-endian read at off; 0 past the end (callers check
 * ranges before relying on values). */
static uint64_t field(const struct object *obj, uint64_t off, unsigned n) {
  if (off > obj->size || obj->size - off < n) return 0;
  return rd(obj->data + off, n);
}

static int in_file(const struct object *obj, uint64_t off, uint64_t len) {
  return off <= obj->size && len <= obj->size - off;
}

static int read_file(struct object *obj) {
  FILE *f = fopen(obj->path, "rb");
  long len;
  if (!f) return fail(obj, "cannot open: %s", strerror(errno));
  if (fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fclose(f);
    return fail(obj, "cannot read: %s", strerror(errno));
  }
  obj->size = (size_t)len;
  obj->data = malloc(obj->size ? obj->size : 1);
  if (!obj->data || fread(obj->data, 1, obj->size, f) != obj->size) {
    fclose(f);
    return fail(obj, "cannot read %zu bytes", obj->size);
  }
  fclose(f);
  return 0;
}

struct elf {
  uint64_t shoff;
  unsigned shentsize, shnum, shstrndx;
};

static int read_header(struct object *obj, const struct arch_info *ai, struct elf *e) {
  const unsigned char *d = obj->data;
  if (obj->size < 52 || memcmp(d, "\177ELF", 4) != 0) return fail(obj, "not an ELF file");
  if (d[4] != ai->elf_class || d[5] != ELFDATA2LSB)
    return fail(obj, "not a little-endian %u-bit ELF file (expected for %s)",
                ai->elf_class == ELFCLASS64 ? 64 : 32, ai->name);
  obj->is64 = d[4] == ELFCLASS64;
  if (obj->is64 && obj->size < 64) return fail(obj, "truncated ELF header");
  if (field(obj, 16, 2) != ET_REL) return fail(obj, "not a relocatable object (ET_REL)");
  if (field(obj, 18, 2) != ai->machine)
    return fail(obj, "ELF machine %u is not %s", (unsigned)field(obj, 18, 2), ai->name);
  e->shoff = obj->is64 ? field(obj, 40, 8) : field(obj, 32, 4);
  e->shentsize = (unsigned)field(obj, obj->is64 ? 58 : 46, 2);
  e->shnum = (unsigned)field(obj, obj->is64 ? 60 : 48, 2);
  e->shstrndx = (unsigned)field(obj, obj->is64 ? 62 : 50, 2);
  if (e->shentsize != (obj->is64 ? 64u : 40u) || e->shnum == 0 ||
      !in_file(obj, e->shoff, (uint64_t)e->shnum * e->shentsize) || e->shstrndx >= e->shnum)
    return fail(obj, "malformed section header table");
  return 0;
}

static struct section get_section(const struct object *obj, const struct elf *e, unsigned i) {
  struct section s;
  uint64_t b = e->shoff + (uint64_t)i * e->shentsize;
  s.name = (uint32_t)field(obj, b, 4);
  s.type = (uint32_t)field(obj, b + 4, 4);
  if (obj->is64) {
    s.flags = field(obj, b + 8, 8);
    s.offset = field(obj, b + 24, 8);
    s.size = field(obj, b + 32, 8);
    s.link = (uint32_t)field(obj, b + 40, 4);
    s.info = (uint32_t)field(obj, b + 44, 4);
    s.entsize = field(obj, b + 56, 8);
  } else {
    s.flags = field(obj, b + 8, 4);
    s.offset = field(obj, b + 16, 4);
    s.size = field(obj, b + 20, 4);
    s.link = (uint32_t)field(obj, b + 24, 4);
    s.info = (uint32_t)field(obj, b + 28, 4);
    s.entsize = field(obj, b + 36, 4);
  }
  return s;
}

/* A NUL-terminated string inside a string table section, or NULL. */
static const char *get_string(const struct object *obj, const struct section *strtab,
                              uint32_t off) {
  uint64_t i;
  if (off >= strtab->size || !in_file(obj, strtab->offset, strtab->size)) return NULL;
  for (i = off; i < strtab->size; i++)
    if (obj->data[strtab->offset + i] == 0) return (const char *)obj->data + strtab->offset + off;
  return NULL;
}

static struct symbol get_symbol(const struct object *obj, const struct section *symtab,
                                uint64_t i) {
  struct symbol s;
  uint64_t b = symtab->offset + i * symtab->entsize;
  s.name = (uint32_t)field(obj, b, 4);
  if (obj->is64) {
    s.type = (unsigned)field(obj, b + 4, 1) & 0xf;
    s.shndx = (uint16_t)field(obj, b + 6, 2);
    s.value = field(obj, b + 8, 8);
    s.size = field(obj, b + 16, 8);
  } else {
    s.value = field(obj, b + 4, 4);
    s.size = field(obj, b + 8, 4);
    s.type = (unsigned)field(obj, b + 12, 1) & 0xf;
    s.shndx = (uint16_t)field(obj, b + 14, 2);
  }
  return s;
}

/* Finds the function and checks that its bytes stand alone.  On success
 * *code points into obj->data. */
static int extract(struct object *obj, const struct arch_info *ai, const char *symname,
                   const unsigned char **code, size_t *code_size) {
  struct elf e = {0, 0, 0, 0};
  struct section shstr, symtab, strtab, fsec;
  unsigned i, symtab_index = 0;
  uint64_t n, nsyms;
  int found = 0;
  struct symbol fn = {0, 0, 0, 0, 0};

  if (read_header(obj, ai, &e) != 0) return -1;
  shstr = get_section(obj, &e, e.shstrndx);
  for (i = 1; i < e.shnum; i++) {
    struct section s = get_section(obj, &e, i);
    if (s.type == SHT_SYMTAB) {
      if (symtab_index) return fail(obj, "more than one symbol table");
      symtab_index = i;
    }
    if (s.type != SHT_NOBITS && !in_file(obj, s.offset, s.size))
      return fail(obj, "section %u lies outside the file", i);
  }
  if (!symtab_index) return fail(obj, "no symbol table");
  symtab = get_section(obj, &e, symtab_index);
  if (symtab.entsize != (obj->is64 ? 24u : 16u) || symtab.link >= e.shnum)
    return fail(obj, "malformed symbol table");
  strtab = get_section(obj, &e, symtab.link);
  nsyms = symtab.size / symtab.entsize;

  for (n = 1; n < nsyms; n++) {
    struct symbol s = get_symbol(obj, &symtab, n);
    const char *name = get_string(obj, &strtab, s.name);
    if (name && strcmp(name, symname) == 0) {
      if (found) return fail(obj, "symbol %s defined twice", symname);
      fn = s;
      found = 1;
    }
  }
  if (!found) return fail(obj, "no symbol %s", symname);
  if (fn.type != STT_FUNC || fn.shndx == SHN_UNDEF || fn.shndx >= SHN_LORESERVE ||
      fn.shndx >= e.shnum || fn.size == 0)
    return fail(obj, "%s is not a defined function with a size", symname);
  fsec = get_section(obj, &e, fn.shndx);
  if (fsec.type != SHT_PROGBITS || (fsec.flags & (SHF_ALLOC | SHF_EXECINSTR)) !=
                                       (SHF_ALLOC | SHF_EXECINSTR))
    return fail(obj, "%s is not in an executable PROGBITS section", symname);
  if (fn.value != 0 || fn.size != fsec.size)
    return fail(obj,
                "section of %s holds %llu bytes but the function is %llu bytes at offset %llu:"
                " other code shares its section",
                symname, (unsigned long long)fsec.size, (unsigned long long)fn.size,
                (unsigned long long)fn.value);

  /* Everything else the object carries must be something the function
   * cannot need: non-allocated sections and notes (.note.gnu.property). */
  for (i = 1; i < e.shnum; i++) {
    struct section s = get_section(obj, &e, i);
    const char *name = get_string(obj, &shstr, s.name);
    if (!name) name = "?";
    if (s.type == SHT_REL || s.type == SHT_RELA) {
      struct section target;
      if (s.info >= e.shnum) return fail(obj, "relocation section %s has a bad target", name);
      if (s.info == fn.shndx && s.size > 0)
        return fail(obj, "%s: %llu byte(s) of relocations apply to %s; it must be"
                         " position-independent machine code with no references",
                    name, (unsigned long long)s.size, symname);
      target = get_section(obj, &e, s.info);
      if ((target.flags & SHF_ALLOC) && s.size > 0)
        return fail(obj, "%s: relocations apply to an allocated section the module would need",
                    name);
      continue;
    }
    if (i == fn.shndx || !(s.flags & SHF_ALLOC) || s.size == 0 || s.type == SHT_NOTE) continue;
    return fail(obj, "section %s (%llu bytes) is code or data besides %s that it may need",
                name, (unsigned long long)s.size, symname);
  }
  for (n = 1; n < nsyms; n++) {
    struct symbol s = get_symbol(obj, &symtab, n);
    const char *name = get_string(obj, &strtab, s.name);
    if (s.shndx == SHN_UNDEF && name && *name)
      return fail(obj, "references the undefined symbol %s", name);
    if (s.shndx == fn.shndx && n != 0 && (s.type == STT_FUNC || s.type == STT_OBJECT) &&
        !(name && strcmp(name, symname) == 0))
      return fail(obj, "defines %s next to %s", name ? name : "?", symname);
  }
  *code = obj->data + fsec.offset;
  *code_size = (size_t)fn.size;
  return 0;
}

static int write_output(const char *path, const struct arch_info **which,
                        const unsigned char **code, const size_t *size, size_t count) {
  size_t tmplen = strlen(path) + 8, k, b;
  char *tmp = malloc(tmplen);
  FILE *f;
  int ok;
  if (!tmp) return -1;
  snprintf(tmp, tmplen, "%s.tmp", path);
  f = fopen(tmp, "w");
  if (!f) {
    fprintf(stderr, "st-extract-init: cannot write %s: %s\n", tmp, strerror(errno));
    free(tmp);
    return -1;
  }
  fprintf(f, "/* Generated by st-extract-init from runtime/page_init.c: do not edit. */\n"
             "#include \"st_init_code.h\"\n\n");
  for (k = 0; k < count; k++) {
    fprintf(f, "static const unsigned char st_init_bytes_%s[%zu] = {", which[k]->name, size[k]);
    for (b = 0; b < size[k]; b++)
      fprintf(f, "%s0x%02x,", b % 12 ? " " : "\n    ", code[k][b]);
    fprintf(f, "\n};\nstatic const struct st_init_code st_init_%s = {st_init_bytes_%s, %zu};\n\n",
            which[k]->name, which[k]->name, size[k]);
  }
  fprintf(f, "const struct st_init_code *st_init_code_for(enum rr_softticks_arch arch) {\n"
             "  switch (arch) {\n");
  for (k = 0; k < count; k++)
    fprintf(f, "    case %s: return &st_init_%s;\n", which[k]->enum_name, which[k]->name);
  fprintf(f, "    default: return 0;\n  }\n}\n");
  ok = !ferror(f);
  if (fclose(f) != 0) ok = 0;
  if (!ok || rename(tmp, path) != 0) {
    fprintf(stderr, "st-extract-init: cannot write %s: %s\n", path, strerror(errno));
    remove(tmp);
    free(tmp);
    return -1;
  }
  free(tmp);
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: st-extract-init --output FILE.c [--symbol NAME] ARCH=OBJECT...\n"
                  "  ARCH: x86_64, i386, aarch64 (each at most once)\n");
  return EXIT_USAGE;
}

int main(int argc, char **argv) {
  const char *output = NULL, *symname = RR_SOFTTICKS_INIT_SYMBOL;
  const struct arch_info *which[N_ARCHES];
  struct object objs[N_ARCHES];
  const unsigned char *code[N_ARCHES];
  size_t size[N_ARCHES], count = 0, k;
  int i;

  for (i = 1; i < argc; i++) {
    const char *eq;
    if (strcmp(argv[i], "--output") == 0 && i + 1 < argc) {
      output = argv[++i];
      continue;
    }
    if (strcmp(argv[i], "--symbol") == 0 && i + 1 < argc) {
      symname = argv[++i];
      continue;
    }
    eq = strchr(argv[i], '=');
    if (!eq || eq == argv[i] || !eq[1]) return usage();
    for (k = 0; k < N_ARCHES; k++)
      if (strlen(arches[k].name) == (size_t)(eq - argv[i]) &&
          strncmp(arches[k].name, argv[i], (size_t)(eq - argv[i])) == 0)
        break;
    if (k == N_ARCHES) {
      fprintf(stderr, "st-extract-init: unknown architecture in '%s'\n", argv[i]);
      return usage();
    }
    for (size_t j = 0; j < count; j++)
      if (which[j] == &arches[k]) {
        fprintf(stderr, "st-extract-init: %s given twice\n", arches[k].name);
        return usage();
      }
    which[count] = &arches[k];
    objs[count].path = eq + 1;
    objs[count].data = NULL;
    count++;
  }
  if (!output || count == 0) return usage();

  for (k = 0; k < count; k++) {
    if (read_file(&objs[k]) != 0 ||
        extract(&objs[k], which[k], symname, &code[k], &size[k]) != 0)
      return EXIT_BAD_OBJECT;
  }
  if (write_output(output, which, code, size, count) != 0) return EXIT_OUTPUT;
  for (k = 0; k < count; k++) free(objs[k].data);
  return 0;
}
