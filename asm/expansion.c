/*
 * Ticks in a body (.macro, .rept, .irp) that only some of its expansions
 * need (issue 27, class 4).  gas expands the body's text again at every
 * invocation, so a tick written there lands in every copy: a macro used
 * both by _start (which must not tick: it runs before the initializer
 * maps the page, ABI section 8) and by a loop got the loop's tick in
 * _start too, and the program died of SIGSEGV before its initializer.
 *
 * Where the copies disagree, the body's tick is written between
 * `.if SYMBOL` and `.endif`, and right before each expansion in the
 * file's own text (the invocation, the .rept) the symbol is set to 1 when
 * some copy in that expansion ticks, else 0.  A nested body is decided at
 * the outermost expansion (the symbol stays set while gas expands the
 * inner invocations), so copies inside one outermost expansion share a
 * decision: any of them ticking makes all tick (sound for the cycles; an
 * opted-out copy only meets a ticked one inside the same expansion).
 * Where every copy ticks, the text stays unguarded, as before.
 */
#include <stdlib.h>
#include <string.h>

#include "asm_text.h"
#include "sas.h"

/* A body's tick, sorted by site (its offset) then expansion. */
struct site {
  size_t offset;
  unsigned expansion, index; /* index into out */
};

static int by_site(const void *a, const void *b) {
  const struct site *x = a, *y = b;
  if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
  return x->expansion < y->expansion ? -1 : x->expansion > y->expansion;
}

static int push(struct sas_insert **out, unsigned *k, unsigned *cap, struct sas_insert in) {
  if (*k == *cap) {
    unsigned ncap = *cap * 2 + 16;
    struct sas_insert *o = realloc(*out, ncap * sizeof *o);
    if (!o) return -1;
    *out = o;
    *cap = ncap;
  }
  (*out)[(*k)++] = in;
  return 0;
}

/* Whether some tick of group [a, b) (sorted by expansion) lies in
 * expansion e: a binary search, since a macro may expand thousands of times. */
static int ticks_in(const struct site *grp, unsigned a, unsigned b, unsigned e) {
  while (a < b) {
    unsigned mid = a + (b - a) / 2;
    if (grp[mid].expansion == e) return 1;
    if (grp[mid].expansion < e) a = mid + 1;
    else b = mid;
  }
  return 0;
}

int sas_expansion_guards(const struct sas_source *src, const struct sas_stream *s,
                         struct sas_insert **out, unsigned *k, unsigned *cap) {
  unsigned n0 = *k, n, m = 0, a, b, serial = 0, j;
  struct site *grp = malloc((n0 + 1) * sizeof *grp);
  /* The stream's statements by origin (a counting sort, in stream order):
   * the copies of origin o are copy[first[o] .. first[o + 1]). */
  unsigned *first = calloc(src->nstmts + 2, sizeof *first), *copy = malloc((s->n + 1) * sizeof *copy);
  int rc = -1;
  if (!grp || !first || !copy) goto done;
  for (j = 0; j < s->n; j++) first[s->v[j].origin + 1]++;
  for (j = 0; j < src->nstmts; j++) first[j + 1] += first[j];
  for (j = 0; j < s->n; j++) copy[first[s->v[j].origin]++] = j;
  for (j = src->nstmts; j > 0; j--) first[j] = first[j - 1]; /* back to the starts */
  first[0] = 0;
  for (n = 0; n < n0; n++)
    if (!(*out)[n].text && (*out)[n].expansion != (*out)[n].origin)
      grp[m++] = (struct site){(*out)[n].offset, (*out)[n].expansion, n};
  qsort(grp, m, sizeof *grp, by_site);
  /* One site (one offset, one origin) after the other. */
  for (a = 0; a < m; a = b) {
    unsigned origin = (*out)[grp[a].index].origin, all = 1, last = (unsigned)-1;
    for (b = a + 1; b < m && grp[b].offset == grp[a].offset; b++) continue;
    for (j = first[origin]; j < first[origin + 1] && all; j++)
      if (!ticks_in(grp, a, b, s->v[copy[j]].expansion)) all = 0;
    if (all) continue;
    for (n = a; n < b; n++) (*out)[grp[n].index].guard = serial + 1;
    for (j = first[origin]; j < first[origin + 1]; j++) {
      unsigned e = s->v[copy[j]].expansion;
      struct st_text t = ST_TEXT_INIT;
      struct sas_insert set = (*out)[grp[a].index];
      if (e == last) continue;
      last = e;
      st_text_printf(&t, ".set %s%u, %d;", SAS_GUARD_SYMBOL, serial, ticks_in(grp, a, b, e));
      set.offset = set.replace_end = src->stmts[e].start;
      set.line = src->stmts[e].line;
      set.save_flags = 0;
      set.guard = 0;
      if (!(set.text = st_text_finish(&t))) goto done;
      if (push(out, k, cap, set)) {
        free(set.text);
        goto done;
      }
    }
    serial++;
  }
  rc = 0;
done:
  free(copy);
  free(first);
  free(grp);
  return rc;
}
