/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: save and restore.  A device saved in the middle of
 * traffic (frames in the packet buffer and on the PCIe link, descriptor
 * fetches and write-backs pending, throttled MSI-X vectors, transmit
 * frames on the wire) and restored into a fresh instance continues
 * exactly as the uninterrupted one: the same host memory, the same
 * frames at the same instants, the same messages, the same final blob.
 * Malformed blobs are refused and leave a power-on device.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"
#include "nic_blob.h"

#define MEM (8u << 20)
#define NQ 4u
#define RXRING(q) (XP_MEM_BASE + 0x1000u * (q))
#define RXBUFS(q) (XP_MEM_BASE + 0x100000u + 0x80000u * (q))
#define TXRING (XP_MEM_BASE + 0x10000u)
#define TXBUF (XP_MEM_BASE + 0x400000u)
#define STEP_NS 150u
#define EVENTS 600u

static void ivar_set(XpPort *xp, uint32_t i, uint32_t v)
{
    uint32_t r = xp_rd(xp, IXG_IVAR(i >> 2)), sh = 8u * (i & 3u);
    xp_wr(xp, IXG_IVAR(i >> 2),
          (r & ~(0xFFu << sh)) | ((v | IXG_IVAR_VALID) << sh));
}

/** The set-up Linux's ixgbe makes for 4 queue pairs with MSI-X: RSS,
 *  one vector per queue pair with EITR, the other causes on vector 4. */
static void setup(XpPort *xp)
{
    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSIX, 0);
    xp_wr(xp, IXG_GPIE, IXG_GPIE_MSIX_MODE | IXG_GPIE_PBA_SUPPORT |
          IXG_GPIE_OCD | IXG_GPIE_EIAME);
    xp_wr(xp, IXG_EIAM, IXG_EICR_RTXQ);
    xp_wr(xp, IXG_EIAC, IXG_EICR_RTXQ);
    for (uint32_t q = 0; q < NQ; q++) {
        ivar_set(xp, q, q);
        ivar_set(xp, IXG_IVAR_TX_BASE + q, q);
        xp_wr(xp, IXG_EITR(q), 40u * (q + 1u) | (40u * (q + 1u)) << 16);
        xp_setup_rxq(xp, q, RXRING(q), 256, RXBUFS(q), 2048, 255, 0x080420u);
    }
    ivar_set(xp, IXG_IVAR_OTHER, NQ);
    for (uint32_t i = 0; i < 10; i++) {
        xp_wr(xp, IXG_RSSRK(i), 0x9E3779B9u * (i + 1u));
    }
    for (uint32_t i = 0; i < 32; i++) {
        xp_wr(xp, IXG_RETA(i), 0x33221100u);
    }
    xp_wr(xp, IXG_MRQC, IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 | IXG_MRQC_IPV4);
    xp_wr(xp, IXG_RXCSUM, IXG_RXCSUM_PCSD);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN | IXG_RXCTRL_DMBYPS);
    xp_setup_txq(xp, 0, TXRING, 512, 32u | 1u << 8 | 8u << 16);
    xp_wr(xp, IXG_EIMS, 0xFFFFFFFFu);
}

/** Event @i of the traffic, at i x STEP_NS: frames arrive, frames are
 *  handed to the transmitter, the driver re-enables its vectors and
 *  reads counters. */
static void event(XpPort *xp, uint32_t i)
{
    if (i % 2 == 0) {
        uint32_t len = 64u + (i * 37u) % 1400u;
        uint8_t *f = xp_ip_frame(ixg_config(xp->dev)->mac, 0x0A000000u + i,
                                 0x0A010001u, (uint16_t)(1000 + i), 80, 1,
                                 len);
        ixg_receive(xp->dev, f, len);
        g_free(f);
    }
    if (i % 5 == 0) {
        uint32_t idx = (i / 5) % 512u, len = 60u + (i * 13u) % 1000u;
        uint64_t b = TXBUF + 2048ull * (idx % 256u);
        memset(xp_ptr(xp, b, len), (int)i, len);
        xp_put_txd(xp, TXRING, idx, b, len,
                   IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS | IXG_TXD_CMD_RS,
                   len << IXG_ATXD_PAYLEN_SHIFT);
        xp_wr(xp, IXG_TDT(0), (idx + 1u) % 512u);
    }
    if (i % 9 == 0) {
        xp_wr(xp, IXG_EIMS, 0x1Fu);
    }
    if (i % 31 == 0) {
        (void)xp_rd(xp, IXG_GPRC);
        (void)xp_rd(xp, IXG_EICR);
    }
}

/** Run events [from, to) of the traffic. */
static void drive(XpPort *xp, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++) {
        xp_advance_to(xp, 10000u + (uint64_t)i * STEP_NS);
        event(xp, i);
    }
}

static uint8_t *save(XpPort *xp, size_t *len)
{
    uint8_t *b = g_malloc(ixg_save_size(xp->dev));
    *len = ixg_save(xp->dev, b, ixg_save_size(xp->dev));
    g_assert_cmpuint(*len, ==, ixg_save_size(xp->dev));
    return b;
}

/** Save after event @cut, restore into a new instance, run both to the
 *  end: everything the host sees is the same. */
static void round_trip_at(uint32_t cut)
{
    XpPort *a = xp_new(MEM, NULL, true), *b;
    size_t n, nb, na2, nb2;
    uint8_t *blob, *blob2, *fa, *fb;
    guint irq0, tx0;

    setup(a);
    drive(a, 0, cut);
    blob = save(a, &n);
    irq0 = a->irqs->len;
    tx0 = a->tx->len;

    b = xp_new(MEM, NULL, true);
    memcpy(b->mem, a->mem, MEM);
    b->now = a->now;
    g_assert_cmpint(ixg_restore(b->dev, blob, n), ==, 0);
    blob2 = save(b, &nb);
    g_assert_cmpmem(blob2, nb, blob, n);        /* an exact round trip */
    g_free(blob2);

    drive(a, cut, EVENTS);
    drive(b, cut, EVENTS);
    xp_advance_to(a, 5000000);
    xp_advance_to(b, 5000000);

    g_assert_cmpuint(a->tx->len - tx0, ==, b->tx->len);
    for (guint i = 0; i < b->tx->len; i++) {
        const XpFrame *x = &g_array_index(a->tx, XpFrame, tx0 + i);
        const XpFrame *y = &g_array_index(b->tx, XpFrame, i);
        g_assert_cmpuint(x->time_ns, ==, y->time_ns);
        g_assert_cmpmem(x->data, x->len, y->data, y->len);
    }
    g_assert_cmpuint(a->irqs->len - irq0, ==, b->irqs->len);
    for (guint i = 0; i < b->irqs->len; i++) {
        const XpIrq *x = &g_array_index(a->irqs, XpIrq, irq0 + i);
        const XpIrq *y = &g_array_index(b->irqs, XpIrq, i);
        g_assert_cmpuint(x->time_ns, ==, y->time_ns);
        g_assert_cmpuint(x->value, ==, y->value);
    }
    g_assert_true(memcmp(a->mem, b->mem, MEM) == 0);
    fa = save(a, &na2);
    fb = save(b, &nb2);
    g_assert_cmpmem(fa, na2, fb, nb2);
    /* the traffic did run: frames both ways and messages on 4 vectors */
    g_assert_cmpuint(a->tx->len, >, 50);
    for (uint32_t v = 0; v < NQ; v++) {
        g_assert_cmpuint(a->msi[v], >, 0);
    }
    g_free(fa);
    g_free(fb);
    g_free(blob);
    xp_free(a);
    xp_free(b);
}

static void test_round_trips(void)
{
    /* cut points chosen to land in different phases of the traffic */
    static const uint32_t cuts[] = { 1, 7, 40, 77, 123, 300, 451 };
    for (size_t i = 0; i < G_N_ELEMENTS(cuts); i++) {
        g_test_message("cut after event %u", cuts[i]);
        round_trip_at(cuts[i]);
    }
}

/** Offset of @field in the payload of a blob. */
#define PAYLOAD_OFF(field) \
    (NIC_BLOB_HDR + offsetof(IxgDev, field) - offsetof(IxgDev, cfg))

/** Rewrite the hash of @blob (@n bytes) after a patch. */
static void rehash(uint8_t *blob, size_t n)
{
    uint32_t h = nic_blob_hash(blob + NIC_BLOB_HDR, n - NIC_BLOB_HDR);
    memcpy(blob + 12, &h, 4);
}

/** Restore @blob (@n bytes) into a busy device: refused, power-on. */
static void assert_refused(const uint8_t *blob, size_t n)
{
    XpPort *x = xp_new(MEM, NULL, true);

    setup(x);
    drive(x, 0, 50);
    g_assert_cmpint(ixg_restore(x->dev, blob, n), ==, -1);
    g_assert_cmphex(xp_rd(x, IXG_EIMS), ==, 0);
    g_assert_cmphex(xp_rd(x, IXG_RDLEN(0)), ==, 0);
    g_assert_cmphex(xp_rd(x, IXG_GPIE), ==, 0);
    g_assert_cmpint(ixg_irq_mode(x->dev), ==, IXG_IRQ_INTX);
    g_assert_cmpuint(ixg_next_deadline(x->dev), ==, x->deadline);
    xp_advance(x, 1000000);              /* and it runs on */
    xp_free(x);
}

static void test_refused(void)
{
    XpPort *a = xp_new(MEM, NULL, true);
    size_t n;
    uint8_t *blob, *bad;
    uint32_t v;

    setup(a);
    drive(a, 0, 60);
    blob = save(a, &n);
    bad = g_memdup2(blob, n);

    assert_refused(blob, n - 1);                         /* truncated */
    assert_refused(blob, 8);
    assert_refused(NULL, n);
    bad[NIC_BLOB_HDR + 1000] ^= 1;                       /* corrupted */
    assert_refused(bad, n);
    memcpy(bad, blob, n);
    bad[4] ^= 1;                                         /* version */
    assert_refused(bad, n);
    /* well-formed blobs with impossible contents */
    memcpy(bad, blob, n);
    v = 7;
    memcpy(bad + PAYLOAD_OFF(irq_mode), &v, 4);
    rehash(bad, n);
    assert_refused(bad, n);
    memcpy(bad, blob, n);
    bad[PAYLOAD_OFF(rx.step)] = 9;
    rehash(bad, n);
    assert_refused(bad, n);
    memcpy(bad, blob, n);
    v = 0xFFFFFFFFu;
    memcpy(bad + PAYLOAD_OFF(rx.pb.head), &v, 4);
    rehash(bad, n);
    assert_refused(bad, n);
    memcpy(bad, blob, n);
    bad[PAYLOAD_OFF(cfg.chip)] = 9;
    rehash(bad, n);
    assert_refused(bad, n);
    /* and the untouched blob is taken */
    g_assert_cmpint(ixg_restore(a->dev, blob, n), ==, 0);
    g_free(bad);
    g_free(blob);
    xp_free(a);
}

/* Statistics (datasheet 4.4.3.9): each register counts since its last
 * read and sticks at 0xFFFFFFFF; registers are independent (a read of
 * one clears no other).  The count is set beyond 32 bits through a
 * patched blob. */
static void test_stats_stick_and_independent(void)
{
    XpPort *a = xp_new(MEM, NULL, true);
    size_t n;
    uint8_t *blob;
    uint64_t big = 5000000000ull;

    setup(a);
    drive(a, 0, 200);
    (void)xp_rd(a, IXG_GPRC);
    (void)xp_rd(a, IXG_PTC64);
    blob = save(a, &n);
    memcpy(blob + PAYLOAD_OFF(totals.gprc), &big, 8);
    rehash(blob, n);
    g_assert_cmpint(ixg_restore(a->dev, blob, n), ==, 0);
    g_assert_cmphex(xp_rd(a, IXG_GPRC), ==, 0xFFFFFFFFu);
    g_assert_cmphex(xp_rd(a, IXG_GPRC), ==, 0);
    /* every counting register reads independently */
    drive(a, 200, 300);
    xp_advance(a, 1000000);
    {
        static const uint32_t regs[] = {
            IXG_GPRC, IXG_GORCH, IXG_TPR, IXG_TORH, IXG_BPRC, IXG_MPRC,
            IXG_PRC127, IXG_PRC1522, IXG_RUC, IXG_ROC, IXG_MPC(0),
            IXG_RNBC(0), IXG_GPTC, IXG_GOTCH, IXG_TPT, IXG_PTC64,
            IXG_PTC1522, IXG_BPTC, IXG_MPTC, IXG_QPRC(0), IXG_QBRC(0),
            IXG_QPTC(0), IXG_QBTC(0),
        };
        uint32_t first[G_N_ELEMENTS(regs)];
        for (size_t i = 0; i < G_N_ELEMENTS(regs); i++) {
            first[i] = ixg_peek_reg(a->dev, regs[i]);
        }
        for (size_t i = 0; i < G_N_ELEMENTS(regs); i++) {
            g_test_message("reg 0x%05x", regs[i]);
            g_assert_cmpuint(xp_rd(a, regs[i]), ==, first[i]);
            g_assert_cmpuint(xp_rd(a, regs[i]), ==, 0);
        }
        g_assert_cmpuint(first[0], >, 0);      /* GPRC */
        g_assert_cmpuint(first[12], >, 0);     /* GPTC */
        g_assert_cmpuint(first[16], >, 0);     /* PTC1522 */
    }
    g_free(blob);
    xp_free(a);
}

/* ixg_save into a short buffer writes nothing. */
static void test_short_buffer(void)
{
    XpPort *a = xp_new(MEM, NULL, true);
    uint8_t small[64];

    g_assert_cmpuint(ixg_save(a->dev, small, sizeof(small)), ==, 0);
    g_assert_cmpuint(ixg_save(NULL, small, sizeof(small)), ==, 0);
    xp_free(a);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/savestate/round-trips", test_round_trips);
    g_test_add_func("/ixgbe/savestate/refused", test_refused);
    g_test_add_func("/ixgbe/savestate/short-buffer", test_short_buffer);
    g_test_add_func("/ixgbe/savestate/stats-stick-independent",
                    test_stats_stick_and_independent);
    return g_test_run();
}
