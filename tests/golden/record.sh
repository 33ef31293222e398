#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Record the golden outputs of every case in cases.txt with an e1klab
# binary (default build/testbench/e1klab), from the top of the checkout:
#   tests/golden/record.sh [E1KLAB]
# Writes tests/golden/out/NAME.{json,txt,csv.gz}.  Run it only when a
# change is meant to alter results, and say so in the commit.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
exe=$(realpath "${1:-$top/build/testbench/e1klab}")
cd "$top"
out=tests/golden/out
mkdir -p "$out"
grep -vE '^(#|$)' tests/golden/cases.txt | while read -r name scen args; do
  # shellcheck disable=SC2086
  "$exe" run "$scen" $args --json "$out/$name.json" \
    --csv "$out/$name.csv" > "$out/$name.txt"
  gzip -n -9 -f "$out/$name.csv"
  echo "recorded $name"
done
