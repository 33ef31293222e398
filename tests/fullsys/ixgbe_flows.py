#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the RSS flow test's capture (scripts/tests.d/qemu-ixgbe.sh).

Usage: ixgbe_flows.py OUT.pcap DST_MAC [FLOWS]

FLOWS (default 8) TCP flows to DST_MAC, Ethernet II / IPv4 / TCP SYN
(valid IPv4 header checksum, 60 bytes without FCS): flow i from
198.18.0.(1 + i):(1024 + 257 i) to 198.18.1.1:80.  Flow i sends 2^i
frames, interleaved (round r sends one frame of every flow with
2^i > r), so the frames a receive queue counts, written in binary, name
the flows that landed on it: the guest's per-queue counters identify
each flow's queue without per-flow counters.  Microsecond pcap, one
frame every 100 us from t = 0 (the device's replay paces them itself).
"""
import struct
import sys


def ip_checksum(hdr):
    s = sum(struct.unpack("!%dH" % (len(hdr) // 2), hdr))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return (~s) & 0xFFFF


def frame(dst_mac, i):
    src_ip = bytes([198, 18, 0, 1 + i])
    dst_ip = bytes([198, 18, 1, 1])
    tcp = struct.pack("!HHIIBBHHH", 1024 + 257 * i, 80, 1, 0, 5 << 4, 0x02,
                      65535, 0, 0)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), i, 0, 64, 6,
                     0, src_ip, dst_ip)
    ip = ip[:10] + struct.pack("!H", ip_checksum(ip)) + ip[12:]
    eth = dst_mac + bytes([2, 0, 0, 0, 0, 1]) + b"\x08\x00"
    f = eth + ip + tcp
    return f + bytes(60 - len(f))


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: ixgbe_flows.py OUT.pcap DST_MAC [FLOWS]")
    mac = bytes(int(x, 16) for x in sys.argv[2].split(":"))
    flows = int(sys.argv[3]) if len(sys.argv) == 4 else 8
    if len(mac) != 6 or not 1 <= flows <= 12:
        sys.exit("ixgbe_flows.py: bad MAC or FLOWS (1..12)")
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    t = 0
    for r in range(1 << (flows - 1)):
        for i in range(flows):
            if (1 << i) > r:
                f = frame(mac, i)
                out.append(struct.pack("<IIII", t // 1000000, t % 1000000,
                                       len(f), len(f)) + f)
                t += 100
    open(sys.argv[1], "wb").write(b"".join(out))


main()
