#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write a scenario of CHAINS chains of LENGTH hosts to stdout (the networks
docs/performance.md measures, "Networks"; tests/test_net.c builds the same
in C).  Host cKhI takes nothing but its chain's stream: cKh0 gets a pktgen
source of FRAMES frames (default 50) at 10 kpps on eth0, every host
forwards it out of eth1 over a link to the next host's eth0, and the last
host's UDP sink reads it.  Chains are at most 32 hosts long: pktgen's TTL
of 32 allows 31 forwards.

    scripts/gen-chains.py 8 32 > n256.ini
    build/testbench/e1klab run n256.ini --quiet --json n256.json
"""
import sys


def chain(k, n, frames):
    out = []
    for i in range(n):
        last = i + 1 == n
        out.append("[host.c%dh%d]\nip_forward = %d\nnetdev_max_backlog = 100\n%s"
                   % (k, i, 0 if last else 1,
                      "sink_udp_port = 9\n" if last else ""))
        out.append("[nic.c%dh%d.eth0]\nmac = 02:00:00:%02x:%02x:00\n"
                   "ip = 10.%d.%d.2/24\ntxqueuelen = 64\n"
                   "[nic.c%dh%d.eth1]\nmac = 02:00:00:%02x:%02x:01\n"
                   % (k, i, k, i, k, i, k, i, k, i))
        if last:
            out.append("ip = 10.255.%d.2/24\n" % k)
            continue
        out.append("ip = 10.%d.%d.1/24\ntxqueuelen = 64\n"
                   "[route.c%dh%d.on]\ndst = 10.255.0.0/16\ndev = eth1\n"
                   "[link.c%dl%d]\na = c%dh%d.eth1\nb = c%dh%d.eth0\n"
                   % (k, i + 1, k, i, k, i, k, i, k, i + 1))
    out.append("[traffic.c%dh0]\nnic = eth0\npps = 10000\ncount = %d\n"
               "src_ip = 10.%d.0.1\ndst_ip = 10.255.%d.2\nudp_dst_port = 9\n"
               % (k, frames, k, k))
    return "".join(out)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit("usage: gen-chains.py CHAINS LENGTH [FRAMES]")
    chains, n = int(sys.argv[1]), int(sys.argv[2])
    frames = int(sys.argv[3]) if len(sys.argv) == 4 else 50
    if not 1 <= chains <= 255 or not 1 <= n <= 32 or frames < 1:
        sys.exit("gen-chains.py: CHAINS 1..255, LENGTH 1..32, FRAMES >= 1")
    sys.stdout.write("[driver]\nmode = napi\nRxDescriptors = 80\n"
                     "TxDescriptors = 80\n[run]\ndrain = 5ms\n")
    for k in range(chains):
        sys.stdout.write(chain(k, n, frames))


main()
