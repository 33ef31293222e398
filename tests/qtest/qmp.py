# SPDX-License-Identifier: GPL-2.0-or-later
"""Minimal QMP client for the full-system tests (QEMU's JSON monitor
protocol over a unix socket), shared by tests/qtest/e1klab_itr.py and
tests/fullsys/migrate_replay.py."""
import json
import socket
import time


def qmp(path, *commands, timeout=30, tries=100):
    """Connect to the QMP socket at @path (retrying @tries x 50 ms while
    QEMU starts), negotiate capabilities, run @commands ((name, args)
    pairs) in order and return the last reply.  Raises RuntimeError on a
    QMP error reply."""
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for _ in range(tries):
        try:
            c.connect(path)
            break
        except OSError:
            time.sleep(0.05)
    c.settimeout(timeout)
    f = c.makefile("rw")
    json.loads(f.readline())  # greeting
    reply = None
    for name, args in (("qmp_capabilities", {}),) + tuple(commands):
        f.write(json.dumps({"execute": name, "arguments": args}) + "\n")
        f.flush()
        while True:
            msg = json.loads(f.readline())
            if "return" in msg or "error" in msg:
                reply = msg
                break
        if "error" in reply:
            raise RuntimeError("QMP %s: %s" % (name, reply["error"]))
    c.close()
    return reply
