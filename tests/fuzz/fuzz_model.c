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
 *   6  misc [sub u8]: 0 cable out, 1 cable in, 2 save+restore round trip,
 *      3 restore of a corrupted copy (must fail), 4 e1k_reset,
 *      5 CTRL.RST, 6 peek a 4 KB register window, 7 restore into a
 *      second device
 *   7  host memory write: [addr u16 (dword aligned)][value u32]
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

static void misc(E1kDev **pd, FzHost *h, uint32_t sub, unsigned *saves)
{
    E1kDev *d = *pd;
    size_t n = e1k_save_size(d);
    uint8_t *blob;
    /* snapshots are ~330 KB: keep them to a few per input for speed */
    if ((sub % 8 == 2 || sub % 8 == 3 || sub % 8 == 7) && ++*saves > 8) {
        return;
    }
    switch (sub % 8) {
    case 0:
    case 1:
        e1k_set_link(d, (int)(sub & 1));
        break;
    case 2:
    case 3:
        blob = malloc(n);
        FZ_CHECK(blob != NULL);
        FZ_CHECK(e1k_save(d, blob, n) == n);
        if (sub % 8 == 3) {
            blob[(sub * 2654435761u) % n] ^= (uint8_t)(1u << (sub % 7));
            FZ_CHECK(e1k_restore(d, blob, n) == -1);
        } else {
            FZ_CHECK(e1k_restore(d, blob, n) == 0);
        }
        free(blob);
        break;
    case 4:
        e1k_reset(d);
        break;
    case 5:
        e1k_mmio_write(d, E1K_CTRL, E1K_CTRL_RST, 4);
        break;
    case 6: /* peek 1024 registers of a 4 KB window chosen by sub */
        for (uint32_t i = 0; i < 1024; i++) {
            (void)e1k_peek_reg(d, ((sub >> 3) * 0x1000u + 4 * i) %
                                      E1K_MMIO_SIZE);
        }
        break;
    case 7: {
        /* migrate into a fresh instance (same host) */
        FzHost saved = *h;
        E1kDev *d2;
        blob = malloc(n);
        FZ_CHECK(blob != NULL);
        FZ_CHECK(e1k_save(d, blob, n) == n);
        e1k_free(d);
        h->irq = 0;
        d2 = make_dev(h);
        FZ_CHECK(d2 != NULL);
        h->now = saved.now;
        FZ_CHECK(e1k_restore(d2, blob, n) == 0);
        free(blob);
        *pd = d2;
        break;
    }
    }
    check_contract(*pd, h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FzHost host;
    static uint8_t frame[FZ_MAX_FRAME];
    FzHost *h = &host;
    Cur c = { data, size };
    E1kDev *d;
    unsigned steps = 0, saves = 0;

    memset(h, 0, sizeof(*h));
    d = make_dev(h);
    FZ_CHECK(d != NULL);
    check_contract(d, h);

    while (c.n && steps++ < 4096) {
        uint32_t op = take(&c, 1);
        uint32_t a, v, f;
        switch (op & 7) {
        case 0:
            a = take(&c, 1);
            v = take(&c, 4);
            e1k_mmio_write(d, regs[a % NREGS], v, 4);
            break;
        case 1:
            a = take(&c, 1);
            (void)e1k_mmio_read(d, regs[a % NREGS], 4);
            break;
        case 2:
            a = take(&c, 3) & 0x3FFFFu; /* half the time beyond the BAR */
            v = take(&c, 4);
            f = take(&c, 1);
            if (f & 1) {
                e1k_mmio_write(d, a, v, size_of(f));
            } else {
                (void)e1k_mmio_read(d, a, size_of(f));
            }
            break;
        case 3:
            a = take(&c, 1) % 9;
            v = take(&c, 4);
            f = take(&c, 1);
            if (f & 1) {
                e1k_io_write(d, a, v, size_of(f));
            } else {
                (void)e1k_io_read(d, a, size_of(f));
            }
            break;
        case 4: {
            uint32_t len = take(&c, 2) % FZ_MAX_FRAME;
            uint32_t have = len < c.n ? len : (uint32_t)c.n;
            memcpy(frame, c.p, have);
            c.p += have;
            c.n -= have;
            for (uint32_t i = have; i < len; i++) {
                frame[i] = (uint8_t)(i * 7u);
            }
            (void)e1k_receive(d, frame, len);
            break;
        }
        case 5: {
            uint64_t dt = (uint64_t)take(&c, 2) << (4 + ((op >> 3) & 7));
            advance_to(d, h, h->now + dt);
            break;
        }
        case 6:
            misc(&d, h, take(&c, 1), &saves);
            break;
        case 7:
            a = take(&c, 2) & (FZ_MEM_SIZE - 4);
            v = take(&c, 4);
            memcpy(h->mem + a, &v, 4);
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
    e1k_free(d);
    return 0;
}
