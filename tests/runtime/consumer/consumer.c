/* Uses librrsoftticks' API; prints "consumer ok" when it all works. */
#include <rr/librrsoftticks.h>

#include <stdio.h>
#include <string.h>

int main(void) {
  size_t len = 0, ref_len;
  const unsigned char *ref = rr_softticks_sequence_bytes(RR_SOFTTICKS_NATIVE_ARCH, &ref_len);
  const unsigned char *bytes = rr_softticks_tick_bytes(&len);
  int page = rr_softticks_ensure_page();
  RR_SOFTTICK();
  if (page != 0 || len != ref_len || memcmp(bytes, ref, len) != 0 ||
      rr_softticks_countdown_armed() != 0) {
    printf("consumer failed: page=%d len=%zu armed=%d\n", page, len,
           rr_softticks_countdown_armed());
    return 1;
  }
  printf("consumer ok\n");
  return 0;
}
