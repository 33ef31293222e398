#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Our driver on the 82598EB in QEMU (docs/full-system.md "Our driver on
# the 82598EB"): `e1klab run --backend qemu` of the chip = 82598EB
# forwarding scenarios, e1klab_ixgbe.ko in the guest, 64-byte
# frames offered at 10 Gb/s line rate (14,880,952 frames/s), 20,000 of
# them:
#   82598-1q        forward-10g-1q.ini on 1 vCPU, NAPI: eth0's one queue
#                   takes what the guest forwards, its vector's interrupts
#                   (eth0-TxRx-0) equal the queue's, polls > 0
#   82598-4q        forward-10g-4q.ini on 4 vCPUs, NAPI per queue vector:
#                   every one of eth0's 4 queues receives (RSS over the 64
#                   UDP flows) and polls, queue q's interrupts all on CPU q
#                   in /proc/interrupts; the queues' rx_packets add up to
#                   the port's; a second run from the same snapshot gives
#                   byte-identical JSON
#   82598-4q-legacy the same, mode = legacy (interrupt-driven): no polls,
#                   every queue's interrupts counted
#   82598-bad-input an 82598EB beside an e1000 NIC: exit 2, one line
# Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)

pass=0; fail=0
ok()  { echo "ok - $1"; pass=$((pass + 1)); }
bad() { echo "FAIL - $1${2:+: $2}"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; exit $([ "$fail" -eq 0 ] && echo 0 || echo 1); }

W=$(mktemp -d /tmp/e1klab-qemu-82598.XXXXXX)
trap 'rm -rf "$W"' EXIT

# The builds are shared with the other QEMU suites (idempotent).
if ! timeout 2400 scripts/build-qemu.sh >"$W/build-qemu.log" 2>&1; then
  tail -n 15 "$W/build-qemu.log"; bad "82598: build-qemu" "see the log above"; finish
fi
if ! timeout 600 guest-images/build.sh >"$W/build-guest.log" 2>&1; then
  tail -n 15 "$W/build-guest.log"; bad "82598: build-guest" "see the log above"; finish
fi
E1KLAB=${E1KLAB:-$top/build/testbench/e1klab}
[ -x "$E1KLAB" ] || { bad "82598-*" "$E1KLAB missing (build the main project in build/)"; finish; }
export E1KLAB_SNAPSHOT_DIR=$W/snapshots
S=testbench/scenarios

# run NAME SCENARIO ARGS...: one run into $W/NAME.json (snapshot reused
# when one exists for the same boot).  0 on success, else the output.
run() {
  local name=$1; shift
  if ! E1KLAB_SNAPSHOT=1 TMPDIR=$W timeout 900 "$E1KLAB" run --backend qemu \
       "$@" --set traffic.count=20000 --json "$W/$name.json" --quiet \
       --timeout 800 >"$W/$name.out" 2>&1; then
    cat "$W/$name.out"; return 1
  fi
}
# check NAME PY: the Python check over r (the report) and q (eth0's queues)
check() {
  python3 - "$W/$1.json" "$2" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
f = {x["name"]: x for x in r["interfaces"]}
q = f["eth0"].get("queues", [])
e = []
a = r["accounting"]
if not a["forwarded"]: e.append("nothing forwarded")
exec(sys.argv[2])
print("; ".join(e)); sys.exit(1 if e else 0)
EOF
}

t0=$(date +%s)
if run q1 "$S/forward-10g-1q.ini" --set host.cpus=1; then
  why=$(check q1 '
if len(q) != 1: e.append("%d queues" % len(q))
elif q[0]["rx_packets"] == 0 or q[0]["polls"] == 0 or q[0]["interrupts"] == 0:
    e.append("queue 0: %s" % q[0])
if f["eth0"]["interrupts"] < q[0]["interrupts"] if q else True: e.append("port interrupts")
')
  [ -z "$why" ] && ok "82598-1q (1 vCPU, NAPI: $(python3 -c "import json;r=json.load(open('$W/q1.json'));print('forwarded', r['accounting']['forwarded'])"); $(( $(date +%s) - t0 )) s)" \
    || bad "82598-1q" "$why"
else
  bad "82598-1q" "run failed"
fi

t0=$(date +%s)
q4='
if len(q) != 4: e.append("%d queues" % len(q))
for i, x in enumerate(q):
    if x["rx_packets"] == 0: e.append("queue %d received nothing" % i)
    if x["interrupts"] == 0: e.append("queue %d: no interrupts" % i)
    if x.get("cpu") != i: e.append("queue %d on CPU %s" % (i, x.get("cpu")))
'
if run q4a "$S/forward-10g-4q.ini" && run q4b "$S/forward-10g-4q.ini"; then
  why=$(check q4a "$q4"'
for i, x in enumerate(q):
    if x["polls"] == 0: e.append("queue %d: no polls" % i)
')
  if [ -n "$why" ]; then bad "82598-4q" "$why"
  elif ! cmp -s "$W/q4a.json" "$W/q4b.json"; then
    bad "82598-4q" "two runs differ: $(diff "$W/q4a.json" "$W/q4b.json" | head -n 6 | tr '\n' ' ')"
  else
    ok "82598-4q (4 vCPUs, NAPI per queue: 4 queues receive and poll, queue q's vector on CPU q, two runs byte-identical; $(( $(date +%s) - t0 )) s)"
  fi
else
  bad "82598-4q" "run failed"
fi

t0=$(date +%s)
if run q4l "$S/forward-10g-4q.ini" --set driver.mode=legacy; then
  why=$(check q4l "$q4"'
for i, x in enumerate(q):
    if x["polls"] != 0: e.append("queue %d: %d polls in legacy mode" % (i, x["polls"]))
')
  [ -z "$why" ] && ok "82598-4q-legacy (interrupt-driven: every queue interrupted, no polls; $(( $(date +%s) - t0 )) s)" \
    || bad "82598-4q-legacy" "$why"
else
  bad "82598-4q-legacy" "run failed"
fi

# eth1 an 82545EM (its 82598EB-only keys dropped)
awk '/^\[/{sec=$0} sec=="[nic.eth1]" && /^(queues|rss_udp|irq_affinity) /{next}
     sec=="[nic.eth1]" && /^chip /{print "chip = 82545EM"; next} {print}' \
  "$S/forward-10g-1q.ini" > "$W/mixed.ini"
out=$("$E1KLAB" run --backend qemu "$W/mixed.ini" 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ]; then
  ok "82598-bad-input (exit 2: $out)"
else
  bad "82598-bad-input" "rc $rc: $out"
fi
finish
