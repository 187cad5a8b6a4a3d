/*
 * A statement split once into its words (sas.h, struct sas_split), and the
 * one table of the directives asm/ acts on.  Every other file reads the
 * split instead of cutting the text again.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sas.h"
#include "target.h"

/* Sorted by name (bsearch); gas reads directive names in any case. */
static const struct {
  const char *name;
  enum sas_dir dir;
} directives[] = {
    {".2byte", SAS_DIR_DATA},
    {".4byte", SAS_DIR_DATA},
    {".8byte", SAS_DIR_DATA},
    {".align", SAS_DIR_NO_ADDRESS},
    {".ascii", SAS_DIR_DATA},
    {".asciz", SAS_DIR_DATA},
    {".att_syntax", SAS_DIR_ATT_SYNTAX},
    {".balign", SAS_DIR_NO_ADDRESS},
    {".bss", SAS_DIR_TEXT},
    {".byte", SAS_DIR_DATA},
    {".code16", SAS_DIR_CODE_MODE},
    {".code16gcc", SAS_DIR_CODE_MODE},
    {".code32", SAS_DIR_CODE_MODE},
    {".code64", SAS_DIR_CODE_MODE},
    {".data", SAS_DIR_TEXT},
    {".dc", SAS_DIR_DATA},
    {".dc.a", SAS_DIR_DATA},
    {".dc.b", SAS_DIR_DATA},
    {".dc.l", SAS_DIR_DATA},
    {".dc.q", SAS_DIR_DATA},
    {".dc.w", SAS_DIR_DATA},
    {".double", SAS_DIR_DATA},
    {".else", SAS_DIR_ELSE},
    {".elseif", SAS_DIR_ELSE},
    {".endif", SAS_DIR_ENDIF},
    {".endm", SAS_DIR_ENDM},
    {".endmacro", SAS_DIR_ENDM},
    {".endr", SAS_DIR_ENDR},
    {".equ", SAS_DIR_SET},
    {".equiv", SAS_DIR_SET},
    {".file", SAS_DIR_NO_ADDRESS},
    {".fill", SAS_DIR_DATA},
    {".float", SAS_DIR_DATA},
    {".global", SAS_DIR_GLOBL},
    {".globl", SAS_DIR_GLOBL},
    {".hidden", SAS_DIR_NO_ADDRESS},
    {".hword", SAS_DIR_DATA},
    {".ident", SAS_DIR_NO_ADDRESS},
    {".if", SAS_DIR_IF},
    {".ifb", SAS_DIR_IF},
    {".ifc", SAS_DIR_IF},
    {".ifdef", SAS_DIR_IF},
    {".ifeq", SAS_DIR_IF},
    {".ifeqs", SAS_DIR_IF},
    {".ifge", SAS_DIR_IF},
    {".ifgt", SAS_DIR_IF},
    {".ifle", SAS_DIR_IF},
    {".iflt", SAS_DIR_IF},
    {".ifnb", SAS_DIR_IF},
    {".ifnc", SAS_DIR_IF},
    {".ifndef", SAS_DIR_IF},
    {".ifne", SAS_DIR_IF},
    {".ifnes", SAS_DIR_IF},
    {".ifnotdef", SAS_DIR_IF},
    {".incbin", SAS_DIR_DATA},
    {".include", SAS_DIR_INCLUDE},
    {".inst", SAS_DIR_DATA},
    {".int", SAS_DIR_DATA},
    {".intel_syntax", SAS_DIR_INTEL_SYNTAX},
    {".internal", SAS_DIR_NO_ADDRESS},
    {".irp", SAS_DIR_IRP},
    {".irpc", SAS_DIR_IRPC},
    {".loc", SAS_DIR_NO_ADDRESS},
    {".loc_view", SAS_DIR_NO_ADDRESS},
    {".local", SAS_DIR_NO_ADDRESS},
    {".long", SAS_DIR_DATA},
    {".macro", SAS_DIR_MACRO},
    {".octa", SAS_DIR_DATA},
    {".org", SAS_DIR_ORG},
    {".p2align", SAS_DIR_NO_ADDRESS},
    {".popsection", SAS_DIR_POPSECTION},
    {".previous", SAS_DIR_PREVIOUS},
    {".protected", SAS_DIR_NO_ADDRESS},
    {".purgem", SAS_DIR_PURGEM},
    {".pushsection", SAS_DIR_PUSHSECTION},
    {".quad", SAS_DIR_DATA},
    {".reloc", SAS_DIR_DATA},
    {".rept", SAS_DIR_REPT},
    {".section", SAS_DIR_SECTION},
    {".set", SAS_DIR_SET},
    {".short", SAS_DIR_DATA},
    {".single", SAS_DIR_DATA},
    {".size", SAS_DIR_NO_ADDRESS},
    {".skip", SAS_DIR_DATA},
    {".sleb128", SAS_DIR_DATA},
    {".space", SAS_DIR_DATA},
    {".string", SAS_DIR_DATA},
    {".subsection", SAS_DIR_SUBSECTION},
    {".symver", SAS_DIR_NO_ADDRESS},
    {".text", SAS_DIR_TEXT},
    {".type", SAS_DIR_TYPE},
    {".uleb128", SAS_DIR_DATA},
    {".value", SAS_DIR_DATA},
    {".weak", SAS_DIR_NO_ADDRESS},
    {".weakref", SAS_DIR_NO_ADDRESS},
    {".word", SAS_DIR_DATA},
    {".zero", SAS_DIR_DATA},
};

enum sas_dir sas_directive(const char *name, size_t n) {
  size_t lo = 0, hi = sizeof directives / sizeof directives[0];
  if (!n || name[0] != '.') return SAS_DIR_NONE;
  if (n > 5 && !strncasecmp(name, ".cfi_", 5)) return SAS_DIR_CFI;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strncasecmp(name, directives[mid].name, n);
    if (!c && directives[mid].name[n]) c = -1; /* name is a proper prefix */
    if (!c) return directives[mid].dir;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return SAS_DIR_OTHER;
}

int sas_dir_names_no_address(enum sas_dir d) {
  switch (d) {
    case SAS_DIR_NO_ADDRESS:
    case SAS_DIR_TYPE:
    case SAS_DIR_GLOBL:
    case SAS_DIR_SECTION:
    case SAS_DIR_PUSHSECTION:
    case SAS_DIR_POPSECTION:
    case SAS_DIR_PREVIOUS:
    case SAS_DIR_IF:
    case SAS_DIR_ELSE:
    case SAS_DIR_ENDIF:
    case SAS_DIR_CFI:
      return 1;
    default:
      return 0;
  }
}

/* The data directives whose operands are integers of a fixed size, as
 * hand-written code spells instructions its assembler may not know
 * (OpenSSL's endbr64, rdrand and adcx; aarch64's .inst): strings,
 * fills and floats are never instructions.  The size of one value (x86's
 * .word is 2 bytes; .inst, aarch64's, 4), 0 for any other directive. */
unsigned sas_dir_insn_bytes(const struct sas_split *w) {
  static const struct {
    const char *name;
    unsigned size;
  } sizes[] = {{".byte", 1},  {".dc.b", 1},  {".short", 2}, {".value", 2}, {".word", 2},
               {".hword", 2}, {".2byte", 2}, {".dc.w", 2},  {".long", 4},  {".int", 4},
               {".4byte", 4}, {".dc.l", 4},  {".inst", 4},  {".quad", 8},  {".8byte", 8},
               {NULL, 0}};
  unsigned i;
  if (w->dir != SAS_DIR_DATA) return 0;
  for (i = 0; sizes[i].name; i++)
    if (w->word_len == strlen(sizes[i].name) && !strncasecmp(w->word, sizes[i].name, w->word_len))
      return sizes[i].size;
  return 0;
}

/* A data statement's bytes, little-endian, each value `size` bytes (the
 * directive's, or a target's own reading of it: aarch64's .word is 4);
 * 0 when a value is no integer literal (a symbol, an expression). */
size_t sas_dir_bytes(const struct sas_split *w, unsigned size, unsigned char *out, size_t cap) {
  unsigned i;
  size_t n = 0;
  const char *p = w->rest;
  if (!size) return 0;
  for (;;) {
    char *end;
    unsigned long long v;
    int neg = 0;
    while (isspace((unsigned char)*p)) p++;
    if (*p == '-') neg = 1, p++;
    if (!isdigit((unsigned char)*p)) return 0;
    v = strtoull(p, &end, 0); /* 0x.., 0.. (octal), decimal: gas's spellings */
    if (end == p) return 0;
    if (neg) v = -v;
    for (p = end; isspace((unsigned char)*p); p++) {}
    for (i = 0; i < size; i++) {
      if (n == cap) return 0;
      out[n++] = (unsigned char)(v >> (8 * i));
    }
    if (!*p) return n;
    if (*p++ != ',') return 0;
  }
}

void sas_split(const struct sas_target *t, const char *text, struct sas_split *out) {
  const char *p = text;
  size_t k;
  while (isspace((unsigned char)*p)) p++;
  out->word = p;
  while (*p && !isspace((unsigned char)*p) && *p != ',') p++;
  out->word_len = (size_t)(p - out->word);
  while (isspace((unsigned char)*p)) p++;
  out->rest = p;
  out->dir = sas_directive(out->word, out->word_len);
  if ((*p == '=' && p[1] != '=') || memchr(out->word, '=', out->word_len))
    out->dir = SAS_DIR_ASSIGN;
  /* The mnemonic: a word up to a blank (x86's "jne,pt" keeps its hint),
   * after the target's prefixes ("rep movsb", "lock addl"). */
  p = out->word;
  for (;;) {
    out->mnem_at = p;
    for (k = 0; *p && !isspace((unsigned char)*p); p++)
      if (k + 1 < sizeof out->mnem) out->mnem[k++] = (char)tolower((unsigned char)*p);
    out->mnem[k] = 0;
    while (isspace((unsigned char)*p)) p++;
    if (!t->is_prefix || !t->is_prefix(out->mnem) || !*p) break;
  }
  out->operands = p;
}

/* `.set NAME, .` (`.equ`, `.equiv`, `NAME = .`) gives NAME the address of
 * the location counter there, as `NAME:` does: hand-written loops close
 * on such names (issue 27).  Not `.eqv`, whose `.` is read at each use. */
int sas_dot_label(const struct sas_split *w, const char **name, size_t *len) {
  const char *p, *a;
  if (w->dir == SAS_DIR_SET) {
    p = w->rest;
  } else if (w->dir == SAS_DIR_ASSIGN) {
    p = w->word;
  } else {
    return 0;
  }
  for (a = p; *p && *p != ',' && *p != '=' && !isspace((unsigned char)*p); p++) {
  }
  *name = a;
  *len = (size_t)(p - a);
  while (isspace((unsigned char)*p)) p++;
  if (*len == 0 || *p != (w->dir == SAS_DIR_SET ? ',' : '=')) return 0;
  for (p++; isspace((unsigned char)*p); p++) {
  }
  if (*p++ != '.') return 0;
  while (isspace((unsigned char)*p)) p++;
  return !*p;
}

int sas_uses_location(const char *ops) {
  const char *p;
  for (p = strchr(ops, '.'); p; p = strchr(p + 1, '.')) {
    int before = p > ops && (isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '.' ||
                             p[-1] == '$' || p[-1] == '@'),
        after = isalnum((unsigned char)p[1]) || p[1] == '_' || p[1] == '.' || p[1] == '$';
    if (!before && !after) return 1;
  }
  return 0;
}

const char *sas_syntax_line(enum sas_syntax m) {
  switch (m) {
    case SAS_SYNTAX_ATT: return RR_SOFTTICKS_X86_TO_ATT_SYNTAX;
    case SAS_SYNTAX_INTEL: return RR_SOFTTICKS_X86_BACK_TO_INTEL_SYNTAX;
    case SAS_SYNTAX_INTEL_PREFIX: return "\t.intel_syntax prefix\n";
    case SAS_SYNTAX_INTEL_BARE: return "\t.intel_syntax\n";
    case SAS_SYNTAX_MODES: break;
  }
  return "";
}
