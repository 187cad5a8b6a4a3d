/*
 * st_module_asm: the top-level assembly every instrumented unit carries
 * (see module_asm.h).  The initializer's machine code comes from
 * runtime/page_init.c via the generated st_init_code.c; everything else
 * (names, priority, note layout) from include/rr/softticks.h.
 *
 * Each piece is wrapped in .pushsection/.popsection so that the compiler's
 * idea of the current section is intact after the top-level asm (GCC
 * does not re-emit a .section directive after it).
 */
#include "module_asm.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "st_init_code.h"

/* Big enough for ~110 code bytes at 6 characters each plus directives. */
#define ST_MODULE_ASM_CAP 4096

struct asm_dialect {
  const char *type_prefix;  /* '@' on x86, '%' on aarch64 ('@' starts a comment there) */
  unsigned code_align_log2; /* .p2align of the function */
  unsigned pointer_size;    /* .init_array entry */
};

static const struct asm_dialect *dialect_for(enum rr_softticks_arch arch) {
  static const struct asm_dialect x86_64 = {"@", 4, 8};
  static const struct asm_dialect i386 = {"@", 4, 4};
  static const struct asm_dialect aarch64 = {"%", 2, 8};
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64: return &x86_64;
    case RR_SOFTTICKS_ARCH_I386: return &i386;
    case RR_SOFTTICKS_ARCH_AARCH64: return &aarch64;
  }
  return NULL;
}

struct text {
  char *buf;
  size_t len, cap;
  int overflow;
};

static void emit(struct text *t, const char *fmt, ...) {
  va_list ap;
  int n;
  if (t->overflow) return;
  va_start(ap, fmt);
  n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= t->cap - t->len)
    t->overflow = 1;
  else
    t->len += (size_t)n;
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
 * indirectly.
 */
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
      return "\tendbr64\n\tsubq $8, %rsp\n\tcall " RR_SOFTTICKS_INIT_SYMBOL
             "\n\taddq $8, %rsp\n\tleaq " ST_EARLY_NOOP "(%rip), %rax\n\tret\n"
             ST_EARLY_NOOP ":\n\tendbr64\n\tret\n"
             "\tmovq " ST_EARLY_IFUNC "@GOTPCREL(%rip), %rax\n";
    case RR_SOFTTICKS_ARCH_I386:
      return "\tendbr32\n\tsubl $12, %esp\n\tcall " RR_SOFTTICKS_INIT_SYMBOL
             "\n\taddl $12, %esp\n\tcall 2f\n2:\tpopl %eax\n\taddl $(" ST_EARLY_NOOP
             " - 2b), %eax\n\tret\n" ST_EARLY_NOOP ":\n\tendbr32\n\tret\n"
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

static void emit_early_mapping(struct text *t, enum rr_softticks_arch arch,
                               const struct asm_dialect *d) {
  const char *r = ST_EARLY_RESOLVER, *f = ST_EARLY_IFUNC, *n = ST_EARLY_NOOP;
  emit(t, "\t.pushsection %s,\"axG\",%sprogbits,%s,comdat\n", ST_EARLY_SECTION, d->type_prefix,
       ST_EARLY_GROUP);
  emit(t, "\t.p2align %u\n", d->code_align_log2);
  emit(t, "\t.globl %s\n\t.hidden %s\n\t.type %s,%sfunction\n", r, r, r, d->type_prefix);
  emit(t, "\t.globl %s\n\t.hidden %s\n\t.type %s,%sfunction\n", n, n, n, d->type_prefix);
  emit(t, "%s:\n%s\t.size %s,.-%s\n\t.size %s,.-%s\n", r, early_code(arch), r, r, n, n);
  emit(t, "\t.globl %s\n\t.hidden %s\n\t.type %s,%sgnu_indirect_function\n\t.set %s,%s\n", f, f,
       f, d->type_prefix, f, r);
  emit(t, "\t.popsection\n");
  emit(t, "\t.pushsection .init_array,\"awG\",%sinit_array,%s,comdat\n", d->type_prefix,
       ST_EARLY_GROUP);
  emit(t, "\t.p2align %u\n\t.%ubyte %s\n\t.popsection\n", d->pointer_size == 8 ? 3u : 2u,
       d->pointer_size, n);
}

/* Writes the text for arch into buf; returns 0, or -1 if it does not fit
 * or arch has no initializer in this build. */
static int build(enum rr_softticks_arch arch, char *buf, size_t cap) {
  const struct asm_dialect *d = dialect_for(arch);
  const struct st_init_code *code = st_init_code_for(arch);
  const char *sym = RR_SOFTTICKS_INIT_SYMBOL, *group = RR_SOFTTICKS_INIT_COMDAT;
  const char *name = RR_SOFTTICKS_NOTE_NAME;
  struct text t = {buf, 0, cap, 0};
  size_t i, name_bytes = RR_SOFTTICKS_NOTE_NAMESZ, padded = (name_bytes + 3) & ~(size_t)3;

  if (!d || !code || !code->bytes || code->size == 0) return -1;

  emit(&t, "\t.pushsection %s,\"axG\",%sprogbits,%s,comdat\n", RR_SOFTTICKS_INIT_SECTION,
       d->type_prefix, group);
  emit(&t, "\t.p2align %u\n\t.globl %s\n\t.hidden %s\n\t.type %s,%sfunction\n%s:\n",
       d->code_align_log2, sym, sym, sym, d->type_prefix, sym);
  for (i = 0; i < code->size; i++)
    emit(&t, "%s0x%02x%s", i % 16 ? "," : "\t.byte ", code->bytes[i],
         (i % 16 == 15 || i + 1 == code->size) ? "\n" : "");
  emit(&t, "\t.size %s,.-%s\n\t.popsection\n", sym, sym);

  /* Writable, as compilers emit it: lld refuses dynamic relocations in a
   * read-only section. */
  emit(&t, "\t.pushsection %s,\"awG\",%sinit_array,%s,comdat\n", RR_SOFTTICKS_INIT_ARRAY_SECTION,
       d->type_prefix, group);
  emit(&t, "\t.p2align %u\n\t.%ubyte %s\n\t.popsection\n", d->pointer_size == 8 ? 3u : 2u,
       d->pointer_size, sym);

  /* namesz, descsz, type, name padded to 4, desc (ABI version). */
  emit(&t, "\t.pushsection %s,\"aG\",%snote,%s,comdat\n", RR_SOFTTICKS_NOTE_SECTION,
       d->type_prefix, group);
  emit(&t, "\t.p2align 2\n\t.4byte %u\n\t.4byte %u\n\t.4byte %u\n\t.byte ",
       (unsigned)RR_SOFTTICKS_NOTE_NAMESZ, (unsigned)RR_SOFTTICKS_NOTE_DESCSZ,
       (unsigned)RR_SOFTTICKS_NOTE_TYPE);
  for (i = 0; i < padded; i++)
    emit(&t, "%s0x%02x", i ? "," : "", i < strlen(name) ? (unsigned char)name[i] : 0u);
  emit(&t, "\n\t.4byte %u\n\t.popsection\n", (unsigned)RR_SOFTTICKS_ABI_VERSION);
  emit_early_mapping(&t, arch, d);
  return t.overflow ? -1 : 0;
}

/* Built once per arch; callers may be threads (an LLVM plugin under
 * parallel LTO), so publication goes through an atomic state:
 * 0 unbuilt, 1 being built, 2 ready, 3 unavailable. */
static char texts[4][ST_MODULE_ASM_CAP];
static atomic_int states[4];

const char *st_module_asm(enum rr_softticks_arch arch) {
  int expected = 0, s;
  unsigned i = (unsigned)arch;
  if (i == 0 || i > 3) return NULL;
  if (atomic_compare_exchange_strong(&states[i], &expected, 1))
    atomic_store(&states[i], build(arch, texts[i], sizeof texts[i]) == 0 ? 2 : 3);
  while ((s = atomic_load(&states[i])) == 1) {
    /* another thread is formatting a few hundred bytes */
  }
  return s == 2 ? texts[i] : NULL;
}
