#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
#
# e1klab.mode=ixgbe-diag (guest-images/ixgbe-init): Linux's own ixgbe on
# the 82598EB model.  Words (kernel command line, all optional):
#   e1klab.queues=N    RSS queues for the flow test (ethtool -L combined
#                      N; default 4)
#   e1klab.frames=N    frames the host replays for the flow test (default
#                      255: eight flows, flow i sends 2^i frames)
#   e1klab.affinity=IF,CPU[,CPU...]  after the queue change, pin IF's
#                      vectors to the CPUs given, the k-th vector to the
#                      k-th CPU (guest-images/irq-affinity.sh, as the e1000
#                      guest's /init does; result affinity.IF=IRQ:CPU ...)
#   e1klab.settle=S    seconds to wait for carrier (default 5)
#   e1klab.selftest=0  skip ethtool -t
# Steps: insmod ixgbe, eth0 up, carrier; ethtool -i, -l, -c and
# /proc/interrupts with the default queues; ethtool -t eth0 offline;
# ethtool -L combined N, carrier, the affinity, ethtool -x; wait (bounded,
# 120 s of guest time) until eth0's rx_packets grew by the replayed
# frames; the growth of each queue's counter (ethtool -S) is the section
# "@@ rss".  Output: the
# e1000 guest's block format (docs/full-system.md), then power off.
PATH=/bin:/sbin:/usr/bin:/usr/sbin
export PATH
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mkdir -p /tmp /run
queues=4; frames=255; affinity=""; settle=5; selftest=1
for arg in $(cat /proc/cmdline); do
  case "$arg" in
    e1klab.queues=*) queues=${arg#*=} ;;
    e1klab.frames=*) frames=${arg#*=} ;;
    e1klab.affinity=*) affinity="$affinity ${arg#*=}" ;;
    e1klab.settle=*) settle=${arg#*=} ;;
    e1klab.selftest=*) selftest=${arg#*=} ;;
  esac
done
result=""
res() { result="$result$1
"; }
carrier() {  # wait (guest time) for carrier on eth0
  n=0
  while [ "$(cat /sys/class/net/eth0/carrier 2>/dev/null)" != 1 ] && [ $n -lt $((settle * 10)) ]; do
    usleep 100000; n=$((n + 1))
  done
  cat /sys/class/net/eth0/carrier 2>/dev/null
}
# rxq: "Q PACKETS" per RX queue from ethtool -S
rxq() { ethtool -S eth0 | sed -n 's/^ *rx_queue_\([0-9]*\)_packets: \([0-9]*\)$/\1 \2/p'; }

if insmod /lib/e1klab/ixgbe.ko; then res "insmod=ok"; else res "insmod=failed"; fi
ip link set lo up
ip link set eth0 up
res "carrier=$(carrier)"
res "mac=$(cat /sys/class/net/eth0/address)"
res "speed=$(cat /sys/class/net/eth0/speed)"
res "duplex=$(cat /sys/class/net/eth0/duplex)"
ethtool -i eth0 > /tmp/ethtool-i 2>&1
ethtool -l eth0 > /tmp/ethtool-l 2>&1
ethtool -c eth0 > /tmp/ethtool-c 2>&1
cat /proc/interrupts > /tmp/interrupts0
if [ "$selftest" = 0 ]; then
  : > /tmp/selftest
elif ethtool -t eth0 offline > /tmp/selftest 2>&1; then
  res "selftest=$(sed -n 's/^The test result is //p' /tmp/selftest)"
  res "carrier_after_selftest=$(carrier)"
else
  res "selftest=failed($(sed -n 's/^The test result is //p' /tmp/selftest))"
  res "carrier_after_selftest=$(carrier)"
fi
if ethtool -L eth0 combined "$queues" > /tmp/ethtool-L 2>&1; then
  res "channels=ok"
else
  res "channels=failed $(tr '\n' ' ' < /tmp/ethtool-L)"
fi
res "carrier_after_channels=$(carrier)"
[ -n "$affinity" ] && . /lib/e1klab/irq-affinity.sh
ethtool -x eth0 > /tmp/ethtool-x 2>&1
rxq > /tmp/rxq0
rx0=$(cat /sys/class/net/eth0/statistics/rx_packets)
n=0; got=0
while [ $n -lt 1200 ]; do
  got=$(( $(cat /sys/class/net/eth0/statistics/rx_packets) - rx0 ))
  [ "$got" -ge "$frames" ] && break
  usleep 100000; n=$((n + 1))
done
rxq > /tmp/rxq1
res "rss_frames=$got/$frames"
usleep 200000   # the transmit side of anything the stack answered settles

echo
echo "===E1KLAB-BEGIN==="
echo "@@ meta"
echo "kernel=$(uname -r)"
echo "mode=ixgbe-diag"
echo "cpus=$(grep -c '^processor' /proc/cpuinfo)"
echo "queues=$queues"
echo "@@ result"
printf '%s' "$result"
echo "@@ pci"
for d in /sys/bus/pci/devices/*; do
  case "$(cat "$d/class")" in
    0x0200*) echo "${d##*/} vendor=$(cat "$d/vendor") device=$(cat "$d/device") subsystem_vendor=$(cat "$d/subsystem_vendor") subsystem_device=$(cat "$d/subsystem_device") revision=$(cat "$d/revision") irq=$(cat "$d/irq")" ;;
  esac
done
echo "@@ dmesg"
dmesg
echo "@@ interrupts_start"
cat /tmp/interrupts0
echo "@@ interrupts"
cat /proc/interrupts
echo "@@ rss"
awk 'NR==FNR { a[$1] = $2; next } $2 != a[$1] { print "rxq." $1 "=" $2 - a[$1] }' /tmp/rxq0 /tmp/rxq1
for t in i l c x; do
  echo "@@ ethtool-$t eth0"; cat "/tmp/ethtool-$t"
done
echo "@@ selftest eth0"
cat /tmp/selftest
echo "@@ ethtool eth0"
ethtool -S eth0 2>&1
echo "===E1KLAB-END==="
sync
poweroff -f
