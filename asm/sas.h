/*
 * softticks-as: the assembler-level instrumenter (README.md).  The types
 * every file of asm/ shares: the source as statements, the expanded stream,
 * the graph, the decisions and the statistics.
 */
#ifndef SOFTTICKS_ASM_SAS_H
#define SOFTTICKS_ASM_SAS_H

#include <stddef.h>
#include <stdio.h>
#include <rr/softticks.h>

#include "placement.h" /* struct st_edge, st_cfg */

/* One statement of the source: text [start, end) of the buffer without
 * comments or surrounding blanks.  A leading label is a statement of its
 * own ("a: b: insn" is three). */
struct sas_stmt {
  size_t start, end;
  unsigned line;  /* physical line of its first character */
  int is_label;   /* "name:" */
  int in_app;     /* between #APP and #NO_APP (compiler output's inline asm) */
};

struct sas_source {
  const char *name; /* for messages */
  char *buf;
  size_t len;
  enum rr_softticks_arch arch;
  struct sas_stmt *stmts;
  unsigned nstmts;
};

/* An error with its place; sas_* functions return -1 after setting it. */
struct sas_error {
  unsigned line;
  char msg[512];
};

/* What the tool could not see through (printed with --softticks-report). */
struct sas_report {
  FILE *out; /* NULL: count only */
  const char *name;
  unsigned notes;
  /* Inside a compiler (fragment.c): warnings are counted, never printed;
   * the pass says what it left alone its own way. */
  int quiet;
};
void sas_note(struct sas_report *r, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The same, printed on stderr even without --softticks-report. */
void sas_warn(struct sas_report *r, unsigned line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* source.c: splits buf into statements for arch. */
int sas_source_parse(struct sas_source *src, struct sas_error *err);
void sas_source_free(struct sas_source *src);

/* statement.c: a statement split once (labels are not split).  dir comes
 * from the one directive table. */
enum sas_dir {
  SAS_DIR_NONE,  /* no directive: an instruction, a macro invocation */
  SAS_DIR_OTHER, /* a directive asm/ does not act on */
  SAS_DIR_SECTION, SAS_DIR_PUSHSECTION, SAS_DIR_POPSECTION, SAS_DIR_PREVIOUS,
  SAS_DIR_TEXT, /* .text, .data, .bss */
  SAS_DIR_SUBSECTION,
  SAS_DIR_DATA, /* emits data: .byte, .long, .ascii, ... */
  SAS_DIR_NO_ADDRESS, /* names symbols but uses no address: .size, .hidden, ... */
  SAS_DIR_SET, SAS_DIR_TYPE, SAS_DIR_GLOBL,
  SAS_DIR_ASSIGN, /* "name = expression": a symbol, no code */
  SAS_DIR_MACRO, SAS_DIR_ENDM, SAS_DIR_REPT, SAS_DIR_IRP, SAS_DIR_IRPC, SAS_DIR_ENDR,
  SAS_DIR_PURGEM, SAS_DIR_INCLUDE,
  SAS_DIR_IF, SAS_DIR_ELSE, SAS_DIR_ENDIF,
  SAS_DIR_CFI, /* .cfi_* */
  SAS_DIR_INTEL_SYNTAX, SAS_DIR_ATT_SYNTAX,
  SAS_DIR_CODE_MODE, /* .code16, .code16gcc, .code32, .code64 (x86) */
  SAS_DIR_ORG /* .org: the location counter set to an expression */
};
/* The syntax mode gas reads a statement in (.intel_syntax/.att_syntax).
 * A bare `.intel_syntax` is its own mode: gas reads it as prefix, LLVM's
 * assembler takes registers either way and refuses `.intel_syntax prefix`
 * (rustc's global_asm! writes the bare form), so what a tick restores is
 * the directive as the user wrote it. */
enum sas_syntax {
  SAS_SYNTAX_ATT,
  SAS_SYNTAX_INTEL_PREFIX, /* .intel_syntax prefix */
  SAS_SYNTAX_INTEL,        /* .intel_syntax noprefix */
  SAS_SYNTAX_INTEL_BARE,   /* .intel_syntax */
  SAS_SYNTAX_MODES
};
/* statement.c: the directive line that puts gas in mode m, "\t...\n"
 * (the header's switches for AT&T and noprefix Intel). */
const char *sas_syntax_line(enum sas_syntax m);
struct sas_split {
  const char *word; /* the first word (a directive, mnemonic, prefix, macro name) */
  size_t word_len;  /* up to a blank or ',' */
  const char *rest; /* after it and its blanks */
  enum sas_dir dir;
  char mnem[32];    /* an instruction's mnemonic after the target's prefixes, lowercased */
  const char *mnem_at; /* where it starts: the prefixes are [word, mnem_at) */
  const char *operands; /* after the mnemonic and its blanks */
  unsigned char syntax; /* enum sas_syntax in force there (expand.c) */
  /* The x86 code mode in force there (.code16/32/64, expand.c): 0 the
   * file's own (--32 or --64), else 16, 32 or 64. */
  unsigned char code_bits;
};
struct sas_target;
void sas_split(const struct sas_target *t, const char *text, struct sas_split *out);
enum sas_dir sas_directive(const char *name, size_t n);
/* Whether the statement sets a symbol to the location counter (`.set
 * NAME, .`): a label; its name in [*name, *name + *len). */
int sas_dot_label(const struct sas_split *w, const char **name, size_t *len);
/* Whether operands use the location counter `.` as a value. */
int sas_uses_location(const char *ops);
/* The directive names symbols without using their addresses. */
int sas_dir_names_no_address(enum sas_dir d);
/* The data directive emits integers that may be instruction bytes
 * (.byte, .short, .value, .long, .quad, .inst, ...): in the instruction
 * flow of a code section it is an instruction (cfg.c, "Data in the flow").
 * The size of one of its values in bytes, 0 for any other directive. */
unsigned sas_dir_insn_bytes(const struct sas_split *w);
size_t sas_dir_bytes(const struct sas_split *w, unsigned size, unsigned char *out, size_t cap);

/* expand.c: the stream the assembler sees after macro and repetition
 * expansion; every statement keeps the source statement it came from. */
struct sas_vstmt {
  char *text;
  unsigned origin;     /* index into src->stmts */
  unsigned cond_depth; /* inside this many .if blocks */
  /* "name:", or `.set name, .` written as "name:" (sas_dot_label; its
   * w.dir is then SAS_DIR_SET, the rest of w empty) */
  int is_label;
  struct sas_split w; /* its words (not for labels); pointers into text */
  /* The statement of the file's own text (outside every body) whose
   * expansion it is: a macro invocation, a .rept/.irp; origin itself
   * outside any body.  Copies of one body statement share their text, so a
   * tick only some expansions need is chosen at this one (expansion.c). */
  unsigned expansion;
  /* From an .include'd file (origin: the .include or macro call of the
   * instrumented file that brought it): it never ticks. */
  int foreign;
};
struct sas_stream {
  struct sas_vstmt *v;
  unsigned n, cap;
  unsigned char syntax_at_end; /* enum sas_syntax after the last statement */
  unsigned char code_bits_at_end; /* sas_split.code_bits after it */
};
struct sas_options;
int sas_expand(const struct sas_source *src, const struct sas_options *opt,
               struct sas_stream *out, struct sas_report *rep, struct sas_error *err);

/* cond.c: gas's conditionals decided where the file decides them: the
 * symbols defined so far (sas_conds_note on each statement of the stream)
 * and --defsym. */
struct sas_conds;
struct sas_conds *sas_conds_new(const struct sas_options *opt); /* NULL: out of memory */
void sas_conds_free(struct sas_conds *c);
/* What the statement defines; values_unreliable: the stream does not run
 * it as often as gas does (an abbreviated .rept), so a value it sets is
 * not known.  -1 when out of memory. */
int sas_conds_note(struct sas_conds *c, const char *text, int is_label, const struct sas_split *w,
                   int values_unreliable);
/* An .if* or .elseif: 1 assembles its arm, 0 not, -1 undecided. */
int sas_cond_eval(struct sas_conds *c, const struct sas_split *w);
void sas_stream_free(struct sas_stream *s);

/* One instruction's control flow and what it does to the registers the
 * tick clobbers (target.h: each target's classify). */
enum sas_flow {
  SAS_FLOW_NONE,     /* falls through */
  SAS_FLOW_JMP,      /* direct, no fall-through */
  SAS_FLOW_JCC,      /* direct, falls through too */
  SAS_FLOW_CALL,     /* direct call */
  SAS_FLOW_RET,      /* leaves, no fall-through */
  SAS_FLOW_STOP,     /* ud2, hlt: no fall-through */
  SAS_FLOW_JMP_IND,  /* indirect jump: targets unknown */
  SAS_FLOW_CALL_IND, /* indirect call */
  SAS_FLOW_UNKNOWN   /* not known: may go anywhere (its function is left alone) */
};
/* What the tick clobbers: the arithmetic flags on x86, x16/x17 on aarch64. */
enum { SAS_CF = 1, SAS_PF = 2, SAS_AF = 4, SAS_ZF = 8, SAS_SF = 16, SAS_OF = 32, SAS_ALL = 63 };
enum { SAS_X16 = 1, SAS_X17 = 2 };
struct sas_insn {
  enum sas_flow flow;
  const char *operands; /* into the text: after the mnemonic */
  /* The direct branch target (no @PLT), into the text: a name of any
   * length; target_len 0 if none. */
  const char *target;
  size_t target_len;
  unsigned reads, writes; /* SAS_CF | ... */
  int is_landing_pad;
  int short_only;
  /* A data directive in the instruction flow (cfg.c): its bytes are
   * instructions, decoded by the target or of unknown effect. */
  int from_data; /* jrcxz, jecxz, jcxz, loop*: an 8-bit displacement only */
};

/* cfg.c: the graph of the executable statements. */
enum sas_node_kind { SAS_NODE_ROOT, SAS_NODE_LABEL, SAS_NODE_INSN, SAS_NODE_DATA };
struct sas_node {
  enum sas_node_kind kind;
  unsigned v;        /* vstmt index (not for the root) */
  unsigned section;  /* index of its section */
  int skip;          /* must not tick (opt-out, or outside #APP with a manifest) */
  /* Compiled code: a compiler's output outside its asm statements (with a
   * manifest, or --softticks-compiled), which the pass ticked already. */
  int compiled;
  int entry;         /* an entry (function, global, call target, address taken) */
  int rt_call;       /* a call to a returns_twice function */
  int takes_code_address; /* names a label of a code section (not as a branch) */
  /* A jump that may leave the file (indirect, or to no label of the file):
   * what it reaches is unseen, so the tick's registers stay live there. */
  int leaves_file;
  /* A direct branch to an address relative to the location counter
   * (`loop .`, `jnz .-3`): a tick anywhere in its function may move what
   * it reaches, so the function is left alone (cfg.c). */
  int location_branch;
  /* An operand at a constant distance from the instruction itself (x86
   * `4081(%rip)`, target.h self_relative): its function is left alone too. */
  int self_relative;
  int names_next; /* takes the address of the next statement (`lea 0(%rip)`) */
  /* Code slots of fixed size (cfg.c, "slots"): slot_base, a label named
   * by `.org LABEL + ...`; fixed, a statement from such a label to its
   * last .org (no tick: the slot would overflow); slot_table, an
   * instruction taking a slot base's address, whose indirect jump (the
   * next in its fall-through path) is slot_jump: it ticks. */
  int slot_base, fixed, slot_table, slot_jump;
  struct sas_insn insn;
};
struct sas_graph {
  const struct sas_target *target;
  struct sas_node *nodes; /* node 0 is the root */
  unsigned n;
  struct st_edge *edges; /* as st_place and the graph library take them */
  unsigned nedges, cap_edges;
  int has_manifest;  /* the passes' manifest note is there */
  unsigned tick_clobbers; /* target->tick_clobbers */
  unsigned indirect_jumps, address_taken, instructions, slot_tables;
  unsigned *section_of; /* the section of each statement of the stream */
  unsigned nsections;
};
struct sas_options {
  const char *const *skip; /* function names that never tick */
  unsigned nskip;
  /* The input is an instrumenting compiler's output (--softticks-compiled):
   * its pass placed the ticks, so only #APP regions may tick, as with the
   * manifest, which a unit whose functions all opted out does not carry. */
  int compiled;
  /* A fragment (fragment.c): nothing on stderr; the result keeps the insertions. */
  int fragment;
  /* gas's --defsym NAME=VALUE, as given (conditionals read them: cond.c). */
  const char *const *defsym;
  unsigned ndefsym;
  /* gas's -I directories, where .include looks after the file's own. */
  const char *const *include_dirs;
  unsigned ninclude_dirs;
};
/* The node after n in n's section (its layout), 0 if none. */
unsigned sas_next_in_section(const struct sas_graph *g, unsigned n);
int sas_graph_build(const struct sas_source *src, const struct sas_stream *s,
                    const struct sas_options *opt, struct sas_graph *g, struct sas_report *rep,
                    struct sas_error *err);
void sas_graph_free(struct sas_graph *g);

/* liveness.c: live[n], the flags (SAS_CF | ...) live at node n's start. */
int sas_flags_live(const struct sas_graph *g, unsigned char *live);

/* cfi.c: what the unwind information computes the CFA from. */
enum sas_cfa {
  SAS_CFA_NONE,    /* outside .cfi_startproc/.cfi_endproc */
  SAS_CFA_SP,      /* the stack pointer plus an offset */
  SAS_CFA_OTHER,   /* another register */
  SAS_CFA_EXPR,    /* a DWARF expression (.cfi_escape 0x0f ...) */
  SAS_CFA_UNKNOWN, /* not followed (see cfi.c) */
  /* Or'ed in: a register's rule is an expression that reads the stack
   * pointer (.cfi_escape 0x10/0x16 ...), which no adjustment corrects. */
  SAS_CFA_REG_EXPR = 0x80
};
/* cfa[v], after[v] (one per stream statement): the rule of v's section
 * just before and just after statement v.  -1 when out of memory. */
int sas_cfa_rules(const struct sas_stream *s, const struct sas_graph *g, unsigned char *cfa,
                  unsigned char *after);
int sas_is_cfi_endproc(const char *text);

/* computed.c: the first instruction (node) that computes a code address
 * from a label's (label + offset: targets that are no label), 0 if none. */
unsigned sas_computed_code_address(const struct sas_stream *s, const struct sas_graph *g);

/* place.c: where ticks go, as insertion points in the source. */
struct sas_insert {
  size_t offset;  /* in src->buf */
  unsigned save_flags; /* the flags live there (SAS_* mask): saved around the tick */
  unsigned char cfa;    /* the CFA rule there (SAS_CFA_*): SP, the save says how it moves */
  unsigned line;        /* for notes */
  /* Not a tick: the source [offset, replace_end) becomes text (a widened
   * short branch, see place.c); text is malloc'd. */
  size_t replace_end;
  char *text;
  unsigned char syntax; /* enum sas_syntax there: the tick is written in AT&T, then it is restored */
  /* A tick: the source statement it was decided on and the expansion of
   * its copy (sas_vstmt.expansion); guard K + 1, written only where the
   * symbol of expansion.c's K is set to 1 (0: always written). */
  unsigned origin, expansion, guard;
  unsigned char code_bits; /* sas_split.code_bits there: the tick of that mode */
};
struct sas_stats {
  unsigned files, statements, instructions, ticks, saved, entry_ticks, cycle_ticks,
      rt_ticks, cycles_found, cycles_open, skipped, lone_exits, widened, refused,
      cfi_adjusted, cfi_unexpressed, guarded;
};
int sas_place(const struct sas_source *src, const struct sas_stream *s,
              const struct sas_graph *g, struct sas_insert **ins, unsigned *nins,
              struct sas_stats *st, struct sas_report *rep, struct sas_error *err);

/* expansion.c: the ticks of out[0, *k) that lie in a body whose copies
 * not all tick get a guard, and every expansion holding a copy an
 * insertion setting its symbol (*out grown as needed).  -1: out of memory. */
int sas_expansion_guards(const struct sas_source *src, const struct sas_stream *s,
                         struct sas_insert **out, unsigned *k, unsigned *cap);
/* The guard's symbol for number k. */
#define SAS_GUARD_SYMBOL ".Lsofttick_copy"

/* emit.c: the instrumented text (malloc'd).  The module parts are not
 * part of it: main.c appends them once, after the last input. */
char *sas_emit(const struct sas_source *src, const struct sas_insert *ins, unsigned nins,
               const char *line_marker_name, size_t *len);

/* The module parts with this tool's manifest (malloc'd), NULL if they
 * cannot be built, less what options (enum st_parts_option,
 * common/module_asm.h) leaves out. */
char *sas_module_parts(enum rr_softticks_arch arch, unsigned options);

/* target_libc.c: the source is a unit of the GNU C library itself. */
int sas_is_glibc_unit(const char *buf, size_t len);
/* The C library a source's line markers show (its headers). */
enum sas_libc { SAS_LIBC_UNKNOWN, SAS_LIBC_GLIBC, SAS_LIBC_MUSL };
enum sas_libc sas_libc_of_source(const char *buf, size_t len);
/* Whether the module parts carry the early mapping: from the option
 * (--softticks-libc), the sources' headers, glibc's own units and the GCC
 * driver's options (COLLECT_GCC_OPTIONS, may be NULL). */
int sas_may_map_early(enum sas_libc option, enum sas_libc source, int glibc_unit,
                      const char *driver_options);

/* The whole pipeline on one source (instrument.c). */
struct sas_result {
  char *text;
  size_t len;
  int has_manifest;
  int glibc_unit; /* sas_is_glibc_unit */
  int own_initializer; /* the source defines __rr_softticks_init */
  enum sas_libc libc;  /* sas_libc_of_source */
  struct sas_insert *ins; /* options.fragment only: the insertions, sorted (caller frees) */
  unsigned nins;
  unsigned char syntax_at_end; /* enum sas_syntax after the last statement */
  unsigned char code_bits_at_end; /* .code16/32/64 in force after it, 0 none */
};
int sas_instrument(struct sas_source *src, const struct sas_options *opt,
                   const char *line_marker_name, struct sas_result *res, struct sas_stats *st,
                   struct sas_report *rep, struct sas_error *err);

#endif
