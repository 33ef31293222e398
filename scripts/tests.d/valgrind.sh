#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# memcheck runs of `e1klab` (run by scripts/test.sh after meson test, with
# the build in build/; E1KLAB=path overrides the binary): one two-CPU
# scenario (coroutine stacks, sim/smp.c) and one single-CPU scenario, at
# reduced length, writing the JSON, CSV and pcap-out reports.  Each must
# give no memcheck error and no definitely lost block, and the same JSON,
# CSV and pcap-out bytes as the run without valgrind.  The build must have
# found valgrind/valgrind.h (meson: TB_HAVE_VALGRIND) for the SMP run to be
# clean.  valgrind comes from scripts/install-deps.sh test.
# Last line: "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/tests.d/cli-lib.bash

if ! command -v valgrind >/dev/null; then
  nok "valgrind not installed (scripts/install-deps.sh test)"
  finish; exit
fi
ok "valgrind: $(valgrind --version)"

# memcheck NAME CPUS SCENARIO ARGS...: a run under memcheck, its reports
# compared with a plain run's; the JSON must show CPUS CPUs.
memcheck() {
  local n=$1 ncpu=$2 f=$3; shift 3
  local out=(--quiet --json "$tmp/$n-vg.json" --csv "$tmp/$n-vg.csv"
             --pcap-out "$tmp/$n-vg.pcap")
  if valgrind -q --error-exitcode=1 --leak-check=full \
       --errors-for-leak-kinds=definite --log-file="$tmp/$n.vg" \
       "$E1KLAB" run "$f" "$@" "${out[@]}" 2>"$tmp/$n.err" \
     && [ ! -s "$tmp/$n.vg" ]; then
    ok "memcheck $n: no error, no definite leak"
  else
    nok "memcheck $n: $(grep -m1 -E '^==[0-9]+== [A-Z]' "$tmp/$n.vg" \
      | sed 's/^==[0-9]*== //') (see below)"
    head -n 40 "$tmp/$n.vg" "$tmp/$n.err"
  fi
  "$E1KLAB" run "$f" "$@" --quiet --json "$tmp/$n.json" --csv "$tmp/$n.csv" \
    --pcap-out "$tmp/$n.pcap" 2>/dev/null
  if cmp -s "$tmp/$n.json" "$tmp/$n-vg.json" && cmp -s "$tmp/$n.csv" "$tmp/$n-vg.csv" \
     && cmp -s "$tmp/$n.pcap" "$tmp/$n-vg.pcap" && [ -s "$tmp/$n.pcap" ] \
     && python3 - "$tmp/$n.json" "$ncpu" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
cpus = d.get("cpus", [d["cpu"]])   # one-CPU reports have no "cpus"
assert len(cpus) == int(sys.argv[2]), len(cpus)
assert d["accounting"]["balanced"] is True
assert d["host"]["forwarded"] > 1000, d["host"]["forwarded"]
PY
  then ok "memcheck $n: same JSON, CSV and pcap-out as without valgrind"
  else nok "memcheck $n: reports differ from the plain run"; fi
}

S=testbench/scenarios
memcheck smp2 2 $S/forward-smp2.ini \
  --set traffic.a.count=20000 --set traffic.b.count=20000
memcheck up1 1 $S/forward-970kpps-napi.ini --set traffic.count=20000

finish
