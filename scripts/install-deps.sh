#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Install the Debian 12 packages e1klab needs, only those that are missing.
# Usage: scripts/install-deps.sh [build|test|qemu|kheaders]...   (default: build)
#   kheaders: linux-headers of the guest kernel (KVER=..., default
#   scripts/guest-kernel.sh --kver), for scripts/build-module.sh
# Needs root (or sudo) when something is missing.
set -euo pipefail

build_pkgs=(build-essential pkg-config meson ninja-build python3
            libglib2.0-dev libpcap-dev libjson-glib-dev gnuplot-nox)
test_pkgs=(clang libclang-rt-14-dev valgrind)
qemu_pkgs=(libslirp-dev libpixman-1-dev python3-venv flex bison zlib1g-dev
           dpkg-dev seabios qemu-system-data busybox-static cpio gzip
           xz-utils libfdt-dev)

want=()
[ $# -eq 0 ] && set -- build
for group in "$@"; do
  case "$group" in
    build) want+=("${build_pkgs[@]}") ;;
    test)  want+=("${build_pkgs[@]}" "${test_pkgs[@]}") ;;
    qemu)  want+=("${qemu_pkgs[@]}") ;;
    kheaders) want+=("linux-headers-${KVER:-$("$(dirname "$0")/guest-kernel.sh" --kver)}" make gcc) ;;
    *) echo "install-deps.sh: unknown group '$group' (build, test, qemu, kheaders)" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
