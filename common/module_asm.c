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

/*
 * The page check (the project's addition, abi/ABI.md section 5, "A
 * module that covers the page"): a hidden function that walks the
 * module's own program headers, found through the linker's __ehdr_start,
 * and when one of its PT_LOAD segments overlaps the countdown page
 * [page, page + RR_SOFTTICKS_MAP_SIZE) writes a message to stderr and
 * ends the process with ST_PAGE_COVERED_STATUS (raw write, readlink and
 * exit_group: no libc, it may run while the loader relocates).  Such a
 * module's own memory is where ticks count down; the initializer cannot
 * tell that from a tracer's page (EEXIST is never an error), the module's
 * extent can: no tracer's mapping is part of it.  It runs from the early
 * mapping's resolver, right after the initializer, and from an
 * .init_array.00001 slot of its own group (units without the early
 * mapping: musl's, glibc's own).  __ehdr_start is a weak hidden
 * reference loaded from the GOT (linkers turn the load into an address
 * computation): a link whose ELF header is not loaded (a linker script
 * of its own) defines no __ehdr_start, reads 0 and skips the check
 * instead of failing to link.  Segment addresses are the link-time ones
 * plus the load bias, __ehdr_start less the p_vaddr of the PT_LOAD at
 * file offset 0 (none: no check).  The message names the program (its
 * /proc/self/exe), the module (its ELF header's address) and the page.
 * Registers: x86 callee-saved ones are kept (i386 saves what it uses);
 * aarch64 uses only caller-saved ones.  It never ticks (skip section).
 */
#define ST_PAGE_CHECK_GROUP "__rr_softticks_page_check"
#define ST_PAGE_CHECK_SECTION ".text.__rr_softticks_page_check" /* skip prefix */
#define ST_PAGE_CHECK "__rr_softticks_page_check"
#define ST_PAGE_CHECK_DATA ".rodata.__rr_softticks_page_check"
/* The pieces of its message (read-only data of the group): labels local
 * to the unit.  The code writes each piece from its label to the next
 * one's; aarch64 loads a label's address into a register with
 * ST_AARCH64_ADDRESS. */
#define ST_PAGE_CHECK_MSG(n) ".L__rr_softticks_page_check_msg" #n
#define ST_AARCH64_ADDRESS(reg, n) \
  "\tadrp " reg ", " ST_PAGE_CHECK_MSG(n) "\n\tadd " reg ", " reg ", :lo12:" ST_PAGE_CHECK_MSG(n) "\n"

/* x86 loop heads have names, not numbers: clang parses module asm that
 * goes into -masm=intel output with Intel's integer rules even after
 * .att_syntax, so "jmp 1b" was a jump to address 1 (binary 1), found by
 * clang<N>.intel_syntax.  Forward references (9f) are no such number. */
#define ST_PAGE_CHECK_LOOP(name) ".L__rr_softticks_page_check_" #name

/* x86-64 and i386 walk the headers with the same instructions on their
 * own word size (W: "q", "l"), registers (ehdr in, the headers, their
 * size, the bias, a scratch one; %%ecx and %%edx count) and ELF offsets
 * (Elf64_/Elf32_Ehdr: e_phoff, e_phentsize, e_phnum; _Phdr: p_offset,
 * p_vaddr, p_memsz).  It returns through 9f or goes to 6f when a segment
 * overlaps the page. */
#define ST_X86_WALK(W, EHDR, PH, ENT, BIAS, AX, PHOFF, PHENTSIZE, PHNUM, POFF, PVADDR, PMEMSZ)   \
  "\ttest" W " " EHDR ", " EHDR "\n\tjz 9f\n"                                                 \
  "\tmov" W " " PHOFF "(" EHDR "), " PH "\n\tadd" W " " EHDR ", " PH "\n"                      \
  "\tmovzwl " PHNUM "(" EHDR "), %%ecx\n\tmovzw" W " " PHENTSIZE "(" EHDR "), " ENT "\n"         \
  "\tmov" W " " PH ", " AX "\n\tmovl %%ecx, %%edx\n"                                           \
  ST_PAGE_CHECK_LOOP(bias) ":\ttestl %%edx, %%edx\n\tjz 9f\n" /* the bias */                \
  "\tcmpl $1, (" AX ")\n\tjne 2f\n\tcmp" W " $0, " POFF "(" AX ")\n\tje 3f\n"                 \
  "2:\tadd" W " " ENT ", " AX "\n\tdecl %%edx\n\tjmp " ST_PAGE_CHECK_LOOP(bias) "\n"            \
  "3:\tmov" W " " EHDR ", " BIAS "\n\tsub" W " " PVADDR "(" AX "), " BIAS "\n"                 \
  ST_PAGE_CHECK_LOOP(load) ":\ttestl %%ecx, %%ecx\n\tjz 9f\n" /* each PT_LOAD */            \
  "\tcmpl $1, (" PH ")\n\tjne 5f\n"                                                           \
  "\tmov" W " " PVADDR "(" PH "), " AX "\n\tadd" W " " BIAS ", " AX "\n"                       \
  "\tcmp" W " $%2$#lx, " AX "\n\tjae 5f\n"                                                    \
  "\tadd" W " " PMEMSZ "(" PH "), " AX "\n\tcmp" W " $%1$#lx, " AX "\n\tja 6f\n"               \
  "5:\tadd" W " " ENT ", " PH "\n\tdecl %%ecx\n\tjmp " ST_PAGE_CHECK_LOOP(load) "\n"

/* x86: the address in SRC as DIGITS hex digits at (SP), through AX (the
 * full register of %%eax) and CX (of %%ecx), W the word size. */
#define ST_X86_HEX(W, SRC, AX, SP, CX, DIGITS)                                          \
  "\tmov" W " " SRC ", " AX "\n\tmovl $" DIGITS ", %%ecx\n"                               \
  ST_PAGE_CHECK_LOOP(digit) ":\tmovl %%eax, %%edx\n\tandl $15, %%edx\n\tcmpl $10, %%edx\n"  \
  "\tjb 3f\n"                                                                              \
  "\taddl $39, %%edx\n3:\taddl $48, %%edx\n\tmovb %%dl, -1(" SP "," CX ")\n"              \
  "\tshr" W " $4, " AX "\n\tdecl %%ecx\n\tjnz " ST_PAGE_CHECK_LOOP(digit) "\n"

/* x86: what the check does when a segment covers the page (6:): write the
 * message, the program's name (readlink) and the module's address (SRC,
 * DIGITS hex digits) from the buffer at SP, and exit_group.  The system
 * calls take their number in %%eax and their arguments in ARG1, BUF, END
 * (x86-64: %%rdi, %%rsi, %%rdx; i386: %%ebx, %%ecx, %%edx) through
 * SYSCALL; 7: writes BUF up to END to stderr; MSGREF addresses a piece of
 * the message (PC-relative, or from the GOT in %%ebp). */
#define ST_X86_STOP(W, SP, AX, CX, SRC, DIGITS, BUF, END, ARG1, MSGREF, SYSCALL, NR_READLINK,   \
                    NR_WRITE, NR_EXIT)                                                         \
  ST_X86_WRITE_MSG(W, 0, 1, BUF, END, MSGREF)                                                  \
  "\tmovl $" NR_READLINK ", %%eax\n\tlea" W " " ST_PAGE_CHECK_MSG(3) MSGREF ", " ARG1 "\n"     \
  "\tmov" W " " SP ", " BUF "\n\tmovl $256, %%edx\n\t" SYSCALL "\n"                          \
  "\ttest" W " " AX ", " AX "\n\tjle 1f\n"                                                    \
  "\tmov" W " " SP ", " BUF "\n\tlea" W " (" SP "," AX "), " END "\n\tcall 7f\n"              \
  "1:" ST_X86_WRITE_MSG(W, 1, 2, BUF, END, MSGREF)                                             \
  ST_X86_HEX(W, SRC, AX, SP, CX, DIGITS)                                                       \
  "\tmov" W " " SP ", " BUF "\n\tlea" W " " DIGITS "(" SP "), " END "\n\tcall 7f\n"            \
  ST_X86_WRITE_MSG(W, 2, 3, BUF, END, MSGREF)                                                  \
  "\tmovl $" NR_EXIT ", %%eax\n\tmov" W " $%3$u, " ARG1 "\n\t" SYSCALL "\n\thlt\n"            \
  "7:\tmovl $" NR_WRITE ", %%eax\n\tmov" W " $2, " ARG1 "\n\tsub" W " " BUF ", " END "\n"      \
  "\t" SYSCALL "\n\tret\n"
#define ST_X86_WRITE_MSG(W, a, b, BUF, END, MSGREF)                                     \
  "\tlea" W " " ST_PAGE_CHECK_MSG(a) MSGREF ", " BUF "\n\tlea" W " " ST_PAGE_CHECK_MSG(b) \
  MSGREF ", " END "\n\tcall 7f\n"

/* The code, a printf format: its arguments are the page, the page's end
 * and the exit status, in that order (%1$..%3$); the pieces of the
 * message are ST_PAGE_CHECK_MSG(0..3) (emit_page_check). */
static const char *page_check_code(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      return ST_ENDBR64
          "\tmovq " ST_EHDR_START "@GOTPCREL(%%rip), %%rdi\n"
          ST_X86_WALK("q", "%%rdi", "%%rsi", "%%r8", "%%r9", "%%rax", "32", "54", "56", "8", "16",
                      "40")
          "9:\tret\n"
          "6:\tmovq %%rdi, %%r12\n\tsubq $264, %%rsp\n"
          ST_X86_STOP("q", "%%rsp", "%%rax", "%%rcx", "%%r12", "16", "%%rsi", "%%rdx", "%%rdi",
                      "(%%rip)", "syscall", "89", "1", "231");
    case RR_SOFTTICKS_ARCH_I386:
      return ST_ENDBR32
          "\tpushl %%ebx\n\tpushl %%esi\n\tpushl %%edi\n\tpushl %%ebp\n"
          "\tcall 8f\n\taddl $_GLOBAL_OFFSET_TABLE_, %%ebx\n" /* the GOT */
          "\tmovl " ST_EHDR_START "@GOT(%%ebx), %%edi\n"
          ST_X86_WALK("l", "%%edi", "%%esi", "%%ebp", "%%edx", "%%eax", "28", "42", "44", "4", "8",
                      "20")
          "9:\tpopl %%ebp\n\tpopl %%edi\n\tpopl %%esi\n\tpopl %%ebx\n\tret\n"
          "6:\tsubl $264, %%esp\n\tmovl %%ebx, %%ebp\n" /* the GOT, for the strings */
          ST_X86_STOP("l", "%%esp", "%%eax", "%%ecx", "%%edi", "8", "%%ecx", "%%edx", "%%ebx",
                      "@GOTOFF(%%ebp)", "int $0x80", "85", "4", "252")
          "8:\tmovl (%%esp), %%ebx\n\tret\n"; /* %%ebx: the return address */
    case RR_SOFTTICKS_ARCH_AARCH64:
      return "\thint #34\n"
          "\tadrp x0, :got:" ST_EHDR_START "\n\tldr x0, [x0, #:got_lo12:" ST_EHDR_START "]\n"
          "\tcbz x0, 9f\n"
          "\tldr x1, [x0, #32]\n\tadd x1, x1, x0\n"           /* e_phoff: the headers */
          "\tldrh w2, [x0, #56]\n\tldrh w3, [x0, #54]\n"      /* e_phnum, e_phentsize */
          "\tmov x4, x1\n\tmov w5, w2\n"
          "1:\tcbz w5, 9f\n"                                    /* the bias */
          "\tldr w6, [x4]\n\tcmp w6, #1\n\tb.ne 2f\n\tldr x6, [x4, #8]\n\tcbz x6, 3f\n"
          "2:\tadd x4, x4, x3\n\tsub w5, w5, #1\n\tb 1b\n"
          "3:\tldr x6, [x4, #16]\n\tsub x7, x0, x6\n"
          "\tmovz x10, #((%2$#lx >> 16) & 0xffff), lsl #16\n" /* the page's end */
          "\tmovk x10, #(%2$#lx & 0xffff)\n"
          "\tmovz x11, #((%1$#lx >> 16) & 0xffff), lsl #16\n" /* the page */
          "\tmovk x11, #(%1$#lx & 0xffff)\n"
          "4:\tcbz w2, 9f\n"                                    /* each PT_LOAD */
          "\tldr w6, [x1]\n\tcmp w6, #1\n\tb.ne 5f\n"
          "\tldr x6, [x1, #16]\n\tadd x6, x6, x7\n\tcmp x6, x10\n\tb.hs 5f\n"
          "\tldr x9, [x1, #40]\n\tadd x6, x6, x9\n\tcmp x6, x11\n\tb.hi 6f\n"
          "5:\tadd x1, x1, x3\n\tsub w2, w2, #1\n\tb 4b\n"
          "9:\tret\n"
          "6:\tmov x12, x0\n\tsub sp, sp, #272\n"
          ST_AARCH64_ADDRESS("x1", 0) ST_AARCH64_ADDRESS("x2", 1) "\tbl 7f\n"
          "\tmov x0, #-100\n" ST_AARCH64_ADDRESS("x1", 3) /* readlinkat */
          "\tmov x2, sp\n\tmov x3, #256\n"
          "\tmov x8, #78\n\tsvc #0\n\tcmp x0, #0\n\tb.le 1f\n"
          "\tmov x1, sp\n\tadd x2, x1, x0\n\tbl 7f\n"
          "1:" ST_AARCH64_ADDRESS("x1", 1) ST_AARCH64_ADDRESS("x2", 2) "\tbl 7f\n"
          "\tmov x13, #16\n"                                    /* the address in hex */
          "2:\tand x14, x12, #15\n\tcmp x14, #10\n\tb.lo 3f\n\tadd x14, x14, #39\n"
          "3:\tadd x14, x14, #48\n\tsub x15, x13, #1\n\tstrb w14, [sp, x15]\n"
          "\tlsr x12, x12, #4\n\tsub x13, x13, #1\n\tcbnz x13, 2b\n"
          "\tmov x1, sp\n\tadd x2, x1, #16\n\tbl 7f\n"
          ST_AARCH64_ADDRESS("x1", 2) ST_AARCH64_ADDRESS("x2", 3) "\tbl 7f\n"
          "\tmov x0, #%3$u\n\tmov x8, #94\n\tsvc #0\n\tbrk #0\n" /* exit_group */
          "7:\tmov x0, #2\n\tsub x2, x2, x1\n\tmov x8, #64\n\tsvc #0\n\tret\n";
  }
  return NULL;
}

/* The resolver's body (it returns the no-op's address), then the no-op
 * with the never-executed GOT reference after its return. */
static const char *early_code(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      return ST_ENDBR64 "\tsubq $8, %rsp\n\tcall " RR_SOFTTICKS_INIT_SYMBOL
             "\n\tcall " ST_PAGE_CHECK "\n\taddq $8, %rsp\n\tleaq " ST_EARLY_NOOP "(%rip), %rax\n\tret\n"
             ST_EARLY_NOOP ":\n" ST_ENDBR64 "\tret\n"
             "\tmovq " ST_EARLY_IFUNC "@GOTPCREL(%rip), %rax\n";
    case RR_SOFTTICKS_ARCH_I386:
      return ST_ENDBR32 "\tsubl $12, %esp\n\tcall " RR_SOFTTICKS_INIT_SYMBOL
             "\n\tcall " ST_PAGE_CHECK "\n\taddl $12, %esp\n\tcall 2f\n2:\tpopl %eax\n\taddl $(" ST_EARLY_NOOP
             " - 2b), %eax\n\tret\n" ST_EARLY_NOOP ":\n" ST_ENDBR32 "\tret\n"
             "\tmovl " ST_EARLY_IFUNC "@GOT(%eax), %eax\n";
    case RR_SOFTTICKS_ARCH_AARCH64:
      return "\thint #34\n\tstp x29, x30, [sp, #-16]!\n\tmov x29, sp\n\tbl " RR_SOFTTICKS_INIT_SYMBOL
             "\n\tbl " ST_PAGE_CHECK "\n\tldp x29, x30, [sp], #16\n\tadr x0, " ST_EARLY_NOOP "\n\tret\n" ST_EARLY_NOOP
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

static void emit_page_check(struct st_text *t, enum rr_softticks_arch arch,
                            const struct asm_dialect *d) {
  unsigned long page = (unsigned long)rr_softticks_page_addr(arch);
  st_text_printf(t, "\t.weak %s\n\t.hidden %s\n", ST_EHDR_START, ST_EHDR_START);
  st_text_printf(t, "\t.pushsection %s,\"axG\",%sprogbits,%s,comdat\n", ST_PAGE_CHECK_SECTION,
                 st_asm_type_prefix(arch), ST_PAGE_CHECK_GROUP);
  st_text_printf(t, "\t.p2align %u\n", d->code_align_log2);
  emit_hidden(t, arch, ST_PAGE_CHECK, "function");
  st_text_printf(t, "%s:\n", ST_PAGE_CHECK);
  st_text_printf(t, page_check_code(arch), page, page + RR_SOFTTICKS_MAP_SIZE,
                 (unsigned)ST_PAGE_COVERED_STATUS);
  st_text_printf(t, "\t.size %s,.-%s\n\t.popsection\n", ST_PAGE_CHECK, ST_PAGE_CHECK);
  /* Its message, in pieces (the code writes each from its label to the
   * next one's), in read-only data of the group. */
  st_text_printf(t, "\t.pushsection %s,\"aG\",%sprogbits,%s,comdat\n", ST_PAGE_CHECK_DATA,
                 st_asm_type_prefix(arch), ST_PAGE_CHECK_GROUP);
  st_text_printf(t,
                 ST_PAGE_CHECK_MSG(0) ":\t.ascii \"softticks: \"\n"
                 ST_PAGE_CHECK_MSG(1) ":\t.ascii \": the module at 0x\"\n"
                 ST_PAGE_CHECK_MSG(2) ":\t.ascii \" covers the countdown page %#lx: every tick would count down its"
                 " own memory, so it stops here. Link it as a position-independent executable"
                 " (-pie) or with less static data (softticks: abi/ABI.md, section 5).\\n\"\n"
                 ST_PAGE_CHECK_MSG(3) ":\t.asciz \"/proc/self/exe\"\n\t.popsection\n",
                 page);
  emit_init_array_entry(t, RR_SOFTTICKS_INIT_ARRAY_SECTION, ST_PAGE_CHECK_GROUP, arch, d,
                        ST_PAGE_CHECK);
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

enum module_piece { INITIALIZER_GROUP = 1, EARLY_MAPPING = 2, PAGE_CHECK = 4 };

/* The text of the pieces asked for (module_piece bits); NULL for an
 * unknown arch or out of memory. */
static char *module_text(enum rr_softticks_arch arch, unsigned pieces) {
  const struct asm_dialect *d = dialect_for(arch);
  struct st_text t = ST_TEXT_INIT;
  size_t size;
  if (!d || !st_asm_type_prefix(arch) || !rr_softticks_init_code(arch, &size)) return NULL;
  if (pieces & INITIALIZER_GROUP) emit_initializer_group(&t, arch, d);
  if (pieces & EARLY_MAPPING) emit_early_mapping(&t, arch, d);
  if (pieces & PAGE_CHECK) emit_page_check(&t, arch, d);
  return st_text_finish(&t);
}

char *st_module_asm(enum rr_softticks_arch arch) {
  return module_text(arch, INITIALIZER_GROUP | EARLY_MAPPING | PAGE_CHECK);
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
  unsigned pieces = INITIALIZER_GROUP | EARLY_MAPPING | PAGE_CHECK;
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
