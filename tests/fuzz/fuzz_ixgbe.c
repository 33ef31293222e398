/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer target for the 82598EB model (build: scripts/fuzz.sh; seeds:
 * tests/fuzz/gen_corpus_ixgbe.py into tests/fuzz/corpus-ixgbe/).
 *
 * As fuzz_model.c for the e1000: the input is a program for a simulated
 * host with FZ_MEM_SIZE bytes of memory at FZ_MEM_BASE (DMA outside it
 * fails through the port), a manual clock and one device (the model's
 * own MSI-X table).  Each instruction starts with an opcode byte whose
 * low 3 bits select:
 *
 *   0  register write from a table of interesting offsets:
 *      [idx u8][value u32 LE]
 *   1  register read from the table: [idx u8]
 *   2  raw BAR0 access: [offset u24 LE][value u32][flags u8]
 *      flags b0: 1 write / 0 read, b2:1 size 1, 2, 4 or 3 (illegal)
 *   3  BAR2 (I/O) or BAR3 (MSI-X) access: [offset u16][value u32]
 *      [flags u8] as above, b3: 1 MSI-X BAR, 0 I/O BAR
 *   4  frame from the wire: [len u16 (mod 17000)][bytes...]
 *   5  advance time: [v u16]: dt = v << (4 + (op >> 3 & 7)) ns
 *   6  misc [sub u8], sub % 16: 0 cable out, 1 cable in, 2 save+restore
 *      round trip, 3 restore of a corrupted copy (must fail), 4
 *      ixg_reset, 5 CTRL.RST, 6 peek 64 registers from [base u16] * 4,
 *      7 restore into the second device (which becomes the active one),
 *      and macros that drive the model deep in few bytes:
 *      8  RX queues: [nq u8][ndesc u8][bits u8] rings of ndesc % 32 + 1
 *         descriptors for nq % 4 + 1 queues, SRRCTL (legacy/advanced,
 *         DROP_EN), RXDCTL thresholds, RSS over the queues, RXCTRL.RXEN
 *      9  TX queue: [q u8][ndesc u8][bits u8] ring of queue q % 4,
 *         TXDCTL thresholds, head write-back per bits
 *      10 frame burst: [count u8][len u16][gap u8][kind u8] UDP or TCP
 *         frames of varying ports to the station address
 *      11 TX chain: [q u8][count u8][mss u16][flags u8] a TCP/IPv4
 *         frame sent as an advanced context and count data descriptors
 *         (TSE, IXSM, TXSM, VLE per flags; flags b7: legacy instead)
 *      12 EEPROM: [first u8][n u8] n words read through EERD
 *      13 interrupts: [mode u8][eitr u16][bits u8] INTx/MSI/MSI-X,
 *         GPIE, IVAR of the queues and other causes, EIAC/EIAM, EITR,
 *         EIMS, MSI-X table entries unmasked per bits
 *      14 link and MDIO: [autoc u8][reg u8] AUTOC link mode and FLU,
 *         an MDIO read, an Atlas analog write and read
 *      15 read EICR, then advance 1 ms
 *   7  host memory write: [addr u24 (dword aligned)][value u32]
 *
 * Speed: the two devices are created once; every input starts with
 * ixg_reset of the first and host memory cleared when it was written.
 * Snapshots (subs 2, 3, 7) are limited to one per input (a blob is
 * about 1.3 MB), register peeks to 256.
 *
 * Checks (abort = crash report): set_irq only on changes and matching
 * ixg_irq_level(); messages only in MSI or MSI-X mode and for a vector
 * that exists; the announced deadline always equals ixg_next_deadline()
 * after an entry point; at most FZ_MAX_EVENTS deadline firings per
 * advance (no runaway); transmitted frames have a sane length; trace
 * events are known and format; a valid blob restores and a corrupted
 * one is refused.  ASan/UBSan catch memory errors inside the model.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ixgbe.h"
#include "ixgbe_regs.h"

#define FZ_MEM_BASE 0x10000000ull
#define FZ_MEM_SIZE 0x40000u
#define FZ_MAX_EVENTS 200000u
#define FZ_MAX_FRAME 17000u
#define FZ_RXRING(q) (0x0000u + 0x200u * (q))
#define FZ_TXRING(q) (0x1000u + 0x200u * (q))
#define FZ_RXBUF 0x2000u       /* 2 KB buffers: 4 queues x 32 */
#define FZ_TXDATA 0x30000u

typedef struct FzHost {
    uint8_t mem[FZ_MEM_SIZE];
    uint64_t now;
    int irq;
    uint64_t deadline;
    int mem_dirty;
    IxgDev *dev;      /* the device the callbacks belong to now */
} FzHost;

#define FZ_CHECK(cond)                                                    \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "fuzz_ixgbe: check failed at %s:%d: %s\n",    \
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
        return -1;
    }
    memcpy(buf, h->mem + (addr - FZ_MEM_BASE), len);
    return 0;
}

static int fz_dma_write(void *o, uint64_t addr, const void *buf, uint32_t len)
{
    FzHost *h = o;
    if (!in_mem(addr, len)) {
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

static void fz_msi(void *o, uint32_t v)
{
    FzHost *h = o;
    FZ_CHECK(v < IXG_MSIX_VECTORS);
    if (h->dev) {
        FZ_CHECK(ixg_irq_mode(h->dev) != IXG_IRQ_INTX);
        FZ_CHECK(ixg_irq_mode(h->dev) == IXG_IRQ_MSIX || v == 0);
    }
}

static uint64_t fz_now(void *o)
{
    return ((FzHost *)o)->now;
}

static void fz_deadline(void *o, uint64_t d)
{
    ((FzHost *)o)->deadline = d;
}

static void fz_trace(void *o, unsigned ev, uint64_t a, uint64_t b)
{
    char line[128];
    (void)o;
    FZ_CHECK(ev < IXG_TRACE_COUNT);
    FZ_CHECK(ixg_trace_format((IxgTraceEvent)ev, a, b, line,
                              sizeof(line)) > 0);
    FZ_CHECK(memchr(line, 0, sizeof(line)) != NULL);
}

static void fz_tx(void *o, const uint8_t *frame, uint32_t len)
{
    (void)o;
    FZ_CHECK(frame != NULL || len == 0);
    FZ_CHECK(len <= 16384u + 4u);
    if (len) {
        volatile uint8_t sink = frame[0] ^ frame[len - 1];
        (void)sink;
    }
}

/* Registers worth hitting often. */
static const uint32_t regs[] = {
    IXG_CTRL, IXG_STATUS, IXG_CTRL_EXT, IXG_EICR, IXG_EICS, IXG_EIAC,
    IXG_EITR(0), IXG_EITR(1), IXG_EITR(17), IXG_EIMS, IXG_EIMC, IXG_EIAM,
    IXG_GPIE, IXG_IVAR(0), IXG_IVAR(16), IXG_IVAR(24), IXG_EEC, IXG_EERD,
    IXG_SWSM, IXG_GSSR, IXG_HLREG0, IXG_MSCA, IXG_MSRWD, IXG_MHADD,
    IXG_AUTOC, IXG_LINKS, IXG_ATLASCTL, IXG_RDBAL(0), IXG_RDBAH(0),
    IXG_RDLEN(0), IXG_RDH(0), IXG_RDT(0), IXG_RXDCTL(0), IXG_RDT(1),
    IXG_RXDCTL(1), IXG_SRRCTL(0), IXG_SRRCTL(1), IXG_RDRXCTL, IXG_RXCTRL,
    IXG_RXPBSIZE(0), IXG_RXCSUM, IXG_FCTRL, IXG_VLNCTRL, IXG_MCSTCTRL,
    IXG_MTA(0), IXG_RAL(0), IXG_RAH(0), IXG_MRQC, IXG_RETA(0), IXG_RSSRK(0),
    IXG_VFTA(0), IXG_TDBAL(0), IXG_TDLEN(0), IXG_TDH(0), IXG_TDT(0),
    IXG_TXDCTL(0), IXG_TDWBAL(0), IXG_TDT(1), IXG_TXDCTL(1), IXG_TXPBSIZE(0),
    IXG_GPRC, IXG_GORCH, IXG_MPC(0), IXG_RNBC(0), IXG_QPRC(0), IXG_TPT,
};
#define NREGS (sizeof(regs) / sizeof(regs[0]))

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

static void check_contract(IxgDev *d, FzHost *h)
{
    FZ_CHECK(ixg_irq_level(d) == h->irq);
    FZ_CHECK(ixg_next_deadline(d) == h->deadline);
}

static void advance_to(IxgDev *d, FzHost *h, uint64_t t)
{
    unsigned events = 0;
    for (;;) {
        uint64_t dl = ixg_next_deadline(d);
        FZ_CHECK(dl == h->deadline);
        if (dl > t) {
            break;
        }
        FZ_CHECK(++events <= FZ_MAX_EVENTS);
        if (dl > h->now) {
            h->now = dl;
        }
        ixg_run_until(d, h->now);
    }
    h->now = t;
    ixg_run_until(d, t);
    check_contract(d, h);
}

static unsigned size_of(uint32_t flags)
{
    static const unsigned sizes[4] = { 1, 2, 4, 3 };
    return sizes[(flags >> 1) & 3];
}

static void wr(IxgDev *d, uint32_t off, uint32_t v)
{
    ixg_mmio_write(d, off, v, 4);
}

static void mem_put(FzHost *h, uint32_t off, const void *p, uint32_t n)
{
    if (off <= FZ_MEM_SIZE && n <= FZ_MEM_SIZE - off) {
        memcpy(h->mem + off, p, n);
        h->mem_dirty = 1;
    }
}

static void mem_put64(FzHost *h, uint32_t off, uint64_t v)
{
    mem_put(h, off, &v, 8);
}

static IxgDev *make_dev(FzHost *h)
{
    IxgConfig cfg;
    IxgPort port = {
        .opaque = h, .dma_read = fz_dma_read, .dma_write = fz_dma_write,
        .set_irq = fz_set_irq, .now_ns = fz_now,
        .deadline_changed = fz_deadline, .tx_frame = fz_tx,
        .trace = fz_trace, .msi = fz_msi,
    };
    ixg_config_default(&cfg);
    cfg.link_ns = 100000;     /* 100 us: reachable within a program */
    cfg.msix_table = 1;
    h->deadline = IXG_NO_DEADLINE;
    return ixg_new(&cfg, &port);
}

static IxgDev *devs[2];
static uint8_t *blob;
static size_t blob_size;

static int restore_into(IxgDev *d, FzHost *h, const uint8_t *buf)
{
    h->irq = ixg_irq_level(d);
    h->dev = d;
    return ixg_restore(d, buf, blob_size);
}

/* ---------------------------------------------------------------- */
/* Macros                                                            */

static void rx_queues(IxgDev *d, FzHost *h, Cur *c)
{
    uint32_t nq = take(c, 1) % 4 + 1, n = take(c, 1) % 32 + 1;
    uint32_t bits = take(c, 1);

    for (uint32_t q = 0; q < nq; q++) {
        for (uint32_t i = 0; i < n; i++) {
            mem_put64(h, FZ_RXRING(q) + 16 * i, FZ_MEM_BASE + FZ_RXBUF +
                      (q * 32 + i) * 2048u);
            mem_put64(h, FZ_RXRING(q) + 16 * i + 8, 0);
        }
        wr(d, IXG_RXDCTL(q), 0);
        wr(d, IXG_SRRCTL(q), 2u | ((bits & 1u) ? 0 : IXG_SRRCTL_DESCTYPE_ADV_ONEBUF) |
           ((bits & 2u) ? IXG_SRRCTL_DROP_EN : 0));
        wr(d, IXG_RDBAL(q), (uint32_t)FZ_MEM_BASE + FZ_RXRING(q));
        wr(d, IXG_RDBAH(q), 0);
        wr(d, IXG_RDLEN(q), ((n + 7u) & ~7u) * 16u);
        wr(d, IXG_RDH(q), 0);
        wr(d, IXG_RXDCTL(q), IXG_RXDCTL_ENABLE |
           ((bits & 4u) ? 0x080420u : (bits >> 4) << 16));
        wr(d, IXG_RDT(q), n - 1);
    }
    wr(d, IXG_RDRXCTL, IXG_RDRXCTL_MVMEN);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t r = 0;
        for (uint32_t j = 0; j < 4; j++) {
            r |= ((4 * i + j) % nq) * 0x11u << (8 * j);
        }
        wr(d, IXG_RETA(i), r);
    }
    wr(d, IXG_MRQC, nq > 1 ? (IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 |
                              IXG_MRQC_IPV4 | IXG_MRQC_UDP_IPV4) : 0);
    wr(d, IXG_RXCSUM, (bits & 8u) ? IXG_RXCSUM_PCSD : 0);
    wr(d, IXG_FCTRL, IXG_FCTRL_BAM);
    wr(d, IXG_RXCTRL, IXG_RXCTRL_RXEN | ((bits & 0x80u) ? IXG_RXCTRL_DMBYPS
                                                        : 0));
}

static void tx_queue(IxgDev *d, Cur *c)
{
    uint32_t q = take(c, 1) % 4, n = take(c, 1) % 32 + 1;
    uint32_t bits = take(c, 1);

    wr(d, IXG_TXDCTL(q), 0);
    wr(d, IXG_TDBAL(q), (uint32_t)FZ_MEM_BASE + FZ_TXRING(q));
    wr(d, IXG_TDBAH(q), 0);
    wr(d, IXG_TDLEN(q), ((n + 7u) & ~7u) * 16u);
    wr(d, IXG_TDH(q), 0);
    wr(d, IXG_TDT(q), 0);
    wr(d, IXG_TDWBAL(q), (bits & 1u) ? ((uint32_t)FZ_MEM_BASE + 0x3F000u +
                                        16u * q) | 1u : 0);
    wr(d, IXG_TDWBAH(q), 0);
    wr(d, IXG_TXDCTL(q), IXG_TXDCTL_ENABLE | (bits & 0x7Eu) |
       ((bits >> 4) & 0xFu) << 16);
}

/* UDP or TCP/IPv4 frames to the station address, ports varying. */
static void rx_burst(IxgDev *d, FzHost *h, Cur *c, uint8_t *f)
{
    uint32_t n = take(c, 1) % 64 + 1, len = take(c, 2) % 9100;
    uint32_t gap = take(c, 1), kind = take(c, 1);
    const IxgConfig *cfg = ixg_config(d);

    memcpy(f, cfg->mac, 6);
    if (kind & 1u) {
        memset(f, 0xFF, 6);
    }
    for (uint32_t i = 6; i < len; i++) {
        f[i] = (uint8_t)(i * 3u + gap);
    }
    if (len >= 42) {
        f[12] = 0x08;
        f[13] = 0x00;
        f[14] = 0x45;
        f[16] = (uint8_t)((len - 14) >> 8);
        f[17] = (uint8_t)(len - 14);
        f[20] = (kind & 2u) ? 0x20 : 0;        /* MF: a fragment */
        f[21] = 0;
        f[23] = (kind & 4u) ? 6 : 17;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (len >= 38) {
            f[34] = (uint8_t)i;
            f[35] = (uint8_t)(i * 7u);
        }
        (void)ixg_receive(d, f, len);
        advance_to(d, h, h->now + (uint64_t)gap * 8u);
    }
}

/* A TCP/IPv4 frame sent from the TDT of queue q on as an advanced
 * context and @count data descriptors (or legacy ones). */
static void tx_chain(IxgDev *d, FzHost *h, Cur *c)
{
    static const uint8_t hdr[54] = {
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0, 1, 0x08, 0x00,
        0x45, 0, 0x05, 0xdc, 0, 1, 0x40, 0, 64, 6, 0, 0, 10, 0, 0, 1,
        10, 0, 0, 2, 0x30, 0x39, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0,
        0x50, 0x18, 0x20, 0, 0, 0, 0, 0,
    };
    uint32_t q = take(c, 1) % 4, n = take(c, 1) % 8 + 1;
    uint32_t mss = take(c, 2) % 9000, fl = take(c, 1);
    uint32_t ring = FZ_TXRING(q), nd = 32u;
    uint32_t t = ixg_peek_reg(d, IXG_TDT(q)) % nd, paylen = n * 1024 - 54;
    uint32_t dcmd = IXG_TXD_CMD_DEXT | IXG_TXD_CMD_IFCS |
                    ((fl & 1u) ? IXG_TXD_CMD_TSE : 0) |
                    ((fl & 8u) ? IXG_TXD_CMD_VLE : 0);

    mem_put(h, FZ_TXDATA, hdr, sizeof(hdr));
    if (!(fl & 0x80u)) {
        mem_put64(h, ring + 16 * t, 20u | 14u << 9 | (uint64_t)0x0123u << 16);
        mem_put64(h, ring + 16 * t + 8, (uint64_t)(IXG_ACTX_TUCMD_IPV4 |
                  IXG_ACTX_TUCMD_L4T_TCP | 2u << 20 | 1u << 29) |
                  (uint64_t)(mss << 16 | 20u << 8 | (fl & 0x10u)) << 32);
        t = (t + 1u) % nd;
    }
    for (uint32_t i = 1; i <= n; i++, t = (t + 1u) % nd) {
        uint32_t last = i == n;
        uint64_t a = FZ_MEM_BASE + FZ_TXDATA + (i - 1) * 1024;
        mem_put64(h, ring + 16 * t, a);
        if (fl & 0x80u) {
            /* CSO 50 (the TCP checksum), CSS 34 */
            mem_put64(h, ring + 16 * t + 8, 1024u |
                      (uint64_t)(IXG_TXD_CMD_IFCS | last |
                                 (last ? IXG_TXD_CMD_RS | IXG_TXD_CMD_IC
                                       : 0u)) << 24 |
                      (uint64_t)50u << 16 | (uint64_t)34u << 40);
        } else {
            mem_put64(h, ring + 16 * t + 8, (uint64_t)(1024u | 3u << 20 |
                      (dcmd | last | (last ? IXG_TXD_CMD_RS : 0u)) << 24) |
                      (uint64_t)((fl & 6u) << 7 | (fl & 0x10u) |
                                 paylen << 14) << 32);
        }
    }
    wr(d, IXG_TDT(q), t);
}

static void irq_setup(IxgDev *d, Cur *c)
{
    uint32_t mode = take(c, 1), eitr = take(c, 2), bits = take(c, 1);

    ixg_set_irq_mode(d, (IxgIrqMode)(mode % 3), (mode >> 2) & 1u);
    wr(d, IXG_GPIE, ((mode & 8u) ? IXG_GPIE_MSIX_MODE : 0) |
       ((mode & 16u) ? IXG_GPIE_OCD : 0) | ((mode & 32u) ? IXG_GPIE_EIAME : 0) |
       ((mode & 64u) ? IXG_GPIE_EIMEN : 0) | IXG_GPIE_PBA_SUPPORT);
    for (uint32_t q = 0; q < 4; q++) {
        uint32_t v = (q + bits) % 18u | IXG_IVAR_VALID;
        wr(d, IXG_IVAR(q >> 2) , v * 0x01010101u);
        wr(d, IXG_IVAR(16u + (q >> 2)), v * 0x01010101u);
        wr(d, IXG_EITR(q), eitr);
    }
    wr(d, IXG_IVAR(24), (16u | IXG_IVAR_VALID) << 8 | (17u | IXG_IVAR_VALID));
    wr(d, IXG_EIAC, (bits & 1u) ? IXG_EICR_RTXQ : 0);
    wr(d, IXG_EIAM, (bits & 2u) ? IXG_EICR_RTXQ : 0);
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        ixg_msix_write(d, 16u * v + 12u, (bits >> 2) & 1u, 4);
    }
    wr(d, IXG_EIMS, (bits & 8u) ? 0x7FFFFFFFu : 0xFFFFu);
}

static void link_mdio(IxgDev *d, Cur *c)
{
    uint32_t a = take(c, 1), reg = take(c, 1);

    wr(d, IXG_AUTOC, (a & 7u) << IXG_AUTOC_LMS_SHIFT | (a >> 3 & 1u) |
       ((a & 16u) ? IXG_AUTOC_AN_RESTART : 0));
    wr(d, IXG_MSCA, reg | 1u << 16 | IXG_MSCA_OP_READ << 26 |
       IXG_MSCA_MDI_COMMAND);
    (void)ixg_mmio_read(d, IXG_MSRWD, 4);
    wr(d, IXG_ATLASCTL, reg << 8 | a);
    wr(d, IXG_ATLASCTL, IXG_ATLASCTL_READ_CMD | reg << 8);
    (void)ixg_mmio_read(d, IXG_ATLASCTL, 4);
}

static void snapshots(IxgDev **pd, FzHost *h, uint32_t sub)
{
    IxgDev *d = *pd;
    FZ_CHECK(ixg_save(d, blob, blob_size) == blob_size);
    if (sub % 16 == 3) {
        blob[(sub * 2654435761u) % blob_size] ^= (uint8_t)(1u << (sub % 7));
        FZ_CHECK(restore_into(d, h, blob) == -1);
    } else if (sub % 16 == 2) {
        FZ_CHECK(restore_into(d, h, blob) == 0);
    } else {
        IxgDev *d2 = d == devs[0] ? devs[1] : devs[0];
        FZ_CHECK(restore_into(d2, h, blob) == 0);
        *pd = d2;
    }
}

static void misc(IxgDev **pd, FzHost *h, Cur *c, uint8_t *frame,
                 unsigned *saves, unsigned *peeks)
{
    uint32_t sub = take(c, 1);
    IxgDev *d = *pd;

    switch (sub % 16) {
    case 0:
    case 1:
        ixg_set_link(d, (int)(sub & 1));
        break;
    case 2:
    case 3:
    case 7:
        if (++*saves <= 1) {
            snapshots(pd, h, sub);
        }
        break;
    case 4:
        ixg_reset(d);
        break;
    case 5:
        wr(d, IXG_CTRL, IXG_CTRL_RST);
        break;
    case 6: {
        uint32_t base = take(c, 2) * 4u;
        for (uint32_t i = 0; i < 64 && ++*peeks <= 256; i++) {
            (void)ixg_peek_reg(d, (base + 4 * i) % IXG_MMIO_SIZE);
        }
        break;
    }
    case 8: rx_queues(d, h, c); break;
    case 9: tx_queue(d, c); break;
    case 10: rx_burst(d, h, c, frame); break;
    case 11: tx_chain(d, h, c); break;
    case 12: {
        uint32_t first = take(c, 1), n = take(c, 1) % 64;
        for (uint32_t i = 0; i < n; i++) {
            wr(d, IXG_EERD, 1u | ((first + i) & 0x1FFu) << 2);
            (void)ixg_mmio_read(d, IXG_EERD, 4);
        }
        break;
    }
    case 13: irq_setup(d, c); break;
    case 14: link_mdio(d, c); break;
    default:
        (void)ixg_mmio_read(d, IXG_EICR, 4);
        advance_to(d, h, h->now + 1000000);
        break;
    }
    check_contract(*pd, h);
}

static IxgDev *fresh_dev(FzHost *h)
{
    IxgDev *d;
    if (!devs[0]) {
        devs[0] = make_dev(h);
        devs[1] = make_dev(h);
        FZ_CHECK(devs[0] && devs[1]);
        blob_size = ixg_save_size(devs[0]);
        blob = malloc(blob_size);
        FZ_CHECK(blob);
    }
    d = devs[0];
    if (h->mem_dirty) {
        memset(h->mem, 0, sizeof(h->mem));
        h->mem_dirty = 0;
    }
    h->irq = ixg_irq_level(d);
    h->deadline = ixg_next_deadline(d);
    h->dev = d;
    ixg_reset(d);
    return d;
}

static void bar_access(IxgDev *d, Cur *c, uint32_t op)
{
    uint32_t a, v, f;
    switch (op & 3) {
    case 0:
        a = take(c, 1);
        v = take(c, 4);
        wr(d, regs[a % NREGS], v);
        break;
    case 1:
        (void)ixg_mmio_read(d, regs[take(c, 1) % NREGS], 4);
        break;
    case 2:
        a = take(c, 3) & 0x3FFFFu;   /* half the time beyond the BAR */
        v = take(c, 4);
        f = take(c, 1);
        if (f & 1) {
            ixg_mmio_write(d, a, v, size_of(f));
        } else {
            (void)ixg_mmio_read(d, a, size_of(f));
        }
        break;
    default:
        a = take(c, 2);
        v = take(c, 4);
        f = take(c, 1);
        if (f & 8u) {
            a %= IXG_MSIX_BAR_SIZE + 16u;
            if (f & 1) {
                ixg_msix_write(d, a, v, size_of(f));
            } else {
                (void)ixg_msix_read(d, a, size_of(f));
            }
        } else {
            a %= IXG_IO_SIZE + 4u;
            if (f & 1) {
                ixg_io_write(d, a, v, size_of(f));
            } else {
                (void)ixg_io_read(d, a, size_of(f));
            }
        }
        break;
    }
}

static void wire_frame(IxgDev *d, Cur *c, uint8_t *frame)
{
    uint32_t len = take(c, 2) % FZ_MAX_FRAME;
    uint32_t have = len < c->n ? len : (uint32_t)c->n;
    memcpy(frame, c->p, have);
    c->p += have;
    c->n -= have;
    for (uint32_t i = have; i < len; i++) {
        frame[i] = (uint8_t)(i * 7u);
    }
    (void)ixg_receive(d, frame, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FzHost host;
    static uint8_t frame[FZ_MAX_FRAME];
    FzHost *h = &host;
    Cur c = { data, size };
    IxgDev *d;
    unsigned steps = 0, saves = 0, peeks = 0;

    d = fresh_dev(h);
    check_contract(d, h);
    while (c.n && steps++ < 4096) {
        uint32_t op = take(&c, 1), a, v;
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
            h->dev = d;
            break;
        default:
            a = take(&c, 3) % FZ_MEM_SIZE & ~3u;
            v = take(&c, 4);
            mem_put(h, a, &v, 4);
            break;
        }
        check_contract(d, h);
    }
    advance_to(d, h, h->now + 100000);
    return 0;
}
