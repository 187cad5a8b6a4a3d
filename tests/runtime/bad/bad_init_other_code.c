/* Not self-contained: other code in the object that could be needed. */
__attribute__((noinline)) int st_other(int x) { return x * 3 + 1; }
__attribute__((section(".text.__rr_softticks_init"))) void __rr_softticks_init(void) {
  __asm__ __volatile__("" ::: "memory");
}
