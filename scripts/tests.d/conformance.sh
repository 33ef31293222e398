#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The conformance suite (docs/full-system.md "Conformance"): Linux's own
# e1000 diagnostics and every ethtool/ip operation of the issue, checked
# by traffic, on e1klab-82540em and e1klab-82545em with the stock e1000
# driver and with e1klab.ko (tests/fullsys/conform.py: one snapshot of the
# booted guest, one guest run per driver covering both chips, one run for
# the link-partner property), and the device properties' bad input.
# Builds QEMU and the guest image first if scripts/tests.d/qemu.sh has not
# (both builds are cached).  Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)

pass=0; fail=0
ok()  { echo "ok - $1"; pass=$((pass + 1)); }
bad() { echo "FAIL - $1${2:+: $2}"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; exit $([ "$fail" -eq 0 ] && echo 0 || echo 1); }

W=$(mktemp -d /tmp/e1klab-conformance.XXXXXX)
trap 'rm -rf "$W"' EXIT

if ! timeout 2400 scripts/build-qemu.sh >"$W/build-qemu.log" 2>&1; then
  tail -n 15 "$W/build-qemu.log"; bad "conformance: build-qemu" "see the log above"; finish
fi
if ! timeout 600 guest-images/build.sh >"$W/build-guest.log" 2>&1; then
  tail -n 15 "$W/build-guest.log"; bad "conformance: build-guest" "see the log above"; finish
fi
QEMU=$top/qemu-build/build/qemu-system-x86_64

# ------------------------------------------------------------ the suite
start=$(date +%s)
timeout 3000 python3 tests/fullsys/conform.py --keep "$W/conform" >"$W/conform.log" 2>&1
rc=$?
while IFS= read -r line; do
  case "$line" in
    "ok - "*) ok "conformance: ${line#ok - }" ;;
    "FAIL - "*) bad "conformance: ${line#FAIL - }" ;;
    "# "*) echo "$line" ;;
  esac
done < "$W/conform.log"
if [ "$rc" -ne 0 ] && ! grep -q '^FAIL - ' "$W/conform.log"; then
  tail -n 20 "$W/conform.log"; bad "conformance: conform.py exit $rc" "see the log above"
fi
echo "# conformance suite: $(( $(date +%s) - start )) s wall"

# ------------------------------------------------------------ bad input
# link-partner / link-mbps: QEMU exits 1 with one line naming the value
bad_partner() {
  local want=$1; shift
  out=$(timeout 60 "$QEMU" -M pc -accel qtest -nodefaults -display none \
        -L /usr/share/qemu -L /usr/share/seabios \
        -device "e1klab-82540em,$1" </dev/null 2>&1)
  local rc=$?
  if [ $rc -eq 1 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -qF "$want"; then
    ok "conformance: bad input $1 -> '$want'"
  else
    bad "conformance: bad input $1" "exit $rc: $out"
  fi
}
bad_partner "link-partner 'fast' is not auto" "link-partner=fast"
bad_partner "link-partner 'forced:100full+10full' is not auto" "link-partner=forced:100full+10full"
bad_partner "has no mode at link-mbps 1000" "link-partner=forced:100full,link-mbps=1000"
finish
