/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The driver core's ethtool operations over the real device model: the
 * five-part self-test on both chips (all pass; a broken register shows
 * as its offset), the register dump in Intel's layout, EEPROM reads,
 * forced link settings, ring sizes, rx-usecs to ITR as Linux e1000 maps
 * it, Wake on LAN, multicast filtering through the MTA hash and VLAN
 * stripping and filtering (docs/driver.md "ethtool operations").
 */
#include <string.h>

#include "e1000_core.h"
#include "e1000_drv_internal.h"
#include "fake_os.h"

#define MEM (16u << 20)

static FakeOs *up_on(E1kChip chip)
{
    E1kConfig cfg;
    struct e1k_drv_params p;
    FakeOs *f;

    e1k_config_default(&cfg);
    cfg.chip = chip;
    f = fos_new(MEM, &cfg);
    e1k_drv_params_default(&p);
    fos_up(f, &p);
    return f;
}

/* ethtool -t offline on each chip: link first, then the port closed and
 * the four offline tests: every result 0; the port opens again and the
 * link returns. */
static void test_self_test_passes(void)
{
    for (int chip = 0; chip < 2; chip++) {
        FakeOs *f = up_on(chip ? E1K_CHIP_82545EM : E1K_CHIP_82540EM);
        uint64_t res[E1K_TEST_COUNT] = { 9, 9, 9, 9, 9 };

        res[E1K_TEST_LINK] = e1k_drv_test_link(f->a);
        e1k_drv_close(f->a);
        f->irq_in_sleep = true;
        g_assert_true(e1k_drv_test_offline(f->a, false, res));
        f->irq_in_sleep = false;
        for (int i = 0; i < E1K_TEST_COUNT; i++) {
            g_assert_cmpuint(res[i], ==, 0);
        }
        /* interrupts reached the handler in the interrupt test */
        g_assert_cmpuint(f->isr_calls, >=, 17u); /* one per cause */
        /* both loops sent and received 32 frames, none on the wire */
        g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_GPTC), ==, 0); /* reset */
        g_assert_cmpuint(f->tp->tx->len, ==, 0);
        g_assert_cmpint(e1k_drv_open(f->a), ==, 0);
        fos_run(f, 600000000ull);
        e1k_drv_watchdog(f->a);
        g_assert_true(f->carrier);
        e1k_drv_close(f->a);
        fos_free(f);
    }
}

/* A register that does not keep what the test writes fails the register
 * test with its offset (a white-box hook spoils TIDV's read-back). */
static void spoil_tidv(FakeOs *f, uint32_t reg, uint32_t val)
{
    if (reg == E1K_TIDV && val == 0x5A5Au) {
        e1k_mmio_write(f->tp->dev, E1K_TIDV, 0x5A5Bu, 4);
    }
}

static void test_self_test_reports_register(void)
{
    FakeOs *f = up_on(E1K_CHIP_82540EM);
    uint64_t res[E1K_TEST_COUNT] = { 0 };

    e1k_drv_close(f->a);
    f->irq_in_sleep = true;
    f->after_write = spoil_tidv;
    g_assert_false(e1k_drv_test_offline(f->a, false, res));
    g_assert_cmphex(res[E1K_TEST_REG], ==, E1K_TIDV);
    g_assert_cmpuint(res[E1K_TEST_EEPROM], ==, 0);
    fos_free(f);
}

/* ethtool -d: version and the registers in Linux e1000_get_regs's
 * slots; ethtool -e: the EEPROM bytes and magic. */
static void test_regs_and_eeprom(void)
{
    FakeOs *f = up_on(E1K_CHIP_82545EM);
    uint32_t regs[E1K_REGS_DUMP_LEN], version, magic;
    uint8_t b[128];

    e1k_drv_get_regs(f->a, 3, &version, regs);
    g_assert_cmphex(version, ==, 0x0103100Fu);
    g_assert_cmphex(regs[0], ==, e1k_peek_reg(f->tp->dev, E1K_CTRL));
    g_assert_cmphex(regs[1], ==, e1k_peek_reg(f->tp->dev, E1K_STATUS));
    g_assert_cmphex(regs[2], ==, e1k_peek_reg(f->tp->dev, E1K_RCTL));
    g_assert_cmphex(regs[8], ==, e1k_peek_reg(f->tp->dev, E1K_TDLEN));
    g_assert_cmphex(regs[13], ==, 0xAC00);   /* M88 status: 1000 full */
    g_assert_cmpuint(e1k_drv_eeprom_len(f->a), ==, 128);
    g_assert_cmpint(e1k_drv_get_eeprom(f->a, 0, 128, b, &magic), ==, 0);
    g_assert_cmphex(magic, ==, 0x100F8086u);
    g_assert_cmpmem(b, 6, e1k_drv_mac(f->a), 6);
    g_assert_cmphex(b[0x1A] | b[0x1B] << 8, ==, 0x100F); /* word 0x0D */
    g_assert_cmpint(e1k_drv_get_eeprom(f->a, 3, 3, b, &magic), ==, 0);
    g_assert_cmpmem(b, 3, e1k_drv_mac(f->a) + 3, 3);
    g_assert_cmpint(e1k_drv_get_eeprom(f->a, 120, 9, b, &magic), ==, -1);
    e1k_drv_close(f->a);
    fos_free(f);
}

/* ethtool -s speed 100 duplex full autoneg off: the link comes back at
 * 100 full (the default partner autonegotiates: parallel detection);
 * 1000 full forced means autonegotiating 1000 full only; 1000 half is
 * refused; -r restarts autonegotiation. */
static void test_link_settings(void)
{
    FakeOs *f = up_on(E1K_CHIP_82540EM);
    struct e1k_link_settings ls = { .autoneg = false, .forced_speed = 100,
                                    .forced_fd = true };

    g_assert_cmpint(e1k_drv_set_link_settings(f->a, &ls), ==, 0);
    fos_run(f, 600000000ull);
    e1k_drv_watchdog(f->a);
    g_assert_true(fos_log_has(f, "NIC Link is Up 100 Mbps Full Duplex"));
    memset(&ls, 0, sizeof(ls));
    e1k_drv_get_link_settings(f->a, &ls);
    g_assert_false(ls.autoneg);
    g_assert_true(ls.link_up);
    g_assert_cmpuint(ls.speed, ==, 100);
    g_assert_true(ls.full_duplex);
    g_assert_cmpint(e1k_drv_nway_reset(f->a), ==, -1);

    ls.autoneg = false;
    ls.forced_speed = 1000;
    ls.forced_fd = false;
    g_assert_cmpint(e1k_drv_set_link_settings(f->a, &ls), ==, -1);
    ls.forced_fd = true;
    g_assert_cmpint(e1k_drv_set_link_settings(f->a, &ls), ==, 0);
    fos_run(f, 600000000ull);
    e1k_drv_get_link_settings(f->a, &ls);
    g_assert_true(ls.autoneg);
    g_assert_cmphex(ls.advertised, ==, E1K_ADV_1000FD);
    g_assert_cmpuint(ls.speed, ==, 1000);
    g_assert_cmpint(e1k_drv_nway_reset(f->a), ==, 0);
    g_assert_false(e1k_peek_reg(f->tp->dev, E1K_STATUS) & E1K_STATUS_LU);
    e1k_drv_close(f->a);
    fos_free(f);
}

/* -G, -C rx-usecs, WoL. */
static void test_rings_coalesce_wol(void)
{
    FakeOs *f = up_on(E1K_CHIP_82540EM);
    uint32_t rx, tx, max;

    g_assert_cmpint(e1k_drv_set_rings(f->a, 1000, 20), ==, 0);
    e1k_drv_get_rings(f->a, &rx, &tx, &max);
    g_assert_cmpuint(rx, ==, 1000);
    g_assert_cmpuint(tx, ==, 80);
    g_assert_cmpuint(max, ==, 4096);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_RDLEN), ==, 1000 * 16);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_TDLEN), ==, 80 * 16);

    g_assert_cmpint(e1k_drv_set_rx_usecs(f->a, 100), ==, 0);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 390); /* 1e9/(1e4*256) */
    g_assert_cmpuint(e1k_drv_get_rx_usecs(f->a), ==, 100);
    g_assert_cmpint(e1k_drv_set_rx_usecs(f->a, 0), ==, 0);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 0);
    g_assert_cmpint(e1k_drv_set_rx_usecs(f->a, 3), ==, 0);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 195); /* 20000/s */
    g_assert_cmpuint(e1k_drv_get_rx_usecs(f->a), ==, 3);
    g_assert_cmpint(e1k_drv_set_rx_usecs(f->a, 2), ==, -1);
    g_assert_cmpint(e1k_drv_set_rx_usecs(f->a, 7), ==, -1);
    g_assert_cmpint(e1k_drv_set_rx_usecs(f->a, 10001), ==, -1);

    /* the EEPROM's APM enable: magic packet on by default */
    g_assert_cmphex(e1k_drv_get_wol(f->a), ==, E1K_WUFC_MAG);
    g_assert_cmpint(e1k_drv_set_wol(f->a, E1K_WUFC_MAG | E1K_WUFC_BC), ==, 0);
    e1k_drv_arm_wake(f->a);
    g_assert_cmphex(e1k_peek_reg(f->tp->dev, E1K_WUFC), ==,
                    E1K_WUFC_MAG | E1K_WUFC_BC);
    g_assert_cmphex(e1k_peek_reg(f->tp->dev, E1K_WUC), ==, E1K_WUC_PME_EN);
    e1k_drv_close(f->a);
    fos_free(f);

    f = up_on(E1K_CHIP_82545EM);  /* Linux: the 82545EM copper does not wake */
    g_assert_cmphex(e1k_drv_wol_supported(f->a), ==, 0);
    g_assert_cmpint(e1k_drv_set_wol(f->a, E1K_WUFC_MAG), ==, -1);
    e1k_drv_close(f->a);
    fos_free(f);
}

/* A frame to @dst with an optional 802.1Q tag @vid (0: none). */
static void send_to(FakeOs *f, const uint8_t *dst, uint16_t vid)
{
    uint8_t fr[128];
    uint32_t o = 12;

    memset(fr, 0x33, sizeof(fr));
    memcpy(fr, dst, 6);
    memcpy(fr + 6, "\x02\x00\x00\x00\x00\x09", 6);
    if (vid) {
        fr[o++] = 0x81;
        fr[o++] = 0x00;
        fr[o++] = (uint8_t)(vid >> 8);
        fr[o++] = (uint8_t)vid;
    }
    fr[o++] = 0x08;
    fr[o++] = 0x00;
    (void)tp_rx(f->tp, fr, sizeof(fr));
    fos_run(f, 1000000);
}

/* Multicast through the MTA hash: the joined group passes, a group
 * hashing elsewhere does not; all-multicast passes both.  VLAN: with
 * stripping and filtering, VID 100 passes with its tag handed over, VID
 * 200 does not; promiscuous sees it. */
static void test_multicast_and_vlan(void)
{
    static const uint8_t joined[6] = { 0x01, 0x00, 0x5E, 0x01, 0x02, 0x03 };
    static const uint8_t foreign[6] = { 0x01, 0x00, 0x5E, 0x04, 0x05, 0x06 };
    FakeOs *f = up_on(E1K_CHIP_82540EM);
    uint32_t h = e1k_drv_mta_hash(joined);
    guint n;

    g_assert_cmpuint(h, ==, 0x030);          /* 0x03 << 4 | 0x02 >> 4 */
    g_assert_cmpuint(e1k_drv_mta_hash(foreign), !=, h);
    e1k_drv_set_rx_mode(f->a, false, false, joined, 1);
    g_assert_cmphex(e1k_peek_reg(f->tp->dev, E1K_MTA + 4 * (h >> 5)), ==,
                    1u << (h & 31));
    n = f->rx->len;
    send_to(f, joined, 0);
    send_to(f, foreign, 0);
    g_assert_cmpuint(f->rx->len, ==, n + 1);
    e1k_drv_set_rx_mode(f->a, false, true, joined, 1);
    send_to(f, foreign, 0);
    g_assert_cmpuint(f->rx->len, ==, n + 2);
    e1k_drv_set_rx_mode(f->a, false, false, NULL, 0);

    e1k_drv_set_vlan_offload(f->a, true, true, true);
    e1k_drv_vlan_add(f->a, 100);
    n = f->rx->len;
    send_to(f, e1k_drv_mac(f->a), 100);
    send_to(f, e1k_drv_mac(f->a), 200);
    g_assert_cmpuint(f->rx->len, ==, n + 1);
    g_assert_true(g_array_index(f->rx, FosRx, n).vlan_present);
    g_assert_cmphex(g_array_index(f->rx, FosRx, n).vlan_tci, ==, 100);
    g_assert_cmphex(g_array_index(f->rx, FosRx, n).data[12], ==, 0x08);
    e1k_drv_set_rx_mode(f->a, true, false, NULL, 0);
    send_to(f, e1k_drv_mac(f->a), 200);
    g_assert_cmpuint(f->rx->len, ==, n + 2);
    e1k_drv_close(f->a);
    fos_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/driver-ethtool/self-test-passes", test_self_test_passes);
    g_test_add_func("/driver-ethtool/self-test-reports-register",
                    test_self_test_reports_register);
    g_test_add_func("/driver-ethtool/regs-and-eeprom", test_regs_and_eeprom);
    g_test_add_func("/driver-ethtool/link-settings", test_link_settings);
    g_test_add_func("/driver-ethtool/rings-coalesce-wol",
                    test_rings_coalesce_wol);
    g_test_add_func("/driver-ethtool/multicast-and-vlan",
                    test_multicast_and_vlan);
    return g_test_run();
}
