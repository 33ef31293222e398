#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Rewrite the key tables of docs/scenarios.md (between the
# "<!-- keys:NAME begin/end -->" markers) from the scenario key registry
# (testbench/scenario/scenario_keys.c).  --check only compares (exit 1 if
# they differ), as the meson test scenario-docs does.
#   scripts/gen-scenario-docs.sh [--check] [BUILDDIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=--write
if [ "${1:-}" = --check ]; then
    mode=--check
    shift
fi
build=${1:-build}
meson compile -C "$build" e1klab-scenario-keys >/dev/null
"$build/testbench/e1klab-scenario-keys" "$mode" docs/scenarios.md
