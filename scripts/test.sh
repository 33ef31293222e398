#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Install what is missing, build e1klab and run every test.
# Ends with "N passed, N failed[, N skipped]" on a line of its own and
# exits non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)

scripts/install-deps.sh test || { echo "0 passed, 1 failed"; exit 1; }

pass=0; fail=0; skip=0
add() { pass=$((pass + $1)); fail=$((fail + $2)); skip=$((skip + ${3:-0})); }

# 1. Build and unit/integration tests under meson.
if [ ! -f build/build.ninja ]; then
  meson setup build >/dev/null || { echo "meson setup failed" >&2; echo "0 passed, 1 failed"; exit 1; }
fi
if ! meson compile -C build; then
  echo "build failed" >&2; echo "0 passed, 1 failed"; exit 1
fi
meson test -C build --print-errorlogs --num-processes 2
read -r p f s < <(python3 scripts/count-tap.py build/meson-logs/testlog.json)
add "$p" "$f" "$s"

# 2. Fuzz the device model for a bounded number of runs (ASan + UBSan).
if [ -x scripts/fuzz.sh ]; then
  if scripts/fuzz.sh run; then add 1 0; else echo "fuzz: FAILED" >&2; add 0 1; fi
fi

# 3. Further suites register themselves as scripts/tests.d/*.sh: each
#    prints its own "N passed, N failed" line last.
if [ -d scripts/tests.d ]; then
  for t in scripts/tests.d/*.sh; do
    [ -e "$t" ] || continue
    log=$(mktemp)
    bash "$t" >"$log" 2>&1
    cat "$log"
    out=$(tail -n 1 "$log")
    rm -f "$log"
    if [[ "$out" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
      add "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[4]:-0}"
    else
      echo "$t: no summary line" >&2; add 0 1
    fi
  done
fi

cd "$top"
if [ "$skip" -gt 0 ]; then
  echo "$pass passed, $fail failed, $skip skipped"
else
  echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
