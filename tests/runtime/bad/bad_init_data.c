/* Not self-contained: the initializer uses a variable (data + relocation). */
static volatile int runs;
__attribute__((section(".text.__rr_softticks_init"))) void __rr_softticks_init(void) { runs++; }
