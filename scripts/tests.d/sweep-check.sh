#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# CLI-level tests of `e1klab sweep` and `e1klab check` (run by
# scripts/test.sh after meson test, with the build in build/; E1KLAB=path
# overrides the binary).
#  - a sweep of several hosts (tcp-stream.ini over netperf.message_size):
#    netperf's columns, both CPUs, the throughput and CPU charts;
#  - a small offered-load sweep over legacy, napi-twist and napi with
#    --jobs 2: CSV, point reports and the six charts exist and are
#    non-empty; the livelock curve and the NAPI share show in the CSV;
#    --jobs 1 and the --emit-jobs job list (run one by one, then
#    --collect) give byte-identical CSVs;
#  - bad --param, a point whose run fails and a missing gnuplot: one line,
#    non-zero exit, no sweep.csv;
#  - `e1klab check` passes (exit 0, JUnit without failures) on every
#    shipped expectation file; an expectation tightened past the measured
#    value fails (exit 1, JUnit <failure>); a syntax error, an unknown
#    field and a missing file exit 2 and write no JUnit;
#  - `e1klab mlffr`: RFC 2544's table, CSV and chart; the same result with
#    --jobs 1 and 2; at 64 bytes on forward-970kpps-napi it agrees with a
#    fine sweep to within its resolution; 1518 bytes at line rate; bad
#    options and a capture scenario: one line, exit 2, no output.
# Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/tests.d/cli-lib.bash
X=testbench/expect

# ---------------------------------------------------------------- sweep
grid=(--param traffic.pps=100000:1000000:300000
      --param driver.mode=legacy,napi-twist,napi
      --set traffic.count=100000 --quiet)

"$E1KLAB" sweep $S/forward-970kpps-napi.ini "${grid[@]}" --jobs 2 \
  --out "$tmp/j2" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ]; then ok "sweep --jobs 2 exits 0"; else nok "sweep --jobs 2 exits $rc: $(head -c 300 "$tmp/err")"; fi
n=$(ls "$tmp"/j2/point-*.json 2>/dev/null | wc -l)
if [ "$n" -eq 12 ]; then ok "12 point reports"; else nok "$n point reports, expected 12"; fi
if [ -s "$tmp/j2/sweep.csv" ] && [ "$(wc -l < "$tmp/j2/sweep.csv")" -eq 13 ]; then
  ok "sweep.csv: header + 12 rows"
else
  nok "sweep.csv missing or wrong row count"
fi
for f in forwarded interrupts cpu; do
  if [ -s "$tmp/j2/$f.png" ] && head -c 8 "$tmp/j2/$f.png" | od -An -c | grep -q 'P   N   G'; then
    ok "$f.png is a non-empty PNG"; else nok "$f.png missing or not PNG"; fi
  if [ -s "$tmp/j2/$f.svg" ] && grep -q '<svg' "$tmp/j2/$f.svg"; then
    ok "$f.svg is a non-empty SVG"; else nok "$f.svg missing or not SVG"; fi
done
# The phenomena in the table: at 1000 kpps legacy forwards under 1% while
# napi forwards over 20%; below the knee (100 kpps) every mode forwards
# everything it was offered.
if python3 - "$tmp/j2/sweep.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
at = {(r["traffic.pps"], r["driver.mode"]): r for r in rows}
def share(p, m):
    r = at[(p, m)]
    return int(r["forwarded"]) / int(r["offered_frames"])
assert share("1000000", "legacy") < 0.01, share("1000000", "legacy")
assert share("1000000", "napi") > 0.20, share("1000000", "napi")
for m in ("legacy", "napi-twist", "napi"):
    assert share("100000", m) == 1.0, (m, share("100000", m))
    assert at[("100000", m)]["mode"] == m
assert [r["point"] for r in rows] == [str(i) for i in range(12)]
PY
then ok "CSV shows the livelock curve and the NAPI share"; else nok "CSV phenomena"; fi

"$E1KLAB" sweep $S/forward-970kpps-napi.ini "${grid[@]}" --jobs 1 \
  --out "$tmp/j1" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && cmp -s "$tmp/j1/sweep.csv" "$tmp/j2/sweep.csv"; then
  ok "--jobs 1 and --jobs 2 give identical CSVs"
else
  nok "--jobs 1 (exit $rc) and --jobs 2 CSVs differ"
fi
same=1
for f in "$tmp"/j1/point-*.json; do cmp -s "$f" "$tmp/j2/$(basename "$f")" || same=0; done
if [ $same -eq 1 ]; then ok "identical point reports"; else nok "point reports differ"; fi

# The job list for GNU parallel: one command per point; run them (here one
# by one), then combine with --collect.
"$E1KLAB" sweep $S/forward-970kpps-napi.ini "${grid[@]}" --emit-jobs \
  --out "$tmp/par" >"$tmp/jobs" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && [ "$(wc -l < "$tmp/jobs")" -eq 12 ] \
   && [ "$(grep -c -- ' run .* --json .*/point-[0-9]\{4\}\.json --quiet$' "$tmp/jobs")" -eq 12 ]; then
  ok "--emit-jobs prints 12 e1klab run lines"
else
  nok "--emit-jobs (exit $rc): $(head -c 300 "$tmp/jobs") $(head -c 300 "$tmp/err")"
fi
jobs_ok=1
while IFS= read -r line; do bash -c "$line" || jobs_ok=0; done < "$tmp/jobs"
"$E1KLAB" sweep $S/forward-970kpps-napi.ini "${grid[@]}" --collect \
  --out "$tmp/par" 2>"$tmp/err"; rc=$?
if [ $jobs_ok -eq 1 ] && [ $rc -eq 0 ] && cmp -s "$tmp/par/sweep.csv" "$tmp/j1/sweep.csv"; then
  ok "job list + --collect gives the same CSV"
else
  nok "job list + --collect (exit $rc): $(head -c 300 "$tmp/err")"
fi

# --collect over a directory without the point reports (nor the record
# of their grid): bad input.
mkdir -p "$tmp/empty"
"$E1KLAB" sweep $S/forward-970kpps-napi.ini "${grid[@]}" --collect --no-plot \
  --out "$tmp/empty" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q 'sweep-grid.txt: missing' "$tmp/err" \
   && [ ! -e "$tmp/empty/sweep.csv" ]; then
  ok "--collect without point reports: exit 2, one line"
else
  nok "--collect without point reports (exit $rc): $(head -c 300 "$tmp/err")"
fi

# --collect refuses a directory swept with another grid (one point
# value, or a --set, differs); the CSV there stays as it was
cp "$tmp/par/sweep.csv" "$tmp/par.csv"
for other in "--param traffic.pps=100000:1000000:300000 --param driver.mode=legacy,napi-twist,napi --set traffic.count=50000" \
             "--param traffic.pps=100000:1000000:450000 --param driver.mode=legacy,napi-twist,napi --set traffic.count=100000"; do
  # shellcheck disable=SC2086
  "$E1KLAB" sweep $S/forward-970kpps-napi.ini $other --collect --quiet \
    --out "$tmp/par" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "was run with another grid" "$tmp/err" \
     && cmp -s "$tmp/par.csv" "$tmp/par/sweep.csv" && [ -s "$tmp/par/sweep-grid.txt" ]; then
    ok "--collect refuses a mismatched grid: $(grep -o "line [0-9]*" "$tmp/err")"
  else nok "--collect with another grid (exit $rc): $(head -c 300 "$tmp/err")"; fi
done
# the saved script redraws the six charts under their real names; the
# titles carry the --set overrides; point reports list their overrides
rm -f "$tmp"/j2/*.png "$tmp"/j2/*.svg
if (cd "$tmp/j2" && gnuplot sweep.gp 2>/dev/null) \
   && [ "$(ls "$tmp"/j2/*.png "$tmp"/j2/*.svg | wc -l)" -eq 6 ] \
   && grep -q 'set title "forward-970kpps-napi.ini traffic.count=100000: forwarded vs offered load"' "$tmp/j2/sweep.gp" \
   && python3 - "$tmp/j2/point-0004.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["scenario"]["overrides"] == ["traffic.count=100000", "traffic.pps=400000",
                                      "driver.mode=napi-twist"], d["scenario"]
PY
then ok "sweep.gp redraws the charts under their names; overrides in titles and reports"
else nok "sweep.gp redraw / titles / overrides"; fi
# each curve is labelled KEY=VALUE of its axis
for m in legacy napi-twist napi; do
  if grep -q "title \"driver.mode=$m\"" "$tmp/j2/sweep.gp" \
     && grep -q "^# driver.mode=$m\$" "$tmp/j2/sweep-plot.dat"; then ok "sweep legend: driver.mode=$m"
  else nok "sweep legend driver.mode=$m: $(grep -o 'title "[^"]*"' "$tmp/j2/sweep.gp" | sort -u | head -c 300)"; fi
done

# Several hosts: tcp-stream.ini over netperf.message_size (0.1 s each):
# sweep.csv with netperf's columns and both hosts' CPU, throughput rising
# to the payload line rate; the charts; --jobs 1 and 2 identical.
for j in 1 2; do
  "$E1KLAB" sweep $S/tcp-stream.ini --param netperf.message_size=4,512,16384 \
    --set netperf.duration=0.1s --jobs $j --quiet --out "$tmp/net$j" 2>"$tmp/err"; rc=$?
  [ $rc -eq 0 ] || nok "several hosts sweep --jobs $j exits $rc: $(head -c 300 "$tmp/err")"
done
if python3 - "$tmp/net2/sweep.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["netperf.message_size"] for r in rows] == ["4", "512", "16384"]
mb = [float(r["throughput_mbit_s"]) for r in rows]
assert mb[0] < mb[1] < mb[2] <= 1448 / 1538 * 1000, mb
assert mb[0] == 20.13 and mb[2] > 930, mb
assert all(r["test"] == "TCP_STREAM" for r in rows)
assert float(rows[0]["local_cpu_util_pct"]) > 99, rows[0]
sd = [float(r["send_service_demand_us_per_kb"]) for r in rows]
assert sd[0] > sd[1] > sd[2], sd
for h in ("a", "b"):
    for r in rows:
        s = sum(float(r[h + ".cpu_" + c + "_pct"]) for c in ("hardirq", "softirq", "process", "idle"))
        assert abs(s - 100) < 0.01, (h, s)
PY
then ok "several hosts: sweep.csv has netperf's throughput (rising to the line rate), CPU and service demand"
else nok "several hosts: sweep.csv"; fi
# each point's hosts list the point's overrides (--set, then its axis)
if python3 - "$tmp/net2/point-0001.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ov = [h["report"]["scenario"]["overrides"] for h in d["hosts"]]
assert ov == [["netperf.duration=0.1s", "netperf.message_size=512"]] * 2, ov
PY
then ok "several hosts: each point's hosts list its overrides"
else nok "several hosts: point overrides"; fi
if cmp -s "$tmp/net1/sweep.csv" "$tmp/net2/sweep.csv"; then
  ok "several hosts: --jobs 1 and --jobs 2 give identical CSVs"
else nok "several hosts: --jobs 1 and 2 CSVs differ"; fi
for f in throughput cpu; do
  if [ -s "$tmp/net2/$f.png" ] && head -c 8 "$tmp/net2/$f.png" | od -An -c | grep -q 'P   N   G' \
     && grep -q '<svg' "$tmp/net2/$f.svg"; then
    ok "several hosts: $f.png and $f.svg"; else nok "several hosts: $f chart missing"; fi
done
# one curve (no axis but the x axis): labelled by the scenario's name
if grep -q 'title "tcp-stream"' "$tmp/net2/sweep.gp" && ! grep -q 'title "run"' "$tmp/net2/sweep.gp"; then
  ok "several hosts: the one curve is labelled tcp-stream"
else nok "several hosts legend: $(grep -o 'title "[^"]*"' "$tmp/net2/sweep.gp" | sort -u | head -c 300)"; fi

# A network with a traffic source (router r -> link -> sink host s,
# tests/data/router-sink.ini), swept over its source's rate and the
# driver: each host's columns prefixed by its name, the forwarding charts
# of r (the source's host); what leaves r reaches s's sink.
"$E1KLAB" sweep tests/data/router-sink.ini --param traffic.r.pps=100000,400000 \
  --param driver.mode=legacy,napi --set traffic.r.count=3000 \
  --jobs 2 --quiet --out "$tmp/rs" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && python3 - "$tmp/rs/sweep.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [(r["traffic.r.pps"], r["driver.mode"]) for r in rows] == [
    ("100000", "legacy"), ("100000", "napi"), ("400000", "legacy"), ("400000", "napi")], rows
for r in rows:
    assert r["r.offered_frames"] == "3000" and r["s.offered_frames"] == "0", r
    assert r["r.mode"] == r["driver.mode"] == r["s.mode"], r
    # what r forwarded out of eth1 reached s and its sink
    assert r["r.eth1.tx_packets"] == r["s.eth0.rx_packets"] == r["s.local_delivered"], r
assert rows[1]["r.forwarded"] == "3000", rows[1]
assert "r.eth0.interrupts" in rows[0] and "s.eth0.interrupts" in rows[0]
PY
then ok "a network's sweep: each host's columns, r's forwarding reaches s"
else nok "network sweep: rc $rc: $(head -c 300 "$tmp/err")"; fi
for f in forwarded interrupts cpu; do
  if [ -s "$tmp/rs/$f.png" ] && grep -q '<svg' "$tmp/rs/$f.svg"; then ok "a network's sweep: $f chart"
  else nok "network sweep: $f chart missing"; fi
done
if grep -q 'RX interrupts/s (eth0)' "$tmp/rs/sweep.gp"; then ok "a network's sweep: the RX interface is r's source NIC"
else nok "network sweep RX iface: $(grep -o 'RX interrupts[^"]*' "$tmp/rs/sweep.gp" | head -1)"; fi

# The seed's TCP table in one sweep: the paired axis gives each driver
# mode its RxIntDelay, --published draws the seed's column beside e1klab's
# and adds it to sweep.csv
"$E1KLAB" sweep $S/tcp-stream.ini --param netperf.message_size=4,128 \
  --param driver.mode+driver.RxIntDelay=legacy+64,napi+1 --set netperf.duration=0.05s \
  --published $X/tcp-stream-e1000.dat --jobs 2 --quiet --out "$tmp/pub" 2>"$tmp/err" \
  && python3 - "$tmp/pub" <<'PY' \
  && ok "several hosts: paired axis driver.mode+driver.RxIntDelay, --published column and curve" \
  || nok "several hosts: paired axis / --published: $(head -c 300 "$tmp/err")"
import csv, json, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/sweep.csv")))
assert [(r["netperf.message_size"], r["driver.mode+driver.RxIntDelay"]) for r in rows] == \
    [("4", "legacy+64"), ("4", "napi+1"), ("128", "legacy+64"), ("128", "napi+1")], rows
assert [r["published_mbit_s"] for r in rows] == ["20.74", "20.74", "458.14", "458.14"]
for i in (0, 2):   # the NAPI driver within 3 % of the interrupt-driven one
    l, n = float(rows[i]["throughput_mbit_s"]), float(rows[i + 1]["throughput_mbit_s"])
    assert abs(n / l - 1) < 0.03, (l, n)
ov = json.load(open(d + "/point-0000.json"))["hosts"][0]["report"]["scenario"]["overrides"]
assert ov == ["netperf.duration=0.05s", "netperf.message_size=4", "driver.mode=legacy",
              "driver.RxIntDelay=64"], ov
gp = open(d + "/sweep.gp").read()
assert 'title "published: e1000 4.3.2-k1, RxIntDelay=64"' in gp
assert 'title "driver.mode=napi driver.RxIntDelay=1"' in gp
PY
"$E1KLAB" sweep $S/forward-970kpps-napi.ini --param traffic.pps=100000,200000 \
  --published $X/tcp-stream-e1000.dat --out "$tmp/pub1" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "e1klab: sweep: --published $X/tcp-stream-e1000.dat: only for a scenario with a [netperf] test (a netperf throughput curve)" ] \
  && [ ! -e "$tmp/pub1" ] && ok "sweep --published without a [netperf] test: exit 2, one line" \
  || nok "sweep --published without netperf: rc $rc: $(cat "$tmp/err")"
printf '# title: x\n4 20.74\n128 oops\n' >"$tmp/bad.dat"
"$E1KLAB" sweep $S/tcp-stream.ini --param netperf.message_size=4,128 \
  --published "$tmp/bad.dat" --out "$tmp/pub2" 2>"$tmp/err"; rc=$?
[ $rc -eq 2 ] && [ "$(cat "$tmp/err")" = "e1klab: sweep: $tmp/bad.dat:3: '128 oops': expected two numbers, X and Y" ] \
  && [ ! -e "$tmp/pub2" ] && ok "sweep --published with a bad line: exit 2, FILE:LINE" \
  || nok "sweep --published bad file: rc $rc: $(cat "$tmp/err")"

# Bad input: one line, exit 2, nothing written.
"$E1KLAB" sweep $S/forward-970kpps-napi.ini --param traffic.pps=1:10:0 \
  --out "$tmp/bad1" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q 'STEP is zero' "$tmp/err" \
   && [ ! -e "$tmp/bad1" ]; then
  ok "bad --param: exit 2, one line"
else
  nok "bad --param: exit $rc: $(cat "$tmp/err")"
fi
"$E1KLAB" sweep $S/forward-970kpps-napi.ini --param driver.mode=napi,bogus \
  --set traffic.count=2000 --out "$tmp/bad2" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] \
   && grep -q 'point 1 (driver.mode=bogus)' "$tmp/err" && [ ! -e "$tmp/bad2/sweep.csv" ]; then
  ok "a point with a bad value: exit 2, names the point"
else
  nok "bad point value: exit $rc: $(cat "$tmp/err")"
fi
# An output in the way (a directory where a point report goes): found
# before anything runs, one line naming it, exit 2, no report written.
mkdir -p "$tmp/bad3/point-0001.json"
"$E1KLAB" sweep $S/forward-970kpps-napi.ini --param traffic.pps=100000,200000,300000 \
  --set traffic.count=2000 --jobs 2 --quiet --out "$tmp/bad3" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] \
   && grep -q "bad3/point-0001.json: is a directory" "$tmp/err" \
   && [ "$(ls -A "$tmp/bad3")" = point-0001.json ]; then
  ok "an output in the way: exit 2 before any run, one line naming it"
else
  nok "output in the way: exit $rc: $(cat "$tmp/err"); left: $(ls -A "$tmp/bad3" | tr '\n' ' ')"
fi
# A point whose run fails (a truncated capture, found only when it is
# read): the point and its parameters are named; no sweep.csv and no
# point report is left, not even the complete one of point 0.
head -c 100000 tests/data/traces/afs.pcap > "$tmp/cut.pcap"
"$E1KLAB" sweep $S/replay-pcap.ini --no-plot --set traffic.pace=topspeed \
  --param "traffic.pcap=tests/data/traces/afs.pcap,$tmp/cut.pcap" \
  --jobs 1 --quiet --out "$tmp/bad4" 2>"$tmp/err"; rc=$?
if [ $rc -ne 0 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] \
   && grep -q "point 1 (traffic.pcap=$tmp/cut.pcap) failed" "$tmp/err" \
   && [ -z "$(ls -A "$tmp/bad4")" ]; then
  ok "a failing point: exit $rc, one line naming it, no output left"
else
  nok "failing point: exit $rc: $(cat "$tmp/err"); left: $(ls -A "$tmp/bad4" | tr '\n' ' ')"
fi
# Outputs that would overwrite an input: the scenario itself as a point
# report is refused before anything runs.
mkdir -p "$tmp/self"; cp $S/forward-970kpps-napi.ini "$tmp/self/point-0000.json"
"$E1KLAB" sweep "$tmp/self/point-0000.json" --param traffic.pps=100000 --no-plot \
  --set traffic.count=2000 --quiet --out "$tmp/self" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -q "point-0000.json: is an input of the run" "$tmp/err" \
   && cmp -s "$tmp/self/point-0000.json" $S/forward-970kpps-napi.ini; then
  ok "a point report that is the scenario: refused, scenario kept"
else
  nok "point report = scenario: exit $rc: $(cat "$tmp/err")"
fi

# SIGTERM to the sweep process alone: its workers stop too and no point
# report or temporary file is left; the sweep dies of the signal.
if python3 - "$E1KLAB" "$S/forward-10M-twist.ini" "$tmp/sig" <<'PY'
import os, signal, subprocess, sys, time
exe, scen, d = sys.argv[1:4]
for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    # the children inherit an ignored SIGINT from a background shell, an
    # ignored SIGHUP under nohup (and a program keeps an ignored signal
    # ignored): reset all three so that the sweep sees each signal
    def dfl():
        for s in (signal.SIGINT, signal.SIGHUP, signal.SIGTERM):
            signal.signal(s, signal.SIG_DFL)
    p = subprocess.Popen([exe, "sweep", scen, "--no-plot", "--quiet",
                          "--jobs", "2", "--out", d,
                          "--param", "traffic.pps=100000,200000,300000,400000"],
                         preexec_fn=dfl)
    kids, t0 = [], time.time()
    while time.time() - t0 < 20:
        kids = subprocess.run(["pgrep", "-P", str(p.pid)], capture_output=True,
                              text=True).stdout.split()
        if len(kids) == 2 and os.path.isdir(d) and \
                len([f for f in os.listdir(d) if ".tmp-" in f]) == 2:
            break
        time.sleep(0.05)
    assert len(kids) == 2, ("workers", kids)
    os.kill(p.pid, sig)                     # the parent only
    rc = p.wait(timeout=20)
    t0 = time.time()
    alive = kids
    while alive and time.time() - t0 < 10:
        alive = [k for k in kids if os.path.exists("/proc/" + k) and
                 open("/proc/%s/stat" % k).read().split()[2] != "Z"]
        time.sleep(0.05)
    for k in alive:                         # do not leave them running
        os.kill(int(k), signal.SIGKILL)
    assert not alive, ("workers survive", sig, alive)
    assert rc == -sig, (sig, rc)
    assert os.listdir(d) == [], (sig, os.listdir(d))
PY
then ok "SIGTERM/SIGINT/SIGHUP to the sweep stop its workers, nothing left"
else nok "a signal to the sweep left workers or files"; fi
# gnuplot missing (PATH without it): one line, exit 2, nothing run.
PATH=/nonexistent "$E1KLAB" sweep $S/forward-970kpps-napi.ini \
  --param traffic.pps=100000,200000 --set traffic.count=2000 \
  --out "$tmp/nognuplot" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q 'gnuplot not found' "$tmp/err" \
   && [ ! -e "$tmp/nognuplot/point-0000.json" ]; then
  ok "gnuplot missing: exit 2, one line"
else
  nok "gnuplot missing: exit $rc: $(cat "$tmp/err")"
fi

# ---------------------------------------------------------------- check
for x in $X/*.ini; do
  n=$(basename "$x" .ini)
  "$E1KLAB" check "$S/$n.ini" "$x" --junit "$tmp/$n.xml" >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 0 ] && grep -q ' 0 failed$' "$tmp/out" && ! grep -q '^FAIL' "$tmp/out" \
     && grep -q 'failures="0"' "$tmp/$n.xml" && ! grep -q '<failure' "$tmp/$n.xml"; then
    ok "check $n passes ($(tail -n 1 "$tmp/out"))"
  else
    nok "check $n: exit $rc: $(grep '^FAIL' "$tmp/out" | head -3) $(head -c 300 "$tmp/err")"
  fi
done

# Tighten one expectation just past its measured value: exit 1, a FAIL line
# and a JUnit <failure>.
x=$X/forward-970kpps-napi.ini
"$E1KLAB" check $S/forward-970kpps-napi.ini "$x" >"$tmp/out" 2>&1
m=$(sed -n 's/^PASS RX interrupts masked: measured \([0-9]*\) .*/\1/p' "$tmp/out")
if [ -n "$m" ]; then
  sed "s/^RX interrupts masked: interrupts.eth0 <= .*/RX interrupts masked: interrupts.eth0 < $m/" \
    "$x" > "$tmp/tight.ini"
  "$E1KLAB" check $S/forward-970kpps-napi.ini "$tmp/tight.ini" --junit "$tmp/tight.xml" \
    >"$tmp/out" 2>"$tmp/err"; rc=$?
  if [ $rc -eq 1 ] && grep -q "^FAIL RX interrupts masked: measured $m (expect < $m)" "$tmp/out" \
     && [ "$(grep -c '^FAIL' "$tmp/out")" -eq 1 ] \
     && grep -q '<failure type="expectation" message="measured' "$tmp/tight.xml" \
     && grep -q 'failures="1"' "$tmp/tight.xml"; then
    ok "tightened expectation: exit 1, FAIL line, JUnit <failure>"
  else
    nok "tightened expectation: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 400)"
  fi
else
  nok "no measured value for 'RX interrupts masked' in: $(head -c 300 "$tmp/out")"
fi

# Bad input: exit 2, one line naming file:line, no JUnit written.
{ cat "$x"; echo "interrupts.eth0 <== 5"; } > "$tmp/syntax.ini"
line=$(wc -l < "$tmp/syntax.ini")
"$E1KLAB" check $S/forward-970kpps-napi.ini "$tmp/syntax.ini" --junit "$tmp/syntax.xml" \
  >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ] && grep -q "syntax.ini:$line: " "$tmp/err" \
   && [ ! -e "$tmp/syntax.xml" ]; then
  ok "syntax error: exit 2, names file:line"
else
  nok "syntax error: exit $rc: $(cat "$tmp/err")"
fi
{ echo "set traffic.count = 2000"; echo "eth0.no_such_counter >= 1"; } > "$tmp/unknown.ini"
"$E1KLAB" check $S/forward-970kpps-napi.ini "$tmp/unknown.ini" --junit "$tmp/unknown.xml" \
  >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && grep -q "unknown.ini:2: unknown field 'eth0.no_such_counter'" "$tmp/err" \
   && [ ! -e "$tmp/unknown.xml" ]; then
  ok "unknown field: exit 2, names file:line and the path"
else
  nok "unknown field: exit $rc: $(cat "$tmp/err")"
fi
"$E1KLAB" check $S/forward-970kpps-napi.ini "$tmp/missing.ini" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ]; then ok "missing expectation file: exit 2"; else nok "missing file: exit $rc"; fi
"$E1KLAB" check $S/no-such-scenario.ini "$x" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 2 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ]; then ok "missing scenario: exit 2"; else nok "missing scenario: exit $rc"; fi
# A point report of the sweep checked with --report (no run).
printf 'forwarded < 1%% of offered\ninterrupts.eth0 >= 1\n' > "$tmp/pt.ini"
"$E1KLAB" check --report "$tmp/j2/point-0009.json" "$tmp/pt.ini" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^2 passed, 0 failed$' "$tmp/out"; then
  ok "check --report on a sweep point (legacy at 1000 kpps)"
else
  nok "check --report: exit $rc: $(cat "$tmp/out" "$tmp/err" | head -c 300)"
fi

# ---------------------------------------------------------------- mlffr
N970=$S/forward-970kpps-napi.ini
"$E1KLAB" mlffr $N970 --sizes 64,1518 --jobs 2 --out "$tmp/m2" >"$tmp/m2.txt" 2>"$tmp/err"; rc=$?
"$E1KLAB" mlffr $N970 --sizes 64,1518 --quiet --no-plot --out "$tmp/m1" >"$tmp/m1.txt" 2>/dev/null
if [ $rc -eq 0 ] && cmp -s "$tmp/m1.txt" "$tmp/m2.txt" && cmp -s "$tmp/m1/mlffr.csv" "$tmp/m2/mlffr.csv" \
   && [ -s "$tmp/m2/mlffr.png" ] && [ -s "$tmp/m2/mlffr.svg" ] && [ ! -e "$tmp/m1/mlffr.png" ] \
   && grep -q '^frame size     frames/s       Mbit/s  % of line rate$' "$tmp/m2.txt" \
   && grep -Eq '^      1518        81274      986\.991          100\.00$' "$tmp/m2.txt" \
   && grep -q '^mlffr: 64 bytes: [0-9]* frames/s ([0-9]* trials)$' "$tmp/err"; then
  ok "mlffr: RFC 2544 table, CSV and chart; --jobs 1 = --jobs 2; 1518 bytes at line rate"
else
  nok "mlffr table/files: rc $rc: $(head -c 300 "$tmp/err")"
fi
# the chart redraws from the saved script under its real names
rm -f "$tmp/m2/mlffr.png" "$tmp/m2/mlffr.svg"
(cd "$tmp/m2" && gnuplot mlffr.gp) && [ -s "$tmp/m2/mlffr.png" ] && [ -s "$tmp/m2/mlffr.svg" ] \
  && ok "mlffr.gp redraws mlffr.png and mlffr.svg" || nok "mlffr.gp redraw"
# 64 bytes: a fine sweep (steps of a quarter of the resolution, the same
# trials) finds its highest loss-free rate within one resolution step
read -r R STEP < <(awk -F, '$1 == 64 {print $2, $6}' "$tmp/m1/mlffr.csv")
Q=$((STEP / 4))
"$E1KLAB" sweep $N970 --param "traffic.pps=$((R - 2 * STEP)):$((R + 3 * STEP)):$Q" \
  --set traffic.count=100000 --set traffic.frame_size=64 --no-plot --quiet --jobs 2 \
  --out "$tmp/fine" 2>"$tmp/err"
if python3 - "$tmp/fine/sweep.csv" "$R" "$STEP" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
r, step = int(sys.argv[2]), int(sys.argv[3])
assert 250000 < r < 320000 and step == 1488, (r, step)   # 0.1 % of 1488095
best = None
for row in rows:                  # the last rate before the first loss
    if float(row["loss_ratio"]) > 0:
        break
    best = int(row["traffic.pps"])
assert best is not None and best < int(rows[-1]["traffic.pps"]), best
assert abs(best - r) <= step, (best, r, step)
PY
then ok "mlffr at 64 bytes ($R frames/s) agrees with a fine sweep within $STEP frames/s"
else nok "mlffr vs fine sweep: $(head -c 300 "$tmp/err")"; fi
for c in "--sizes 63|--sizes: '63' is not a frame size" \
         "--loss 100|--loss 100: must be 0 <= PCT < 100" \
         "--resolution 0|--resolution 0: must be 0 < PCT <= 50"; do
  # shellcheck disable=SC2086
  out=$("$E1KLAB" mlffr $N970 ${c%%|*} --no-plot --out "$tmp/mbad" 2>&1); rc=$?
  if [ $rc -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] && [ ! -e "$tmp/mbad" ] \
     && echo "$out" | grep -qF -- "${c#*|}"; then ok "mlffr refuses ${c%%|*}"
  else nok "mlffr ${c%%|*}: rc $rc: $out"; fi
done
# sizes beyond RFC 2544's: the chart's x range follows them
"$E1KLAB" mlffr $N970 --sizes 1518,9018 --set nic.eth0.mtu=9000 --set nic.eth1.mtu=9000 \
  --trial-frames 2000 --quiet --out "$tmp/mj" >"$tmp/mj.txt" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -q '^set xrange \[1138:16384\]$' "$tmp/mj/mlffr.gp" \
   && [ -s "$tmp/mj/mlffr.png" ] && [ ! -s "$tmp/err" ] \
   && awk -F, '$1 == 9018 && $2 == 13830 {f = 1} END {exit !f}' "$tmp/mj/mlffr.csv"; then
  ok "mlffr --sizes 1518,9018 at MTU 9000: x range [1138:16384], 9018 at line rate"
else nok "mlffr 9018: rc $rc: $(head -c 300 "$tmp/err") $(grep xrange "$tmp/mj/mlffr.gp")"; fi
grep -q '^set xrange \[48:2048\]$' "$tmp/m2/mlffr.gp" && ok "mlffr 64..1518: x range [48:2048]" \
  || nok "mlffr 64..1518 x range: $(grep xrange "$tmp/m2/mlffr.gp")"
# 9018 bytes at MTU 1500: 0 frames/s, with a note; table, CSV and chart
"$E1KLAB" mlffr $N970 --sizes 9018 --trial-frames 2000 --quiet --out "$tmp/m0" >"$tmp/m0.txt" 2>"$tmp/err"; rc=$?
if [ $rc -eq 0 ] && grep -Eq '^      9018            0        0\.000            0\.00$' "$tmp/m0.txt" \
   && [ "$(cat "$tmp/err")" = "mlffr: note: 9018 bytes is above nic.eth0.mtu 1500 + 18: the scenario drops such frames" ] \
   && grep -q '^9018,0,0.000,0.00,13830,' "$tmp/m0/mlffr.csv" && [ -s "$tmp/m0/mlffr.png" ] && [ -s "$tmp/m0/mlffr.svg" ]; then
  ok "mlffr 9018 at MTU 1500: 0 frames/s, a note, table, CSV and chart"
else nok "mlffr 9018 at MTU 1500: rc $rc: $(head -c 300 "$tmp/err") $(tail -1 "$tmp/m0.txt")"; fi
out=$("$E1KLAB" mlffr $N970 --sizes 64,128,64 --no-plot --out "$tmp/mdup" 2>&1); rc=$?
if [ $rc -eq 2 ] && [ "$out" = "e1klab: mlffr: --sizes: 64 given twice" ] && [ ! -e "$tmp/mdup" ]; then
  ok "mlffr refuses --sizes 64,128,64"
else nok "mlffr --sizes 64,128,64: rc $rc: $out"; fi
out=$("$E1KLAB" mlffr $S/replay-pcap.ini --no-plot --out "$tmp/mcap" 2>&1); rc=$?
if [ $rc -eq 2 ] && echo "$out" | grep -q "mlffr needs exactly one traffic source, a \[traffic\] section of kind pktgen" \
   && [ ! -e "$tmp/mcap/mlffr.csv" ]; then ok "mlffr refuses a capture scenario"
else nok "mlffr on a capture: rc $rc: $out"; fi

finish
