#!/usr/bin/env bash
# packaging/build-debs.sh on a build tree that was configured and never
# built, as docker/build-rootfs.sh and docker/Dockerfile use it from a
# fresh clone (issue 30: `file INSTALL cannot find .../asm/softticks-as`,
# because the image scripts built a hand-kept list of targets that lacked
# softticks-as): the packages must come out, and every file their install
# components install (the install manifests cmake --install writes) must
# be in them.  No root filesystem is built.
# Usage: check_fresh_build.sh SRC   (ST_WORK: scratch directory; exit 77: skip)
src=$1
# shellcheck source-path=SCRIPTDIR source=../support/scratch.sh
. "$src/tests/support/scratch.sh"

for tool in dpkg-deb dpkg-shlibdeps dpkg-query python3; do
  command -v "$tool" >/dev/null || { echo "SKIP: $tool not installed (dpkg-dev, python3)"; exit 77; }
done
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

# The configure docker/build-rootfs.sh runs when the build tree is missing.
cmake -S "$src" -B fresh "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo >configure.log 2>&1 ||
  fail "cmake configure failed: $(tail -n 20 configure.log)"
[ -z "$(find fresh -name '*.so' -print -quit)" ] || fail "a fresh configure already built $(find fresh -name '*.so')"
# shellcheck source=/dev/null
. fresh/packaging/build-info.sh

export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2}
"$src/packaging/build-debs.sh" fresh debs >build-debs.out 2>build-debs.err ||
  fail "build-debs.sh on a configured, unbuilt tree failed: $(tail -n 30 build-debs.err)"

# The packages this tree can make (build-debs.sh skips a part the build
# lacks), each with its install component (packaging/README.md).
declare -A component=([librrsoftticks-dev]=rrsoftticks [softticks-tools]=tools)
[ -z "$SOFTTICKS_GCC_PLUGIN_DIR" ] || component[softticks-gcc-plugin]=gcc-plugin
[ -z "$SOFTTICKS_LLVM_MAJOR" ] || component[softticks-llvm-plugin]=llvm-plugin-$SOFTTICKS_LLVM_MAJOR
for e in ${SOFTTICKS_LLVM_EXTRA_MAJORS:-}; do component[softticks-llvm-plugin-$e]=llvm-plugin-$e; done
[ "$(find debs -name '*.deb' | wc -l)" -eq ${#component[@]} ] ||
  fail "expected ${#component[@]} packages (${!component[*]}), got: $(ls debs)"

# Every path cmake --install installed for a package's component (the
# manifest it writes into the build tree, install_manifest_COMPONENT.txt)
# is in that package.
checked=0
for p in "${!component[@]}"; do
  deb=$(find debs -name "${p}_*.deb")
  [ -n "$deb" ] || fail "no $p package in debs/: $(ls debs)"
  dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./||; s|/$||' | sort -u >"$p.contents"
  manifest=fresh/install_manifest_${component[$p]}.txt
  [ -s "$manifest" ] || fail "$p: no install manifest $manifest: component ${component[$p]} installed nothing"
  sed 's|^/||' "$manifest" | sort -u >"$p.installed"
  missing=$(comm -23 "$p.installed" "$p.contents")
  [ -z "$missing" ] || fail "$p: installed but not in the package: $missing"
  checked=$((checked + $(wc -l <"$p.installed")))
  echo "ok: $p: the $(wc -l <"$p.installed") files of component ${component[$p]}, all in $(basename "$deb")"
done
echo "PASS: ${#component[@]} packages from a configured, unbuilt tree ($checked files)"
