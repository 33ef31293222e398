#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# meson test ixgbe-rss-queues: the tool (tests/ixgbe_rss_queues.c) on
# registers holding Microsoft's RSS verification key ([MS-RSS]) and a RETA
# that sends entry i to queue i mod 4, as Linux's ixgbe fills it for four
# queues (both nibbles of each byte, ixgbe_store_reta on the 82598):
#   - the IPv4/TCP verification vector 66.9.149.187:2794 -> 161.142.100.80:1766
#     hashes to 0x51ccc178 (the published value), so it takes RETA entry
#     0x78, queue 0;
#   - the second vector 199.92.111.2:14230 -> 65.69.140.83:4739 hashes to
#     0xc626b0ea:
#     entry 0x6a, queue 2;
#   - the same from the driver's view, `ethtool -x` output (--ethtool-x);
#   - a malformed register line, a missing RETA line, an ethtool -x
#     without key: exit 2, one line.
# Usage: ixgbe_rss_queues_check.sh TOOL
set -uo pipefail
tool=$1
W=$(mktemp -d /tmp/e1klab-rssq.XXXXXX)
trap 'rm -rf "$W"' EXIT
python3 - "$W" <<'PY'
import struct, sys
w = sys.argv[1]
key = bytes.fromhex("6d5a56da255b0ec24167253d43a38fb0d0ca2bcbae7b30b477cb2da3"
                    "8030f20c6a42b73bbeac01fa")
lines = ["model.gprc=0", "reg.MRQC=0x%08x" % (0x1 | 1 << 16 | 1 << 17)]
lines += ["reg.RSSRK.%d=0x%08x" % (i, int.from_bytes(key[4*i:4*i+4], "little"))
          for i in range(10)]
lines += ["reg.RETA.%d=0x%08x" % (i, sum((0x11 * ((4*i + b) % 4)) << (8*b)
                                         for b in range(4))) for i in range(32)]
open(w + "/stats", "w").write("\n".join(lines) + "\n")
open(w + "/bad", "w").write("\n".join(lines[:5] + ["reg.RETA.x=1"] + lines[5:]) + "\n")
open(w + "/short", "w").write("\n".join(lines[:-1]) + "\n")
# the same key and table as `ethtool -x` prints them
x = ["RX flow hash indirection table for eth0 with 4 RX ring(s):"]
x += ["%5d:  " % r + "".join("%6d" % ((r + c) % 4) for c in range(8)) for r in range(0, 128, 8)]
x += ["RSS hash key:", ":".join("%02x" % b for b in key), "RSS hash function:", "    toeplitz: on"]
open(w + "/ethtool-x", "w").write("\n".join(x) + "\n")
open(w + "/ethtool-x-short", "w").write("\n".join(x[:-4]) + "\n")
def frame(src, dst, sport, dport):
    tcp = struct.pack("!HHIIBBHHH", sport, dport, 1, 0, 5 << 4, 2, 65535, 0, 0)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 40, 0, 0, 64, 6, 0,
                     bytes(src), bytes(dst))
    f = bytes([0x52, 0x54, 0, 0x12, 0x34, 0x57, 2, 0, 0, 0, 0, 1, 8, 0]) + ip + tcp
    return f + bytes(60 - len(f))
recs = [frame([66, 9, 149, 187], [161, 142, 100, 80], 2794, 1766),
        frame([199, 92, 111, 2], [65, 69, 140, 83], 14230, 4739)] * 2
out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
out += [struct.pack("<IIII", 0, i, len(f), len(f)) + f for i, f in enumerate(recs)]
open(w + "/flows.pcap", "wb").write(b"".join(out))
PY
fail=0
got=$("$tool" "$W/stats" "$W/flows.pcap")
want="flow.0=66.9.149.187:2794>161.142.100.80:1766/6 frames=2 queue=0 hash=0x51ccc178
flow.1=199.92.111.2:14230>65.69.140.83:4739/6 frames=2 queue=2 hash=0xc626b0ea
rxq.0=2
rxq.2=2"
[ "$got" = "$want" ] || { echo "not ok: got"; echo "$got"; fail=1; }
got=$("$tool" --ethtool-x "$W/ethtool-x" "$W/flows.pcap")
[ "$got" = "$want" ] || { echo "not ok: --ethtool-x got"; echo "$got"; fail=1; }
err=$("$tool" --ethtool-x "$W/ethtool-x-short" "$W/flows.pcap" 2>&1); rc=$?
[ $rc = 2 ] && echo "$err" | grep -q "got 128, 0" ||
  { echo "not ok: --ethtool-x without key -> $rc: $err"; fail=1; }
err=$("$tool" "$W/bad" "$W/flows.pcap" 2>&1); rc=$?
[ $rc = 2 ] && [ "$err" = "ixgbe-rss-queues: $W/bad:6: malformed register line" ] ||
  { echo "not ok: bad line -> $rc: $err"; fail=1; }
err=$("$tool" "$W/short" "$W/flows.pcap" 2>&1); rc=$?
[ $rc = 2 ] && echo "$err" | grep -q "got 1, 10, 31" ||
  { echo "not ok: short -> $rc: $err"; fail=1; }
[ $fail = 0 ] && echo "ok: verification vectors 0x51ccc178, 0xc626b0ea from registers and from ethtool -x; bad input exit 2"
exit $fail
