/* libcrypto's hottest assembly loops, for tests/asm/openssl.sh: SHA-256
 * over KB kilobytes (sha256-x86_64), AES-128-GCM encryption and decryption
 * of KB/8 kilobytes (aesni-gcm-x86_64, ghash-x86_64, aesni-x86_64), and
 * modular exponentiations (x86_64-mont5 through BN_mod_exp_mont_consttime,
 * x86_64-mont through BN_mod_exp_mont), REPS times.  The input bytes are
 * byte i = (i * 31 + 7) & 255; the exponentiations are 3^E mod M, M the
 * first 256 input bytes with bits 2047 and 0 set, E the next EBYTES bytes
 * (the single-stepped runs use a short one), so that the results can be
 * checked independently (Python's hashlib and pow), and the GCM output
 * against the plain library's.  Usage: openssl_hot KB REPS EBYTES */
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hex(const char *what, const unsigned char *p, size_t n) {
  printf("%s ", what);
  for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
  printf("\n");
}

static void die(const char *what) {
  fprintf(stderr, "openssl_hot: %s failed\n", what);
  exit(1);
}

int main(int argc, char **argv) {
  size_t kb = argc > 1 ? strtoul(argv[1], NULL, 10) : 1024, n = kb * 1024, gn = n / 8;
  int reps = argc > 2 ? atoi(argv[2]) : 1, ebytes = argc > 3 ? atoi(argv[3]) : 256;
  unsigned char *buf = malloc(n), *ct = malloc(gn + 16), *pt = malloc(gn + 16);
  unsigned char md[32], tag[16], key[16], iv[12];
  unsigned int mdlen;
  int len, fin;
  if (!buf || !ct || !pt) die("malloc");
  for (size_t i = 0; i < n; i++) buf[i] = (unsigned char)(i * 31 + 7);
  for (int i = 0; i < 16; i++) key[i] = (unsigned char)(i * 17 + 1);
  for (int i = 0; i < 12; i++) iv[i] = (unsigned char)(i * 5 + 3);

  BN_CTX *bctx = BN_CTX_new();
  BIGNUM *m = BN_new(), *e = BN_new(), *b = BN_new(), *r1 = BN_new(), *r2 = BN_new();
  if (!bctx || !m || !e || !b || !r1 || !r2) die("BN_new");
  if (n < 512 || ebytes < 1 || ebytes > 256 || !BN_bin2bn(buf, 256, m) ||
      !BN_bin2bn(buf + 256, ebytes, e) || !BN_set_word(b, 3))
    die("BN_bin2bn");
  if (!BN_set_bit(m, 2047) || !BN_set_bit(m, 0)) die("BN_set_bit");

  for (int rep = 0; rep < reps; rep++) {
    if (!EVP_Digest(buf, n, md, &mdlen, EVP_sha256(), NULL)) die("EVP_Digest");

    EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
    if (!c || !EVP_EncryptInit_ex(c, EVP_aes_128_gcm(), NULL, key, iv) ||
        !EVP_EncryptUpdate(c, NULL, &len, buf, 13) ||  /* AAD */
        !EVP_EncryptUpdate(c, ct, &len, buf, (int)gn) || !EVP_EncryptFinal_ex(c, ct + len, &fin) ||
        !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, tag))
      die("GCM encryption");
    EVP_CIPHER_CTX_free(c);
    c = EVP_CIPHER_CTX_new();
    if (!c || !EVP_DecryptInit_ex(c, EVP_aes_128_gcm(), NULL, key, iv) ||
        !EVP_DecryptUpdate(c, NULL, &len, buf, 13) || !EVP_DecryptUpdate(c, pt, &len, ct, (int)gn) ||
        !EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, 16, tag) ||
        EVP_DecryptFinal_ex(c, pt + len, &fin) <= 0)
      die("GCM decryption (tag)");
    EVP_CIPHER_CTX_free(c);
    if (memcmp(pt, buf, gn)) die("GCM round trip");

    BN_set_flags(e, BN_FLG_CONSTTIME);
    if (!BN_mod_exp_mont_consttime(r1, b, e, m, bctx, NULL)) die("BN_mod_exp_mont_consttime");
    BIGNUM *e2 = BN_dup(e);  /* without the flag */
    if (!e2 || !BN_mod_exp_mont(r2, b, e2, m, bctx, NULL)) die("BN_mod_exp_mont");
    BN_free(e2);
    if (BN_cmp(r1, r2)) die("the two exponentiations agree");
  }
  hex("sha256", md, 32);
  unsigned char gmd[32];
  if (!EVP_Digest(ct, gn, gmd, &mdlen, EVP_sha256(), NULL)) die("EVP_Digest");
  hex("gcm_ct_sha256", gmd, 32);
  hex("gcm_tag", tag, 16);
  char *s;
  printf("modulus %s\n", s = BN_bn2hex(m)); OPENSSL_free(s);
  printf("exponent %s\n", s = BN_bn2hex(e)); OPENSSL_free(s);
  printf("modexp %s\n", s = BN_bn2hex(r1)); OPENSSL_free(s);
  BN_free(m); BN_free(e); BN_free(b); BN_free(r1); BN_free(r2); BN_CTX_free(bctx);
  free(buf); free(ct); free(pt);
  return 0;
}
