/* SPDX-License-Identifier: GPL-2.0-or-later */
/* EEPROM image, EERD and Microwire bit-bang on EECD (SDM 5, 13.4.3-4;
 * the EEPROM checksum case of docs/model-tests.md). */
#include <string.h>

#include "testport.h"
#include "e1000_core.h"

/* --- a driver-style Microwire reader (as the e1000 driver does it) --- */

static void ee_wr(TestPort *tp, uint32_t v)
{
    tp_wr(tp, E1K_EECD, v);
}

static void ee_clock_out(TestPort *tp, uint32_t *eecd, uint32_t data,
                         unsigned bits)
{
    for (int i = (int)bits - 1; i >= 0; i--) {
        *eecd &= ~E1K_EECD_DI;
        if (data & (1u << i)) {
            *eecd |= E1K_EECD_DI;
        }
        ee_wr(tp, *eecd);
        ee_wr(tp, *eecd | E1K_EECD_SK);
        ee_wr(tp, *eecd);
    }
    *eecd &= ~E1K_EECD_DI;
    ee_wr(tp, *eecd);
}

static uint16_t ee_clock_in(TestPort *tp, uint32_t *eecd)
{
    uint16_t v = 0;
    for (int i = 0; i < 16; i++) {
        ee_wr(tp, *eecd | E1K_EECD_SK);
        v = (uint16_t)(v << 1 |
                       ((tp_rd(tp, E1K_EECD) & E1K_EECD_DO) ? 1 : 0));
        ee_wr(tp, *eecd);
    }
    return v;
}

/* Acquire (REQ/GNT), select, READ opcode + address, 16 bits, deselect. */
static uint16_t uwire_read(TestPort *tp, unsigned addr)
{
    uint32_t eecd = E1K_EECD_REQ;
    uint16_t v;
    ee_wr(tp, eecd);
    g_assert_true(tp_rd(tp, E1K_EECD) & E1K_EECD_GNT);
    eecd |= E1K_EECD_CS;
    ee_wr(tp, eecd);
    ee_clock_out(tp, &eecd, E1K_UWIRE_READ, 3);
    ee_clock_out(tp, &eecd, addr, 6);
    v = ee_clock_in(tp, &eecd);
    ee_wr(tp, E1K_EECD_REQ);  /* CS low */
    ee_wr(tp, 0);             /* release */
    g_assert_false(tp_rd(tp, E1K_EECD) & E1K_EECD_GNT);
    return v;
}

static uint16_t eerd_read(TestPort *tp, unsigned addr)
{
    uint32_t v;
    tp_wr(tp, E1K_EERD, E1K_EERD_START | addr << E1K_EERD_ADDR_SHIFT);
    v = tp_rd(tp, E1K_EERD);
    g_assert_true(v & E1K_EERD_DONE);
    g_assert_cmphex((v & E1K_EERD_ADDR_MASK) >> 8, ==, addr);
    return (uint16_t)(v >> E1K_EERD_DATA_SHIFT);
}

/* C08: both paths agree, sum 0xBABA, MAC low byte first. */
static void test_c08_checksum_both_paths(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint16_t a[64], b[64], sum = 0;
    for (unsigned i = 0; i < 64; i++) {
        a[i] = eerd_read(tp, i);
        b[i] = uwire_read(tp, i);
        g_assert_cmphex(a[i], ==, b[i]);
        sum = (uint16_t)(sum + a[i]);
    }
    g_assert_cmphex(sum, ==, 0xBABA);
    g_assert_cmphex(a[0], ==, 0x5452); /* 52:54 */
    g_assert_cmphex(a[1], ==, 0x1200); /* 00:12 */
    g_assert_cmphex(a[2], ==, 0x5634); /* 34:56 */
    g_assert_cmphex(a[0x0B], ==, 0x001E);
    g_assert_cmphex(a[0x0C], ==, 0x8086);
    g_assert_cmphex(a[0x0D], ==, 0x100E);
    g_assert_cmphex(a[0x0E], ==, 0x8086);
    g_assert_cmphex(a[0x0A] >> 14, ==, 1); /* valid signature 01b */
    tp_free(tp);
}

static void test_82545_image(void)
{
    E1kConfig cfg;
    TestPort *tp;
    static const uint8_t mac[6] = { 0x00, 0x1B, 0x21, 0xAA, 0xBB, 0xCC };
    uint16_t sum = 0;
    e1k_config_default(&cfg);
    cfg.chip = E1K_CHIP_82545EM;
    memcpy(cfg.mac, mac, 6);
    tp = tp_new(4096, &cfg);
    g_assert_cmphex(eerd_read(tp, 0), ==, 0x1B00);
    g_assert_cmphex(eerd_read(tp, 1), ==, 0xAA21);
    g_assert_cmphex(eerd_read(tp, 2), ==, 0xCCBB);
    g_assert_cmphex(eerd_read(tp, 0x0B), ==, 0x1001);
    g_assert_cmphex(eerd_read(tp, 0x0D), ==, 0x100F);
    for (unsigned i = 0; i < 64; i++) {
        sum = (uint16_t)(sum + uwire_read(tp, i));
    }
    g_assert_cmphex(sum, ==, 0xBABA);
    tp_free(tp);
}

/* While CS stays high the read continues with the next word. */
static void test_sequential_read(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t eecd = E1K_EECD_REQ | E1K_EECD_CS;
    ee_wr(tp, E1K_EECD_REQ);
    ee_wr(tp, eecd);
    ee_clock_out(tp, &eecd, E1K_UWIRE_READ, 3);
    ee_clock_out(tp, &eecd, 0x3E, 6);
    g_assert_cmphex(ee_clock_in(tp, &eecd), ==, eerd_read(tp, 0x3E));
    g_assert_cmphex(ee_clock_in(tp, &eecd), ==, eerd_read(tp, 0x3F));
    g_assert_cmphex(ee_clock_in(tp, &eecd), ==, eerd_read(tp, 0x00)); /* wrap */
    ee_wr(tp, 0);
    tp_free(tp);
}

/* Leading zeros before the start bit are ignored. */
static void test_leading_zeros(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t eecd = E1K_EECD_REQ | E1K_EECD_CS;
    ee_wr(tp, E1K_EECD_REQ);
    ee_wr(tp, eecd);
    ee_clock_out(tp, &eecd, 0, 2);
    ee_clock_out(tp, &eecd, E1K_UWIRE_READ, 3);
    ee_clock_out(tp, &eecd, 0x0D, 6);
    g_assert_cmphex(ee_clock_in(tp, &eecd), ==, 0x100E);
    ee_wr(tp, 0);
    tp_free(tp);
}

/* Without REQ/GNT the pins do nothing; DO stays 0; EECD bits. */
static void test_no_grant_no_access(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t eecd = E1K_EECD_CS;
    g_assert_cmphex(tp_rd(tp, E1K_EECD), ==, E1K_EECD_PRES);
    ee_wr(tp, eecd);
    ee_clock_out(tp, &eecd, E1K_UWIRE_READ, 3);
    ee_clock_out(tp, &eecd, 0x0E, 6); /* word 0x8086 */
    for (int i = 0; i < 16; i++) {
        ee_wr(tp, eecd | E1K_EECD_SK);
        g_assert_false(tp_rd(tp, E1K_EECD) & E1K_EECD_DO);
        ee_wr(tp, eecd);
    }
    /* GNT, PRES and SIZE are not writable */
    ee_wr(tp, E1K_EECD_GNT | E1K_EECD_SIZE);
    g_assert_cmphex(tp_rd(tp, E1K_EECD), ==, E1K_EECD_PRES);
    tp_free(tp);
}

/* A WRITE command is accepted and ignored: contents unchanged, DO=1. */
static void test_write_ignored(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t eecd = E1K_EECD_REQ | E1K_EECD_CS;
    uint16_t before = eerd_read(tp, 5);
    ee_wr(tp, E1K_EECD_REQ);
    ee_wr(tp, eecd);
    ee_clock_out(tp, &eecd, E1K_UWIRE_WRITE, 3);
    ee_clock_out(tp, &eecd, 5, 6);
    ee_clock_out(tp, &eecd, 0xDEAD, 16);
    g_assert_true(tp_rd(tp, E1K_EECD) & E1K_EECD_DO); /* ready */
    ee_wr(tp, 0);
    g_assert_cmphex(eerd_read(tp, 5), ==, before);
    g_assert_cmphex(uwire_read(tp, 5), ==, before);
    tp_free(tp);
}

static void test_eerd_edges(void)
{
    TestPort *tp = tp_new(4096, NULL);
    uint32_t v;
    /* address beyond the 64-word part: DONE with data 0 */
    tp_wr(tp, E1K_EERD, E1K_EERD_START | 0x40u << 8);
    v = tp_rd(tp, E1K_EERD);
    g_assert_cmphex(v, ==, E1K_EERD_DONE | 0x40u << 8);
    /* without START nothing is read and DONE is clear */
    tp_wr(tp, E1K_EERD, 0x0Eu << 8);
    g_assert_cmphex(tp_rd(tp, E1K_EERD), ==, 0x0Eu << 8);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/eeprom/c08-checksum-both-paths",
                    test_c08_checksum_both_paths);
    g_test_add_func("/eeprom/82545-image", test_82545_image);
    g_test_add_func("/eeprom/sequential-read", test_sequential_read);
    g_test_add_func("/eeprom/leading-zeros", test_leading_zeros);
    g_test_add_func("/eeprom/no-grant-no-access", test_no_grant_no_access);
    g_test_add_func("/eeprom/write-ignored", test_write_ignored);
    g_test_add_func("/eeprom/eerd-edges", test_eerd_edges);
    return g_test_run();
}
