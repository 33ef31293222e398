/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The device model against Intel's own diagnostic, as the Linux e1000
 * driver runs it (`ethtool -t IF offline`, [LINUX-E1000]
 * e1000_ethtool.c): the register test's registers, patterns and masks,
 * the interrupt test's forced causes, the EEPROM checksum test, MAC and
 * PHY loopback with their timing and counters, and the wake-up
 * registers and EEPROM words the driver reads (SDM 13.4, 13.4.17-21,
 * 13.4.22, 13.6, 5.6; docs/model.md "Where the diagnostic and the SDM
 * differ").
 */
#include "e1000_core.h"
#include "txtest.h"

/* The four patterns of the register test (e1000_ethtool.c
 * reg_pattern_test). */
static const uint32_t diag_patterns[] = {
    0x5A5A5A5Au, 0xA5A5A5A5u, 0x00000000u, 0xFFFFFFFFu
};

/* One REG_PATTERN_TEST of e1000_reg_test on the 82543 and later: the
 * register, the mask it reads back through, the bits it writes. */
static const struct {
    uint32_t off, mask, write;
} diag_regs[] = {
    { E1K_FCAL, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { E1K_FCAH, 0x0000FFFFu, 0xFFFFFFFFu },
    { E1K_FCT, 0x0000FFFFu, 0xFFFFFFFFu },
    { E1K_VET, 0x0000FFFFu, 0xFFFFFFFFu },
    { E1K_RDTR, 0x0000FFFFu, 0xFFFFFFFFu },
    { E1K_RDBAH, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { E1K_RDLEN, 0x000FFF80u, 0x000FFFFFu },
    { E1K_RDH, 0x0000FFFFu, 0x0000FFFFu },
    { E1K_RDT, 0x0000FFFFu, 0x0000FFFFu },
    { E1K_FCRTH, 0x0000FFF8u, 0x0000FFF8u },
    { E1K_FCTTV, 0x0000FFFFu, 0x0000FFFFu },
    { E1K_TIPG, 0x3FFFFFFFu, 0x3FFFFFFFu },
    { E1K_TDBAH, 0xFFFFFFFFu, 0xFFFFFFFFu },
    { E1K_TDLEN, 0x000FFF80u, 0x000FFFFFu },
    { E1K_RDBAL, 0xFFFFFFF0u, 0xFFFFFFFFu },
    { E1K_TXCW, 0xC000FFFFu, 0x0000FFFFu },
    { E1K_TDBAL, 0xFFFFFFF0u, 0xFFFFFFFFu },
    { E1K_TIDV, 0x0000FFFFu, 0x0000FFFFu },
};

/* Write write & pattern, read back: must be write & pattern & mask. */
static void diag_pattern(TestPort *tp, uint32_t off, uint32_t mask,
                         uint32_t write)
{
    for (size_t i = 0; i < G_N_ELEMENTS(diag_patterns); i++) {
        uint32_t want = write & diag_patterns[i] & mask;
        tp_wr(tp, off, write & diag_patterns[i]);
        if (tp_rd(tp, off) != want) {
            g_error("register 0x%05x: wrote 0x%08x, read 0x%08x, want "
                    "0x%08x", off, write & diag_patterns[i], tp_rd(tp, off),
                    want);
        }
    }
}

/* reg_set_and_check: write write & mask, read & mask back. */
static void diag_set_check(TestPort *tp, uint32_t off, uint32_t mask,
                           uint32_t write)
{
    tp_wr(tp, off, write & mask);
    g_assert_cmphex(tp_rd(tp, off) & mask, ==, write & mask);
}

/* The whole register test on a freshly reset device of each chip: STATUS
 * ignores the toggled bits, every pattern reads back through its mask
 * (TXCW's 16 low bits included), RCTL and TCTL keep what is set, the 16
 * RAH and 128 MTA entries. */
static void test_reg_test(void)
{
    for (int chip = 0; chip < 2; chip++) {
        E1kConfig cfg;
        TestPort *tp;
        uint32_t st;

        e1k_config_default(&cfg);
        cfg.chip = chip ? E1K_CHIP_82545EM : E1K_CHIP_82540EM;
        tp = tp_new(4096, &cfg);
        st = tp_rd(tp, E1K_STATUS) & 0xFFFFF833u;
        tp_wr(tp, E1K_STATUS, 0xFFFFF833u);
        g_assert_cmphex(tp_rd(tp, E1K_STATUS) & 0xFFFFF833u, ==, st);
        for (size_t i = 0; i < G_N_ELEMENTS(diag_regs); i++) {
            diag_pattern(tp, diag_regs[i].off, diag_regs[i].mask,
                         diag_regs[i].write);
        }
        diag_set_check(tp, E1K_RCTL, 0xFFFFFFFFu, 0x00000000u);
        diag_set_check(tp, E1K_RCTL, 0x06DFB3FEu, 0x003FFFFBu);
        diag_set_check(tp, E1K_TCTL, 0xFFFFFFFFu, 0x00000000u);
        diag_set_check(tp, E1K_RCTL, 0x06DFB3FEu, 0xFFFFFFFFu);
        for (uint32_t n = 0; n < 15; n++) {
            diag_pattern(tp, E1K_RAH(n), 0x8003FFFFu, 0xFFFFFFFFu);
        }
        for (uint32_t n = 0; n < E1K_MTA_WORDS; n++) {
            diag_pattern(tp, E1K_MTA + 4 * n, 0xFFFFFFFFu, 0xFFFFFFFFu);
        }
        tp_free(tp);
    }
}

/* The SDM's TXCW field table reserves b4:0, b11:9 and b14; the register
 * test reads them back: they are stored (the case of docs/model.md). */
static void test_txcw_reserved_bits_stored(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_TXCW, 0x5A5Au);
    g_assert_cmphex(tp_rd(tp, E1K_TXCW), ==, 0x5A5Au);
    tp_wr(tp, E1K_TXCW, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_TXCW), ==, 0xC000FFFFu);
    tp_free(tp);
}

/* The interrupt test (e1000_intr_test, unshared line) for every cause
 * the SDM lists and the two reserved ones it forces (5, 8): masked, a
 * forced cause never raises the line; enabled, it does at once (ITR 0)
 * and ICR holds it; the other causes forced while masked stay quiet. */
static void test_intr_test_each_cause(void)
{
    TestPort *tp = tp_new(4096, NULL);

    tp_wr(tp, E1K_IMC, 0xFFFFFFFFu);
    for (uint32_t i = 0; i <= 16; i++) {
        uint32_t mask = 1u << i;
        uint64_t rises = tp->irq_rises;

        tp_wr(tp, E1K_IMC, mask);
        tp_wr(tp, E1K_ICS, mask);
        g_assert_cmpint(tp->irq, ==, 0);
        g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, mask); /* latched */
        tp_wr(tp, E1K_IMS, mask);
        tp_wr(tp, E1K_ICS, mask);
        g_assert_cmpint(tp->irq, ==, 1);
        g_assert_cmpuint(tp->irq_rises, ==, rises + 1);
        g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, mask);
        g_assert_cmpint(tp->irq, ==, 0);
        tp_wr(tp, E1K_IMC, ~mask & 0x00007FFFu);
        tp_wr(tp, E1K_ICS, ~mask & 0x00007FFFu);
        g_assert_cmpint(tp->irq, ==, 0);
        (void)tp_rd(tp, E1K_ICR);
        tp_wr(tp, E1K_IMC, 0xFFFFFFFFu);
    }
    /* bit 17 and above do not exist */
    tp_wr(tp, E1K_ICS, 0xFFFE0000u);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0);
    tp_free(tp);
}

/* With a throttled line a cause forced inside the ITR window is delayed
 * to the window's end, never lost. */
static void test_intr_itr_delays(void)
{
    TestPort *tp = tp_new(4096, NULL);

    tp_wr(tp, E1K_ITR, 1000); /* 256 us */
    tp_wr(tp, E1K_IMS, E1K_ICR_TXDW | E1K_ICR_RXT0);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 1);
    (void)tp_rd(tp, E1K_ICR);
    tp_advance(tp, 10000);
    tp_wr(tp, E1K_ICS, 1u << 5); /* masked: nothing */
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, 256000 - 1);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, 256000);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_RXT0 | (1u << 5));
    tp_free(tp);
}

/* The EEPROM test's checksum and the words the driver reads (SDM 5.6):
 * LED defaults, init control 1/2/3, APM enable loaded into WUC. */
static void test_eeprom_words(void)
{
    for (int chip = 0; chip < 2; chip++) {
        E1kConfig cfg;
        TestPort *tp;
        uint16_t w[64], sum = 0;

        e1k_config_default(&cfg);
        cfg.chip = chip ? E1K_CHIP_82545EM : E1K_CHIP_82540EM;
        tp = tp_new(4096, &cfg);
        for (uint32_t i = 0; i < 64; i++) {
            tp_wr(tp, E1K_EERD, i << E1K_EERD_ADDR_SHIFT | E1K_EERD_START);
            w[i] = (uint16_t)(tp_rd(tp, E1K_EERD) >> 16);
            sum = (uint16_t)(sum + w[i]);
        }
        g_assert_cmphex(sum, ==, 0xBABA);
        g_assert_cmphex(w[0x04], ==, 0xFFFF);
        g_assert_cmphex(w[0x0A], ==, 0x6403);
        g_assert_cmphex(w[0x0F] & 0x3000, ==, 0x3000); /* PAUSE+ASM_DIR */
        g_assert_cmphex(w[0x24] & E1K_EE_INIT3_APME, ==, E1K_EE_INIT3_APME);
        g_assert_cmphex(w[0x0D], ==, chip ? 0x100F : 0x100E);
        g_assert_cmphex(tp_rd(tp, E1K_WUC), ==, E1K_WUC_APME);
        tp_free(tp);
    }
}

/* Wake-up registers as the SDM gives them (13.6.1-3): WUFC keeps its
 * filter bits, WUS clears by writing 1 and is never set by a write,
 * WUC keeps APME/PME_En/APMPME, PME_Status clears by writing 1. */
static void test_wakeup_registers(void)
{
    TestPort *tp = tp_new(4096, NULL);

    tp_wr(tp, E1K_WUFC, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_WUFC), ==, 0x000F00FFu);
    tp_wr(tp, E1K_WUFC, E1K_WUFC_MAG);
    g_assert_cmphex(tp_rd(tp, E1K_WUFC), ==, E1K_WUFC_MAG);
    tp_wr(tp, E1K_WUS, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_WUS), ==, 0);
    tp_wr(tp, E1K_WUC, E1K_WUC_PME_EN | E1K_WUC_PME_STATUS);
    g_assert_cmphex(tp_rd(tp, E1K_WUC), ==, E1K_WUC_PME_EN);
    tp_wr(tp, E1K_WUC, 0);
    g_assert_cmphex(tp_rd(tp, E1K_WUC), ==, 0);
    tp_free(tp);
}

/* ------------------------------------------------------------------ */
/* Loopback                                                            */

#define LB_RXRING (TP_MEM_BASE + 0x40000u)
#define LB_RXBUFS (TP_MEM_BASE + 0x50000u)

/* A device with a TX ring and an RX ring (broadcast accepted, 2048-byte
 * buffers), RCTL | @rctl_extra; @cfg NULL for the default. */
static TestPort *lb_new(const E1kConfig *cfg, uint32_t rctl_extra)
{
    TestPort *tp = txt_new(cfg, 16, E1K_TCTL_EN | E1K_TCTL_PSP);
    tp_setup_rx(tp, LB_RXRING, 16, LB_RXBUFS, 2048, 15,
                E1K_RCTL_EN | E1K_RCTL_BAM | rctl_extra);
    return tp;
}

/* Queue one @len-byte broadcast frame at descriptor @i. */
static void lb_send(TestPort *tp, uint32_t i, uint16_t len)
{
    txt_put_frame(tp, TXT_BUFS, txt_bcast, len);
    txt_legacy(tp, i, TXT_BUFS, len, E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS |
               E1K_TXD_CMD_RS, 0, 0, 0);
    tp_wr(tp, E1K_TDT, i + 1);
}

/* Advance deadline by deadline until register @off (a statistics
 * counter, peeked) reaches @n; the time it did. */
static uint64_t lb_until(TestPort *tp, uint32_t off, uint32_t n)
{
    for (int i = 0; i < 1000 && e1k_peek_reg(tp->dev, off) < n; i++) {
        g_assert_cmpuint(tp->deadline, !=, E1K_NO_DEADLINE);
        tp_advance_to(tp, tp->deadline);
    }
    g_assert_cmpuint(e1k_peek_reg(tp->dev, off), ==, n);
    return tp->now;
}

/* MAC loopback (RCTL.LBM = 01b): the frame leaves the MAC and is
 * received in the same instant, counted as sent (GPTC) and received
 * (GPRC), written to the RX ring; nothing on the wire, and frames from
 * the line are refused while looped.  No link needed (cable out). */
static void test_mac_loopback(void)
{
    TestPort *tp = lb_new(NULL, E1K_RCTL_LBM_MAC);
    uint64_t t_tx, t_rx;
    uint8_t *f = tp_frame(txt_bcast, 100);

    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU | E1K_CTRL_FRCSPD | E1K_CTRL_FRCDPX |
                        E1K_CTRL_FD | (2u << E1K_CTRL_SPEED_SHIFT));
    e1k_set_link(tp->dev, 0);
    g_assert_false(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    lb_send(tp, 0, 1000);
    t_tx = lb_until(tp, E1K_TPT, 1);
    t_rx = lb_until(tp, E1K_TPR, 1);
    g_assert_cmpuint(t_rx, ==, t_tx);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(e1k_peek_reg(tp->dev, E1K_GPTC), ==, 1);
    g_assert_cmpuint(e1k_peek_reg(tp->dev, E1K_GPRC), ==, 1);
    g_assert_cmpuint(tp_le16(tp, LB_RXRING + 8), ==, 1000 + 4);
    g_assert_cmpmem(tp_ptr(tp, LB_RXBUFS, 1000), 1000,
                    tp_ptr(tp, TXT_BUFS, 1000), 1000);
    e1k_set_link(tp->dev, 1);
    g_assert_true(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    g_assert_cmpint(e1k_receive(tp->dev, f, 100), ==, E1K_RX_DISABLED);
    tp_wr(tp, E1K_RCTL, E1K_RCTL_EN | E1K_RCTL_BAM); /* loop off */
    g_assert_cmpint(e1k_receive(tp->dev, f, 100), ==, E1K_RX_QUEUED);
    g_free(f);
    tp_free(tp);
}

/* PHY loopback (BMCR.LOOPBACK at forced 1000 full, the Linux diagnostic's
 * write sequence for the 82540/82545): the link is up at 1000 full, the
 * frame reaches the receiver E1K_PHY_LOOP_NS after it left the MAC, back
 * to back frames keep the wire's spacing, nothing on the wire. */
static void test_phy_loopback(void)
{
    TestPort *tp = lb_new(NULL, 0);
    uint64_t t0, t1, r0, r1;

    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU);
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << E1K_MDIC_PHY_SHIFT |
                        E1K_PHY_M88_SCTRL << E1K_MDIC_REG_SHIFT | 0x0808);
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << E1K_MDIC_PHY_SHIFT | 0x9140);
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << E1K_MDIC_PHY_SHIFT | 0x8140);
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << E1K_MDIC_PHY_SHIFT | 0x4140);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU | E1K_CTRL_FRCSPD | E1K_CTRL_FRCDPX |
                        E1K_CTRL_FD | E1K_CTRL_ILOS |
                        (2u << E1K_CTRL_SPEED_SHIFT));
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & 0xC3u, ==,
                    E1K_STATUS_LU | E1K_STATUS_FD | E1K_STATUS_SPEED_1000);
    lb_send(tp, 0, 1024);
    lb_send(tp, 1, 1024);
    t0 = lb_until(tp, E1K_TPT, 1);
    r0 = lb_until(tp, E1K_TPR, 1);
    t1 = lb_until(tp, E1K_TPT, 2);
    r1 = lb_until(tp, E1K_TPR, 2);
    g_assert_cmpuint(r0 - t0, ==, 384u); /* E1K_PHY_LOOP_NS */
    g_assert_cmpuint(r1 - t1, ==, 384u);
    /* back to back: preamble 8 + 1024 + FCS 4 + IPG 12 bytes at 8 ns */
    g_assert_cmpuint(t1 - t0, ==, (8 + 1028 + 12) * 8u);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    g_assert_cmpuint(e1k_peek_reg(tp->dev, E1K_GPRC), ==, 2);
    {
        uint8_t *f = tp_frame(txt_bcast, 100);
        g_assert_cmpint(e1k_receive(tp->dev, f, 100), ==, E1K_RX_DISABLED);
        g_free(f);
    }
    /* loopback off: the line again (link re-established by then) */
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << E1K_MDIC_PHY_SHIFT | 0x9140);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU);
    tp_advance(tp, 600000000ull);
    g_assert_true(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    lb_send(tp, 2, 100);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    tp_free(tp);
}

/* ------------------------------------------------------------------ */
/* Forced speed, link partner                                          */

/* A PHY register write through MDIC. */
static void phy_wr(TestPort *tp, uint32_t reg, uint16_t v)
{
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << E1K_MDIC_PHY_SHIFT |
                        reg << E1K_MDIC_REG_SHIFT | v);
}

static uint16_t phy_rd(TestPort *tp, uint32_t reg)
{
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_READ | 1u << E1K_MDIC_PHY_SHIFT |
                        reg << E1K_MDIC_REG_SHIFT);
    return (uint16_t)tp_rd(tp, E1K_MDIC);
}

/* Linux e1000_phy_force_speed_duplex at 100 full: CTRL forces the MAC,
 * BMCR the PHY (reset); the link settles autoneg_ns later at 100 full
 * against the default partner (it autonegotiates: parallel detection),
 * and frames leave at 100 Mb/s: 1518 bytes + preamble + IPG 123.04 us
 * apart. */
static void test_forced_100_wire_time(void)
{
    TestPort *tp = txt_new(NULL, 8, E1K_TCTL_EN | E1K_TCTL_PSP);
    uint32_t ctrl = E1K_CTRL_SLU | E1K_CTRL_FRCSPD | E1K_CTRL_FRCDPX |
                    E1K_CTRL_FD | (1u << E1K_CTRL_SPEED_SHIFT);

    tp_wr(tp, E1K_CTRL, ctrl);
    phy_wr(tp, E1K_PHY_BMCR, E1K_BMCR_RESET | 0x2100); /* 100, full */
    g_assert_false(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    tp_advance(tp, 500000000ull);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & 0xC3u, ==,
                    E1K_STATUS_LU | E1K_STATUS_FD | E1K_STATUS_SPEED_100);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_M88_SSTAT), ==, 0x6C00);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ANLPAR), ==, 0); /* no page */
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 1514);
    for (uint32_t i = 0; i < 3; i++) {
        txt_legacy(tp, i, TXT_BUFS, 1514, E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS,
                   0, 0, 0);
    }
    tp_wr(tp, E1K_TDT, 3);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp->tx->len, ==, 3);
    g_assert_cmpuint(txt_frame(tp, 1)->time_ns - txt_frame(tp, 0)->time_ns,
                     ==, (8u + 1518u + 12u) * 80u);
    g_assert_cmpuint(txt_frame(tp, 2)->time_ns - txt_frame(tp, 1)->time_ns,
                     ==, 123040u);
    tp_free(tp);
}

/* The device created with @partner (e1k_partner_parse) at @mbps; after
 * BMCR @bmcr (with reset) and autoneg_ns: STATUS & 0xC3 (LU, FD, SPEED).
 * CTRL.SLU only (the MAC follows the PHY). */
static uint32_t partner_status(const char *partner, uint32_t mbps,
                               uint16_t bmcr, uint16_t anar)
{
    E1kConfig cfg;
    TestPort *tp;
    uint32_t st;

    e1k_config_default(&cfg);
    g_assert_cmpint(e1k_partner_parse(partner, &cfg), ==, 0);
    cfg.link_mbps = mbps;
    tp = tp_new(4096, &cfg);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU);
    phy_wr(tp, E1K_PHY_ANAR, anar);
    phy_wr(tp, E1K_PHY_BMCR, (uint16_t)(bmcr | E1K_BMCR_RESET));
    tp_advance(tp, 500000000ull);
    st = tp_rd(tp, E1K_STATUS) & 0xC3u;
    tp_free(tp);
    return st;
}

/* Clause 28 outcomes (docs/model.md "Link partner"). */
static void test_partner_resolution(void)
{
    const uint32_t up = E1K_STATUS_LU, fd = E1K_STATUS_FD;
    /* both autonegotiate: best common mode */
    g_assert_cmphex(partner_status("auto", 1000, 0x1140, 0x01E1), ==,
                    up | fd | E1K_STATUS_SPEED_1000);
    g_assert_cmphex(partner_status("auto", 100, 0x1140, 0x01E1), ==,
                    up | fd | E1K_STATUS_SPEED_100);
    g_assert_cmphex(partner_status("auto:100half+10full", 100, 0x1140,
                                   0x01E1), ==, up | E1K_STATUS_SPEED_100);
    /* we advertise 10 only (and 1000 from 1000T_CTRL): 1000 wins */
    g_assert_cmphex(partner_status("auto", 1000, 0x1140, 0x0061), ==,
                    up | fd | E1K_STATUS_SPEED_1000);
    g_assert_cmphex(partner_status("auto:100full", 100, 0x1140, 0x0061),
                    ==, 0); /* nothing in common */
    /* partner forced, we autonegotiate: parallel detection, half */
    g_assert_cmphex(partner_status("forced:100full", 100, 0x1140, 0x01E1),
                    ==, up | E1K_STATUS_SPEED_100);
    g_assert_cmphex(partner_status("forced:10full", 10, 0x1140, 0x01E1),
                    ==, up | E1K_STATUS_SPEED_10);
    g_assert_cmphex(partner_status("forced:1000full", 1000, 0x1140, 0x01E1),
                    ==, 0);
    /* we are forced, the partner autonegotiates: our mode if it has the
     * speed; never 1000 */
    g_assert_cmphex(partner_status("auto", 1000, 0x0100, 0x01E1), ==,
                    up | fd | E1K_STATUS_SPEED_10);
    g_assert_cmphex(partner_status("auto", 1000, 0x2000, 0x01E1), ==,
                    up | E1K_STATUS_SPEED_100);
    g_assert_cmphex(partner_status("auto:1000full", 1000, 0x2100, 0x01E1),
                    ==, 0);
    g_assert_cmphex(partner_status("auto", 1000, 0x0140, 0x01E1), ==, 0);
    /* both forced: same speed links */
    g_assert_cmphex(partner_status("forced:100half", 100, 0x2100, 0x01E1),
                    ==, up | fd | E1K_STATUS_SPEED_100);
    g_assert_cmphex(partner_status("forced:100half", 100, 0x0100, 0x01E1),
                    ==, 0);
    g_assert_cmphex(partner_status("forced:1000full", 1000, 0x0140, 0x01E1),
                    ==, up | fd | E1K_STATUS_SPEED_1000);
}

/* ANLPAR, ANER and 1000BASE-T status show the autonegotiating partner. */
static void test_partner_registers(void)
{
    E1kConfig cfg;
    TestPort *tp;

    e1k_config_default(&cfg);
    g_assert_cmpint(e1k_partner_parse("auto:1000full+100full+10half", &cfg),
                    ==, 0);
    tp = tp_new(4096, &cfg);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ANLPAR), ==, 0x4121);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ANER), ==, 0x0001);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_1000T_STAT), ==, 0x3800);
    tp_free(tp);
}

/* The description's syntax, its round trip and what e1k_new accepts:
 * link_mbps must be the partner's fastest speed. */
static void test_partner_parse(void)
{
    static const char *good[] = { "auto", "auto:100full", "forced:10half",
                                  "auto:1000full+1000half+100full" };
    static const char *bad[] = { "", "autos", "auto:", "auto:100", "forced:",
                                 "forced:100full+10full", "auto:100full+",
                                 "auto:10full+10full", "manual:100full" };
    E1kConfig cfg;
    char buf[64];

    for (size_t i = 0; i < G_N_ELEMENTS(good); i++) {
        e1k_config_default(&cfg);
        g_assert_cmpint(e1k_partner_parse(good[i], &cfg), ==, 0);
        e1k_partner_format(&cfg, buf, sizeof(buf));
        g_assert_cmpstr(buf, ==, good[i]);
    }
    for (size_t i = 0; i < G_N_ELEMENTS(bad); i++) {
        e1k_config_default(&cfg);
        g_assert_cmpint(e1k_partner_parse(bad[i], &cfg), ==, -1);
        g_assert_cmphex(cfg.partner_modes, ==, E1K_LP_ALL);
    }
    e1k_config_default(&cfg);
    g_assert_true(e1k_config_valid(&cfg));
    e1k_partner_parse("forced:100full", &cfg);
    g_assert_false(e1k_config_valid(&cfg)); /* link_mbps 1000 */
    cfg.link_mbps = 100;
    g_assert_true(e1k_config_valid(&cfg));
    cfg.partner_modes = E1K_LP_100FD | E1K_LP_10FD; /* forced: one mode */
    g_assert_false(e1k_config_valid(&cfg));
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/diag/reg-test", test_reg_test);
    g_test_add_func("/diag/txcw-reserved-bits-stored",
                    test_txcw_reserved_bits_stored);
    g_test_add_func("/diag/intr-test-each-cause", test_intr_test_each_cause);
    g_test_add_func("/diag/intr-itr-delays", test_intr_itr_delays);
    g_test_add_func("/diag/eeprom-words", test_eeprom_words);
    g_test_add_func("/diag/wakeup-registers", test_wakeup_registers);
    g_test_add_func("/diag/mac-loopback", test_mac_loopback);
    g_test_add_func("/diag/phy-loopback", test_phy_loopback);
    g_test_add_func("/link/forced-100-wire-time", test_forced_100_wire_time);
    g_test_add_func("/link/partner-resolution", test_partner_resolution);
    g_test_add_func("/link/partner-registers", test_partner_registers);
    g_test_add_func("/link/partner-parse", test_partner_parse);
    return g_test_run();
}
