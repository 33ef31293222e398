#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# The guest half of the conformance suite (scripts/tests.d/conformance.sh,
# docs/full-system.md "Conformance"): run by guest-images/init in
# e1klab.mode=conform for every DUT:PEER pair of e1klab.pairs (default
# eth0:eth1), the two ports joined by a QEMU hub and nothing else on it.
# Each check is done by traffic between the two ports, counted in the
# receiving port's /sys/class/net/IF/statistics (no IP address and no
# IPv6 on the ports: nothing but the frames sent here crosses), plus
# what the host reads in the DUT's capture afterwards.  Prints key=value
# lines, one per observation, keys prefixed with the DUT's name:
#   st_off.rc, st_off.result, st_off.codes (the five numbers in ethtool's
#   order), st_off.peer_rx (frames the peer got during the test: the
#   loopback must stay off the wire), st_on.*, speed.S (sysfs speed/duplex
#   after ethtool -s speed S duplex full autoneg off), speed.S.peer_rx
#   (frames of the pktgen burst that reached the peer: 20), ring, coal,
#   offload, pause, nway, regs, eeprom (sum of the words), mtu9000,
#   vlan.*, promisc.*, allmulti.*, mcast.*, wol, traffic after each step
#   as "to_peer/to_dut" frame counts (10/10).
# Needs: ethtool, e1kpkt, /lib/e1klab/{llc,stp,garp,mrp,8021q,pktgen}.ko.

pairs=${1:-eth0:eth1}
for m in llc stp garp mrp 8021q pktgen; do
  insmod "/lib/e1klab/$m.ko" 2>/dev/null || echo "insmod.$m=failed"
done

out() { echo "$d.$1=$2"; }
# rx IF: frames IF received; ethtool -S first makes e1klab.ko refresh its
# counters (they are otherwise as of its last 2 s watchdog run), the stock
# driver's are current anyway
rx() {
  ethtool -S "$1" >/dev/null 2>&1
  cat "/sys/class/net/$1/statistics/rx_packets"
}
mac() { cat "/sys/class/net/$1/address"; }
# wait_carrier IF: up to 10 s for carrier
wait_carrier() {
  n=0
  while [ "$(cat "/sys/class/net/$1/carrier" 2>/dev/null)" != 1 ] && [ $n -lt 100 ]; do
    usleep 100000; n=$((n + 1))
  done
}
# count IF CMD...: frames IF received while CMD ran (and 0.3 s after)
count() {
  c_if=$1; shift
  c0=$(rx "$c_if"); "$@" >/dev/null; usleep 300000
  echo $(( $(rx "$c_if") - c0 ))
}
# traffic: 10 frames each way, "to_peer/to_dut"
traffic() {
  a=$(count "$p" e1kpkt send "$d" "$(mac "$p")" 88b5 200 10)
  b=$(count "$d" e1kpkt send "$p" "$(mac "$d")" 88b5 200 10)
  echo "$a/$b"
}
# selftest MODE: ethtool -t DUT MODE
selftest() {
  p0=$(rx "$p")
  ethtool -t "$d" "$1" > /tmp/st.out 2>&1
  out "st_$2.rc" $?
  out "st_$2.result" "$(sed -n 's/^The test result is //p' /tmp/st.out)"
  out "st_$2.codes" "$(grep -E 'test .*\((offline|on/offline)\)' /tmp/st.out |
                       awk '{print $NF}' | tr '\n' ',' | sed 's/,$//')"
  wait_carrier "$d"
  out "st_$2.peer_rx" $(( $(rx "$p") - p0 ))
}
# burst S: 20 frames of 1514 bytes (1518 with FCS) by pktgen to the peer,
# UDP source port S (the host finds them in the DUT's capture)
burst() {
  pg=/proc/net/pktgen
  echo "rem_device_all" > $pg/kpktgend_0
  echo "add_device $d" > $pg/kpktgend_0
  for c in "count 20" "pkt_size 1514" "delay 0" "clone_skb 0" \
           "dst_mac $(mac "$p")" "dst 10.99.0.2" "udp_src_min $1" \
           "udp_src_max $1" "udp_dst_min 9" "udp_dst_max 9"; do
    echo "$c" > "$pg/$d"
  done
  echo start > $pg/pgctrl
  echo "rem_device_all" > $pg/kpktgend_0
}
speeds() {
  for s in 10 100 1000; do
    ethtool -s "$d" speed $s duplex full autoneg off; rc=$?
    sleep 1; wait_carrier "$d"
    out "speed.$s" "rc$rc:$(cat /sys/class/net/$d/speed)/$(cat /sys/class/net/$d/duplex)"
    out "speed.$s.peer_rx" "$(count "$p" burst $s)"
  done
  ethtool -s "$d" autoneg on advertise 0x2f; sleep 1; wait_carrier "$d"
  out "speed.auto" "$(cat /sys/class/net/$d/speed)/$(cat /sys/class/net/$d/duplex)"
}
settings() {
  ethtool -G "$d" rx 512 tx 1024; rc=$?; wait_carrier "$d"
  out ring "rc$rc:$(ethtool -g "$d" | sed -n '/Current/,$p' | grep -E '^(RX|TX):' | tr -d '\t ' | tr '\n' ',')"
  out ring.traffic "$(traffic)"
  ethtool -C "$d" rx-usecs 100 2>/tmp/c.err; rc=$?
  out coal "rc$rc:$(ethtool -c "$d" 2>&1 | grep -E '^rx-usecs:' | tr -d ' ')$(head -c 60 /tmp/c.err | tr ' \n' '_ ')"
  out coal.traffic "$(traffic)"
  ethtool -K "$d" rx off >/dev/null; rc1=$?
  ethtool -K "$d" tx off >/dev/null; rc2=$?
  sleep 1; wait_carrier "$d"  # a receive checksum change resets the port
  out offload "rc$rc1$rc2:$(ethtool -k "$d" | grep -E '^(rx|tx)-checksumming:' | tr -d ' ' | tr '\n' ',')"
  out offload.traffic "$(traffic)"
  ethtool -K "$d" rx on tx on >/dev/null; sleep 1; wait_carrier "$d"
  ethtool -A "$d" autoneg off rx off tx off; rc=$?
  out pause "rc$rc:$(ethtool -a "$d" | grep -E '^(Autonegotiate|RX|TX):' | tr -d '\t ' | tr '\n' ',')"
  out pause.traffic "$(traffic)"
  ethtool -A "$d" autoneg on rx on tx on; sleep 1; wait_carrier "$d"
  ethtool -r "$d"; rc=$?; sleep 1; wait_carrier "$d"
  out nway "rc$rc:carrier$(cat /sys/class/net/$d/carrier)"
  out nway.traffic "$(traffic)"
}
dumps() {
  ethtool -d "$d" > /tmp/d.out 2>&1; rc=$?
  out regs "rc$rc:$(grep -cE '^0x0000[08]: (CTRL|STATUS) ' /tmp/d.out)"
  # the raw dump: 32 dwords; dword 1 is STATUS (Linux e1000_get_regs)
  ethtool -d "$d" raw on > /tmp/d.bin 2>/dev/null
  out regs.raw "$(wc -c < /tmp/d.bin):$(od -An -tx4 -j4 -N4 /tmp/d.bin | tr -d ' ')"
  ethtool -e "$d" > /tmp/e.out 2>&1; out eeprom.rc $?
  # words little-endian, summed modulo 2^16: 0xbaba when valid
  sum=$(sed -n 's/^0x[0-9a-f]*:[[:space:]]*//p' /tmp/e.out | tr ' ' '\n' |
        grep -E '^[0-9a-f]{2}$' | awk '{printf "%d ", ("0x" $1) + 0}' |
        awk '{for (i = 1; i < NF; i += 2) s += $i + 256 * $(i + 1);
              printf "%04x %d", s % 65536, NF}')
  out eeprom "$sum"
  out eeprom.mac "$(sed -n 's/^0x0000:[[:space:]]*//p' /tmp/e.out | cut -d' ' -f1-6 | tr ' ' ':')"
}
jumbo() {
  for i in "$d" "$p"; do
    ip link set "$i" down; ip link set "$i" mtu 9000 || out mtu.failed "$i"; ip link set "$i" up
  done
  wait_carrier "$d"; wait_carrier "$p"
  a=$(count "$p" e1kpkt send "$d" "$(mac "$p")" 88b5 9014 5)
  b=$(count "$d" e1kpkt send "$p" "$(mac "$d")" 88b5 9014 5)
  out mtu9000 "$(cat /sys/class/net/$d/mtu):$a/$b"
  for i in "$d" "$p"; do
    ip link set "$i" down; ip link set "$i" mtu 1500; ip link set "$i" up
  done
  wait_carrier "$d"; wait_carrier "$p"
}
vlan() {
  vconfig add "$d" 100 >/dev/null && ip link set "$d.100" up || out vlan.failed add
  v0=$(rx "$d.100")
  out vlan.rx100 "$(count "$d" e1kpkt send "$p" "$(mac "$d")" 88b5 200 5 100)"
  out vlan.rx200 "$(count "$d" e1kpkt send "$p" "$(mac "$d")" 88b5 200 5 200)"
  out vlan.dev_rx $(( $(rx "$d.100") - v0 ))
  ip link set "$p" promisc on
  out vlan.tx100 "$(count "$p" e1kpkt send "$d.100" "$(mac "$p")" 88b5 200 5)"
  ip link set "$p" promisc off
  vconfig rem "$d.100" >/dev/null
}
filters() {
  other=02:00:00:00:99:99
  out promisc.off "$(count "$d" e1kpkt send "$p" $other 88b5 200 5)"
  ip link set "$d" promisc on
  out promisc.on "$(count "$d" e1kpkt send "$p" $other 88b5 200 5)"
  ip link set "$d" promisc off
  # a group no default one shares an MTA hash with (filter type 0: bits
  # 47:36, 0x221; IPv4's all-hosts 01:00:5e:00:00:01 is 0x010)
  out allmulti.off "$(count "$d" e1kpkt send "$p" 01:00:5e:7f:10:22 88b5 200 5)"
  ifconfig "$d" allmulti
  out allmulti.on "$(count "$d" e1kpkt send "$p" 01:00:5e:7f:10:22 88b5 200 5)"
  ifconfig "$d" -allmulti
  # 16 groups, hashes 0x010..0x100 (Linux e1000 puts the first 14
  # multicast addresses in receive address slots, the rest in the MTA:
  # the last one joined is hashed by both drivers); the foreign group
  # hashes to 0xF60
  groups=""
  for i in 1 2 3 4 5 6 7 8 9 a b c d e f 10; do groups="$groups 01:00:5e:01:02:$i"; done
  # shellcheck disable=SC2086
  e1kpkt join "$d" 4 $groups > /tmp/join.out &
  sleep 1
  out mcast.first "$(count "$d" e1kpkt send "$p" 01:00:5e:01:02:1 88b5 200 5)"
  out mcast.last "$(count "$d" e1kpkt send "$p" 01:00:5e:01:02:10 88b5 200 5)"
  out mcast.foreign "$(count "$d" e1kpkt send "$p" 01:00:5e:04:05:f6 88b5 200 5)"
  wait
  out mcast.join "$(cat /tmp/join.out)"
}
wol() {
  ethtool -s "$d" wol g 2>/tmp/w.err; rc=$?
  out wol "rc$rc:$(ethtool "$d" | sed -n 's/^[[:space:]]*Wake-on: //p')"
}

for pair in $(echo "$pairs" | tr ',' ' '); do
  d=${pair%%:*}; p=${pair#*:}
  wait_carrier "$d"; wait_carrier "$p"
  out start.traffic "$(traffic)"
  selftest offline off
  selftest online on
  speeds
  settings
  dumps
  jumbo
  vlan
  filters
  wol
  out end.traffic "$(traffic)"
done
echo "conform=done"
