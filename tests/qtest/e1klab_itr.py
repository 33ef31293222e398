#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Device-level test of the e1klab QEMU device under -accel qtest.

Speaks QEMU's qtest text protocol over a unix socket (QEMU connects to
the socket we listen on), programs the device through PCI config space
and BAR0, intercepts the IO-APIC inputs and steps the virtual clock.

Checks the device case "a throttled interrupt is delayed, never lost"
(docs/model-tests.md; SDM 13.4.18): ITR=500 (500 x 256 ns = 128 us).  Cause A
at t0 raises the line at t0; reading ICR lowers it; cause B at t0+10 us must
raise the line again exactly at t0+128 us: not at t0+128 us - 1 ns, and not
never.  A second part checks that with ITR=0 a cause raises the line at once.

Usage: e1klab_itr.py QEMU_BINARY [DEVICE_TYPE]
Prints "ok - ..." / "FAIL - ..." lines; exit status 0 when all passed.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qmp  # noqa: E402  (tests/qtest/qmp.py)

BAR0 = 0xE0000000
SLOT = 4
PIRQ_IRQ = 11

# Register offsets / bits (SDM 13.4; hw/net/e1000_regs.h)
ICR, ICS, IMS, IMC, ITR = 0x000C0, 0x000C8, 0x000D0, 0x000D8, 0x000C4
TXDW, RXT0 = 1 << 0, 1 << 7


class QTest:
    def __init__(self, qemu, device, extra=(), props=""):
        self.dir = tempfile.mkdtemp(prefix="e1klab-qtest-")
        path = os.path.join(self.dir, "qtest.sock")
        self.qmp_path = os.path.join(self.dir, "qmp.sock")
        srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        srv.bind(path)
        srv.listen(1)
        srv.settimeout(30)
        self.proc = subprocess.Popen(
            [qemu, "-machine", "pc", "-accel", "qtest", "-nodefaults",
             "-display", "none", "-qtest", "unix:" + path,
             "-qtest-log", "/dev/null", "-L", "/usr/share/qemu",
             "-L", "/usr/share/seabios",
             "-qmp", "unix:%s,server=on,wait=off" % self.qmp_path,
             "-device", "%s,addr=%02x.0%s" % (device, SLOT, props)]
            + list(extra),
            stdin=subprocess.DEVNULL)
        self.sock, _ = srv.accept()
        srv.close()
        self.sock.settimeout(30)
        self.buf = b""
        self.irq = {}     # pin -> level, from async "IRQ raise/lower" lines
        self.events = []  # (pin, level) in arrival order

    def _line(self):
        while b"\n" not in self.buf:
            data = self.sock.recv(4096)
            if not data:
                raise RuntimeError("QEMU closed the qtest socket")
            self.buf += data
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def cmd(self, text):
        self.sock.sendall((text + "\n").encode())
        while True:
            line = self._line()
            if line.startswith("IRQ "):
                _, what, pin = line.split()
                level = 1 if what == "raise" else 0
                self.irq[int(pin)] = level
                self.events.append((int(pin), level))
                continue
            if not line.startswith("OK"):
                raise RuntimeError("qtest: %s -> %s" % (text, line))
            return line[3:].strip()

    def outl(self, port, val):
        self.cmd("outl 0x%x 0x%x" % (port, val))

    def inl(self, port):
        return int(self.cmd("inl 0x%x" % port), 16)

    def cfg_addr(self, dev, fn, reg):
        return 0x80000000 | (dev << 11) | (fn << 8) | reg

    def cfg_read(self, dev, fn, reg):
        self.outl(0xCF8, self.cfg_addr(dev, fn, reg))
        return self.inl(0xCFC)

    def cfg_write(self, dev, fn, reg, val):
        self.outl(0xCF8, self.cfg_addr(dev, fn, reg))
        self.outl(0xCFC, val)

    def writel(self, off, val):
        self.cmd("writel 0x%x 0x%x" % (BAR0 + off, val))

    def readl(self, off):
        return int(self.cmd("readl 0x%x" % (BAR0 + off)), 16)

    def now(self):
        return int(self.cmd("clock_step 0"))

    def step(self, ns):
        return int(self.cmd("clock_step %d" % ns))

    def line(self):
        self.now()  # flush pending async IRQ lines
        return self.irq.get(PIRQ_IRQ, 0)

    def qmp(self, *commands):
        """Run QMP commands (name, args) in order; return the last reply."""
        return qmp.qmp(self.qmp_path, *commands, timeout=30, tries=100)

    def close(self):
        try:
            self.qmp(("quit", {}))  # clean exit: exit notifiers run
        except Exception:
            pass
        try:
            self.sock.close()
        finally:
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            shutil.rmtree(self.dir, ignore_errors=True)


results = []


def check(name, cond, detail=""):
    results.append(bool(cond))
    print("%s - %s%s" % ("ok" if cond else "FAIL", name,
                         "" if cond else ": " + detail))


def setup(q):
    """PIRQs -> IRQ 11, BAR0, memory decoding, IO-APIC intercept."""
    q.cfg_write(1, 0, 0x60, PIRQ_IRQ * 0x01010101)
    q.cfg_write(SLOT, 0, 0x10, BAR0)
    q.cfg_write(SLOT, 0, 0x04, 0x0006)
    q.cmd("irq_intercept_in ioapic")


def migration(qemu, device):
    """VM state keeps a pending ITR deadline: save the device with cause B
    held back by ITR, load it into a new QEMU, and check the line rises at
    the same absolute virtual time t0+128 us."""
    import time
    keep = tempfile.mkdtemp(prefix="e1klab-qtest-state-")
    q = QTest(qemu, device)
    state = os.path.join(keep, "state.bin")
    try:
        setup(q)
        q.writel(IMC, 0xFFFFFFFF)
        q.readl(ICR)
        q.writel(ITR, 500)
        q.writel(IMS, TXDW | RXT0)
        t0 = q.now()
        q.writel(ICS, TXDW)
        q.readl(ICR)
        q.step(10000)
        q.writel(ICS, RXT0)
        check("migration: cause B held back before saving", q.line() == 0)
        q.qmp(("migrate", {"uri": "exec:cat > " + state}))
        for _ in range(200):
            st = q.qmp(("query-migrate", {}))["return"].get("status")
            if st in ("completed", "failed"):
                break
            time.sleep(0.05)
        check("migration: state saved", st == "completed", str(st))
    except Exception as e:
        check("migration: save session", False, str(e))
        q.close()
        shutil.rmtree(keep, ignore_errors=True)
        return
    q.close()
    r = QTest(qemu, device, ["-incoming", "exec:cat " + state])
    try:
        for _ in range(200):
            st = r.qmp(("query-migrate", {}))["return"].get("status")
            if st in ("completed", "failed"):
                break
            time.sleep(0.05)
        check("migration: state loaded", st == "completed", str(st))
        r.cmd("irq_intercept_in ioapic")
        now = r.now()
        if now < t0 + 128000 - 1:
            r.step(t0 + 128000 - 1 - now)
        check("migration: line low before t0+128us", r.line() == 0)
        r.step(t0 + 128000 - r.now())
        check("migration: restored ITR deadline raises the line at t0+128us",
              r.line() == 1, "now=%d t0=%d" % (r.now(), t0))
        icr = r.readl(ICR)
        check("migration: ICR still holds cause B", icr & 0xFFFF == RXT0,
              "ICR=0x%x" % icr)
    except Exception as e:
        check("migration: load session", False, str(e))
    finally:
        r.close()
        shutil.rmtree(keep, ignore_errors=True)


def dma_guard(qemu, device):
    """DMA aimed at the device's own BAR0 is refused by the glue: the model
    sees a failed access and counts it (E1kTotals.tx_dma_errors), QEMU
    keeps running and the registers stay readable.  With -trace
    'e1klab_*' the refused descriptor fetch is a QEMU trace event
    e1klab_guest_error naming the address and size, and a notable event
    (the power-on reset) is an e1klab_event."""
    TDBAL, TDBAH, TDLEN, TDH, TDT, TCTL = (0x3800, 0x3804, 0x3808, 0x3810,
                                           0x3818, 0x00400)
    STATUS = 0x00008
    sdir = tempfile.mkdtemp(prefix="e1klab-qtest-")
    stats = os.path.join(sdir, "st")
    log = os.path.join(sdir, "trace.log")
    q = QTest(qemu, device, props=",stats=" + stats + ",id=nic0",
              extra=["-trace", "e1klab_*", "-D", log])
    try:
        setup(q)
        q.cfg_write(SLOT, 0, 0x04, 0x0006)  # memory + bus master
        q.writel(TDBAL, BAR0)                # ring inside our own BAR0
        q.writel(TDBAH, 0)
        q.writel(TDLEN, 128)
        q.writel(TDH, 0)
        q.writel(TCTL, 1 << 1)               # TCTL.EN
        q.writel(TDT, 1)
        q.step(1000000)                      # 1 ms: fetch attempted
        st = q.readl(STATUS)
        check("dma-guard: device still answers (STATUS=0x%x)" % st,
              st != 0xFFFFFFFF)
    except Exception as e:
        check("dma-guard session", False, str(e))
    finally:
        q.close()
    try:
        trace = open(log).read()
    except OSError as e:
        trace = ""
        check("dma-guard: trace log written", False, str(e))
    want = "e1klab_guest_error nic0: dma-read-fault 0x%x len 16 refused" % BAR0
    check("dma-guard: trace event %s" % want, want in trace,
          "log: %s" % trace[-400:])
    want = "e1klab_event nic0: reset power-on"
    check("dma-guard: trace event %s" % want,
          any(l.endswith(want) for l in trace.splitlines()),
          "log: %s" % trace[-400:])
    vals = {}
    try:
        for line in open(stats):
            k, v = line.strip().split("=", 1)
            vals[k] = int(v)
    except OSError as e:
        check("dma-guard: stats file written at exit", False, str(e))
        return
    finally:
        shutil.rmtree(sdir, ignore_errors=True)
    check("dma-guard: descriptor fetch from own BAR0 refused and counted "
          "(tx_dma_errors=%s)" % vals.get("model.tx_dma_errors"),
          vals.get("model.tx_dma_errors", 0) >= 1)
    check("dma-guard: nothing transmitted", vals.get("model.gptc") == 0,
          "gptc=%s" % vals.get("model.gptc"))


def main():
    qemu = sys.argv[1]
    device = sys.argv[2] if len(sys.argv) > 2 else "e1klab-82540em"
    want_id = {"e1klab-82540em": 0x100E8086,
               "e1klab-82545em": 0x100F8086}[device]
    q = QTest(qemu, device)
    try:
        ident = q.cfg_read(SLOT, 0, 0x00)
        check("%s config space ID" % device, ident == want_id,
              "read 0x%08x" % ident)
        # PIIX3 (00:01.0) PIRQA-D -> ISA IRQ 11, then BAR0 + memory enable.
        setup(q)

        # Quiet start: everything masked, causes cleared.
        q.writel(IMC, 0xFFFFFFFF)
        q.readl(ICR)
        q.writel(ITR, 500)
        q.writel(IMS, TXDW | RXT0)
        check("line low after ICR read with causes masked", q.line() == 0)

        # C05
        t0 = q.now()
        q.writel(ICS, TXDW)
        check("C05: cause A raises the line at t0", q.line() == 1)
        icr = q.readl(ICR)
        check("C05: ICR read returns cause A", icr & 0xFFFF == TXDW,
              "ICR=0x%x" % icr)
        check("C05: ICR read lowers the line", q.line() == 0)
        q.step(10000)
        q.writel(ICS, RXT0)
        check("C05: cause B at t0+10us is held back", q.line() == 0)
        t = q.step(t0 + 128000 - 1 - q.now())
        check("C05: line still low at t0+128us-1ns", q.line() == 0,
              "t-t0=%d" % (t - t0))
        t = q.step(1)
        check("C05: line rises at exactly t0+128us", q.line() == 1,
              "t-t0=%d events=%s" % (t - t0, q.events[-3:]))
        icr = q.readl(ICR)
        check("C05: cause B delivered (ICR=RXT0)", icr & 0xFFFF == RXT0,
              "ICR=0x%x" % icr)
        check("C05: line low after the second ICR read", q.line() == 0)

        # ITR=0: no throttling, a cause raises the line at once.
        q.step(1000000)
        q.writel(ITR, 0)
        q.writel(ICS, TXDW)
        q.readl(ICR)
        q.step(1000)
        q.writel(ICS, RXT0)
        check("ITR=0: second cause 1us later raises the line at once",
              q.line() == 1)
        q.readl(ICR)
    except Exception as e:  # a protocol error is a failure, not a crash
        check("qtest session", False, str(e))
    finally:
        q.close()
    migration(qemu, device)
    dma_guard(qemu, device)
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
