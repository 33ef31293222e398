# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers of the full-system suites (sourced by scripts/tests.d/qemu.sh and
# qemu-ixgbe.sh): booting the guest and reading its result block.
# They use $QEMU, $KERNEL and $INITRD.

# run_guest OUT TIMEOUT "APPEND" QEMU-ARGS...: boot the guest; 0 when QEMU
# exited normally and the console holds a complete result block.
# ICOUNT overrides the -icount option (default shift=4,sleep=off).
run_guest() {
  local out=$1 tmo=$2 app=$3; shift 3
  timeout "$tmo" "$QEMU" -M pc -m 256 -nographic -no-reboot -nodefaults \
    -serial stdio -L /usr/share/qemu -L /usr/share/seabios \
    -icount "${ICOUNT:-shift=4,sleep=off}" -rtc clock=vm,base=2020-01-01 \
    -kernel "$KERNEL" -initrd "$INITRD" \
    -append "console=ttyS0 quiet panic=-1 $app" "$@" \
    </dev/null >"$out" 2>&1
  local rc=$?
  tr -d '\r' < "$out" > "$out.tmp" && mv "$out.tmp" "$out"
  [ $rc -eq 0 ] || { echo "  (qemu exit $rc; 124 means timeout)"; return 1; }
  grep -q '^===E1KLAB-END===' "$out" || { echo "  (no result block)"; return 1; }
}
# section OUT NAME: the lines of "@@ NAME" in the block
section() {
  awk -v s="@@ $2" '/===E1KLAB-BEGIN===/{b=1;next} /^===E1KLAB-END===/{b=0}
    b && /^@@ /{on=($0==s);next} b && on' "$1"
}
# block OUT: the whole result block (from the begin marker, which may follow
# firmware escape codes on its line, to the end marker)
block() {
  awk '/===E1KLAB-BEGIN===/{b=1} b{print} /^===E1KLAB-END===/{b=0}' "$1"
}
