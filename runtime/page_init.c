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
#elif defined(__i386__)
#define ST_SYS_MMAP 192 /* mmap2: offset in pages; ours is 0 */
#define ST_SYS_MUNMAP 91
#elif defined(__aarch64__)
#define ST_SYS_MMAP 222
#define ST_SYS_MUNMAP 215
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

/* Hidden and in the skip section; the name is the ABI's, although what
 * the tables keep is only this function's bytes. */
__attribute__((visibility("hidden"), no_instrument_function, used,
               section(RR_SOFTTICKS_INIT_SECTION))) void
__rr_softticks_init(void) {
  const unsigned long page = RR_SOFTTICKS_PAGE_ADDR;
  long got = st_sys_mmap(page, RR_SOFTTICKS_MAP_SIZE);
  /* EEXIST: a tracer made the page (and may map what it likes around it,
   * as rr maps its syscall buffer right after it), or an earlier module's
   * initializer did.  Never an error (ABI "The initializer"); neither is
   * any other failure: there is nothing more to do. */
  if ((unsigned long)got >= (unsigned long)-4095L)
    return;
  if ((unsigned long)got != page) {
    /* A kernel that ignores MAP_FIXED_NOREPLACE placed it elsewhere. */
    st_sys_munmap((unsigned long)got, RR_SOFTTICKS_MAP_SIZE);
    return;
  }
#if defined(__i386__)
  /* Created here: park the two-word countdown (all ones, disarmed). */
  *(volatile unsigned int *)(RR_SOFTTICKS_COUNTDOWN_ADDR) = 0xffffffffu;
  *(volatile unsigned int *)(RR_SOFTTICKS_COUNTDOWN_ADDR + 4) = 0xffffffffu;
#endif
}
