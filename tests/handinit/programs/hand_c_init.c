/* Hand-instrumented with the initializer written as a C function: the
 * plugin must not tick it, nor make it call itself first (its
 * .init_array.00001 slot makes it a priority-1 constructor), nor add a
 * second definition.  Single-unit programs only: a C function has no COMDAT
 * group of that name. */
#include <stdint.h>

#include "work.h"

/* What the ABI asks of an initializer: raw system calls only (it may run
 * while the loader relocates the module, through the plugins' early
 * mapping), and on i386 all ones in the countdown of a page it created. */
__attribute__((visibility("hidden"), noinline)) void __rr_softticks_init(void) {
  long page;
#if defined(__x86_64__)
  register long flags __asm__("r10") = RR_SOFTTICKS_MMAP_FLAGS;
  register long fd __asm__("r8") = -1;
  register long offset __asm__("r9") = 0;
  __asm__ volatile("syscall"
                   : "=a"(page)
                   : "0"(9L), "D"(RR_SOFTTICKS_PAGE_ADDR), "S"((long)RR_SOFTTICKS_MAP_SIZE),
                     "d"((long)RR_SOFTTICKS_MMAP_PROT), "r"(flags), "r"(fd), "r"(offset)
                   : "rcx", "r11", "memory");
#elif defined(__i386__)
  __asm__ volatile("push %%ebp\n\txor %%ebp, %%ebp\n\tint $0x80\n\tpop %%ebp"
                   : "=a"(page)
                   : "0"(192L), "b"(RR_SOFTTICKS_PAGE_ADDR), "c"((long)RR_SOFTTICKS_MAP_SIZE),
                     "d"((long)RR_SOFTTICKS_MMAP_PROT), "S"((long)RR_SOFTTICKS_MMAP_FLAGS),
                     "D"(-1L)
                   : "memory");
  if (page == (long)RR_SOFTTICKS_PAGE_ADDR) { /* created it: the countdown starts disarmed */
    volatile uint32_t *words = (volatile uint32_t *)RR_SOFTTICKS_COUNTDOWN_ADDR;
    words[0] = words[1] = UINT32_MAX;
  }
#else
#error "hand_c_init.c: x86-64 and i386 only"
#endif
  (void)page;
}

__attribute__((used, section(".init_array.00001"))) static void (*init_entry)(void) =
    __rr_softticks_init;

__asm__("  .pushsection .note.rrsoftticks, \"a\", @note\n"
        "  .balign 4\n"
        "  .long 3, 4, 1\n"
        "  .asciz \"rr\"\n"
        "  .balign 4\n"
        "  .long 1\n"
        "  .popsection\n");

int main(int argc, char **argv) {
  (void)argv;
  return work(argc);
}
