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

/*
 * The page check (the project's addition, abi/ABI.md section 5, "A
 * program that covers the page"): a hidden function, run from an
 * .init_array.00001 slot of its own COMDAT group (one per module; the
 * ABI's group is unchanged), that stops a process whose main program's
 * own image covers the countdown page.  The initializer cannot tell such
 * an image from a tracer's page (EEXIST is never an error), and must not
 * try; the program's extent can, and no tracer's mapping is part of it.
 *
 * It names nothing outside the unit: no __ehdr_start, no GOT (an i386
 * GOT reference makes gas name _GLOBAL_OFFSET_TABLE_), no libc.  Its
 * relocations are PC-relative ones to its own message (and the slot's
 * pointer to it): glibc's configure requires `nm -u` of a one-line unit
 * to stay empty (runtime.parts_self_contained), and the first version,
 * which found its module through a weak __ehdr_start, broke that.
 *
 *  1. The filter, one system call: mincore(page - ST_PAGE_BELOW,
 *     ST_PAGE_BELOW, vec) fails (ENOMEM) when anything in the range right
 *     below the page is unmapped, which is the case in every ordinary
 *     process; the check ends there.  mincore has no effect and reads no
 *     memory of the range: valgrind's memcheck checks only vec (1 KiB of
 *     stack, at most 16 bytes written), where msync, the first version,
 *     was a memcheck error ("msync(start) points to unaddressable
 *     bytes") in every instrumented program run under valgrind.  An image that covers the page from below covers
 *     that range too.  (Not the page above: rr maps its syscall buffer
 *     there.  rr maps its own page right below, so under rr the check goes
 *     on to step 2 and finds nothing.)  The range is the largest page size
 *     of the arch (aarch64: 64 KiB), so that its start is aligned whatever
 *     the kernel's page size.
 *  2. The main program's program headers, from /proc/self/auxv (AT_PHDR,
 *     AT_PHNUM; AT_EXECFN for the message), read with raw openat/read/close
 *     into 1 KiB of stack (cannot open or read it: no check).  Its load
 *     bias is AT_PHDR less PT_PHDR's p_vaddr; without a PT_PHDR (static
 *     programs: GNU ld gives a static PIE none) AT_PHDR less the ELF
 *     header's size less the p_vaddr of the PT_LOAD at file offset 0 (the
 *     headers right after the ELF header, where linkers put them); neither:
 *     0.  /proc/self/maps is not used: it cannot
 *     tell the program's bss from rr's thread-locals page, an anonymous
 *     mapping that follows rr's file-backed page as the bss follows the
 *     program's last file-backed segment.
 *  3. When a PT_LOAD segment [bias + p_vaddr, + p_memsz) overlaps
 *     [page, page + RR_SOFTTICKS_MAP_SIZE): write
 *     "softticks: PROGRAM: this program's own image covers ..." to stderr
 *     and exit_group(ST_PAGE_COVERED_STATUS).
 *
 * Only the main program is checked: only an executable has a fixed
 * address; a shared object or PIE lands where the kernel finds room.
 * Every module's copy checks the same program: the first one to run stops
 * it, before any constructor of that module ticks (the slot has priority
 * 1).  Written per arch, as the early mapping is; the three texts follow
 * the same steps with the same labels.  Registers: x86-64 and aarch64 use
 * caller-saved ones only, i386 saves what it uses.  Never instrumented
 * (skip section).  Labels are named, not numbered, where they are jumped
 * to backwards: clang reads "1b" in module asm of -masm=intel output as
 * binary 1.
 */
#define ST_PAGE_CHECK_GROUP "__rr_softticks_page_check"
#define ST_PAGE_CHECK_SECTION ".text.__rr_softticks_page_check" /* skip prefix */
#define ST_PAGE_CHECK ST_PAGE_CHECK_GROUP
#define ST_PAGE_CHECK_DATA ".rodata.__rr_softticks_page_check"
#define L(name) ".L__rr_softticks_page_check_" #name
/* aarch64: REG = the address of label NAME (its own data). */
#define ST_A64_ADDRESS(reg, name) "\tadrp " reg ", " L(name) "\n\tadd " reg ", " reg ", :lo12:" L(name) "\n"

/* The code, a printf format: its arguments are, in that order, the start
 * and size of the range below the page (%1$, %2$), the page and its end
 * (%3$, %4$), the exit status (%5$).  The data labels are L(msg), L(name)
 * (the message's text after the program's name), L(end) and L(auxv)
 * (emit_page_check). */
static const char *page_check_code(enum rr_softticks_arch arch) {
  switch (arch) {
    case RR_SOFTTICKS_ARCH_X86_64:
      return ST_ENDBR64
          "\tsubq $1024, %%rsp\n"
          "\tmovl $27, %%eax\n\tmovl $%1$#lx, %%edi\n\tmovl $%2$#lx, %%esi\n\tmovq %%rsp, %%rdx\n"
          "\tsyscall\n\ttestq %%rax, %%rax\n\tjnz " L(out) "\n" /* mincore: nothing below */
          "\tmovl $257, %%eax\n\tmovq $-100, %%rdi\n\tleaq " L(auxv) "(%%rip), %%rsi\n"
          "\txorl %%edx, %%edx\n\tsyscall\n\ttestq %%rax, %%rax\n\tjs " L(out) "\n" /* openat */
          "\tmovq %%rax, %%rdi\n\txorl %%eax, %%eax\n\tmovq %%rsp, %%rsi\n\tmovl $1024, %%edx\n"
          "\tsyscall\n\tmovq %%rax, %%r8\n\tmovl $3, %%eax\n\tsyscall\n" /* read, close */
          "\ttestq %%r8, %%r8\n\tjle " L(out) "\n"
          "\tandq $-16, %%r8\n\tleaq (%%rsp,%%r8), %%r9\n\tmovq %%rsp, %%rsi\n"
          "\txorl %%edi, %%edi\n\txorl %%ecx, %%ecx\n\txorl %%r10d, %%r10d\n"
          L(aux) ":\tcmpq %%r9, %%rsi\n\tjae " L(phdrs) "\n" /* AT_PHDR, AT_PHNUM, AT_EXECFN */
          "\tmovq (%%rsi), %%rax\n\tmovq 8(%%rsi), %%rdx\n\taddq $16, %%rsi\n"
          "\ttestq %%rax, %%rax\n\tjz " L(phdrs) "\n"
          "\tcmpq $3, %%rax\n\tjne 1f\n\tmovq %%rdx, %%rdi\n"
          "1:\tcmpq $5, %%rax\n\tjne 1f\n\tmovl %%edx, %%ecx\n"
          "1:\tcmpq $31, %%rax\n\tjne 1f\n\tmovq %%rdx, %%r10\n"
          "1:\tjmp " L(aux) "\n"
          L(phdrs) ":\ttestq %%rdi, %%rdi\n\tjz " L(out) "\n"
          "\txorl %%r8d, %%r8d\n\txorl %%r9d, %%r9d\n\txorl %%r11d, %%r11d\n"
          "\tmovq %%rdi, %%rsi\n\tmovl %%ecx, %%edx\n"
          L(bias) ":\ttestl %%edx, %%edx\n\tjz " L(biased) "\n" /* the bias */
          "\tcmpl $6, (%%rsi)\n\tjne 1f\n\tmovq %%rdi, %%r8\n\tsubq 16(%%rsi), %%r8\n"
          "\tmovl $1, %%r11d\n"
          "1:\tcmpl $1, (%%rsi)\n\tjne 1f\n\tcmpq $0, 8(%%rsi)\n\tjne 1f\n"
          "\tleaq -64(%%rdi), %%r9\n\tsubq 16(%%rsi), %%r9\n"
          "1:\taddq $56, %%rsi\n\tdecl %%edx\n\tjmp " L(bias) "\n"
          L(biased) ":\ttestl %%r11d, %%r11d\n\tjnz " L(load) "\n\tmovq %%r9, %%r8\n"
          L(load) ":\ttestl %%ecx, %%ecx\n\tjz " L(out) "\n" /* each PT_LOAD */
          "\tcmpl $1, (%%rdi)\n\tjne 1f\n"
          "\tmovq 16(%%rdi), %%rax\n\taddq %%r8, %%rax\n\tcmpq $%4$#lx, %%rax\n\tjae 1f\n"
          "\taddq 40(%%rdi), %%rax\n\tcmpq $%3$#lx, %%rax\n\tja " L(stop) "\n"
          "1:\taddq $56, %%rdi\n\tdecl %%ecx\n\tjmp " L(load) "\n"
          L(out) ":\taddq $1024, %%rsp\n"
          L(done) ":\tret\n"
          L(stop) ":\tleaq " L(msg) "(%%rip), %%rsi\n\tleaq " L(name) "(%%rip), %%rdx\n"
          "\tcall " L(write) "\n"
          "\ttestq %%r10, %%r10\n\tjz 1f\n\tmovq %%r10, %%rsi\n\tmovq %%r10, %%rdx\n"
          L(len) ":\tcmpb $0, (%%rdx)\n\tje 2f\n\tincq %%rdx\n\tjmp " L(len) "\n"
          "2:\tcall " L(write) "\n"
          "1:\tleaq " L(name) "(%%rip), %%rsi\n\tleaq " L(end) "(%%rip), %%rdx\n"
          "\tcall " L(write) "\n"
          "\tmovl $231, %%eax\n\tmovl $%5$u, %%edi\n\tsyscall\n\thlt\n" /* exit_group */
          L(write) ":\tmovl $1, %%eax\n\tmovl $2, %%edi\n\tsubq %%rsi, %%rdx\n\tsyscall\n\tret\n";
    case RR_SOFTTICKS_ARCH_I386:
      /* %%ebp: the address of L(msg), the start of its data, from the
       * return address a call leaves (the idiom of GCC's pc thunks, which
       * softticks-as reads as such: a label of code in the difference, or
       * '.' after a pop, would make it leave the file uninstrumented). */
      return ST_ENDBR32
          "\tpushl %%ebx\n\tpushl %%esi\n\tpushl %%edi\n\tpushl %%ebp\n"
          "\tsubl $1024, %%esp\n"
          "\tmovl $218, %%eax\n\tmovl $%1$#lx, %%ebx\n\tmovl $%2$#lx, %%ecx\n\tmovl %%esp, %%edx\n"
          "\tint $0x80\n\ttestl %%eax, %%eax\n\tjnz " L(out) "\n" /* mincore: nothing below */
          "\tcall " L(pc) "\n\taddl $(" L(msg) " - .), %%ebp\n"
          "\tmovl $295, %%eax\n\tmovl $-100, %%ebx\n"
          "\tleal (" L(auxv) "-" L(msg) ")(%%ebp), %%ecx\n"
          "\txorl %%edx, %%edx\n\tint $0x80\n\ttestl %%eax, %%eax\n\tjs " L(out) "\n" /* openat */
          "\tmovl %%eax, %%ebx\n\tmovl $3, %%eax\n\tmovl %%esp, %%ecx\n\tmovl $1024, %%edx\n"
          "\tint $0x80\n\tmovl %%eax, %%esi\n\tmovl $6, %%eax\n\tint $0x80\n" /* read, close */
          "\ttestl %%esi, %%esi\n\tjle " L(out) "\n"
          "\tandl $-8, %%esi\n\taddl %%esp, %%esi\n\tmovl %%esp, %%ecx\n"
          "\txorl %%edi, %%edi\n\txorl %%edx, %%edx\n\txorl %%ebx, %%ebx\n"
          L(aux) ":\tcmpl %%esi, %%ecx\n\tjae " L(phdrs) "\n" /* AT_PHDR, AT_PHNUM, AT_EXECFN */
          "\tmovl (%%ecx), %%eax\n\ttestl %%eax, %%eax\n\tjz " L(phdrs) "\n"
          "\tcmpl $3, %%eax\n\tjne 1f\n\tmovl 4(%%ecx), %%edi\n"
          "1:\tcmpl $5, %%eax\n\tjne 1f\n\tmovl 4(%%ecx), %%edx\n"
          "1:\tcmpl $31, %%eax\n\tjne 1f\n\tmovl 4(%%ecx), %%ebx\n"
          "1:\taddl $8, %%ecx\n\tjmp " L(aux) "\n"
          L(phdrs) ":\ttestl %%edi, %%edi\n\tjz " L(out) "\n"
          "\txorl %%esi, %%esi\n\tmovl %%edi, %%ecx\n\tmovl %%edx, %%eax\n"
          "\tmovl $0, (%%esp)\n\tmovl $0, 4(%%esp)\n" /* the other bias, PT_PHDR seen */
          L(bias) ":\ttestl %%eax, %%eax\n\tjz " L(biased) "\n" /* the bias */
          "\tcmpl $6, (%%ecx)\n\tjne 1f\n\tmovl %%edi, %%esi\n\tsubl 8(%%ecx), %%esi\n"
          "\tmovl $1, 4(%%esp)\n"
          "1:\tcmpl $1, (%%ecx)\n\tjne 1f\n\tcmpl $0, 4(%%ecx)\n\tjne 1f\n"
          "\tpushl %%eax\n\tleal -52(%%edi), %%eax\n\tsubl 8(%%ecx), %%eax\n"
          "\tmovl %%eax, 4(%%esp)\n\tpopl %%eax\n"
          "1:\taddl $32, %%ecx\n\tdecl %%eax\n\tjmp " L(bias) "\n"
          L(biased) ":\tcmpl $0, 4(%%esp)\n\tjne " L(load) "\n\tmovl (%%esp), %%esi\n"
          L(load) ":\ttestl %%edx, %%edx\n\tjz " L(out) "\n" /* each PT_LOAD */
          "\tcmpl $1, (%%edi)\n\tjne 1f\n"
          "\tmovl 8(%%edi), %%eax\n\taddl %%esi, %%eax\n\tcmpl $%4$#lx, %%eax\n\tjae 1f\n"
          "\taddl 20(%%edi), %%eax\n\tcmpl $%3$#lx, %%eax\n\tja " L(stop) "\n"
          "1:\taddl $32, %%edi\n\tdecl %%edx\n\tjmp " L(load) "\n"
          L(out) ":\taddl $1024, %%esp\n"
          L(done) ":\tpopl %%ebp\n\tpopl %%edi\n\tpopl %%esi\n\tpopl %%ebx\n\tret\n"
          L(stop) ":\tmovl %%ebp, %%ecx\n"
          "\tleal (" L(name) "-" L(msg) ")(%%ebp), %%edx\n\tcall " L(write) "\n"
          "\ttestl %%ebx, %%ebx\n\tjz 1f\n\tmovl %%ebx, %%ecx\n\tmovl %%ebx, %%edx\n"
          L(len) ":\tcmpb $0, (%%edx)\n\tje 2f\n\tincl %%edx\n\tjmp " L(len) "\n"
          "2:\tcall " L(write) "\n"
          "1:\tleal (" L(name) "-" L(msg) ")(%%ebp), %%ecx\n"
          "\tleal (" L(end) "-" L(msg) ")(%%ebp), %%edx\n\tcall " L(write) "\n"
          "\tmovl $252, %%eax\n\tmovl $%5$u, %%ebx\n\tint $0x80\n\thlt\n" /* exit_group */
          L(write) ":\tpushl %%ebx\n\tmovl $4, %%eax\n\tmovl $2, %%ebx\n\tsubl %%ecx, %%edx\n"
          "\tint $0x80\n\tpopl %%ebx\n\tret\n"
          L(pc) ":\tmovl (%%esp), %%ebp\n\tret\n";
    case RR_SOFTTICKS_ARCH_AARCH64:
      return "\thint #34\n"
          "\tsub sp, sp, #1024\n"
          "\tmovz x0, #((%1$#lx >> 16) & 0xffff), lsl #16\n\tmovk x0, #(%1$#lx & 0xffff)\n"
          "\tmov x1, #%2$#lx\n\tmov x2, sp\n\tmov x8, #232\n\tsvc #0\n"
          "\tcbnz x0, " L(out) "\n" /* mincore: nothing below */
          "\tmov x0, #-100\n" ST_A64_ADDRESS("x1", auxv) "\tmov x2, #0\n\tmov x8, #56\n\tsvc #0\n"
          "\ttbnz x0, #63, " L(out) "\n\tmov x9, x0\n" /* openat */
          "\tmov x1, sp\n\tmov x2, #1024\n\tmov x8, #63\n\tsvc #0\n\tmov x10, x0\n" /* read */
          "\tmov x0, x9\n\tmov x8, #57\n\tsvc #0\n" /* close */
          "\tcmp x10, #0\n\tb.le " L(out) "\n"
          "\tand x10, x10, #-16\n\tadd x10, sp, x10\n\tmov x11, sp\n"
          "\tmov x12, #0\n\tmov x13, #0\n\tmov x14, #0\n"
          L(aux) ":\tcmp x11, x10\n\tb.hs " L(phdrs) "\n" /* AT_PHDR, AT_PHNUM, AT_EXECFN */
          "\tldp x15, x16, [x11], #16\n\tcbz x15, " L(phdrs) "\n"
          "\tcmp x15, #3\n\tcsel x12, x16, x12, eq\n"
          "\tcmp x15, #5\n\tcsel x13, x16, x13, eq\n"
          "\tcmp x15, #31\n\tcsel x14, x16, x14, eq\n\tb " L(aux) "\n"
          L(phdrs) ":\tcbz x12, " L(out) "\n"
          "\tmov x7, #0\n\tmov x3, #0\n\tmov x4, #0\n\tmov x11, x12\n\tmov x15, x13\n"
          L(bias) ":\tcbz x15, " L(biased) "\n" /* the bias */
          "\tldr w16, [x11]\n\tcmp w16, #6\n\tb.ne 1f\n\tldr x16, [x11, #16]\n\tsub x7, x12, x16\n"
          "\tmov x4, #1\n"
          "1:\tldr w16, [x11]\n\tcmp w16, #1\n\tb.ne 1f\n\tldr x17, [x11, #8]\n\tcbnz x17, 1f\n"
          "\tldr x16, [x11, #16]\n\tsub x3, x12, x16\n\tsub x3, x3, #64\n"
          "1:\tadd x11, x11, #56\n\tsub x15, x15, #1\n\tb " L(bias) "\n"
          L(biased) ":\tcbnz x4, " L(limits) "\n\tmov x7, x3\n"
          L(limits) ":\tmovz x5, #((%4$#lx >> 16) & 0xffff), lsl #16\n\tmovk x5, #(%4$#lx & 0xffff)\n"
          "\tmovz x6, #((%3$#lx >> 16) & 0xffff), lsl #16\n\tmovk x6, #(%3$#lx & 0xffff)\n"
          L(load) ":\tcbz x13, " L(out) "\n" /* each PT_LOAD */
          "\tldr w16, [x12]\n\tcmp w16, #1\n\tb.ne 1f\n"
          "\tldr x16, [x12, #16]\n\tadd x16, x16, x7\n\tcmp x16, x5\n\tb.hs 1f\n"
          "\tldr x17, [x12, #40]\n\tadd x16, x16, x17\n\tcmp x16, x6\n\tb.hi " L(stop) "\n"
          "1:\tadd x12, x12, #56\n\tsub x13, x13, #1\n\tb " L(load) "\n"
          L(out) ":\tadd sp, sp, #1024\n"
          L(done) ":\tret\n"
          L(stop) ":" ST_A64_ADDRESS("x1", msg) ST_A64_ADDRESS("x2", name) "\tbl " L(write) "\n"
          "\tcbz x14, 1f\n\tmov x1, x14\n\tmov x2, x14\n"
          L(len) ":\tldrb w16, [x2]\n\tcbz w16, 2f\n\tadd x2, x2, #1\n\tb " L(len) "\n"
          "2:\tbl " L(write) "\n"
          "1:" ST_A64_ADDRESS("x1", name) ST_A64_ADDRESS("x2", end) "\tbl " L(write) "\n"
          "\tmov x0, #%5$u\n\tmov x8, #94\n\tsvc #0\n\tbrk #0\n" /* exit_group */
          L(write) ":\tmov x0, #2\n\tsub x2, x2, x1\n\tmov x8, #64\n\tsvc #0\n\tret\n";
  }
  return NULL;
}

static void emit_page_check(struct st_text *t, enum rr_softticks_arch arch,
                            const struct asm_dialect *d) {
  unsigned long page = (unsigned long)rr_softticks_page_addr(arch);
  unsigned long below = arch == RR_SOFTTICKS_ARCH_AARCH64 ? 0x10000ul : 0x1000ul;
  st_text_printf(t, "\t.pushsection %s,\"axG\",%sprogbits,%s,comdat\n", ST_PAGE_CHECK_SECTION,
                 st_asm_type_prefix(arch), ST_PAGE_CHECK_GROUP);
  st_text_printf(t, "\t.p2align %u\n", d->code_align_log2);
  emit_hidden(t, arch, ST_PAGE_CHECK, "function");
  st_text_printf(t, "%s:\n", ST_PAGE_CHECK);
  st_text_printf(t, page_check_code(arch), page - below, below, page,
                 page + RR_SOFTTICKS_MAP_SIZE, (unsigned)ST_PAGE_COVERED_STATUS);
  st_text_printf(t, "\t.size %s,.-%s\n\t.popsection\n", ST_PAGE_CHECK, ST_PAGE_CHECK);
  /* Its data, in read-only data of the group: the message in two pieces
   * around the program's name (the code writes each from its label to the
   * next one's) and the file it reads. */
  st_text_printf(t, "\t.pushsection %s,\"aG\",%sprogbits,%s,comdat\n", ST_PAGE_CHECK_DATA,
                 st_asm_type_prefix(arch), ST_PAGE_CHECK_GROUP);
  st_text_printf(t,
                 L(msg) ":\t.ascii \"softticks: \"\n"
                 L(name) ":\t.ascii \": this program's own image covers the countdown page %#lx"
                 " (its static data is where ticks count down), so it stops here. Link it as a"
                 " position-independent executable (-pie) or with less static data"
                 " (softticks: abi/ABI.md, section 5).\\n\"\n"
                 L(end) ":\n" L(auxv) ":\t.asciz \"/proc/self/auxv\"\n\t.popsection\n",
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
