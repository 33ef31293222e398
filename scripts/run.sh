#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The main job: install what is missing, build e1klab, run seed M1
# (1,000,000 64-byte frames at 970 kpps into eth0, routed out of eth1) with
# the interrupt-driven driver (legacy) and with NAPI, and print their key
# results side by side.  Extra arguments go to both runs, e.g.
#   scripts/run.sh --set traffic.count=100000
# The JSON reports are kept in out/ (forward-970kpps-{legacy,napi}.json).
# E1KLAB_BUILD=DIR builds in DIR instead of build/.
set -euo pipefail
cd "$(dirname "$0")/.."
b=${E1KLAB_BUILD:-build}

scripts/install-deps.sh build
if [ ! -f "$b/build.ninja" ]; then
  echo "configuring the build in $b/ (meson setup) ..." >&2
  meson setup "$b" >/dev/null
fi
# ninja's progress ([N/M] and the file being compiled) on stderr: a first
# build of all targets takes a few minutes
echo "building e1klab in $b/ (meson compile) ..." >&2
meson compile -C "$b" >&2

mkdir -p out
for m in legacy napi; do
  echo "running forward-970kpps-$m ..." >&2
  # the text report is not wanted here (the table below); on a terminal
  # the run draws its progress bar on stderr
  "$b/testbench/e1klab" run "testbench/scenarios/forward-970kpps-$m.ini" \
    --json "out/forward-970kpps-$m.json" "$@" >/dev/null
done

python3 - out/forward-970kpps-legacy.json out/forward-970kpps-napi.json <<'PY'
import json, sys

runs = [json.load(open(p)) for p in sys.argv[1:3]]

def iface(d, name):
    return next(i for i in d["interfaces"] if i["name"] == name)

def pct(ppm):
    return "%.2f %%" % (ppm / 1e4)

rows = [
    ("offered frames", lambda d: d["offered"]["frames"]),
    ("offered rate (pps)", lambda d: d["offered"]["pps"]),
    ("forwarded frames", lambda d: d["host"]["forwarded"]),
    ("forwarded share of offered",
     lambda d: "%.2f %%" % (100.0 * d["host"]["forwarded"] /
                            max(1, d["offered"]["frames"]))),
    ("forwarded rate (pps)", lambda d: d["host"]["forwarded_pps"]),
    ("seed: routed of 1,000,000", None),
    ("eth0 RX interrupts", lambda d: iface(d, "eth0")["interrupts"]),
    ("eth1 interrupts (TX side)", lambda d: iface(d, "eth1")["interrupts"]),
    ("eth0 RX-OK", lambda d: iface(d, "eth0")["netstat"]["RX-OK"]),
    ("eth0 RX-DRP", lambda d: iface(d, "eth0")["netstat"]["RX-DRP"]),
    ("eth0 RX-OVR", lambda d: iface(d, "eth0")["netstat"]["RX-OVR"]),
    ("eth0 rx_missed_errors (MPC)",
     lambda d: iface(d, "eth0")["stats64"]["rx_missed_errors"]),
    ("eth1 TX-OK", lambda d: iface(d, "eth1")["netstat"]["TX-OK"]),
    ("backlog drops (netif_rx)", lambda d: d["host"]["backlog_drops"]),
    ("CPU hardirq", lambda d: pct(d["cpu"]["hardirq_ppm"])),
    ("CPU softirq", lambda d: pct(d["cpu"]["softirq_ppm"])),
    ("CPU process", lambda d: pct(d["cpu"]["process_ppm"])),
    ("CPU idle", lambda d: pct(d["cpu"]["idle_ppm"])),
    ("softnet time_squeeze", lambda d: d["host"]["time_squeeze"]),
    ("ksoftirqd wakeups", lambda d: d["host"]["ksoftirqd_wakeups"]),
    ("polls that emptied the ring",
     lambda d: iface(d, "eth0")["driver"]["polls_complete"]),
    ("polls that used the whole quota",
     lambda d: iface(d, "eth0")["driver"]["polls_budget"]),
]
seed = ["305", "298,580"]
frames = [d["offered"]["frames"] for d in runs]
kpps = [round(d["offered"]["pps"] / 1000) for d in runs]
# the seed's numbers only for the seed's run: 1,000,000 frames at 970 kpps
if not all(f == 1000000 and k == 970 for f, k in zip(frames, kpps)):
    rows = [r for r in rows if r[1] is not None]
w = max(len(r[0]) for r in rows)
print()
offer = " / ".join(sorted({"%s frames at %d kpps" % (format(f, ","), k)
                           for f, k in zip(frames, kpps)}))
print("%s: %s into eth0, routed out of eth1"
      % ("Seed M1" if frames == [1000000] * 2 and kpps == [970] * 2
         else "M1 setup", offer))
print("%-*s  %14s  %14s" % (w, "", "legacy", "napi"))
for name, fn in rows:
    if fn is None:
        vals = seed
    else:
        vals = [fn(d) for d in runs]
        vals = [format(v, ",") if isinstance(v, int) else v for v in vals]
    print("%-*s  %14s  %14s" % (w, name, vals[0], vals[1]))
print()
print("Full reports: out/forward-970kpps-legacy.json, "
      "out/forward-970kpps-napi.json")
PY
