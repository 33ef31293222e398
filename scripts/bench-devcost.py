#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Host cost of the e1klab QEMU device against QEMU's stock e1000.

Runs guest-images/run-scenario.py on one forwarding scenario with
--nic-model e1klab and --nic-model stock, each at two frame counts, and
prints the host cost per virtual second of traffic:

    cost/virtual = (cost(N2) - cost(N1)) / ((N2 - N1) / pps)

for the CPU time of the run (user + sys of QEMU and the script, from
getrusage of the children) and for its wall time, and the e1klab
devices' timer expiries per extra frame (the stats files' qemu.*
counters; QEMU's own e1000 timers are not counted).  The difference of two
runs removes the fixed cost (boot, setup, drain), so what is left is the
price of the extra traffic.  Both models see the same frames at the same
virtual times (run-scenario.py feeds the stock NIC from a generator-only
e1klab device through a hub).  The load average at the start of each run
is printed too: wall time on a shared machine is noisy, CPU time less so.

usage: scripts/bench-devcost.py [--pps 100000] [--itr 8000]
           [--counts 20000,220000] [--models e1klab,stock] [--chip 82545EM]
           [--repeat 1] [--scenario FILE] [--qemu PATH]
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_once(args, model, count, work):
    """One run-scenario.py run: (wall s, cpu s, interrupts, offered)."""
    out = os.path.join(work, "%s-%d.json" % (model, count))
    cmd = [sys.executable, os.path.join(TOP, "guest-images", "run-scenario.py"),
           args.scenario, "--nic-model", model, "--json", out,
           "--workdir", os.path.join(work, "%s-%d" % (model, count)),
           "--set", "traffic.count=%d" % count,
           "--set", "traffic.pps=%d" % args.pps,
           "--set", "driver.InterruptThrottleRate=%d" % args.itr,
           "--set", "nic.eth0.chip=" + args.chip,
           "--set", "nic.eth1.chip=" + args.chip]
    if args.qemu:
        cmd += ["--qemu", args.qemu]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                 before.ru_stime)
    with open(out) as f:
        rep = json.load(f)
    summ = rep["summary"]
    irqs = sum(v or 0 for v in summ["interrupts"].values())
    return wall, cpu, irqs, expiries(os.path.join(work, "%s-%d" % (model,
                                                                   count)))


def expiries(workdir):
    """Timer expiries of the e1klab devices of one run, from their stats
    files (the glue's qemu.* counters): (all, model timer with the guest
    halted).  The stock e1000's own timers are not counted."""
    total = halted = 0
    for name in sorted(os.listdir(workdir)):
        if not name.endswith(".stats"):
            continue
        with open(os.path.join(workdir, name)) as f:
            kv = dict(l.strip().split("=", 1) for l in f if "=" in l)
        total += int(kv.get("qemu.model_timer_fires", 0)) + \
            int(kv.get("qemu.replay_timer_fires", 0))
        halted += int(kv.get("qemu.model_timer_fires_halted", 0))
    return total, halted


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pps", type=int, default=100000)
    ap.add_argument("--itr", type=int, default=8000)
    ap.add_argument("--counts", default="20000,220000")
    ap.add_argument("--models", default="e1klab,stock")
    ap.add_argument("--chip", default="82545EM")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--scenario", default=os.path.join(
        TOP, "testbench", "scenarios", "forward-970kpps-napi.ini"))
    ap.add_argument("--qemu")
    args = ap.parse_args()
    n1, n2 = (int(x) for x in args.counts.split(","))
    virt = (n2 - n1) / args.pps
    print("pps %d, ITR %d, %s, counts %d/%d: %.3f virtual s of traffic "
          "between the two runs" % (args.pps, args.itr, args.chip, n1, n2,
                                    virt))
    print("%-7s %4s %8s %8s %8s %8s %8s %10s %11s %12s" %
          ("model", "rep", "wall1", "cpu1", "wall2", "cpu2", "load",
           "wall/virt", "cpu/virt", "expiries/fr"))
    with tempfile.TemporaryDirectory(prefix="e1klab-bench-") as work:
        for rep in range(args.repeat):
            for model in args.models.split(","):
                load = os.getloadavg()[0]
                w1, c1, i1, x1 = run_once(args, model, n1, work)
                w2, c2, i2, x2 = run_once(args, model, n2, work)
                print("%-7s %4d %8.1f %8.1f %8.1f %8.1f %8.1f %10.2f %11.2f"
                      " %12.2f   irq/s %.0f, model expiries with the guest "
                      "halted %.0f %%" %
                      (model, rep, w1, c1, w2, c2, load, (w2 - w1) / virt,
                       (c2 - c1) / virt, (x2[0] - x1[0]) / (n2 - n1),
                       (i2 - i1) / virt,
                       100.0 * (x2[1] - x1[1]) / max(1, x2[0] - x1[0])),
                      flush=True)


if __name__ == "__main__":
    main()
