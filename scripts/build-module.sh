#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Build e1klab.ko (the e1000 driver core) and e1klab_ixgbe.ko (the 82598EB
# driver core), each with the driver/linux glue (docs/linux-module.md), for
# the guest kernel, outside the source tree, and print their paths.
#   - kernel version: scripts/guest-kernel.sh --kver (as guest-images/build.sh),
#     or KVER=... to build for another installed kernel;
#   - headers: linux-headers-KVER, installed by scripts/install-deps.sh
#     kheaders when /lib/modules/KVER/build is missing;
#   - build directory: MODULE_BUILD (default <repo>/qemu-build/module),
#     holding links to the sources; Kbuild's own dependency tracking makes
#     a second run a no-op.
# Output on stdout: the paths of e1klab.ko and e1klab_ixgbe.ko, one per
# line; the kernel build's log is
# BUILDDIR/build.log (its tail is shown on failure).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "build-module.sh: error: $*" >&2; exit 1; }

kver=${KVER:-$("$top/scripts/guest-kernel.sh" --kver)} || die "no guest kernel version"
if [ ! -e "/lib/modules/$kver/build/Makefile" ]; then
  KVER=$kver "$top/scripts/install-deps.sh" kheaders || die "installing linux-headers-$kver failed"
fi
[ -e "/lib/modules/$kver/build/Makefile" ] || die "/lib/modules/$kver/build: no kernel headers"

B=${MODULE_BUILD:-$top/qemu-build/module}
mkdir -p "$B"
# Links to the sources: the cores unchanged, the glue, the Kbuild file.
find "$B" -maxdepth 1 -type l -delete
for f in "$top"/driver/e1000_*.c "$top"/driver/ixgbe_*.c "$top"/driver/linux/*.c "$top"/driver/linux/Kbuild; do
  ln -s "$f" "$B/$(basename "$f")"
done
if ! make -C "/lib/modules/$kver/build" M="$B" E1K_TOP="$top" modules \
     >"$B/build.log" 2>&1; then
  tail -n 30 "$B/build.log" >&2
  die "kernel module build failed (log: $B/build.log)"
fi
grep -E 'warning:|error:' "$B/build.log" >&2 || true
for m in e1klab e1klab_ixgbe; do
  [ -f "$B/$m.ko" ] || die "$B/$m.ko was not produced"
done
echo "$B/e1klab.ko"
echo "$B/e1klab_ixgbe.ko"
