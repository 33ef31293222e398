#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The conformance suite's host half (docs/full-system.md "Conformance").

One guest run per driver checks both chips: the machine has four NICs,
DUT 82540EM (eth0, PCI slot 4) and DUT 82545EM (eth1, slot 5), each on a
QEMU hub of its own with a peer (eth2, eth3: e1klab-82540em), and the
guest runs guest-images/conform.sh (e1klab.mode=conform) on the pairs
eth0:eth2 and eth1:eth3.  The guest boots once into a snapshot (the
boot-once mechanism of `e1klab run --backend qemu`: e1klab.snapshot=1,
the ib700 watchdog stopping the VM, the words from fw_cfg after the
restore, restore-model=off) and every run starts from it.

Checks of each DUT (assertions below, `check_dut`): ethtool -t offline
and online PASS with all five results 0 and no frame at the peer;
ethtool -s speed 10/100/1000 duplex full autoneg off gives that speed
in sysfs, a pktgen burst of 20 frames of 1514 bytes reaches the peer, and
in the DUT's capture the frames leave exactly (1518 + 8 + 12) x 8000 / S
ns apart; -G, -C, -K, -A, -r each take effect and frames pass both ways
after them; -d (Intel's layout, decoded by ethtool for the stock driver),
-e (sums to 0xBABA, starts with the MAC); MTU 9000 with 9014-byte
frames both ways; VLAN 100 through 8021q (tagged on the wire, VID 200
filtered); promiscuous and all-multicast; 16 multicast groups joined
(the MTA hash), a foreign group filtered; WoL as Linux allows it; the
capture holds only the frames the checks sent (the loopback tests leave
nothing on the wire).

Usage: conform.py [--driver stock|e1klab]... [--dut e1klab|qemu]
                  [--table] [--keep DIR] [--no-snapshot]
  --dut qemu runs QEMU's own -device e1000 / e1000-82545em as the DUTs
  (booted, not from a snapshot; nothing asserted: for the docs' table).
Prints "ok - ..." / "FAIL - ..." lines; with --table the results as a
markdown table.  Exit 0 if every check passed.
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(TOP, "tests", "qtest"))
import qmp as qmp_client  # noqa: E402  (tests/qtest/qmp.py)

QEMU = os.path.join(TOP, "qemu-build", "build", "qemu-system-x86_64")
KERNEL = os.path.join(TOP, "qemu-build", "guest", "vmlinuz")
INITRD = os.path.join(TOP, "qemu-build", "guest", "initrd.gz")
APPEND = "console=ttyS0 quiet panic=-1 ipv6.disable=1"
DUTS = {"e1klab": ["e1klab-82540em", "e1klab-82545em"],
        "qemu": ["e1000", "e1000-82545em"]}
PEER = "e1klab-82540em"
MACS = ["52:54:00:e1:00:40", "52:54:00:e1:00:45",
        "52:54:00:e1:01:40", "52:54:00:e1:01:45"]
PAIRS = "eth0:eth2,eth1:eth3"
TIMEOUT = 900  # wall seconds per QEMU run


def machine(dut_kind, props):
    """QEMU's argv for the four-NIC machine; @props: per NIC index the
    extra ",k=v" properties."""
    a = [QEMU, "-M", "pc", "-m", "256", "-nographic", "-no-reboot",
         "-nodefaults", "-serial", "stdio", "-L", "/usr/share/qemu",
         "-L", "/usr/share/seabios", "-icount", "shift=0,sleep=off",
         "-rtc", "clock=vm,base=2020-01-01", "-kernel", KERNEL,
         "-initrd", INITRD]
    types = DUTS[dut_kind] + [PEER, PEER]
    for i, t in enumerate(types):
        a += ["-netdev", "hubport,id=n%d,hubid=%d" % (i, i % 2)]
        extra = ",romfile=" if t.startswith("e1000") else ""
        a += ["-device", "%s,addr=%02x.0,netdev=n%d%s%s"
              % (t, 4 + i, i, extra, props.get(i, ""))]
    return a


def snap_extras(words_arg):
    return ["-device", "ib700", "-action", "watchdog=pause",
            "-fw_cfg", "name=opt/e1klab/words," + words_arg]


def wait_status(sock, want, deadline):
    while time.time() < deadline:
        try:
            st = qmp_client.qmp(sock, ("query-status", {}),
                                timeout=10)["return"]["status"]
        except (OSError, RuntimeError, ValueError):
            st = None
        if st == want:
            return True
        time.sleep(0.2)
    return False


def make_snapshot(work, dut_kind, path):
    """Boot the machine bare to the watchdog stop and save it to @path."""
    sock = os.path.join(work, "snap.qmp")
    argv = machine(dut_kind, {}) + snap_extras("string=-") + [
        "-append", APPEND + " e1klab.snapshot=1",
        "-qmp", "unix:%s,server=on,wait=off" % sock]
    log = open(os.path.join(work, "snapshot-console.log"), "wb")
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                         stderr=subprocess.STDOUT)
    try:
        if not wait_status(sock, "watchdog", time.time() + TIMEOUT):
            raise RuntimeError("snapshot: the guest never stopped")
        qmp_client.qmp(sock, ("migrate-set-parameters",
                              {"max-bandwidth": 64 << 30}),
                       ("migrate", {"uri": "exec:cat > %s" % path}))
        deadline = time.time() + 300
        while time.time() < deadline:
            r = qmp_client.qmp(sock, ("query-migrate", {}))["return"]
            if r.get("status") == "completed":
                break
            if r.get("status") == "failed":
                raise RuntimeError("snapshot: migration failed")
            time.sleep(0.2)
        qmp_client.qmp(sock, ("quit", {}))
        p.wait(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
        log.close()


def run_guest(work, name, dut_kind, driver, snapshot, mode="conform",
              extra=None):
    """One guest run in @mode (@extra: per NIC index more properties);
    returns (console text, {nic index: capture path})."""
    caps, props = {}, {}
    for i in range(4):
        t = (DUTS[dut_kind] + [PEER, PEER])[i]
        pr = ",mac=" + MACS[i] + (extra or {}).get(i, "")
        if i < 2 and t.startswith("e1klab"):
            caps[i] = os.path.join(work, "%s-dut%d.pcap" % (name, i))
            pr += ",capture=" + caps[i]
        if snapshot and t.startswith("e1klab"):
            pr += ",restore-model=off"
        props[i] = pr
    words = "e1klab.mode=%s e1klab.driver=%s e1klab.pairs=%s" % (
        mode, "e1000" if driver == "stock" else "e1klab", PAIRS)
    console = os.path.join(work, name + "-console.log")
    argv = machine(dut_kind, props)
    if snapshot:
        wf = os.path.join(work, name + ".words")
        open(wf, "w").write(words + "\n")
        sock = os.path.join(work, name + ".qmp")
        argv += snap_extras("file=" + wf) + [
            "-append", APPEND + " e1klab.snapshot=1",
            "-incoming", "exec:cat %s" % snapshot,
            "-qmp", "unix:%s,server=on,wait=off" % sock]
    else:
        argv += ["-append", APPEND + " " + words]
    with open(console, "wb") as log:
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log,
                             stderr=subprocess.STDOUT)
        try:
            if snapshot:
                if not wait_status(sock, "watchdog", time.time() + 120):
                    raise RuntimeError("%s: the snapshot did not load" % name)
                qmp_client.qmp(sock, ("cont", {}))
            p.wait(timeout=TIMEOUT)
        finally:
            if p.poll() is None:
                p.kill()
                p.wait()
    return open(console, "rb").read().decode("utf-8", "replace"), caps


def results(text):
    """The "@@ conform" section as {key: value}."""
    out, on = {}, False
    for line in text.replace("\r", "").split("\n"):
        if line.startswith("@@ "):
            on = line == "@@ conform"
            continue
        if on and "=" in line:
            k, v = line.split("=", 1)
            out[k] = v
    return out


def read_pcap(path):
    """[(time ns, frame bytes)] of a nanosecond pcap (the device's)."""
    d = open(path, "rb").read()
    ns = struct.unpack("<I", d[:4])[0] == 0xA1B23C4D
    off, out = 24, []
    while off + 16 <= len(d):
        s, u, incl, _ = struct.unpack("<IIII", d[off:off + 16])
        off += 16
        out.append((s * 10**9 + (u if ns else u * 1000), d[off:off + incl]))
        off += incl
    return out


def capture_facts(path):
    """Bursts by UDP source port (pktgen: 10, 100, 1000) -> (frames,
    lengths, gaps); VLAN-100 tagged 0x88B5 frames; frames none of the
    checks sent."""
    bursts, tagged, other = {}, 0, 0
    for t, f in read_pcap(path):
        et = f[12:14]
        if et == b"\x08\x00" and len(f) > 36 and f[23] == 17:
            sport = struct.unpack(">H", f[34:36])[0]
            bursts.setdefault(sport, []).append((t, len(f)))
        elif et == b"\x81\x00" and f[14:16] == b"\x00\x64" and \
                f[16:18] == b"\x88\xb5":
            tagged += 1
        elif et != b"\x88\xb5":
            other += 1
    facts = {}
    for sport, fr in bursts.items():
        gaps = [b[0] - a[0] for a, b in zip(fr, fr[1:])]
        facts[sport] = (len(fr), sorted(set(x[1] for x in fr)),
                        min(gaps) if gaps else 0, max(gaps) if gaps else 0)
    return facts, tagged, other


def expected(dut, driver):
    """{key: (wanted value, what it shows)} for DUT 0 (82540EM) or 1
    (82545EM) with @driver."""
    e = {
        "start.traffic": ("10/10", "frames both ways before"),
        "st_off.result": ("PASS", "ethtool -t offline"),
        "st_off.codes": ("0,0,0,0,0", "register, EEPROM, interrupt, "
                         "loopback, link results"),
        "st_off.peer_rx": ("0", "nothing reached the peer in the test"),
        "st_on.result": ("PASS", "ethtool -t online"),
        "st_on.codes": ("0,0,0,0,0", "online results"),
        "speed.auto": ("1000/full", "autonegotiation again"),
        "ring": ("rc0:RX:512,TX:1024,", "ethtool -G rx 512 tx 1024"),
        "offload": ("rc00:rx-checksumming:off,tx-checksumming:off,",
                    "ethtool -K rx off, tx off"),
        "pause": ("rc0:Autonegotiate:off,RX:off,TX:off,",
                  "ethtool -A autoneg off rx off tx off"),
        "nway": ("rc0:carrier1", "ethtool -r, link back"),
        "eeprom.rc": ("0", "ethtool -e"),
        "eeprom": ("baba 128", "128 bytes summing to 0xBABA"),
        "eeprom.mac": (MACS[dut], "EEPROM words 0-2: the MAC"),
        "mtu9000": ("9000:5/5", "MTU 9000, 9014-byte frames both ways"),
        "vlan.rx100": ("5", "tagged VID 100 received"),
        "vlan.dev_rx": ("5", "... on the VLAN interface"),
        "vlan.rx200": ("0", "VID 200 filtered"),
        "vlan.tx100": ("5", "sent through the VLAN interface"),
        "promisc.off": ("0", "foreign unicast filtered"),
        "promisc.on": ("5", "foreign unicast in promiscuous mode"),
        "allmulti.off": ("0", "unjoined group filtered"),
        "allmulti.on": ("5", "unjoined group with all-multicast"),
        "mcast.join": ("joined=16", "16 groups joined"),
        "mcast.first": ("5", "first joined group received"),
        "mcast.last": ("5", "last joined group received (MTA hash)"),
        "mcast.foreign": ("0", "foreign group filtered"),
        "end.traffic": ("10/10", "frames both ways after"),
    }
    for s in (10, 100, 1000):
        e["speed.%d" % s] = ("rc0:%d/full" % s,
                             "ethtool -s speed %d duplex full autoneg off"
                             % s)
        e["speed.%d.peer_rx" % s] = ("20", "burst at %d Mb/s at the peer"
                                     % s)
    for k in ("ring", "coal", "offload", "pause", "nway"):
        e[k + ".traffic"] = ("10/10", "frames both ways after " + k)
    if driver == "stock" and dut == 0:
        e["coal"] = ("rc1:netlink_error:_Operation_not_supported ",
                     "Linux e1000 offers -C only from the 82545")
    else:
        e["coal"] = ("rc0:rx-usecs:100", "ethtool -C rx-usecs 100")
    e["regs"] = ("rc0:2" if driver == "stock" else "rc0:0",
                 "ethtool -d decoded (ethtool decodes by driver name e1000)")
    e["wol"] = (("rc0:g", "ethtool -s wol g") if dut == 0 else
                ("rc75:d", "refused: Linux's exclusion of the 82545EM copper"))
    return e


def check_dut(res, dut, driver, cap):
    """[(name, ok, detail)] for DUT @dut of a run's results @res and its
    capture @cap (None: not an e1klab device)."""
    ifn = "eth%d" % dut
    out = []
    for k, (want, what) in sorted(expected(dut, driver).items()):
        got = res.get("%s.%s" % (ifn, k), "<missing>")
        out.append(("%s %s = %s (%s)" % (ifn, k, want, what), got == want,
                    "got %s" % got))
    raw = res.get(ifn + ".regs.raw", "")
    ok = raw.startswith("128:") and len(raw) == 12 and \
        int(raw[4:], 16) & 0xC3 == 0x83
    out.append(("%s ethtool -d raw: 32 dwords, dword 1 = STATUS (LU, FD, "
                "1000)" % ifn, ok, "got %s" % raw))
    if cap:
        facts, tagged, other = capture_facts(cap)
        for s in (10, 100, 1000):
            want = (1518 + 8 + 12) * 8000 // s
            f = facts.get(s, (0, [], 0, 0))
            out.append(("%s capture: 20 frames of 1514 bytes at %d Mb/s, "
                        "%d ns apart" % (ifn, s, want),
                        f == (20, [1514], want, want), "got %s" % (f,)))
        out.append(("%s capture: 5 frames tagged VLAN 100" % ifn,
                    tagged == 5, "got %d" % tagged))
        out.append(("%s capture: no frame but the checks' (loopback off "
                    "the wire)" % ifn, other == 0, "got %d" % other))
    return out


def partner_check(work, snap):
    """The link partner property: DUT 0's partner forced to 100 full (we
    autonegotiate: parallel detection, 100 half), DUT 1's autonegotiating
    100 full and 10 full only (100 full); the stock driver reports each."""
    extra = {0: ",link-partner=forced:100full",
             1: ",link-partner=auto:100full+10full"}
    text, _ = run_guest(work, "partner", "e1klab", "stock", snap, "probe",
                        extra)
    out = []
    for i, want in ((0, "100 Mbps Half Duplex"), (1, "100 Mbps Full Duplex")):
        line = "eth%d NIC Link is Up %s" % (i, want)
        out.append(("stock driver: link partner %s: '%s'"
                    % (extra[i][len(",link-partner="):], line),
                    line in text, "not in the kernel log"))
    return out


def table_rows(runs):
    """Markdown rows: each check, then one column per run."""
    keys = sorted(expected(0, "e1klab"))
    head = "| check | " + " | ".join(n for n, _ in runs) + " |"
    rows = [head, "|---|" + "---|" * len(runs)]
    for k in keys + ["regs.raw"]:
        cells = []
        for _, res in runs:
            cells.append(" / ".join(res.get("eth%d.%s" % (d, k), "-")
                                    for d in (0, 1)))
        rows.append("| %s | %s |" % (k, " | ".join(cells)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", action="append", choices=["stock", "e1klab"])
    ap.add_argument("--dut", default="e1klab", choices=["e1klab", "qemu"])
    ap.add_argument("--table", action="store_true")
    ap.add_argument("--keep")
    ap.add_argument("--no-snapshot", action="store_true")
    args = ap.parse_args()
    drivers = args.driver or ["stock", "e1klab"]
    work = args.keep or tempfile.mkdtemp(prefix="e1klab-conform-")
    os.makedirs(work, exist_ok=True)
    snap = None
    fails, runs = 0, []
    t0 = time.time()
    try:
        if args.dut == "e1klab" and not args.no_snapshot:
            snap = os.path.join(work, "snapshot.mig")
            make_snapshot(work, args.dut, snap)
            print("# snapshot made in %.0f s" % (time.time() - t0))
        for drv in drivers:
            t1 = time.time()
            text, caps = run_guest(work, drv, args.dut, drv, snap)
            res = results(text)
            runs.append(("%s, %s" % (args.dut, drv), res))
            print("# %s driver: guest run %.0f s" % (drv, time.time() - t1))
            if args.dut != "e1klab":
                continue
            if res.get("conform") != "done":
                print("FAIL - %s: the guest did not finish (console %s)"
                      % (drv, os.path.join(work, drv + "-console.log")))
                fails += 1
                continue
            for dut in (0, 1):
                for name, ok, detail in check_dut(res, dut, drv,
                                                  caps.get(dut)):
                    print("%s - %s driver: %s%s" % ("ok" if ok else "FAIL",
                                                     drv, name,
                                                     "" if ok else
                                                     ": " + detail))
                    fails += not ok
        if snap:
            t1 = time.time()
            for name, ok, detail in partner_check(work, snap):
                print("%s - %s%s" % ("ok" if ok else "FAIL", name,
                                     "" if ok else ": " + detail))
                fails += not ok
            print("# link partner run %.0f s" % (time.time() - t1))
        if args.table:
            print("\n".join(table_rows(runs)))
    finally:
        print("# wall time %.0f s" % (time.time() - t0))
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
