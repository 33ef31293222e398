#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Record the golden outputs of every case in cases.txt with an e1klab
# binary (default build/testbench/e1klab), from the top of the checkout:
#   tests/golden/record.sh [E1KLAB [NAME...]]
# Writes tests/golden/out/NAME.{json,txt,csv.gz} of every case, or of the
# cases NAME... only (others untouched).  A scenario with several hosts
# ([host.NAME] sections) has one CSV per host, NAME.HOST.csv.gz.  Run it
# only when a change is meant to alter results, and say so in the
# commit.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
exe=$(realpath "${1:-$top/build/testbench/e1klab}")
shift $(($# > 0 ? 1 : 0))
only=" $* "
cd "$top"
out=tests/golden/out
mkdir -p "$out"
grep -vE '^(#|$)' tests/golden/cases.txt | while read -r name scen args; do
  if [ "$only" != "  " ] && [[ "$only" != *" $name "* ]]; then
    continue
  fi
  # shellcheck disable=SC2086
  "$exe" run "$scen" $args --json "$out/$name.json" \
    --csv "$out/$name.csv" > "$out/$name.txt"
  for f in "$out/$name.csv" "$out/$name".*.csv; do   # several hosts: per host
    if [ -f "$f" ]; then
      gzip -n -9 -f "$f"
    fi
  done
  echo "recorded $name"
done
