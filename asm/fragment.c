/*
 * A fragment of a compiler's module through the instrumenter (fragment.h,
 * README.md "Fragments").  An LLVM inline-asm template is translated into
 * assembler text for the analysis: `$$` is `$`, every operand reference
 * (`$N`, `${N:mod}`) becomes a placeholder symbol, `${:uid}`/`$=` one
 * fixed name, `${:comment}` the comment character, `${:private}` `.L`, and
 * of `$(att$|intel$)` the dialect's alternative.  An Intel-dialect
 * template is read after `.intel_syntax noprefix`, and its ticks are
 * Intel text (the target's tick_text_intel): LLVM drops `$$` there, so no
 * switch to AT&T could be written.  Each character of the
 * text remembers the template offset it came from, so that an insertion
 * maps back; the inserted text gets its `$` written `$$` and the
 * placeholders their template spelling back.
 *
 * The template's start is entered from compiled code: a synthetic global
 * label before it makes it reachable, and its entry tick is dropped (the
 * function's entry tick is the pass's).  What is live at its end (the
 * compiled code after it): x86 clang clobbers the flags for every asm
 * statement, so none, except for flag outputs (`={@cc..}`), where a jump
 * out of the file after it makes every flag live; `asm goto` labels
 * (`${N:l}`) are jumps to no label of the file, which leave it with
 * everything live.  aarch64: x16/x17 count as live unless both are
 * clobbered: an operand may also sit in one of them, which the text does
 * not show, so every tick then saves them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "fragment.h"
#include "sas.h"
#include "target.h"

#define PLACEHOLDER "__softticks_op"
#define UID_PLACEHOLDER "__softticks_uid"
#define ENTRY_LABEL "__softticks_fragment"

struct buf {
  char *s;
  size_t *map; /* template offset of each character (translations only) */
  size_t len, cap;
  int failed;
};

static void put(struct buf *b, const char *s, size_t n, size_t from) {
  size_t i;
  if (b->failed) return;
  if (b->len + n + 1 > b->cap) {
    size_t cap = (b->len + n + 1) * 2;
    char *ns = realloc(b->s, cap);
    size_t *nm = ns ? realloc(b->map, cap * sizeof *nm) : NULL;
    if (ns) b->s = ns;
    if (!ns || !nm) {
      b->failed = 1;
      return;
    }
    b->map = nm;
    b->cap = cap;
  }
  for (i = 0; i < n; i++) {
    b->s[b->len] = s[i];
    b->map[b->len++] = from;
  }
  b->s[b->len] = 0;
}

static void put_str(struct buf *b, const char *s, size_t from) { put(b, s, strlen(s), from); }

/* The distinct operand spellings of a template ("$0", "${1:l}"). */
struct spellings {
  const char **p;
  size_t *n;
  unsigned count, cap;
};

static int spelling_index(struct spellings *sp, const char *s, size_t n) {
  unsigned i;
  for (i = 0; i < sp->count; i++)
    if (sp->n[i] == n && !memcmp(sp->p[i], s, n)) return (int)i;
  if (sp->count == sp->cap) {
    unsigned cap = sp->cap ? sp->cap * 2 : 8;
    const char **np = realloc(sp->p, cap * sizeof *np);
    size_t *nn = np ? realloc(sp->n, cap * sizeof *nn) : NULL;
    if (np) sp->p = np;
    if (!np || !nn) return -1;
    sp->n = nn;
    sp->cap = cap;
  }
  sp->p[sp->count] = s;
  sp->n[sp->count] = n;
  return (int)sp->count++;
}

/* The template as assembler text into out; of each `$(..$|..$)` the
 * alternative want (0 AT&T, 1 Intel) is read.  -1: out of memory. */
static int translate(const char *t, size_t n, enum rr_softticks_arch arch, int want,
                     struct buf *out, struct spellings *sp) {
  size_t i = 0;
  int k = -1; /* -1 outside $( $| $), else the alternative's index */
  int alt = 0; /* 0: read this character; 2: another alternative's */
  while (i < n) {
    size_t start = i;
    if (t[i] != '$' || i + 1 >= n) {
      if (alt != 2) put(out, t + i, 1, i);
      i++;
      continue;
    }
    switch (t[i + 1]) {
      case '$': /* LLVM writes `$` in AT&T, nothing in Intel dialect (an MS
                 * __asm block's immediates are `$$1`) */
        if (alt != 2 && want == 0) put(out, "$", 1, i);
        i += 2;
        continue;
      case '(':
        k = 0;
        alt = want == 0 ? 0 : 2;
        i += 2;
        continue;
      case '|':
        if (k >= 0) alt = ++k == want ? 0 : 2;
        else put(out, "|", 1, i);
        i += 2;
        continue;
      case ')':
        k = -1;
        alt = 0;
        i += 2;
        continue;
      case '=':
        if (alt != 2) put_str(out, UID_PLACEHOLDER, i);
        i += 2;
        continue;
      case '{': {
        const char *close = memchr(t + i, '}', n - i);
        size_t end = close ? (size_t)(close - t) + 1 : n;
        if (alt == 2) {
          i = end;
          continue;
        }
        if (end - i == 7 && !memcmp(t + i, "${:uid}", 7)) {
          put_str(out, UID_PLACEHOLDER, i);
        } else if (end - i == 11 && !memcmp(t + i, "${:comment}", 11)) {
          put_str(out, arch == RR_SOFTTICKS_ARCH_AARCH64 ? "//" : "#", i);
        } else if (end - i == 11 && !memcmp(t + i, "${:private}", 11)) {
          put_str(out, ".L", i);
        } else {
          char name[40];
          int k = spelling_index(sp, t + i, end - i);
          if (k < 0) return -1;
          snprintf(name, sizeof name, PLACEHOLDER "%d", k);
          put_str(out, name, i);
        }
        i = end;
        continue;
      }
      default:
        if (t[i + 1] >= '0' && t[i + 1] <= '9') {
          char name[40];
          int k;
          i++;
          while (i < n && t[i] >= '0' && t[i] <= '9') i++;
          if (alt == 2) continue;
          if ((k = spelling_index(sp, t + start, i - start)) < 0) return -1;
          snprintf(name, sizeof name, PLACEHOLDER "%d", k);
          put_str(out, name, start);
          continue;
        }
        if (alt != 2) put(out, "$", 1, i); /* LLVM rejects it; kept as text */
        i++;
        continue;
    }
  }
  return out->failed ? -1 : 0;
}

/* Assembler text back into template text: `$` as `$$`, placeholders as
 * their spelling.  Module asm (sp NULL) is plain text. */
static void untranslate(struct buf *b, const char *s, const struct spellings *sp, size_t at) {
  if (!sp) {
    put_str(b, s, at);
    return;
  }
  while (*s) {
    if (*s == '$') {
      put(b, "$$", 2, at);
      s++;
    } else if (!strncmp(s, UID_PLACEHOLDER, sizeof UID_PLACEHOLDER - 1)) {
      put_str(b, "${:uid}", at);
      s += sizeof UID_PLACEHOLDER - 1;
    } else if (!strncmp(s, PLACEHOLDER, sizeof PLACEHOLDER - 1) &&
               s[sizeof PLACEHOLDER - 1] >= '0' && s[sizeof PLACEHOLDER - 1] <= '9') {
      char *end;
      unsigned long k = strtoul(s + sizeof PLACEHOLDER - 1, &end, 10);
      if (k < sp->count) put(b, sp->p[k], sp->n[k], at);
      s = end;
    } else {
      put(b, s++, 1, at);
    }
  }
}

/* A widened short branch (x86.c's widen_short: numeric labels 5354NNNN)
 * in Intel syntax, where `1b`-style references read as numbers (clang
 * read `jmp 1b` as a jump to address 1): the same with named local
 * labels, unique per expansion of an inline template (`${:uid}`, written
 * as its placeholder) or per module asm.  malloc'd, NULL: out of memory. */
static char *named_labels(const char *s, int inl) {
  struct st_text t = ST_TEXT_INIT;
  const char *start = s;
  while (*s) {
    if (!strncmp(s, "5354", 4) &&
        (s == start || !(isalnum((unsigned char)s[-1]) || s[-1] == '_' || s[-1] == '.'))) {
      char *end;
      unsigned long n = strtoul(s, &end, 10);
      if ((*end == 'f' || *end == 'b' || *end == ':') && end - s == 8) {
        st_text_printf(&t, ".Lsoftticks_wide%lu_%s", n, inl ? UID_PLACEHOLDER : "m");
        s = *end == ':' ? end : end + 1;
        continue;
      }
    }
    st_text_printf(&t, "%c", *s++);
  }
  return st_text_finish(&t);
}

/* Whether the LLVM constraint list names clobber {reg} ("~{x16}"). */
static int clobbers(const char *constraints, const char *reg) {
  size_t n = strlen(reg);
  const char *p = constraints;
  while (p && (p = strstr(p, "~{")) != NULL) {
    if (!strncmp(p + 2, reg, n) && p[2 + n] == '}') return 1;
    p += 2;
  }
  return 0;
}

static void fill_reason(struct sas_fragment_result *res, const char *what, const char *detail) {
  snprintf(res->reason_buf, sizeof res->reason_buf, "%s%.120s", what, detail);
  res->reason = res->reason_buf;
}

int sas_fragment_instrument(const struct sas_fragment *f, struct sas_fragment_result *res) {
  struct buf gas = {0}, out = {0};
  struct spellings sp = {0};
  struct sas_source src;
  struct sas_options opt;
  struct sas_result r;
  struct sas_stats st;
  struct sas_report rep = {NULL, NULL, 0, 1};
  struct sas_error err;
  int inl = f->kind == SAS_FRAGMENT_INLINE, a64 = f->arch == RR_SOFTTICKS_ARCH_AARCH64, rc = -1;
  size_t prefix = 0, at = 0;
  unsigned i, force_save = 0;
  memset(res, 0, sizeof *res);
  memset(&r, 0, sizeof r);
  /* Intel dialect (or -masm=intel module asm): read from an Intel start. */
  if (f->intel_dialect) put_str(&gas, ".intel_syntax noprefix\n", 0);
  if (inl) {
    put_str(&gas, ".globl " ENTRY_LABEL "\n" ENTRY_LABEL ":\n", 0);
    prefix = gas.len;
    if (translate(f->text, f->len, f->arch, f->intel_dialect ? 1 : 0, &gas, &sp)) goto done;
    /* What the compiled code after it may read (the header comment). */
    if (!a64 && f->constraints && strstr(f->constraints, "{@cc"))
      put_str(&gas, "\njmp " ENTRY_LABEL "_exit\n", f->len);
    if (a64 && !(clobbers(f->constraints, "x16") && clobbers(f->constraints, "x17")))
      force_save = SAS_X16 | SAS_X17;
  } else {
    put(&gas, "", 0, 0);
    prefix = gas.len;
    for (i = 0; i < f->len && !gas.failed; i++) put(&gas, f->text + i, 1, i);
  }
  if (gas.failed) goto done;
  gas.map[gas.len] = f->len; /* put() left room for it */

  memset(&src, 0, sizeof src);
  memset(&opt, 0, sizeof opt);
  memset(&st, 0, sizeof st);
  src.name = "<asm>";
  src.buf = gas.s;
  src.len = gas.len;
  src.arch = f->arch;
  opt.fragment = 1;
  if (sas_instrument(&src, &opt, NULL, &r, &st, &rep, &err)) {
    if (!strcmp(err.msg, "out of memory")) goto done;
    fill_reason(res, "softticks-as cannot read it: ", err.msg);
    rc = 0;
    goto done;
  }
  res->cycles_open = st.cycles_open;
  if (st.refused) {
    res->reason = "a code address is computed from a label: ticks would move the code it reaches";
    rc = 0;
    goto done;
  }
  for (i = 0; i < r.nins; i++) {
    struct sas_insert *in = &r.ins[i];
    size_t to = gas.map[in->offset];
    if (inl && !in->text && in->offset < prefix) continue; /* the fragment's entry */
    put(&out, f->text + at, to - at, 0);
    if (in->text) {
      if (in->syntax != SAS_SYNTAX_ATT) {
        char *named = named_labels(in->text, inl);
        if (!named) goto done;
        free(in->text);
        in->text = named;
      }
      untranslate(&out, in->text, inl ? &sp : NULL, 0);
      at = gas.map[in->replace_end];
      res->widened++;
    } else {
      struct sas_source empty;
      struct sas_insert one = *in;
      size_t n;
      char *tick;
      memset(&empty, 0, sizeof empty);
      empty.buf = (char *)"";
      empty.arch = f->arch;
      one.offset = 0;
      one.save_flags |= force_save;
      if (inl && f->intel_dialect) {
        /* No AT&T can be written here: the tick in Intel syntax. */
        const struct sas_target *tg = sas_target_of(f->arch);
        struct st_text t = ST_TEXT_INIT;
        unsigned live = one.save_flags;
        if (!tg->tick_text_intel) goto done;
        st_text_printf(&t, ";");
        /* A region the template switched to AT&T or another Intel: the
         * tick's noprefix Intel there, and that mode again (the lines
         * without their tab, as the template's statements have none). */
        if (one.syntax != SAS_SYNTAX_INTEL)
          sas_tick_sequence(&t, sas_syntax_line(SAS_SYNTAX_INTEL) + 1, NULL);
        tg->tick_text_intel(tg, !live ? 0 : live & SAS_OF ? SAS_ALL : SAS_CF,
                            live && (one.cfa & ~SAS_CFA_REG_EXPR) == SAS_CFA_SP, &t);
        if (one.syntax != SAS_SYNTAX_INTEL) sas_tick_sequence(&t, sas_syntax_line(one.syntax) + 1, NULL);
        if (!(tick = st_text_finish(&t))) goto done;
      } else if (!(tick = sas_emit(&empty, &one, 1, NULL, &n))) {
        goto done;
      }
      untranslate(&out, tick, inl ? &sp : NULL, 0);
      free(tick);
      at = to;
      res->ticks++;
      res->saved += one.save_flags != 0;
    }
  }
  if (!res->ticks && !res->widened) {
    rc = 0;
    goto done;
  }
  put(&out, f->text + at, f->len - at, 0);
  if (out.failed) goto done;
  res->text = out.s;
  res->len = out.len;
  out.s = NULL;
  rc = 1;
done:
  if (rc < 0) memset(res, 0, sizeof *res);
  if (rc == 0 && !res->reason && res->cycles_open)
    res->reason = "a cycle is left without a tick (softticks-as --softticks-report says where)";
  for (i = 0; i < r.nins; i++) free(r.ins[i].text);
  free(r.ins);
  free(r.text);
  free(gas.s);
  free(gas.map);
  free(out.s);
  free(out.map);
  free(sp.p);
  free(sp.n);
  return rc;
}
