#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Full-system tests of the 82598EB (docs/full-system.md "The 82598EB
# device"): Linux 6.1's own ixgbe driver in the guest on
# -device e1klab-82598eb (initrd-ixgbe.gz, rdinit=/lib/e1klab/ixgbe-init):
#   ixgbe-probe      PCI IDs, probe, MAC from the EEPROM, no EEPROM or
#                    hang message, carrier, link at 10000 Mb/s
#   ixgbe-ethtool    ethtool -i/-l/-c/-x/-S answer as the driver does
#   ixgbe-selftest   ethtool -t eth0 offline: PASS, each of the five tests 0
#   ixgbe-msix       one MSI-X vector per queue (and one for the other
#                    causes) in /proc/interrupts, interrupts counted on
#                    each, the device's messages on each (1 vCPU: one
#                    queue, Linux's ixgbe caps its queues at the CPUs)
#   ixgbe-rss-1q     1 vCPU: RSS off, every flow on queue 0, as the model
#   ixgbe-smp4-msix  4 vCPUs: four queue vectors, vector k pinned to CPU k
#                    (irq-affinity.sh), its interrupts on CPU k
#   ixgbe-rss        4 vCPUs: eight TCP flows (flow i: 2^i frames)
#                    replayed into the device land on the queues the
#                    model's RSS computes (build/tests/ixgbe-rss-queues)
#                    from the RSSRK, RETA and MRQC the driver programmed,
#                    read back from the device when the replay ended, and
#                    that the driver's own ethtool -x key and table give
#   ixgbe-deterministic  4 vCPUs, two runs: identical result blocks
#   ixgbe-dhcp-http, ixgbe-http-upload  -netdev user: DHCP, wget of a file
#                    from the host, POST back, SHA-256 both ways
#   ixgbe-bad-input  bad properties stop QEMU with one line
# Every QEMU run has a wall-clock timeout.  Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
top=$(pwd)

pass=0; fail=0
ok()  { echo "ok - $1"; pass=$((pass + 1)); }
bad() { echo "FAIL - $1${2:+: $2}"; fail=$((fail + 1)); }
finish() { echo "$pass passed, $fail failed"; exit $([ "$fail" -eq 0 ] && echo 0 || echo 1); }

W=$(mktemp -d /tmp/e1klab-qemu-ixgbe.XXXXXX)
http_pid=""
cleanup() {
  [ -n "$http_pid" ] && kill "$http_pid" 2>/dev/null
  rm -rf "$W"
}
trap cleanup EXIT

# ------------------------------------------------------------ builds
if ! timeout 2400 scripts/build-qemu.sh >"$W/build-qemu.log" 2>&1; then
  tail -n 15 "$W/build-qemu.log"; bad "ixgbe: build-qemu" "see the log above"; finish
fi
if ! timeout 600 guest-images/build.sh >"$W/build-guest.log" 2>&1; then
  tail -n 15 "$W/build-guest.log"; bad "ixgbe: build-guest" "see the log above"; finish
fi
QEMU=$top/qemu-build/build/qemu-system-x86_64
KERNEL=$top/qemu-build/guest/vmlinuz
INITRD=$top/qemu-build/guest/initrd-ixgbe.gz
RSSQ=${IXGBE_RSS_QUEUES:-$top/build/tests/ixgbe-rss-queues}
. scripts/tests.d/qemu-lib.bash   # run_guest, section, block
# has GREP-ARGS: grep for a match reading all its input (grep -q leaves
# early, and under pipefail the writer's SIGPIPE fails the pipeline)
has() { grep "$@" >/dev/null; }
start=$(date +%s)

# ------------------------------------------------------------ diag runs
mac=52:54:00:98:00:01
python3 tests/fullsys/ixgbe_flows.py "$W/flows.pcap" "$mac" 8
# diag NAME CPUS WORDS: one ixgbe-diag boot with CPUS vCPUs; the flows
# arrive REPLAY_DELAY ns of virtual time after the driver first enables its
# receiver (after probe, self-test, queue change and affinity), 10,000
# frames/s
diag() {
  local smp=()
  [ "$2" -gt 1 ] && smp=(-smp "$2")
  run_guest "$W/$1.log" 900 "rdinit=/lib/e1klab/ixgbe-init e1klab.mode=ixgbe-diag $3" \
    "${smp[@]}" -net none -device "e1klab-82598eb,addr=04.0,mac=$mac,replay=$W/flows.pcap,replay-pace=pps,replay-pps=10000,replay-start-ns=${REPLAY_DELAY:-150000000000},stats=$W/$1.stats"
}
# rss_check NAME: the guest's queue of each flow = the model's, from the
# registers the driver left in the device, and = the driver's own view
# (its `ethtool -x` key and table through the Toeplitz hash); prints the
# queues or the reason
rss_check() {
  "$RSSQ" "$W/$1.stats" "$W/flows.pcap" > "$W/$1.rss-model" 2>"$W/$1.rss-err" ||
    { echo "FAIL $(cat "$W/$1.rss-err")"; return; }
  section "$W/$1.log" "ethtool-x eth0" > "$W/$1.ethtool-x"
  "$RSSQ" --ethtool-x "$W/$1.ethtool-x" "$W/flows.pcap" > "$W/$1.rss-driver" 2>>"$W/$1.rss-err" ||
    { echo "FAIL $(cat "$W/$1.rss-err")"; return; }
  grep '^rxq\.' "$W/$1.rss-model" > "$W/$1.rss-want"
  section "$W/$1.log" rss > "$W/$1.rss-got"
  if section "$W/$1.log" result | has -x "rss_frames=255/255" &&
     grep -qx "reg.at=replay-end" "$W/$1.stats" && cmp -s "$W/$1.rss-want" "$W/$1.rss-got" &&
     cmp -s "$W/$1.rss-model" "$W/$1.rss-driver"; then
    tr '\n' ' ' < "$W/$1.rss-got"
  else
    echo "FAIL guest $(tr '\n' ' ' < "$W/$1.rss-got")$(section "$W/$1.log" result | grep -E 'rss_frames|channels' | tr '\n' ' ') model $(tr '\n' ' ' < "$W/$1.rss-model") driver $(tr '\n' ' ' < "$W/$1.rss-driver")"
  fi
}
# vectors_check LOG SECTION QUEUES: one eth0-TxRx-N line per queue, each
# with interrupts, and one eth0 line (other causes: the link is up before
# the driver opens, so it may have none); prints the reason
vectors_check() {
  local i0 nq why=""
  i0=$(section "$1" "$2")
  nq=$(echo "$i0" | grep -c -- "-edge *eth0-TxRx-[0-9]*$")
  [ "$nq" = "$3" ] || why="$why $nq TxRx vectors (want $3);"
  echo "$i0" | has -E "PCI-MSI.*-edge +eth0$" || why="$why no vector for the other causes;"
  echo "$i0" | grep -E -- "-edge +eth0-TxRx-[0-9]+$" | awk '{ s = 0; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) s += $i; if (s == 0) z = 1 } END { exit z }' ||
    why="$why a vector without interrupts;"
  echo "$why"
}
t0=$(date +%s)
d1=0; diag diag1 1 "e1klab.queues=1" && d1=1
t1=$(date +%s)
L=$W/diag1.log
if [ $d1 = 1 ]; then
  dm=$(section "$L" dmesg); res=$(section "$L" result); why=""
  section "$L" pci | has "00:04.0 vendor=0x8086 device=0x10dd" || why="$why PCI IDs ($(section "$L" pci));"
  echo "$res" | has -x "insmod=ok" || why="$why insmod failed;"
  echo "$dm" | has "ixgbe 0000:00:04.0: $mac" || why="$why no MAC line '$mac' (EEPROM);"
  echo "$dm" | has "ixgbe 0000:00:04.0: Intel(R) 10 Gigabit Network Connection" || why="$why no probe line;"
  echo "$dm" | has "eth0: NIC Link is Up 10 Gbps" || why="$why no link up 10 Gbps;"
  echo "$dm" | has -E "ixgbe.*([Ee][Ee][Pp][Rr][Oo][Mm]|[Cc]hecksum|Reset adapter|Hang)|Oops|BUG:|WARNING:|Call Trace|timed out" && why="$why error in dmesg;"
  echo "$res" | has -x "carrier=1" || why="$why no carrier;"
  echo "$res" | has -x "mac=$mac" || why="$why eth0 address;"
  echo "$res" | has -x "speed=10000" || why="$why speed $(echo "$res" | sed -n 's/^speed=//p');"
  if [ -z "$why" ]; then ok "ixgbe-probe (8086:10dd, MAC $mac from the EEPROM, link up 10 Gbps, speed 10000; $((t1 - t0)) s)"; else bad "ixgbe-probe" "$why"; fi

  why=""
  section "$L" "ethtool-i eth0" | has -x "driver: ixgbe" || why="$why -i driver;"
  section "$L" "ethtool-i eth0" | has -x "bus-info: 0000:00:04.0" || why="$why -i bus-info;"
  section "$L" "ethtool-l eth0" | has -E "^Combined:[[:space:]]+1$" || why="$why -l (1 queue on 1 CPU);"
  section "$L" "ethtool-c eth0" | has -E "^rx-usecs:" || why="$why -c;"
  section "$L" "ethtool-x eth0" | has "RX flow hash indirection table for eth0 with 1 RX ring(s):" || why="$why -x table;"
  section "$L" "ethtool-x eth0" | has "^RSS hash key:" || why="$why -x key;"
  section "$L" "ethtool eth0" | has -E "^ +rx_queue_0_packets: [1-9]" || why="$why -S per-queue counters;"
  if [ -z "$why" ]; then ok "ixgbe-ethtool (-i ixgbe, -l, -c, -x, -S per queue)"; else bad "ixgbe-ethtool" "$why"; fi

  st=$(section "$L" "selftest eth0")
  if echo "$res" | has -x "selftest=PASS" && [ "$(echo "$st" | grep -cE '\((on/)?offline\)[[:space:]]+0$')" = 5 ] &&
     echo "$res" | has -x "carrier_after_selftest=1"; then
    ok "ixgbe-selftest (ethtool -t eth0 offline: PASS; register, EEPROM, interrupt, loopback, link 0)"
  else
    bad "ixgbe-selftest" "$(echo "$res" | grep selftest) $(echo "$st" | tr '\n' ' ')"
  fi

  why=$(vectors_check "$L" interrupts_start 1)
  nv=$(grep -c '^model.vector.[0-9]*.messages=' "$W/diag1.stats")
  [ "$nv" -ge 1 ] || why="$why device messages on $nv vectors;"
  if [ -z "$why" ]; then
    ok "ixgbe-msix (1 vCPU: eth0-TxRx-0 with interrupts, and eth0; device messages on $nv vector(s))"
  else
    bad "ixgbe-msix" "$why $(section "$L" interrupts_start | grep eth0 | tr -s ' ' | tr '\n' ';')"
  fi
  r=$(rss_check diag1)
  case "$r" in
    FAIL*) bad "ixgbe-rss-1q" "${r#FAIL }" ;;
    *) ok "ixgbe-rss-1q (1 queue, RSS off: $r= the model's)" ;;
  esac
else
  for t in probe ethtool selftest msix rss-1q; do bad "ixgbe-$t" "guest run failed"; done
fi

# 4 vCPUs: four queues (one per CPU), vector k of eth0 on CPU k
s0=$(date +%s)
q1=0; q2=0
diag smp1 4 "e1klab.queues=4 e1klab.affinity=eth0,0,1,2,3" && q1=1
s1=$(date +%s)
diag smp2 4 "e1klab.queues=4 e1klab.affinity=eth0,0,1,2,3" && q2=1
L=$W/smp1.log
if [ $q1 = 1 ]; then
  res=$(section "$L" result)
  why=$(vectors_check "$L" interrupts 4)
  echo "$res" | has -x "selftest=PASS" || why="$why self-test;"
  echo "$res" | has -x "channels=ok" || why="$why ethtool -L;"
  aff=$(echo "$res" | sed -n 's/^affinity.eth0=//p')
  # each TxRx-k line: its interrupts since the pinning all in CPU k's
  # column (the count before it is in interrupts_start)
  for k in 0 1 2 3; do
    irq=$(section "$L" interrupts | sed -n "s/^ *\([0-9]*\):.*-edge *eth0-TxRx-$k\$/\1/p")
    echo " $aff " | has " $irq:$k " || why="$why TxRx-$k (irq $irq) not pinned to CPU $k ($aff);"
    section "$L" interrupts | awk -v q="$irq:" -v k="$k" '$1 == q { if ($(k + 2) == 0) exit 1 }' ||
      why="$why no interrupts of TxRx-$k on CPU $k;"
  done
  if [ -z "$why" ]; then
    ok "ixgbe-smp4-msix (4 vCPUs: eth0-TxRx-0..3 + eth0, TxRx-k pinned to CPU k with interrupts there; $((s1 - s0)) s)"
  else
    bad "ixgbe-smp4-msix" "$why $(section "$L" interrupts | grep eth0 | tr -s ' ' | tr '\n' ';')"
  fi
  r=$(rss_check smp1)
  case "$r" in
    FAIL*) bad "ixgbe-rss" "${r#FAIL }" ;;
    *) if [ "$(wc -l < "$W/smp1.rss-got")" -ge 2 ]; then
         ok "ixgbe-rss (4 vCPUs, 8 TCP flows over 4 queues: $r= the model's RSS for the RSSRK/RETA/MRQC the driver programmed = the driver's ethtool -x key and table)"
       else
         bad "ixgbe-rss" "all flows on one queue: $r"
       fi ;;
  esac
else
  bad "ixgbe-smp4-msix" "guest run failed"; bad "ixgbe-rss" "guest run failed"
fi
if [ $q1 = 1 ] && [ $q2 = 1 ] && cmp -s <(block "$W/smp1.log") <(block "$W/smp2.log"); then
  ok "ixgbe-deterministic (4 vCPUs, two runs: identical result blocks, $(block "$W/smp1.log" | wc -l) lines)"
else
  [ $q1 = 1 ] && [ $q2 = 1 ] && diff <(block "$W/smp1.log") <(block "$W/smp2.log") | head -n 10
  bad "ixgbe-deterministic"
fi

# ------------------------------------------------------------ dhcp + http
# The e1000 guest's dhcp mode with e1klab.driver=ixgbe (guest-images/init
# behind ixgbe-init), the host's server of tests/fullsys/http_server.py.
mkdir -p "$W/www"
python3 - "$W/www/blob.bin" <<'PY'
import hashlib, sys
out, h = bytearray(), b"e1klab-82598"
while len(out) < 262144 + 4321:
    h = hashlib.sha256(h).digest()
    out += h
open(sys.argv[1], "wb").write(out[:262144 + 4321])
PY
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
timeout 600 python3 tests/fullsys/http_server.py "$W/www" "$port" >"$W/http.log" 2>&1 &
http_pid=$!
for _ in $(seq 50); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1',$port),1)" 2>/dev/null && break
  sleep 0.1
done
want=$(sha256sum "$W/www/blob.bin" | cut -d' ' -f1)
wsize=$(stat -c %s "$W/www/blob.bin")
# sleep=on: talking to host processes, idle guest time follows real time
if ICOUNT=shift=4,sleep=on run_guest "$W/dhcp.log" 300 \
     "rdinit=/lib/e1klab/ixgbe-init e1klab.driver=ixgbe e1klab.mode=dhcp e1klab.url=http://10.0.2.2:$port/blob.bin e1klab.upload=http://10.0.2.2:$port/upload" \
     -netdev user,id=n0 -device e1klab-82598eb,netdev=n0,addr=04.0; then
  res=$(section "$W/dhcp.log" result)
  if echo "$res" | has -x "dhcp=ok" && echo "$res" | has -x "http_sha256=$want" &&
     echo "$res" | has -x "http_size=$wsize"; then
    ok "ixgbe-dhcp-http (DHCP over slirp, $wsize bytes fetched, SHA-256 equal)"
  else
    bad "ixgbe-dhcp-http" "$(echo "$res" | tr '\n' ' ') want sha256=$want size=$wsize"
  fi
  if echo "$res" | has -x "upload_response=sha256=$want size=$wsize"; then
    ok "ixgbe-http-upload (the same bytes POSTed back: the host's SHA-256 equal)"
  else
    bad "ixgbe-http-upload" "$(echo "$res" | grep '^upload' | tr '\n' ' ') want sha256=$want size=$wsize"
  fi
else
  bad "ixgbe-dhcp-http" "guest run failed"; bad "ixgbe-http-upload" "guest run failed"
fi
kill "$http_pid" 2>/dev/null; http_pid=""

# ------------------------------------------------------------ bad input
bad_input() {
  local want=$1 dev=$2 out rc
  out=$(timeout 30 "$QEMU" -M pc -accel qtest -nodefaults -display none \
        -L /usr/share/qemu -L /usr/share/seabios -device "$dev" 2>&1 </dev/null); rc=$?
  if [ $rc -eq 1 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | has -F -- "$want"; then
    return 0
  fi
  echo "  $dev -> exit $rc: $out"; return 1
}
bi=1
bad_input "bus-timing 'pci64-66' is not one of pcie1-x1" "e1klab-82598eb,bus-timing=pci64-66" || bi=0
bad_input "a dual-port part has functions 0 and 1 (got 2)" "e1klab-82598af-dual,addr=04.2" || bi=0
bad_input "/nonexistent/x.pcap: cannot open capture" "e1klab-82598eb,replay=/nonexistent/x.pcap" || bi=0
bad_input "capture: /nonexistent/dir/x.pcap" "e1klab-82598eb,capture=/nonexistent/dir/x.pcap" || bi=0
if [ $bi = 1 ]; then ok "ixgbe-bad-input (bus, dual-port function, replay file, capture path)"; else bad "ixgbe-bad-input"; fi

echo "# qemu-ixgbe suite: $(( $(date +%s) - start )) s wall"
finish
