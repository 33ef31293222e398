#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write a scenario of CLIENTS client hosts through one switch into one
server to stdout (docs/switch.md; the 64-host network of
docs/performance.md is `gen-star.py 63`).  Every host is a piii-933 with
one e1000 (82545EM, 1000 Mbit/s) on its own port of switch sw (static
forwarding, BUFFER bytes per output port, default 131072); each client
runs a netperf TCP_STREAM stream (MESSAGE bytes per send(), default
16384) into the server.  The run lasts DURATION (default 1s).

    scripts/gen-star.py 63 > star64.ini
    build/testbench/e1klab run star64.ini --json star64.json
"""
import sys


def host(name, idx, ip):
    return ("[host.%s]\nprofile = piii-933\nhz = 100\n"
            "[nic.%s.eth0]\nchip = 82545EM\nbus = pci64-66\n"
            "mac = 02:00:00:00:%02x:%02x\nip = %s/16\n"
            "[link.%s]\na = %s.eth0\nb = sw\n"
            % (name, name, idx >> 8, idx & 255, ip, name, name))


def main():
    if len(sys.argv) not in (2, 3, 4, 5):
        sys.exit("usage: gen-star.py CLIENTS [BUFFER [MESSAGE [DURATION]]]")
    n = int(sys.argv[1])
    buf = int(sys.argv[2]) if len(sys.argv) > 2 else 131072
    msg = int(sys.argv[3]) if len(sys.argv) > 3 else 16384
    dur = sys.argv[4] if len(sys.argv) > 4 else "1s"
    if not 1 <= n <= 1000:
        sys.exit("gen-star.py: CLIENTS 1..1000")
    out = ["[scenario]\nname = star-%d\ndescription = %d netperf TCP_STREAM "
           "clients through a switch into one server\n" % (n + 1, n),
           "[driver]\nmode = napi\nRxDescriptors = 256\nTxDescriptors = 256\n"
           "[run]\nduration = %s\n" % dur,
           "[switch.sw]\nbuffer = %d\n" % buf,
           host("srv", 0, "10.0.0.1")]
    for i in range(1, n + 1):
        k = i + 1
        out.append(host("c%d" % i, i, "10.0.%d.%d" % (k >> 8, k & 255)))
        out.append("[netperf.s%d]\nlocal = c%d\nremote = srv\n"
                   "message_size = %d\nsend_socket = 65536\n"
                   "recv_socket = 87380\n" % (i, i, msg))
    sys.stdout.write("".join(out))


main()
