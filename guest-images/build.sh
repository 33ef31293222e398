#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Build the e1klab Linux guest from Debian packages only:
#   - the kernel of linux-image-amd64 (its versioned dependency, e.g.
#     linux-image-6.1.0-57-amd64), fetched with apt-get download;
#   - an initramfs of busybox-static + guest-images/init (+ its
#     irq-affinity.sh) + the e1000.ko of
#     that kernel + e1klab.ko (driver/ as a Linux module, built for that
#     kernel by scripts/build-module.sh; docs/linux-module.md) + Debian's
#     ethtool with its libraries (+ an optional extra driver module);
#   - for the conformance suite (e1klab.mode=conform): conform.sh, the
#     e1kpkt frame tool (e1kpkt.c, built static here) and the kernel's
#     8021q.ko (with llc, stp, garp, mrp) and pktgen.ko;
#   - for the 82598EB (-device e1klab-82598eb): initrd-ixgbe.gz, the same
#     initrd.gz followed by a second archive with the kernel's ixgbe.ko,
#     the modules it depends on (read from each module's .modinfo),
#     guest-images/ixgbe-init and ixgbe-diag.sh, and e1klab_ixgbe.ko (our
#     82598EB driver, built with e1klab.ko); boot it with
#     rdinit=/lib/e1klab/ixgbe-init for Linux's ixgbe, or with the usual
#     init and e1klab.driver=e1klab_ixgbe for ours.  initrd.gz itself, and
#     so every run of the e1000 devices, does not carry the 82598EB.
#
# Usage: guest-images/build.sh [--ko FILE.ko] [--no-e1klab] [--print]
#   --ko FILE   also put FILE into the image as /lib/e1klab/NAME.ko; boot it
#               with e1klab.driver=NAME on the kernel command line (it must
#               be built for the same kernel version, see docs/full-system.md)
#   --no-e1klab do not build and include /lib/e1klab/e1klab.ko and
#               e1klab_ixgbe.ko
#   --print     print "KERNEL INITRD" paths on stdout at the end
#   GUEST_BUILD=DIR  output/cache dir (default <repo>/qemu-build/guest)
#
# Cached: the downloaded .deb, the unpacked kernel and the image are reused
# while the inputs (package version, init, this script, busybox, --ko) are
# unchanged.  Outputs: $GUEST_BUILD/vmlinuz, $GUEST_BUILD/initrd.gz,
# $GUEST_BUILD/initrd-ixgbe.gz.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
G=${GUEST_BUILD:-$top/qemu-build/guest}
extra_ko=""
print=0
with_e1klab=1
while [ $# -gt 0 ]; do
  case "$1" in
    --ko) extra_ko=$(realpath "$2"); shift 2 ;;
    --no-e1klab) with_e1klab=0; shift ;;
    --print) print=1; shift ;;
    *) echo "guest-images/build.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
die() { echo "guest-images/build.sh: error: $*" >&2; exit 1; }
[ -z "$extra_ko" ] || [ -f "$extra_ko" ] || die "$extra_ko: no such file"

"$top/scripts/install-deps.sh" build qemu || die "installing packages failed"
mkdir -p "$G/debs"

# ------------------------------------------------------------ kernel
kpkg=$("$top/scripts/guest-kernel.sh") || die "cannot resolve the guest kernel"
deb=$(ls "$G"/debs/"${kpkg}"_*.deb 2>/dev/null | head -n 1 || true)
if [ -z "$deb" ]; then
  echo "guest-images/build.sh: downloading $kpkg" >&2
  (cd "$G/debs" && apt-get download -qq "$kpkg") || die "apt-get download $kpkg failed"
  deb=$(ls "$G"/debs/"${kpkg}"_*.deb | head -n 1)
fi
K=$G/kernel
if [ ! -f "$K/.from" ] || [ "$(cat "$K/.from")" != "$(basename "$deb")" ]; then
  rm -rf "$K"; mkdir -p "$K"
  dpkg-deb -x "$deb" "$K" || die "dpkg-deb -x $deb failed"
  basename "$deb" > "$K/.from"
fi
vmlinuz=$(ls "$K"/boot/vmlinuz-* | head -n 1)
kver=${vmlinuz##*/vmlinuz-}
ko=$(find "$K/lib/modules/$kver" -path '*/intel/e1000/e1000.ko*' | head -n 1)
[ -n "$ko" ] || die "e1000.ko not found in $deb"

# ------------------------------------------------------------ e1klab.ko, e1klab_ixgbe.ko
# Built for the same kernel (scripts/guest-kernel.sh), debug info stripped
# as Debian ships its modules.
e1klab_ko=""
e1klab_ixgbe_ko=""
if [ "$with_e1klab" = 1 ]; then
  built=$(KVER=$kver "$top/scripts/build-module.sh") || die "building e1klab.ko failed"
  for b in $built; do
    s=$G/${b##*/}
    strip --strip-debug -o "$s.tmp" "$b" && mv "$s.tmp" "$s" || die "strip $b failed"
  done
  e1klab_ko=$G/e1klab.ko
  e1klab_ixgbe_ko=$G/e1klab_ixgbe.ko
fi

# ------------------------------------------------------------ ethtool
# busybox has no ethtool: Debian's, with the libraries it links (same
# release as the kernel; the .debs are cached in $G/debs).
E=$G/ethtool-root
edebs=""
for p in ethtool libmnl0 libc6; do
  d=$(ls "$G"/debs/"${p}"_*.deb 2>/dev/null | head -n 1 || true)
  if [ -z "$d" ]; then
    (cd "$G/debs" && apt-get download -qq "$p") || die "apt-get download $p failed"
    d=$(ls "$G"/debs/"${p}"_*.deb | head -n 1)
  fi
  edebs="$edebs $d"
done
if [ ! -f "$E/.from" ] || [ "$(cat "$E/.from")" != "$(basename -a $edebs | tr '\n' ' ')" ]; then
  rm -rf "$E"; mkdir -p "$E"
  for d in $edebs; do dpkg-deb -x "$d" "$E" || die "dpkg-deb -x $d failed"; done
  basename -a $edebs | tr '\n' ' ' > "$E/.from"
fi

# ------------------------------------------------------------ e1kpkt
# The conformance suite's frame tool, static (the image has no libc but
# the one ethtool brings).
e1kpkt=$G/e1kpkt
if [ ! -x "$e1kpkt" ] || [ "$top/guest-images/e1kpkt.c" -nt "$e1kpkt" ]; then
  gcc -static -O2 -Wall -o "$e1kpkt.tmp" "$top/guest-images/e1kpkt.c" &&
    mv "$e1kpkt.tmp" "$e1kpkt" || die "building e1kpkt failed"
fi
# The kernel modules it loads: VLAN (8021q and what it needs) and pktgen.
conform_kos="net/llc/llc net/802/stp net/802/garp net/802/mrp net/8021q/8021q net/core/pktgen"

# ------------------------------------------------------------ initramfs
bb=$(command -v busybox || true)
[ -x /bin/busybox ] && bb=/bin/busybox
[ -n "$bb" ] || die "busybox (busybox-static) not installed"
file "$bb" 2>/dev/null | grep -q 'dynamically linked' && \
  die "$bb is dynamically linked; install busybox-static"
key=$( { cat "$0" "$top/guest-images/init" "$top/guest-images/irq-affinity.sh" \
           "$top/guest-images/conform.sh";
         sha256sum "$e1kpkt"; basename "$deb"; sha256sum "$bb";
         cat "$E/.from"; [ -n "$e1klab_ko" ] && sha256sum "$e1klab_ko";
         [ -n "$extra_ko" ] && sha256sum "$extra_ko"; true; } | sha256sum | cut -d' ' -f1)
if [ -f "$G/initrd.gz" ] && [ -f "$G/initrd.key" ] && [ "$(cat "$G/initrd.key")" = "$key" ]; then
  :
else
  R=$G/root
  rm -rf "$R"; mkdir -p "$R"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,lib/e1klab,run,var}
  cp "$bb" "$R/bin/busybox"
  for a in $("$R/bin/busybox" --list); do
    [ "$a" = busybox ] || ln -sf busybox "$R/bin/$a"
  done
  case "$ko" in
    *.ko.xz) xz -dc "$ko" > "$R/lib/e1klab/e1000.ko" ;;
    *.ko.zst) die "zstd-compressed modules are not supported" ;;
    *) cp "$ko" "$R/lib/e1klab/e1000.ko" ;;
  esac
  # qemu_fw_cfg: how a guest restored from a snapshot reads its scenario
  fwko=$(find "$K/lib/modules/$kver" -name 'qemu_fw_cfg.ko*' | head -n 1)
  case "$fwko" in
    *.ko.xz) xz -dc "$fwko" > "$R/lib/e1klab/qemu_fw_cfg.ko" ;;
    *.ko) cp "$fwko" "$R/lib/e1klab/qemu_fw_cfg.ko" ;;
    *) die "qemu_fw_cfg.ko (uncompressed or .xz) not found in $deb" ;;
  esac
  [ -n "$e1klab_ko" ] && cp "$e1klab_ko" "$R/lib/e1klab/e1klab.ko"
  for m in $conform_kos; do
    f=$(find "$K/lib/modules/$kver/kernel/$m.ko"* | head -n 1)
    case "$f" in
      *.ko.xz) xz -dc "$f" > "$R/lib/e1klab/${m##*/}.ko" ;;
      *.ko) cp "$f" "$R/lib/e1klab/${m##*/}.ko" ;;
      *) die "$m.ko not found in $deb" ;;
    esac
  done
  install -m 0755 "$top/guest-images/conform.sh" "$R/lib/e1klab/conform.sh"
  install -m 0755 "$e1kpkt" "$R/usr/bin/e1kpkt"
  mkdir -p "$R/lib/x86_64-linux-gnu" "$R/lib64"
  cp "$E/sbin/ethtool" "$R/usr/sbin/ethtool"
  cp -L "$E"/usr/lib/x86_64-linux-gnu/libmnl.so.0 "$E"/lib/x86_64-linux-gnu/libc.so.6 "$E"/lib/x86_64-linux-gnu/libm.so.6 \
    "$E"/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$R/lib/x86_64-linux-gnu/" ||
    die "ethtool libraries missing in $E"
  ln -sf /lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 "$R/lib64/ld-linux-x86-64.so.2"
  if [ -n "$extra_ko" ]; then
    cp "$extra_ko" "$R/lib/e1klab/$(basename "$extra_ko")"
  fi
  install -m 0755 "$top/guest-images/init" "$R/init"
  install -m 0644 "$top/guest-images/irq-affinity.sh" "$R/lib/e1klab/irq-affinity.sh"
  echo "$kver" > "$R/etc/e1klab-kernel"
  # Reproducible archive: fixed order, owner and timestamps.
  find "$R" -exec touch -h -d @0 {} +
  (cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -n -9) \
    > "$G/initrd.gz.tmp" || die "packing the initramfs failed"
  mv "$G/initrd.gz.tmp" "$G/initrd.gz"
  echo "$key" > "$G/initrd.key"
fi

# ------------------------------------------------------------ initrd-ixgbe
# ko_path NAME: the module NAME (- and _ alike) of the guest kernel.
ko_path() {
  find "$K/lib/modules/$kver/kernel" \( -name "$1.ko" -o -name "$1.ko.xz" \
    -o -name "$(echo "$1" | tr _ -).ko" -o -name "$(echo "$1" | tr - _).ko" \) | head -n 1
}
# ko_depends FILE: the modules FILE needs (its .modinfo "depends=").
ko_depends() {
  case "$1" in
    *.xz) xz -dc "$1" > "$G/modinfo.tmp.ko" ;;
    *) cp "$1" "$G/modinfo.tmp.ko" ;;
  esac
  objcopy -O binary --only-section=.modinfo "$G/modinfo.tmp.ko" "$G/modinfo.tmp" ||
    die "objcopy .modinfo of $1 failed"
  tr '\0' '\n' < "$G/modinfo.tmp" | sed -n 's/^depends=//p' | tr ',' ' '
  rm -f "$G/modinfo.tmp" "$G/modinfo.tmp.ko"
}
# ko_order NAME: NAME's dependencies first (depth first), then NAME, once each.
ko_seen=" "
ko_order() {
  local f d
  case "$ko_seen" in *" $1 "*) return ;; esac
  f=$(ko_path "$1"); [ -n "$f" ] || die "module $1 not found in $deb"
  for d in $(ko_depends "$f"); do ko_order "$d"; done
  ko_seen="$ko_seen$1 "
  echo "$1"
}
ixgbe_mods=$(ko_order ixgbe)
ikey=$( { cat "$G/initrd.key" "$top/guest-images/ixgbe-init" "$top/guest-images/ixgbe-diag.sh";
          echo "$ixgbe_mods"; [ -n "$e1klab_ixgbe_ko" ] && sha256sum "$e1klab_ixgbe_ko"; true; } |
        sha256sum | cut -d' ' -f1)
if [ ! -f "$G/initrd-ixgbe.gz" ] || [ "$(cat "$G/initrd-ixgbe.key" 2>/dev/null)" != "$ikey" ]; then
  R=$G/root-ixgbe
  rm -rf "$R"; mkdir -p "$R/lib/e1klab"
  for m in $ixgbe_mods; do
    f=$(ko_path "$m")
    case "$f" in
      *.ko.xz) xz -dc "$f" > "$R/lib/e1klab/$m.ko" ;;
      *) cp "$f" "$R/lib/e1klab/$m.ko" ;;
    esac
  done
  echo "$ixgbe_mods" > "$R/lib/e1klab/ixgbe.order"
  [ -n "$e1klab_ixgbe_ko" ] && cp "$e1klab_ixgbe_ko" "$R/lib/e1klab/e1klab_ixgbe.ko"
  install -m 0755 "$top/guest-images/ixgbe-init" "$R/lib/e1klab/ixgbe-init"
  install -m 0755 "$top/guest-images/ixgbe-diag.sh" "$R/lib/e1klab/ixgbe-diag.sh"
  find "$R" -exec touch -h -d @0 {} +
  (cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -n -9) \
    > "$G/ixgbe-overlay.gz" || die "packing the ixgbe archive failed"
  cat "$G/initrd.gz" "$G/ixgbe-overlay.gz" > "$G/initrd-ixgbe.gz.tmp" &&
    mv "$G/initrd-ixgbe.gz.tmp" "$G/initrd-ixgbe.gz" || die "writing initrd-ixgbe.gz failed"
  rm -f "$G/ixgbe-overlay.gz"
  echo "$ikey" > "$G/initrd-ixgbe.key"
fi
cmp -s "$vmlinuz" "$G/vmlinuz" 2>/dev/null || cp "$vmlinuz" "$G/vmlinuz"
echo "$kver" > "$G/kernel-version"
[ "$print" = 1 ] && echo "$G/vmlinuz $G/initrd.gz"
exit 0
