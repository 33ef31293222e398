/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Cost of the 82598 model per frame, for callgrind (docs/model-82598.md
 * "Speed").  Not a test: it prints what happened and leaves the
 * counting of instructions to
 *
 *   valgrind --tool=callgrind --toggle-collect=ixg_receive_known \
 *     --toggle-collect=ixg_run_until --toggle-collect=ixg_mmio_read \
 *     --toggle-collect=ixg_mmio_write build/tests/bench_ixgbe rx 200000
 *
 * which counts the instructions inside the model's entry points only
 * (the host's DMA copies into its window included, the harness not).
 *
 * Workload: 64-byte frames (60 + FCS) offered at 10 Gb/s line rate
 * (one every 67.2 ns) to 4 receive queues by RSS (flows differ in their
 * source port), each queue with its MSI-X vector (the model's own table)
 * throttled by EITR (Linux's 20K interrupts/s: 200 x 256 ns); a minimal
 * driver polls a queue when its message arrives: it takes every written
 * back descriptor, gives the buffers back (RDT every 32) and re-enables
 * the vector (EIMS), as the later testbench integration will.  Mode
 * "fwd" also sends every received frame out of the transmit queue of
 * the same index (one TDT write per poll) and cleans the transmit ring.
 * The frame's FCS is handed over (NicRxKnown) as the testbench's
 * traffic generator does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ixgbe.h"
#include "ixgbe_regs.h"
#include "nic_crc32.h"

#define NQ 4u
#define NDESC 1024u
#define MEM_SIZE (64u << 20)
#define BASE 0x100000000ull
#define RXRING(q) (BASE + 0x10000ull * (q))
#define TXRING(q) (BASE + 0x80000ull + 0x10000ull * (q))
#define RXBUF(q, i) (BASE + 0x200000ull + (((q) * NDESC + (i)) << 11))
#define FRAME 60u

typedef struct Bench {
    IxgDev *dev;
    uint8_t *mem;
    uint64_t now;
    uint64_t deadline;
    uint32_t pending;           /* vectors signalled, not yet polled */
    uint32_t rx_next[NQ];       /* next descriptor the driver looks at */
    uint32_t tx_tail[NQ], tx_clean[NQ];
    int fwd;
    uint64_t polled, sent, msgs;
} Bench;

static uint8_t *at(Bench *b, uint64_t addr)
{
    return b->mem + (addr - BASE);
}

static int dma_read(void *o, uint64_t a, void *buf, uint32_t len)
{
    (void)o; (void)a; (void)buf; (void)len;
    return -1;                  /* everything is inside the window */
}

static int dma_write(void *o, uint64_t a, const void *buf, uint32_t len)
{
    (void)o; (void)a; (void)buf; (void)len;
    return -1;
}

static void set_irq(void *o, int level)
{
    (void)o; (void)level;
}

static uint64_t now_ns(void *o)
{
    return ((Bench *)o)->now;
}

static void deadline(void *o, uint64_t d)
{
    ((Bench *)o)->deadline = d;
}

static void tx_frame(void *o, const uint8_t *f, uint32_t len)
{
    (void)f; (void)len;
    ((Bench *)o)->sent++;
}

static void msi(void *o, uint32_t v)
{
    Bench *b = o;
    b->pending |= 1u << v;
    b->msgs++;
}

static void wr(Bench *b, uint32_t off, uint32_t v)
{
    ixg_mmio_write(b->dev, off, v, 4);
}

static void put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void setup(Bench *b)
{
    wr(b, IXG_CTRL, IXG_CTRL_RST);
    ixg_set_irq_mode(b->dev, IXG_IRQ_MSIX, 0);
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        ixg_msix_write(b->dev, 16u * v + 12u, 0, 4);      /* unmask */
    }
    wr(b, IXG_GPIE, IXG_GPIE_MSIX_MODE | IXG_GPIE_PBA_SUPPORT |
       IXG_GPIE_OCD | IXG_GPIE_EIAME);
    wr(b, IXG_EIAM, IXG_EICR_RTXQ);
    wr(b, IXG_EIAC, IXG_EICR_RTXQ);
    wr(b, IXG_RDRXCTL, IXG_RDRXCTL_MVMEN);
    for (uint32_t q = 0; q < NQ; q++) {
        uint32_t ivar = (q | IXG_IVAR_VALID);
        wr(b, IXG_IVAR(q >> 2), ixg_mmio_read(b->dev, IXG_IVAR(q >> 2), 4) |
           ivar << (8 * (q & 3u)));
        wr(b, IXG_IVAR((64 + q) >> 2),
           ixg_mmio_read(b->dev, IXG_IVAR((64 + q) >> 2), 4) |
           ivar << (8 * (q & 3u)));
        wr(b, IXG_EITR(q), 200u | 200u << 16);
        for (uint32_t i = 0; i < NDESC; i++) {
            put64(at(b, RXRING(q) + 16ull * i), RXBUF(q, i));
            put64(at(b, RXRING(q) + 16ull * i + 8), 0);
        }
        wr(b, IXG_SRRCTL(q), 2u | IXG_SRRCTL_DESCTYPE_ADV_ONEBUF |
           IXG_SRRCTL_DROP_EN);
        wr(b, IXG_RDBAL(q), (uint32_t)RXRING(q));
        wr(b, IXG_RDBAH(q), (uint32_t)(RXRING(q) >> 32));
        wr(b, IXG_RDLEN(q), NDESC * 16u);
        wr(b, IXG_RXDCTL(q), 0x080420u | IXG_RXDCTL_ENABLE);
        wr(b, IXG_RDT(q), NDESC - 1u);
        wr(b, IXG_TDBAL(q), (uint32_t)TXRING(q));
        wr(b, IXG_TDBAH(q), (uint32_t)(TXRING(q) >> 32));
        wr(b, IXG_TDLEN(q), NDESC * 16u);
        wr(b, IXG_TXDCTL(q), 32u | 1u << 8 | 8u << 16 | IXG_TXDCTL_ENABLE);
    }
    for (uint32_t i = 0; i < 10; i++) {
        wr(b, IXG_RSSRK(i), 0x6d5a56dau + i * 0x01010101u);
    }
    for (uint32_t i = 0; i < 32; i++) {
        wr(b, IXG_RETA(i), 0x33221100u);
    }
    wr(b, IXG_MRQC, IXG_MRQC_RSSEN | IXG_MRQC_IPV4 | IXG_MRQC_UDP_IPV4);
    wr(b, IXG_RXCSUM, IXG_RXCSUM_PCSD);
    wr(b, IXG_RXCTRL, IXG_RXCTRL_RXEN | IXG_RXCTRL_DMBYPS);
    wr(b, IXG_EIMS, 0xFFFFu);
}

/** Free transmit descriptors of queue @q after cleaning the done ones
 *  (DD written back: the status dword of the write-back format). */
static uint32_t tx_room(Bench *b, uint32_t q)
{
    uint32_t c = b->tx_clean[q];

    while (c != b->tx_tail[q]) {
        uint8_t *td = at(b, TXRING(q) + 16ull * c);
        if (!(get32(td + 12) & IXG_TXD_STAT_DD)) {
            break;
        }
        put64(td + 8, 0);
        c = (c + 1u) % NDESC;
    }
    b->tx_clean[q] = c;
    return (c + NDESC - 1u - b->tx_tail[q]) % NDESC;
}

/** Poll queue @q: take its written-back descriptors; forward them. */
static void poll(Bench *b, uint32_t q)
{
    uint32_t n = 0, i = b->rx_next[q];
    uint32_t room = b->fwd ? tx_room(b, q) : UINT32_MAX;

    for (; n < room;) {
        uint8_t *d = at(b, RXRING(q) + 16ull * i);
        uint32_t st = get32(d + 8), len;
        if (!(st & IXG_RXD_STAT_DD)) {
            break;
        }
        len = get32(d + 12) & 0xFFFFu;
        if (b->fwd) {
            uint32_t t = b->tx_tail[q];
            uint8_t *td = at(b, TXRING(q) + 16ull * t);
            put64(td, RXBUF(q, i));
            put64(td + 8, (uint64_t)(len | IXG_ATXD_DTYP_DATA << 20 |
                  (uint32_t)(IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS |
                             IXG_TXD_CMD_RS | IXG_TXD_CMD_DEXT) << 24) |
                  (uint64_t)(len << IXG_ATXD_PAYLEN_SHIFT) << 32);
            b->tx_tail[q] = (t + 1u) % NDESC;
        }
        put64(d, RXBUF(q, i));
        put64(d + 8, 0);
        i = (i + 1u) % NDESC;
        n++;
        if ((n & 31u) == 0) {
            wr(b, IXG_RDT(q), (i + NDESC - 1u) % NDESC);
        }
    }
    b->rx_next[q] = i;
    b->polled += n;
    if (n & 31u) {
        wr(b, IXG_RDT(q), (i + NDESC - 1u) % NDESC);
    }
    if (b->fwd && n) {
        wr(b, IXG_TDT(q), b->tx_tail[q]);
    }
    wr(b, IXG_EIMS, 1u << q);
}

/** Advance the clock to @t, running the model's deadlines and the
 *  driver's polls on the way. */
static void advance(Bench *b, uint64_t t)
{
    for (;;) {
        uint64_t d = ixg_next_deadline(b->dev);
        while (b->pending) {
            uint32_t q = (uint32_t)__builtin_ctz(b->pending);
            b->pending &= b->pending - 1u;
            if (q < NQ) {
                poll(b, q);
            }
        }
        d = ixg_next_deadline(b->dev);
        if (d > t) {
            break;
        }
        b->now = d > b->now ? d : b->now;
        ixg_run_until(b->dev, b->now);
    }
    b->now = t;
}

static uint32_t frame_fcs(const void *ctx)
{
    return *(const uint32_t *)ctx;
}

int main(int argc, char **argv)
{
    Bench b;
    IxgConfig cfg;
    IxgPort port = {
        .dma_read = dma_read, .dma_write = dma_write, .set_irq = set_irq,
        .now_ns = now_ns, .deadline_changed = deadline, .tx_frame = tx_frame,
        .msi = msi,
    };
    uint64_t frames, t_ps = 0;
    uint8_t f[FRAME];
    uint32_t fcs;
    IxgTotals tot;
    NicRxKnown known = { 42, frame_fcs, &fcs };

    if (argc != 3 || (strcmp(argv[1], "rx") && strcmp(argv[1], "fwd")) ||
        (frames = strtoull(argv[2], NULL, 10)) == 0) {
        fprintf(stderr, "usage: bench_ixgbe rx|fwd FRAMES\n");
        return 2;
    }
    memset(&b, 0, sizeof(b));
    b.fwd = strcmp(argv[1], "fwd") == 0;
    b.mem = calloc(1, MEM_SIZE);
    port.opaque = &b;
    port.dma_mem = b.mem;
    port.dma_base = BASE;
    port.dma_size = MEM_SIZE;
    port.now_var = &b.now;
    ixg_config_default(&cfg);
    cfg.msix_table = 1;
    b.dev = ixg_new(&cfg, &port);
    if (!b.mem || !b.dev) {
        return 1;
    }
    setup(&b);
    /* a UDP/IPv4 frame to the station address; the flow varies by the
     * source port (bytes 34-35) */
    memset(f, 0, sizeof(f));
    memcpy(f, cfg.mac, 6);
    f[6] = 0x02;
    f[12] = 0x08;
    f[14] = 0x45;
    f[17] = 46;
    f[22] = 64;
    f[23] = 17;
    f[26] = 10; f[29] = 1; f[30] = 10; f[33] = 2;
    f[37] = 9;
    f[39] = 26;
    for (uint64_t i = 0; i < frames; i++) {
        f[34] = (uint8_t)(i >> 8);
        f[35] = (uint8_t)i;
        fcs = nic_crc32(f, FRAME);
        t_ps += 67200u;            /* 84 byte times of 800 ps */
        advance(&b, 1000000u + t_ps / 1000u);
        ixg_receive_known(b.dev, f, FRAME, &known);
    }
    advance(&b, b.now + 1000000u);
    ixg_totals(b.dev, &tot);
    printf("%s: offered %llu, received %llu, polled %llu, sent %llu, "
           "no-desc drops %llu, MPC %llu, messages %llu, "
           "desc reads %llu, wb writes %llu\n",
           argv[1], (unsigned long long)frames,
           (unsigned long long)tot.gprc, (unsigned long long)b.polled,
           (unsigned long long)b.sent,
           (unsigned long long)tot.rx_nodesc_drops,
           (unsigned long long)tot.mpc, (unsigned long long)b.msgs,
           (unsigned long long)tot.rx_desc_reads,
           (unsigned long long)tot.rx_wb_writes);
    ixg_free(b.dev);
    free(b.mem);
    return 0;
}
