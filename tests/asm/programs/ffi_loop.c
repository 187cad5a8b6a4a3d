/* ffi_call in a loop (tests/asm/libffi.sh, bench/asm_realworld): N calls
 * (argv[1], default 1000) of a function with int, double, struct and char
 * arguments through ffi_call (libffi's x86-64 unix64.S: ffi_call_unix64
 * and its slots of return types), then N calls of a closure
 * (ffi_closure_unix64 and its load slots).  Prints the sums; exits 1
 * when they differ from the same calls made directly. */
#include <ffi.h>
#include <stdio.h>
#include <stdlib.h>

struct pair {
  int a;
  double b;
};

static double mixed(int i, double d, struct pair p, char c) { return i + d * p.b + p.a - c; }

static void adder(ffi_cif *cif, void *ret, void **args, void *user) {
  (void)cif;
  *(ffi_arg *)ret = (ffi_arg)(*(long *)args[0] + *(int *)args[1] + *(long *)user);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000, i, k = 3, lsum = 0;
  ffi_type *pair_fields[] = {&ffi_type_sint, &ffi_type_double, NULL};
  ffi_type pair_type = {0, 0, FFI_TYPE_STRUCT, pair_fields};
  ffi_type *args[] = {&ffi_type_sint, &ffi_type_double, &pair_type, &ffi_type_schar};
  ffi_type *cargs[] = {&ffi_type_slong, &ffi_type_sint};
  ffi_cif cif, ccif;
  ffi_closure *cl;
  void *code;
  double sum = 0, want = 0;
  long lwant = 0;
  if (ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 4, &ffi_type_double, args) != FFI_OK) return 2;
  for (i = 0; i < n; i++) {
    int ia = (int)i;
    double d = i * 0.5, r;
    struct pair p = {(int)(i % 7), 1.25};
    char c = (char)(i % 5);
    void *values[] = {&ia, &d, &p, &c};
    ffi_call(&cif, FFI_FN(mixed), &r, values);
    sum += r;
    want += mixed(ia, d, p, c);
  }
  cl = ffi_closure_alloc(sizeof(ffi_closure), &code);
  if (!cl || ffi_prep_cif(&ccif, FFI_DEFAULT_ABI, 2, &ffi_type_slong, cargs) != FFI_OK ||
      ffi_prep_closure_loc(cl, &ccif, adder, &k, code) != FFI_OK)
    return 3;
  for (i = 0; i < n; i++) {
    lsum += ((long (*)(long, int))code)(i, (int)(i & 3));
    lwant += i + (int)(i & 3) + k;
  }
  ffi_closure_free(cl);
  printf("ffi_call sum %.3f closure sum %ld\n", sum, lsum);
  return sum != want || lsum != lwant;
}
