#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The guest kernel: the versioned package linux-image-amd64 depends on
# (e.g. linux-image-6.1.0-57-amd64).  One place for guest-images/build.sh,
# scripts/build-module.sh and scripts/install-deps.sh.
# Usage: scripts/guest-kernel.sh          prints the package name
#        scripts/guest-kernel.sh --kver   prints the kernel version
#                                         (6.1.0-57-amd64)
# Runs `apt-get update` once if the package lists do not know it yet.
set -euo pipefail
resolve() {
  apt-cache show linux-image-amd64 2>/dev/null |
    sed -n 's/^Depends: *\(linux-image-[^ ,]*\).*/\1/p' | head -n 1
}
kpkg=$(resolve)
if [ -z "$kpkg" ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq >&2 || true
  kpkg=$(resolve)
fi
[ -n "$kpkg" ] || { echo "guest-kernel.sh: cannot resolve the dependency of linux-image-amd64" >&2; exit 1; }
case "${1:-}" in
  --kver) echo "${kpkg#linux-image-}" ;;
  "") echo "$kpkg" ;;
  *) echo "guest-kernel.sh: unknown argument '$1'" >&2; exit 2 ;;
esac
