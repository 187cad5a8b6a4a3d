// Functions the pass leaves alone (common/skip_policy.h): naked,
// no_instrument_function, disable_sanitizer_instrumentation, sections
// starting .text.__rr_softticks, and code that runs before the
// initializer (ifunc resolvers, .preinit_array entries, constructors of
// priority 0 and 1, and the local functions only they call), which calls
// the initializer first.  Everything else ticks.
// RUN: %gimple -O0 -Wno-prio-ctor-dtor %s | FileCheck %s

// CHECK-LABEL: ;; Function naked (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: skipped (naked)
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
__attribute__((naked)) void naked(void) {
  __asm__("ret");
}

// CHECK-LABEL: ;; Function no_instrument (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: skipped (no_instrument_function)
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
__attribute__((no_instrument_function)) int no_instrument(int x) {
  return x + 1;
}

// CHECK-LABEL: ;; Function no_sanitize (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: skipped (disable_sanitizer_instrumentation)
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
__attribute__((disable_sanitizer_instrumentation)) int no_sanitize(int x) {
  return x + 2;
}

// CHECK-LABEL: ;; Function own_section (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: skipped (softticks section)
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
__attribute__((section(".text.__rr_softticks_helpers"))) int own_section(int x) {
  return x + 3;
}

// Another section is instrumented as usual.
// CHECK-LABEL: ;; Function other_section (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK: SOFTTICKS_TICK;
__attribute__((section(".text.hot"))) int other_section(int x) {
  return x + 4;
}

// Called only from the resolver: runs before the initializer too.
// CHECK-LABEL: ;; Function only_resolver_helper (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: skipped (called only before the initializer)
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
__attribute__((noinline)) static int only_resolver_helper(void) {
  return 1;
}

// Also called from ordinary code: keeps its tick.
// CHECK-LABEL: ;; Function shared_helper (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK: SOFTTICKS_TICK;
__attribute__((noinline)) static int shared_helper(void) {
  return 2;
}

int impl(void) {
  return shared_helper();
}

// CHECK-LABEL: ;; Function resolver (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: may run before the initializer: calls __rr_softticks_init first
// CHECK: ;; softticks: skipped (ifunc resolver)
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: __rr_softticks_init ();
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: only_resolver_helper ();
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
static int (*resolver(void))(void) {
  only_resolver_helper();
  shared_helper();
  return impl;
}
int ifn(void) __attribute__((ifunc("resolver")));

// Code that runs before the initializer's constructor calls it first.
// CHECK-LABEL: ;; Function early_ctor (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: may run before the initializer: calls __rr_softticks_init first
// CHECK: ;; softticks: skipped (constructor before the initializer)
// CHECK: __rr_softticks_init ();
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
__attribute__((constructor(1))) static void early_ctor(void) {
}

// CHECK-LABEL: ;; Function preinit (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: may run before the initializer: calls __rr_softticks_init first
// CHECK: ;; softticks: skipped (.preinit_array entry)
// CHECK: __rr_softticks_init ();
// CHECK-NOT: SOFTTICKS_TICK
// CHECK: }
static void preinit(void) {
}
__attribute__((section(".preinit_array"), used)) static void (*preinit_entry)(void) = preinit;

// Constructors after the initializer's, and destructors, tick.
// CHECK-LABEL: ;; Function late_ctor (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK: SOFTTICKS_TICK;
__attribute__((constructor(101))) static void late_ctor(void) {
}

// CHECK-LABEL: ;; Function dtor (
// CHECK-NEXT: {{^$}}
// CHECK-NEXT: ;; softticks: tick at the start of bb 2: entry
// CHECK: SOFTTICKS_TICK;
__attribute__((destructor(0))) static void dtor(void) {
}
