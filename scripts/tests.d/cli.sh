#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# CLI-level tests of `e1klab` (run by scripts/test.sh after meson test, with
# the build in build/; E1KLAB=path overrides the binary).  Every shipped
# scenario runs at reduced length; two runs give byte-identical JSON; every
# capture in tests/data/traces replays with counts that add up; each kind
# of bad input gives a one-line error, exit 2 and no output file.
# Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/tests.d/cli-lib.bash
T=tests/data/traces

# --- basics ---
if "$E1KLAB" --version | grep -Eq '^e1klab [0-9]+\.[0-9]+'; then ok "--version"; else nok "--version"; fi
if "$E1KLAB" help >/dev/null; then ok "help"; else nok "help"; fi
# `e1klab help` names every option of every command (as its --help
# lists) in that command's lines
for c in run sweep mlffr specweb check bench; do
  usage=$("$E1KLAB" help | awk -v c="$c" '/^  [a-z-]+ / {on = ($1 == c)} /^  [^ ]/ && !/^  [a-z-]+ / {on = 0} on')
  opts=$("$E1KLAB" help $c | grep -oE '^  (-[a-z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+' | grep -v '^--help')
  missing=""
  for o in $opts; do echo "$usage" | grep -qE -- "$o([] =]|\$)" || missing="$missing $o"; done
  if [ -n "$opts" ] && [ -z "$missing" ]; then ok "help lists every option of $c ($(echo $opts | wc -w))"
  else nok "help leaves out of $c:$missing"; fi
done
"$E1KLAB" frobnicate >/dev/null 2>&1; rc=$?
if [ $rc -eq 2 ]; then ok "unknown command exits 2"; else nok "unknown command exits $rc"; fi

# --- every shipped scenario at reduced length ---
declare -A reduce=(
  [forward-970kpps-legacy]="--set traffic.count=3000"
  [forward-970kpps-napi]="--set traffic.count=3000"
  [forward-10M-twist]="--set traffic.count=3000"
  [forward-10M-irqoff]="--set traffic.count=3000"
  [udp-stream-1440]="--set run.duration=0 --set traffic.count=3000"
  [replay-pcap]=""
)
for f in $S/*.ini; do
  n=$(basename "$f" .ini)
  if grep -q '^\[host\.' "$f"; then
    continue        # several hosts: below
  fi
  # shellcheck disable=SC2086
  if "$E1KLAB" run "$f" ${reduce[$n]:-} --quiet --json "$tmp/$n.json" \
       --csv "$tmp/$n.csv" 2>"$tmp/err" && [ -s "$tmp/$n.json" ] \
     && python3 - "$tmp/$n.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
a = d["accounting"]
assert d["schema"] == "e1klab-report/1"
assert a["balanced"] is True
assert a["offered"] == a["rx_queued"] + a["rx_filtered"] + a["rx_disabled"] \
    + a["rx_overrun"] + a["rx_bad_size"], a
assert d["offered"]["frames"] == a["offered"] > 0
assert sum(s["offered"] for s in d["sources"]) == a["offered"]
PY
  then ok "run $n"; else nok "run $n: $(head -c 300 "$tmp/err")"; fi
  if [ "$(wc -l < "$tmp/$n.csv")" -ge 2 ]; then ok "csv $n"; else nok "csv $n has no rows"; fi
done

# --- determinism: byte-identical JSON and CSV ---
for i in 1 2; do
  "$E1KLAB" run $S/forward-970kpps-napi.ini --set traffic.count=5000 --quiet \
    --json "$tmp/det$i.json" --csv "$tmp/det$i.csv" --pcap-out "$tmp/det$i.pcap" 2>/dev/null
done
if cmp -s "$tmp/det1.json" "$tmp/det2.json" && [ -s "$tmp/det1.json" ]; then
  ok "two runs give byte-identical JSON"; else nok "JSON differs between runs"; fi
if cmp -s "$tmp/det1.csv" "$tmp/det2.csv" && cmp -s "$tmp/det1.pcap" "$tmp/det2.pcap"; then
  ok "two runs give identical CSV and pcap-out"; else nok "CSV or pcap-out differs"; fi
# CSV: exactly one row per [run] sample interval, evenly spaced, also
# under overload (M1 legacy: long softirq/hardirq runs); per-interface
# rates move in every interval once traffic flows; a run with --csv gives
# the same JSON as one without
"$E1KLAB" run $S/forward-970kpps-legacy.ini --set traffic.count=100000 \
  --set run.sample=1ms --quiet --json "$tmp/csv1.json" --csv "$tmp/rows.csv" 2>/dev/null
"$E1KLAB" run $S/forward-970kpps-legacy.ini --set traffic.count=100000 \
  --set run.sample=1ms --quiet --json "$tmp/csv0.json" 2>/dev/null
if python3 - "$tmp/rows.csv" "$tmp/csv1.json" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
d = json.load(open(sys.argv[2]))
init, end = d["init_ns"], d["sim_ns"]
t = [int(r["time_ns"]) for r in rows]
# rows at interval boundaries up to the last full interval, then one for
# the part interval to the end of the run; a row spanning several
# intervals is a quiet stretch (docs/report-schema.md)
span = [b - a for a, b in zip([init] + t, t)]
assert all(s > 0 and s % 1000000 == 0 for s in span[:-1]), span[:5]
assert t[-1] == end and span[-1] > 0, (t[-1], end)
quiet = ("eth0.irqs", "eth0.rx_pps", "eth0.tx_pps", "eth1.irqs", "eth1.rx_pps",
         "eth1.tx_pps", "forwarded_pps", "offered_pps")
for r, s in zip(rows, span):
    if s > 1000000:
        assert all(r[c] == "0" for c in quiet), r
        assert r["softirq_pct"] == r["process_pct"] == "0.00", r
assert span.count(1000000) >= 100, span
# full intervals while 970 kpps are offered: eth0 receives, eth1 sends
busy = [r for r in rows if int(r["offered_pps"]) == 970000]
assert len(busy) >= 90, len(busy)
assert all(int(r["eth0.rx_pps"]) > 0 for r in busy[1:]), "eth0.rx_pps 0"
# the rows add up to the NIC totals (the run ends idle, after the drain)
for k, col in ((0, "eth0.rx_pps"), (1, "eth1.tx_pps")):
    nic = d["interfaces"][k]["nic"]
    tot = sum(int(r[col]) * s for r, s in zip(rows, span)) // 10**9
    assert tot == nic["GPRC" if k == 0 else "GPTC"] > 0, (col, tot, nic)
PY
then ok "csv: a row per busy interval, quiet stretches merged, rx/tx pps move"; else nok "csv rows/rates"; fi
if cmp -s "$tmp/csv0.json" "$tmp/csv1.json"; then
  ok "csv sampling does not change the results"; else nok "JSON differs with --csv"; fi
# --pcap-out holds exactly the frames that left the NICs
if python3 - "$tmp/det1.pcap" "$tmp/det1.json" <<'PY'
import json, struct, sys
data = open(sys.argv[1], "rb").read()
magic, _, _, _, _, snap, dlt = struct.unpack("<IHHiIII", data[:24])
assert magic == 0xa1b23c4d and dlt == 1, (hex(magic), dlt)  # ns pcap, Ethernet
off, n = 24, 0
while off < len(data):
    _, _, cl, ol = struct.unpack("<IIII", data[off:off + 16])
    off += 16 + cl; n += 1
d = json.load(open(sys.argv[2]))
want = sum(i["wire_tx_frames"] for i in d["interfaces"])
assert n == want, (n, want)
PY
then ok "pcap-out frame count = wire_tx_frames"; else nok "pcap-out frame count"; fi

# --- every capture replays; counts add up and match the file ---
# frames padded oversize truncated (see tests/test_traffic.c for how they
# were established)
declare -A facts=(
  [tls_ciphers.pcap]="1095 73 3 0"
  [afs.pcap]="601 0 0 0"
  [pim-packet-assortment.pcap]="245 40 9 2"
  [AoE_Linux.pcap]="186 12 0 0"
  [of13_ericsson.pcapng]="174 2 9 0"
  [bigtcp-ipv4.pcap]="1 0 1 0"
  [mptcp-v0.pcap]="264 0 0 0"
)
for c in $(printf '%s\n' "${!facts[@]}" | sort); do
  for pace in captured topspeed; do
    # of13_ericsson.pcapng spans 14 days of captured time: replay it 1e4x
    # faster so the (idle) simulated host does not tick through them (a
    # multiplier names the captured pace: not given with topspeed)
    mult=1; [ "$c" = of13_ericsson.pcapng ] && mult=10000
    pacing="--set traffic.multiplier=$mult"
    [ $pace = topspeed ] && pacing="--set traffic.topspeed=true"
    # shellcheck disable=SC2086
    if "$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$T/$c" \
         $pacing --quiet \
         --json "$tmp/r.json" 2>"$tmp/err" \
       && python3 - "$tmp/r.json" ${facts[$c]} <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
frames, padded, oversize, truncated = map(int, sys.argv[2:6])
s = d["sources"][0]
a = d["accounting"]
assert (s["offered"], s["padded"], s["oversize"], s["truncated"]) == \
    (frames, padded, oversize, truncated), s
assert a["offered"] == frames
assert a["balanced"] and a["offered"] == a["rx_queued"] + a["rx_filtered"] \
    + a["rx_disabled"] + a["rx_overrun"] + a["rx_bad_size"], a
PY
    then ok "replay $c ($pace)"; else nok "replay $c ($pace): $(head -c 300 "$tmp/err")"; fi
  done
done
rm -f "$tmp/r.json"

# --- output files: mode 0666 & ~umask; SIGINT/SIGTERM leave no temp file ---
mkdir -p "$tmp/mode"
(umask 002; "$E1KLAB" run $S/forward-970kpps-napi.ini --set traffic.count=100 --quiet \
   --json "$tmp/mode/r.json" --csv "$tmp/mode/r.csv" --pcap-out "$tmp/mode/r.pcap" 2>/dev/null)
(umask 027; "$E1KLAB" check $S/forward-970kpps-napi.ini testbench/expect/forward-970kpps-napi.ini \
   --set traffic.count=100 --json "$tmp/mode/c.json" --junit "$tmp/mode/c.xml" >/dev/null 2>&1)
m=$(stat -c '%a' "$tmp/mode/r.json" "$tmp/mode/r.csv" "$tmp/mode/r.pcap" \
    "$tmp/mode/c.json" "$tmp/mode/c.xml" 2>&1 | tr '\n' ' ')
if [ "$m" = "664 664 664 640 640 " ]; then ok "output files get 0666 & ~umask"
else nok "output file modes: $m (want 664 x3, 640 x2)"; fi
if python3 - "$E1KLAB" "$S/forward-10M-twist.ini" "$tmp/sig" <<'PY'
import glob, os, signal, subprocess, sys, time
exe, scen, d = sys.argv[1:4]
os.makedirs(d)
for sig in (signal.SIGINT, signal.SIGTERM):
    # default dispositions in the child, even when this suite runs as a
    # background job (which starts with SIGINT ignored, kept by e1klab)
    p = subprocess.Popen([exe, "run", scen, "--quiet", "--json", d + "/a.json",
                          "--csv", d + "/b.csv", "--pcap-out", d + "/c.pcap"],
                         preexec_fn=lambda: [signal.signal(s, signal.SIG_DFL)
                                             for s in (signal.SIGINT,
                                                       signal.SIGTERM)])
    t0 = time.time()
    while len(glob.glob(d + "/*.tmp-*")) < 3 and time.time() - t0 < 20:
        time.sleep(0.02)
    assert len(glob.glob(d + "/*.tmp-*")) == 3, os.listdir(d)
    p.send_signal(sig)
    rc = p.wait()
    assert rc == -sig, (sig, rc)            # died of the signal
    assert os.listdir(d) == [], os.listdir(d)
PY
then ok "SIGINT/SIGTERM during run remove the temporary outputs"
else nok "temporary outputs left after a signal"; fi

# --- pacing as tcpreplay's options; offers above line rate; loss ---
N970=$S/forward-970kpps-napi.ini
# a rate key given by --set selects its pace, also on a capture scenario
# whose file says pace = captured (tls_ciphers.pcap: 1128 pps captured)
"$E1KLAB" run $S/replay-pcap.ini --quiet --json "$tmp/cap.json" 2>/dev/null
"$E1KLAB" run $S/replay-pcap.ini --set traffic.pps=50000 --quiet \
  --json "$tmp/pps.json" 2>/dev/null
if python3 - "$tmp/cap.json" "$tmp/pps.json" <<'PY'
import json, sys
cap, pps = (json.load(open(f))["offered"] for f in sys.argv[1:3])
assert cap["pps"] == 1128 and pps["pps"] == 50000, (cap, pps)
assert pps["frames"] == cap["frames"] == 1095
assert not pps["capped_to_line_rate"]
PY
then ok "--set traffic.pps on a capture scenario paces it at that rate"
else nok "--set traffic.pps on a capture scenario"; fi
# two pacing keys naming different paces: refused, naming both
for c in "traffic.pps=1000 traffic.mbps=5|\[traffic\] mbps: conflicts with pps" \
         "traffic.pace=topspeed traffic.multiplier=2|\[traffic\] multiplier: conflicts with pace" \
         "traffic.topspeed=true traffic.pps=5|\[traffic\] topspeed: conflicts with pps" \
         "traffic.topspeed=false|\[traffic\] topspeed: 'false' names no pace"; do
  sets=()
  for a in ${c%%|*}; do sets+=(--set "$a"); done
  out=$("$E1KLAB" run $S/replay-pcap.ini "${sets[@]}" --json "$tmp/no.json" 2>&1); rc=$?
  if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && [ ! -e "$tmp/no.json" ] \
     && echo "$out" | grep -q -- "${c#*|}"; then ok "pacing refused: ${c%%|*}"
  else nok "pacing ${c%%|*}: rc $rc: $out"; fi
done
# ... also within the file (named at its line); the multiplier of a pktgen
# source names a pace it cannot have
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\npace = pps\npps = 1000\nmbps = 5\ncount = 10\n' > "$tmp/two.ini"
grep -q "two.ini:6: \[traffic\] mbps: conflicts with pace: two paces (pps and mbps)" \
  <("$E1KLAB" run "$tmp/two.ini" 2>&1) && ok "pacing conflict in the file named at its line" \
  || nok "pacing conflict in the file"
grep -q "\[traffic\] multiplier: pace 'captured' needs kind = pcap" \
  <("$E1KLAB" run $N970 --set traffic.multiplier=2 2>&1) \
  && ok "multiplier on pktgen refused" || nok "multiplier on pktgen"
# --set overrides the file's pace: pps=... and pace=mbps of the file give way
"$E1KLAB" run $N970 --set traffic.count=2000 --set traffic.mbps=100 --quiet \
  --json "$tmp/mb.json" 2>/dev/null
python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["offered"]; assert o["bps"] // 10**6 == 100, o' \
  "$tmp/mb.json" 2>/dev/null && ok "--set traffic.mbps overrides the file's pps" \
  || nok "--set traffic.mbps over a pps file"
# above line rate: one stderr line, offered.capped_to_line_rate, line rate
"$E1KLAB" run $N970 --set traffic.pps=2000000 --set traffic.count=20000 --quiet \
  --json "$tmp/cap2.json" 2>"$tmp/cap2.err"
"$E1KLAB" run $N970 --set traffic.count=20000 --quiet --json "$tmp/cap1.json" 2>"$tmp/cap1.err"
if [ "$(cat "$tmp/cap2.err")" = "e1klab: traffic: the offer (2000000 frames/s, mean 64 bytes incl. FCS) is above eth0's line rate (1488095 frames/s at 1000 Mbit/s): the frames went at line rate" ] \
   && [ ! -s "$tmp/cap1.err" ] && python3 - "$tmp/cap2.json" "$tmp/cap1.json" <<'PY'
import json, sys
hi, lo = (json.load(open(f)) for f in sys.argv[1:3])
assert hi["offered"]["capped_to_line_rate"] is True, hi["offered"]
assert hi["sources"][0]["capped_to_line_rate"] is True
assert hi["offered"]["pps"] == 1488095, hi["offered"]
assert lo["offered"]["capped_to_line_rate"] is False and lo["offered"]["pps"] == 970000
PY
then ok "an offer above line rate runs at line rate and says so"; else nok "line-rate cap: $(cat "$tmp/cap2.err")"; fi
# throughput over the offered window: a loss-free point on the diagonal;
# loss_ratio and the drops by cause add up
"$E1KLAB" run $N970 --set traffic.pps=200000 --set traffic.count=5000 --quiet \
  --json "$tmp/free.json" 2>/dev/null
if python3 - "$tmp/free.json" "$tmp/cap2.json" "$tmp/csv1.json" <<'PY'
import json, sys
free, over, legacy = (json.load(open(f)) for f in sys.argv[1:4])
assert free["host"]["forwarded_pps"] == free["offered"]["pps"] == 200000, free["host"]
assert free["loss"]["loss_ratio"] == 0 and free["loss"]["lost"] == 0
for d in (over, legacy):
    l, a = d["loss"], d["accounting"]
    assert l["delivered"] == d["host"]["forwarded"] + d["host"]["sink_datagrams"]
    assert l["lost"] == a["offered"] - l["delivered"] > 0
    assert l["loss_ppm"] == round(l["lost"] * 10**6 / a["offered"])
    assert abs(l["loss_ratio"] - l["loss_ppm"] / 1e6) < 1e-9
    dr = l["drops"]
    assert dr["missed"] == a["rx_overrun"] == sum(i["nic"]["MPC"] for i in d["interfaces"])
    assert dr["backlog"] == a["backlog_drops"] and dr["qdisc"] == a["qdisc_drops"]
    # every lost frame has its cause here (the runs end drained)
    assert sum(dr.values()) == l["lost"], (dr, l)
assert over["loss"]["drops"]["missed"] > 0 and legacy["loss"]["drops"]["backlog"] > 0
PY
then ok "forwarded_pps over the offered window; loss_ratio and drops by cause"
else nok "offered window / loss / drops"; fi
# drops over time: the CSV drop columns sum to the report's totals
if python3 - "$tmp/rows.csv" "$tmp/csv1.json" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
d = json.load(open(sys.argv[2]))
col = lambda c: sum(int(r[c]) for r in rows)
for i in d["interfaces"]:
    n = i["name"]
    assert col(n + ".missed") == i["nic"]["MPC"], n
    assert col(n + ".no_buffer") == i["nic"]["RNBC"], n
    assert col(n + ".qdisc_drops") == i["qdisc_drops"], n
assert col("backlog_drops") == d["loss"]["drops"]["backlog"] > 0
assert col("sink_drops") == d["loss"]["drops"]["socket"]
assert col("eth0.missed") > 0 and col("eth0.no_buffer") > 0
first = d["offered"]["first_ns"]
for r in rows:   # time since the first arrival, empty before it
    t = int(r["time_ns"])
    assert r["time_rel_ns"] == (str(t - first) if t >= first else ""), r
PY
then ok "csv drop columns sum to the report's totals; time_rel_ns"; else nok "csv drop columns"; fi

# the report names the --set overrides that differ from the file
head -n 1 <("$E1KLAB" run $N970 --set traffic.count=2000 --set traffic.pps=970000 \
  --set driver.mode=legacy 2>/dev/null) > "$tmp/head.txt"
if [ "$(cat "$tmp/head.txt")" = "scenario forward-970kpps-napi ($N970) --set traffic.count=2000 --set driver.mode=legacy" ]; then
  ok "text report names the overrides that differ from the file"
else nok "report overrides: $(cat "$tmp/head.txt")"; fi

# --- progress bar: on a terminal only, never with --quiet ---
if command -v script >/dev/null; then
  tty_run() { script -qec "$1" /dev/null 2>&1 | tr '\r' '\n'; }
  out=$(tty_run "'$E1KLAB' run $N970 --set traffic.count=300000 >/dev/null")
  if echo "$out" | grep -Eq '^\[#+\.*\] +[0-9]+%  [0-9.]+ of 0\.8 s simulated' \
     && echo "$out" | grep -q '^\[##############################\] 100%  0\.8 of 0\.8 s simulated'; then
    ok "run: progress bar on a terminal (simulated time of the expected total)"
  else nok "run progress bar: $(echo "$out" | head -c 300)"; fi
  # several hosts: bring-up (0.46 s) plus the 0.3 s netperf test
  out=$(tty_run "'$E1KLAB' run $S/tcp-stream.ini --set netperf.duration=0.3s >/dev/null")
  if echo "$out" | grep -Eq '^\[#+\.*\] +6[0-9]%  0\.[0-9] of 0\.8 s simulated' \
     && echo "$out" | grep -q '^\[##############################\] 100%  0\.8 of 0\.8 s simulated'; then
    ok "run of several hosts: progress bar on a terminal (bring-up + duration)"
  else nok "run of several hosts progress bar: $(echo "$out" | head -c 300)"; fi
  out=$(tty_run "'$E1KLAB' run $S/tcp-stream.ini --set netperf.duration=0.01s --quiet")
  [ -z "$(echo "$out" | tr -d '\n')" ] && ok "run of several hosts --quiet on a terminal: no bar" \
    || nok "run of several hosts --quiet drew: $out"
  out=$(tty_run "'$E1KLAB' run $N970 --set traffic.count=3000 --quiet")
  [ -z "$(echo "$out" | tr -d '\n')" ] && ok "run --quiet on a terminal: no bar" || nok "run --quiet drew: $out"
  out=$(tty_run "'$E1KLAB' sweep $N970 --param traffic.pps=100000,900000 --set traffic.count=3000 --no-plot --out '$tmp/psw'")
  if echo "$out" | grep -q '^\[##############################\] 100%  0\.[0-9] of 0\.[0-9] s simulated' \
     && ! echo "$out" | grep -q 'point 0'; then ok "sweep: progress bar on a terminal"
  else nok "sweep progress bar: $(echo "$out" | head -c 300)"; fi
  out=$(tty_run "'$E1KLAB' mlffr $N970 --sizes 1518 --no-plot --out '$tmp/pml' >/dev/null")
  echo "$out" | grep -q '^\[##############################\] 100%  1 of 1 frame sizes' \
    && ok "mlffr: progress bar on a terminal" || nok "mlffr progress bar: $(echo "$out" | head -c 300)"
else
  nok "script (util-linux) not installed: progress bar untested"
fi
"$E1KLAB" run $N970 --set traffic.count=300000 --json "$tmp/np.json" >/dev/null 2>"$tmp/np.err"
[ ! -s "$tmp/np.err" ] && ok "run: no progress output when stderr is not a terminal" \
  || nok "run wrote to a non-terminal stderr: $(head -c 200 "$tmp/np.err")"

# --- meson: a dependency below what the code needs stops the setup ---
# (GLib 2.70: g_spawn_check_wait_status); a fake glib-2.0.pc of 2.69 as the
# only pkg-config entry
if command -v meson >/dev/null; then
  mkdir -p "$tmp/pc"
  printf 'Name: GLib\nDescription: too old\nVersion: 2.69.0\nLibs: -lglib-2.0\nCflags:\n' \
    > "$tmp/pc/glib-2.0.pc"
  PKG_CONFIG_LIBDIR="$tmp/pc" meson setup "$tmp/pc/build" . >"$tmp/pc/log" 2>&1; rc=$?
  if [ $rc -ne 0 ] && grep -q "need 'glib-2.0' \['>= 2.70'\] found '2.69.0'" "$tmp/pc/log" \
     && [ ! -e "$tmp/pc/build/build.ninja" ]; then ok "meson setup refuses GLib 2.69 (2.70 required)"
  else nok "meson setup with GLib 2.69: rc $rc: $(grep ERROR "$tmp/pc/log" | head -c 300)"; fi
fi

# --- bad input: one line on stderr, exit 2, no output file left ---
mkdir -p "$tmp/out"
expect_bad() {   # description, then e1klab arguments
  local what=$1; shift
  rm -f "$tmp/out/"*
  timeout 60 "$E1KLAB" run "$@" --json "$tmp/out/r.json" --csv "$tmp/out/r.csv" \
    --pcap-out "$tmp/out/r.pcap" >"$tmp/stdout" 2>"$tmp/stderr"
  local rc=$? lines
  lines=$(wc -l < "$tmp/stderr")
  if [ $rc -eq 2 ] && [ "$lines" -eq 1 ] && [ -z "$(ls -A "$tmp/out")" ] \
     && [ ! -s "$tmp/stdout" ]; then
    ok "$what: $(cat "$tmp/stderr")"
  else
    nok "$what: rc=$rc, $lines stderr lines, left: $(ls -A "$tmp/out" | tr '\n' ' ')"
  fi
}
head -c 100000 $T/afs.pcap > "$tmp/cut.pcap"
python3 - "$tmp/sll.pcap" <<'PY'
import struct, sys
# classic pcap, link type 113 (DLT_LINUX_SLL), one 64-byte record
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 113))
    f.write(struct.pack("<IIII", 0, 0, 64, 64) + bytes(64))
PY
# hostile capture timestamps: a record going backwards (also one whose
# seconds have the top bit set: negative from libpcap) is clamped; a jump
# past the ceiling of simulated time is an error; each under 2 s
python3 - "$tmp" <<'PY'
import struct, sys
def cap(name, stamps):  # ns pcap, Ethernet, one 64-byte broadcast per stamp
    with open(sys.argv[1] + "/" + name, "wb") as f:
        f.write(struct.pack("<IHHiIII", 0xa1b23c4d, 2, 4, 0, 0, 65535, 1))
        for sec, ns in stamps:
            f.write(struct.pack("<IIII", sec, ns, 64, 64) + b"\xff" * 6 + bytes(58))
cap("back.pcap", [(1000, 0), (5, 0), (1000, 500000)])
cap("neg.pcap", [(1000, 0), (0x80000000, 0), (0xffffffff, 999999999), (1000, 500000)])
cap("jump.pcap", [(0x80000000, 0), (0x7fffffff, 0)])
cap("day.pcap", [(1000, 0), (1000, 100000), (87400, 0), (87400, 100000)])
PY
# cpu_ms CMD...: run CMD (its stderr discarded); ms = its user+sys CPU
# time in milliseconds, rc = its exit status.  CPU time, not wall time:
# the bound below is about work done, and wall time on a shared machine
# is noise.
cpu_ms() {
  local TIMEFORMAT='%3U %3S' t
  t=$( { time "$@" 2>/dev/null; } 2>&1 >/dev/null ); rc=$?
  t=$(echo "$t" | tail -n 1)
  ms=$(awk -v u="${t% *}" -v s="${t#* }" 'BEGIN { printf "%d", (u + s) * 1000 }')
}
# idle simulated time costs nothing: a one-day gap replays in well under 2 s of CPU
cpu_ms timeout 60 "$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/day.pcap" --quiet \
  --json "$tmp/day.json"
if [ $rc -eq 0 ] && [ $ms -lt 2000 ] && python3 - "$tmp/day.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["sources"][0]["offered"] == 4, r
assert r["offered"]["last_ns"] - r["offered"]["first_ns"] == 86400_000_100_000, r["offered"]
PY
then ok "one-day capture gap replayed in ${ms} ms of CPU"; else nok "one-day gap: rc=$rc, ${ms} ms"; fi
# the same with two CPUs (the lock-step's idle stretches in closed form;
# stepped 1 ms at a time this took 37 s of CPU)
cpu_ms timeout 60 "$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/day.pcap" --quiet \
  --set host.cpus=2 --json "$tmp/day2.json"
if [ $rc -eq 0 ] && [ $ms -lt 2000 ] && python3 - "$tmp/day2.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["sources"][0]["offered"] == 4, r
assert len(r["cpus"]) == 2, r["cpus"]
PY
then ok "one-day capture gap, 2 CPUs, replayed in ${ms} ms of CPU"
else nok "one-day gap, 2 CPUs: rc=$rc, ${ms} ms"; fi
cpu_ms timeout 60 "$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/day.pcap" --quiet \
  --json "$tmp/dayc.json" --csv "$tmp/day.csv"
if [ $rc -eq 0 ] && [ $ms -lt 2000 ] && cmp -s "$tmp/day.json" "$tmp/dayc.json" \
   && python3 - "$tmp/day.csv" "$tmp/dayc.json" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
d = json.load(open(sys.argv[2]))
t = [int(r["time_ns"]) for r in rows]
span = [b - a for a, b in zip([d["init_ns"]] + t, t)]
# 1 ms samples over a day: a row per timer run (2 NICs: watchdogs) and
# one per quiet stretch between them, not 86.4 million
assert 150000 < len(rows) < 250000, len(rows)
assert all(s > 0 and s % 1000000 == 0 for s in span[:-1])
assert t[-1] == d["sim_ns"] and span[-1] > 0   # the last row ends the run
assert sum(int(r["offered_pps"]) * s for r, s in zip(rows, span)) // 10**9 == 4
PY
then ok "one-day gap with --csv in ${ms} ms of CPU, $(wc -l < "$tmp/day.csv") rows"
else nok "one-day gap with --csv: rc=$rc, ${ms} ms"; fi
for c in back.pcap neg.pcap; do
  cpu_ms timeout 60 "$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/$c" --quiet \
    --json "$tmp/$c.json"
  if [ $rc -eq 0 ] && [ $ms -lt 2000 ] && python3 - "$tmp/$c.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["sources"][0]["offered"] == (3 if "back" in sys.argv[1] else 4), r
# clamped: the frames span 0.5 ms (the captured forward gaps), no more
span = r["offered"]["last_ns"] - r["offered"]["first_ns"]
assert 500_000 <= span < 600_000, span
PY
  then ok "capture going backwards ($c) clamped, ${ms} ms of CPU"; else nok "$c: rc=$rc, ${ms} ms"; fi
done
expect_bad "capture jump past the time ceiling" $S/replay-pcap.ini --set "traffic.pcap=$tmp/jump.pcap"
cpu_ms timeout 60 "$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/jump.pcap"
[ $rc -eq 2 ] && [ $ms -lt 2000 ] && ok "time ceiling error in ${ms} ms of CPU" \
  || nok "time ceiling error: rc=$rc, ${ms} ms of CPU"
# the ceiling of simulated time (10^7 s), checked at load with file:line
for c in "kind = pcap\npcap = $PWD/$T/of13_ericsson.pcapng\nloop = 9|6: \[traffic\] loop: the frames would take 11040[0-9]* s" \
         "kind = pcap\npcap = $PWD/$T/afs.pcap\nmultiplier = 0.00001|6: \[traffic\] multiplier: the frames would take 1294[0-9]* s" \
         "count = 100000\npps = 0.001|4: \[traffic\] count: the frames would take 100000000 s" \
         "count = 1000\n[run]\nduration = 10000001s|6: \[run\] duration: '10000001s' is not a time"; do
  printf "[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\n${c%%|*}\n" > "$tmp/ceil.ini"
  expect_bad "time ceiling ${c#*|}" "$tmp/ceil.ini"
  grep -q "^e1klab: $tmp/ceil.ini:${c#*|}" "$tmp/stderr" \
    && ok "ceiling message names file:line: ${c#*|}" || nok "ceiling message: $(cat "$tmp/stderr")"
done
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\nppss = 1\n' > "$tmp/unknown.ini"
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = ten\n' > "$tmp/badval.ini"
expect_bad "missing scenario file" "$tmp/nonexistent.ini"
expect_bad "missing capture" $S/replay-pcap.ini --set "traffic.pcap=$tmp/nonexistent.pcap"
expect_bad "truncated capture" $S/replay-pcap.ini --set "traffic.pcap=$tmp/cut.pcap" --set traffic.pace=topspeed
expect_bad "non-Ethernet link type" $S/replay-pcap.ini --set "traffic.pcap=$tmp/sll.pcap"
expect_bad "unknown key in a file" "$tmp/unknown.ini"
expect_bad "bad value in a file" "$tmp/badval.ini"
expect_bad "unknown key via --set" $S/forward-970kpps-napi.ini --set traffic.bogus=1
expect_bad "bad value via --set" $S/forward-970kpps-napi.ini --set traffic.pps=abc
printf '[host]\nprofile = bogus\n[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\n' > "$tmp/badprof.ini"
expect_bad "unknown profile name" "$tmp/badprof.ini"
grep -q "badprof.ini:2: \[host\] profile: no profile 'bogus'" <("$E1KLAB" run "$tmp/badprof.ini" 2>&1) \
  && ok "unknown profile message names file:line and key" || nok "unknown profile message"
mkdir -p "$tmp/pp"; cp testbench/profiles/piii-933.ini "$tmp/pp/mine.ini"
printf '[host]\nprofile_path = mine.ini\n[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\n' > "$tmp/pp/s.ini"
# (the whole report read before grep: grep -q would close the pipe early)
pp=$(e=$(realpath "$E1KLAB"); cd / && "$e" run "$tmp/pp/s.ini" --quiet --json - 2>/dev/null)
echo "$pp" | grep -q '"profile" : "mine"' \
  && ok "[host] profile_path relative to the scenario" || nok "[host] profile_path"
for a in "--json $tmp/same.out --csv $tmp/same.out" "--json - --csv -" \
         "--csv $tmp/same.out --pcap-out $tmp/./same.out"; do
  # shellcheck disable=SC2086
  "$E1KLAB" run $S/forward-970kpps-napi.ini --set traffic.count=10 $a \
    >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ ! -e "$tmp/same.out" ] \
     && [ ! -s "$tmp/stdout" ]; then ok "output conflict ($a): $(cat "$tmp/stderr")"
  else nok "output conflict ($a): rc=$rc"; fi
done
"$E1KLAB" check $S/forward-970kpps-napi.ini testbench/expect/forward-970kpps-napi.ini \
  --json "$tmp/same.out" --junit "$tmp/same.out" >/dev/null 2>"$tmp/stderr"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ ! -e "$tmp/same.out" ]; then
  ok "check --json X --junit X rejected"; else nok "check output conflict: rc=$rc"; fi
"$E1KLAB" help frob >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ ! -s "$tmp/stdout" ]; then
  ok "help of an unknown command: $(cat "$tmp/stderr")"; else nok "help frob: rc=$rc"; fi
expect_bad "unknown nic reference" $S/forward-970kpps-napi.ini --set traffic.nic=eth9
rm -f "$tmp/out/"*
"$E1KLAB" run $S/forward-970kpps-napi.ini --set traffic.count=10 --csv "$tmp/out/r.csv" \
  --json "$tmp/no/such/dir/x.json" >"$tmp/stdout" 2>"$tmp/stderr"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ -z "$(ls -A "$tmp/out")" ]; then
  ok "unwritable output: $(cat "$tmp/stderr")"; else nok "unwritable output: rc=$rc"; fi
# every output is checked before the run: not a directory, not a FIFO or
# device, not a file the run reads, in a writable directory; on a failure
# no output is left, not even a complete one
N=$S/forward-970kpps-napi.ini
mkdir -p "$tmp/o2/adir" "$tmp/in"; mkfifo "$tmp/o2/fifo"
cp $N "$tmp/in/s.ini"; cp $T/afs.pcap "$tmp/in/c.pcap"
cp testbench/profiles/piii-933.ini "$tmp/in/p.ini"
cp testbench/expect/forward-970kpps-napi.ini "$tmp/in/e.ini"
"$E1KLAB" run $N --set traffic.count=10 --quiet --json "$tmp/in/r.json" 2>/dev/null
(cd "$tmp/in" && md5sum s.ini c.pcap p.ini e.ini r.json) > "$tmp/in.md5"
out_bad() {   # description, expected message (grep), e1klab arguments
  local what=$1 msg=$2; shift 2
  rm -f "$tmp/o2/"*.json "$tmp/o2/"*.csv "$tmp/o2/"*.pcap "$tmp/o2/"*.xml
  timeout 60 "$E1KLAB" "$@" >"$tmp/stdout" 2>"$tmp/stderr"; local rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && grep -q -- "$msg" "$tmp/stderr" \
     && [ "$(ls -A "$tmp/o2" | tr '\n' ' ')" = "adir fifo " ] \
     && (cd "$tmp/in" && md5sum -c --quiet "$tmp/in.md5"); then
    ok "$what: $(cat "$tmp/stderr")"
  else
    nok "$what: rc=$rc, $(head -c 200 "$tmp/stderr"), left: $(ls -A "$tmp/o2" | tr '\n' ' ')"
  fi
}
out_bad "--csv is a directory (after a --json)" "--csv $tmp/o2/adir: is a directory" \
  run $N --set traffic.count=10 --json "$tmp/o2/r.json" --csv "$tmp/o2/adir"
out_bad "--pcap-out is a FIFO" "--pcap-out $tmp/o2/fifo: not a regular file" \
  run $N --set traffic.count=10 --json "$tmp/o2/r.json" --pcap-out "$tmp/o2/fifo"
out_bad "--json is the scenario" "--json $tmp/in/s.ini: is an input of the run" \
  run "$tmp/in/s.ini" --set traffic.count=10 --csv "$tmp/o2/r.csv" --json "$tmp/in/s.ini"
out_bad "--pcap-out is the capture" "--pcap-out $tmp/in/c.pcap: is an input of the run" \
  run $S/replay-pcap.ini --set "traffic.pcap=$tmp/in/c.pcap" --json "$tmp/o2/r.json" \
  --pcap-out "$tmp/in/c.pcap"
out_bad "--timeout 900 (the qemu default) without --backend qemu" \
  "run: --timeout: only for --backend qemu" \
  run $N --set traffic.count=10 --json "$tmp/o2/r.json" --timeout 900
out_bad "--csv is the profile" "--csv $tmp/in/p.ini: is an input of the run" \
  run $N --set traffic.count=10 --set "host.profile=$tmp/in/p.ini" --csv "$tmp/in/p.ini" \
  --json "$tmp/o2/r.json"
out_bad "check --junit is a directory" "--junit $tmp/o2/adir: is a directory" \
  check $N testbench/expect/forward-970kpps-napi.ini --json "$tmp/o2/r.json" --junit "$tmp/o2/adir"
out_bad "check --json is the expectation file" "--json $tmp/in/e.ini: is an input of the run" \
  check $N "$tmp/in/e.ini" --json "$tmp/in/e.ini"
out_bad "check --report: --junit is the report" "--junit $tmp/in/r.json: is an input of the run" \
  check --report "$tmp/in/r.json" testbench/expect/forward-970kpps-napi.ini --junit "$tmp/in/r.json"

# the messages name what is wrong
grep -q "unknown.ini:5: \[traffic\] ppss: unknown key" <("$E1KLAB" run "$tmp/unknown.ini" 2>&1) \
  && ok "unknown key message names file:line and key" || nok "unknown key message"
grep -q "badval.ini:4: \[traffic\] count: 'ten' is not a number" <("$E1KLAB" run "$tmp/badval.ini" 2>&1) \
  && ok "bad value message names file:line and key" || nok "bad value message"
grep -q "sll.pcap: link type 113" <("$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/sll.pcap" 2>&1) \
  && ok "link type message names file and type" || nok "link type message"
grep -q "cut.pcap: truncated" <("$E1KLAB" run $S/replay-pcap.ini --set "traffic.pcap=$tmp/cut.pcap" 2>&1) \
  && ok "truncated message names file" || nok "truncated message"

# settings: malformed --set names, non-decimal numbers, duplicate
# sections, CPU numbers, MACs, profiles, captures that are not regular
# files, newlines and non-UTF-8 bytes: one line naming file:line (or the
# --set) and the key, exit 2, no output
N=$S/forward-970kpps-napi.ini
expect_bad "--set section name with ']'" $N --set 'traf]fic.pps=1'
expect_bad "--set section name in brackets" $N --set '[traffic].pps=1'
expect_bad "hexadecimal number" $N --set traffic.pps=0x10
expect_bad "hexadecimal time" $N --set run.duration=0x10ms
expect_bad "value with a newline" $N --set "traffic.pps=1
2"
expect_bad "non-UTF-8 argument" $N --set "traffic.pps=$(printf '\377')"
expect_bad "all-zero MAC" $N --set nic.eth0.mac=00:00:00:00:00:00
expect_bad "sink_cpu outside the host" $N --set host.sink_cpu=1
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\n[nic.eth0]\nirq = 3\n' > "$tmp/dup.ini"
printf '[host]\ncpus = 2\n[nic.eth0]\nmac = 00:07:e9:00:00:10\ncpu = 2\n[traffic]\ncount = 10\n' > "$tmp/cpu.ini"
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\n# caf\351\n' > "$tmp/latin1.ini"
{ cat testbench/profiles/piii-933.ini; echo "bogus_cost = 3"; } > "$tmp/badcost.ini"
printf '[host]\nprofile = badcost.ini\n[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\n' > "$tmp/badprof2.ini"
mkfifo "$tmp/fifo.pcap"
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\nkind = pcap\npcap = fifo.pcap\n' > "$tmp/fifo.ini"
for c in "dup.ini:5: \[nic.eth0\]: duplicate section (first on line 1)" \
         "cpu.ini:5: \[nic.eth0\] cpu: 2 is not a CPU of the host" \
         "latin1.ini:5: not valid UTF-8" \
         "badprof2.ini:2: \[host\] profile: .*badcost.ini: .*bogus_cost" \
         "fifo.ini:5: \[traffic\] pcap: .*fifo.pcap: not a regular file"; do
  f=${c%%:*}
  expect_bad "$f" "$tmp/$f"
  grep -q "^e1klab: .*$c" <(timeout 10 "$E1KLAB" run "$tmp/$f" --quiet 2>&1) \
    && ok "$f message: $c" || nok "$f message (want $c)"
done
for c in "traf]fic.pps=1|malformed section name 'traf]fic'" \
         "traffic.pps=0x10|\[traffic\] pps: '0x10' is not a number" \
         "traffic.pps=1
2|\[traffic\] pps: '1\\\\n2' is not a number" \
         "nic.eth0.mac=00:00:00:00:00:00|\[nic.eth0\] mac: 00:00:00:00:00:00 is not a station address" \
         "host.sink_cpu=1|\[host\] sink_cpu: 1 is not a CPU of the host"; do
  grep -q -- "${c#*|}" <("$E1KLAB" run $N --set "${c%%|*}" 2>&1) \
    && ok "message: ${c#*|}" || nok "message (want ${c#*|})"
done
# [guest] driver: a bad name; stock on the testbench (it runs e1klab's
# driver core only); with --backend qemu what Linux's e1000 cannot do,
# and what no guest driver takes (checked before QEMU is looked for)
L=$S/forward-970kpps-legacy.ini
expect_bad "guest driver name" $N --set guest.driver=linux
expect_bad "stock driver on the testbench" $N --set guest.driver=stock
expect_bad "stock driver in legacy mode" $L --set guest.driver=stock --backend qemu
for c in "$N|--set guest.driver=linux: \[guest\] driver: 'linux' is not a guest driver (e1klab, stock)|guest.driver=linux" \
         "$N|--set guest.driver=stock: \[guest\] driver: 'stock' (Linux's own e1000) runs only in the guest (--backend qemu)|guest.driver=stock" \
         "$L|forward-970kpps-legacy.ini:25: \[driver\] mode: Linux's e1000 (\[guest\] driver = stock) is NAPI only|guest.driver=stock --backend qemu" \
         "$N|--set driver.InterruptThrottleRate=3: \[driver\] InterruptThrottleRate: Linux's e1000 (\[guest\] driver = stock) adapts the interrupt rate|guest.driver=stock --set driver.InterruptThrottleRate=3 --backend qemu" \
         "$N|forward-970kpps-napi.ini: \[nic.eth1\] weight 16: the guest's driver polls with NAPI weight 64|nic.eth1.weight=16 --backend qemu" \
         "$N|forward-970kpps-napi.ini: \[nic.eth1\] copybreak 64: the guest's driver takes one copybreak for all ports|nic.eth1.copybreak=64 --backend qemu" \
         "$N|forward-970kpps-napi.ini: \[nic.eth0\] mtu 9000, promisc false: the guest sets neither|nic.eth0.mtu=9000 --backend qemu"; do
  f=${c%%|*}; rest=${c#*|}; want=${rest%%|*}; args=${rest#*|}
  # shellcheck disable=SC2086
  out=$(timeout 10 "$E1KLAB" run "$f" --quiet --set $args 2>&1); rc=$?
  if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q -- "^e1klab: .*$want"
  then ok "[guest] exit 2, one line: $want"; else nok "[guest] rc $rc: $out (want $want)"; fi
done
grep -q "argument 3 'traffic.pps=\\\\xff' is not valid UTF-8" \
  <("$E1KLAB" run $N --set "traffic.pps=$(printf '\377')" 2>&1) \
  && ok "non-UTF-8 argument named" || nok "non-UTF-8 argument message"

# --trace: the device model's events on stderr, results unchanged
"$E1KLAB" run $S/forward-970kpps-napi.ini --set traffic.count=3000 --quiet \
  --json "$tmp/tr0.json" 2>/dev/null
"$E1KLAB" run $S/forward-970kpps-napi.ini --set traffic.count=3000 --quiet \
  --trace --json "$tmp/tr1.json" 2>"$tmp/trace.txt"
if grep -Eq '^\[ +0\.[0-9]{6}\] eth0: e1000: reset power-on$' "$tmp/trace.txt" \
   && grep -Eq '^\[ +[0-9.]+\] eth1: e1000: link up 1000 Mb/s$' "$tmp/trace.txt" \
   && grep -Eq '^\[ +[0-9.]+\] eth0: e1000: rx-overrun packet buffer full: MPC 1, ' "$tmp/trace.txt" \
   && ! grep -qv '^\[' "$tmp/trace.txt" && cmp -s "$tmp/tr0.json" "$tmp/tr1.json"
then ok "--trace: reset, link and overrun lines; JSON unchanged"; else nok "--trace output"; fi
out=$("$E1KLAB" run $S/forward-970kpps-napi.ini --trace --backend qemu 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q -- "--trace"; then
  ok "--trace with --backend qemu: exit 2, one line"; else nok "--trace qemu: rc $rc: $out"; fi

# e1klab bench: the suite prints a header and one row per benchmark (no
# callgrind here: too slow for the suite); a bad --case is one line, exit 2
out=$("$E1KLAB" bench --frames 2000 --no-callgrind 2>&1); rc=$?
if [ $rc -eq 0 ] && [ "$(echo "$out" | wc -l)" -eq 6 ] \
   && echo "$out" | grep -q '^forward-smp2 *4000 ' \
   && echo "$out" | grep -q '^replay-idle-gaps *1000 ' \
   && echo "$out" | grep -q '^udp-stream-1440 *2000 '; then
  ok "bench suite: 5 rows"; else nok "bench suite: rc $rc: $out"; fi
out=$("$E1KLAB" bench --case m1-napi --frames 2000 --no-callgrind 2>&1); rc=$?
# first and last line without pipes: under pipefail a `head -1` that
# leaves early can fail the pipeline by its writer's SIGPIPE (seen once in
# CI with the right output)
if [ $rc -eq 0 ] && [ "$(wc -l <<<"$out")" -eq 2 ] \
   && grep -q '^benchmark  *offered  *wall s  *cpu ns/fr  *RSS MiB  *Ir/frame$' <<<"${out%%$'\n'*}" \
   && grep -q '^m1-napi  *2000 .* -$' <<<"${out##*$'\n'}"; then
  ok "bench --case m1-napi: the header and its row"; else nok "bench --case m1-napi: rc $rc: $out"; fi
out=$("$E1KLAB" bench --case nope 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q "no benchmark 'nope'" \
   && echo "$out" | grep -q "the suite: forward-10M-irqoff, m1-napi, udp-stream-1440, replay-idle-gaps, forward-smp2)"; then
  ok "bench --case nope: exit 2, one line naming the suite's cases"; else nok "bench --case nope: rc $rc: $out"; fi
# --- several hosts: tcp-stream.ini (netperf TCP_STREAM, two hosts) ---
prev=0
for m in 4 512 16384; do
  if "$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.2s \
       --set netperf.message_size=$m --json "$tmp/tcp$m.json" \
       > "$tmp/tcp$m.txt" 2>"$tmp/err" \
     && thr=$(python3 - "$tmp/tcp$m.json" "$m" "$prev" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
n = d["netperf"]
m, prev = int(sys.argv[2]), float(sys.argv[3])
assert d["schema"] == "e1klab-report/1" and n["test"] == "TCP_STREAM"
assert [h["name"] for h in d["hosts"]] == ["a", "b"]
assert n["message_size"] == m and n["send_socket"] == 131070
assert 0.19e9 < n["elapsed_ns"] <= 0.2e9, n["elapsed_ns"]
assert n["pattern_mismatches"] == 0 and n["bytes_received"] > 0
t = n["throughput_mbit_s"]
assert abs(t - n["bytes_received"] * 8e3 / n["elapsed_ns"]) < 0.006, t
assert t <= 1448 / 1538 * 1000, t                  # payload line rate
assert prev < t or t > 930, (prev, t)   # rising to the line rate
for h in d["hosts"]:
    assert h["report"]["interfaces"][0]["nic"]["GPRC"] > 0
# netperf -c -C: each side's CPU busy and its CPU time per KB moved
a, b = (h["report"]["cpu"] for h in d["hosts"])
assert m == 16384 or a["idle_ppm"] < 100000, a   # small sends: the sender's CPU is the limit
assert abs(n["local_cpu_util_pct"] - (1e6 - a["idle_ppm"]) / 1e4) < 0.006
assert abs(n["remote_cpu_util_pct"] - (1e6 - b["idle_ppm"]) / 1e4) < 0.006
busy = a["hardirq_ns"] + a["softirq_ns"] + a["process_ns"]
assert abs(n["send_service_demand_us_per_kb"] - busy / 1e3 / (n["bytes_sent"] / 1024)) < 0.0006
print("%.2f" % t)
PY
) && grep -Eq "^131070 131070 +$m +0\.(19|20) +$thr( +[0-9]+\.[0-9]{2}){2}( +[0-9]+\.[0-9]{3}){2}\$" "$tmp/tcp$m.txt" \
     && grep -q '^==== host b ====$' "$tmp/tcp$m.txt"
  then ok "tcp-stream message_size=$m: $thr Mbit/s (after $prev), netperf table"
  else nok "tcp-stream message_size=$m: $(head -c 300 "$tmp/err")"; fi
  prev=${thr:-0}
done
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.2s --quiet \
  --json "$tmp/tcp2.json" 2>/dev/null
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.2s \
  --json - 2>/dev/null > "$tmp/tcp3.json"
cmp -s "$tmp/tcp2.json" "$tmp/tcp16384.json" && cmp -s "$tmp/tcp3.json" "$tmp/tcp2.json" \
  && ok "tcp-stream: runs byte-identical (--json FILE, --json -)" \
  || nok "tcp-stream: runs differ"
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.05s \
  --set link.ab.drop_every=50 --json "$tmp/tcpd.json" --quiet \
  && python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d['links'][0]['a_to_b']['lost'] > 0 and d['netperf']['pattern_mismatches'] == 0
" "$tmp/tcpd.json" && ok "tcp-stream: --set link.ab.drop_every loses frames, data intact" \
  || nok "tcp-stream: --set link.ab.drop_every"
# the --set overrides of a run of several hosts: in each host's report
# (JSON scenario.overrides and the text header), as in a one-host report
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --set host.b.hz=1000 \
  --json "$tmp/tov.json" >"$tmp/tov.txt" \
  && python3 - "$tmp/tov.json" "$tmp/tov.txt" <<'PY' \
  && ok "tcp-stream: each host's report lists the --set overrides" || nok "tcp-stream overrides"
import json, sys
d = json.load(open(sys.argv[1]))
want = ["netperf.duration=0.01s", "host.b.hz=1000"]
assert [h["report"]["scenario"]["overrides"] for h in d["hosts"]] == [want, want], d["hosts"][0]["report"]["scenario"]
heads = [l for l in open(sys.argv[2]) if l.startswith("scenario tcp-stream ")]
assert len(heads) == 2 and all(l.endswith(") --set netperf.duration=0.01s --set host.b.hz=1000\n") for l in heads), heads
PY
# --profile: each host's CPU profile, its items adding up to the busy
# time per send() call; refused where it cannot be printed
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.05s --set netperf.message_size=4 \
  --profile --quiet >"$tmp/prof.txt" 2>"$tmp/err" \
  && python3 - "$tmp/prof.txt" <<'PY' \
  && ok "run --profile: both hosts' items add up to their busy cycles per send()" \
  || nok "run --profile: $(head -c 300 "$tmp/err")"
import sys
hosts, cur, rows = {}, None, False
for l in open(sys.argv[1]):
    f = l.split()
    if l.startswith("CPU profile of host "):
        cur, rows = hosts.setdefault(f[4], {"items": 0.0}), False
    elif f and f[0] == "item":
        rows = True
    elif rows and f and f[0] == "busy":
        cur["busy"], rows = float(f[4]), False
    elif rows and f:
        cur["items"] += float(f[-2])      # total cycles per call
        if f[0] == "socket_send":
            cur["send"] = float(f[2])
assert sorted(hosts) == ["a", "b"], hosts
for h in hosts.values():
    assert abs(h["items"] - h["busy"]) < 0.1 * 30, hosts
assert abs(hosts["a"]["send"] - 1) < 0.001, hosts   # a socket_send per call
PY
# ... and of one host (the unnamed host of a file without [host.NAME]):
# a table per CPU over the run (no netperf test), after the text report,
# whose bytes it leaves as they are; its items add up to its busy cycles
"$E1KLAB" run $S/forward-smp2.ini --set traffic.a.count=2000 --set traffic.b.count=2000 \
  --quiet --profile >"$tmp/prof1.txt" 2>"$tmp/err" \
  && "$E1KLAB" run $S/forward-smp2.ini --set traffic.a.count=2000 --set traffic.b.count=2000 \
     >"$tmp/rep1.txt" 2>>"$tmp/err" \
  && "$E1KLAB" run $S/forward-smp2.ini --set traffic.a.count=2000 --set traffic.b.count=2000 \
     --profile >"$tmp/both1.txt" 2>>"$tmp/err" \
  && cat "$tmp/rep1.txt" "$tmp/prof1.txt" | cmp -s - "$tmp/both1.txt" \
  && python3 - "$tmp/prof1.txt" <<'PY' \
  && ok "run --profile of one host of 2 CPUs: a table per CPU, items add up, report unchanged" \
  || nok "run --profile one host: $(head -c 300 "$tmp/err")"
import sys
heads, cpus, rows = [], [], False
for l in open(sys.argv[1]):
    f = l.split()
    if l.startswith("CPU profile"):
        heads.append(l.split(":")[0])
        cpus.append({"items": 0.0})
    elif f and f[0] == "item":
        rows = True
    elif rows and f and f[0] == "busy":
        cpus[-1]["busy"], rows = float(f[-1]), False
    elif rows and f:
        cpus[-1]["items"] += float(f[-1])
        if f[0] == "ip_forward":
            cpus[-1]["fwd"] = float(f[2])
assert heads == ["CPU profile, CPU 0", "CPU profile, CPU 1"], heads
for c in cpus:
    assert abs(c["items"] - c["busy"]) < 0.1 * 30, cpus
    assert c["fwd"] == 2000, cpus      # each CPU forwards its NIC's frames
PY
out=$("$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --profile --json - 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$out" = "e1klab: run: --profile prints on stdout: give --json a file name" ] \
  && ok "run --profile --json -: exit 2, one line" || nok "run --profile --json -: rc $rc: $out"
out=$("$E1KLAB" run $S/forward-970kpps-napi.ini --profile --csv - 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$out" = "e1klab: run: --profile prints on stdout: give --csv a file name" ] \
  && ok "run --profile --csv -: exit 2, one line" || nok "run --profile --csv -: rc $rc: $out"
out=$("$E1KLAB" run $S/forward-970kpps-napi.ini --profile --backend qemu 2>&1 >/dev/null); rc=$?
[ $rc -eq 2 ] && [ "$out" = "e1klab: run: --profile: not available with --backend qemu (the profile is the modelled CPU's)" ] \
  && ok "run --profile --backend qemu: exit 2, one line" || nok "run --profile qemu: rc $rc: $out"
# the NICs' MTU sets the MSS and the frame sizes: SYN MSS = MTU - 40,
# full TCP frames MTU + 14 (9014, 590), UDP_STREAM datagrams up to MTU - 28
for m in 9000 576; do
  rm -f "$tmp/out/"*
  "$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --set nic.a.eth0.mtu=$m \
    --set nic.b.eth0.mtu=$m --pcap-out "$tmp/out/m.pcap" --json "$tmp/out/m.json" --quiet \
    && python3 - "$tmp/out/m.pcap" "$tmp/out/m.json" $m <<'PY' \
    && ok "tcp-stream at MTU $m: SYN MSS $((m - 40)), $((m + 14))-byte frames" || nok "tcp-stream at MTU $m"
import json, struct, sys
d = open(sys.argv[1], "rb").read()
mtu = int(sys.argv[3])
off, sizes, mss = 24, [], []
while off < len(d):
    s, ns, incl, orig = struct.unpack("<IIII", d[off:off + 16])
    p = d[off + 16:off + 16 + incl]
    off += 16 + incl
    sizes.append(orig)
    t = p[34:]
    if t[13] & 2:                       # SYN: its first option is the MSS
        assert t[20] == 2 and t[21] == 4, t[20:24]
        mss.append(struct.unpack(">H", t[22:24])[0])
assert mss == [mtu - 40] * 2, mss
assert max(sizes) == mtu + 14 and sizes.count(mtu + 14) > 10, (max(sizes), sizes.count(mtu + 14))
assert json.load(open(sys.argv[2]))["netperf"]["pattern_mismatches"] == 0
PY
done
rm -f "$tmp/out/"*
"$E1KLAB" run $S/udp-stream-hosts.ini --set netperf.duration=0.01s --set nic.a.eth0.mtu=9000 \
  --set nic.b.eth0.mtu=9000 --set netperf.message_size=8972 --json "$tmp/out/u.json" --quiet \
  && python3 - "$tmp/out/u.json" <<'PY' \
  && ok "udp-stream-hosts at MTU 9000: 8972-byte datagrams in 9018-byte frames" || nok "udp-stream-hosts at MTU 9000"
import json, sys
d = json.load(open(sys.argv[1]))
a = [h for h in d["hosts"] if h["name"] == "a"][0]["report"]["interfaces"][0]["nic"]
assert a["GPTC"] > 100 and a["GOTC"] == a["GPTC"] * 9018, (a["GPTC"], a["GOTC"])
assert d["netperf"]["send_errors"] == 0
PY
"$E1KLAB" run $S/udp-stream-hosts.ini --set netperf.duration=0.01s --set nic.a.eth0.mtu=9000 \
  --set netperf.message_size=8973 >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/stderr")" = "e1klab: --set netperf.message_size=8973: [netperf] message_size: UDP_STREAM: at most 8972 bytes (one datagram per frame of the 9000-byte MTU of host 'a'; IP fragmentation is not modelled)" ] \
  && ok "udp-stream-hosts: message_size above MTU - 28 refused: $(cat "$tmp/stderr")" \
  || nok "udp-stream-hosts message_size 8973: rc=$rc $(cat "$tmp/stderr")"
# hosts without a traffic source: rates over the run from host ready
# (window_ns = sim_ns - init_ns), not zeros; the CSV's time_rel_ns too
rm -f "$tmp/out/"*
"$E1KLAB" run $S/udp-stream-hosts.ini --set netperf.duration=0.01s --json "$tmp/out/w.json" \
  --csv "$tmp/out/w.csv" >"$tmp/out/w.txt" \
  && python3 - "$tmp/out/w.json" "$tmp/out/w.txt" "$tmp/out/w.b.csv" <<'PY' \
  && ok "several hosts: rates over the run from host ready (JSON, text, CSV)" || nok "several hosts: rates from host ready"
import csv, json, sys
d = json.load(open(sys.argv[1]))
def rate(n, w):
    return (n * 10**9 + w // 2) // w
h = {x["name"]: x["report"] for x in d["hosts"]}
for r in h.values():
    assert r["window_ns"] == r["sim_ns"] - r["init_ns"] > 9000000, r["window_ns"]
    f = r["interfaces"][0]
    assert f["rx_pps"] == rate(f["stats64"]["rx_packets"], r["window_ns"]), f["rx_pps"]
    assert f["tx_pps"] == rate(f["stats64"]["tx_packets"], r["window_ns"]), f["tx_pps"]
a, b = h["a"], h["b"]
assert a["interfaces"][0]["tx_pps"] > 50000 and b["interfaces"][0]["rx_pps"] > 50000
sb = b["host"]["sink_bytes"]
assert sb > 0 and b["host"]["sink_payload_bps"] == rate(sb * 8, b["window_ns"]), b["host"]
mb = b["host"]["sink_payload_bps"] / 1e6
assert abs(mb - d["netperf"]["throughput_mbit_s"]) < 20, (mb, d["netperf"]["throughput_mbit_s"])
t = open(sys.argv[2]).read()
assert "rates over the run from host ready: RX 0 pps, TX %d pps" % a["interfaces"][0]["tx_pps"] in t
assert "rates over the window" not in t
rows = list(csv.DictReader(open(sys.argv[3])))
assert int(rows[0]["time_rel_ns"]) == int(rows[0]["time_ns"]) - b["init_ns"] == 1000000, rows[0]
PY
# one road: check, mlffr and bench take a scenario of several hosts as
# they take one of one host.  check runs it and addresses counters by
# host (HOST.IFACE.FIELD, HOST.FIELD), the report the same as run --json
printf '[tcp]\nset netperf.duration = 0.05s\nfast: netperf.throughput_mbit_s > 900\na.eth0.tx_packets > 1000\nb.eth0.rx_missed_errors = 0\nb.local_delivered > 1000\na.cpu.idle_ppm < 500000\nslow: b.eth0.rx_packets < 100\n' >"$tmp/tcp-run-expect.ini"
"$E1KLAB" check $S/tcp-stream.ini "$tmp/tcp-run-expect.ini" --json "$tmp/tcpchk.json" \
  --junit "$tmp/tcpchk.xml" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.05s --json "$tmp/tcprun.json" --quiet
if [ $rc -eq 1 ] && grep -q "^PASS a.eth0.tx_packets: measured [0-9]* (expect > 1000)" "$tmp/stdout" \
   && grep -q "^PASS b.eth0.rx_missed_errors: measured 0 (expect = 0)" "$tmp/stdout" \
   && grep -q "^PASS b.local_delivered: " "$tmp/stdout" && grep -q "^PASS a.cpu.idle_ppm: " "$tmp/stdout" \
   && grep -q "^FAIL slow: measured [0-9]* (expect < 100)" "$tmp/stdout" \
   && grep -q "^5 passed, 1 failed$" "$tmp/stdout" && cmp -s "$tmp/tcpchk.json" "$tmp/tcprun.json" \
   && grep -q '<testsuite name="tcp-stream" tests="6" failures="1"' "$tmp/tcpchk.xml"; then
  ok "check runs tcp-stream: counters by host, the report of run --json, JUnit"
else nok "check tcp-stream: rc=$rc $(cat "$tmp/stdout" "$tmp/stderr" | head -c 400)"; fi
# a name that is neither a host nor a field of the report
printf 'c.eth0.rx_packets > 1\n' >"$tmp/tcp-bad-expect.ini"
"$E1KLAB" check $S/tcp-stream.ini "$tmp/tcp-bad-expect.ini" --set netperf.duration=0.01s >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 2 ] && grep -q "unknown field 'c.eth0.rx_packets'" "$tmp/stderr" \
  && ok "check: an unknown host in a path: exit 2" || nok "check unknown host: rc=$rc $(cat "$tmp/stderr")"
# mlffr: tcp-stream.ini has no traffic source, as replay-pcap.ini has no
# generator: the same one-line refusal, exit 2, no output
"$E1KLAB" mlffr $S/tcp-stream.ini --out "$tmp/mlffr-tcp" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ ! -e "$tmp/mlffr-tcp" ] \
  && grep -q "mlffr needs exactly one traffic source, a \[traffic\] section of kind pktgen" "$tmp/stderr" \
  && ok "mlffr tcp-stream: no traffic source, one line" || nok "mlffr tcp-stream: rc=$rc $(cat "$tmp/stderr")"
# ... and searches a network with one: a router host r forwarding to a
# sink host s over a link (tests/data/router-sink.ini); 1518 bytes pass
# at line rate, 64 bytes do not
RS=tests/data/router-sink.ini
"$E1KLAB" mlffr "$RS" --sizes 64,1518 --trial-frames 2000 --no-plot --quiet --out "$tmp/mlffr-rs" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
if [ $rc -eq 0 ] && grep -Eq '^      1518        81274      986\.991          100\.00$' "$tmp/stdout" \
   && grep -Eq '^        64 +[0-9]+ ' "$tmp/stdout" && ! grep -Eq '^        64 +148809 ' "$tmp/stdout" \
   && [ "$(wc -l < "$tmp/mlffr-rs/mlffr.csv")" -eq 3 ]; then
  ok "mlffr of a network (router r -> link -> sink host s): $(grep -E '^ +64 ' "$tmp/stdout" | tr -s ' ')"
else nok "mlffr rs.ini: rc=$rc $(cat "$tmp/stdout" "$tmp/stderr" | head -c 400)"; fi
# specweb: the connection search on a server with two ports
# (tests/data/specweb-2port.ini, docs/specweb.md); 2 ms of application
# work per GET serves 62 connections, each trial a line with both ports
# and the server's CPU shares; bad input is one line and exit 2
SW=tests/data/specweb-2port.ini
"$E1KLAB" specweb "$SW" --app-ns 500000,500000,500000,500000 --sendfile --max-conns 400 >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
if [ $rc -eq 0 ] && [ "$(tail -n 1 "$tmp/stdout")" = "specweb: 62 simultaneous connections conform (62 of 62, 100.0 %)" ] \
   && grep -Eq '^    62 conns: +62 conform \(100\.0 %\) pass \| eth0 31/31 [0-9]+ req eth1 31/31 [0-9]+ req \| server hardirq' "$tmp/stdout" \
   && grep -Eq '^   400 conns: .* FAIL ' "$tmp/stdout"; then
  ok "specweb search: $(tail -n 1 "$tmp/stdout")"
else nok "specweb search: rc=$rc $(cat "$tmp/stdout" "$tmp/stderr" | head -c 600)"; fi
for c in "|--app-ns: required" "--app-ns 1,2,3|--app-ns '1,2,3': four figures" "--app-ns 1,2,3,4 --max-conns 0|--max-conns 0: must be" \
         "--app-ns 1,2,3,4 --set run.duration=0|run.duration must be set"; do
  # shellcheck disable=SC2086
  "$E1KLAB" specweb "$SW" ${c%%|*} >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && grep -q -- "^e1klab: specweb: ${c#*|}" "$tmp/stderr" \
    && ok "specweb bad input: $(cat "$tmp/stderr")" || nok "specweb ${c%%|*}: rc=$rc $(cat "$tmp/stderr")"
done
# the shipped web-serving scenario (testbench/scenarios/specweb-4port.ini,
# docs/reproducing-the-seeds.md): its full search takes ~20 s per TSO
# setting, so CI runs one trial of 1,000 connections with TSO on: all
# conform, 250 on each of the four ports
# (its [specweb] keys: app_* 5000 ns, sendfile, rampup 200ms, warmup 2s;
# --max-conns overrides the file's max_conns 8000)
"$E1KLAB" specweb $S/specweb-4port.ini --max-conns 1000 --set driver.TSO=1 >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
if [ $rc -eq 0 ] && grep -Eq '^  1000 conns: +1000 conform \(100\.0 %\) pass \| eth0 250/250 [0-9]+ req eth1 250/250 [0-9]+ req eth2 250/250 [0-9]+ req eth3 250/250 [0-9]+ req \|' "$tmp/stdout" \
   && head -n 1 "$tmp/stdout" | grep -q "bisecting 0..1000 to 20, measured after 2000 ms of warm-up$"; then
  ok "specweb specweb-4port.ini, 1,000 connections, TSO on: $(tail -n 1 "$tmp/stdout")"
else nok "specweb specweb-4port.ini: rc=$rc $(cat "$tmp/stdout" "$tmp/stderr" | head -c 600)"; fi
# [specweb] keys in place of the flags: the search of the flags above
# (specweb-2port.ini, 2 ms per GET, sendfile, bound 400) from the file
# alone; a flag overrides its key (--max-conns 40: the bound passes);
# a bad key value, a warm-up as long as the run: one line, exit 2;
# `e1klab run` refuses the section (it would not run the workload)
{ cat "$SW"; printf '[specweb]\napp_parse = 500000\napp_open = 500000\napp_stat = 500000\napp_log = 500000\nsendfile = true\nmax_conns = 400\n'; } >"$tmp/sw-keys.ini"
"$E1KLAB" specweb "$tmp/sw-keys.ini" -q >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 0 ] && [ "$(cat "$tmp/stdout")" = "specweb: 62 simultaneous connections conform (62 of 62, 100.0 %)" ] \
  && ok "specweb [specweb] keys: $(cat "$tmp/stdout")" || nok "specweb [specweb] keys: rc=$rc $(cat "$tmp/stdout" "$tmp/stderr" | head -c 600)"
"$E1KLAB" specweb "$tmp/sw-keys.ini" -q --max-conns 40 >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 0 ] && [ "$(cat "$tmp/stdout")" = "specweb: 40 simultaneous connections conform (40 of 40, 100.0 %); the bound itself passed (raise --max-conns)" ] \
  && ok "specweb flag over key: $(cat "$tmp/stdout")" || nok "specweb --max-conns 40: rc=$rc $(cat "$tmp/stdout" "$tmp/stderr" | head -c 600)"
for c in "--set specweb.warmup=61s|--set specweb.warmup=61s: \[specweb\] warmup: at most 60 s" \
         "--set specweb.app_log=x|--set specweb.app_log=x: \[specweb\] app_log: 'x' is not a number" \
         "--warmup 2000|the warm-up (\[specweb\] warmup, --warmup: 2000 ms) must be shorter than run.duration" \
         "--warmup -1|--warmup -1: must be 0..60000 ms"; do
  # shellcheck disable=SC2086
  "$E1KLAB" specweb "$tmp/sw-keys.ini" ${c%%|*} >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ ! -s "$tmp/stdout" ] && grep -q -- "^e1klab: specweb: ${c#*|}" "$tmp/stderr" \
    && ok "specweb bad key: $(cat "$tmp/stderr")" || nok "specweb ${c%%|*}: rc=$rc $(cat "$tmp/stderr")"
done
"$E1KLAB" run "$tmp/sw-keys.ini" >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && grep -q "^e1klab: \[specweb\]: the web-serving workload runs with \`e1klab specweb\`" "$tmp/stderr" \
  && ok "run refuses [specweb]: $(cat "$tmp/stderr")" || nok "run sw-keys.ini: rc=$rc $(cat "$tmp/stderr")"
"$E1KLAB" specweb "$SW" --app-ns 1,2,3,4 --rampup 60001 >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && grep -q -- "^e1klab: specweb: --rampup 60001: must be 0..60000 ms" "$tmp/stderr" \
  && ok "specweb bad input: $(cat "$tmp/stderr")" || nok "specweb --rampup 60001: rc=$rc $(cat "$tmp/stderr")"
# tcp-stream.ini has a [netperf] test: refused (the web workload runs alone)
"$E1KLAB" specweb $S/tcp-stream.ini --app-ns 1,2,3,4 >"$tmp/stdout" 2>"$tmp/stderr"
rc=$?
[ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && grep -q "the scenario has a \[traffic\] source or a \[netperf\] test" "$tmp/stderr" \
  && ok "specweb tcp-stream: $(cat "$tmp/stderr")" || nok "specweb tcp-stream: rc=$rc $(cat "$tmp/stderr")"
# bench: a scenario of several hosts, per frame at a NIC (offered plus
# from links; tcp-stream's frames all come from the link); --frames needs
# a traffic source
out=$("$E1KLAB" bench $S/tcp-stream.ini --no-callgrind 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q '^scenario  *tcp-stream$' && echo "$out" | grep -q '^offered frames  *0$' \
   && echo "$out" | grep -Eq '^frames from links  *[1-9][0-9]*$' && echo "$out" | grep -Eq '^CPU time per frame at a NIC  *[0-9.]+ ns$'; then
  ok "bench tcp-stream: $(echo "$out" | grep 'frames from links' | tr -s ' ')"
else nok "bench tcp-stream: rc $rc: $(echo "$out" | head -c 300)"; fi
out=$("$E1KLAB" bench $S/tcp-stream.ini --frames 100 --no-callgrind 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && echo "$out" | grep -q -- "--frames: .*tcp-stream.ini has no traffic source" \
  && ok "bench tcp-stream --frames: exit 2, one line" || nok "bench tcp-stream --frames: rc $rc: $out"
out=$("$E1KLAB" bench "$RS" --frames 500 --no-callgrind 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -q '^offered frames  *500$' && echo "$out" | grep -q '^frames from links  *500$' \
   && echo "$out" | grep -q '^forwarded frames  *500$'; then
  ok "bench of a network with a source: --frames sets its count"
else nok "bench rs.ini: rc $rc: $out"; fi
printf '[tcp]\nfast: netperf.throughput_mbit_s > 800\nb: hosts.1.report.interfaces.0.stats64.rx_packets > 1000\n' >"$tmp/tcp-expect.ini"
"$E1KLAB" check --report "$tmp/tov.json" "$tmp/tcp-expect.ini" >"$tmp/stdout" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "^PASS fast: measured 870.9 " "$tmp/stdout" && grep -q "^FAIL b: measured 753 " "$tmp/stdout" \
  && ok "check --report of a report of several hosts: $(tail -1 "$tmp/stdout")" || nok "check --report tcp-stream: rc=$rc $(cat "$tmp/stdout")"
# --pcap-out: every frame both hosts transmit, in time order: as many as
# the links carried
rm -f "$tmp/out/"*
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --pcap-out "$tmp/out/t.pcap" \
  --json "$tmp/out/t.json" --quiet \
  && python3 - "$tmp/out/t.pcap" "$tmp/out/t.json" <<'PY' \
  && ok "tcp-stream --pcap-out: every frame of both hosts, in time order" || nok "tcp-stream --pcap-out"
import json, struct, sys
d = open(sys.argv[1], "rb").read()
assert d[:4] == bytes.fromhex("4d3cb2a1"), d[:4]
off, ts, big = 24, [], 0
while off < len(d):
    s, ns, incl, orig = struct.unpack("<IIII", d[off:off + 16])
    off += 16 + incl
    ts.append(s * 10**9 + ns)
    big += incl == 1514
r = json.load(open(sys.argv[2]))
links = sum(l["a_to_b"]["frames"] + l["b_to_a"]["frames"] for l in r["links"])
assert len(ts) == links == 840, (len(ts), links)
assert ts == sorted(ts) and big == 746, big
PY
# TSO on the wire: the 64 KB skbs leave as MSS-sized segments (no frame
# above 1514 bytes without FCS), as many full ones as without TSO
rm -f "$tmp/out/"*
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --set driver.XsumTX=1 \
  --set driver.TSO=1 --pcap-out "$tmp/out/tso.pcap" --json "$tmp/out/tso.json" --quiet \
  && python3 - "$tmp/out/tso.pcap" "$tmp/out/tso.json" <<'PY' \
  && ok "tcp-stream with TSO: MSS-sized segments on the wire, data intact" || nok "tcp-stream TSO capture"
import json, struct, sys
d = open(sys.argv[1], "rb").read()
off, sizes = 24, []
while off < len(d):
    s, ns, incl, orig = struct.unpack("<IIII", d[off:off + 16])
    sizes.append(orig)
    off += 16 + incl
r = json.load(open(sys.argv[2]))
assert max(sizes) == 1514 and sizes.count(1514) > 700, (max(sizes), sizes.count(1514))
assert r["netperf"]["pattern_mismatches"] == 0 and r["netperf"]["bytes_received"] > 1000000
PY
# --csv FILE: one time series per host (FILE.HOST.csv), 1 ms rows over
# the 10 ms; the JSON report is the same as without it
rm -f "$tmp/out/"*
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --csv "$tmp/out/s.csv" \
  --json "$tmp/out/s.json" --quiet \
  && "$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --json "$tmp/out/n.json" --quiet \
  && cmp -s "$tmp/out/s.json" "$tmp/out/n.json" \
  && [ "$(ls "$tmp/out" | tr '\n' ' ')" = "n.json s.a.csv s.b.csv s.json " ] \
  && python3 - "$tmp/out/s.a.csv" "$tmp/out/s.b.csv" "$tmp/out/s.json" <<'PY' \
  && ok "tcp-stream --csv: one time series per host, report unchanged" || nok "tcp-stream --csv: $(ls "$tmp/out")"
import csv, json, sys
r = json.load(open(sys.argv[3]))
for f, h in zip(sys.argv[1:3], r["hosts"]):
    rows = list(csv.DictReader(open(f)))
    assert len(rows) >= 10, (f, len(rows))
    assert int(rows[0]["time_ns"]) == h["report"]["init_ns"] + 1000000, rows[0]
    # the rows add up to the report's count less the bring-up's 2
    # interrupts (link up), which come before host ready
    irqs = sum(int(x["eth0.irqs"]) for x in rows)
    assert irqs == h["report"]["interfaces"][0]["interrupts"] - 2, (f, irqs)
PY
# options that make no sense for the testbench are refused for any
# scenario; --backend qemu runs the one host of a file without
# [host.NAME] sections
for o in "--pcap-out -" "--backend qemu" "--timeout 5" "--timeout 900"; do
  rm -f "$tmp/out/"*
  # shellcheck disable=SC2086
  "$E1KLAB" run $S/tcp-stream.ini $o --json "$tmp/out/r.json" >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ -z "$(ls -A "$tmp/out")" ] \
     && grep -q -- "${o%% *}" "$tmp/stderr" && [ ! -e "$tmp/x.csv" ] && [ ! -e "$tmp/x.pcap" ]; then
    ok "tcp-stream refuses ${o%% *}: $(cat "$tmp/stderr")"
  else nok "tcp-stream ${o%% *}: rc=$rc $(cat "$tmp/stderr")"; fi
done
# --csv -: each host's series on stdout after the run, headed by its
# name, the blocks parted by two empty lines (gnuplot's index); the same
# series as --csv FILE writes
rm -f "$tmp/out/"*
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --csv - --json "$tmp/out/c.json" >"$tmp/out/all.txt" 2>"$tmp/stderr" \
  && "$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --csv "$tmp/out/f.csv" --quiet \
  && { echo "# host a"; cat "$tmp/out/f.a.csv"; printf '\n\n# host b\n'; cat "$tmp/out/f.b.csv"; } > "$tmp/out/want.txt" \
  && cmp -s "$tmp/out/all.txt" "$tmp/out/want.txt" \
  && ok "tcp-stream --csv -: each host's CSV on stdout, headed by its name" || nok "tcp-stream --csv -: $(head -c 300 "$tmp/stderr")"
# --trace: the model's events of every host's NICs, named HOST.IF; the
# report the same as without
rm -f "$tmp/out/"*
"$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --trace --json "$tmp/out/t.json" >/dev/null 2>"$tmp/out/trace.txt" \
  && "$E1KLAB" run $S/tcp-stream.ini --set netperf.duration=0.01s --json "$tmp/out/n.json" --quiet \
  && grep -Eq '^\[ +[0-9.]+\] a\.eth0: e1000: link up 1000 Mb/s$' "$tmp/out/trace.txt" \
  && grep -Eq '^\[ +[0-9.]+\] b\.eth0: e1000: link up 1000 Mb/s$' "$tmp/out/trace.txt" \
  && cmp -s "$tmp/out/t.json" "$tmp/out/n.json" \
  && ok "tcp-stream --trace: every host's NIC events, named HOST.IF; report unchanged" || nok "tcp-stream --trace: $(head -c 300 "$tmp/out/trace.txt")"
for c in "netperf.message_size=0|\[netperf\] message_size: 0 is out of range" \
         "bogus.x=1|\[bogus\]: unknown section in a scenario with several hosts"; do
  rm -f "$tmp/out/"*
  "$E1KLAB" run $S/tcp-stream.ini --set "${c%%|*}" --json "$tmp/out/r.json" >"$tmp/stdout" 2>"$tmp/stderr"
  rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/stderr")" -eq 1 ] && [ -z "$(ls -A "$tmp/out")" ] \
     && grep -q "^e1klab: --set ${c%%|*}: ${c#*|}" "$tmp/stderr"; then
    ok "several hosts: --set ${c%%|*}: $(cat "$tmp/stderr")"
  else nok "several hosts: --set ${c%%|*}: rc=$rc $(cat "$tmp/stderr")"; fi
done
# a sweep of a network without a [netperf] test: the hosts' columns,
# prefixed by their names
printf '[host.a]\n[nic.a.eth0]\nmac = 00:07:e9:00:00:10\nip = 10.0.0.1/24\n[host.b]\n[nic.b.eth0]\nmac = 00:07:e9:00:00:20\nip = 10.0.0.2/24\n[link.ab]\na = a.eth0\nb = b.eth0\n[run]\nduration = 10ms\n' > "$tmp/twohosts.ini"
out=$("$E1KLAB" sweep "$tmp/twohosts.ini" --param host.a.hz=100,250 --no-plot --quiet \
      --out "$tmp/tsw0" 2>&1); rc=$?
if [ $rc -eq 0 ] && head -1 "$tmp/tsw0/sweep.csv" | grep -q '^point,host.a.hz,a.mode,a.offered_frames,' \
   && head -1 "$tmp/tsw0/sweep.csv" | grep -q ',b.eth0.qdisc_drops$' && [ "$(wc -l < "$tmp/tsw0/sweep.csv")" -eq 3 ]; then
  ok "sweep of a network without [netperf]: each host's columns"; else nok "sweep twohosts: rc $rc: $out"; fi
out=$("$E1KLAB" sweep $S/tcp-stream.ini --param netperf.message_size=4,0 \
      --out "$tmp/tsw" 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && [ ! -e "$tmp/tsw" ] \
   && echo "$out" | grep -q "point 1 (netperf.message_size=0): .*message_size: 0 is out of range"; then
  ok "sweep of several hosts, a bad point: exit 2, one line naming it"; else nok "sweep tcp-stream bad point: rc $rc: $out"; fi
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\n[traffic]\ncount = 10\n[netperf]\ntest = TCP_STREAM\n' > "$tmp/np1.ini"
expect_bad "[netperf] in a one-host scenario" "$tmp/np1.ini"
grep -q "np1.ini:5: \[netperf\]: unknown section" "$tmp/stderr" \
  && ok "[netperf] in a one-host scenario: message names the section" || nok "np1: $(cat "$tmp/stderr")"


# --- jumbo frames (nic.NAME.mtu, RCTL.LPE) and promiscuous mode ---
# A capture of 10 IPv4/UDP frames of 9014 bytes (9018 incl. FCS) for
# eth0 of replay-pcap.ini, routed out of eth1, 1 ms apart.
python3 - "$tmp/jumbo.pcap" <<'PY'
import struct, sys
def csum(b):
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff
with open(sys.argv[1], "wb") as f:
    f.write(struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1))
    for i in range(10):
        ip = bytearray(struct.pack("!BBHHHBBH4s4s", 0x45, 0, 9000, i, 0, 64,
                                   17, 0, bytes([10, 0, 0, 2]),
                                   bytes([10, 2, 0, 2])))
        ip[10:12] = struct.pack("!H", csum(bytes(ip)))
        udp = struct.pack("!HHHH", 9, 9, 8980, 0) + bytes(8972)
        eth = bytes.fromhex("0007e9000010" "020000000010" "0800")
        frame = eth + bytes(ip) + udp
        assert len(frame) == 9014
        f.write(struct.pack("<IIII", 1, i * 1000, len(frame), len(frame)))
        f.write(frame)
PY
R=$S/replay-pcap.ini
jumbo() {   # name, then --set arguments: a run of the jumbo capture
  local n=$1; shift
  "$E1KLAB" run "$R" --set traffic.pcap="$tmp/jumbo.pcap" "$@" --quiet \
    --json "$tmp/$n.json" --pcap-out "$tmp/$n.pcap" 2>"$tmp/$n.err"
}
jumbo j9000 --set nic.eth0.mtu=9000 --set nic.eth1.mtu=9000
jumbo j1500
jumbo jout --set nic.eth0.mtu=9000
if python3 - "$tmp" <<'PY'
import json, struct, sys
t = sys.argv[1]
def rep(n):
    return json.load(open("%s/%s.json" % (t, n)))
j, s, o = rep("j9000"), rep("j1500"), rep("jout")
e0, e1 = j["interfaces"][0], j["interfaces"][1]
# MTU 9000 on both: all 10 received (LPE, 16384-byte buffers) and forwarded
assert j["offered"]["frames"] == 10, j["offered"]
assert e0["nic"]["GPRC"] == 10 and e0["nic"]["ROC"] == 0, e0["nic"]
assert e0["ethtool"]["rx_long_length_errors"] == 0
assert e0["ethtool"]["rx_bytes"] == 10 * 9018, e0["ethtool"]["rx_bytes"]
assert j["accounting"]["forwarded"] == 10, j["accounting"]
assert e1["wire_tx_frames"] == 10 and e1["wire_tx_bytes"] == 10 * 9018, e1
assert e0["mtu"] == 9000 and e0["netstat"]["MTU"] == 9000
assert j["host"]["skb_alloc_failed"] == 0 and e0["driver"]["rx_alloc_failed"] == 0
data = open(t + "/j9000.pcap", "rb").read()
off, lens = 24, []
while off < len(data):
    _, _, cl, ol = struct.unpack("<IIII", data[off:off + 16])
    lens.append(ol); off += 16 + cl
assert lens == [9014] * 10, lens
# MTU 1500: the NIC drops all 10 as oversize (ROC = rx_long_length_errors)
n0 = s["interfaces"][0]
assert n0["nic"]["ROC"] == 10 and n0["ethtool"]["rx_long_length_errors"] == 10, n0["nic"]
assert n0["nic"]["GPRC"] == 0 and s["accounting"]["rx_bad_size"] == 10
assert s["accounting"]["forwarded"] == 0 and s["loss"]["drops"]["bad_size"] == 10
assert n0["mtu"] == 1500
# MTU 9000 in, 1500 out: received, not forwarded (no fragmentation)
assert o["interfaces"][0]["nic"]["GPRC"] == 10
assert o["accounting"]["forwarded"] == 0 and o["accounting"]["ip_dropped"] == 10
PY
then ok "jumbo: 9014-byte frames forward with mtu 9000, ROC without it, dropped at a 1500 egress"
else nok "jumbo frames: $(cat "$tmp"/j*.err)"; fi
# e1klab check with the ethtool -S names as fields
printf 'eth0.rx_long_length_errors = 10\neth0.ROC = 10\neth0.rx_no_buffer_count = 0\nforwarded = 0\n' > "$tmp/jumbo-expect.ini"
if "$E1KLAB" check "$R" "$tmp/jumbo-expect.ini" --set traffic.pcap="$tmp/jumbo.pcap" \
     > "$tmp/check.out" 2>&1 && [ "$(grep -c '^PASS' "$tmp/check.out")" -eq 4 ]; then
  ok "check: ethtool -S names are fields (eth0.rx_long_length_errors = eth0.ROC)"
else nok "check with ethtool names: $(cat "$tmp/check.out")"; fi
printf 'eth0.rx_long_length_errors = 9\n' > "$tmp/jumbo-expect2.ini"
"$E1KLAB" check "$R" "$tmp/jumbo-expect2.ini" --set traffic.pcap="$tmp/jumbo.pcap" \
  > "$tmp/check.out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "^FAIL.*rx_long_length_errors" "$tmp/check.out" \
  && ok "check: a wrong ethtool count fails (exit 1)" || nok "check fail: rc $rc: $(cat "$tmp/check.out")"
# promiscuous mode: 1000 frames for a foreign unicast MAC
P="$N --set traffic.count=1000 --set traffic.dst_mac=00:11:22:33:44:55 --quiet"
"$E1KLAB" run $P --json "$tmp/np.json" 2>/dev/null
"$E1KLAB" run $P --set nic.eth0.promisc=true --json "$tmp/pr.json" 2>/dev/null
"$E1KLAB" run $N --set traffic.count=1000 --set traffic.dst_mac=00:11:22:33:44:55 \
  --set nic.eth0.promisc=true > "$tmp/pr.txt" 2>/dev/null
if python3 - "$tmp/np.json" "$tmp/pr.json" <<'PY'
import json, sys
n, p = (json.load(open(f)) for f in sys.argv[1:3])
# not promiscuous: the address filter drops all 1000
assert n["accounting"]["rx_filtered"] == 1000 and n["accounting"]["rx_queued"] == 0, n["accounting"]
assert n["interfaces"][0]["nic"]["rx_filtered"] == 1000
assert n["interfaces"][0]["promisc"] is False
# promiscuous: the NIC takes all 1000; IPv4 drops them (another host's)
a = p["accounting"]
assert a["rx_filtered"] == 0 and a["rx_queued"] == 1000, a
assert p["interfaces"][0]["nic"]["GPRC"] == 1000 and p["interfaces"][0]["promisc"] is True
assert a["ip_dropped"] == 1000 and a["forwarded"] == 0, a
PY
then ok "promisc: a foreign unicast MAC is filtered (1000), accepted when promiscuous (1000)"
else nok "promiscuous mode"; fi
grep -Eq '^eth0 +1500 .* BMPRU$' "$tmp/pr.txt" && grep -Eq '^eth1 +1500 .* BMRU$' "$tmp/pr.txt" \
  && ok "netstat -i: flag P on the promiscuous interface" || nok "netstat flag P: $(grep -E '^eth' "$tmp/pr.txt")"
# out of range, malformed: one line naming file:line (or the --set), exit 2
expect_bad "mtu below 68" $N --set nic.eth0.mtu=67
expect_bad "mtu above 16110" $N --set nic.eth0.mtu=16111
expect_bad "mtu not a number" $N --set nic.eth0.mtu=jumbo
expect_bad "promisc not a boolean" $N --set nic.eth0.promisc=maybe
expect_bad "unknown nic key" $N --set nic.eth0.promiscuous=true
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\nmtu = 20000\n[traffic]\ncount = 10\n' > "$tmp/mtu.ini"
printf '[nic.eth0]\nmac = 00:07:e9:00:00:10\npromisc = on-ish\n[traffic]\ncount = 10\n' > "$tmp/promisc.ini"
for c in "mtu.ini:3: \[nic.eth0\] mtu: 20000" "promisc.ini:3: \[nic.eth0\] promisc: 'on-ish'"; do
  f=${c%%:*}
  expect_bad "$f" "$tmp/$f"
  grep -q "^e1klab: .*$c" <(timeout 10 "$E1KLAB" run "$tmp/$f" --quiet 2>&1) \
    && ok "$f message: $c" || nok "$f message (want $c): $(timeout 10 "$E1KLAB" run "$tmp/$f" --quiet 2>&1)"
done
for c in "nic.eth0.mtu=67|\[nic.eth0\] mtu: 67" "nic.eth0.mtu=16111|\[nic.eth0\] mtu: 16111"; do
  grep -q -- "${c#*|}" <("$E1KLAB" run $N --set "${c%%|*}" 2>&1) \
    && ok "message: ${c#*|}" || nok "message (want ${c#*|}): $("$E1KLAB" run $N --set "${c%%|*}" 2>&1)"
done

finish
