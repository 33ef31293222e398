/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Audit tests (docs/model-tests.md): link up/down with LSC and STATUS
 * LU/SPEED/FD at 10, 100 and 1000 Mb/s (SDM 13.4.2; [DPDK-E1000] PHY),
 * serialization at each link speed with TIPG (SDM 13.4.34,
 * [IEEE-802.3]), PHY specific status per speed, and chip identity in the
 * EEPROM (SDM 5.6; [PCIIDS]).
 */
#include "txtest.h"

#define LINK_BITS (E1K_STATUS_LU | E1K_STATUS_FD | E1K_STATUS_SPEED_MASK)

static uint16_t phy_read(TestPort *tp, uint32_t reg)
{
    uint32_t v;
    tp_wr(tp, E1K_MDIC, E1K_MDIC_OP_READ | 1u << E1K_MDIC_PHY_SHIFT |
                            reg << E1K_MDIC_REG_SHIFT);
    v = tp_rd(tp, E1K_MDIC);
    g_assert_true(v & E1K_MDIC_READY);
    g_assert_false(v & E1K_MDIC_ERROR);
    return (uint16_t)v;
}

/* STATUS at power-on, after unplug (LU/FD/SPEED cleared, LSC raised and
 * the line asserted) and after re-plug (same bits back, LSC again). */
static void test_status_per_speed(void)
{
    static const struct { uint32_t mbps, speed; uint16_t sstat; } t[] = {
        /* M88 spec. status: speed b15:14, duplex, resolved, link */
        { 10, E1K_STATUS_SPEED_10, 0x2C00 },
        { 100, E1K_STATUS_SPEED_100, 0x6C00 },
        { 1000, E1K_STATUS_SPEED_1000, 0xAC00 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(t); i++) {
        E1kConfig cfg;
        TestPort *tp;
        uint32_t up = E1K_STATUS_LU | E1K_STATUS_FD | t[i].speed;

        e1k_config_default(&cfg);
        cfg.link_mbps = t[i].mbps;
        tp = tp_new(4096, &cfg);
        g_assert_cmphex(tp_rd(tp, E1K_STATUS) & LINK_BITS, ==, up);
        g_assert_cmphex(phy_read(tp, E1K_PHY_M88_SSTAT), ==, t[i].sstat);
        g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0); /* no LSC at power-on */
        tp_wr(tp, E1K_IMS, E1K_ICR_LSC);

        tp_advance_to(tp, 1000);
        e1k_set_link(tp->dev, 0);
        g_assert_cmphex(tp_rd(tp, E1K_STATUS) & LINK_BITS, ==, 0);
        g_assert_cmpint(tp->irq, ==, 1);
        g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
        g_assert_cmpint(tp->irq, ==, 0);
        g_assert_false(phy_read(tp, E1K_PHY_BMSR) & E1K_BMSR_LSTATUS);

        tp_advance_to(tp, 2000);
        e1k_set_link(tp->dev, 1);
        g_assert_cmphex(tp_rd(tp, E1K_STATUS) & LINK_BITS, ==, up);
        g_assert_cmpint(tp->irq, ==, 1);
        g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC);
        g_assert_cmpuint(tp->irq_rises, ==, 2);
        g_assert_cmphex(phy_read(tp, E1K_PHY_M88_SSTAT), ==, t[i].sstat);
        tp_free(tp);
    }
}

/* Back-to-back 60-byte frames (64 with FCS) at 10 Mb/s: 64 + 8 + 12 =
 * 84 byte times of 800 ns apart = 67200 ns ([IEEE-802.3]); with IPGT = 20
 * the gap is 20 + 4 = 24 byte times: 96 x 80 ns = 7680 ns at 100 Mb/s
 * (txt_check_back_to_back in txtest.h). */
static void test_wire_10(void)
{
    txt_check_back_to_back(10, TXT_TIPG_LINUX, 84u * 800u);
}

static void test_wire_tipg_100(void)
{
    txt_check_back_to_back(100, 20, (64u + 8u + 24u) * 80u);
}

/* Link down at 100 Mb/s then up: TX holds and resumes; the frame left
 * after the link came back, not before. */
static void test_link_down_holds_tx(void)
{
    E1kConfig cfg;
    TestPort *tp;

    e1k_config_default(&cfg);
    cfg.link_mbps = 100;
    tp = txt_new(&cfg, 8, E1K_TCTL_EN | E1K_TCTL_PSP);
    e1k_set_link(tp->dev, 0);
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    txt_legacy(tp, 0, TXT_BUFS, 100, E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS, 0,
               0, 0);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance_to(tp, 500000);
    g_assert_cmpuint(tp->tx->len, ==, 0);
    e1k_set_link(tp->dev, 1);
    tp_advance_to(tp, 2000000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(txt_frame(tp, 0)->time_ns, >=,
                     500000 + (uint64_t)(8 + 104) * 80);
    tp_free(tp);
}

/* EEPROM identity words per chip (SDM 5.6; [PCIIDS]): 82540EM device ID
 * 0x100E with subsystem 8086:001E; 82545EM device ID 0x100F with
 * subsystem 8086:1001 (PRO/1000 MT Server); vendor 0x8086 in words 0x0C
 * and 0x0E; checksum 0xBABA for both. */
static void test_eeprom_ids_per_chip(void)
{
    static const struct { E1kChip chip; uint16_t dev, subsys; } t[] = {
        { E1K_CHIP_82540EM, E1K_PCI_DEVICE_82540EM, 0x001E },
        { E1K_CHIP_82545EM, E1K_PCI_DEVICE_82545EM, 0x1001 },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(t); i++) {
        E1kConfig cfg;
        TestPort *tp;
        uint16_t w[64], sum = 0;
        e1k_config_default(&cfg);
        cfg.chip = t[i].chip;
        tp = tp_new(4096, &cfg);
        for (unsigned a = 0; a < 64; a++) {
            uint32_t v;
            tp_wr(tp, E1K_EERD, E1K_EERD_START | a << E1K_EERD_ADDR_SHIFT);
            v = tp_rd(tp, E1K_EERD);
            g_assert_true(v & E1K_EERD_DONE);
            w[a] = (uint16_t)(v >> E1K_EERD_DATA_SHIFT);
            sum = (uint16_t)(sum + w[a]);
        }
        g_assert_cmphex(w[E1K_EE_DEVID], ==, t[i].dev);
        g_assert_cmphex(w[E1K_EE_SUBSYS], ==, t[i].subsys);
        g_assert_cmphex(w[E1K_EE_SUBVEN], ==, E1K_PCI_VENDOR_INTEL);
        g_assert_cmphex(w[E1K_EE_VENID], ==, E1K_PCI_VENDOR_INTEL);
        g_assert_cmphex(sum, ==, E1K_EEPROM_SUM);
        g_assert_cmphex(w[0], ==, 0x5452);
        tp_free(tp);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/audit/link/status-per-speed", test_status_per_speed);
    g_test_add_func("/audit/link/wire-10", test_wire_10);
    g_test_add_func("/audit/link/wire-tipg-100", test_wire_tipg_100);
    g_test_add_func("/audit/link/down-holds-tx", test_link_down_holds_tx);
    g_test_add_func("/audit/eeprom/ids-per-chip", test_eeprom_ids_per_chip);
    return g_test_run();
}
