/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model under hostile programming: rings and buffers outside host
 * memory, zero lengths, indices beyond the rings, unusable buffer sizes,
 * transmit chains that never end or are too long, impossible TSO
 * contexts, and a seeded storm of random register writes, frames and
 * time steps.  The model must not crash, must not spin (the deadlines
 * it asks for stay few), must not touch memory outside its port (the
 * port counts refused requests; valgrind/ASan runs catch the rest), and
 * its state must stay in range (a save/restore round trip, which
 * validates every field, succeeds).
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

#define MEM (1u << 20)
#define RING (XP_MEM_BASE + 0x0000u)
#define TXRING (XP_MEM_BASE + 0x8000u)
#define BUFS (XP_MEM_BASE + 0x10000u)
#define OUTSIDE 0xFFFFFFFFFFFF0000ull

static void rx_some(XpPort *xp, uint32_t n, uint32_t len)
{
    uint8_t *f = xp_frame(ixg_config(xp->dev)->mac, len);
    for (uint32_t i = 0; i < n; i++) {
        ixg_receive(xp->dev, f, len);
        xp_advance(xp, 500);
    }
    g_free(f);
}

/** The state is in range: it saves and restores. */
static void assert_sane(XpPort *xp)
{
    size_t n = ixg_save_size(xp->dev);
    uint8_t *b = g_malloc(n);

    g_assert_cmpuint(ixg_save(xp->dev, b, n), ==, n);
    g_assert_cmpint(ixg_restore(xp->dev, b, n), ==, 0);
    g_free(b);
}

/* Receive ring and buffers outside memory: faults, counted, no harm. */
static void test_rx_outside(void)
{
    for (int window = 0; window <= 1; window++) {
        XpPort *xp = xp_new(MEM, NULL, window);
        IxgTotals t;

        xp_setup_rxq(xp, 0, RING, 64, OUTSIDE, 2048, 63, 0);  /* buffers */
        xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
        rx_some(xp, 10, 100);
        ixg_totals(xp->dev, &t);
        g_assert_cmpuint(t.rx_dma_errors, ==, 10);
        g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 10);  /* consumed */
        /* the ring itself outside; then straddling the end of memory */
        xp_wr(xp, IXG_RDBAL(0), 0xFFFF0000u);
        xp_wr(xp, IXG_RDBAH(0), 0xFFFFFFFFu);
        rx_some(xp, 10, 100);
        xp_wr(xp, IXG_RXDCTL(0), 0);
        xp_wr(xp, IXG_RDBAL(0), (uint32_t)(XP_MEM_BASE + MEM - 256));
        xp_wr(xp, IXG_RDBAH(0), 0);
        xp_wr(xp, IXG_RDH(0), 0);
        xp_wr(xp, IXG_RXDCTL(0), IXG_RXDCTL_ENABLE);
        rx_some(xp, 40, 100);
        xp_advance(xp, 1000000);
        g_assert_cmpuint(xp->runs, <, 2000);
        g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_DMA_WRITE_FAULT) +
                         xp_trace_count(xp, IXG_TRACE_DMA_READ_FAULT), >, 0);
        assert_sane(xp);
        xp_free(xp);
    }
}

/* Zero lengths, indices beyond the ring, a buffer size of 0. */
static void test_rx_bad_geometry(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    for (uint32_t i = 0; i < 64; i++) {    /* buffers in memory */
        xp_put_le64(xp, RING + 16ull * i, BUFS + 2048ull * i);
    }
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
    xp_wr(xp, IXG_RDBAL(0), (uint32_t)RING);
    xp_wr(xp, IXG_RXDCTL(0), IXG_RXDCTL_ENABLE);   /* RDLEN 0 */
    xp_wr(xp, IXG_RDT(0), 5);
    rx_some(xp, 5, 60);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RING_LEN), ==, 0);
    xp_wr(xp, IXG_RDLEN(0), 0);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RING_LEN), ==, 1);
    xp_wr(xp, IXG_RDLEN(0), 64 * 16);
    xp_wr(xp, IXG_RDT(0), 64);                     /* = the ring size */
    xp_wr(xp, IXG_RDT(0), 0xFFFF);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RING_INDEX), ==, 2);
    rx_some(xp, 5, 60);
    xp_wr(xp, IXG_RXDCTL(0), 0);
    xp_wr(xp, IXG_RDH(0), 0xFFFF);                 /* head beyond */
    xp_wr(xp, IXG_RDT(0), 10);
    xp_wr(xp, IXG_RXDCTL(0), IXG_RXDCTL_ENABLE);
    rx_some(xp, 5, 60);
    /* a ring shrunk under the head */
    xp_wr(xp, IXG_RDLEN(0), 128);
    rx_some(xp, 5, 60);
    xp_wr(xp, IXG_SRRCTL(0), IXG_SRRCTL_DESCTYPE_ADV_ONEBUF);  /* 0 KB */
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_RX_QUEUE_CFG), ==, 1);
    xp_wr(xp, IXG_RXDCTL(0), 0);
    xp_wr(xp, IXG_RDLEN(0), 1024);
    xp_wr(xp, IXG_RDH(0), 0);
    xp_wr(xp, IXG_RXDCTL(0), IXG_RXDCTL_ENABLE);
    xp_wr(xp, IXG_RDT(0), 60);
    rx_some(xp, 5, 60);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 0);   /* frames wait */
    xp_wr(xp, IXG_SRRCTL(0), 2u | IXG_SRRCTL_DESCTYPE_ADV_ONEBUF);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), >, 0);    /* and go */
    g_assert_cmpuint(xp->runs, <, 2000);
    g_assert_cmpuint(xp->dma_faults, ==, 0);
    assert_sane(xp);
    xp_free(xp);
}

/* Transmit: descriptors outside memory, zero and maximal lengths, a
 * chain with no EOP filling the ring, a chain longer than the cache,
 * impossible TSO contexts, a tail beyond the ring. */
static void test_tx_hostile(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    IxgTotals t;

    xp_setup_txq(xp, 0, TXRING, 64, 0);
    /* buffers outside memory */
    for (uint32_t i = 0; i < 4; i++) {
        xp_put_txd(xp, TXRING, i, OUTSIDE, 100,
                   IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS, 0);
    }
    /* zero length; 0xFFFF bytes (more than a frame) */
    xp_put_txd(xp, TXRING, 4, BUFS, 0, IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS, 0);
    xp_put_txd(xp, TXRING, 5, BUFS, 0xFFFF, IXG_TXD_CMD_EOP, 0);
    /* TSO with MSS 0, and with a header longer than the chain */
    xp_put_le64(xp, TXRING + 16 * 6, 0);
    xp_put_le32(xp, TXRING + 16 * 6 + 8, IXG_ACTX_TUCMD_IPV4 |
                IXG_ACTX_TUCMD_L4T_TCP |
                IXG_ATXD_DTYP_CTXT << IXG_ATXD_DTYP_SHIFT |
                IXG_TXD_CMD_DEXT << 24);
    xp_put_le32(xp, TXRING + 16 * 6 + 12, 20u << IXG_ACTX_L4LEN_SHIFT);
    xp_put_le32(xp, TXRING + 16 * 6, 20u | 14u << IXG_ACTX_MACLEN_SHIFT);
    xp_put_txd(xp, TXRING, 7, BUFS, 1000,
               IXG_TXD_CMD_EOP | IXG_TXD_CMD_TSE | IXG_TXD_CMD_RS, 0);
    xp_put_txd(xp, TXRING, 8, BUFS, 30,
               IXG_TXD_CMD_EOP | IXG_TXD_CMD_TSE | IXG_TXD_CMD_RS, 0);
    xp_wr(xp, IXG_TDT(0), 9);
    xp_advance(xp, 1000000);
    ixg_totals(xp->dev, &t);
    g_assert_cmpuint(xp_rd(xp, IXG_TDH(0)), ==, 9);
    g_assert_cmpuint(xp->tx->len, ==, 0);
    g_assert_cmpuint(t.tx_dma_errors, >=, 4);
    /* a chain with no EOP over the rest of the ring (54 descriptors):
     * the 40 the descriptor cache holds are dropped as a chain too long
     * for a frame, the other 14 wait for their EOP without spinning */
    for (uint32_t i = 9; i < 64; i++) {
        xp_put_txd(xp, TXRING, i, BUFS, 64, IXG_TXD_CMD_IFCS, 0);
    }
    xp_wr(xp, IXG_TDT(0), 63);
    xp_advance(xp, 1000000);
    ixg_totals(xp->dev, &t);
    g_assert_cmpuint(xp->tx->len, ==, 0);
    g_assert_cmpuint(xp_rd(xp, IXG_TDH(0)), ==, 49);
    g_assert_cmpuint(t.tx_bad_desc, ==, 4);
    /* their EOP arrives after the wrap: one frame of 26 x 64 bytes */
    for (uint32_t i = 0; i < 10; i++) {
        xp_put_txd(xp, TXRING, i, BUFS, 64, IXG_TXD_CMD_IFCS, 0);
    }
    xp_put_txd(xp, TXRING, 10, BUFS, 64, IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS, 0);
    xp_wr(xp, IXG_TDT(0), 11);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(xp->tx->len, ==, 1);
    g_assert_cmpuint(g_array_index(xp->tx, XpFrame, 0).len, ==, 26 * 64);
    g_assert_cmpuint(xp_rd(xp, IXG_TDH(0)), ==, 11);
    /* tail and head beyond the ring */
    xp_wr(xp, IXG_TDT(0), 0xFFFF);
    xp_wr(xp, IXG_TXDCTL(0), 0);
    xp_wr(xp, IXG_TDH(0), 0x8000);
    xp_wr(xp, IXG_TXDCTL(0), IXG_TXDCTL_ENABLE);
    xp_wr(xp, IXG_TDLEN(0), 0);
    xp_wr(xp, IXG_TDT(0), 3);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(xp->runs, <, 5000);
    assert_sane(xp);
    xp_free(xp);
}

/* A seeded storm: random values to random registers (weighted towards
 * the queue, interrupt and control registers), frames of random sizes,
 * random time steps, mode changes.  Afterwards the state is in range
 * and the device still works after a reset. */
static void storm(guint32 seed, bool window)
{
    static const uint32_t hot[] = {
        IXG_CTRL, IXG_EICR, IXG_EICS, IXG_EIMS, IXG_EIMC, IXG_EIAC, IXG_EIAM,
        IXG_GPIE, IXG_EITR(0), IXG_IVAR(0), IXG_IVAR(24), IXG_RXCTRL,
        IXG_FCTRL, IXG_VLNCTRL, IXG_MRQC, IXG_RETA(0), IXG_RSSRK(0),
        IXG_SRRCTL(0), IXG_RDRXCTL, IXG_RXPBSIZE(0), IXG_HLREG0, IXG_MHADD,
        IXG_AUTOC, IXG_RDBAL(0), IXG_RDLEN(0), IXG_RDH(0), IXG_RDT(0),
        IXG_RXDCTL(0), IXG_TDBAL(0), IXG_TDLEN(0), IXG_TDH(0), IXG_TDT(0),
        IXG_TXDCTL(0), IXG_TDWBAL(0), IXG_EERD, IXG_MSCA, IXG_ATLASCTL,
    };
    XpPort *xp = xp_new(MEM, NULL, window);
    GRand *r = g_rand_new_with_seed(seed);
    uint8_t *f = g_malloc(16384);

    for (uint32_t i = 0; i < MEM; i += 4) {
        xp_put_le32(xp, XP_MEM_BASE + i, g_rand_int(r));
    }
    xp_setup_rxq(xp, 0, RING, 64, BUFS, 2048, 63, 0);
    xp_setup_txq(xp, 0, TXRING, 64, 0);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
    for (uint32_t step = 0; step < 20000; step++) {
        uint32_t k = g_rand_int_range(r, 0, 100), off, val = g_rand_int(r);
        if (k < 15) {
            /* what a driver does: a good frame on the transmit ring,
             * receive descriptors handed back */
            uint32_t tdt = xp_rd(xp, IXG_TDT(0)) % 64u;
            uint32_t len = (uint32_t)g_rand_int_range(r, 60, 1514);
            xp_put_txd(xp, TXRING, tdt, BUFS + 2048ull * tdt, len,
                       IXG_TXD_CMD_EOP | IXG_TXD_CMD_IFCS | IXG_TXD_CMD_RS,
                       len << IXG_ATXD_PAYLEN_SHIFT);
            xp_wr(xp, IXG_TDT(0), (tdt + 1u) % 64u);
            xp_wr(xp, IXG_RDT(0), (xp_rd(xp, IXG_RDH(0)) + 63u) % 64u);
        } else if (k < 60) {
            off = hot[g_rand_int_range(r, 0, G_N_ELEMENTS(hot))];
            if (off >= IXG_RXQ_BASE && off < IXG_TXQ_END) {
                off += 0x40u * (uint32_t)g_rand_int_range(r, 0, 4);
            }
            if (g_rand_boolean(r)) {
                val &= 0x3FFFu;          /* small values matter most */
            }
            if ((off == IXG_RDBAL(0) || off == IXG_TDBAL(0)) &&
                g_rand_boolean(r)) {
                val = (uint32_t)XP_MEM_BASE + (val & (MEM - 1u));
            }
            xp_wr(xp, off, val);
        } else if (k < 65) {
            off = (uint32_t)g_rand_int_range(r, 0, IXG_MMIO_SIZE / 4) * 4u;
            xp_wr(xp, off, val);
        } else if (k < 68) {
            (void)xp_rd(xp, (uint32_t)g_rand_int_range(r, 0,
                                                       IXG_MMIO_SIZE / 4) * 4u);
        } else if (k < 90) {
            uint32_t len = g_rand_int_range(r, 0, 100) < 80
                           ? (uint32_t)g_rand_int_range(r, 14, 1600)
                           : (uint32_t)g_rand_int_range(r, 0, 16384);
            for (uint32_t j = 0; j < len; j++) {
                f[j] = (uint8_t)g_rand_int(r);
            }
            if (len >= 6 && g_rand_boolean(r)) {
                memcpy(f, ixg_config(xp->dev)->mac, 6);
            }
            ixg_receive(xp->dev, f, len);
        } else if (k < 98) {
            xp_advance(xp, (uint64_t)g_rand_int_range(r, 0, 20000));
        } else if (k < 99) {
            ixg_set_irq_mode(xp->dev, (IxgIrqMode)g_rand_int_range(r, 0, 3),
                             g_rand_boolean(r));
        } else {
            ixg_set_link(xp->dev, g_rand_boolean(r));
        }
    }
    xp_advance(xp, 100000000);
    /* bounded work: far fewer deadlines than time steps of a ns */
    g_assert_cmpuint(xp->runs, <, 20000000u);
    assert_sane(xp);
    g_test_message("seed %u: %" G_GUINT64_FORMAT " deadlines, %u frames "
                   "sent, %" G_GUINT64_FORMAT " refused DMA",
                   seed, xp->runs, xp->tx->len, xp->dma_faults);
    ixg_reset(xp->dev);
    xp_setup_rxq(xp, 0, RING, 64, BUFS, 2048, 63, 0);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
    {
        uint8_t *g = xp_frame(ixg_config(xp->dev)->mac, 60);
        xp_advance(xp, 2000000);
        g_assert_cmpint(ixg_receive(xp->dev, g, 60), ==, IXG_RX_QUEUED);
        xp_advance(xp, 100000);
        g_assert_cmpuint(xp_rd(xp, IXG_RDH(0)), ==, 1);
        g_free(g);
    }
    g_free(f);
    g_rand_free(r);
    xp_free(xp);
}

static void test_storm(void)
{
    for (guint32 seed = 1; seed <= 6; seed++) {
        storm(seed, seed & 1u);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/hostile/rx-outside", test_rx_outside);
    g_test_add_func("/ixgbe/hostile/rx-bad-geometry", test_rx_bad_geometry);
    g_test_add_func("/ixgbe/hostile/tx", test_tx_hostile);
    g_test_add_func("/ixgbe/hostile/storm", test_storm);
    return g_test_run();
}
