/* The pipeline on one source: statements, expansion, graph, placement, text. */
#include <stdlib.h>
#include <string.h>

#include "asm_definition.h"
#include "module_asm.h"
#include "sas.h"

/* A plugin's marker line (common/module_asm.h) at the start of a line:
 * ST_COMPILED_MARKER, only its asm statements may tick; ST_ASM_TICKED_MARKER,
 * nothing may. */
static int has_marker(const char *buf, size_t len, const char *marker_line) {
  size_t n = strlen(marker_line);
  const char *p = buf, *end = buf + len;
  while ((p = memchr(p, '#', (size_t)(end - p))) != NULL) {
    if ((p == buf || p[-1] == '\n') && (size_t)(end - p) > n && !memcmp(p, marker_line, n) &&
        p[n] == '\n')
      return 1;
    p++;
  }
  return 0;
}

int sas_instrument(struct sas_source *src, const struct sas_options *opt,
                   const char *line_marker_name, struct sas_result *res, struct sas_stats *st,
                   struct sas_report *rep, struct sas_error *err) {
  struct sas_stream s = {NULL, 0, 0, SAS_SYNTAX_ATT, 0};
  struct sas_graph g;
  struct sas_insert *ins = NULL;
  unsigned nins = 0;
  int rc = -1;
  struct sas_options opts = *opt;
  memset(&g, 0, sizeof g);
  memset(res, 0, sizeof *res);
  err->msg[0] = 0;
  if (has_marker(src->buf, src->len, ST_COMPILED_MARKER)) opts.compiled = 1;
  if (sas_source_parse(src, err) || sas_expand(src, &opts, &s, rep, err) ||
      sas_graph_build(src, &s, &opts, &g, rep, err))
    goto out;
  {
    unsigned c = sas_computed_code_address(&s, &g);
    if (has_marker(src->buf, src->len, ST_ASM_TICKED_MARKER)) {
      /* ST_ASM_TICKED_MARKER: the LLVM pass ticked its asm statements too. */
    } else if (c) {
      /* Always said, not only with --softticks-report: the file keeps its
       * tick-free cycles. */
      sas_warn(rep, src->stmts[s.v[g.nodes[c].v].origin].line,
               "warning: a code address is computed from a label here (%s): ticks would move "
               "the code it reaches; file left uninstrumented",
               s.v[g.nodes[c].v].text);
      st->refused++;
    } else if (sas_place(src, &s, &g, &ins, &nins, st, rep, err)) {
      goto out;
    }
  }
  st->files++;
  st->statements += src->nstmts;
  st->instructions += g.instructions;
  res->has_manifest = g.has_manifest;
  res->syntax_at_end = s.syntax_at_end;
  res->code_bits_at_end = s.code_bits_at_end;
  res->glibc_unit = sas_is_glibc_unit(src->buf, src->len);
  res->libc = sas_libc_of_source(src->buf, src->len);
  /* A hand-instrumented unit carrying the ABI's group itself (its own
   * __rr_softticks_init): the plugins' reading (common/asm_definition.c),
   * so that no second group is appended (ST_PARTS_OWN_INITIALIZER). */
  res->own_initializer = st_asm_defines_symbol(src->buf, RR_SOFTTICKS_INIT_SYMBOL, src->arch);
  res->text = sas_emit(src, ins, nins, line_marker_name, &res->len);
  if (!res->text) {
    snprintf(err->msg, sizeof err->msg, "out of memory");
    goto out;
  }
  rc = 0;
  if (opt->fragment) {
    res->ins = ins;
    res->nins = nins;
    ins = NULL;
    nins = 0;
  }
out:
  while (nins) free(ins[--nins].text);
  free(ins);
  sas_graph_free(&g);
  sas_stream_free(&s);
  sas_source_free(src);
  return rc;
}
