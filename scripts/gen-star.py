#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write a scenario of CLIENTS client hosts through one switch into one
server to stdout (docs/switch.md; the 64-host network of
docs/performance.md is `gen-star.py 63`, testbench/scenarios/
multi-client.ini is `gen-star.py 8 131072 16384 10s` with its header).
Every host has one NIC (--chip, default 82545EM; --bus, default pci64-66)
on its own port of switch sw (static forwarding, BUFFER bytes per output
port, default 131072) and the cost profile --profile (default
piii-933; --cpus and --kernel set [host] cpus and kernel, --queues and
--lro the server NIC's 82598EB keys, --rx-ring RxDescriptors; none of
them written unless given); each client runs a netperf TCP_STREAM stream (MESSAGE bytes
per send(), default 16384; sockets 65536 / 87380 bytes) into the
server.  The run lasts DURATION (default 1s).

    scripts/gen-star.py 63 > star64.ini
    build/testbench/e1klab run star64.ini --json star64.json
"""
import argparse


def host(a, name, idx, ip):
    extra = "".join("%s = %s\n" % (k, v) for k, v in
                    (("cpus", a.cpus), ("kernel", a.kernel)) if v)
    bus = "" if a.chip == "82598EB" else "bus = %s\n" % a.bus
    nic = ""
    if name == "srv":
        nic = "".join("%s = %s\n" % (k, v) for k, v in
                      (("queues", a.queues), ("lro", a.lro)) if v)
    return ("[host.%s]\nprofile = %s\nhz = 100\n%s"
            "[nic.%s.eth0]\nchip = %s\n%s%s"
            "mac = 02:00:00:00:%02x:%02x\nip = %s/16\n"
            "[link.%s]\na = %s.eth0\nb = sw\n"
            % (name, a.profile, extra, name, a.chip, bus, nic, idx >> 8,
               idx & 255, ip, name, name))


def main():
    p = argparse.ArgumentParser(description="N clients through a switch "
                                "into one server (docs/switch.md)")
    p.add_argument("clients", type=int)
    p.add_argument("buffer", type=int, nargs="?", default=131072)
    p.add_argument("message", type=int, nargs="?", default=16384)
    p.add_argument("duration", nargs="?", default="1s")
    p.add_argument("--chip", default="82545EM")
    p.add_argument("--bus", default="pci64-66")
    p.add_argument("--profile", default="piii-933")
    p.add_argument("--cpus")
    p.add_argument("--kernel")
    p.add_argument("--queues")
    p.add_argument("--lro")
    p.add_argument("--rx-ring", type=int, default=256)
    a = p.parse_args()
    if not 1 <= a.clients <= 1000:
        p.error("CLIENTS 1..1000")
    out = ["[scenario]\nname = star-%d\ndescription = %d netperf TCP_STREAM "
           "clients through a switch into one server\n"
           % (a.clients + 1, a.clients),
           "[driver]\nmode = napi\nRxDescriptors = %d\nTxDescriptors = %d\n"
           "[run]\nduration = %s\n" % (a.rx_ring, a.rx_ring, a.duration),
           "[switch.sw]\nbuffer = %d\n" % a.buffer,
           host(a, "srv", 0, "10.0.0.1")]
    for i in range(1, a.clients + 1):
        k = i + 1
        out.append(host(a, "c%d" % i, i, "10.0.%d.%d" % (k >> 8, k & 255)))
        out.append("[netperf.s%d]\nlocal = c%d\nremote = srv\n"
                   "message_size = %d\nsend_socket = 65536\n"
                   "recv_socket = 87380\n" % (i, i, a.message))
    print("".join(out), end="")


main()
