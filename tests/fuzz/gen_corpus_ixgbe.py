#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the seed corpus of tests/fuzz/fuzz_ixgbe.c into
tests/fuzz/corpus-ixgbe/.

Each seed is a program in the fuzz target's instruction format (see the
comment at the top of fuzz_ixgbe.c).  Seeds set up receive queues with
RSS, transmit queues and the interrupt routing the way Linux's ixgbe
does, then move frames both ways, so the fuzzer starts from states where
the DMA engines, the packet buffers, EITR and MSI-X are busy.

Usage: python3 tests/fuzz/gen_corpus_ixgbe.py   (deterministic; rewrites
the seeds)
"""
import os
import struct


def misc(sub, *args):
    """Opcode 6 (misc) with sub-op @sub and its argument bytes."""
    return bytes([6, sub]) + b"".join(args)


def u8(v):
    return struct.pack("<B", v & 0xFF)


def u16(v):
    return struct.pack("<H", v & 0xFFFF)


def advance(v, shift=0):
    """Opcode 5: dt = v << (4 + shift) ns."""
    return bytes([5 | (shift & 7) << 3]) + u16(v)


def rx_queues(nq, ndesc, bits):
    return misc(8, u8(nq - 1), u8(ndesc - 1), u8(bits))


def tx_queue(q, ndesc, bits):
    return misc(9, u8(q), u8(ndesc - 1), u8(bits))


def burst(count, length, gap, kind):
    return misc(10, u8(count - 1), u16(length), u8(gap), u8(kind))


def tx_chain(q, count, mss, flags):
    return misc(11, u8(q), u8(count - 1), u16(mss), u8(flags))


def irq(mode, eitr, bits):
    return misc(13, u8(mode), u16(eitr), u8(bits))


SEEDS = {
    # Linux-like MSI-X: 4 queues, RSS, EITR, auto-clear/mask, traffic.
    "msix-rss-traffic": irq(2 | 8 | 16 | 32, 200, 1 | 2 | 8)
    + rx_queues(4, 32, 4 | 8 | 0x80) + tx_queue(0, 32, 0x32)
    + burst(64, 60, 1, 0) + advance(4000, 2) + tx_chain(0, 2, 1400, 0x07)
    + burst(32, 1514, 20, 4) + misc(15),
    # Legacy descriptors, INTx, DROP_EN with few descriptors: RNBC/MPC.
    "legacy-intx-overrun": irq(0, 0, 8) + rx_queues(1, 4, 1 | 2)
    + burst(64, 1514, 0, 0) + burst(64, 60, 0, 2) + misc(15),
    # TSO and checksum offload on two transmit queues, head write-back.
    "tx-tso-headwb": tx_queue(1, 32, 0x33) + tx_queue(2, 16, 0x12)
    + tx_chain(1, 6, 1000, 0x07) + tx_chain(2, 3, 0, 0x81)
    + advance(3000, 3) + tx_chain(1, 8, 536, 0x1F) + misc(15),
    # Link changes, AN restart, MDIO, EEPROM words, save/restore.
    "link-eeprom-save": misc(14, u8(0x24), u8(3)) + misc(0)
    + advance(5000, 3) + misc(1) + misc(12, u8(0), u8(64))
    + rx_queues(2, 8, 0) + burst(8, 100, 4, 4) + misc(2) + misc(15),
    # MSI mode, EITR throttling of one vector, migration to device 2.
    "msi-eitr-migrate": irq(1, 40, 0) + rx_queues(1, 32, 0x14)
    + burst(50, 200, 2, 4) + misc(7) + burst(50, 200, 2, 0) + misc(15),
    # Hostile: rings with length 0, tails beyond, raw writes.
    "hostile-rings": rx_queues(1, 8, 0)
    + bytes([2]) + struct.pack("<I", 0x01008)[:3] + struct.pack("<I", 0)
    + u8(1) + bytes([2]) + struct.pack("<I", 0x01018)[:3]
    + struct.pack("<I", 0xFFFF) + u8(5) + burst(10, 64, 1, 0)
    + tx_queue(0, 8, 0) + bytes([2]) + struct.pack("<I", 0x06018)[:3]
    + struct.pack("<I", 0x1234) + u8(5) + misc(15),
}


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "corpus-ixgbe")
    os.makedirs(out, exist_ok=True)
    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
