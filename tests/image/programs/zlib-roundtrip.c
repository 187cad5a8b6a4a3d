/* zlib in the image: compresses stdin (level 9), decompresses it again,
 * checks the round trip and prints the CRC-32 and the compressed size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

int main(void)
{
    static unsigned char in[1 << 20], packed[(1 << 20) + 1024], out[1 << 20];
    size_t n = fread(in, 1, sizeof in, stdin);
    uLongf packed_len = sizeof packed, out_len = sizeof out;
    if (compress2(packed, &packed_len, in, n, 9) != Z_OK) {
        fprintf(stderr, "zlib-roundtrip: compress2 failed\n");
        return 1;
    }
    if (uncompress(out, &out_len, packed, packed_len) != Z_OK || out_len != n || memcmp(in, out, n) != 0) {
        fprintf(stderr, "zlib-roundtrip: the round trip changed the data\n");
        return 1;
    }
    printf("%zu bytes, crc32 %08lx, compressed %lu\n", n, crc32(0, in, n), (unsigned long)packed_len);
    return 0;
}
