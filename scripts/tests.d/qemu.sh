#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Full-system tests (docs/full-system.md): build QEMU 7.2 with the e1klab
# device and the Debian guest, then
#   probe-*          the stock Linux e1000 driver probes e1klab-82540em and
#                    e1klab-82545em: PCI IDs, the chip's bus, MAC from the
#                    EEPROM, no checksum error, link up at 1000/Full, no
#                    Tx hang
#   e1klab-probe-*   our driver core as a Linux module (e1klab.ko,
#                    docs/linux-module.md) probes e1klab-82540em and
#                    -82545em (per-port parameters applied) and QEMU's
#                    stock e1000: EEPROM/MAC/bus line, link 1000/Full,
#                    ethtool -i/-S/-c; a bad per-port parameter fails
#                    that port's probe with one message, no oops
#   e1klab-flap      ip link down/up and rmmod/insmod rounds while a replay
#                    runs: no oops or hang, TX works after every up
#   dhcp-http        -netdev user: DHCP, then wget of a file from an HTTP
#                    server on the host's loopback, checked by SHA-256
#                    (stock e1000 driver, then again with e1klab.ko)
#   http-upload      the guest POSTs the file back; the server's SHA-256
#                    of the body must match (TX path; both drivers)
#   forward-*        forward-970kpps-napi.ini at reduced length in the guest:
#                    two runs give identical JSON; guest and device agree
#   run-backend-qemu   `e1klab run --backend qemu` on the same scenario: two
#                    runs give identical JSON (testbench schema); offered =
#                    sum of the NIC dispositions, interrupts > 0
#   run-backend-qemu-bad-input  bad --set, missing QEMU, --csv: exit 2 with
#                    one line; a wall-clock timeout: exit 1 with one line
#   report-*         the report's interrupts with '-' in NIC names, non-IPv4
#                    frames, a 65,590-byte record, CPU shares at 100 kpps:
#                    guest vs testbench (scripts/tests.d/qemu-reports.bash)
#   run-scenario-relative-pcap  --set traffic.pcap from the current directory
#   snapshot-*       boot once (docs/full-system.md): runs from a snapshot
#                    just made, reused, and made anew by two concurrent runs
#                    give identical JSON; a run's mac and bus take effect
#                    after the restore; E1KLAB_SNAPSHOT=0 boots for the run
#   m1-guest, m3-guest, device-rules  e1klab.ko in the guest against the
#                    testbench (same scenario, model and driver core): M1
#                    and M3 orderings, one interrupt per frame, ITR ceiling
#   forward-migration  the same run migrated mid-replay to a file and
#                    finished in a new QEMU gives the same result
#   qtest-device-*   C05 (ITR spacing) in virtual time under -accel qtest,
#                    migration of a pending ITR deadline, DMA guard
#   bad-input        bad properties stop QEMU with a one-line error
# Every QEMU run has a wall-clock timeout.  Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)

pass=0; fail=0
ok()  { echo "ok - $1"; pass=$((pass + 1)); }
bad() { echo "FAIL - $1${2:+: $2}"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; exit $([ "$fail" -eq 0 ] && echo 0 || echo 1); }

W=$(mktemp -d /tmp/e1klab-qemu-tests.XXXXXX)
http_pid=""
cleanup() {
  [ -n "$http_pid" ] && kill "$http_pid" 2>/dev/null
  rm -rf "$W"
}
trap cleanup EXIT

# ------------------------------------------------------------ builds
if timeout 2400 scripts/build-qemu.sh >"$W/build-qemu.log" 2>&1; then
  ok "build-qemu"
else
  tail -n 15 "$W/build-qemu.log"; bad "build-qemu" "see the log above"; finish
fi
if timeout 600 guest-images/build.sh >"$W/build-guest.log" 2>&1; then
  ok "build-guest"
else
  tail -n 15 "$W/build-guest.log"; bad "build-guest" "see the log above"; finish
fi
QEMU=$top/qemu-build/build/qemu-system-x86_64
KERNEL=$top/qemu-build/guest/vmlinuz
INITRD=$top/qemu-build/guest/initrd.gz

. scripts/tests.d/qemu-lib.bash   # run_guest, section

# ------------------------------------------------------------ probe
probe() {
  local type=$1 devid=$2 subsys=$3 mac=$4 bus=$5 out=$W/probe-$1.log
  if ! run_guest "$out" 180 "e1klab.mode=probe" -net none \
       -device "$type,addr=04.0,mac=$mac"; then
    bad "probe-$type" "guest run failed"; return
  fi
  local dm pci why=""
  dm=$(section "$out" dmesg); pci=$(section "$out" pci)
  echo "$pci" | grep -q "vendor=0x8086 device=$devid subsystem_vendor=0x8086 subsystem_device=$subsys revision=0x03" \
    || why="$why PCI IDs ($pci);"
  echo "$dm" | grep -qF "eth0: ($bus) $mac" || why="$why no '($bus) $mac' (bus, MAC from EEPROM);"
  echo "$dm" | grep -q "EEPROM Checksum Is Not Valid" && why="$why EEPROM checksum error;"
  echo "$dm" | grep -q "eth0 NIC Link is Up 1000 Mbps Full Duplex" || why="$why no link up 1000/Full;"
  echo "$dm" | grep -qE "Detected Tx Unit Hang|transmit timed out|NETDEV WATCHDOG" && why="$why TX hang;"
  section "$out" result | grep -qx "insmod=ok" || why="$why insmod failed;"
  section "$out" result | grep -qx "carrier.eth0=1" || why="$why no carrier;"
  if [ -z "$why" ]; then ok "probe-$type"; else bad "probe-$type" "$why"; fi
}
# the default bus-timing is the chip's: 32-bit PCI for the 82540EM
probe e1klab-82540em 0x100e 0x001e 52:54:00:e1:00:40 PCI:33MHz:32-bit
probe e1klab-82545em 0x100f 0x1001 52:54:00:e1:00:45 PCI:66MHz:64-bit

# ------------------------------------------------------------ e1klab.ko
# check_e1klab OUT IF BUS MAC SLOT: what every port probed by e1klab.ko shows
# (SLOT: its PCI slot digit);
# prints the reasons it does not (nothing if it does).
check_e1klab() {
  local out=$1 i=$2 bus=$3 mac=$4 dm why=""
  dm=$(section "$out" dmesg)
  echo "$dm" | grep -q "e1klab 0000:00:0$5.0: $bus $mac" || why="$why no bus line '$bus $mac';"
  echo "$dm" | grep -q "e1klab 0000:00:0$5.0 $i: NIC Link is Up 1000 Mbps Full Duplex" || why="$why $i: no link up 1000/Full;"
  section "$out" result | grep -qx "carrier.$i=1" || why="$why $i: no carrier;"
  section "$out" "ethtool-i $i" | grep -qx "driver: e1klab" || why="$why $i: ethtool -i;"
  section "$out" "ethtool-i $i" | grep -qx "bus-info: 0000:00:0$5.0" || why="$why $i: bus-info;"
  section "$out" "ethtool $i" | grep -qE "^ +interrupts: [1-9]" || why="$why $i: ethtool -S interrupts;"
  section "$out" "ethtool $i" | grep -qE "^ +tx_packets: [1-9]" || why="$why $i: ethtool -S tx_packets;"
  echo "$why"
}
oops_re="Oops|BUG|WARNING|Call Trace|EEPROM Checksum Is Not Valid|Detected Tx Unit Hang|timed out"
# both e1klab devices, per-port parameters: port 0 napi with the defaults,
# port 1 legacy at InterruptThrottleRate 8000 (ethtool -c: 125 us)
out=$W/e1klab-probe.log
if run_guest "$out" 240 "e1klab.mode=probe e1klab.driver=e1klab e1klab.modparams=mode=napi,legacy:InterruptThrottleRate=3,8000:RxAbsIntDelay=8,100" \
     -net none -device e1klab-82540em,addr=04.0,mac=52:54:00:e1:00:40 \
     -device e1klab-82545em,addr=05.0,mac=52:54:00:e1:00:45; then
  why="$(check_e1klab "$out" eth0 "(PCI:33MHz:32-bit)" 52:54:00:e1:00:40 4)$(check_e1klab "$out" eth1 "(PCI:66MHz:64-bit)" 52:54:00:e1:00:45 5)"
  section "$out" dmesg | grep -q "eth1: e1klab port 1: mode legacy, InterruptThrottleRate 8000" || why="$why port 1 parameters;"
  section "$out" "ethtool-c eth0" | grep -qx "rx-usecs-irq: 8" || why="$why eth0 ethtool -c rx-usecs-irq;"
  section "$out" "ethtool-c eth1" | grep -qx "rx-usecs-irq: 102" || why="$why eth1 ethtool -c rx-usecs-irq;"
  section "$out" "ethtool-c eth1" | grep -qx "rx-usecs-high: 125" || why="$why eth1 ethtool -c ITR;"
  section "$out" "ethtool eth1" | grep -qx "     napi_polls: 0" || why="$why eth1 (legacy) polled;"
  section "$out" dmesg | grep -qE "$oops_re" && why="$why oops/hang in dmesg;"
  if [ -z "$why" ]; then ok "e1klab-probe (e1klab-82540em napi, -82545em legacy ITR 8000: bus line, MAC, link, ethtool -i/-S/-c)"; else bad "e1klab-probe" "$why"; fi
else
  bad "e1klab-probe" "guest run failed"
fi
# QEMU's own e1000 models; port 1 has a bad InterruptThrottleRate: its
# probe fails with the Intel-style line, port 0 works, nothing crashes
out=$W/e1klab-probe-stock.log
if run_guest "$out" 240 "e1klab.mode=probe e1klab.driver=e1klab e1klab.modparams=InterruptThrottleRate=3,7" \
     -net none -device e1000,addr=04.0,mac=52:54:00:e1:00:40,romfile= \
     -device e1000-82545em,addr=05.0,mac=52:54:00:e1:00:45,romfile=; then
  why=$(check_e1klab "$out" eth0 "(PCI:33MHz:32-bit)" 52:54:00:e1:00:40 4)
  section "$out" dmesg | grep -q "e1klab 0000:00:05.0: Invalid InterruptThrottleRate value specified (7) for port 1: must be 0, 1, 3, 4 or 100..100000 interrupts/s" ||
    why="$why no bad-parameter message for port 1;"
  section "$out" result | grep -q "carrier.eth1" && why="$why port 1 probed despite the bad value;"
  section "$out" dmesg | grep -qE "$oops_re" && why="$why oops/hang in dmesg;"
  if [ -z "$why" ]; then ok "e1klab-probe-stock (-device e1000 probes; InterruptThrottleRate=7 on port 1 fails its probe with the message)"; else bad "e1klab-probe-stock" "$why"; fi
else
  bad "e1klab-probe-stock" "guest run failed"
fi
# rmmod/insmod and link down/up rounds in legacy mode (the interrupt
# handler cleans the rings) while 5000 frames/s arrive
out=$W/e1klab-flap.log
if run_guest "$out" 400 "e1klab.mode=flap e1klab.flaps=4 e1klab.driver=e1klab e1klab.modparams=mode=legacy" \
     -net none -device e1klab-82540em,addr=04.0,mac=52:54:00:e1:00:40,replay=gen,replay-pps=5000; then
  res=$(section "$out" result)
  if echo "$res" | grep -qx "flap=ok"; then
    ok "e1klab-flap (4 x link down/up + rmmod/insmod under a 5 kpps replay: no oops/hang, TX after all 8 ups)"
  else
    bad "e1klab-flap" "$(echo "$res" | grep flap | tr '\n' ' ')"
  fi
else
  bad "e1klab-flap" "guest run failed"
fi

# ------------------------------------------------------------ dhcp + http
mkdir -p "$W/www"
python3 - "$W/www/blob.bin" <<'EOF'
import hashlib, sys
# 256 KiB of deterministic, incompressible-looking bytes
out = bytearray()
h = b"e1klab"
while len(out) < 262144 + 1234:
    h = hashlib.sha256(h).digest()
    out += h
open(sys.argv[1], "wb").write(out[:262144 + 1234])
EOF
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
timeout 600 python3 tests/fullsys/http_server.py "$W/www" "$port" >"$W/http.log" 2>&1 &
http_pid=$!
for _ in $(seq 50); do
  python3 -c "import socket,sys; socket.create_connection(('127.0.0.1',$port),1)" 2>/dev/null && break
  sleep 0.1
done
want=$(sha256sum "$W/www/blob.bin" | cut -d' ' -f1)
wsize=$(stat -c %s "$W/www/blob.bin")
# sleep=on: talking to host processes, idle guest time must follow real time
# (with sleep=off an idle guest warps through its TCP/wget timeouts).
dhcp_http() {  # SUFFIX APPEND: one DHCP + HTTP + upload boot
  local sfx=$1 app=$2
  if ICOUNT=shift=4,sleep=on run_guest "$W/dhcp$sfx.log" 240 \
       "$app e1klab.mode=dhcp e1klab.url=http://10.0.2.2:$port/blob.bin e1klab.upload=http://10.0.2.2:$port/upload" \
       -netdev user,id=n0 -device e1klab-82540em,netdev=n0,addr=04.0; then
    res=$(section "$W/dhcp$sfx.log" result)
    got=$(echo "$res" | sed -n 's/^http_sha256=//p')
    gsize=$(echo "$res" | sed -n 's/^http_size=//p')
    if echo "$res" | grep -qx "dhcp=ok" && [ "$got" = "$want" ] && [ "$gsize" = "$wsize" ]; then
      ok "dhcp-http$sfx"
    else
      bad "dhcp-http$sfx" "$(echo "$res" | tr '\n' ' ') want sha256=$want size=$wsize"
    fi
    # the same bytes back: guest -> host over our TX path (TCP, TSO/offloads
    # as the stock driver configures them)
    up=$(echo "$res" | sed -n 's/^upload_response=//p')
    if [ "$up" = "sha256=$want size=$wsize" ]; then
      ok "http-upload$sfx"
    else
      bad "http-upload$sfx" "$(echo "$res" | grep '^upload' | tr '\n' ' ') want sha256=$want size=$wsize"
    fi
  else
    bad "dhcp-http$sfx" "guest run failed"; bad "http-upload$sfx" "guest run failed"
  fi
}
dhcp_http "" ""
dhcp_http -e1klab e1klab.driver=e1klab
kill "$http_pid" 2>/dev/null; http_pid=""

# ------------------------------------------------------------ forwarding replay
scen=testbench/scenarios/forward-970kpps-napi.ini
fw_ok=1
for i in 1 2; do
  if ! timeout 600 python3 guest-images/run-scenario.py "$scen" \
       --set traffic.count=20000 --workdir "$W/fw$i" --json "$W/fw$i.json" \
       --timeout 500 >"$W/fw$i.err" 2>&1; then
    cat "$W/fw$i.err"; fw_ok=0
  fi
done
if [ $fw_ok = 1 ] && cmp -s "$W/fw1.json" "$W/fw2.json"; then
  ok "forward-deterministic (two runs, identical JSON)"
else
  [ $fw_ok = 1 ] && diff "$W/fw1.json" "$W/fw2.json" | head -n 20
  bad "forward-deterministic"
fi
if [ $fw_ok = 1 ]; then
  if why=$(python3 - "$W/fw1.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
s, d, g = r["summary"], r["device"], r["guest"]
e = []
if s["offered"] != 20000: e.append("offered %s != 20000" % s["offered"])
if not s["forwarded"]: e.append("nothing forwarded")
# every offered frame is accounted for by the device: received or missed
if d["eth0"]["model.tpr"] != s["offered"]:
    e.append("TPR %s != offered" % d["eth0"]["model.tpr"])
if d["eth0"]["model.gprc"] + d["eth0"]["model.mpc"] != s["offered"]:
    e.append("GPRC+MPC != offered")
# the driver saw what the device delivered
if g["stats"]["eth0"]["rx_packets"] != d["eth0"]["model.gprc"]:
    e.append("rx_packets %s != GPRC %s" % (g["stats"]["eth0"]["rx_packets"],
                                           d["eth0"]["model.gprc"]))
# frames the kernel forwarded left eth1 on the wire and in the capture
if d["eth1"]["model.gptc"] != s["forwarded"]:
    e.append("eth1 GPTC %s != ForwDatagrams %s" % (d["eth1"]["model.gptc"],
                                                   s["forwarded"]))
if r["egress_capture_frames"].get("eth1-tx.pcap") != s["forwarded"]:
    e.append("capture has %s frames" % r["egress_capture_frames"])
print("; ".join(e))
sys.exit(1 if e else 0)
EOF
  ); then
    ok "forward-accounting (offered = GPRC+MPC, rx = GPRC, forwarded = eth1 GPTC = capture)"
  else
    bad "forward-accounting" "$why"
  fi
else
  bad "forward-accounting" "no run"
fi

# ------------------------------------------------------------ e1klab run --backend qemu
# The testbench CLI with the guest as backend (build/ is built by
# scripts/test.sh before this script runs; E1KLAB overrides).
E1KLAB=${E1KLAB:-$top/build/testbench/e1klab}
# a snapshot cache of our own: the first run below makes the snapshot
export E1KLAB_SNAPSHOT_DIR=$W/snapshots
if [ -x "$E1KLAB" ]; then
  rb_ok=1
  for i in 1 2; do
    if ! timeout 600 "$E1KLAB" run --backend qemu "$scen" --set traffic.count=20000 \
         --json "$W/rb$i.json" --quiet --timeout 500 >"$W/rb$i.err" 2>&1; then
      cat "$W/rb$i.err"; rb_ok=0
    fi
  done
  why="run failed or JSON differs"
  if [ $rb_ok = 1 ] && cmp -s "$W/rb1.json" "$W/rb2.json" && why=$(python3 - "$W/rb1.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
a, e = r["accounting"], []
if r["schema"] != "e1klab-report/1": e.append("schema %s" % r["schema"])
if r["offered"]["frames"] != 20000: e.append("offered %s != 20000" % r["offered"]["frames"])
s = a["rx_queued"] + a["rx_filtered"] + a["rx_disabled"] + a["rx_overrun"] + a["rx_bad_size"]
if s != a["offered"] or not a["balanced"]:
    e.append("dispositions sum %d != offered %d" % (s, a["offered"]))
i0, i1 = r["interfaces"]
if not (r["interrupts"]["eth0"] > 0 and r["interrupts"]["eth1"] > 0):
    e.append("interrupts %s" % r["interrupts"])
if i0["stats64"]["rx_packets"] != i0["nic"]["GPRC"]:
    e.append("eth0 rx_packets != GPRC")
if i0["stats64"]["rx_missed_errors"] != i0["nic"]["MPC"]:
    e.append("eth0 rx_missed_errors != MPC")
if not a["forwarded"] or a["forwarded"] != i1["wire_tx_frames"]:
    e.append("forwarded %s != eth1 wire_tx_frames %s" % (a["forwarded"], i1["wire_tx_frames"]))
print("; ".join(e))
sys.exit(1 if e else 0)
EOF
  ); then
    ok "run-backend-qemu (two runs, identical JSON; offered = dispositions, interrupts > 0, rx = GPRC, forwarded = eth1 wire)"
  else
    [ $rb_ok = 1 ] && diff "$W/rb1.json" "$W/rb2.json" | head -n 20
    bad "run-backend-qemu" "$why"
  fi
  # bad input: exit 2 and one line; a hang (here: a 1 s limit): exit 1
  rbi=1
  rb_bad() {  # WANT-RC WANT-TEXT ARGS...
    local want_rc=$1 want=$2 out rc; shift 2
    out=$(timeout 120 "$E1KLAB" run "$@" 2>&1 </dev/null); rc=$?
    if [ $rc -eq "$want_rc" ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -qF -- "$want"; then
      return 0
    fi
    echo "  $* -> exit $rc: $out"; return 1
  }
  rb_bad 2 "--set traffic.pps=abc: [traffic] pps: 'abc' is not a number" --backend qemu "$scen" --set traffic.pps=abc || rbi=0
  E1KLAB_QEMU=/nonexistent rb_bad 2 "/nonexistent: missing: run scripts/build-qemu.sh" --backend qemu "$scen" || rbi=0
  rb_bad 2 "--csv is not available with --backend qemu" --backend qemu "$scen" --csv "$W/x.csv" || rbi=0
  rb_bad 2 "--backend 'kvm'" --backend kvm "$scen" || rbi=0
  TMPDIR=$W rb_bad 1 "qemu: no result within 1 s" --backend qemu "$scen" --set traffic.count=20000 --timeout 1 --json "$W/to.json" || rbi=0
  [ -e "$W/to.json" ] && { echo "  timeout left $W/to.json"; rbi=0; }
  if [ $rbi = 1 ]; then ok "run-backend-qemu-bad-input (bad --set, missing QEMU, --csv, bad backend: exit 2; timeout: exit 1)"; else bad "run-backend-qemu-bad-input"; fi
  . scripts/tests.d/qemu-reports.bash
  qemu_report_tests
else
  bad "run-backend-qemu" "$E1KLAB missing (build the main project in build/)"
  bad "run-backend-qemu-bad-input" "$E1KLAB missing"
  bad "report-*" "$E1KLAB missing"
fi

# ------------------------------------------------------------ boot once
# rb1 ran from a snapshot it made, rb2 from the same file reused.
nsnap() { ls "$1"/snap-*.mig 2>/dev/null | wc -l; }
# one_frame JSON: the report offered one frame and forwarded it
one_frame() {
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if r["offered"]["frames"]==1 and r["accounting"]["forwarded"]==1 else 1)' "$1"
}
if [ -x "$E1KLAB" ] && [ "$rb_ok" = 1 ]; then
  # made anew, by two runs at once (one makes it, the other waits)
  sd=$W/snapshots-2 why="" pids=()
  for i in 3 4; do
    E1KLAB_SNAPSHOT_DIR=$sd timeout 600 "$E1KLAB" run --backend qemu "$scen" \
      --set traffic.count=20000 --json "$W/rb$i.json" --quiet --timeout 500 \
      >"$W/rb$i.err" 2>&1 &
    pids+=($!)
  done
  wait "${pids[0]}" || why="$why run 3 failed: $(cat "$W/rb3.err");"
  wait "${pids[1]}" || why="$why run 4 failed: $(cat "$W/rb4.err");"
  [ "$(nsnap "$sd")" = 1 ] || why="$why $(nsnap "$sd") snapshots made;"
  for i in 3 4; do
    cmp -s "$W/rb1.json" "$W/rb$i.json" || why="$why rb$i.json differs from rb1.json;"
  done
  if [ -z "$why" ]; then
    ok "snapshot-deterministic (fresh, reused and concurrently made snapshots: identical JSON)"
  else
    diff "$W/rb1.json" "$W/rb3.json" | head -n 10; bad "snapshot-deterministic" "$why"
  fi
  # a run's own device properties after the restore: MAC in the EEPROM,
  # bus in the driver's probe line; no new snapshot for them
  t0=$(date +%s.%N)
  if E1KLAB_QEMU_KEEP=1 timeout 300 "$E1KLAB" run --backend qemu "$scen" \
       --set traffic.count=1 --set nic.eth0.mac=00:07:e9:00:00:99 \
       --set nic.eth0.bus=pci32-33 --json "$W/p.json" --quiet --timeout 250 \
       >"$W/p.out" 2>&1; then
    t1=$(date +%s.%N)
    kept=$(sed -n 's/^e1klab: QEMU run kept in //p' "$W/p.out")
    why=""
    grep -aq "e1klab 0000:00:04.0: (PCI:33MHz:32-bit) 00:07:e9:00:00:99" "$kept/console.log" || why="$why no 32-bit probe with the new MAC;"
    grep -aq "mac.eth0=00:07:e9:00:00:99" "$kept/console.log" || why="$why eth0 address;"
    grep -aq "e1klab 0000:00:05.0: (PCI:66MHz:64-bit) 00:07:e9:00:00:11" "$kept/console.log" || why="$why eth1 probe;"
    [ "$(nsnap "$W/snapshots")" = 1 ] || why="$why a new snapshot was made;"
    one_frame "$W/p.json" || why="$why offered/forwarded != 1;"
    rm -rf "$kept"
    if [ -z "$why" ]; then
      ok "snapshot-properties (mac, bus of the run after the restore; one-frame run $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s wall)"
    else
      bad "snapshot-properties" "$why"
    fi
  else
    cat "$W/p.out"; bad "snapshot-properties" "run failed"
  fi
  # the fallback: boot for the run, words on the kernel command line
  if E1KLAB_SNAPSHOT=0 E1KLAB_SNAPSHOT_DIR=$W/none timeout 600 "$E1KLAB" run --backend qemu "$scen" \
       --set traffic.count=1 --json "$W/b.json" --quiet --timeout 500 >"$W/b.out" 2>&1 &&
     one_frame "$W/b.json" &&
     [ ! -e "$W/none" ]; then
    ok "snapshot-off (E1KLAB_SNAPSHOT=0: booted for the run, 1 frame forwarded, no snapshot made)"
  else
    cat "$W/b.out"; bad "snapshot-off"
  fi
else
  bad "snapshot-deterministic" "no run-backend-qemu runs"
fi

# ------------------------------------------------------------ e1klab.ko vs the testbench
# The same scenario, device model and driver core on both backends
# (docs/full-system.md "Cross-validation"): the guest runs e1klab.ko
# ([guest] driver = e1klab, the default), the testbench its modelled
# kernel.  run-backend-qemu above already ran the NAPI scenario twice with
# e1klab.ko: identical JSON.
# xv NAME SCENARIO ARGS...: the guest's JSON in $W/q-NAME.json, the
# testbench's in $W/t-NAME.json; 0 when both runs succeeded.
xv() {
  local name=$1 sc=$2; shift 2
  "$E1KLAB" run "$sc" "$@" --json "$W/t-$name.json" --quiet >"$W/t-$name.err" 2>&1 \
    || { cat "$W/t-$name.err"; return 1; }
  timeout 600 "$E1KLAB" run --backend qemu "$sc" "$@" --json "$W/q-$name.json" \
    --quiet --timeout 500 >"$W/q-$name.err" 2>&1 || { cat "$W/q-$name.err"; return 1; }
}
# xv_check DESCRIPTION NAME... <<PY: the Python check on stdin sees q[NAME]
# and t[NAME] (guest and testbench reports), drv(report, i) (interface i's
# driver counters) and appends to e[] what is wrong
xv_check() {
  local what=$1 why; shift
  cat > "$W/xv.py"
  if why=$(python3 - "$W" "$@" <<'EOF'
import json, sys
w, names = sys.argv[1], sys.argv[2:]
q = {n: json.load(open("%s/q-%s.json" % (w, n))) for n in names}
t = {n: json.load(open("%s/t-%s.json" % (w, n))) for n in names}
e = []
def drv(r, i): return r["interfaces"][i]["driver"]
exec(open(w + "/xv.py").read())
print("; ".join(e))
sys.exit(1 if e else 0)
EOF
  ); then ok "$what"; else bad "$what" "$why"; fi
}
if [ -x "$E1KLAB" ]; then
  L=testbench/scenarios/forward-970kpps-legacy.ini
  # M1 at 50,000 frames: the interrupt-driven driver collapses, NAPI
  # forwards
  if xv m1-legacy "$L" --set traffic.count=50000 &&
     xv m1-napi "$scen" --set traffic.count=50000; then
    xv_check "m1-guest (e1klab.ko legacy forwards < 1/10 of napi, in the guest as in the testbench)" \
      m1-legacy m1-napi <<'PY'
for r, b in ((q, "guest"), (t, "testbench")):
    lg, np = r["m1-legacy"], r["m1-napi"]
    fl, fn = lg["accounting"]["forwarded"], np["accounting"]["forwarded"]
    if not (fn > 0 and fl * 10 < fn):
        e.append("%s: legacy %d vs napi %d forwarded" % (b, fl, fn))
    if drv(lg, 0)["polls"] != 0 or drv(lg, 0)["interrupts"] == 0:
        e.append("%s: legacy eth0 driver %s (want interrupts, no polls)" % (b, drv(lg, 0)))
    if drv(np, 0)["polls"] == 0:
        e.append("%s: napi eth0 made no polls" % b)
    # legacy's losses: the backlog refuses what netif_rx hands it; those
    # frames are counted once, as backlog_drops, never as ip_dropped
    a = lg["accounting"]
    if a["backlog_drops"] == 0 or a["ip_dropped"] != 0 or not 0 <= a["host_other"] <= 300:
        e.append("%s: legacy accounting %s" % (b, a))
PY
  else
    bad "m1-guest" "run failed"
  fi
  # M3: irq-off takes >= 50x fewer RX interrupts than twist; twist stays
  # under its ITR (8000/s); the drops are RX-OVR = MPC, none in the backlog
  ok3=1
  for v in twist irqoff; do
    xv "m3-$v" "testbench/scenarios/forward-10M-$v.ini" --set traffic.count=100000 || ok3=0
  done
  if [ $ok3 = 1 ]; then
    xv_check "m3-guest (irq-off >= 50x fewer RX interrupts than twist; ITR 8000 ceiling; drops are RX-OVR = MPC)" \
      m3-twist m3-irqoff <<'PY'
for r, b in ((q, "guest"), (t, "testbench")):
    tw, io = drv(r["m3-twist"], 0)["interrupts"], drv(r["m3-irqoff"], 0)["interrupts"]
    if not (io > 0 and tw >= 50 * io):
        e.append("%s: RX interrupts twist %d, irq-off %d" % (b, tw, io))
    for n in ("m3-twist", "m3-irqoff"):
        i0 = r[n]["interfaces"][0]
        if not (i0["netstat"]["RX-OVR"] == i0["nic"]["MPC"] > 0 and r[n]["host"]["backlog_drops"] == 0):
            e.append("%s %s: RX-OVR %d, MPC %d, backlog drops %d" % (
                b, n, i0["netstat"]["RX-OVR"], i0["nic"]["MPC"], r[n]["host"]["backlog_drops"]))
    # 100,000 frames at 820 kpps: 122 ms of traffic, the ring drained
    # by the end of the window (window_ns); link-up and watchdog outside
    # it add a few per port
    tw = r["m3-twist"]
    for k, f in enumerate(tw["interfaces"]):
        if drv(tw, k)["interrupts"] > 8000 * tw["window_ns"] / 1e9 + 10:
            e.append("%s twist %s: %d interrupts, over 8000/s" % (
                b, f["name"], drv(tw, k)["interrupts"]))
PY
  else
    bad "m3-guest" "run failed"
  fi
  # device rules that agree exactly: at 10 kpps with ITR 0 and RxIntDelay 0
  # each frame gets its own RX interrupt; at 50 kpps with ITR 4000 the RX
  # port takes no more than 4000/s
  ll="--set driver.RxIntDelay=0 --set driver.InterruptThrottleRate=0 --set traffic.pps=10000 --set traffic.count=2000"
  it="--set driver.RxIntDelay=0 --set driver.InterruptThrottleRate=4000 --set traffic.pps=50000 --set traffic.count=5000"
  # shellcheck disable=SC2086
  if xv lowload "$scen" $ll && xv itr "$scen" $it; then
    xv_check "device-rules (one RX interrupt per frame at low load; ITR 4000 ceiling; both backends)" \
      lowload itr <<'PY'
for r, b in ((q, "guest"), (t, "testbench")):
    n = drv(r["lowload"], 0)["interrupts"]
    # plus the link-up and watchdog interrupts outside the traffic
    if not 2000 <= n <= 2000 + 16:
        e.append("%s: %d RX interrupts for 2,000 frames" % (b, n))
    n = drv(r["itr"], 0)["interrupts"]
    # 5,000 frames at 50 kpps: 100 ms of traffic -> at most 400 (+ outside)
    if not 300 <= n <= 400 + 16:
        e.append("%s: %d RX interrupts at ITR 4000 over 100 ms" % (b, n))
PY
  else
    bad "device-rules" "run failed"
  fi
fi

# ------------------------------------------------------------ migration
# The same run, stopped mid-replay, migrated to a file and finished in a
# new QEMU: the replay resumes and the result equals the uninterrupted run.
if [ $fw_ok = 1 ] && timeout 900 python3 tests/fullsys/migrate_replay.py 20000 "$W/fw1.json" \
     >"$W/migrate.log" 2>&1; then
  ok "forward-migration (stop mid-replay, migrate to a file, finish in a new QEMU: same result)"
else
  cat "$W/migrate.log"; bad "forward-migration"
fi

# ------------------------------------------------------------ qtest
for dev in e1klab-82540em e1klab-82545em; do
  if timeout 120 python3 tests/qtest/e1klab_itr.py "$QEMU" "$dev" >"$W/qtest-$dev.log" 2>&1; then
    ok "qtest-device ($dev: ITR C05, migration keeps the ITR deadline, DMA into own BAR refused)"
  else
    cat "$W/qtest-$dev.log"; bad "qtest-device ($dev)"
  fi
done

# ------------------------------------------------------------ bad input
# Each bad property must stop QEMU with exit 1 and one error line naming
# the culprit (file or value), without hanging.
printf 'garbage' > "$W/bad.pcap"
bad_input() {
  local want=$1; shift
  local out rc
  out=$(timeout 30 "$QEMU" -M pc -accel qtest -nodefaults -display none           -L /usr/share/qemu -L /usr/share/seabios           -device "e1klab-82540em,$1" 2>&1 </dev/null); rc=$?
  if [ $rc -eq 1 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -qF -- "$want"; then
    return 0
  fi
  echo "  $1 -> exit $rc: $out"; return 1
}
bi=1
bad_input "/nonexistent/x.pcap: cannot open capture: No such file" "replay=/nonexistent/x.pcap" || bi=0
bad_input "$W/bad.pcap: not a readable pcap/pcapng capture: unknown file format" "replay=$W/bad.pcap" || bi=0
bad_input "bus-timing 'isa'" "bus-timing=isa" || bi=0
bad_input "replay: frame size 20 bytes (incl. FCS) is outside 64..16128" "replay=gen,replay-size=20" || bi=0
bad_input "replay-pace 'fast'" "replay=gen,replay-pace=fast" || bi=0
bad_input "capture: /nonexistent/dir/x.pcap: No such file" "capture=/nonexistent/dir/x.pcap" || bi=0
bad_input "link-mbps must be 10, 100 or 1000" "link-mbps=7" || bi=0
if [ $bi = 1 ]; then ok "bad-input (pcap missing/garbage, bus, size, pace, capture path, link speed)"; else bad "bad-input"; fi

finish
