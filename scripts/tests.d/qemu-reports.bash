# SPDX-License-Identifier: GPL-2.0-or-later
#
# Report checks of `e1klab run --backend qemu` against the testbench on the
# same scenario (docs/full-system.md "Report fields with --backend qemu"),
# sourced by scripts/tests.d/qemu.sh, which provides ok, bad, $W (scratch
# directory), $top, $E1KLAB, $QEMU, $KERNEL and $INITRD.  Two guest runs:
#   report-dash-names      NICs named wan-0 and lan-1: the report's interrupt
#                          counts are the guest's /proc/interrupts lines
#   report-non-ipv4        ARP, IS-IS, STP (LLC) and TIPC frames are
#                          ip_dropped on both backends: the same accounting
#   report-oversize-sources  a 65,590-byte record: identical sources[]
#   report-cpu-100kpps     forward-970kpps-napi at 100 kpps: CPU shares
#                          within the tolerance docs/full-system.md states
#   report-hardirq         e1klab.ko's handler time is the report's hardirq:
#                          > 0, 0.1-20 us per interrupt, and a larger share
#                          in legacy mode (the handler cleans the rings)
#                          than in NAPI mode (it only masks and schedules)
#   run-scenario-relative-pcap  --set traffic.pcap is taken from the
#                          current directory, the scenario's pcap from its own

# The capture (frames made here, nothing copied): 24 IPv4/UDP frames to
# forward, 8 ARP requests for addresses nobody has, 4 IS-IS and 4 STP
# frames over LLC, 4 TIPC frames (20 not IPv4), one record of 65,590
# bytes; one every 200 us.  Prints the count of frames that are not IPv4.
qr_make_capture() {
  python3 - "$1" <<'EOF'
import struct, sys
def csum(b):
    s = sum(struct.unpack(">%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff
peer, bc = bytes.fromhex("02000000000a"), b"\xff" * 6
def eth(dst, typ, body):
    return dst + peer + struct.pack(">H", typ) + body
def udp(i):
    ip = struct.pack(">BBHHHBBH4s4s", 0x45, 0, 46, i, 0, 64, 17, 0,
                     bytes([10, 0, 0, 2]), bytes([10, 2, 0, 1]))
    ip = ip[:10] + struct.pack(">H", csum(ip)) + ip[12:]
    return eth(bc, 0x0800, ip + struct.pack(">HHHH", 9, 9, 26, 0) + bytes(18))
def arp(i):
    return eth(bc, 0x0806, struct.pack(">HHBBH6s4s6s4s", 1, 0x0800, 6, 4, 1,
               peer, bytes([10, 0, 0, 2]), bytes(6), bytes([10, 0, 0, 100 + i]))
               + bytes(18))
def llc(dst, sap, body):   # 802.3 length field, then DSAP SSAP UI
    return dst + peer + struct.pack(">H", 3 + len(body)) + bytes([sap, sap, 3]) + body
frames = []
for i in range(24):
    frames.append(udp(i))
    if i % 3 == 0:
        frames.append(arp(i))
    if i % 6 == 1:   # IS-IS hello to AllL1ISs
        frames.append(llc(bytes.fromhex("0180c2000014"), 0xfe,
                          bytes([0x83, 27, 1, 0, 15, 1, 0, 3]) + bytes(40)))
    if i % 6 == 2:   # TIPC
        frames.append(eth(bc, 0x88ca, bytes(46)))
    if i % 6 == 4:   # STP configuration BPDU
        frames.append(llc(bytes.fromhex("0180c2000000"), 0x42, bytes(43)))
frames.insert(10, eth(bc, 0x0800, bytes(65590 - 14)))
with open(sys.argv[1], "wb") as out:
    # pcap, ns time stamps, snaplen 262144, Ethernet
    out.write(struct.pack("<IHHiIII", 0xa1b23c4d, 2, 4, 0, 0, 262144, 1))
    for i, f in enumerate(frames):
        t = 1000000 + i * 200000
        out.write(struct.pack("<IIII", t // 10**9, t % 10**9, len(f), len(f)) + f)
print(sum(1 for f in frames if f[12:14] != b"\x08\x00"))
EOF
}

qr_scenario() {  # FILE PCAP: NICs with '-' in their names, the capture into wan-0
  cat > "$1" <<EOF
[scenario]
name = report-l2
[host]
profile = piii-933
[driver]
RxIntDelay = 1
InterruptThrottleRate = 0
[nic.wan-0]
chip = 82545EM
mac = 00:07:e9:00:00:10
ip = 10.0.0.1/24
peer_mac = 02:00:00:00:00:0a
[nic.lan-1]
chip = 82545EM
mac = 00:07:e9:00:00:11
ip = 10.1.0.1/24
peer_mac = 02:00:00:00:00:11
[route.sink]
dst = 10.2.0.0/16
via = 10.1.0.2
dev = lan-1
[traffic]
kind = pcap
nic = wan-0
pcap = $2
rewrite_dst_mac = true
[run]
drain = 20ms
EOF
}

# run_both NAME SCENARIO ARGS...: testbench to $W/NAME-tb.json, the guest
# to $W/NAME-q.json (its work directory kept under $W/NAME-keep/)
qr_run_both() {
  local name=$1 scen=$2; shift 2
  mkdir -p "$W/$name-keep"
  "$E1KLAB" run "$scen" "$@" --json "$W/$name-tb.json" --quiet \
    >"$W/$name-tb.err" 2>&1 || { cat "$W/$name-tb.err"; return 1; }
  TMPDIR=$W/$name-keep E1KLAB_QEMU_KEEP=1 timeout 900 "$E1KLAB" run --backend qemu \
    "$scen" "$@" --json "$W/$name-q.json" --quiet --timeout 800 \
    >"$W/$name-q.err" 2>&1 || { cat "$W/$name-q.err"; return 1; }
}

qemu_report_tests() {
  local nonip why
  nonip=$(qr_make_capture "$W/l2.pcap")
  qr_scenario "$W/l2.ini" "$W/l2.pcap"
  if ! qr_run_both l2 "$W/l2.ini"; then
    bad "report-dash-names" "run failed"; bad "report-non-ipv4" "run failed"
    bad "report-oversize-sources" "run failed"
  else
    local con
    con=$(ls "$W"/l2-keep/e1klab-qemu-*/console.log)
    for check in dash-names non-ipv4 oversize-sources; do
      if why=$(python3 - "$check" "$W/l2-tb.json" "$W/l2-q.json" "$con" "$nonip" <<'EOF'
import json, re, sys
check, tb, q, con, nonip = sys.argv[1], json.load(open(sys.argv[2])), \
    json.load(open(sys.argv[3])), sys.argv[4], int(sys.argv[5])
e = []
if check == "dash-names":
    # the guest's own /proc/interrupts lines (device list at the line's end)
    text = open(con, errors="replace").read().replace("\r", "")
    sec = text.split("@@ interrupts\n", 1)[1].split("\n@@ ", 1)[0]
    for i in q["interfaces"]:
        m = [l for l in sec.split("\n") if re.search(r"[ ,]%s(,|$)" % re.escape(i["name"]), l)]
        if len(m) != 1:
            e.append("%s: %d /proc/interrupts lines" % (i["name"], len(m)))
            continue
        irq, count = m[0].split()[0].rstrip(":"), int(m[0].split()[1])
        if not (count > 0 and i["interrupts"] == count and str(i["irq"]) == irq
                and q["interrupts"][i["name"]] == count):
            e.append("%s: report irq %s count %s, guest line %s" % (
                i["name"], i["irq"], i["interrupts"], m[0].strip()))
elif check == "non-ipv4":
    for k in tb["accounting"]:
        if tb["accounting"][k] != q["accounting"][k]:
            e.append("accounting.%s: testbench %s, qemu %s" % (
                k, tb["accounting"][k], q["accounting"][k]))
    if q["accounting"]["ip_dropped"] != nonip:
        e.append("ip_dropped %s != %d frames not IPv4" % (
            q["accounting"]["ip_dropped"], nonip))
    if q["accounting"]["host_other"] != 0:
        e.append("host_other %s" % q["accounting"]["host_other"])
    # the guest's own count of frames no protocol took: IS-IS, STP, TIPC
    # (4 each; ARP has a handler)
    if q["interfaces"][0]["stats64"]["rx_dropped"] != 12:
        e.append("wan-0 rx_dropped %s != 12" % q["interfaces"][0]["stats64"]["rx_dropped"])
else:
    if tb["sources"] != q["sources"]:
        e.append("sources: testbench %s, qemu %s" % (tb["sources"], q["sources"]))
    s = q["sources"][0]
    if s["oversize"] != 1 or s["truncated"] != 0 or s["offered"] != 45:
        e.append("sources %s" % s)
    if q["accounting"]["rx_bad_size"] != 1:
        e.append("rx_bad_size %s" % q["accounting"]["rx_bad_size"])
print("; ".join(e))
sys.exit(1 if e else 0)
EOF
      ); then
        case $check in
          dash-names) ok "report-dash-names (wan-0, lan-1: irq and count as the guest's /proc/interrupts, > 0)" ;;
          non-ipv4) ok "report-non-ipv4 ($nonip ARP/IS-IS/STP/TIPC frames: ip_dropped on both backends, accounting identical, 12 in the guest's rx_dropped)" ;;
          *) ok "report-oversize-sources (a 65,590-byte record: identical sources[], oversize 1, ROC)" ;;
        esac
      else
        bad "report-$check" "$why"
      fi
    done
  fi

  # CPU shares at 100 kpps (tolerance: docs/full-system.md "CPU time")
  if ! qr_run_both cpu "$top/testbench/scenarios/forward-970kpps-napi.ini" \
       --set traffic.count=20000 --set traffic.pps=100000; then
    bad "report-cpu-100kpps" "run failed"
  elif why=$(python3 - "$W/cpu-tb.json" "$W/cpu-q.json" <<'EOF'
import json, sys
tb, q = (json.load(open(p))["cpu"] for p in sys.argv[1:3])
pct = lambda c, *k: sum(c[x + "_ppm"] for x in k) / 1e4
irq_tb, irq_q = pct(tb, "hardirq", "softirq"), pct(q, "hardirq", "softirq")
e = []
if abs(irq_tb - irq_q) > 20 or abs(pct(tb, "idle") - pct(q, "idle")) > 20:
    e.append("interrupt context %.2f%% vs %.2f%%, idle %.2f%% vs %.2f%%" % (
        irq_tb, irq_q, pct(tb, "idle"), pct(q, "idle")))
if pct(q, "process") > 5 or irq_q < 50:
    e.append("guest process %.2f%%, interrupt context %.2f%%" % (
        pct(q, "process"), irq_q))
print("; ".join(e) if e else "interrupt context %.2f%% (testbench %.2f%%), idle %.2f%% (%.2f%%)" % (
    irq_q, irq_tb, pct(q, "idle"), pct(tb, "idle")))
sys.exit(1 if e else 0)
EOF
  ); then
    ok "report-cpu-100kpps ($why)"
  else
    bad "report-cpu-100kpps" "$why"
  fi

  # hardirq_ns from e1klab.ko's handlers, NAPI (above) against legacy
  if ! qr_run_both cpul "$top/testbench/scenarios/forward-970kpps-legacy.ini" \
       --set traffic.count=20000 --set traffic.pps=100000; then
    bad "report-hardirq" "run failed"
  elif why=$(python3 - "$W/cpu-q.json" "$W/cpul-q.json" <<'EOF'
import json, sys
e, out = [], []
share = {}
for mode, path in (("napi", sys.argv[1]), ("legacy", sys.argv[2])):
    d = json.load(open(path))
    c, irqs = d["cpu"], sum(i["interrupts"] for i in d["interfaces"])
    per = c["hardirq_ns"] / irqs if irqs else 0
    share[mode] = c["hardirq_ppm"]
    out.append("%s %d ms, %.2f us per interrupt" % (mode, c["hardirq_ns"] // 10**6, per / 1e3))
    if not (c["hardirq_ns"] > 0 and 100 <= per <= 20000):
        e.append("%s: hardirq_ns %d over %d interrupts" % (mode, c["hardirq_ns"], irqs))
if share["legacy"] <= share["napi"]:
    e.append("legacy hardirq share %d ppm <= napi %d ppm" % (share["legacy"], share["napi"]))
print("; ".join(e or out))
sys.exit(1 if e else 0)
EOF
  ); then
    ok "report-hardirq ($why)"
  else
    bad "report-hardirq" "$why"
  fi

  # run-scenario.py: --set traffic.pcap from the current directory (as
  # e1klab run), the file's own pcap from the scenario's directory
  local rs=$W/rel out1 out2
  mkdir -p "$rs" && cp "$W/l2.pcap" "$rs/mine.pcap"
  local rsargs=(--qemu "$QEMU" --kernel "$KERNEL" --initrd "$INITRD" --workdir "$W/rs-work" --print-command)
  out1=$(cd "$rs" && python3 "$top/guest-images/run-scenario.py" \
         "$top/testbench/scenarios/replay-pcap.ini" --set traffic.pcap=mine.pcap "${rsargs[@]}" 2>&1)
  out2=$(cd "$rs" && python3 "$top/guest-images/run-scenario.py" \
         "$top/testbench/scenarios/replay-pcap.ini" "${rsargs[@]}" 2>&1)
  if echo "$out1" | grep -qF "replay=$rs/mine.pcap," &&
     echo "$out2" | grep -qF "replay=$top/tests/data/traces/tls_ciphers.pcap,"; then
    ok "run-scenario-relative-pcap (--set path from the current directory, the file's from the scenario's)"
  else
    bad "run-scenario-relative-pcap" "$(echo "$out1 | $out2" | grep -o 'replay=[^,]*' | tr '\n' ' ')"
  fi
}
