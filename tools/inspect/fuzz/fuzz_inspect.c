/*
 * libFuzzer harness for softticks-inspect's per-file analysis
 * (st_inspect_image), the archive reader and both report formats, on
 * arbitrary bytes.
 * Built with clang -fsanitize=fuzzer,address,undefined by this directory's
 * CMakeLists.txt; seeds in corpus/ (make_corpus.sh) and the inspector's test fixtures.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive.h"
#include "inspection.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *sink;

static void inspect_and_report(unsigned char *image, size_t size) {
  struct st_inspection insp;
  st_inspect_image(image, size, ST_INSPECT_FUNCTIONS, &insp); /* heap: no FILE_MAPPING */
  struct st_report_options text = {0, 1, 0}, json = {1, 1, 0};
  st_report_file(sink, &text, "fuzz", &insp);
  st_report_file(sink, &json, "fuzz", &insp);
  st_inspection_free(&insp);
}

static void member(void *ctx, const char *name, unsigned char *bytes, size_t size) {
  (void)ctx;
  fputs(name, sink);
  inspect_and_report(bytes, size);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!sink && !(sink = fopen("/dev/null", "w"))) abort();
  /* The analysis wants writable memory (libelf may convert in place);
   * libFuzzer's buffer must stay untouched.  An exact-size copy lets ASan
   * catch any read past the end of the "file". */
  unsigned char *image = malloc(size ? size : 1);
  if (!image) return 0;
  memcpy(image, data, size);

  if (st_is_archive(image, size)) {
    char error[256];
    st_for_each_member(image, size, member, NULL, error, sizeof error);
  } else {
    inspect_and_report(image, size);
  }
  free(image);
  return 0;
}
