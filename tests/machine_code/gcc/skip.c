/* Functions the plugin must leave alone, next to one it instruments. */
int counter;

__attribute__((naked)) void naked_fn(void) {
  __asm__("ret");
}

__attribute__((no_instrument_function)) int no_instrument(int n) {
  for (int i = 0; i < n; i++) counter += i;
  return counter;
}

/* GCC 12 lacks this attribute: the plugin registers it (no warning). */
__attribute__((disable_sanitizer_instrumentation)) int no_sanitize(int n) {
  for (int i = 0; i < n; i++) counter ^= i;
  return counter;
}

__attribute__((section(".text.__rr_softticks_custom"))) int in_section(int n) {
  for (int i = 0; i < n; i++) counter -= i;
  return counter;
}

static int impl(int x) { return x + 1; }
static int (*resolver(void))(int) {
  for (int i = 0; i < 2; i++) counter++;
  return impl;
}
int via_ifunc(int) __attribute__((ifunc("resolver")));

int instrumented(int n) {
  for (int i = 0; i < n; i++) counter += 2 * i;
  return counter;
}
