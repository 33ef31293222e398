#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run every case of cases.txt and compare its JSON, text and CSV with the
# recorded outputs in tests/golden/out/ byte for byte (TAP output); a
# scenario with several hosts has one CSV per host (NAME.HOST.csv), all
# compared as the case's csv.
#   tests/golden/check.sh E1KLAB
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
exe=$(realpath "$1")
cd "$top"
gold=tests/golden/out
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The CSVs of case $2 in directory $1 (suffix $3: .gz when compressed):
# NAME.csv, or NAME.HOST.csv per host; each file's name and sum.
csv_sums() {
  local f
  for f in "$1/$2.csv$3" "$1/$2".*.csv"$3"; do
    [ -f "$f" ] || continue
    printf '%s ' "$(basename "$f" "$3")"
    if [ -n "$3" ]; then gunzip -c "$f"; else cat "$f"; fi | sha256sum
  done
}
mapfile -t cases < <(grep -vE '^(#|$)' tests/golden/cases.txt)
echo "1..$((${#cases[@]} * 3))"
n=0
for line in "${cases[@]}"; do
  read -r name scen args <<<"$line"
  csv=(--csv "$tmp/$name.csv")
  # shellcheck disable=SC2086
  "$exe" run "$scen" $args --json "$tmp/$name.json" "${csv[@]}" \
    > "$tmp/$name.txt" 2>"$tmp/$name.err"
  rc=$?
  for kind in json txt csv; do
    n=$((n + 1))
    if [ "$kind" = csv ]; then
      want=$(csv_sums "$gold" "$name" .gz)
      got=$(csv_sums "$tmp" "$name" "")
    else
      want=$(sha256sum < "$gold/$name.$kind" 2>/dev/null)
      got=$(sha256sum < "$tmp/$name.$kind" 2>/dev/null)
    fi
    if [ "$rc" -eq 0 ] && [ -n "$want" ] && [ "$want" = "$got" ]; then
      echo "ok $n - $name $kind"
    else
      echo "not ok $n - $name $kind (exit $rc; differs from $gold)"
      head -n 3 "$tmp/$name.err" | sed 's/^/# /'
      if [ "$kind" != csv ] && [ -f "$gold/$name.$kind" ]; then
        diff "$gold/$name.$kind" "$tmp/$name.$kind" | head -n 10 | sed 's/^/# /'
      fi
    fi
  done
done
