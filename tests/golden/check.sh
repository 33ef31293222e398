#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Run every case of cases.txt and compare its JSON, text and CSV with the
# recorded outputs in tests/golden/out/ byte for byte (TAP output); a
# scenario with several hosts has no CSV.
#   tests/golden/check.sh E1KLAB
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
exe=$(realpath "$1")
cd "$top"
gold=tests/golden/out
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t cases < <(grep -vE '^(#|$)' tests/golden/cases.txt)
echo "1..$((${#cases[@]} * 3))"
n=0
for line in "${cases[@]}"; do
  read -r name scen args <<<"$line"
  csv=(--csv "$tmp/$name.csv")
  if grep -q '^\[host\.' "$scen"; then
    csv=()     # several hosts: no CSV
  fi
  # shellcheck disable=SC2086
  "$exe" run "$scen" $args --json "$tmp/$name.json" "${csv[@]}" \
    > "$tmp/$name.txt" 2>"$tmp/$name.err"
  rc=$?
  for kind in json txt csv; do
    n=$((n + 1))
    if [ "$kind" = csv ] && [ ${#csv[@]} -eq 0 ]; then
      echo "ok $n - $name csv # SKIP several hosts: no CSV"
      continue
    fi
    if [ "$kind" = csv ]; then
      want=$(gunzip -c "$gold/$name.csv.gz" 2>/dev/null | sha256sum)
    else
      want=$(sha256sum < "$gold/$name.$kind" 2>/dev/null)
    fi
    got=$(sha256sum < "$tmp/$name.$kind" 2>/dev/null)
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
