#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Run a testbench scenario (testbench/scenarios/*.ini) in the QEMU guest.

Maps the scenario onto QEMU + the e1klab guest (docs/full-system.md):
  [nic.ethN]  -> -device e1klab-<chip> (PCI slot 4+N, so ethN stays ethN),
                 mac, bus-timing; its ip -> e1klab.addr
  [route.*]   -> e1klab.route; the gateway's MAC (the nic's peer_mac) ->
                 a static ARP entry (e1klab.neigh)
  [driver]    -> module parameters (one value per NIC) of the guest's
                 driver: Linux's stock e1000 (the default here), or
                 e1klab.ko with --driver e1klab or [guest] driver = e1klab
                 given in the scenario (then [driver] mode is passed too)
  [host]      -> netdev_max_backlog / netdev_budget sysctls; the profile's
                 cpu mhz -> -icount shift=N with 2^N ns ~ 1000/mhz ns
  [traffic]   -> replay=gen|<pcap> and the replay-* properties of the
                 ingress device, started replay_delay after the guest
                 enables RX on it
runs QEMU with a wall-clock timeout, parses the guest's marker block and
the device's stats files and prints a JSON report.  Same scenario, same
bytes: QEMU runs with -icount shift=N,sleep=off and -rtc clock=vm.

  run-scenario.py SCENARIO.ini [--set section.key=value ...] [--nic-model
      e1klab|stock] [--driver stock|e1klab] [--json OUT] [--workdir DIR]
      [--timeout S]

--nic-model stock puts Debian QEMU's own -device e1000 / e1000-82545em on
eth0/eth1 and feeds eth0 from a third, generator-only e1klab device
(replay-to-netdev=on) through a QEMU hub, so both NICs see the same frames.
Exit status: 0 on success, 1 on a failed run, 2 on bad input.
"""
import argparse
import configparser
import json
import math
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DRIVER_ARRAY_PARAMS = ["TxDescriptors", "RxDescriptors", "Speed", "Duplex",
                       "AutoNeg", "FlowControl", "XsumRX", "TxIntDelay",
                       "TxAbsIntDelay", "RxIntDelay", "RxAbsIntDelay",
                       "InterruptThrottleRate", "SmartPowerDownEnable"]
# (section, key) pairs given with --set: their paths are taken from the
# current directory (they were typed on a command line)
SET_KEYS = set()
DEVICES = {"82540EM": ("e1klab-82540em", "e1000"),
           "82545EM": ("e1klab-82545em", "e1000-82545em")}


def die(msg, code=2):
    print("run-scenario: error: " + msg, file=sys.stderr)
    sys.exit(code)


def load_ini(path, sets):
    cp = configparser.ConfigParser(inline_comment_prefixes=("#", ";"),
                                   interpolation=None)
    cp.optionxform = str
    try:
        with open(path) as f:
            cp.read_file(f)
    except (OSError, configparser.Error) as e:
        die("%s: %s" % (path, e))
    for s in sets:
        m = re.match(r"^([^.=]+(?:\.[^.=]+)?)\.([^.=]+)=(.*)$", s)
        if not m:
            die("--set %s: expected section.key=value" % s)
        sec, key, val = m.groups()
        SET_KEYS.add((sec, key))
        if not cp.has_section(sec):
            cp.add_section(sec)
        cp.set(sec, key, val)
    return cp


def parse_duration_s(text):
    m = re.match(r"^\s*([0-9.]+)\s*(ns|us|ms|s)?\s*$", text or "")
    if not m:
        die("bad duration '%s'" % text)
    return float(m.group(1)) * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3,
                                "s": 1.0, None: 1.0}[m.group(2)]


def profile_mhz(cp, ini_path):
    prof = cp.get("host", "profile", fallback=None)
    if not prof:
        return 1000.0
    p = os.path.join(TOP, "testbench", "profiles", prof + ".ini")
    pc = configparser.ConfigParser(inline_comment_prefixes=("#", ";"),
                                   interpolation=None)
    try:
        with open(p) as f:
            pc.read_file(f)
        return float(pc.get("cpu", "mhz"))
    except (OSError, configparser.Error, ValueError) as e:
        die("%s: profile %s: %s" % (ini_path, p, e))


def build_command(cp, ini_path, args, work):
    # NICs in natural name order take PCI slots 4, 5, ...; the guest
    # renames its eth0, eth1, ... to the scenario's names
    nics = sorted((s[4:] for s in cp.sections() if s.startswith("nic.")),
                  key=lambda n: [int(x) if x.isdigit() else x
                                 for x in re.split(r"(\d+)", n)])
    if not nics:
        die("%s: no [nic.*] section" % ini_path)
    for n in nics:
        if not re.fullmatch(r"[a-z][a-z0-9]{0,14}", n):
            die("%s: [nic.%s]: interface names are [a-z][a-z0-9]*" %
                (ini_path, n))
    mhz = profile_mhz(cp, ini_path)
    shift = cp.getint("run", "icount_shift", fallback=max(
        0, int(round(math.log2(1000.0 / mhz)))))
    tr = cp["traffic"] if cp.has_section("traffic") else None
    append = ["console=ttyS0", "quiet", "panic=-1", "ipv6.disable=1",
              "e1klab.mode=forward"]
    if nics != ["eth%d" % i for i in range(len(nics))]:
        append.append("e1klab.ifnames=" + ",".join(nics))
    dev_args = []
    egress_caps = []

    # driver parameters, one value per NIC
    params = []
    mode = cp.get("driver", "mode", fallback="napi")
    if getattr(args, "driver", "stock") == "e1klab":
        append.append("e1klab.driver=e1klab")
        params.append("mode=" + ",".join([mode] * len(nics)))
    elif mode not in ("napi", "napi-dynitr"):
        die("%s: [driver] mode %s: Linux's e1000 is NAPI only (use "
            "--driver e1klab)" % (ini_path, mode))
    if cp.has_section("driver"):
        for k in DRIVER_ARRAY_PARAMS:
            if cp.has_option("driver", k):
                v = cp.get("driver", k)
                params.append("%s=%s" % (k, ",".join([v] * len(nics))))
    if params:
        append.append("e1klab.modparams=" + ":".join(params))
    for key, sysctl in (("netdev_max_backlog", "net.core.netdev_max_backlog"),
                        ("netdev_budget", "net.core.netdev_budget")):
        if cp.has_option("host", key):
            append.append("e1klab.sysctl=%s=%s" % (sysctl,
                                                  cp.get("host", key)))

    ingress = tr.get("nic", "eth0") if tr else None
    for i, n in enumerate(nics):
        sec = cp["nic." + n]
        chip = sec.get("chip", "82540EM").upper()
        if chip not in DEVICES:
            die("%s: [nic.%s] chip %s (82540EM or 82545EM)" %
                (ini_path, n, chip))
        if sec.get("ip"):
            append.append("e1klab.addr=%s,%s" % (n, sec.get("ip")))
        mac = sec.get("mac", "52:54:00:12:34:%02x" % (0x56 + i))
        props = ["addr=%02x.0" % (4 + i), "mac=" + mac]
        stats = os.path.join(work, "%s.stats" % n)
        if args.nic_model == "e1klab":
            props.insert(0, DEVICES[chip][0])
            props.append("bus-timing=" + sec.get("bus", "pci64-66"))
            props.append("stats=" + stats)
            if n != ingress:
                cap = os.path.join(work, "%s-tx.pcap" % n)
                props.append("capture=" + cap)
                egress_caps.append(cap)
        else:
            props.insert(0, DEVICES[chip][1])
            props.append("romfile=")
            dev_args += ["-netdev", "hubport,id=hp%d,hubid=%d" % (i, i)]
            props.append("netdev=hp%d" % i)
            if n != ingress:
                cap = os.path.join(work, "%s-tx.pcap" % n)
                dev_args += ["-object", "filter-dump,id=fd%d,netdev=hp%d,"
                             "file=%s" % (i, i, cap)]
                egress_caps.append(cap)
        if tr and n == ingress:
            rp = replay_props(cp, tr, ini_path, args)
            if args.nic_model == "e1klab":
                props += rp
            else:
                # slot 9 shares eth1's (slot 5) PIRQ, not eth0's
                gen = ["e1klab-82540em", "addr=09.0", "netdev=gen",
                       "mac=52:54:00:ff:ff:01", "replay-to-netdev=on",
                       "replay-dst-mac=" + mac,
                       "stats=" + os.path.join(work, "generator.stats")]
                dev_args += ["-netdev", "hubport,id=gen,hubid=%d" % i,
                             "-device", ",".join(gen + [p for p in rp if
                                                        not p.startswith(
                                                            "replay-rewrite")])]
        dev_args += ["-device", ",".join(props)]

    # routes and static neighbours
    peer = {n: cp.get("nic." + n, "peer_mac", fallback=None) for n in nics}
    neighs = set()
    for s in sorted(x for x in cp.sections() if x.startswith("route.")):
        dst, via, dev = (cp.get(s, "dst"), cp.get(s, "via", fallback=""),
                         cp.get(s, "dev", fallback="eth1"))
        if via:
            if dst in ("0.0.0.0/0", "default"):
                dst = "default"
            append.append("e1klab.route=%s,%s,%s" % (dst, via, dev))
            if peer.get(dev):
                neighs.add((via, peer[dev], dev))
    for via, mac, dev in sorted(neighs):
        append.append("e1klab.neigh=%s,%s,%s" % (via, mac, dev))

    # how long the guest waits: start delay + traffic + drain + margin
    dur = 0.0
    if tr:
        count = traffic_count(cp, tr)
        pps = float(tr.get("pps", "0") or 0)
        if cp.has_option("run", "duration") and not tr.get("count"):
            dur = parse_duration_s(cp.get("run", "duration"))
        elif pps > 0 and count > 0:
            dur = count / pps
        elif tr.get("kind", "pktgen") == "pcap":
            dur = float(cp.get("run", "pcap_duration", fallback="2"))
    drain = parse_duration_s(cp.get("run", "drain", fallback="20ms"))
    wait = int(math.ceil(args.replay_delay + dur + drain)) + 1
    append.append("e1klab.wait=%d" % wait)

    qemu = args.qemu
    cmd = [qemu, "-M", "pc", "-m", "256", "-nographic", "-no-reboot",
           "-nodefaults", "-serial", "stdio", "-net", "none",
           "-L", "/usr/share/qemu", "-L", "/usr/share/seabios",
           "-icount", "shift=%d,sleep=off" % shift,
           "-rtc", "clock=vm,base=2020-01-01",
           "-kernel", args.kernel, "-initrd", args.initrd,
           "-append", " ".join(append)] + dev_args
    return cmd, shift, nics, egress_caps


def frame_size(tr):
    """Generator frame size incl. FCS: frame_size, or udp_payload + 46."""
    if tr.get("udp_payload"):
        return int(tr.get("udp_payload")) + 14 + 20 + 8 + 4
    return int(tr.get("frame_size", "64"))


def traffic_count(cp, tr):
    """Frames to offer: [traffic] count, else [run] duration x rate."""
    count = int(float(tr.get("count", "0") or 0))
    if count or not cp.has_option("run", "duration"):
        return count
    dur = parse_duration_s(cp.get("run", "duration"))
    pace = tr.get("pace", "topspeed")
    if pace == "pps":
        return max(1, int(dur * float(tr.get("pps"))))
    if pace == "mbps":
        return max(1, int(dur * float(tr.get("mbps")) * 1e6 /
                          (frame_size(tr) * 8)))
    if pace == "topspeed" and tr.get("kind", "pktgen") == "pktgen":
        wire_ns = (frame_size(tr) + 20) * 8  # 1000 Mb/s
        return max(1, int(dur * 1e9 / wire_ns))
    return 0


def replay_props(cp, tr, ini_path, args):
    kind = tr.get("kind", "pktgen")
    p = ["replay-start-ns=%d" % int(args.replay_delay * 1e9)]
    if kind == "pktgen":
        p.append("replay=gen")
        p.append("replay-size=%d" % frame_size(tr))
        for key, prop in (("src_ip", "replay-src-ip"),
                          ("dst_ip", "replay-dst-ip"),
                          ("src_mac", "replay-src-mac"),
                          ("dst_mac", "replay-dst-mac"),
                          ("udp_src_port", "replay-sport"),
                          ("udp_dst_port", "replay-dport"),
                          ("flows", "replay-flows")):
            if tr.get(key):
                p.append("%s=%s" % (prop, tr.get(key)))
        nic = tr.get("nic", "eth0")
        if not tr.get("src_mac") and cp.get("nic." + nic, "peer_mac",
                                            fallback=None):
            p.append("replay-src-mac=" + cp.get("nic." + nic, "peer_mac"))
    elif kind == "pcap":
        # as e1klab run: relative to the scenario's directory, or to the
        # current one when the value came from --set
        path = tr.get("pcap")
        if not os.path.isabs(path):
            rel = os.getcwd() if ("traffic", "pcap") in SET_KEYS else \
                os.path.dirname(os.path.abspath(ini_path))
            path = os.path.normpath(os.path.join(rel, path))
        if not os.path.exists(path):
            die("%s: [traffic] pcap %s: no such file" % (ini_path, path))
        if "," in path:
            die("%s: pcap path must not contain ','" % ini_path)
        p.append("replay=" + path)
        if tr.get("loop"):
            p.append("replay-loop=%d" % int(tr.get("loop")))
        if tr.get("rewrite_dst_mac", "false").lower() in ("1", "true",
                                                          "yes", "on"):
            p.append("replay-rewrite-dst-mac=on")
    else:
        die("%s: [traffic] kind %s (pktgen or pcap)" % (ini_path, kind))
    pace = tr.get("pace", "pps" if tr.get("pps") else
                  ("captured" if kind == "pcap" else "topspeed"))
    if pace not in ("pps", "mbps", "captured", "topspeed"):
        die("%s: [traffic] pace %s" % (ini_path, pace))
    p.append("replay-pace=" + pace)
    if pace == "pps":
        p.append("replay-pps=%d" % int(float(tr.get("pps"))))
    if pace == "mbps":
        p.append("replay-mbps=%d" % int(float(tr.get("mbps"))))
    if pace == "captured" and tr.get("multiplier"):
        p.append("replay-multiplier=" + tr.get("multiplier"))
    count = traffic_count(cp, tr)
    if count > 0:
        p.append("replay-count=%d" % count)
    return p


# ------------------------------------------------------------ parsing

def split_block(text):
    text = text.replace("\r", "")
    m = re.search(r"===E1KLAB-BEGIN===\n(.*?)===E1KLAB-END===", text, re.S)
    if not m:
        return None
    sections = {}
    name = None
    for line in m.group(1).split("\n"):
        if line.startswith("@@ "):
            name = line[3:].strip()
            sections[name] = []
        elif name is not None and line != "":
            sections[name].append(line)
    return sections


def kv(lines):
    out = {}
    for line in lines:
        if "=" in line:
            k, v = line.split("=", 1)
            out[k.strip()] = int(v) if re.fullmatch(r"-?\d+", v.strip()) \
                else v.strip()
    return out


def parse_interrupts(lines):
    out = {}
    for line in lines[1:]:
        f = line.split()
        if len(f) < 2 or not f[0].endswith(":"):
            continue
        key = f[0][:-1]
        try:
            count = int(f[1])
        except ValueError:
            continue
        if not key.isdigit():
            out[key] = count
            continue
        # "11:  42  IO-APIC  11-fasteoi   eth0, eth2": shared lines count
        # for every name on them
        m = re.search(r"\S+-(?:fasteoi|edge|level)\s+(.*)$", line)
        names = m.group(1) if m else f[-1]
        for name in names.split(","):
            if name.strip():
                out[name.strip()] = count
    return out


def parse_net_dev(lines):
    rx = ["bytes", "packets", "errs", "drop", "fifo", "frame", "compressed",
          "multicast"]
    tx = ["bytes", "packets", "errs", "drop", "fifo", "colls", "carrier",
          "compressed"]
    out = {}
    for line in lines[2:]:
        if ":" not in line:
            continue
        name, rest = line.split(":", 1)
        v = [int(x) for x in rest.split()]
        out[name.strip()] = dict([("rx_" + k, v[i]) for i, k in enumerate(rx)]
                                 + [("tx_" + k, v[8 + i])
                                    for i, k in enumerate(tx)])
    return out


def parse_ethtool(lines):
    """ethtool -S: "     name: value" lines -> {name: value}."""
    out = {}
    for line in lines:
        m = re.fullmatch(r"\s*([^:]+):\s*(\d+)\s*", line)
        if m:
            out[m.group(1)] = int(m.group(2))
    return out


def parse_softnet(lines):
    out = []
    for line in lines:
        v = [int(x, 16) for x in line.split()]
        out.append({"processed": v[0], "dropped": v[1],
                    "time_squeeze": v[2]})
    return out


def parse_snmp(lines):
    out = {}
    for i in range(0, len(lines) - 1, 2):
        h, v = lines[i].split(), lines[i + 1].split()
        if h and v and h[0] == v[0]:
            out[h[0].rstrip(":")] = {k: int(x) for k, x in zip(h[1:], v[1:])}
    return out


def count_pcap(path):
    """Frames in a pcap (classic format, as written by libpcap/QEMU)."""
    try:
        data = open(path, "rb").read()
    except OSError:
        return None
    if len(data) < 24:
        return 0
    magic = data[:4]
    endian = "<" if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1") \
        else ">"
    import struct
    n, off = 0, 24
    while off + 16 <= len(data):
        caplen = struct.unpack(endian + "I", data[off + 8:off + 12])[0]
        off += 16 + caplen
        n += 1
    return n


def report(cp, sections, nics, work, shift, caps, args):
    r = {"schema": "e1klab-qemu-report/1", "backend": "qemu",
         "nic_model": args.nic_model, "driver": args.driver,
         "scenario": cp.get("scenario", "name", fallback=""),
         "icount_shift": shift}
    g = {"meta": kv(sections.get("meta", [])),
         "result": kv(sections.get("result", [])),
         "pci": sections.get("pci", []),
         "interrupts": parse_interrupts(sections.get("interrupts", [])),
         "net_dev": parse_net_dev(sections.get("net_dev", [])),
         "softnet_stat": parse_softnet(sections.get("softnet_stat", [])),
         "snmp": parse_snmp(sections.get("snmp", [])),
         "stats": {n: kv(sections.get("stats " + n, [])) for n in nics},
         "ethtool": {n: parse_ethtool(sections.get("ethtool " + n, []))
                     for n in nics},
         "dmesg_nic": [l for l in sections.get("dmesg", [])
                       if re.search(r"e1000|eth\d", l)]}
    r["guest"] = g
    dev = {}
    for n in nics + ["generator"]:
        p = os.path.join(work, "%s.stats" % n)
        if os.path.exists(p):
            dev[n] = kv(open(p).read().split("\n"))
    r["device"] = dev
    r["egress_capture_frames"] = {os.path.basename(c): count_pcap(c)
                                  for c in caps}
    ingress = cp.get("traffic", "nic", fallback="eth0")
    src = dev.get("generator" if args.nic_model == "stock" else ingress, {})
    ip = g["snmp"].get("Ip", {})
    r["summary"] = {
        "offered": src.get("replay.offered"),
        "rx_packets": g["stats"].get(ingress, {}).get("rx_packets"),
        "rx_missed": g["stats"].get(ingress, {}).get("rx_missed_errors"),
        "rx_dropped_stack": g["stats"].get(ingress, {}).get("rx_dropped"),
        "forwarded": ip.get("ForwDatagrams"),
        "softnet_dropped": sum(c["dropped"] for c in g["softnet_stat"]),
        "interrupts": {n: g["interrupts"].get(n) for n in nics},
    }
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--nic-model", choices=["e1klab", "stock"],
                    default="e1klab")
    ap.add_argument("--driver", choices=["stock", "e1klab"], default=None,
                    help="guest driver (default: the scenario's [guest] "
                    "driver if given, else stock)")
    ap.add_argument("--qemu", default=os.path.join(
        TOP, "qemu-build", "build", "qemu-system-x86_64"))
    ap.add_argument("--kernel", default=os.path.join(
        TOP, "qemu-build", "guest", "vmlinuz"))
    ap.add_argument("--initrd", default=os.path.join(
        TOP, "qemu-build", "guest", "initrd.gz"))
    ap.add_argument("--workdir", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--timeout", type=float, default=900)
    ap.add_argument("--replay-delay", type=float, default=3.0,
                    help="virtual seconds from RX enable to the first frame")
    ap.add_argument("--print-command", action="store_true")
    args = ap.parse_args()
    for f in (args.qemu, args.kernel, args.initrd):
        if not os.path.exists(f):
            die("%s: missing (run scripts/build-qemu.sh and "
                "guest-images/build.sh)" % f)
    cp = load_ini(args.scenario, args.set)
    if args.driver is None:
        args.driver = cp.get("guest", "driver", fallback="stock")
    if args.driver not in ("stock", "e1klab"):
        die("%s: [guest] driver %s (e1klab or stock)" % (args.scenario,
                                                         args.driver))
    work = args.workdir or os.path.join(TOP, "out", "qemu-" + (
        cp.get("scenario", "name", fallback="run")))
    os.makedirs(work, exist_ok=True)
    for f in os.listdir(work):
        if f.endswith((".stats", ".pcap", ".log")):
            os.unlink(os.path.join(work, f))
    cmd, shift, nics, caps = build_command(cp, args.scenario, args, work)
    if args.print_command:
        print(" ".join(cmd))
        return 0
    log = os.path.join(work, "console.log")
    try:
        with open(log, "wb") as lf:
            rc = subprocess.run(cmd, stdout=lf, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL,
                                timeout=args.timeout).returncode
    except subprocess.TimeoutExpired:
        die("QEMU did not finish within %g s (console: %s)" %
            (args.timeout, log), 1)
    text = open(log, "rb").read().decode("utf-8", "replace")
    sections = split_block(text)
    if rc != 0 or sections is None:
        die("QEMU exit %d, %s (console: %s)" % (
            rc, "no result block" if sections is None else "block ok", log),
            1)
    out = json.dumps(report(cp, sections, nics, work, shift, caps, args),
                     indent=1, sort_keys=True) + "\n"
    if args.json:
        with open(args.json, "w") as f:
            f.write(out)
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
