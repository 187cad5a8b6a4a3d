/*
 * st_module_asm: the top-level assembly every instrumented unit carries
 * (see module_asm.h).  The initializer's machine code is the header's
 * table (rr_softticks_init_code, from runtime/page_init.c); everything
 * else (names, priority, note layout) also comes from include/rr/softticks.h.
 *
 * Each piece is wrapped in .pushsection/.popsection so that the compiler's
 * idea of the current section is intact after the top-level asm (GCC
 * does not re-emit a .section directive after it).
 */
#include "module_asm.h"

#include <stdlib.h>
#include <string.h>

#include "asm_text.h"

struct asm_dialect {
  unsigned code_align_log2; /* .p2align of the function */
  unsigned pointer_size;    /* .init_array entry */
};

static const struct asm_dialect *dialect_for(enum rr_softticks_arch arch) {
  static const struct asm_dialect x86_64 = {4, 8};
  static const struct asm_dialect i386 = {4, 4};
  static const struct asm_dialect aarch64 = {2, 8};
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return &x86_64;
    case RR_SOFTTICKS_ARCH_I386: return &i386;
    case RR_SOFTTICKS_ARCH_AARCH64: return &aarch64;
  }
  return NULL;
}

/*
 * The early mapping: an ifunc the loader resolves while it relocates the
 * module, before any module's initializer runs (glibc, and static
 * programs' start-up code, resolve IRELATIVE relocations first).  Its
 * resolver calls the initializer.  What makes the relocation is a GOT
 * reference to the ifunc in code that never runs, after the return of a
 * no-op that an .init_array slot calls: every linker keeps .init_array
 * (--gc-sections too), so it keeps the no-op and its reference, and gives
 * the ifunc a GOT (or PLT) slot that the loader fills by calling the
 * resolver.  Nothing ever calls through that slot: an i386 PLT entry
 * needs %ebx to hold the module's GOT, which lld's canonical PLT entry for
 * an ifunc in .init_array would not have had.  So a module's page exists
 * before another module's initializer can call into it (a custom malloc
 * that libstdc++'s initializer calls), where a .preinit_array entry would
 * only serve executables (GNU ld refuses one in a shared object, and a
 * compiler cannot tell which it is building).  It is its own COMDAT
 * group: the initializer's group stays as the ABI fixes it.  The resolver
 * and the no-op start with a landing pad (endbr, bti c): both are called
 * indirectly.  The landing pads are written as bytes (aarch64's as hint
 * #34), so that they assemble whatever -march the assembler is given:
 * gas refuses the endbr mnemonics under -march=generic64.
 */
#define ST_ENDBR64 "\t.byte 0xf3, 0x0f, 0x1e, 0xfa\n" /* endbr64 */
#define ST_ENDBR32 "\t.byte 0xf3, 0x0f, 0x1e, 0xfb\n" /* endbr32 */
#define ST_EARLY_GROUP "__rr_softticks_early"
#define ST_EARLY_SECTION ".text.__rr_softticks_early" /* skip prefix: never ticks */
#define ST_EARLY_IFUNC "__rr_softticks_early"
#define ST_EARLY_RESOLVER "__rr_softticks_early_map"
#define ST_EARLY_NOOP "__rr_softticks_early_noop"

/* The resolver's body (it returns the no-op's address), then the no-op
 * with the never-executed GOT reference after its return. */
static const char *early_code(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      return ST_ENDBR64 "\tsubq $8, %rsp\n\tcall " RR_SOFTTICKS_INIT_SYMBOL
             "\n\taddq $8, %rsp\n\tleaq " ST_EARLY_NOOP "(%rip), %rax\n\tret\n"
             ST_EARLY_NOOP ":\n" ST_ENDBR64 "\tret\n"
             "\tmovq " ST_EARLY_IFUNC "@GOTPCREL(%rip), %rax\n";
    case RR_SOFTTICKS_ARCH_I386:
      return ST_ENDBR32 "\tsubl $12, %esp\n\tcall " RR_SOFTTICKS_INIT_SYMBOL
             "\n\taddl $12, %esp\n\tcall 2f\n2:\tpopl %eax\n\taddl $(" ST_EARLY_NOOP
             " - 2b), %eax\n\tret\n" ST_EARLY_NOOP ":\n" ST_ENDBR32 "\tret\n"
             "\tmovl " ST_EARLY_IFUNC "@GOT(%eax), %eax\n";
    case RR_SOFTTICKS_ARCH_AARCH64:
      return "\thint #34\n\tstp x29, x30, [sp, #-16]!\n\tmov x29, sp\n\tbl " RR_SOFTTICKS_INIT_SYMBOL
             "\n\tldp x29, x30, [sp], #16\n\tadr x0, " ST_EARLY_NOOP "\n\tret\n" ST_EARLY_NOOP
             ":\n\thint #34\n\tret\n"
             "\tadrp x16, :got:" ST_EARLY_IFUNC "\n\tldr x16, [x16, #:got_lo12:" ST_EARLY_IFUNC
             "]\n";
  }
  return NULL;
}

/* A writable .init_array section of the group (as compilers emit it: lld
 * refuses dynamic relocations in a read-only section) holding a pointer to
 * fn. */
static void emit_init_array_entry(struct st_text *t, const char *section, const char *group,
                                  enum rr_softticks_arch arch, const struct asm_dialect *d,
                                  const char *fn) {
  st_text_printf(t, "\t.pushsection %s,\"awG\",%sinit_array,%s,comdat\n", section,
                 st_asm_type_prefix(arch), group);
  st_text_printf(t, "\t.p2align %u\n\t.%ubyte %s\n\t.popsection\n",
                 d->pointer_size == 8 ? 3u : 2u, d->pointer_size, fn);
}

/* A hidden global symbol of type `type` (function, gnu_indirect_function). */
static void emit_hidden(struct st_text *t, enum rr_softticks_arch arch, const char *sym,
                        const char *type) {
  st_text_printf(t, "\t.globl %s\n\t.hidden %s\n\t.type %s,%s%s\n", sym, sym, sym,
                 st_asm_type_prefix(arch), type);
}

static void emit_early_mapping(struct st_text *t, enum rr_softticks_arch arch,
                               const struct asm_dialect *d) {
  const char *r = ST_EARLY_RESOLVER, *f = ST_EARLY_IFUNC, *n = ST_EARLY_NOOP;
  st_text_printf(t, "\t.pushsection %s,\"axG\",%sprogbits,%s,comdat\n", ST_EARLY_SECTION,
                 st_asm_type_prefix(arch), ST_EARLY_GROUP);
  st_text_printf(t, "\t.p2align %u\n", d->code_align_log2);
  emit_hidden(t, arch, r, "function");
  emit_hidden(t, arch, n, "function");
  st_text_printf(t, "%s:\n%s\t.size %s,.-%s\n\t.size %s,.-%s\n", r, early_code(arch), r, r, n, n);
  emit_hidden(t, arch, f, "gnu_indirect_function");
  st_text_printf(t, "\t.set %s,%s\n\t.popsection\n", f, r);
  emit_init_array_entry(t, ".init_array", ST_EARLY_GROUP, arch, d, n);
}

/* The ABI's group: the initializer, its .init_array.00001 entry and the
 * note, all in the COMDAT group __rr_softticks_init.  arch is known (the
 * callers checked it). */
static void emit_initializer_group(struct st_text *t, enum rr_softticks_arch arch,
                                   const struct asm_dialect *d) {
  const char *sym = RR_SOFTTICKS_INIT_SYMBOL, *group = RR_SOFTTICKS_INIT_COMDAT;
  const unsigned char version[RR_SOFTTICKS_NOTE_DESCSZ] = {RR_SOFTTICKS_ABI_VERSION, 0, 0, 0};
  size_t size;
  const unsigned char *code = rr_softticks_init_code(arch, &size);
  st_text_printf(t, "\t.pushsection %s,\"axG\",%sprogbits,%s,comdat\n",
                 RR_SOFTTICKS_INIT_SECTION, st_asm_type_prefix(arch), group);
  st_text_printf(t, "\t.p2align %u\n", d->code_align_log2);
  emit_hidden(t, arch, sym, "function");
  st_text_printf(t, "%s:\n", sym);
  st_text_bytes(t, code, size, 1);
  st_text_printf(t, "\t.size %s,.-%s\n\t.popsection\n", sym, sym);
  emit_init_array_entry(t, RR_SOFTTICKS_INIT_ARRAY_SECTION, group, arch, d, sym);
  /* The ABI note: "rr", type 1, the ABI version as a little-endian u32. */
  st_text_note(t, arch, RR_SOFTTICKS_NOTE_SECTION, group, RR_SOFTTICKS_NOTE_NAME,
               RR_SOFTTICKS_NOTE_TYPE, version, sizeof version);
}

enum module_piece { INITIALIZER_GROUP = 1, EARLY_MAPPING = 2 };

/* The text of the pieces asked for (module_piece bits); NULL for an
 * unknown arch or out of memory. */
static char *module_text(enum rr_softticks_arch arch, unsigned pieces) {
  const struct asm_dialect *d = dialect_for(arch);
  struct st_text t = ST_TEXT_INIT;
  size_t size;
  if (!d || !st_asm_type_prefix(arch) || !rr_softticks_init_code(arch, &size)) return NULL;
  if (pieces & INITIALIZER_GROUP) emit_initializer_group(&t, arch, d);
  if (pieces & EARLY_MAPPING) emit_early_mapping(&t, arch, d);
  return st_text_finish(&t);
}

char *st_module_asm(enum rr_softticks_arch arch) {
  return module_text(arch, INITIALIZER_GROUP | EARLY_MAPPING);
}

char *st_module_initializer_group_asm(enum rr_softticks_arch arch) {
  return module_text(arch, INITIALIZER_GROUP);
}

/* intel_syntax: the text goes into Intel-syntax output (x86 -masm=intel),
 * so it switches the assembler to AT&T for its instructions (the early
 * mapping's) and back to what the compilers' Intel output is in. */
static char *parts_text(const struct st_manifest *m, unsigned pieces, int intel_syntax) {
  char *module = m ? module_text(m->arch, pieces) : NULL;
  char *manifest = module ? st_manifest_asm(m) : NULL;
  struct st_text t = ST_TEXT_INIT;
  int x86 = m && (m->arch == RR_SOFTTICKS_ARCH_X86_64 || m->arch == RR_SOFTTICKS_ARCH_I386);
  const char *to_att = intel_syntax && x86 ? RR_SOFTTICKS_X86_TO_ATT_SYNTAX : "";
  const char *back = intel_syntax && x86 ? RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX : "";
  if (manifest) st_text_printf(&t, "%s%s%s%s", to_att, module, manifest, back);
  free(module);
  free(manifest);
  return manifest ? st_text_finish(&t) : NULL;
}

char *st_module_parts_asm(const struct st_manifest *m, unsigned options) {
  unsigned pieces = INITIALIZER_GROUP | EARLY_MAPPING;
  if (options & ST_PARTS_OWN_INITIALIZER) pieces &= ~(unsigned)INITIALIZER_GROUP;
  if (options & ST_PARTS_NO_EARLY_MAPPING) pieces &= ~(unsigned)EARLY_MAPPING;
  return parts_text(m, pieces, (options & ST_PARTS_INTEL_SYNTAX) != 0);
}

/* The length of the parts block that starts at line (a .pushsection into
 * one of the parts' COMDAT groups), through the end of its .popsection
 * line; 0 if line starts no such block. */
static size_t parts_block_length(const char *line) {
  const char *eol = strchr(line, '\n');
  size_t first = eol ? (size_t)(eol - line) : strlen(line);
  const char *p = line;
  while (*p == '\t' || *p == ' ') p++;
  if (strncmp(p, ".pushsection", 12) != 0) return 0;
  /* "...,<group>,comdat" at the end of the first line. */
  const char *tail = ",comdat";
  size_t tail_len = strlen(tail);
  if (first < tail_len || strncmp(line + first - tail_len, tail, tail_len) != 0) return 0;
  const char *comma = line + first - tail_len;
  const char *group = comma;
  while (group > line && group[-1] != ',') group--;
  if (strncmp(group, "__rr_softticks", 14) != 0) return 0;
  for (const char *q = eol; q; q = strchr(q + 1, '\n')) {
    const char *next = q + 1;
    const char *r = next;
    while (*r == '\t' || *r == ' ') r++;
    if (strncmp(r, ".popsection", 11) == 0) {
      const char *end = strchr(r, '\n');
      return end ? (size_t)(end + 1 - line) : strlen(line);
    }
  }
  return 0; /* no .popsection: not a block the plugins wrote */
}

char *st_module_parts_drop_repeats(const char *text, unsigned *dropped) {
  struct st_text out = ST_TEXT_INIT;
  const char **kept = NULL;
  size_t *kept_len = NULL, nkept = 0, cap = 0;
  unsigned n = 0;
  for (const char *line = text; *line;) {
    size_t len = parts_block_length(line);
    if (len) {
      int repeat = 0;
      for (size_t i = 0; i < nkept && !repeat; i++)
        repeat = kept_len[i] == len && memcmp(kept[i], line, len) == 0;
      if (repeat) {
        n++;
        line += len;
        continue;
      }
      if (nkept == cap) {
        size_t ncap = cap ? 2 * cap : 16;
        const char **k = realloc(kept, ncap * sizeof *k);
        if (!k) goto out_of_memory;
        kept = k;
        size_t *kl = realloc(kept_len, ncap * sizeof *kl);
        if (!kl) goto out_of_memory;
        kept_len = kl;
        cap = ncap;
      }
      kept[nkept] = line;
      kept_len[nkept++] = len;
    } else {
      const char *eol = strchr(line, '\n');
      len = eol ? (size_t)(eol + 1 - line) : strlen(line);
    }
    st_text_printf(&out, "%.*s", (int)len, line);
    line += len;
  }
  free(kept);
  free(kept_len);
  if (dropped) *dropped = n;
  return st_text_finish(&out);

out_of_memory:
  free(kept);
  free(kept_len);
  free(st_text_finish(&out));
  return NULL;
}
