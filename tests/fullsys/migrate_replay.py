#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A replay survives migration (savevm/loadvm semantics) in a real guest.

Runs forward-970kpps-napi.ini with COUNT frames, waits until forwarded
frames appear in eth1's capture (the replay is running), stops the VM and
migrates it to a file, quits, then loads the file into a new QEMU that
finishes the run.  Checks:
  - the cut landed mid-replay (0 < frames offered before the cut < COUNT);
  - after the load the replay continues where it stopped: COUNT frames
    offered in total, TPR = COUNT, GPRC + MPC = COUNT (model totals are in
    the saved state), guest rx_packets = GPRC;
  - forwarded frames (Ip ForwDatagrams) = eth1 GPTC = frames in the two
    captures (before and after the cut).
  - with REF.json (run-scenario.py's report of an uninterrupted run with the
    same COUNT): the same frames forwarded and missed, the same interrupt
    counts: under -icount the cut changes nothing.
Usage: migrate_replay.py COUNT [REF.json]
Prints ok/FAIL lines; exit 0 if all ok.
"""
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import types

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location(
    "run_scenario", os.path.join(TOP, "guest-images", "run-scenario.py"))
rs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rs)
sys.path.insert(0, os.path.join(TOP, "tests", "qtest"))
import qmp as qmp_client  # noqa: E402  (tests/qtest/qmp.py)

results = []


def check(name, cond, detail=""):
    results.append(bool(cond))
    print("%s - %s%s" % ("ok" if cond else "FAIL", name,
                         "" if cond else ": " + detail))


def qmp(path, *cmds):
    return qmp_client.qmp(path, *cmds, timeout=60, tries=200)


def stats(path):
    try:
        return rs.kv(open(path).read().split("\n"))
    except OSError:
        return {}


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    scen = os.path.join(TOP, "testbench", "scenarios",
                        "forward-970kpps-napi.ini")
    cp = rs.load_ini(scen, ["traffic.count=%d" % count])
    work = tempfile.mkdtemp(prefix="e1klab-migrate-")
    w1, w2 = os.path.join(work, "a"), os.path.join(work, "b")
    os.makedirs(w1)
    os.makedirs(w2)
    args = types.SimpleNamespace(
        qemu=os.path.join(TOP, "qemu-build", "build", "qemu-system-x86_64"),
        kernel=os.path.join(TOP, "qemu-build", "guest", "vmlinuz"),
        initrd=os.path.join(TOP, "qemu-build", "guest", "initrd.gz"),
        nic_model="e1klab", replay_delay=3.0)
    cmd1, _, nics, caps1 = rs.build_command(cp, scen, args, w1)
    cmd2, _, _, caps2 = rs.build_command(cp, scen, args, w2)
    state = os.path.join(work, "state.bin")
    q1, q2 = os.path.join(work, "q1.sock"), os.path.join(work, "q2.sock")
    try:
        # ---- phase 1: run until forwarding shows up, then migrate out
        log1 = open(os.path.join(work, "console1.log"), "wb")
        p1 = subprocess.Popen(cmd1 + ["-qmp", "unix:%s,server=on,wait=off"
                                      % q1], stdout=log1,
                              stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL)
        cap = caps1[0]
        deadline = time.time() + 300
        # 24-byte header + 100 records of 16 + 60 bytes
        while time.time() < deadline and p1.poll() is None:
            if os.path.exists(cap) and os.path.getsize(cap) > 24 + 100 * 76:
                break
            time.sleep(0.02)
        if p1.poll() is not None:
            check("phase 1 still running when forwarding started", False,
                  "QEMU exited %s" % p1.returncode)
            return 1
        qmp(q1, ("stop", {}), ("migrate", {"uri": "exec:cat > " + state}))
        st = None
        for _ in range(600):
            st = qmp(q1, ("query-migrate", {}))["return"].get("status")
            if st in ("completed", "failed"):
                break
            time.sleep(0.05)
        check("migration to a file completed", st == "completed", str(st))
        qmp(q1, ("quit", {}))
        p1.wait(timeout=60)
        s1 = stats(os.path.join(w1, "eth0.stats"))
        off1 = s1.get("replay.offered", -1)
        check("the cut landed mid-replay (%s of %d offered)" % (off1, count),
              0 < off1 < count)

        # ---- phase 2: load and finish
        log2p = os.path.join(work, "console2.log")
        with open(log2p, "wb") as log2:
            p2 = subprocess.Popen(cmd2 + ["-incoming", "exec:cat " + state,
                                          "-qmp", "unix:%s,server=on,wait=off"
                                          % q2],
                                  stdout=log2, stderr=subprocess.STDOUT,
                                  stdin=subprocess.DEVNULL)
            # the source was stopped before saving, so the loaded VM stays
            # paused (QEMU's global run state): continue it once loaded
            st = None
            for _ in range(1200):
                st = qmp(q2, ("query-migrate", {}))["return"].get("status")
                if st in ("completed", "failed"):
                    break
                time.sleep(0.05)
            check("state loaded into a new QEMU", st == "completed", str(st))
            qmp(q2, ("cont", {}))
            rc = p2.wait(timeout=600)
        sec = rs.split_block(open(log2p, "rb").read().decode(
            "utf-8", "replace"))
        check("phase 2 ran to the guest's result block", rc == 0 and sec,
              "exit %d" % rc)
        if not sec:
            return 1
        e0, e1 = stats(os.path.join(w2, "eth0.stats")), \
            stats(os.path.join(w2, "eth1.stats"))
        g = rs.kv(sec.get("stats eth0", []))
        ip = rs.parse_snmp(sec.get("snmp", [])).get("Ip", {})
        fw = ip.get("ForwDatagrams")
        c1 = rs.count_pcap(caps1[0])
        c2 = rs.count_pcap(caps2[0])
        check("replay resumed and finished: %s offered" %
              e0.get("replay.offered"), e0.get("replay.offered") == count)
        check("TPR = %d" % count, e0.get("model.tpr") == count,
              str(e0.get("model.tpr")))
        check("GPRC + MPC = offered", e0.get("model.gprc", 0) +
              e0.get("model.mpc", 0) == count,
              "%s + %s" % (e0.get("model.gprc"), e0.get("model.mpc")))
        check("guest rx_packets = GPRC", g.get("rx_packets") ==
              e0.get("model.gprc"), "%s vs %s" % (g.get("rx_packets"),
                                                 e0.get("model.gprc")))
        check("forwarded = eth1 GPTC = captured before + after the cut "
              "(%s = %s = %s + %s)" % (fw, e1.get("model.gptc"), c1, c2),
              fw and fw == e1.get("model.gptc") == c1 + c2)
        if len(sys.argv) > 2:
            ref = json.load(open(sys.argv[2]))["summary"]
            irq = rs.parse_interrupts(sec.get("interrupts", []))
            got = {"forwarded": fw, "rx_missed": g.get("rx_missed_errors"),
                   "interrupts": {n: irq.get(n) for n in nics}}
            want = {k: ref.get(k) for k in got}
            check("identical to the uninterrupted run (%s)" % got,
                  got == want, "uninterrupted: %s" % want)
    except Exception as e:  # any protocol/process error is a failure
        check("migration run", False, repr(e))
    finally:
        if not os.environ.get("E1KLAB_DEBUG"):
            shutil.rmtree(work, ignore_errors=True)
    return 0 if results and all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
