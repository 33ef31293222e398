#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the seed corpus of tests/fuzz/fuzz_model.c into tests/fuzz/corpus/.

Each seed is a program in the fuzz target's instruction format (see the
comment at the top of fuzz_model.c).  Seeds set up RX and TX rings in the
64 KB host memory and move frames both ways, so the fuzzer starts from
states where the DMA engines, timers and interrupts are busy.

Usage: python3 tests/fuzz/gen_corpus.py   (deterministic; rewrites seeds)
"""
import os
import struct

MEM = 0x10000000
# Register table of fuzz_model.c (index = position).
REGS = [0x00000, 0x00008, 0x00010, 0x00014, 0x00018, 0x00020, 0x000C0,
        0x000C4, 0x000C8, 0x000D0, 0x000D8, 0x00100, 0x00400, 0x00410,
        0x01000, 0x02800, 0x02804, 0x02808, 0x02810, 0x02818, 0x02820,
        0x02828, 0x0282C, 0x02C00, 0x03800, 0x03804, 0x03808, 0x03810,
        0x03818, 0x03820, 0x03828, 0x0382C, 0x03830, 0x05000, 0x05200,
        0x05400, 0x05404, 0x05408, 0x0540C, 0x05600, 0x00038, 0x04074,
        0x04088, 0x0408C, 0x040C4, 0x04010, 0x040A0, 0x040D4, 0x00004,
        0x00E00]
R = {name: REGS.index(off) for name, off in [
    ("CTRL", 0x0), ("ICR", 0xC0), ("ITR", 0xC4), ("ICS", 0xC8),
    ("IMS", 0xD0), ("IMC", 0xD8), ("RCTL", 0x100), ("TCTL", 0x400),
    ("TIPG", 0x410), ("RDBAL", 0x2800), ("RDBAH", 0x2804),
    ("RDLEN", 0x2808), ("RDH", 0x2810), ("RDT", 0x2818), ("RDTR", 0x2820),
    ("RADV", 0x282C), ("TDBAL", 0x3800), ("TDBAH", 0x3804),
    ("TDLEN", 0x3808), ("TDH", 0x3810), ("TDT", 0x3818), ("TIDV", 0x3820),
    ("TADV", 0x382C), ("RAL0", 0x5400), ("RAH0", 0x5404),
    ("MDIC", 0x20), ("EERD", 0x14), ("GPRC", 0x4074), ("GORCH", 0x408C)]}


def wr(name, val):
    return bytes([0, R[name]]) + struct.pack("<I", val & 0xFFFFFFFF)


def rd(name):
    return bytes([1, R[name]])


def mem32(addr, val):
    return bytes([7]) + struct.pack("<HI", addr & 0xFFFF, val & 0xFFFFFFFF)


def mem64(addr, val):
    return mem32(addr, val) + mem32(addr + 4, val >> 32)


def advance(v, shift=0):
    return bytes([5 | (shift << 3)]) + struct.pack("<H", v)


def frame(length, dst=b"\xff" * 6):
    body = dst + b"\x02\x00\x00\x00\x00\x01\x08\x00"
    body += bytes((i * 3) & 0xFF for i in range(max(0, length - len(body))))
    return bytes([4]) + struct.pack("<H", length) + body[:length]


def misc(sub):
    return bytes([6, sub])


def io(off, val, write, size_sel=2):
    return bytes([3, off]) + struct.pack("<I", val) + bytes(
        [(1 if write else 0) | size_sel << 1])


def rx_setup(ndesc=8, ring=0x0000, bufs=0x1000, bufsize=2048, rctl=None):
    p = b""
    for i in range(ndesc):
        p += mem64(ring + 16 * i, MEM + bufs + i * bufsize)
        p += mem64(ring + 16 * i + 8, 0)
    p += wr("RDBAL", MEM + ring) + wr("RDBAH", 0)
    p += wr("RDLEN", ndesc * 16) + wr("RDH", 0) + wr("RDT", ndesc - 1)
    p += wr("RAL0", 0x12005452) + wr("RAH0", 0x80005634)
    # EN | BAM | RDMTS 1/2, BSIZE 2048
    p += wr("RCTL", rctl if rctl is not None else (1 << 1) | (1 << 15))
    return p


def tx_desc(addr, buf, length, cmd=0x0B):  # EOP | IFCS | RS
    return mem64(addr, MEM + buf) + mem32(addr + 8, length | cmd << 24) + \
        mem32(addr + 12, 0)


def tx_setup(ndesc=8, ring=0x8000):
    p = wr("TDBAL", MEM + ring) + wr("TDBAH", 0) + wr("TDLEN", ndesc * 16)
    p += wr("TDH", 0) + wr("TDT", 0)
    p += wr("TIPG", 10 | 8 << 10 | 6 << 20)
    p += wr("TCTL", (1 << 1) | (1 << 3) | (15 << 4) | (0x40 << 12))
    return p


def tx_frames(n, ring=0x8000, buf=0x9000, length=60, ndesc=8):
    p = b""
    for i in range(60 // 4):
        p += mem32(buf + 4 * i, 0xFFFFFFFF if i < 1 else 0x00080102 + i)
    for i in range(n):
        p += tx_desc(ring + 16 * (i % ndesc), buf, length)
    p += wr("TDT", n % ndesc)
    return p


seeds = {}
seeds["rx-basic"] = (wr("IMS", 0x9F) + rx_setup() + frame(60) + frame(64) +
                     advance(200) + rd("ICR") + frame(1514) + advance(2000) +
                     rd("ICR") + rd("GPRC") + rd("GORCH"))
seeds["rx-overflow-timers"] = (
    wr("IMS", 0xDF) + wr("ITR", 100) + wr("RDTR", 4) + wr("RADV", 16) +
    rx_setup(rctl=(1 << 1) | (1 << 3) | (1 << 15)) +
    b"".join(frame(60 + 37 * i) for i in range(12)) + advance(4000, 2) +
    rd("ICR") + wr("RDT", 3) + advance(500, 3) + rd("ICR"))
seeds["tx-basic"] = (wr("IMS", 0x03) + tx_setup() + tx_frames(3) +
                     advance(3000) + rd("ICR") + tx_frames(7) +
                     advance(6000, 1) + rd("ICR"))
seeds["rx-tx-itr-save"] = (
    wr("ITR", 500) + wr("IMS", 0x9F) + wr("TIDV", 8) + wr("TADV", 32) +
    rx_setup() + tx_setup() + tx_frames(2) + frame(100) + advance(100) +
    misc(2) + frame(200) + advance(1000, 2) + misc(7) + rd("ICR") +
    advance(5000, 4) + misc(3) + rd("ICR"))
seeds["link-phy-eeprom"] = (
    wr("IMS", 0x204) + wr("CTRL", 1 << 6) +
    wr("MDIC", 2 << 26 | 1 << 21 | 2 << 16 | 1 << 29) + rd("ICR") +
    wr("MDIC", 1 << 26 | 1 << 21 | 0 << 16 | 0x1200) + advance(20000, 2) +
    misc(0) + misc(1) + wr("EERD", 1 | 0x3F << 8) + rd("EERD") +
    io(0, 0x14, True) + io(4, 1 | 5 << 8, True) + io(4, 0, False) +
    misc(5) + misc(4) + misc(6))
seeds["hostile-rings"] = (
    rx_setup(ndesc=8, ring=0xFFF0) + wr("RDLEN", 0x4000) + wr("RDT", 0xFFFF) +
    frame(60) + frame(16500) + frame(10) + wr("TDBAL", 0xFFFFFF00) +
    wr("TDBAH", 0xFFFFFFFF) + wr("TDLEN", 0xFFFFFFFF) + wr("TCTL", 2) +
    wr("TDT", 0x1234) + advance(65535, 7) + rd("ICR"))

# Macro seeds (misc subs 8..15): many frames, timers, TSO, mid-stream saves.
def macro(sub, *args):
    return bytes([6, sub]) + b"".join(args)


B = lambda v: bytes([v & 0xFF])  # noqa: E731
H = lambda v: struct.pack("<H", v & 0xFFFF)  # noqa: E731
seeds["deep-rx-burst-itr"] = (
    macro(14, H(200), B(8), B(32), B(8), B(64)) + macro(8, B(31), B(0x13)) +
    macro(10, B(63), H(1514), B(200)) + macro(15) + misc(2) +
    macro(10, B(40), H(60), B(20)) + advance(3000, 3) + macro(15) +
    macro(8, B(7), B(0x08)) + macro(10, B(20), H(9000), B(255)) + misc(7) +
    macro(15))
seeds["deep-tso-chain"] = (
    macro(14, H(100), B(0), B(0), B(4), B(16)) + macro(9, B(31)) +
    macro(11, B(7), H(1460), B(0x07)) + advance(5000, 2) + macro(15) +
    macro(11, B(3), H(536), B(0x00)) + misc(2) + macro(11, B(8), H(0),
                                                        B(0x09)) +
    advance(5000, 2) + macro(15) + macro(8, B(16), B(0)) +
    macro(11, B(2), H(8999), B(0x05)) + misc(7) + macro(15))
seeds["deep-eeprom-phy-link"] = (
    macro(12, B(0), B(63)) + macro(13, B(0), H(0x1340)) +
    macro(13, B(4), H(0x01E1)) + macro(13, B(16), H(0x0068)) + misc(0) +
    advance(20000, 2) + misc(1) + advance(20000, 2) + macro(12, B(250), B(10)) +
    macro(13, B(31), H(0xFFFF)) + misc(5) + macro(15) + misc(4) + misc(3))

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
os.makedirs(out, exist_ok=True)
for name, data in sorted(seeds.items()):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)
    print(f"{name}: {len(data)} bytes")
