# Cap'n Proto schema for what softticks records about itself.
#
# SoftwareTicksRecording: what a tracer stores about a recording made with
# software ticks, so that replay (and anyone debugging the trace) knows the
# contract it was made under.
#
# ModuleManifest: what the compiler plugins stamp into each instrumented
# module, in the note section ".note.softticks.manifest" (note name
# "softticks", type 1, descriptor = one unpacked single-segment message).
# It never goes into ".note.rrsoftticks", which holds only the ABI's
# 20-byte note.
@0xde608ca51e4d6c14;

enum Arch {
  unknown @0;
  x8664 @1;
  i386 @2;
  aarch64 @3;
}

struct SoftwareTicksRecording {
  abiVersion @0 :UInt32;        # RR_SOFTTICKS_ABI_VERSION of the recorded program
  arch @1 :Arch;
  countdownAddress @2 :UInt64;  # 0x70001800 on x86, 0x70010800 on aarch64
}

# Wire layout (what `capnp compile -ocapnp` reports, and what
# common/manifest.c writes and reads by hand; see abi/ABI.md section 7):
# data section 2 words -- abiVersion bits [0, 32), arch bits [32, 48),
# placementRulesVersion bits [64, 96); pointer section 3 words -- compiler,
# compilerVersion, pluginVersion.  Field numbers never change; new fields
# are only appended, and readers take missing ones as their defaults.
struct ModuleManifest {
  abiVersion @0 :UInt32;
  arch @1 :Arch;                # the target the unit was compiled for
  compiler @2 :Text;            # "gcc" or "clang"
  compilerVersion @3 :Text;     # e.g. "12.2.0"
  pluginVersion @4 :Text;       # softticks version, e.g. "0.1.0"
  placementRulesVersion @5 :UInt32;  # ST_PLACEMENT_RULES_VERSION
}
