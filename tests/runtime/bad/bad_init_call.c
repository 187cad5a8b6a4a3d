/* Not self-contained: the initializer calls a function defined elsewhere. */
void st_some_helper(void);
__attribute__((section(".text.__rr_softticks_init"))) void __rr_softticks_init(void) {
  st_some_helper();
}
