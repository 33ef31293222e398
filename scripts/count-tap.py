#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Count test results in meson's testlog.json.

TAP tests count one result per "ok"/"not ok" line (GTest cases); other
tests count once by their exit status.  Prints "PASS FAIL SKIP".
"""
import json
import re
import sys

passed = failed = skipped = 0
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        t = json.loads(line)
        out = t.get("stdout") or ""
        tap = [l for l in out.splitlines() if re.match(r"^(not )?ok\b", l)]
        if t.get("protocol") == "tap" or tap:
            for l in tap:
                if l.startswith("not ok"):
                    if "# TODO" in l:
                        continue
                    failed += 1
                elif "# SKIP" in l:
                    skipped += 1
                else:
                    passed += 1
            # a crash after the last TAP line still fails the executable
            if t.get("result") not in ("OK", "SKIP", "EXPECTEDFAIL") and \
                    not any(l.startswith("not ok") for l in tap):
                failed += 1
        else:
            r = t.get("result")
            if r in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif r == "SKIP":
                skipped += 1
            else:
                failed += 1
print(passed, failed, skipped)
