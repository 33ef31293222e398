/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598 model: the EEPROM (datasheet 3.1.3; EEC/EERD 4.4.3.2) as Linux's
 * ixgbe reads and validates it: words through EERD, the checksum walk
 * of ixgbe_calc_eeprom_checksum_generic (words 0x00-0x3E, then the
 * sections the pointers 0x03-0x0E name) summing to 0xBABA with word
 * 0x3F, the station address loaded into RAL0/RAH0, the semaphores.
 */
#include <glib.h>
#include <string.h>

#include "ixgbe_core.h"
#include "ixgport.h"

/** One word through EERD as the driver reads it (start, poll DONE). */
static uint16_t eerd(XpPort *xp, uint32_t addr)
{
    uint32_t v;

    xp_wr(xp, IXG_EERD, addr << IXG_EERD_ADDR_SHIFT | IXG_EERD_START);
    v = xp_rd(xp, IXG_EERD);
    g_assert_cmphex(v & IXG_EERD_DONE, !=, 0);
    return (uint16_t)(v >> IXG_EERD_DATA_SHIFT);
}

/** The checksum walk, written from the driver's description: the
 *  16-bit sum of words 0x00..0x3E and of each section (length word,
 *  then that many words) that pointers 0x03..0x0E name, skipping
 *  pointers and lengths of 0 or 0xFFFF. */
static uint16_t walk_sum(XpPort *xp)
{
    uint16_t sum = 0;

    for (uint32_t i = 0; i < 0x3F; i++) {
        sum = (uint16_t)(sum + eerd(xp, i));
    }
    for (uint32_t i = 0x03; i < 0x0F; i++) {
        uint16_t p = eerd(xp, i), len;
        if (p == 0 || p == 0xFFFF) {
            continue;
        }
        len = eerd(xp, p);
        if (len == 0 || len == 0xFFFF) {
            continue;
        }
        for (uint32_t j = p + 1u; j <= (uint32_t)p + len; j++) {
            sum = (uint16_t)(sum + eerd(xp, j));
        }
    }
    return sum;
}

static void check_image(const IxgConfig *cfg)
{
    XpPort *xp = xp_new(4096, cfg, false);
    uint16_t sum = walk_sum(xp);
    const uint8_t *m = cfg->mac;

    /* ixgbe_validate_eeprom_checksum_generic: sum + word 0x3F = 0xBABA */
    g_assert_cmphex((uint16_t)(sum + eerd(xp, 0x3F)), ==, 0xBABA);
    /* the address the hardware loaded (4.4.3.6.4) is the configured one */
    g_assert_cmphex(xp_rd(xp, IXG_RAL(0)), ==,
                    m[0] | m[1] << 8 | m[2] << 16 | (uint32_t)m[3] << 24);
    g_assert_cmphex(xp_rd(xp, IXG_RAH(0)), ==, IXG_RAH_AV | m[4] | m[5] << 8);
    /* the PBA number words are not programmed (0xFFFF 0xFFFF) */
    g_assert_cmphex(eerd(xp, 0x15), ==, 0xFFFF);
    g_assert_cmphex(eerd(xp, 0x16), ==, 0xFFFF);
    xp_free(xp);
}

static void test_checksum(void)
{
    IxgConfig cfg;
    static const uint8_t macs[][6] = {
        { 0x52, 0x54, 0x00, 0x12, 0x34, 0x57 },
        { 0x00, 0x1B, 0x21, 0xFF, 0xFF, 0xFE },
        { 0x02, 0x00, 0x00, 0x00, 0x00, 0x00 },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(macs); i++) {
        ixg_config_default(&cfg);
        memcpy(cfg.mac, macs[i], 6);
        check_image(&cfg);
        cfg.chip = IXG_CHIP_82598AF_DUAL;
        cfg.lan_id = 1;
        check_image(&cfg);
    }
}

/* The model's own sum agrees with the walk, and a corrupted image does
 * not validate (the test can fail). */
static void test_checksum_detects_corruption(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    IxgDev *s = xp->dev;

    g_assert_cmphex(ixg_eeprom_checksum(s->eeprom, IXG_EEPROM_WORDS), ==,
                    s->eeprom[0x3F]);
    s->eeprom[0x42] ^= 0x0100u;   /* a byte of the LAN 0 address */
    g_assert_cmphex((uint16_t)(walk_sum(xp) + eerd(xp, 0x3F)), !=, 0xBABA);
    g_assert_cmpint(ixg_eeprom_validate(s), ==, -1);
    xp_free(xp);
}

/* CTRL.RST reloads the address from the EEPROM. */
static void test_mac_reload(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    uint32_t ral = xp_rd(xp, IXG_RAL(0)), rah = xp_rd(xp, IXG_RAH(0));

    xp_wr(xp, IXG_RAL(0), 0x11223344u);
    xp_wr(xp, IXG_RAH(0), 0);
    xp_wr(xp, IXG_CTRL, IXG_CTRL_RST);
    g_assert_cmphex(xp_rd(xp, IXG_RAL(0)), ==, ral);
    g_assert_cmphex(xp_rd(xp, IXG_RAH(0)), ==, rah);
    xp_free(xp);
}

/* EEC (4.4.3.2.1): present, auto-read done, size 2^(2+6) = 256 words;
 * a request is granted. */
static void test_eec(void)
{
    XpPort *xp = xp_new(4096, NULL, false);
    uint32_t v = xp_rd(xp, IXG_EEC);

    g_assert_cmphex(v & (IXG_EEC_PRES | IXG_EEC_ARD), ==,
                    IXG_EEC_PRES | IXG_EEC_ARD);
    g_assert_cmpuint((v >> IXG_EEC_SIZE_SHIFT) & 0xFu, ==, 2);
    g_assert_cmphex(v & IXG_EEC_GNT, ==, 0);
    xp_wr(xp, IXG_EEC, v | IXG_EEC_REQ);
    g_assert_cmphex(xp_rd(xp, IXG_EEC) & IXG_EEC_GNT, !=, 0);
    xp_wr(xp, IXG_EEC, v & ~IXG_EEC_REQ);
    g_assert_cmphex(xp_rd(xp, IXG_EEC) & IXG_EEC_GNT, ==, 0);
    xp_free(xp);
}

/* EERD beyond the EEPROM: done, 0, traced. */
static void test_eerd_beyond(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    g_assert_cmphex(eerd(xp, 0x3FFF), ==, 0);
    g_assert_cmphex(eerd(xp, 256), ==, 0);
    g_assert_cmpuint(xp_trace_count(xp, IXG_TRACE_EEPROM_ADDR), ==, 2);
    /* without START nothing is read */
    xp_wr(xp, IXG_EERD, 5u << IXG_EERD_ADDR_SHIFT);
    g_assert_cmphex(xp_rd(xp, IXG_EERD) & IXG_EERD_DONE, ==, 0);
    xp_free(xp);
}

/* SWSM.SMBI: the first read finds it clear and takes it; writing 0
 * releases it (ixgbe_get_eeprom_semaphore); GSSR's software bits. */
static void test_semaphores(void)
{
    XpPort *xp = xp_new(4096, NULL, false);

    g_assert_cmphex(xp_rd(xp, IXG_SWSM) & IXG_SWSM_SMBI, ==, 0);
    g_assert_cmphex(xp_rd(xp, IXG_SWSM) & IXG_SWSM_SMBI, !=, 0);
    xp_wr(xp, IXG_SWSM, xp_rd(xp, IXG_SWSM) | IXG_SWSM_SWESMBI);
    g_assert_cmphex(xp_rd(xp, IXG_SWSM) & IXG_SWSM_SWESMBI, !=, 0);
    xp_wr(xp, IXG_SWSM, 0);
    g_assert_cmphex(xp_rd(xp, IXG_SWSM) & IXG_SWSM_SMBI, ==, 0);
    xp_wr(xp, IXG_GSSR, 0xFFFFFFFFu);
    g_assert_cmphex(xp_rd(xp, IXG_GSSR), ==, IXG_GSSR_SW_MASK);
    g_assert_cmpint(ixg_eeprom_validate(xp->dev), ==, 0);
    xp_free(xp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ixgbe/eeprom/checksum", test_checksum);
    g_test_add_func("/ixgbe/eeprom/checksum-detects-corruption",
                    test_checksum_detects_corruption);
    g_test_add_func("/ixgbe/eeprom/mac-reload", test_mac_reload);
    g_test_add_func("/ixgbe/eeprom/eec", test_eec);
    g_test_add_func("/ixgbe/eeprom/eerd-beyond", test_eerd_beyond);
    g_test_add_func("/ixgbe/eeprom/semaphores", test_semaphores);
    return g_test_run();
}
