# SPDX-License-Identifier: GPL-2.0-or-later
# Shared start and end of the CLI suites (cli.sh, sweep-check.sh); not a
# suite itself (scripts/test.sh runs only tests.d/*.sh).  Source it from
# the top of the work tree.  Sets top, E1KLAB (default build/testbench/
# e1klab), the pass/fail counters with ok/nok, a temporary directory $tmp
# removed on exit and S=testbench/scenarios; a missing binary ends the
# suite with "0 passed, 1 failed".  finish prints the closing
# "N passed, N failed" line and returns non-zero if anything failed.
top=$(pwd)
E1KLAB=${E1KLAB:-$top/build/testbench/e1klab}
pass=0; fail=0
ok()   { pass=$((pass + 1)); echo "ok - $*"; }
nok()  { fail=$((fail + 1)); echo "FAILED - $*"; }
finish() { echo "$pass passed, $fail failed"; [ "$fail" -eq 0 ]; }

if [ ! -x "$E1KLAB" ]; then
  echo "$(basename "$0"): $E1KLAB not built" >&2
  echo "0 passed, 1 failed"; exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
S=testbench/scenarios
