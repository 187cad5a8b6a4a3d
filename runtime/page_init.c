/*
 * The per-module page initializer, written once: the readable source of
 * the machine code in include/rr/softticks.h (rr_softticks_init_code),
 * which runtime/regen_init_tables.py compiles for every architecture and
 * writes there; common/module_asm.c wraps those bytes into the COMDAT
 * initializer every instrumented module carries (ABI "The initializer").
 * So the function must be self-contained machine code: freestanding, raw
 * system calls, no libc, no data, no relocations -- the script refuses it
 * otherwise.  It lives in a section the compiler passes skip, so it is
 * never instrumented.
 */
#include <rr/softticks.h>

#if defined(__x86_64__) && !defined(__ILP32__)
#define ST_SYS_MMAP 9
#define ST_SYS_MUNMAP 11
#define ST_SYS_MINCORE 27
#define ST_PAGE_SPAN 0x1000ul
#elif defined(__i386__)
#define ST_SYS_MMAP 192 /* mmap2: offset in pages; ours is 0 */
#define ST_SYS_MUNMAP 91
#define ST_SYS_MINCORE 218
#define ST_PAGE_SPAN 0x1000ul
#elif defined(__aarch64__)
#define ST_SYS_MMAP 222
#define ST_SYS_MUNMAP 215
#define ST_SYS_MINCORE 232
#define ST_PAGE_SPAN 0x10000ul /* the page is 64 KiB-aligned for 64 KiB kernels */
#else
#error "softticks: page_init.c supports x86-64, i386 and aarch64"
#endif

#define ST_ALWAYS_INLINE static inline __attribute__((always_inline))

/* Raw system calls return -errno in [-4095, -1] on failure. */
ST_ALWAYS_INLINE long st_sys_mmap(unsigned long addr, unsigned long len) {
  long ret;
#if defined(__x86_64__)
  register long r10 __asm__("r10") = RR_SOFTTICKS_MMAP_FLAGS;
  register long r8 __asm__("r8") = -1;
  register long r9 __asm__("r9") = 0;
  __asm__ __volatile__("syscall"
                       : "=a"(ret)
                       : "0"((long)ST_SYS_MMAP), "D"(addr), "S"(len),
                         "d"((long)RR_SOFTTICKS_MMAP_PROT), "r"(r10), "r"(r8), "r"(r9)
                       : "rcx", "r11", "memory");
#elif defined(__i386__)
  /* The sixth argument (pgoffset, 0) goes in %ebp, which may be the frame
   * pointer: save it around the call instead of naming it an operand. */
  __asm__ __volatile__("push %%ebp\n\t"
                       "xorl %%ebp, %%ebp\n\t"
                       "int $0x80\n\t"
                       "pop %%ebp"
                       : "=a"(ret)
                       : "0"((long)ST_SYS_MMAP), "b"(addr), "c"(len),
                         "d"((long)RR_SOFTTICKS_MMAP_PROT), "S"((long)RR_SOFTTICKS_MMAP_FLAGS),
                         "D"(-1L)
                       : "memory");
#elif defined(__aarch64__)
  register long x8 __asm__("x8") = ST_SYS_MMAP;
  register long x0 __asm__("x0") = (long)addr;
  register long x1 __asm__("x1") = (long)len;
  register long x2 __asm__("x2") = RR_SOFTTICKS_MMAP_PROT;
  register long x3 __asm__("x3") = RR_SOFTTICKS_MMAP_FLAGS;
  register long x4 __asm__("x4") = -1;
  register long x5 __asm__("x5") = 0;
  __asm__ __volatile__("svc #0"
                       : "+r"(x0)
                       : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
                       : "memory");
  ret = x0;
#endif
  return ret;
}

ST_ALWAYS_INLINE void st_sys_munmap(unsigned long addr, unsigned long len) {
#if defined(__x86_64__)
  long ret;
  __asm__ __volatile__("syscall"
                       : "=a"(ret)
                       : "0"((long)ST_SYS_MUNMAP), "D"(addr), "S"(len)
                       : "rcx", "r11", "memory");
#elif defined(__i386__)
  long ret;
  __asm__ __volatile__("int $0x80"
                       : "=a"(ret)
                       : "0"((long)ST_SYS_MUNMAP), "b"(addr), "c"(len)
                       : "memory");
#elif defined(__aarch64__)
  register long x8 __asm__("x8") = ST_SYS_MUNMAP;
  register long x0 __asm__("x0") = (long)addr;
  register long x1 __asm__("x1") = (long)len;
  __asm__ __volatile__("svc #0" : "+r"(x0) : "r"(x8), "r"(x1) : "memory");
#endif
}

/* Whether [addr, addr + len) is mapped: mincore only asks (ENOMEM when a
 * part is not mapped). */
ST_ALWAYS_INLINE int st_mapped(unsigned long addr, unsigned long len) {
  unsigned char residency[16]; /* one byte per page: len <= 16 pages */
  long ret;
#if defined(__x86_64__)
  __asm__ __volatile__("syscall"
                       : "=a"(ret)
                       : "0"((long)ST_SYS_MINCORE), "D"(addr), "S"(len), "d"(residency)
                       : "rcx", "r11", "memory");
#elif defined(__i386__)
  __asm__ __volatile__("int $0x80"
                       : "=a"(ret)
                       : "0"((long)ST_SYS_MINCORE), "b"(addr), "c"(len), "d"(residency)
                       : "memory");
#elif defined(__aarch64__)
  register long x8 __asm__("x8") = ST_SYS_MINCORE;
  register long x0 __asm__("x0") = (long)addr;
  register long x1 __asm__("x1") = (long)len;
  register long x2 __asm__("x2") = (long)residency;
  __asm__ __volatile__("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
  ret = x0;
#endif
  return ret == 0;
}

/* The program's own memory is where the countdown goes: write why to
 * stderr and exit with status 127.  The text sits in the code (reached
 * PC-relative: no data, no relocation); it never returns. */
#define ST_PAGE_TAKEN_MESSAGE                                                      \
  "softticks: the program's own memory covers the countdown page (a non-PIE "    \
  "program with about 2 GB of static data?): ticks would change its data; "     \
  "build it as PIE or with less static data"
/* The message's bytes in the code end with a newline, written as the
 * assembler's escape (a C newline inside .ascii "..." breaks the string). */
#define ST_PAGE_TAKEN_ASCII "1: .ascii \"" ST_PAGE_TAKEN_MESSAGE "\\n\""
#define ST_PAGE_TAKEN_LENGTH (sizeof ST_PAGE_TAKEN_MESSAGE) /* the newline, no NUL */
ST_ALWAYS_INLINE void st_exit_page_taken(void) {
#if defined(__x86_64__)
  __asm__ __volatile__("lea 1f(%%rip), %%rsi\n\t"
                       "mov $2, %%edi\n\t"
                       "mov %0, %%edx\n\t"
                       "mov $1, %%eax\n\t" /* write */
                       "syscall\n\t"
                       "mov $127, %%edi\n\t"
                       "mov $231, %%eax\n\t" /* exit_group */
                       "syscall\n"
                       ST_PAGE_TAKEN_ASCII
                       :
                       : "i"(ST_PAGE_TAKEN_LENGTH));
#elif defined(__i386__)
  __asm__ __volatile__("call 2f\n"
                       ST_PAGE_TAKEN_ASCII "\n"
                       "2: pop %%ecx\n\t"
                       "mov $2, %%ebx\n\t"
                       "mov %0, %%edx\n\t"
                       "mov $4, %%eax\n\t" /* write */
                       "int $0x80\n\t"
                       "mov $127, %%ebx\n\t"
                       "mov $252, %%eax\n\t" /* exit_group */
                       "int $0x80"
                       :
                       : "i"(ST_PAGE_TAKEN_LENGTH));
#elif defined(__aarch64__)
  __asm__ __volatile__("adr x1, 1f\n\t"
                       "mov x0, #2\n\t"
                       "mov x2, %0\n\t"
                       "mov x8, #64\n\t" /* write */
                       "svc #0\n\t"
                       "mov x0, #127\n\t"
                       "mov x8, #94\n\t" /* exit_group */
                       "svc #0\n"
                       ST_PAGE_TAKEN_ASCII "\n\t"
                       ".balign 4"
                       :
                       : "i"(ST_PAGE_TAKEN_LENGTH));
#endif
  __builtin_unreachable();
}

/* Where the initializer that creates the page marks it as made by an
 * initializer (the last 8 bytes of its first 4 KiB; a tracer's page is
 * the tracer's, never written by an initializer). */
#define ST_CREATED_MARK_ADDR (RR_SOFTTICKS_PAGE_ADDR + 0xff8ul)
#define ST_CREATED_MARK 0x65676170746e6972ull /* "rintpage" */

/* EEXIST: whose page is it?  A tracer's stands alone (nothing mapped
 * right after it), and so does one an earlier module's initializer made,
 * unless something was later mapped next to it: that one carries the
 * mark.  The program's image or mappings (a non-PIE program with ~2 GB of
 * static data, a library loaded there) go on past it.  The page is read
 * only then: an unreadable one would fault at the first tick anyway. */
ST_ALWAYS_INLINE int st_page_is_the_programs(unsigned long page) {
  if (!st_mapped(page + ST_PAGE_SPAN, ST_PAGE_SPAN)) return 0;
  return *(volatile unsigned long long *)ST_CREATED_MARK_ADDR != ST_CREATED_MARK;
}

/* Hidden and in the skip section; the name is the ABI's, although what
 * the tables keep is only this function's bytes. */
__attribute__((visibility("hidden"), no_instrument_function, used,
               section(RR_SOFTTICKS_INIT_SECTION))) void
__rr_softticks_init(void) {
  const unsigned long page = RR_SOFTTICKS_PAGE_ADDR;
  long got = st_sys_mmap(page, RR_SOFTTICKS_MAP_SIZE);
  if (got == -17 /* EEXIST */ && st_page_is_the_programs(page))
    st_exit_page_taken();
  if ((unsigned long)got >= (unsigned long)-4095L)
    return; /* EEXIST (a tracer's page) or any other error: nothing to do */
  if ((unsigned long)got != page) {
    /* A kernel that ignores MAP_FIXED_NOREPLACE placed it elsewhere. */
    st_sys_munmap((unsigned long)got, RR_SOFTTICKS_MAP_SIZE);
    return;
  }
  *(volatile unsigned long long *)ST_CREATED_MARK_ADDR = ST_CREATED_MARK;
#if defined(__i386__)
  /* Created here: park the two-word countdown (all ones, disarmed). */
  *(volatile unsigned int *)(RR_SOFTTICKS_COUNTDOWN_ADDR) = 0xffffffffu;
  *(volatile unsigned int *)(RR_SOFTTICKS_COUNTDOWN_ADDR + 4) = 0xffffffffu;
#endif
}
