/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: the link (LINKS, AUTOC; datasheet 4.4.3.12), its changes
 * and EICR.LSC, link reset, forced link up (AUTOC.FLU, as the ixgbe
 * self-test's loopback uses), MDIO (MSCA/MSRWD) with no PHY on the bus,
 * the Atlas analog registers behind ATLASCTL.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

#define LINKS_UP_10G 0x6002FF80u   /* up, 10G, aligned, synced, signal */

static void test_power_on(void)
{
    IxgConfig cfg;
    XpPort *xp;

    ixg_config_default(&cfg);
    cfg.link_up = 0;
    xp = xp_new(4096, &cfg, false);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, 0);
    ixg_set_link(xp->dev, 1);
    xp_advance(xp, cfg.link_ns - 1);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS) & IXG_LINKS_UP, ==, 0);
    xp_advance(xp, 1);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==, LINKS_UP_10G);
    g_assert_cmphex(xp_rd(xp, IXG_EICR) & IXG_EICR_LSC, !=, 0);
    xp_free(xp);
}

/* Unplugged: down at once, LSC; frames no longer received. */
static void test_unplug_replug(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    uint8_t *f = xp_frame(ixg_config(xp->dev)->mac, 60);

    xp_wr(xp, IXG_EIMS, IXG_EICR_LSC);
    ixg_set_link(xp->dev, 0);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==, 0);
    xp_advance(xp, 1000);
    g_assert_cmpint(xp->irq, ==, 1);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, IXG_EICR_LSC | IXG_EICR_OTHER);
    xp_wr(xp, IXG_RXCTRL, IXG_RXCTRL_RXEN);
    g_assert_cmpint(ixg_receive(xp->dev, f, 60), ==, IXG_RX_DISABLED);
    ixg_set_link(xp->dev, 1);
    xp_advance(xp, 2000000);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==, LINKS_UP_10G);
    g_assert_cmphex(xp_rd(xp, IXG_EICR), ==, IXG_EICR_LSC | IXG_EICR_OTHER);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_LINK), ==, 2);
    g_assert_cmpuint(xp_trace_last(xp, IXG_TRACE_LINK)->b, ==, 10000);
    g_free(f);
    xp_free(xp);
}

/* CTRL.LRST: the link drops and trains again. */
static void test_link_reset(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    xp_wr(xp, IXG_CTRL, IXG_CTRL_LRST);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS) & IXG_LINKS_UP, ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_CTRL), ==, 0);      /* self-clearing */
    xp_advance(xp, ixg_config(xp->dev)->link_ns);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==, LINKS_UP_10G);
    xp_free(xp);
}

/* AUTOC.AN_RESTART: no effect on the link in 10G without
 * autonegotiation (the CX4 default); in KX4 autonegotiation the link
 * retrains and LINKS.KX_AN_COMP comes with it (ixgbe_start_mac_link_82598
 * waits for it). */
static void test_autoc_restart(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    uint32_t autoc = xp_rd(xp, IXG_AUTOC);

    xp_wr(xp, IXG_AUTOC, autoc | IXG_AUTOC_AN_RESTART);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==, LINKS_UP_10G);
    g_assert_cmphex(xp_rd(xp, IXG_AUTOC), ==, autoc);
    autoc = (autoc & ~IXG_AUTOC_LMS_MASK) | IXG_AUTOC_LMS_KX4_AN;
    xp_wr(xp, IXG_AUTOC, autoc | IXG_AUTOC_AN_RESTART);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS) & IXG_LINKS_UP, ==, 0);
    xp_advance(xp, ixg_config(xp->dev)->link_ns);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS), ==,
                    LINKS_UP_10G | IXG_LINKS_KX_AN_COMP);
    /* 1 Gb/s without autonegotiation: up, speed bit clear */
    xp_wr(xp, IXG_AUTOC, (autoc & ~IXG_AUTOC_LMS_MASK) |
          IXG_AUTOC_LMS_1G_NO_AN);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS) & (IXG_LINKS_UP |
                    IXG_LINKS_SPEED_10G), ==, IXG_LINKS_UP);
    g_assert_cmpuint(xp_trace_last(xp, IXG_TRACE_LINK)->b, ==, 10000);
    xp_free(xp);
}

/* AUTOC.FLU forces the link up without a partner. */
static void test_force_link_up(void)
{
    IxgConfig cfg;
    XpPort *xp;

    ixg_config_default(&cfg);
    cfg.link_up = 0;
    xp = xp_new(4096, &cfg, false);
    xp_wr(xp, IXG_AUTOC, xp_rd(xp, IXG_AUTOC) | IXG_AUTOC_FLU);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS) & (IXG_LINKS_UP |
                    IXG_LINKS_SPEED_10G), ==,
                    IXG_LINKS_UP | IXG_LINKS_SPEED_10G);
    xp_wr(xp, IXG_AUTOC, xp_rd(xp, IXG_AUTOC) & ~IXG_AUTOC_FLU);
    g_assert_cmphex(xp_rd(xp, IXG_LINKS) & IXG_LINKS_UP, ==, 0);
    xp_free(xp);
}

/* MDIO with nothing on the bus (the CX4 and fibre boards have no
 * external PHY): a clause 45 read, as ixgbe_read_phy_reg_mdi does it
 * (address cycle, poll, read cycle, poll, data in MSRWD 31:16), returns
 * all ones, so mdio45_probe finds no PHY. */
static void test_mdio_no_phy(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    uint32_t cmd = 2u /* MDIO_DEVID1 */ | 1u << IXG_MSCA_DEVTYPE_SHIFT |
                   0u << IXG_MSCA_PHYADDR_SHIFT;

    xp_wr(xp, IXG_MSCA, cmd | IXG_MSCA_OP_ADDR << IXG_MSCA_OPCODE_SHIFT |
          IXG_MSCA_MDI_COMMAND);
    g_assert_cmphex(xp_rd(xp, IXG_MSCA) & IXG_MSCA_MDI_COMMAND, ==, 0);
    xp_wr(xp, IXG_MSCA, cmd | IXG_MSCA_OP_READ << IXG_MSCA_OPCODE_SHIFT |
          IXG_MSCA_MDI_COMMAND);
    g_assert_cmphex(xp_rd(xp, IXG_MSCA) & IXG_MSCA_MDI_COMMAND, ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_MSRWD) >> IXG_MSRWD_READ_SHIFT, ==, 0xFFFF);
    /* a write goes nowhere and completes */
    xp_wr(xp, IXG_MSRWD, 0x1234);
    xp_wr(xp, IXG_MSCA, cmd | IXG_MSCA_OP_WRITE << IXG_MSCA_OPCODE_SHIFT |
          IXG_MSCA_MDI_COMMAND);
    g_assert_cmphex(xp_rd(xp, IXG_MSCA) & IXG_MSCA_MDI_COMMAND, ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_MSRWD) & 0xFFFF, ==, 0x1234);
    xp_free(xp);
}

/* ATLASCTL: write an analog register, read it back with the read
 * command (ixgbe_read_analog_reg8_82598 / _write_); kept across
 * CTRL.RST. */
static void test_atlas(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    xp_wr(xp, IXG_ATLASCTL, 0x24u << IXG_ATLASCTL_REG_SHIFT | 0x10u);
    xp_wr(xp, IXG_ATLASCTL, 0x0Bu << IXG_ATLASCTL_REG_SHIFT | 0xF0u);
    xp_wr(xp, IXG_ATLASCTL, IXG_ATLASCTL_READ_CMD |
          0x24u << IXG_ATLASCTL_REG_SHIFT);
    g_assert_cmphex(xp_rd(xp, IXG_ATLASCTL) & 0xFFu, ==, 0x10u);
    xp_wr(xp, IXG_CTRL, IXG_CTRL_RST);
    xp_wr(xp, IXG_ATLASCTL, IXG_ATLASCTL_READ_CMD |
          0x0Bu << IXG_ATLASCTL_REG_SHIFT);
    g_assert_cmphex(xp_rd(xp, IXG_ATLASCTL) & 0xFFu, ==, 0xF0u);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/link/power-on", test_power_on);
    g_test_add_func("/ixgbe/link/unplug-replug", test_unplug_replug);
    g_test_add_func("/ixgbe/link/link-reset", test_link_reset);
    g_test_add_func("/ixgbe/link/autoc-restart", test_autoc_restart);
    g_test_add_func("/ixgbe/link/force-link-up", test_force_link_up);
    g_test_add_func("/ixgbe/link/mdio-no-phy", test_mdio_no_phy);
    g_test_add_func("/ixgbe/link/atlas", test_atlas);
    return g_test_run();
}
