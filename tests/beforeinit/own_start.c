/*
 * A static program with its own _start (-nostdlib): nothing runs
 * .init_array or applies IRELATIVE relocations, so nothing maps the
 * countdown page (abi/ABI.md section 5, which start-up paths map it).
 * Built with -DMAP_FIRST, _start calls the module's initializer first, as
 * that section tells such start-up code to.  Exit status 0 when work()
 * computed 4950.
 */
extern void __rr_softticks_init(void) __attribute__((visibility("hidden")));

__attribute__((noinline)) static int work(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  return s;
}

__attribute__((noreturn, section(".text.__rr_softticks_own_start"))) static void
exit_group(int status) {
#if defined(__x86_64__)
  __asm__ volatile("syscall" : : "a"(231), "D"(status) : "rcx", "r11", "memory");
#elif defined(__i386__)
  __asm__ volatile("int $0x80" : : "a"(252), "b"(status) : "memory");
#else
#error "own_start.c: x86-64 and i386"
#endif
  __builtin_unreachable();
}

/* In a skip section: the page may not exist yet when it runs. */
__attribute__((noreturn, section(".text.__rr_softticks_own_start"))) void _start(void) {
#ifdef MAP_FIRST
  __rr_softticks_init();
#endif
  exit_group(work(100) == 4950 ? 0 : 1);
}
