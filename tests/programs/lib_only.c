/*
 * Not instrumented (no ticks, no note, no runtime), but calls into the
 * instrumented shared library libticks: lib_ticks(30) = 32 ticks, all of
 * them in a module the loader maps after the exec.
 */
void lib_ticks(unsigned long n);

int main(void) {
  lib_ticks(30);
  return 0;
}
