/*
 * Test helper: facts computed from rr/softticks.h that abi/ABI.md states
 * in its tables, one per line, for check_doc.sh to compare:
 *   address ARCH PAGE COUNTDOWN
 *   note BYTES...          the 20-byte ABI note built from the constants
 */
#include <rr/softticks.h>
#include <stdio.h>
#include <string.h>

static void le32(unsigned v) {
  printf(" %02x %02x %02x %02x", v & 0xff, v >> 8 & 0xff, v >> 16 & 0xff, v >> 24 & 0xff);
}

int main(void) {
  static const struct {
    const char *name;
    enum rr_softticks_arch arch;
  } arches[] = {{"x86-64", RR_SOFTTICKS_ARCH_X86_64},
                {"i386", RR_SOFTTICKS_ARCH_I386},
                {"aarch64", RR_SOFTTICKS_ARCH_AARCH64}};
  const char name[] = RR_SOFTTICKS_NOTE_NAME;
  unsigned i, n = 0;
  for (i = 0; i < 3; i++)
    printf("address %s 0x%08llx 0x%08llx\n", arches[i].name,
           (unsigned long long)rr_softticks_page_addr(arches[i].arch),
           (unsigned long long)rr_softticks_countdown_addr(arches[i].arch));
  printf("note");
  le32(RR_SOFTTICKS_NOTE_NAMESZ);
  le32(RR_SOFTTICKS_NOTE_DESCSZ);
  le32(RR_SOFTTICKS_NOTE_TYPE);
  n = 12;
  for (i = 0; i < (RR_SOFTTICKS_NOTE_NAMESZ + 3u) / 4 * 4; i++, n++)
    printf(" %02x", i < sizeof name ? (unsigned char)name[i] : 0);
  le32(RR_SOFTTICKS_ABI_VERSION);
  n += 4;
  printf("\n");
  if (n != RR_SOFTTICKS_NOTE_SIZE || strlen(name) + 1 != RR_SOFTTICKS_NOTE_NAMESZ) {
    fprintf(stderr, "header_facts: the note constants disagree with each other\n");
    return 1;
  }
  return 0;
}
