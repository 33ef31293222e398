#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Guests with several vCPUs under -icount (docs/full-system.md "Several
# vCPUs"): `e1klab run --backend qemu` with [guest] cpus > 1.
#   smp4-forward   forward-970kpps-napi.ini on 4 vCPUs, eth0's interrupt on
#                  CPU 2, eth1's on CPU 3, 20,000 frames: boots (QEMU 7.2
#                  hung here without scripts/build-qemu.sh step 10), routes
#                  the traffic, each NIC's interrupts all in its CPU's
#                  column of the guest's /proc/interrupts, no oops; run 1
#                  makes the snapshot and starts from it, run 2 reuses it:
#                  identical JSON and identical console (kernel timestamps
#                  included); CPU 1, with no NIC, at least 80 % idle (its
#                  idle time in progress at the reading counted)
#   smp2-forward   forward-smp2.ini (2 CPUs, one stream into each port, each
#                  NIC on its own CPU) at 5,000 frames per stream, booting
#                  for each run: both CPUs forward, two runs identical
#   smp-bad-input  a NIC's cpu beyond [guest] cpus (exit 2, one line); the
#                  testbench refuses a [guest] cpus other than [host] cpus
# Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)

pass=0; fail=0
ok()  { echo "ok - $1"; pass=$((pass + 1)); }
bad() { echo "FAIL - $1${2:+: $2}"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; exit $([ "$fail" -eq 0 ] && echo 0 || echo 1); }

W=$(mktemp -d /tmp/e1klab-qemu-smp-tests.XXXXXX)
trap 'rm -rf "$W"' EXIT
t_start=$(date +%s)

# The builds are shared with scripts/tests.d/qemu.sh: whichever suite runs
# first builds, the other reuses (both scripts are idempotent).
if ! timeout 2400 scripts/build-qemu.sh >"$W/build-qemu.log" 2>&1; then
  tail -n 15 "$W/build-qemu.log"; bad "smp-builds" "build-qemu failed"; finish
fi
if ! timeout 600 guest-images/build.sh >"$W/build-guest.log" 2>&1; then
  tail -n 15 "$W/build-guest.log"; bad "smp-builds" "guest-images/build.sh failed"; finish
fi
E1KLAB=${E1KLAB:-$top/build/testbench/e1klab}
[ -x "$E1KLAB" ] || { bad "smp-*" "$E1KLAB missing (build the main project in build/)"; finish; }
export E1KLAB_SNAPSHOT_DIR=$W/snapshots

# smp_pair NAME SNAPSHOT SCENARIO ARGS...: two runs (E1KLAB_SNAPSHOT=
# SNAPSHOT) into $W/NAME-{1,2}.json, their consoles (\r removed) in
# $W/NAME-{1,2}.con.  0 when both succeeded.
smp_pair() {
  local name=$1 snap=$2 i out kept; shift 2
  for i in 1 2; do
    out=$W/$name-$i.out
    if ! E1KLAB_SNAPSHOT=$snap E1KLAB_QEMU_KEEP=1 TMPDIR=$W timeout 900 \
         "$E1KLAB" run --backend qemu "$@" \
         --json "$W/$name-$i.json" --quiet --timeout 800 >"$out" 2>&1; then
      cat "$out"; return 1
    fi
    kept=$(sed -n 's/^e1klab: QEMU run kept in //p' "$out")
    tr -d '\r' < "$kept/console.log" > "$W/$name-$i.con"
    rm -rf "$kept"
  done
}
# smp_check NAME JSON-CHECK: identical JSON and console, no oops, and the
# Python check on stdin over r (the report) and con (the console text)
smp_check() {
  local name=$1 why; shift
  if ! cmp -s "$W/$name-1.json" "$W/$name-2.json"; then
    diff "$W/$name-1.json" "$W/$name-2.json" | head -n 10; echo "JSON differs"; return
  fi
  if ! cmp -s "$W/$name-1.con" "$W/$name-2.con"; then
    diff "$W/$name-1.con" "$W/$name-2.con" | head -n 10; echo "console differs"; return
  fi
  grep -qE "Oops|BUG:|WARNING:|general protection|double fault|Call Trace" "$W/$name-1.con" \
    && { echo "oops in the guest's console"; return; }
  python3 - "$W/$name-1.json" "$W/$name-1.con" "$@"
}
smp_py_common='
import json, re, sys
r = json.load(open(sys.argv[1])); con = open(sys.argv[2]).read()
e = []
def irq_columns(name):
    """the per-CPU counts of the /proc/interrupts line naming name"""
    for l in con.split("@@ interrupts", 1)[1].split("@@", 1)[0].splitlines():
        w = l.split()
        if w and w[0].endswith(":") and w[-1] == name:
            return [int(x) for x in w[1:] if x.isdigit()][:ncpu]
    return None
a = r["accounting"]
s = sum(a[k] for k in ("rx_queued", "rx_filtered", "rx_disabled", "rx_overrun", "rx_bad_size"))
if s != a["offered"] or not a["balanced"]: e.append("dispositions %d != offered %d" % (s, a["offered"]))
if not a["forwarded"]: e.append("nothing forwarded")
'
smp_py_pinned='
if len(r.get("cpus", [])) != ncpu: e.append("%d per-CPU rows" % len(r.get("cpus", [])))
for f in r["interfaces"]:
    want = pin[f["name"]]
    cols = irq_columns(f["name"])
    if f.get("irq_cpu") != want: e.append("%s irq_cpu %s" % (f["name"], f.get("irq_cpu")))
    if cols is None or len(cols) != ncpu or cols[want] == 0 or sum(cols) != cols[want] or cols[want] != f["interrupts"]:
        e.append("%s: /proc/interrupts columns %s, want all %d on CPU %d" % (f["name"], cols, f["interrupts"], want))
print("; ".join(e)); sys.exit(1 if e else 0)
'

# ------------------------------------------------------------ 4 vCPUs
s4=$(date +%s)
scen=testbench/scenarios/forward-970kpps-napi.ini
if smp_pair smp4 1 "$scen" --set host.cpus=4 --set guest.cpus=4 \
     --set nic.eth0.cpu=2 --set nic.eth1.cpu=3 --set traffic.count=20000; then
  why=$(smp_check smp4 <<<"ncpu = 4; pin = {\"eth0\": 2, \"eth1\": 3}$smp_py_common
c1 = r[\"cpus\"][1] if len(r.get(\"cpus\", [])) > 1 else {\"idle_ppm\": 0}
if c1[\"idle_ppm\"] < 800000: e.append(\"CPU 1 (no NIC) idle %d ppm\" % c1[\"idle_ppm\"])
$smp_py_pinned")
  if [ -z "$why" ] && [ "$(ls "$W/snapshots"/snap-*.mig | wc -l)" = 1 ]; then
    ok "smp4-forward (4 vCPUs: boots, forwards, eth0 on CPU 2, eth1 on CPU 3 in /proc/interrupts; a fresh and a reused snapshot: identical JSON and console; $(( $(date +%s) - s4 )) s)"
  else
    bad "smp4-forward" "${why:-not one snapshot made}"
  fi
else
  bad "smp4-forward" "run failed"
fi

# ------------------------------------------------------------ 2 vCPUs
s2=$(date +%s)
if smp_pair smp2 0 testbench/scenarios/forward-smp2.ini \
     --set traffic.a.count=5000 --set traffic.b.count=5000; then
  why=$(smp_check smp2 <<<"ncpu = 2; pin = {\"eth0\": 0, \"eth1\": 1}$smp_py_common
for c in r[\"cpus\"]:
    if c[\"softirq_ns\"] == 0: e.append(\"CPU %d: no softirq time\" % c[\"cpu\"])
$smp_py_pinned")
  if [ -z "$why" ]; then
    ok "smp2-forward (2 vCPUs, a stream into each port, each NIC on its CPU: both CPUs forward; booting twice: identical JSON and console; $(( $(date +%s) - s2 )) s)"
  else
    bad "smp2-forward" "$why"
  fi
else
  bad "smp2-forward" "run failed"
fi

# ------------------------------------------------------------ bad input
sbi=1
smp_bad() {  # WANT-TEXT ARGS...: exit 2 with one line holding WANT-TEXT
  local want=$1 out rc; shift
  out=$(timeout 60 "$E1KLAB" run "$@" 2>&1 </dev/null); rc=$?
  if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -qF -- "$want"; then
    return 0
  fi
  echo "  $* -> exit $rc: $out"; return 1
}
smp_bad "[nic.eth1] cpu: 3 is not a CPU of the guest ([guest] cpus = 2: 0..1)" --backend qemu "$scen" \
  --set host.cpus=4 --set guest.cpus=2 --set nic.eth1.cpu=3 || sbi=0
smp_bad "[guest] cpus: 2 vCPUs run only in the guest (--backend qemu); the testbench runs [host] cpus = 1" \
  "$scen" --set guest.cpus=2 || sbi=0
smp_bad "[guest] cpus: 9 is out of range 1..8" --backend qemu "$scen" --set guest.cpus=9 || sbi=0
if [ $sbi = 1 ]; then
  ok "smp-bad-input (NIC cpu beyond [guest] cpus; [guest] cpus on the testbench; 9 vCPUs: exit 2, one line)"
else
  bad "smp-bad-input"
fi
echo "# qemu-smp: $(( $(date +%s) - t_start )) s"
finish
