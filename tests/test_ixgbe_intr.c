/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: interrupts (datasheet 3.5.4, registers 4.4.3.3).  EICR
 * clear rules (read, write 1 to clear, auto-clear by EIAC on an MSI-X
 * message, GPIE.OCD), auto-mask (EIAM), IVAR routing of queue and other
 * causes to MSI-X vectors, EITR intervals in 256 ns units and their
 * restart rule, INTx/MSI with Linux's ixgbe interrupt self-test
 * sequence, the built-in MSI-X table and PBA.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

#define MEM (4u << 20)
#define RXRING (XP_MEM_BASE + 0x00000u)
#define TXRING (XP_MEM_BASE + 0x10000u)
#define TXBUF (XP_MEM_BASE + 0x20000u)
#define RXBUF (XP_MEM_BASE + 0x100000u)

/** Set IVAR entry @i (INT_Alloc[i]) to vector/bit @v, valid. */
static void ivar_set(XpPort *xp, uint32_t i, uint32_t v)
{
    uint32_t r = xp_rd(xp, IXG_IVAR(i >> 2)), sh = 8u * (i & 3u);
    r = (r & ~(0xFFu << sh)) | ((v | IXG_IVAR_VALID) << sh);
    xp_wr(xp, IXG_IVAR(i >> 2), r);
}

/** MSI-X as Linux's ixgbe sets it up for the 82598 (ixgbe_configure_msix
 *  and ixgbe_setup_gpie): GPIE.MSIX_MODE|PBA_SUPPORT|OCD|EIAME, EIAM =
 *  the queue bits, EIAC = the queue bits. */
static void msix_linux(XpPort *xp)
{
    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSIX, 0);
    xp_wr(xp, IXG_GPIE, IXG_GPIE_MSIX_MODE | IXG_GPIE_PBA_SUPPORT |
          IXG_GPIE_OCD | IXG_GPIE_EIAME);
    xp_wr(xp, IXG_EIAM, IXG_EICR_RTXQ);
    xp_wr(xp, IXG_EIAC, IXG_EICR_RTXQ);
}

/** Index of the @n-th recorded interrupt (0-based). */
static const XpIrq *irq_at(XpPort *xp, guint n)
{
    g_assert_cmpuint(n, <, xp->irqs->len);
    return &g_array_index(xp->irqs, XpIrq, n);
}

static void rx_setup(XpPort *xp)
{
    /* RXDCTL as Linux's ixgbe sets it for the 82598: PTHRESH 32,
     * HTHRESH 4, WTHRESH 8 (ixgbe_configure_rx_ring) */
    xp_setup_rxq(xp, 0, RXRING, 64, RXBUF, 2048, 63, 0x080420u);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
}

static void rx_one(XpPort *xp)
{
    uint8_t *f = xp_frame(ixg_config(xp->dev)->mac, 60);
    g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==, IXG_RX_QUEUED);
    g_free(f);
}

static void tx_one(XpPort *xp, uint32_t q, uint32_t idx)
{
    uint8_t *f = xp_frame(ixg_config(xp->dev)->mac, 60);
    memcpy(xp_ptr(xp, TXBUF, 60), f, 60);
    xp_put_txd(xp, TXRING, idx, TXBUF, 60,
               IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS | IXG_TXD_CMD_IFCS,
               60u << IXG_ATXD_PAYLEN_SHIFT);
    xp_wr(xp, IXG_TDT(q), idx + 1);
    g_free(f);
}

/* ---------------------------------------------------------------- */

/* INTx: the line follows enabled causes; an EICR read returns and
 * clears them (3.5.4.3), OTHER comes with an enabled other cause. */
static void test_eicr_read_clears(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_wr(xp, IXG_EICS, IXG_EICR_LSC);
    xp_advance(xp, 10000);
    g_assert_cmpint(xp->irq, ==, 0);        /* not enabled */
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR), ==, IXG_EICR_LSC);
    xp_wr(xp, IXG_EIMS, IXG_EICR_LSC);
    xp_advance(xp, 10000);
    g_assert_cmpint(xp->irq, ==, 1);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, IXG_EICR_LSC | IXG_EICR_OTHER);
    g_assert_cmpint(xp->irq, ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0);
    g_assert_cmpuint(xp->irq_rises, ==, 1);
    xp_free(xp);
}

/* Write 1 to clear: only the bits written. */
static void test_eicr_w1c(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_wr(xp, IXG_EICS, 0x00000305u);
    xp_wr(xp, IXG_EICR, 0x00000101u);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0x00000204u);
    xp_free(xp);
}

/* GPIE.OCD: a read clears only bits 31:16 (4.4.3.3.x). */
static void test_eicr_ocd(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_wr(xp, IXG_GPIE, IXG_GPIE_OCD);
    xp_wr(xp, IXG_EICS, IXG_EICR_LSC | 0x3u);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, IXG_EICR_LSC | 0x3u);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0x3u);
    xp_wr(xp, IXG_EICR, 0x3u);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0);
    xp_free(xp);
}

/* Outside MSI-X, reading EICR masks the EIAM bits it clears; EICS of an
 * EIAM bit enables it again. */
static void test_eiam_on_read(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_wr(xp, IXG_EIAM, 0x0000000Fu);
    xp_wr(xp, IXG_EIMS, 0x000000FFu);
    xp_wr(xp, IXG_EICS, 0x00000011u);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0x11u);
    g_assert_cmphex(xp_rd(xp, IXG_EIMS), ==, 0xFEu);
    xp_wr(xp, IXG_EICS, 0x1u);
    g_assert_cmphex(xp_rd(xp, IXG_EIMS), ==, 0xFFu);
    /* EIMC clears, EIMS sets, EIMC reads 0 */
    xp_wr(xp, IXG_EIMC, 0xF0u);
    g_assert_cmphex(xp_rd(xp, IXG_EIMS), ==, 0x0Fu);
    g_assert_cmphex(xp_rd(xp, IXG_EIMC), ==, 0);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/* MSI-X: a message auto-clears its EIAC bits and, with GPIE.EIAME,
 * auto-masks its EIAM bits (3.5.4.1); other causes stay in EICR. */
static void test_msix_autoclear_automask(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    msix_linux(xp);
    xp_wr(xp, IXG_EIMS, 0x0000000Fu);
    xp_wr(xp, IXG_EICS, 0x00000006u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[1], ==, 1);
    g_assert_cmpuint(xp->msi[2], ==, 1);
    g_assert_cmpuint(xp->msi[0], ==, 0);
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR), ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_EIMS), ==, 0x9u);
    /* masked now: a second cause waits in EICR */
    xp_wr(xp, IXG_EICS, 0x00000002u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[1], ==, 1);
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR), ==, 0x2u);
    /* the driver re-enables (ixgbe_irq_enable_queues): sent */
    xp_wr(xp, IXG_EIMS, 0x2u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[1], ==, 2);
    /* without EIAC the bit stays until the driver clears it */
    xp_wr(xp, IXG_EIAC, 0);
    xp_wr(xp, IXG_EIMS, 0x1u);
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[0], ==, 1);
    g_assert_cmphex(ixg_peek_reg(xp->dev, IXG_EICR), ==, 0x1u);
    g_assert_cmpint(ixg_intr_validate(xp->dev), ==, 0);
    xp_free(xp);
}

/* IVAR (4.4.3.3.8): receive queue 0 to vector 3, transmit queue 2 to
 * vector 7, the other causes (entry 97) to vector 16. */
static void test_ivar_routing_msix(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    msix_linux(xp);
    ivar_set(xp, 0, 3);
    ivar_set(xp, IXG_IVAR_TX_BASE + 2, 7);
    ivar_set(xp, IXG_IVAR_OTHER, 16);
    xp_wr(xp, IXG_EIMS, 0xFFFFFFFFu);
    rx_setup(xp);
    xp_setup_txq(xp, 2, TXRING, 8, 0);
    rx_one(xp);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->msi[3], ==, 1);
    g_assert_cmpuint(ixg_vector_messages(xp->dev, 3), ==, 1);
    /* the descriptor was written back before the message (3.5.2.7) */
    g_assert_cmphex(xp_le32(xp, RXRING + 8) & IXG_RXD_STAT_DD, !=, 0);
    tx_one(xp, 2, 0);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->msi[7], ==, 1);
    g_assert_cmpuint(xp->tx->len, ==, 1);
    ixg_set_link(xp->dev, 0);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->msi[16], ==, 1);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, IXG_EICR_LSC | IXG_EICR_OTHER);
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        if (v != 3 && v != 7 && v != 16) {
            g_assert_cmpuint(xp->msi[v], ==, 0);
        }
    }
    /* an entry without its valid bit sends nothing */
    ixg_set_link(xp->dev, 1);
    xp_advance(xp, 2000000);                   /* link_ns 1 ms */
    g_assert_cmpuint(xp->msi[16], ==, 2);
    xp_wr(xp, IXG_IVAR(0), 3);
    xp_wr(xp, IXG_EIMS, 0xFFFFFFFFu);
    rx_one(xp);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->msi[3], ==, 1);
    xp_free(xp);
}

/* Outside MSI-X mode the IVAR entry names the EICR bit a queue sets. */
static void test_ivar_routing_legacy(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    ivar_set(xp, 0, 9);
    rx_setup(xp);
    rx_one(xp);
    xp_advance(xp, 100000);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 1u << 9);
    g_assert_cmpint(xp->irq, ==, 0);      /* EIMS 0 */
    xp_wr(xp, IXG_EIMS, 1u << 9);
    rx_one(xp);
    xp_advance(xp, 100000);
    g_assert_cmpint(xp->irq, ==, 1);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 1u << 9);
    g_assert_cmpint(xp->irq, ==, 0);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/* EITR (4.4.3.3.x): interval in 256 ns units; the interval restarts at
 * each interrupt (3.5.4.2), a cause while it runs waits for its end. */
static void test_eitr_interval_restart(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);
    uint64_t t1, d, t2;

    msix_linux(xp);
    xp_wr(xp, IXG_EITR(0), 200u | 200u << 16); /* as ixgbe_write_eitr */
    xp_advance(xp, 100000);                      /* let the counter run */
    xp_wr(xp, IXG_EIMS, 0x1u);
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance(xp, 500);
    g_assert_cmpuint(xp->irqs->len, ==, 1);
    t1 = irq_at(xp, 0)->time_ns;
    d = t1 - 100000;                 /* the message's trip on the link */
    g_assert_cmpuint(d, >, 0);
    g_assert_cmpuint(d, <, 100);
    /* read while the interval runs: the counter shows what is left */
    xp_advance_to(xp, t1 + 1000);
    g_assert_cmphex(xp_rd(xp, IXG_EITR(0)), ==,
                    200u | ((51200u - 1000u + 255u) / 256u) << 16);
    xp_wr(xp, IXG_EIMS, 0x1u);       /* re-armed by the driver */
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance_to(xp, t1 + 51200 - 1);
    g_assert_cmpuint(xp->irqs->len, ==, 1);
    xp_advance(xp, 100000);
    g_assert_cmpuint(xp->irqs->len, ==, 2);
    t2 = irq_at(xp, 1)->time_ns;
    g_assert_cmpuint(t2, ==, t1 + 51200 + d);
    /* long after: at once */
    xp_advance(xp, 1000000);
    xp_wr(xp, IXG_EIMS, 0x1u);
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance(xp, 5000);
    g_assert_cmpuint(xp->irqs->len, ==, 3);
    g_assert_cmpuint(irq_at(xp, 2)->time_ns, ==, xp->now - 5000 + d);
    xp_free(xp);
}

/* Writing the counter 0 opens the gate at once; interval 0 throttles
 * nothing. */
static void test_eitr_counter_write(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    msix_linux(xp);
    xp_wr(xp, IXG_EITR(0), 0xFFFFu);        /* 16.8 ms */
    xp_wr(xp, IXG_EIMS, 0x1u);
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance(xp, 5000);
    g_assert_cmpuint(xp->msi[0], ==, 1);
    xp_wr(xp, IXG_EIMS, 0x1u);
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance(xp, 1000000);
    g_assert_cmpuint(xp->msi[0], ==, 1);    /* held */
    g_assert_cmpuint(xp_rd(xp, IXG_EITR(0)) >> 16, >, 0);
    xp_wr(xp, IXG_EITR(0), 0xFFFFu);        /* counter 0 */
    xp_advance(xp, 5000);
    g_assert_cmpuint(xp->msi[0], ==, 2);
    xp_wr(xp, IXG_EITR(0), 0);
    for (int i = 0; i < 5; i++) {
        xp_wr(xp, IXG_EIMS, 0x1u);
        xp_wr(xp, IXG_EICS, 0x1u);
        xp_advance(xp, 5000);
    }
    g_assert_cmpuint(xp->msi[0], ==, 7);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_EITR), ==, 2);
    xp_free(xp);
}

/* EITR of a vector throttles only that vector. */
static void test_eitr_per_vector(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    msix_linux(xp);
    xp_wr(xp, IXG_EITR(1), 4000u);          /* 1.024 ms */
    xp_wr(xp, IXG_EIAM, 0);
    xp_wr(xp, IXG_EIMS, 0x3u);
    for (int i = 0; i < 10; i++) {
        xp_wr(xp, IXG_EICS, 0x3u);
        xp_advance(xp, 10000);
    }
    g_assert_cmpuint(xp->msi[0], ==, 10);
    g_assert_cmpuint(xp->msi[1], ==, 1);
    xp_advance(xp, 1024000);
    g_assert_cmpuint(xp->msi[1], ==, 2);
    xp_free(xp);
}

/* ---------------------------------------------------------------- */

/* Linux's ixgbe interrupt self-test (ixgbe_intr_test), unshared line:
 * for bits 0..9, masked causes post nothing, the enabled one posts. */
static int linux_intr_test(XpPort *xp)
{
    uint32_t icr;

    xp_wr(xp, IXG_EIMC, 0xFFFFFFFFu);
    xp_advance(xp, 10000000);
    for (uint32_t i = 0; i < 10; i++) {
        uint32_t mask = 1u << i;
        uint64_t before = xp->irqs->len;

        icr = 0;
        xp_wr(xp, IXG_EIMC, ~mask & 0x7FFFu);
        xp_wr(xp, IXG_EICS, ~mask & 0x7FFFu);
        xp_advance(xp, 10000000);
        if (xp->irqs->len != before) {
            return 3;
        }
        xp_wr(xp, IXG_EIMS, mask);
        xp_wr(xp, IXG_EICS, mask);
        xp_advance(xp, 10000);
        if (xp->irqs->len == before) {
            return 4;
        }
        icr |= xp_rd(xp, IXG_EICR);        /* the test's handler */
        if (!(icr & mask)) {
            return 4;
        }
        xp_advance(xp, 10000000);
        before = xp->irqs->len;
        xp_wr(xp, IXG_EIMC, ~mask & 0x7FFFu);
        xp_wr(xp, IXG_EICS, ~mask & 0x7FFFu);
        xp_advance(xp, 10000000);
        if (ixg_irq_mode(xp->dev) == IXG_IRQ_INTX ? xp->irq
                                                  : xp->irqs->len != before) {
            return 5;
        }
    }
    xp_wr(xp, IXG_EIMC, 0xFFFFFFFFu);
    return 0;
}

static void test_linux_intr_test_intx(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    g_assert_cmpint(linux_intr_test(xp), ==, 0);
    g_assert_cmpuint(xp->irq_rises, ==, 10);
    g_assert_cmpint(xp->irq, ==, 0);
    xp_free(xp);
}

static void test_linux_intr_test_msi(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSI, 0);
    g_assert_cmpint(linux_intr_test(xp), ==, 0);
    g_assert_cmpuint(xp->msi[0], ==, 10);
    g_assert_cmpuint(xp->irq_rises, ==, 0);
    xp_free(xp);
}

/* Leaving INTx mode drops the line; a pending cause is then signalled
 * as a message. */
static void test_mode_change(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    xp_wr(xp, IXG_EIMS, 0x1u);
    xp_wr(xp, IXG_EICS, 0x1u);
    xp_advance(xp, 10000);
    g_assert_cmpint(xp->irq, ==, 1);
    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSI, 0);
    g_assert_cmpint(xp->irq, ==, 0);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[0], ==, 1);
    g_assert_cmpint(ixg_irq_mode(xp->dev), ==, IXG_IRQ_MSI);
    ixg_set_irq_mode(xp->dev, (IxgIrqMode)7, 0);     /* ignored */
    g_assert_cmpint(ixg_irq_mode(xp->dev), ==, IXG_IRQ_MSI);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_IRQ_MODE), ==, 1);
    xp_free(xp);
}

/* The model's own MSI-X table (IxgConfig.msix_table): vectors masked at
 * power-on; a masked vector's message sets its PBA bit and leaves when
 * it is unmasked ([PCI-3.0] 6.8.2); the function mask holds them all. */
static void test_builtin_msix_table(void)
{
    IxgConfig cfg;
    XpPort *xp;

    ixg_config_default(&cfg);
    cfg.msix_table = 1;
    xp = xp_new(MEM, &cfg, true);
    msix_linux(xp);
    g_assert_cmphex(ixg_msix_read(xp->dev, 16 * 2 + 12, 4), ==, 1);
    ixg_msix_write(xp->dev, 16 * 2, 0xFEE00003u, 4);
    g_assert_cmphex(ixg_msix_read(xp->dev, 16 * 2, 4), ==, 0xFEE00000u);
    ixg_msix_write(xp->dev, 16 * 2 + 8, 0x4021u, 4);
    g_assert_cmphex(ixg_msix_read(xp->dev, 16 * 2 + 8, 4), ==, 0x4021u);
    xp_wr(xp, IXG_EIMS, 0x4u);
    xp_wr(xp, IXG_EICS, 0x4u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[2], ==, 0);
    g_assert_cmphex(ixg_msix_read(xp->dev, IXG_MSIX_PBA_OFF, 4), ==, 0x4u);
    ixg_msix_write(xp->dev, IXG_MSIX_PBA_OFF, 0, 4);   /* read-only */
    g_assert_cmphex(ixg_msix_read(xp->dev, IXG_MSIX_PBA_OFF, 4), ==, 0x4u);
    ixg_msix_write(xp->dev, 16 * 2 + 12, 0, 4);        /* unmask */
    g_assert_cmpuint(xp->msi[2], ==, 1);
    g_assert_cmphex(ixg_msix_read(xp->dev, IXG_MSIX_PBA_OFF, 4), ==, 0);
    /* the function mask */
    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSIX, 1);
    xp_wr(xp, IXG_EIMS, 0x4u);
    xp_wr(xp, IXG_EICS, 0x4u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[2], ==, 1);
    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSIX, 0);
    g_assert_cmpuint(xp->msi[2], ==, 2);
    /* beyond the table: nothing */
    g_assert_cmphex(ixg_msix_read(xp->dev, 16 * IXG_MSIX_VECTORS, 4), ==, 0);
    ixg_msix_write(xp->dev, 16 * IXG_MSIX_VECTORS, 1, 4);
    g_assert_cmpint(ixg_intr_validate(xp->dev), ==, 0);
    xp_free(xp);
}

/* Without a built-in table the BAR reads 0 and every message goes to
 * the host (QEMU's msix API masks). */
static void test_host_msix_table(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    msix_linux(xp);
    g_assert_cmphex(ixg_msix_read(xp->dev, 12, 4), ==, 0);
    xp_wr(xp, IXG_EIMS, 0x4u);
    xp_wr(xp, IXG_EICS, 0x4u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[2], ==, 1);
    xp_free(xp);
}

/* MSI-X enabled but GPIE.MSIX_MODE clear: one vector (0) for all. */
static void test_msix_without_msix_mode(void)
{
    XpPort *xp = xp_new(MEM, NULL, true);

    ixg_set_irq_mode(xp->dev, IXG_IRQ_MSIX, 0);
    xp_wr(xp, IXG_EIMS, 0xFFFFFFFFu);
    xp_wr(xp, IXG_EICS, 0x80u);
    xp_advance(xp, 10000);
    g_assert_cmpuint(xp->msi[0], ==, 1);
    g_assert_cmpuint(xp->msi[7], ==, 0);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/intr/eicr-read-clears", test_eicr_read_clears);
    g_test_add_func("/ixgbe/intr/eicr-w1c", test_eicr_w1c);
    g_test_add_func("/ixgbe/intr/eicr-ocd", test_eicr_ocd);
    g_test_add_func("/ixgbe/intr/eiam-on-read", test_eiam_on_read);
    g_test_add_func("/ixgbe/intr/msix-autoclear-automask",
                    test_msix_autoclear_automask);
    g_test_add_func("/ixgbe/intr/ivar-msix", test_ivar_routing_msix);
    g_test_add_func("/ixgbe/intr/ivar-legacy", test_ivar_routing_legacy);
    g_test_add_func("/ixgbe/intr/eitr-restart", test_eitr_interval_restart);
    g_test_add_func("/ixgbe/intr/eitr-counter", test_eitr_counter_write);
    g_test_add_func("/ixgbe/intr/eitr-per-vector", test_eitr_per_vector);
    g_test_add_func("/ixgbe/intr/linux-intr-test-intx",
                    test_linux_intr_test_intx);
    g_test_add_func("/ixgbe/intr/linux-intr-test-msi",
                    test_linux_intr_test_msi);
    g_test_add_func("/ixgbe/intr/mode-change", test_mode_change);
    g_test_add_func("/ixgbe/intr/msix-builtin-table", test_builtin_msix_table);
    g_test_add_func("/ixgbe/intr/msix-host-table", test_host_msix_table);
    g_test_add_func("/ixgbe/intr/msix-one-vector", test_msix_without_msix_mode);
    return g_test_run();
}
