/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the device model (build: scripts/fuzz.sh).
 *
 * The input is a small program for a simulated host: 64 KB of host
 * memory at bus address FZ_MEM_BASE (any DMA outside it fails through
 * the port, like an IOMMU), a manual clock, and one device.  Each
 * instruction starts with an opcode byte whose low 3 bits select:
 *
 *   0  MMIO write of a register from a table of interesting offsets:
 *      [idx u8][value u32 LE]
 *   1  MMIO read of a table register: [idx u8]
 *   2  raw MMIO access: [offset u24 LE][value u32][flags u8]
 *      flags b0: 1 write / 0 read, b2:1 size 1,2,4 or 3 (illegal)
 *   3  I/O BAR access: [offset u8 (mod 9)][value u32][flags u8] as above
 *   4  frame from the wire: [len u16 (mod 17000)][bytes...] (missing
 *      bytes are filled with a pattern)
 *   5  advance time: [v u16]: dt = v << (4 + (op >> 3 & 7)) ns, firing
 *      every deadline on the way at its exact time
 *   6  misc [sub u8], sub % 16: 0 cable out, 1 cable in, 2 save+restore
 *      round trip, 3 restore of a corrupted copy (must fail), 4 e1k_reset,
 *      5 CTRL.RST, 6 peek 64 registers from [base u16] * 4, 7 restore
 *      into the second device (which becomes the active one), and the
 *      macros that drive the model deep in few bytes:
 *      8  RX ring: [ndesc u8][rctl_bits u8] descriptors + buffers in host
 *         memory, RDBA/RDLEN/RDH/RDT, RAL0/RAH0, RCTL.EN|BAM|...
 *      9  TX ring: [ndesc u8] TDBA/TDLEN/TDH/TDT, TIPG, TCTL.EN|PSP
 *      10 frame burst: [count u8][len u16][gap u8] count frames from the
 *         wire, time advanced gap * 64 ns between them
 *      11 TX chain: [count u8][mss u16][flags u8] a TCP/IPv4 frame in
 *         host memory sent as a context descriptor (TSE per flags b0)
 *         plus count data descriptors, TDT bumped
 *      12 EEPROM: [first u8][n u8] n words read through EERD
 *      13 PHY: [reg u8][value u16] MDIC write then read of a PHY register
 *      14 moderation: [itr u16][rdtr u8][radv u8][tidv u8][tadv u8]
 *      15 read ICR, then advance 1 ms firing every deadline
 *   7  host memory write: [addr u16 (dword aligned)][value u32]
 *
 * Speed: the two devices are created once, never per input.  Every input
 * starts with e1k_reset of the first one (power-on state: registers,
 * timers, EEPROM, PHY, RX/TX engines, totals) and host memory cleared;
 * the host clock runs on from the previous input, which only shifts
 * every instant.  Build with -DFZ_RESTORE_RESET to start each input
 * from a restore of the state saved at creation instead (clock back to
 * 0; ~330 KB copied per input), e.g. to confirm a crash that does not
 * reproduce alone.  Host memory is cleared only when written.  Snapshots
 * (subs 2, 3, 7) are limited to one per input, register peeks to 256.
 *
 * Checks (abort = crash report): set_irq only on changes and matching
 * e1k_irq_level(); the announced deadline always equals
 * e1k_next_deadline() after an entry point; at most FZ_MAX_EVENTS
 * deadline firings per advance (no runaway); transmitted frames have a
 * sane length; a valid blob restores and a corrupted one is refused.
 * ASan/UBSan catch memory errors inside the model itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "e1000.h"
#include "e1000_regs.h"

#define FZ_MEM_BASE 0x10000000ull
#define FZ_MEM_SIZE 0x10000u
#define FZ_MAX_EVENTS 200000u
#define FZ_MAX_FRAME 17000u

typedef struct FzHost {
    uint8_t mem[FZ_MEM_SIZE];
    uint64_t now;
    int irq;
    uint64_t deadline;
    uint64_t dma_faults;
    uint64_t tx_frames;
    int mem_dirty; /* host memory written since it was last cleared */
} FzHost;

#define FZ_CHECK(cond)                                                    \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "fuzz_model: check failed at %s:%d: %s\n",    \
                    __FILE__, __LINE__, #cond);                           \
            abort();                                                      \
        }                                                                 \
    } while (0)

static int in_mem(uint64_t addr, uint32_t len)
{
    return addr >= FZ_MEM_BASE && addr - FZ_MEM_BASE <= FZ_MEM_SIZE &&
           len <= FZ_MEM_SIZE - (addr - FZ_MEM_BASE);
}

static int fz_dma_read(void *o, uint64_t addr, void *buf, uint32_t len)
{
    FzHost *h = o;
    if (!in_mem(addr, len)) {
        h->dma_faults++;
        return -1;
    }
    memcpy(buf, h->mem + (addr - FZ_MEM_BASE), len);
    return 0;
}

static int fz_dma_write(void *o, uint64_t addr, const void *buf, uint32_t len)
{
    FzHost *h = o;
    if (!in_mem(addr, len)) {
        h->dma_faults++;
        return -1;
    }
    memcpy(h->mem + (addr - FZ_MEM_BASE), buf, len);
    h->mem_dirty = 1;
    return 0;
}

static void fz_set_irq(void *o, int level)
{
    FzHost *h = o;
    FZ_CHECK(level == 0 || level == 1);
    FZ_CHECK(level != h->irq);
    h->irq = level;
}

static uint64_t fz_now(void *o)
{
    return ((FzHost *)o)->now;
}

static void fz_deadline(void *o, uint64_t d)
{
    ((FzHost *)o)->deadline = d;
}

/* Every trace event is formatted (the text code runs on fuzzed values)
 * and its id must be one the model documents. */
static void fz_trace(void *o, E1kTraceEvent ev, uint64_t a, uint64_t b)
{
    char line[128];
    (void)o;
    FZ_CHECK((unsigned)ev < E1K_TRACE_COUNT);
    FZ_CHECK(e1k_trace_format(ev, a, b, line, sizeof(line)) > 0);
    FZ_CHECK(memchr(line, 0, sizeof(line)) != NULL);
}

static void fz_tx(void *o, const uint8_t *frame, uint32_t len)
{
    FzHost *h = o;
    FZ_CHECK(frame != NULL || len == 0);
    FZ_CHECK(len <= 65536u);
    if (len) {
        volatile uint8_t sink = frame[0] ^ frame[len - 1];
        (void)sink;
    }
    h->tx_frames++;
}

/* Registers worth hitting often. */
static const uint32_t regs[] = {
    E1K_CTRL, E1K_STATUS, E1K_EECD, E1K_EERD, E1K_CTRL_EXT, E1K_MDIC,
    E1K_ICR, E1K_ITR, E1K_ICS, E1K_IMS, E1K_IMC, E1K_RCTL, E1K_TCTL,
    E1K_TIPG, E1K_PBA, E1K_RDBAL, E1K_RDBAH, E1K_RDLEN, E1K_RDH, E1K_RDT,
    E1K_RDTR, E1K_RXDCTL, E1K_RADV, E1K_RSRPD, E1K_TDBAL, E1K_TDBAH,
    E1K_TDLEN, E1K_TDH, E1K_TDT, E1K_TIDV, E1K_TXDCTL, E1K_TADV,
    E1K_TSPMT, E1K_RXCSUM, E1K_MTA, E1K_RAL(0), E1K_RAH(0), E1K_RAL(1),
    E1K_RAH(1), E1K_VFTA, E1K_VET, E1K_GPRC, E1K_GORCL, E1K_GORCH,
    E1K_TORH, E1K_MPC, E1K_RNBC, E1K_TPT, E1K_CTRL_DUP, E1K_LEDCTL,
};
#define NREGS (sizeof(regs) / sizeof(regs[0]))

/* Input cursor. */
typedef struct Cur {
    const uint8_t *p;
    size_t n;
} Cur;

static uint32_t take(Cur *c, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        uint32_t b = 0;
        if (c->n) {
            b = *c->p++;
            c->n--;
        }
        v |= b << (8 * i);
    }
    return v;
}

/* The host contract after every entry point. */
static void check_contract(E1kDev *d, FzHost *h)
{
    FZ_CHECK(e1k_irq_level(d) == h->irq);
    FZ_CHECK(e1k_next_deadline(d) == h->deadline);
}

/* Advance to @t firing each deadline at its time, bounded. */
static void advance_to(E1kDev *d, FzHost *h, uint64_t t)
{
    unsigned events = 0;
    for (;;) {
        uint64_t dl = e1k_next_deadline(d);
        FZ_CHECK(dl == h->deadline);
        if (dl > t) {
            break;
        }
        FZ_CHECK(++events <= FZ_MAX_EVENTS);
        if (dl > h->now) {
            h->now = dl;
        }
        e1k_run_until(d, h->now);
    }
    h->now = t;
    e1k_run_until(d, t);
    check_contract(d, h);
}

static unsigned size_of(uint32_t flags)
{
    static const unsigned sizes[4] = { 1, 2, 4, 3 };
    return sizes[(flags >> 1) & 3];
}

static E1kDev *make_dev(FzHost *h)
{
    E1kConfig cfg;
    E1kPort port = {
        .opaque = h,
        .dma_read = fz_dma_read,
        .dma_write = fz_dma_write,
        .set_irq = fz_set_irq,
        .now_ns = fz_now,
        .deadline_changed = fz_deadline,
        .tx_frame = fz_tx,
        .trace = fz_trace,
    };
    e1k_config_default(&cfg);
    cfg.autoneg_ns = 100000; /* 100 us: reachable within a program */
    h->deadline = E1K_NO_DEADLINE;
    return e1k_new(&cfg, &port);
}

/* The two devices, their snapshot buffer and the pristine state. */
static E1kDev *devs[2];
static uint8_t *blob, *pristine;
static size_t blob_size;

/* Restore @buf into @d; the host line level follows the target device
 * first, so the re-announcement is checked against the right level. */
static int restore_into(E1kDev *d, FzHost *h, const uint8_t *buf)
{
    h->irq = e1k_irq_level(d);
    return e1k_restore(d, buf, blob_size);
}

/* Write the 8-byte descriptor halves in host memory at @off. */
static void mem_put64(FzHost *h, uint32_t off, uint64_t v)
{
    memcpy(h->mem + (off & (FZ_MEM_SIZE - 8)), &v, 8);
    h->mem_dirty = 1;
}

/* RX ring of up to 32 descriptors at 0x0000, 2 KB buffers from 0x1000. */
static void rx_ring(E1kDev *d, FzHost *h, Cur *c)
{
    uint32_t n = take(c, 1) % 32 + 1, bits = take(c, 1);
    for (uint32_t i = 0; i < n; i++) {
        mem_put64(h, 16 * i, FZ_MEM_BASE + 0x1000 + (i % 28) * 2048u);
        mem_put64(h, 16 * i + 8, 0);
    }
    e1k_mmio_write(d, E1K_RDBAL, (uint32_t)FZ_MEM_BASE, 4);
    e1k_mmio_write(d, E1K_RDBAH, 0, 4);
    e1k_mmio_write(d, E1K_RDLEN, ((n + 7) & ~7u) * 16, 4);
    e1k_mmio_write(d, E1K_RDH, 0, 4);
    e1k_mmio_write(d, E1K_RDT, n - 1, 4);
    e1k_mmio_write(d, E1K_RAL(0), 0x12005452, 4);
    e1k_mmio_write(d, E1K_RAH(0), 0x80005634, 4);
    /* EN, BAM always; UPE, MPE, LPE, SECRC, RDMTS from @bits */
    e1k_mmio_write(d, E1K_RCTL, 2u | 1u << 15 | (bits & 1u) << 3 |
                   (bits & 2u) << 3 | (bits & 4u) << 3 |
                   (bits & 8u) << 23 | (bits & 0x30u) << 4, 4);
}

/* TX ring of up to 32 descriptors at 0x8000. */
static void tx_ring(E1kDev *d, Cur *c)
{
    uint32_t n = take(c, 1) % 32 + 1;
    e1k_mmio_write(d, E1K_TDBAL, (uint32_t)FZ_MEM_BASE + 0x8000, 4);
    e1k_mmio_write(d, E1K_TDBAH, 0, 4);
    e1k_mmio_write(d, E1K_TDLEN, ((n + 7) & ~7u) * 16, 4);
    e1k_mmio_write(d, E1K_TDH, 0, 4);
    e1k_mmio_write(d, E1K_TDT, 0, 4);
    e1k_mmio_write(d, E1K_TIPG, 10 | 8 << 10 | 6 << 20, 4);
    e1k_mmio_write(d, E1K_TCTL, 2u | 8u | 15u << 4 | 0x40u << 12, 4);
}

/* Up to 64 frames of one template from the wire, time between them. */
static void rx_burst(E1kDev *d, FzHost *h, Cur *c, uint8_t *frame)
{
    uint32_t n = take(c, 1) % 64 + 1, len = take(c, 2) % 9100;
    uint32_t gap = take(c, 1);
    memset(frame, 0xFF, 6);
    for (uint32_t i = 6; i < len; i++) {
        frame[i] = (uint8_t)(i * 3u + gap);
    }
    for (uint32_t i = 0; i < n; i++) {
        if (len > 13) {
            frame[13] = (uint8_t)i;
        }
        (void)e1k_receive(d, frame, len);
        advance_to(d, h, h->now + (uint64_t)gap * 64);
    }
}

/* A TCP/IPv4 frame at 0xA000 sent as context + @count data descriptors
 * from the current TDT on (ring of 32 at 0x8000, see tx_ring). */
static void tx_chain(E1kDev *d, FzHost *h, Cur *c)
{
    static const uint8_t hdr[54] = {
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0, 1, 0x08, 0x00,
        0x45, 0, 0x05, 0xdc, 0, 1, 0x40, 0, 64, 6, 0, 0, 10, 0, 0, 1,
        10, 0, 0, 2, 0x30, 0x39, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0,
        0x50, 0x18, 0x20, 0, 0, 0, 0, 0,
    };
    uint32_t n = take(c, 1) % 8 + 1, mss = take(c, 2) % 9000;
    uint32_t fl = take(c, 1), tdt = e1k_peek_reg(d, E1K_TDT) % 32;
    uint32_t paylen = n * 1024 - 54, tse = fl & 1 ? 0x04u : 0;
    memcpy(h->mem + 0xA000, hdr, sizeof(hdr));
    h->mem_dirty = 1;
    /* context: IPCSS 14, IPCSO 24, TUCSS 34, TUCSO 50, HDRLEN 54 */
    mem_put64(h, 0x8000 + 16 * tdt, 14 | 24u << 8 | (uint64_t)(34 | 50u << 8) << 32);
    mem_put64(h, 0x8000 + 16 * tdt + 8, paylen | (uint64_t)(0x20u | 0x02u |
              0x01u | tse | (fl & 8u)) << 24 | (uint64_t)54 << 40 |
              (uint64_t)mss << 48);
    for (uint32_t i = 1; i <= n; i++) {
        uint32_t slot = (tdt + i) % 32, last = i == n;
        mem_put64(h, 0x8000 + 16 * slot, FZ_MEM_BASE + 0xA000 + (i - 1) * 1024);
        mem_put64(h, 0x8000 + 16 * slot + 8, 1024u | 1u << 20 |
                  (uint64_t)(0x20u | 0x02u | tse | last | (last ? 8u : 0)) << 24 |
                  (uint64_t)((fl >> 1) & 3u) << 40);
    }
    e1k_mmio_write(d, E1K_TDT, (tdt + n + 1) % 32, 4);
}

/* EEPROM words through EERD, PHY registers through MDIC. */
static void eeprom_phy(E1kDev *d, Cur *c, uint32_t sub)
{
    if (sub == 12) {
        uint32_t first = take(c, 1), n = take(c, 1) % 64;
        for (uint32_t i = 0; i < n; i++) {
            e1k_mmio_write(d, E1K_EERD, 1u | ((first + i) & 0xFFu) << 8, 4);
            (void)e1k_mmio_read(d, E1K_EERD, 4);
        }
        return;
    }
    uint32_t reg = take(c, 1) & 0x1F, v = take(c, 2);
    e1k_mmio_write(d, E1K_MDIC, v | reg << 16 | 1u << 21 | 1u << 26, 4);
    (void)e1k_mmio_read(d, E1K_MDIC, 4);
    e1k_mmio_write(d, E1K_MDIC, reg << 16 | 1u << 21 | 2u << 26, 4);
    (void)e1k_mmio_read(d, E1K_MDIC, 4);
}

static void moderation(E1kDev *d, Cur *c)
{
    e1k_mmio_write(d, E1K_ITR, take(c, 2), 4);
    e1k_mmio_write(d, E1K_RDTR, take(c, 1), 4);
    e1k_mmio_write(d, E1K_RADV, take(c, 1), 4);
    e1k_mmio_write(d, E1K_TIDV, take(c, 1), 4);
    e1k_mmio_write(d, E1K_TADV, take(c, 1), 4);
    e1k_mmio_write(d, E1K_IMS, 0x9F, 4);
}

/* Save/restore in place, corrupted restore, migration (subs 2, 3, 7). */
static void snapshots(E1kDev **pd, FzHost *h, uint32_t sub)
{
    E1kDev *d = *pd;
    FZ_CHECK(e1k_save(d, blob, blob_size) == blob_size);
    if (sub % 16 == 3) {
        blob[(sub * 2654435761u) % blob_size] ^= (uint8_t)(1u << (sub % 7));
        FZ_CHECK(restore_into(d, h, blob) == -1);
    } else if (sub % 16 == 2) {
        FZ_CHECK(restore_into(d, h, blob) == 0);
    } else {
        E1kDev *d2 = d == devs[0] ? devs[1] : devs[0];
        FZ_CHECK(restore_into(d2, h, blob) == 0);
        *pd = d2;
    }
}

static void misc(E1kDev **pd, FzHost *h, Cur *c, uint8_t *frame,
                 unsigned *saves, unsigned *peeks)
{
    uint32_t sub = take(c, 1);
    E1kDev *d = *pd;
    switch (sub % 16) {
    case 0:
    case 1:
        e1k_set_link(d, (int)(sub & 1));
        break;
    case 2:
    case 3:
    case 7:
        /* a snapshot copies ~330 KB three times: one per input */
        if (++*saves <= 1) {
            snapshots(pd, h, sub);
        }
        break;
    case 4:
        e1k_reset(d);
        break;
    case 5:
        e1k_mmio_write(d, E1K_CTRL, E1K_CTRL_RST, 4);
        break;
    case 6: { /* bounded: 64 registers, not a whole-BAR sweep */
        uint32_t base = take(c, 2) * 4u;
        for (uint32_t i = 0; i < 64 && ++*peeks <= 256; i++) {
            (void)e1k_peek_reg(d, (base + 4 * i) % E1K_MMIO_SIZE);
        }
        break;
    }
    case 8: rx_ring(d, h, c); break;
    case 9: tx_ring(d, c); break;
    case 10: rx_burst(d, h, c, frame); break;
    case 11: tx_chain(d, h, c); break;
    case 12:
    case 13: eeprom_phy(d, c, sub % 16); break;
    case 14: moderation(d, c); break;
    case 15:
        (void)e1k_mmio_read(d, E1K_ICR, 4);
        advance_to(d, h, h->now + 1000000);
        break;
    }
    check_contract(*pd, h);
}

#ifdef FZ_RESTORE_RESET
#define FZ_RESET(d, h) ((h)->now = 0, (void)restore_into(d, h, pristine))
#else
#define FZ_RESET(d, h) e1k_reset(d)
#endif

/* Create the devices once; later inputs restore the pristine state. */
static E1kDev *fresh_dev(FzHost *h)
{
    E1kDev *d;
    if (!devs[0]) {
        devs[0] = make_dev(h);
        devs[1] = make_dev(h);
        FZ_CHECK(devs[0] && devs[1]);
        blob_size = e1k_save_size(devs[0]);
        blob = malloc(blob_size);
        pristine = malloc(blob_size);
        FZ_CHECK(blob && pristine);
        FZ_CHECK(e1k_save(devs[0], pristine, blob_size) == blob_size);
    }
    d = devs[0];
    if (h->mem_dirty) {
        memset(h->mem, 0, sizeof(h->mem));
        h->mem_dirty = 0;
    }
    h->dma_faults = h->tx_frames = 0;
    /* the host follows this device's line and deadline, then resets it */
    h->irq = e1k_irq_level(d);
    h->deadline = e1k_next_deadline(d);
    FZ_RESET(d, h);
    return d;
}

/* Ops 0-3: a register of the table, a raw MMIO or an I/O BAR access. */
static void bar_access(E1kDev *d, Cur *c, uint32_t op)
{
    uint32_t a, v, f;
    switch (op & 3) {
    case 0:
        a = take(c, 1);
        v = take(c, 4);
        e1k_mmio_write(d, regs[a % NREGS], v, 4);
        break;
    case 1:
        (void)e1k_mmio_read(d, regs[take(c, 1) % NREGS], 4);
        break;
    case 2:
        a = take(c, 3) & 0x3FFFFu; /* half the time beyond the BAR */
        v = take(c, 4);
        f = take(c, 1);
        if (f & 1) {
            e1k_mmio_write(d, a, v, size_of(f));
        } else {
            (void)e1k_mmio_read(d, a, size_of(f));
        }
        break;
    default:
        a = take(c, 1) % 9;
        v = take(c, 4);
        f = take(c, 1);
        if (f & 1) {
            e1k_io_write(d, a, v, size_of(f));
        } else {
            (void)e1k_io_read(d, a, size_of(f));
        }
        break;
    }
}

/* Op 4: a frame from the wire, missing bytes filled with a pattern. */
static void wire_frame(E1kDev *d, Cur *c, uint8_t *frame)
{
    uint32_t len = take(c, 2) % FZ_MAX_FRAME;
    uint32_t have = len < c->n ? len : (uint32_t)c->n;
    memcpy(frame, c->p, have);
    c->p += have;
    c->n -= have;
    for (uint32_t i = have; i < len; i++) {
        frame[i] = (uint8_t)(i * 7u);
    }
    (void)e1k_receive(d, frame, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FzHost host;
    static uint8_t frame[FZ_MAX_FRAME];
    FzHost *h = &host;
    Cur c = { data, size };
    E1kDev *d;
    unsigned steps = 0, saves = 0, peeks = 0;

    d = fresh_dev(h);
    check_contract(d, h);

    while (c.n && steps++ < 4096) {
        uint32_t op = take(&c, 1);
        uint32_t a, v;
        switch (op & 7) {
        case 0:
        case 1:
        case 2:
        case 3:
            bar_access(d, &c, op);
            break;
        case 4:
            wire_frame(d, &c, frame);
            break;
        case 5: {
            uint64_t dt = (uint64_t)take(&c, 2) << (4 + ((op >> 3) & 7));
            advance_to(d, h, h->now + dt);
            break;
        }
        case 6:
            misc(&d, h, &c, frame, &saves, &peeks);
            break;
        case 7:
            a = take(&c, 2) & (FZ_MEM_SIZE - 4);
            v = take(&c, 4);
            memcpy(h->mem + a, &v, 4);
            h->mem_dirty = 1;
            break;
        }
        check_contract(d, h);
    }
    /* let everything in flight finish (bounded) */
    advance_to(d, h, h->now + 20000000);
#ifdef FZ_DEBUG
    {
        E1kTotals t;
        e1k_totals(d, &t);
        fprintf(stderr, "gprc %llu gptc %llu mpc %llu rnbc %llu irqs %llu "
                "rxdesc %llu txdesc %llu txframes %llu dmafaults %llu\n",
                (unsigned long long)t.gprc, (unsigned long long)t.gptc,
                (unsigned long long)t.mpc, (unsigned long long)t.rnbc,
                (unsigned long long)t.irq_assertions,
                (unsigned long long)t.rx_desc_written,
                (unsigned long long)t.tx_desc_written,
                (unsigned long long)h->tx_frames,
                (unsigned long long)h->dma_faults);
    }
#endif
    return 0;
}
