/* SPDX-License-Identifier: GPL-2.0-or-later */
/* PHY over MDIC, link state, autonegotiation timing and LSC
 * (SDM 13.4.5, 13.4.2; [DPDK-E1000] PHY registers). */
#include "testport.h"
#include "e1000_core.h"

#define AN_NS 500000000ull

static uint32_t mdic(TestPort *tp, uint32_t op, uint32_t phy, uint32_t reg,
                     uint16_t data)
{
    uint32_t v;
    tp_wr(tp, E1K_MDIC, op | phy << E1K_MDIC_PHY_SHIFT |
                            reg << E1K_MDIC_REG_SHIFT | data);
    v = tp_rd(tp, E1K_MDIC);
    g_assert_true(v & E1K_MDIC_READY); /* completes at once */
    return v;
}

static uint16_t phy_rd(TestPort *tp, uint32_t reg)
{
    uint32_t v = mdic(tp, E1K_MDIC_OP_READ, 1, reg, 0);
    g_assert_false(v & E1K_MDIC_ERROR);
    return (uint16_t)v;
}

static void phy_wr(TestPort *tp, uint32_t reg, uint16_t val)
{
    uint32_t v = mdic(tp, E1K_MDIC_OP_WRITE, 1, reg, val);
    g_assert_false(v & E1K_MDIC_ERROR);
}

static void test_ids(void)
{
    TestPort *tp = tp_new(4096, NULL);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ID1), ==, 0x0141);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ID2), ==, 0x0C20);
    /* M88E1011_I_PHY_ID as the driver composes it */
    g_assert_cmphex((uint32_t)phy_rd(tp, 2) << 16 | (phy_rd(tp, 3) & 0xFFF0),
                    ==, 0x01410C20u);
    /* read-only: writes ignored */
    phy_wr(tp, E1K_PHY_ID1, 0x1234);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ID1), ==, 0x0141);
    /* read/write register */
    phy_wr(tp, E1K_PHY_ANAR, 0x0DE1);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_ANAR), ==, 0x0DE1);
    tp_free(tp);
}

static void test_power_on_link_registers(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint16_t bmsr = phy_rd(tp, E1K_PHY_BMSR);
    g_assert_true(bmsr & E1K_BMSR_LSTATUS);
    g_assert_true(bmsr & E1K_BMSR_ANCOMPLETE);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_BMCR) & E1K_BMCR_ANENABLE, ==,
                    E1K_BMCR_ANENABLE);
    /* M88 specific status: 1000 Mb/s, full duplex, resolved, link */
    g_assert_cmphex(phy_rd(tp, E1K_PHY_M88_SSTAT), ==, 0xAC00);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_1000T_STAT) & 0x0800, ==, 0x0800);
    tp_free(tp);
}

static void test_bad_address_error(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t v = mdic(tp, E1K_MDIC_OP_READ, 2, E1K_PHY_ID1, 0);
    g_assert_true(v & E1K_MDIC_ERROR);
    v = mdic(tp, E1K_MDIC_OP_READ, 0, E1K_PHY_ID1, 0);
    g_assert_true(v & E1K_MDIC_ERROR);
    /* OP 00 and 11 are not operations */
    v = mdic(tp, 0, 1, E1K_PHY_ID1, 0);
    g_assert_true(v & E1K_MDIC_ERROR);
    /* ERROR clears on the next good access */
    v = mdic(tp, E1K_MDIC_OP_READ, 1, E1K_PHY_ID1, 0);
    g_assert_false(v & E1K_MDIC_ERROR);
    g_assert_cmphex(v & 0xFFFF, ==, 0x0141);
    tp_free(tp);
}

static void test_mdac_interrupt(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_MDAC);
    mdic(tp, E1K_MDIC_OP_READ, 1, E1K_PHY_ID1, 0);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_READ | E1K_MDIC_INT_EN |
                            1u << E1K_MDIC_PHY_SHIFT |
                            E1K_PHY_ID2 << E1K_MDIC_REG_SHIFT);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_MDAC);
    tp_free(tp);
}

/* Restarting autonegotiation drops the link at once (LSC) and brings it
 * back exactly cfg.autoneg_ns later (LSC again). */
static void test_autoneg_restart_timing(void)
{
    TestPort *tp = tp_new(4096, NULL);
    const uint64_t t0 = 3000;
    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC);
    tp_advance_to(tp, t0);
    phy_wr(tp, E1K_PHY_BMCR, E1K_BMCR_ANENABLE | E1K_BMCR_ANRESTART);
    g_assert_false(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    /* ANRESTART self-clears */
    g_assert_cmphex(phy_rd(tp, E1K_PHY_BMCR) & E1K_BMCR_ANRESTART, ==, 0);
    g_assert_false(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_ANCOMPLETE);
    g_assert_cmpuint(tp->deadline, ==, t0 + AN_NS);
    tp_advance_to(tp, t0 + AN_NS - 1);
    g_assert_false(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    tp_advance_to(tp, t0 + AN_NS);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & 0xC3, ==,
                    E1K_STATUS_LU | E1K_STATUS_FD | E1K_STATUS_SPEED_1000);
    g_assert_cmpuint(g_array_index(tp->edges, TpEdge, 2).time_ns, ==,
                     t0 + AN_NS);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    g_assert_true(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_ANCOMPLETE);
    tp_free(tp);
}

/* BMSR.LSTATUS is latched low: after a loss the first read shows 0 even
 * though the link is back; the next read shows 1. */
static void test_bmsr_latched_low(void)
{
    TestPort *tp = tp_new(4096, NULL);
    e1k_set_link(tp->dev, 0);
    e1k_set_link(tp->dev, 1);
    g_assert_true(tp_rd(tp, E1K_STATUS) & E1K_STATUS_LU);
    g_assert_false(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_LSTATUS);
    g_assert_true(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_LSTATUS);
    g_assert_true(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_LSTATUS);
    tp_free(tp);
}

static void test_link_down_up(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC);
    e1k_set_link(tp->dev, 0);
    g_assert_false(e1k_link_up(tp->dev));
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & 0xC3, ==, 0);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_M88_SSTAT), ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    e1k_set_link(tp->dev, 0); /* no change: no LSC */
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0);
    e1k_set_link(tp->dev, 1);
    g_assert_true(e1k_link_up(tp->dev));
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    g_assert_cmpuint(tp->irq_rises, ==, 2);
    tp_free(tp);
}

/* STATUS.LU follows the PHY only with CTRL.SLU or CTRL.ASDE. */
static void test_slu_asde_gate(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_CTRL, 0);
    g_assert_false(e1k_link_up(tp->dev));
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_SLU);
    g_assert_true(e1k_link_up(tp->dev));
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
    tp_free(tp);
}

static void test_speed_100(void)
{
    E1kConfig cfg;
    TestPort *tp;
    e1k_config_default(&cfg);
    cfg.link_mbps = 100;
    tp = tp_new(4096, &cfg);
    g_assert_cmphex(tp_rd(tp, E1K_STATUS) & E1K_STATUS_SPEED_MASK, ==,
                    E1K_STATUS_SPEED_100);
    g_assert_cmpuint(e1k_link_mbps(tp->dev), ==, 100);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_M88_SSTAT), ==, 0x6C00);
    tp_free(tp);
}

/* Cable unplugged at power-on: no link until e1k_set_link(1). */
static void test_no_cable_at_power_on(void)
{
    E1kConfig cfg;
    TestPort *tp;
    e1k_config_default(&cfg);
    cfg.link_up = 0;
    tp = tp_new(4096, &cfg);
    g_assert_false(e1k_link_up(tp->dev));
    g_assert_false(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_LSTATUS);
    /* restarting autoneg without a cable arms nothing */
    phy_wr(tp, E1K_PHY_BMCR, E1K_BMCR_ANENABLE | E1K_BMCR_ANRESTART);
    g_assert_cmpuint(tp->deadline, ==, E1K_NO_DEADLINE);
    e1k_set_link(tp->dev, 1);
    g_assert_true(e1k_link_up(tp->dev));
    tp_free(tp);
}

/* The Linux e1000 copper bring-up: MAC reset, SLU, PHY hardware reset
 * (CTRL.PHY_RST), BMCR reset, autoneg restart; link up autoneg_ns after
 * the last restart, seen in BMSR (read twice) and STATUS. */
static void test_linux_init_sequence(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMC, 0xFFFFFFFFu);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_RST);
    tp_advance(tp, 1000000);
    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) | E1K_CTRL_SLU);
    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) | E1K_CTRL_PHY_RST);
    g_assert_false(e1k_link_up(tp->dev));
    tp_advance(tp, 10000000);
    tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) & ~E1K_CTRL_PHY_RST);
    phy_wr(tp, E1K_PHY_BMCR, phy_rd(tp, E1K_PHY_BMCR) | E1K_BMCR_RESET);
    g_assert_cmphex(phy_rd(tp, E1K_PHY_BMCR) & E1K_BMCR_RESET, ==, 0);
    phy_wr(tp, E1K_PHY_ANAR, 0x01E1);
    phy_wr(tp, E1K_PHY_1000T_CTRL, 0x0200);
    tp_advance(tp, 1000);
    {
        uint64_t t_last = tp->now;
        phy_wr(tp, E1K_PHY_BMCR, E1K_BMCR_ANENABLE | E1K_BMCR_ANRESTART);
        (void)tp_rd(tp, E1K_ICR); /* the driver clears stale causes */
        tp_wr(tp, E1K_IMS, E1K_ICR_LSC | E1K_ICR_RXT0);
        tp_advance_to(tp, t_last + AN_NS - 1);
        g_assert_false(e1k_link_up(tp->dev));
        g_assert_cmpint(tp->irq, ==, 0);
        tp_advance_to(tp, t_last + AN_NS);
        g_assert_cmpint(tp->irq, ==, 1);
    }
    (void)phy_rd(tp, E1K_PHY_BMSR);
    g_assert_true(phy_rd(tp, E1K_PHY_BMSR) & E1K_BMSR_LSTATUS);
    g_assert_true(e1k_link_up(tp->dev));
    g_assert_cmpuint(e1k_link_mbps(tp->dev), ==, 1000);
    tp_free(tp);
}

/* Unplugging during autonegotiation cancels it; plugging in again while
 * none runs brings the link up at once. */
static void test_unplug_during_autoneg(void)
{
    TestPort *tp = tp_new(4096, NULL);
    phy_wr(tp, E1K_PHY_BMCR, E1K_BMCR_ANENABLE | E1K_BMCR_ANRESTART);
    g_assert_cmpuint(tp->deadline, ==, AN_NS);
    e1k_set_link(tp->dev, 0);
    g_assert_cmpuint(tp->deadline, ==, E1K_NO_DEADLINE);
    tp_advance(tp, AN_NS * 2);
    g_assert_false(e1k_link_up(tp->dev));
    e1k_set_link(tp->dev, 1);
    g_assert_true(e1k_link_up(tp->dev));
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/phy/ids", test_ids);
    g_test_add_func("/phy/power-on-link-registers",
                    test_power_on_link_registers);
    g_test_add_func("/phy/bad-address-error", test_bad_address_error);
    g_test_add_func("/phy/mdac-interrupt", test_mdac_interrupt);
    g_test_add_func("/phy/autoneg-restart-timing", test_autoneg_restart_timing);
    g_test_add_func("/phy/bmsr-latched-low", test_bmsr_latched_low);
    g_test_add_func("/phy/link-down-up", test_link_down_up);
    g_test_add_func("/phy/slu-asde-gate", test_slu_asde_gate);
    g_test_add_func("/phy/speed-100", test_speed_100);
    g_test_add_func("/phy/no-cable-at-power-on", test_no_cable_at_power_on);
    g_test_add_func("/phy/linux-init-sequence", test_linux_init_sequence);
    g_test_add_func("/phy/unplug-during-autoneg", test_unplug_during_autoneg);
    return g_test_run();
}
