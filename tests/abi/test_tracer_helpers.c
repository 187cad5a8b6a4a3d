/*
 * The tracer helpers of rr/softticks.h against a model of the sequences
 * (tick_model.h): arming, reading the ticks to go, i386's pending borrow,
 * the stop-action table and tick-trap recognition.
 *
 *   test_tracer_helpers           the unit checks (fast)
 *   test_tracer_helpers --full    also one i386 run of 2^32 + 3 ticks,
 *                                 every one simulated, to the trap
 */
#include <rr/softticks.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "tick_model.h"

static const enum rr_softticks_arch arches[] = {RR_SOFTTICKS_ARCH_X86_64, RR_SOFTTICKS_ARCH_I386,
                                                RR_SOFTTICKS_ARCH_AARCH64};
static const char *const arch_names[] = {"?", "x86_64", "i386", "aarch64"};
#define ARCH_NAME(a) arch_names[(a) <= 3 ? (a) : 0]
#define TWO32 UINT64_C(0x100000000)

static int pending_of(const struct cpu *c) {
  return c->arch == RR_SOFTTICKS_ARCH_I386 && rr_softticks_i386_borrow_pending(c->pc, c->zf);
}

/* Ticks to go as the tracer computes it for a task stopped at c->pc. */
static uint64_t tracer_remaining(const struct cpu *c) {
  return rr_softticks_remaining(c->arch, c->mem, pending_of(c));
}

static struct cpu armed_cpu(enum rr_softticks_arch arch, uint64_t ticks) {
  struct cpu c;
  memset(&c, 0, sizeof c);
  c.arch = arch;
  c.mem = rr_softticks_arm_value(arch, ticks, 0);
  return c;
}

/* ---------------------------------------------------------------------- */

static void test_round_trips(void) {
  static const uint64_t values[] = {1, TWO32 - 1, TWO32, TWO32 + 1, UINT64_C(1) << 62,
                                    RR_SOFTTICKS_MAX_ARM};
  unsigned a, i;
  for (a = 0; a < 3; a++) {
    enum rr_softticks_arch arch = arches[a];
    for (i = 0; i < sizeof values / sizeof values[0]; i++) {
      uint64_t v = values[i], raw = rr_softticks_arm_value(arch, v, 0);
      CHECK(rr_softticks_remaining(arch, raw, 0) == v, "%s: arm/remaining %llu", ARCH_NAME(arch),
            (unsigned long long)v);
      CHECK(rr_softticks_is_armed(raw), "%s: %llu armed", ARCH_NAME(arch),
            (unsigned long long)v);
      if (arch == RR_SOFTTICKS_ARCH_I386) {
        raw = rr_softticks_arm_value(arch, v, 1);
        CHECK(rr_softticks_remaining(arch, raw, 1) == v, "i386 pending: arm/remaining %llu",
              (unsigned long long)v);
      } else {
        CHECK(raw == v, "%s: the raw value is the count", ARCH_NAME(arch));
        CHECK(rr_softticks_arm_value(arch, v, 1) == v, "%s: pending ignored", ARCH_NAME(arch));
      }
    }
    CHECK(rr_softticks_arm_value(arch, 0, 0) == RR_SOFTTICKS_PARKED, "%s: 0 parks",
          ARCH_NAME(arch));
    CHECK(rr_softticks_arm_value(arch, UINT64_C(1) << 63, 0) == RR_SOFTTICKS_PARKED,
          "%s: 2^63 parks", ARCH_NAME(arch));
    CHECK(rr_softticks_arm_value(arch, RR_SOFTTICKS_PARKED, 1) == RR_SOFTTICKS_PARKED,
          "%s: 2^64-1 parks", ARCH_NAME(arch));
  }
  CHECK(RR_SOFTTICKS_PARKED == UINT64_MAX, "parked is 2^64 - 1");
  CHECK(RR_SOFTTICKS_MAX_ARM == (UINT64_C(1) << 63) - 1, "max arm is 2^63 - 1");
  CHECK(!rr_softticks_is_armed(RR_SOFTTICKS_PARKED), "parked is disarmed");
  CHECK(!rr_softticks_is_armed(UINT64_C(1) << 63), "top bit disarms");
  /* i386 words, worked out by hand: lo = n mod 2^32, hi = (n - 1) >> 32. */
  CHECK(rr_softticks_arm_value(RR_SOFTTICKS_ARCH_I386, 1, 0) == 1, "i386 arm 1");
  CHECK(rr_softticks_arm_value(RR_SOFTTICKS_ARCH_I386, TWO32, 0) == 0, "i386 arm 2^32: lo 0");
  CHECK(rr_softticks_arm_value(RR_SOFTTICKS_ARCH_I386, TWO32 + 1, 0) == (TWO32 | 1),
        "i386 arm 2^32+1");
  CHECK(rr_softticks_arm_value(RR_SOFTTICKS_ARCH_I386, 5, 1) == (TWO32 | 5),
        "i386 arm 5 with a borrow pending: hi 1");
  CHECK(rr_softticks_remaining(RR_SOFTTICKS_ARCH_I386, UINT64_C(0xffffffff00000000), 0) == 0,
        "i386 trap state reads 0");
}

/* ---------------------------------------------------------------------- */

/* Arms n, runs ticks until the trap, checking the tracer's view of the
 * ticks to go at every instruction boundary.  Returns the ticks run. */
static uint64_t run_to_trap(enum rr_softticks_arch arch, uint64_t n, uint64_t limit) {
  struct cpu c = armed_cpu(arch, n);
  uint64_t ticks = 0;
  unsigned end = model_size(arch);
  while (!c.trapped && ticks < limit) {
    c.pc = 0;
    while (c.pc != end) {
      uint64_t want = n - c.commits;
      if (tracer_remaining(&c) != want) {
        CHECK(0, "%s arm %llu: after %llu commits at offset %u remaining %llu, expected %llu",
              ARCH_NAME(arch), (unsigned long long)n, (unsigned long long)c.commits, c.pc,
              (unsigned long long)tracer_remaining(&c), (unsigned long long)want);
        return ticks;
      }
      if (model_step(&c) != 0) {
        CHECK(0, "model stuck at %u", c.pc);
        return ticks;
      }
    }
    ticks++;
  }
  CHECK(c.trapped, "%s arm %llu: no trap in %llu ticks", ARCH_NAME(arch), (unsigned long long)n,
        (unsigned long long)limit);
  CHECK(tracer_remaining(&c) == 0, "%s: a trap stop reads 0", ARCH_NAME(arch));
  CHECK(c.commits == n, "%s: %llu commits for %llu", ARCH_NAME(arch),
        (unsigned long long)c.commits, (unsigned long long)n);
  return ticks;
}

static void test_trap_after_n(void) {
  unsigned a;
  uint64_t n;
  for (a = 0; a < 3; a++)
    for (n = 1; n <= 300; n++)
      CHECK(run_to_trap(arches[a], n, n + 10) == n, "%s: trap after exactly %llu ticks",
            ARCH_NAME(arches[a]), (unsigned long long)n);
}

/* i386 across the low word's wrap: arm 2^32 + k, watch the borrow move the
 * count from the high word, and remaining() agree at every step. */
static void test_i386_boundary(void) {
  static const uint64_t starts[] = {TWO32 + 3, 2 * TWO32 + 2, TWO32, TWO32 + 1, 3 * TWO32};
  unsigned i, t;
  for (i = 0; i < sizeof starts / sizeof starts[0]; i++) {
    uint64_t n = starts[i];
    struct cpu c = armed_cpu(RR_SOFTTICKS_ARCH_I386, n);
    int borrowed = 0;
    for (t = 0; t < 8 && !c.trapped; t++) {
      c.pc = 0;
      while (c.pc != 28) {
        CHECK(tracer_remaining(&c) == n - c.commits,
              "i386 arm %llu: offset %u after %llu commits: remaining %llu",
              (unsigned long long)n, c.pc, (unsigned long long)c.commits,
              (unsigned long long)tracer_remaining(&c));
        if (c.pc == 18) borrowed = 1;
        model_step(&c);
      }
    }
    CHECK(!c.trapped, "i386 arm %llu: no early trap", (unsigned long long)n);
    CHECK(borrowed == ((n & 0xffffffff) != 0 && (n & 0xffffffff) <= 8),
          "i386 arm %llu: the borrow ran iff the low word reached 0", (unsigned long long)n);
  }
}

/* The same 64-bit semantics on x86-64 and aarch64 near 2^32. */
static void test_64bit_boundary(void) {
  unsigned a, t;
  for (a = 0; a < 3; a += 2) {
    uint64_t n = TWO32 + 3;
    struct cpu c = armed_cpu(arches[a], n);
    for (t = 0; t < 8; t++) model_tick(&c);
    CHECK(!c.trapped && c.mem == n - 8 && c.commits == 8, "%s: 8 ticks from 2^32+3",
          ARCH_NAME(arches[a]));
  }
}

/* i386, a task stopped with the borrow pending (a breakpoint or single-step
 * in replay, not moved): arming it with pending=1 traps after exactly m
 * more ticks. */
static void test_i386_pending_arm(void) {
  static const uint64_t ms[] = {1, 2, 3, 7, 64};
  unsigned stop, i;
  for (stop = 0; stop < 2; stop++) {
    unsigned at = stop == 0 ? 16 : 18;
    for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
      uint64_t m = ms[i], before, t;
      /* Low word 1: this tick brings it to 0 and borrows. */
      struct cpu c = armed_cpu(RR_SOFTTICKS_ARCH_I386, TWO32 + 1 + 2 * TWO32);
      while (c.pc != at) model_step(&c);
      CHECK(pending_of(&c), "i386: pending at %u", at);
      CHECK(tracer_remaining(&c) == 2 * TWO32 + TWO32, "i386 pending remaining %llu",
            (unsigned long long)tracer_remaining(&c));
      c.mem = rr_softticks_arm_value(RR_SOFTTICKS_ARCH_I386, m, 1);
      CHECK(tracer_remaining(&c) == m, "i386: armed %llu with a borrow pending reads %llu",
            (unsigned long long)m, (unsigned long long)tracer_remaining(&c));
      before = c.commits;
      model_finish(&c);
      CHECK(!c.trapped, "i386: no trap on finishing the stopped tick");
      CHECK(tracer_remaining(&c) == m, "i386: after the borrow %llu to go",
            (unsigned long long)tracer_remaining(&c));
      for (t = 0; t < m + 5 && !c.trapped; t++) model_tick(&c);
      CHECK(c.trapped && c.commits - before == m, "i386: armed %llu at a pending borrow (%u), "
            "trapped after %llu", (unsigned long long)m, at,
            (unsigned long long)(c.commits - before));
    }
  }
  /* ZF clear at 16: no borrow pending. */
  {
    struct cpu c = armed_cpu(RR_SOFTTICKS_ARCH_I386, 10);
    while (c.pc != 16) model_step(&c);
    CHECK(!pending_of(&c), "i386: no borrow pending at 16 with ZF clear");
    CHECK(tracer_remaining(&c) == 9, "i386: 9 to go");
  }
}

/* aarch64, a task stopped between the ldr and the str and not moved (a
 * replay breakpoint): after arming m, x17 must be set as if the ldr had
 * loaded m (less the sub's 1 once it ran, at 16); then it traps after
 * exactly m more ticks.  Without that fix-up the str would store the old
 * count. */
static void test_aarch64_in_place_arm(void) {
  {
    /* Outside the ldr..str window the helper leaves x17 alone. */
    static const unsigned others[] = {0, 4, 20, 24, 28};
    unsigned k;
    for (k = 0; k < 5; k++) {
      int set_x17 = 1;
      (void)rr_softticks_aarch64_rearm_x17(others[k], 5, &set_x17);
      CHECK(!set_x17, "aarch64 %u: rearm helper must not touch x17", others[k]);
    }
  }
  static const unsigned stops[] = {8, 12, 16};
  static const uint64_t ms[] = {1, 2, 5, 100};
  unsigned s, i;
  for (s = 0; s < 3; s++)
    for (i = 0; i < sizeof ms / sizeof ms[0]; i++) {
      uint64_t m = ms[i], before, t;
      struct cpu c = armed_cpu(RR_SOFTTICKS_ARCH_AARCH64, 1000);
      model_tick(&c);
      c.pc = 0;
      while (c.pc != stops[s]) model_step(&c);
      CHECK(rr_softticks_stop_action(c.arch, c.pc, (int)(c.x17 >> 63)) ==
                RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END,
            "aarch64 %u: a recorder would complete this tick", c.pc);
      before = c.commits;
      c.mem = rr_softticks_arm_value(c.arch, m, 0);
      {
        int set_x17 = 0;
        uint64_t x17 = rr_softticks_aarch64_rearm_x17(c.pc, c.mem, &set_x17);
        CHECK(set_x17, "aarch64 %u: rearm helper must set x17", c.pc);
        CHECK(x17 == (stops[s] == 16 ? c.mem - 1 : c.mem), "aarch64 %u: rearm helper value", c.pc);
        if (set_x17) c.x17 = x17;
      }
      model_finish(&c);
      for (t = 0; t < m + 3 && !c.trapped; t++) model_tick(&c);
      CHECK(c.trapped && c.commits - before == m,
            "aarch64: armed %llu in place at %u: trapped %d after %llu", (unsigned long long)m,
            stops[s], c.trapped, (unsigned long long)(c.commits - before));
      /* And without the fix-up the count is wrong: the test can tell. */
      {
        struct cpu d = armed_cpu(RR_SOFTTICKS_ARCH_AARCH64, 1000);
        model_tick(&d);
        d.pc = 0;
        while (d.pc != stops[s]) model_step(&d);
        before = d.commits;
        d.mem = rr_softticks_arm_value(d.arch, m, 0);
        model_finish(&d);
        for (t = 0; t < m + 3 && !d.trapped; t++) model_tick(&d);
        CHECK(!(d.trapped && d.commits - before == m), "aarch64: stale x17 went unnoticed");
      }
    }
}

/* ---------------------------------------------------------------------- */

/* Disarmed countdowns: never written, never trap; 0 wraps to parked. */
static void test_disarmed(void) {
  static const uint64_t disarmed[] = {RR_SOFTTICKS_PARKED, UINT64_C(1) << 63,
                                      (UINT64_C(1) << 63) + 5, UINT64_C(0xffffffff00000000)};
  unsigned a, i, t;
  for (a = 0; a < 3; a++) {
    for (i = 0; i < sizeof disarmed / sizeof disarmed[0]; i++) {
      struct cpu c;
      memset(&c, 0, sizeof c);
      c.arch = arches[a];
      c.mem = disarmed[i];
      for (t = 0; t < 100; t++) model_tick(&c);
      CHECK(c.mem == disarmed[i] && !c.trapped && c.commits == 0, "%s: %llx stays disarmed",
            ARCH_NAME(arches[a]), (unsigned long long)disarmed[i]);
      CHECK(c.x17 == 0, "%s: x17 cleared", ARCH_NAME(arches[a]));
    }
  }
  for (a = 0; a < 3; a += 2) { /* a zero-filled page on x86-64 and aarch64 */
    struct cpu c;
    memset(&c, 0, sizeof c);
    c.arch = arches[a];
    model_tick(&c);
    CHECK(c.mem == RR_SOFTTICKS_PARKED && !c.trapped, "%s: 0 wraps to parked",
          ARCH_NAME(arches[a]));
    for (t = 0; t < 10; t++) model_tick(&c);
    CHECK(c.mem == RR_SOFTTICKS_PARKED && c.commits == 1 && !c.trapped,
          "%s: then stays disarmed", ARCH_NAME(arches[a]));
  }
  { /* i386: a zero page would mean 2^32 armed ticks; the initializer writes all ones */
    struct cpu c;
    memset(&c, 0, sizeof c);
    c.arch = RR_SOFTTICKS_ARCH_I386;
    CHECK(rr_softticks_is_armed(c.mem), "i386 zero page is armed");
    CHECK(rr_softticks_remaining(c.arch, 0, 0) == TWO32, "i386 zero page: 2^32 to go");
  }
}

/* ---------------------------------------------------------------------- */

/* The stop-action table, as the ABI lists it. */
static void test_stop_action_table(void) {
  unsigned a, off;
  for (a = 0; a < 3; a++) {
    enum rr_softticks_arch arch = arches[a];
    unsigned size = model_size(arch);
    for (off = 0; off <= size + 4; off++) {
      enum rr_softticks_stop_action want = RR_SOFTTICKS_STOP_KEEP, want_top = RR_SOFTTICKS_STOP_KEEP;
      if (arch == RR_SOFTTICKS_ARCH_X86_64 && (off == 18 || off == 20))
        want = want_top = RR_SOFTTICKS_STOP_MOVE_TO_END;
      if (arch == RR_SOFTTICKS_ARCH_I386 && (off == 16 || off == 18 || off == 25 || off == 27))
        want = want_top = RR_SOFTTICKS_STOP_MOVE_TO_END;
      if (arch == RR_SOFTTICKS_ARCH_AARCH64) {
        if (off == 8 || off == 12 || off == 16) want = RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END;
        if (off == 20 || off == 24 || off == 28) want = want_top = RR_SOFTTICKS_STOP_MOVE_TO_END;
      }
      CHECK(rr_softticks_stop_action(arch, off, 0) == want, "%s offset %u: action %d, want %d",
            ARCH_NAME(arch), off, (int)rr_softticks_stop_action(arch, off, 0), (int)want);
      CHECK(rr_softticks_stop_action(arch, off, 1) == want_top,
            "%s offset %u, x17 top bit set: action %d, want %d", ARCH_NAME(arch), off,
            (int)rr_softticks_stop_action(arch, off, 1), (int)want_top);
    }
  }
  /* i386 pending borrow: at 16 with ZF set, at 18; nowhere else. */
  for (off = 0; off <= 28; off++) {
    CHECK(rr_softticks_i386_borrow_pending(off, 1) == (off == 16 || off == 18),
          "i386 pending at %u, ZF set", off);
    CHECK(rr_softticks_i386_borrow_pending(off, 0) == (off == 18), "i386 pending at %u, ZF clear",
          off);
  }
}

/* What a recorder does at a stop anywhere in a tick: read the ticks to go,
 * apply the stop action, re-arm with what is left.  The task must then trap
 * after exactly n ticks in all, and leave x17 at 0 at the end.  Checked for
 * every instruction boundary of every tick of a run of n. */
static void test_stop_action_model(void) {
  unsigned a;
  uint64_t n;
  for (a = 0; a < 3; a++) {
    enum rr_softticks_arch arch = arches[a];
    unsigned end = model_size(arch);
    for (n = 1; n <= 4; n++) {
      unsigned stop_index, boundaries = 0;
      /* Count the boundaries of a plain run. */
      {
        struct cpu c = armed_cpu(arch, n);
        while (!c.trapped) {
          c.pc = 0;
          while (c.pc != end) {
            boundaries++;
            model_step(&c);
          }
        }
      }
      for (stop_index = 0; stop_index < boundaries; stop_index++) {
        struct cpu c = armed_cpu(arch, n);
        unsigned seen = 0, t;
        uint64_t left;
        int moved = 0;
        enum rr_softticks_stop_action action = RR_SOFTTICKS_STOP_KEEP;
        c.pc = 0;
        for (;;) { /* run to the stop */
          if (c.pc == end) c.pc = 0;
          if (seen++ == stop_index) break;
          model_step(&c);
        }
        left = tracer_remaining(&c);
        action = rr_softticks_stop_action(arch, c.pc, (int)(c.x17 >> 63));
        if (action == RR_SOFTTICKS_STOP_COMMIT_AND_MOVE_TO_END) {
          left -= 1; /* the recorder counts the tick the sequence would commit */
          c.commits += 1;
        }
        if (action != RR_SOFTTICKS_STOP_KEEP) {
          c.pc = end;
          if (arch == RR_SOFTTICKS_ARCH_AARCH64) c.x17 = 0;
          moved = 1;
        }
        if (left == 0) {
          /* The target is reached here: the stop stands for the trap. */
          CHECK(c.commits == n, "%s n=%llu stop %u (offset %u): reached with %llu commits",
                ARCH_NAME(arch), (unsigned long long)n, stop_index, c.pc,
                (unsigned long long)c.commits);
          continue;
        }
        c.mem = rr_softticks_arm_value(arch, left, pending_of(&c));
        model_finish(&c);
        for (t = 0; t < n + 3 && !c.trapped; t++) model_tick(&c);
        CHECK(c.trapped && c.commits == n,
              "%s n=%llu stop %u: action %d (moved %d): trapped %d after %llu commits",
              ARCH_NAME(arch), (unsigned long long)n, stop_index, (int)action, moved, c.trapped,
              (unsigned long long)c.commits);
        CHECK(c.x17 == 0, "%s: x17 is 0 at the end", ARCH_NAME(arch));
      }
    }
  }
}

/* ---------------------------------------------------------------------- */

static void test_is_tick_trap(void) {
  unsigned a;
  size_t i;
  for (a = 0; a < 3; a++) {
    enum rr_softticks_arch arch = arches[a];
    size_t size, n = rr_softticks_trap_window_before(arch) + rr_softticks_trap_window_after(arch);
    const unsigned char *seq = rr_softticks_sequence_bytes(arch, &size);
    unsigned char window[64];
    static const unsigned char flips[] = {0x01, 0x10, 0x80, 0xff};
    unsigned f;
    CHECK(n <= size && n == rr_softticks_bytes_through_trap(arch), "%s window size %zu",
          ARCH_NAME(arch), n);
    memcpy(window, seq, n);
    CHECK(rr_softticks_is_tick_trap(arch, window), "%s: the exact window is a trap",
          ARCH_NAME(arch));
    for (i = 0; i < n; i++)
      for (f = 0; f < sizeof flips; f++) {
        window[i] ^= flips[f];
        CHECK(!rr_softticks_is_tick_trap(arch, window), "%s: byte %zu ^ %02x still a trap",
              ARCH_NAME(arch), i, flips[f]);
        window[i] ^= flips[f];
      }
    CHECK(!rr_softticks_is_tick_trap(arch, NULL), "%s: NULL window", ARCH_NAME(arch));
  }
  {
    unsigned char window[64] = {0};
    CHECK(!rr_softticks_is_tick_trap((enum rr_softticks_arch)9, window), "unknown arch");
  }
}

/* ---------------------------------------------------------------------- */

/* Every one of 2^32 + 3 i386 ticks, simulated instruction by instruction
 * with the model's i386_step: the trap comes on the last. */
static void test_i386_full_run(void) {
  uint64_t n = TWO32 + 3, ticks = 0;
  struct cpu c = armed_cpu(RR_SOFTTICKS_ARCH_I386, n);
  while (!c.trapped) {
    c.pc = 0;
    while (c.pc != RR_SOFTTICKS_I386_TICK_SIZE) i386_step(&c);
    ticks++;
    if (ticks == 3 || ticks == n - 1)
      CHECK(tracer_remaining(&c) == n - ticks, "i386 full run: %llu to go after %llu",
            (unsigned long long)tracer_remaining(&c), (unsigned long long)ticks);
  }
  CHECK(ticks == n && c.commits == n, "i386 full run: trapped after %llu ticks, armed %llu",
        (unsigned long long)ticks, (unsigned long long)n);
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--full") == 0) {
    test_i386_full_run();
    return check_report("test_tracer_helpers --full");
  }
  test_round_trips();
  test_trap_after_n();
  test_i386_boundary();
  test_64bit_boundary();
  test_i386_pending_arm();
  test_aarch64_in_place_arm();
  test_disarmed();
  test_stop_action_table();
  test_stop_action_model();
  test_is_tick_trap();
  return check_report("test_tracer_helpers");
}
