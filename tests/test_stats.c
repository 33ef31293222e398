/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Statistics registers: clear on read, 64-bit pairs, saturation, size
 * buckets (SDM 13.7; the register part of the counters case). */
#include "testport.h"
#include "e1000_core.h"

static const uint32_t all_counters[] = {
    0x4000, 0x4004, 0x4008, 0x400C, 0x4010, 0x4014, 0x4018, 0x401C,
    0x4020, 0x4028, 0x4030, 0x4034, 0x4038, 0x403C, 0x4040, 0x4048,
    0x404C, 0x4050, 0x4054, 0x4058, 0x405C, 0x4060, 0x4064, 0x4068,
    0x406C, 0x4070, 0x4074, 0x4078, 0x407C, 0x4080, 0x40A0, 0x40A4,
    0x40A8, 0x40AC, 0x40B0, 0x40B4, 0x40B8, 0x40BC, 0x40D0, 0x40D4,
    0x40D8, 0x40DC, 0x40E0, 0x40E4, 0x40E8, 0x40EC, 0x40F0, 0x40F4,
    0x40F8, 0x40FC,
};

/* Every 32-bit counter of the map reads back and clears on read. */
static void test_clear_on_read(void)
{
    TestPort *tp = tp_new(4096, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(all_counters); i++) {
        uint32_t off = all_counters[i];
        g_assert_true(e1k_stats_is_counter(off));
        e1k_stat_add(tp->dev, off, (uint32_t)(i + 1));
        g_assert_cmphex(e1k_peek_reg(tp->dev, off), ==, i + 1);
        g_assert_cmphex(tp_rd(tp, off), ==, i + 1);
        g_assert_cmphex(tp_rd(tp, off), ==, 0);
    }
    /* holes in the block are not counters */
    g_assert_false(e1k_stats_is_counter(0x4024));
    g_assert_false(e1k_stats_is_counter(0x4098));
    tp_free(tp);
}

static void test_saturation(void)
{
    TestPort *tp = tp_new(4096, NULL);
    e1k_stat_add(tp->dev, E1K_MPC, 0xFFFFFFF0u);
    e1k_stat_add(tp->dev, E1K_MPC, 0x100);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_MPC), ==, 0xFFFFFFFFu);
    e1k_stat_add(tp->dev, E1K_MPC, 1);
    g_assert_cmphex(tp_rd(tp, E1K_MPC), ==, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_MPC), ==, 0);
    /* 64-bit pair sticks at all ones too */
    e1k_stat_add64(tp->dev, E1K_TORL, UINT64_MAX - 5);
    e1k_stat_add64(tp->dev, E1K_TORL, 100);
    g_assert_cmphex(tp_rd(tp, E1K_TORL), ==, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_TORH), ==, 0xFFFFFFFFu);
    tp_free(tp);
}

/* 64-bit pairs: the low dword carries into the high; reading the low
 * dword does not clear; reading the high dword clears both. */
static void test_64bit_pairs(void)
{
    TestPort *tp = tp_new(4096, NULL);
    static const uint32_t lo[] = { E1K_GORCL, E1K_GOTCL, E1K_TORL,
                                   E1K_TOTL };
    for (size_t i = 0; i < G_N_ELEMENTS(lo); i++) {
        e1k_stat_add64(tp->dev, lo[i], 0xFFFFFFF0u);
        e1k_stat_add64(tp->dev, lo[i], 0x20);
        g_assert_cmphex(tp_rd(tp, lo[i]), ==, 0x10);
        g_assert_cmphex(tp_rd(tp, lo[i]), ==, 0x10);
        g_assert_cmphex(tp_rd(tp, lo[i] + 4), ==, 1);
        g_assert_cmphex(tp_rd(tp, lo[i]), ==, 0);
        g_assert_cmphex(tp_rd(tp, lo[i] + 4), ==, 0);
    }
    tp_free(tp);
}

/* Size buckets by frame length incl. FCS (SDM 13.7.11-16, 38-43). */
static void test_size_buckets(void)
{
    TestPort *tp = tp_new(4096, NULL);
    static const struct { uint32_t len; int bucket; } c[] = {
        { 63, -1 }, { 64, 0 }, { 65, 1 }, { 127, 1 }, { 128, 2 },
        { 255, 2 }, { 256, 3 }, { 511, 3 }, { 512, 4 }, { 1023, 4 },
        { 1024, 5 }, { 1518, 5 }, { 1522, 5 }, { 1523, -1 }, { 9018, -1 },
    };
    for (int base = 0; base < 2; base++) {
        uint32_t off64 = base ? E1K_PTC64 : E1K_PRC64;
        for (size_t i = 0; i < G_N_ELEMENTS(c); i++) {
            e1k_stat_size_bucket(tp->dev, off64, c[i].len);
            for (int b = 0; b < 6; b++) {
                g_assert_cmpuint(tp_rd(tp, off64 + 4u * b), ==,
                                 b == c[i].bucket ? 1u : 0u);
            }
        }
    }
    tp_free(tp);
}

/* Counters are read-only and survive nothing but reads and reset. */
static void test_writes_ignored_reset_clears(void)
{
    TestPort *tp = tp_new(4096, NULL);
    e1k_stat_add(tp->dev, E1K_GPRC, 7);
    tp_wr(tp, E1K_GPRC, 0);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_GPRC), ==, 7);
    tp_wr(tp, E1K_CTRL, E1K_CTRL_RST);
    g_assert_cmphex(tp_rd(tp, E1K_GPRC), ==, 0);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/stats/clear-on-read", test_clear_on_read);
    g_test_add_func("/stats/saturation", test_saturation);
    g_test_add_func("/stats/64bit-pairs", test_64bit_pairs);
    g_test_add_func("/stats/size-buckets", test_size_buckets);
    g_test_add_func("/stats/writes-ignored-reset-clears",
                    test_writes_ignored_reset_clears);
    return g_test_run();
}
