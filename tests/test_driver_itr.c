/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * InterruptThrottleRate algorithms as pure functions (Linux e1000_main.c
 * e1000_update_itr / e1000_set_itr / e1000_watchdog mode 4) and the ITR
 * register conversion (SDM 13.4.18).
 */
#include "e1000_drv_internal.h"
#include <glib.h>

/* Stepped increase 4000 -> 20000: +target/4 each time (Linux e1000_set_itr). */
static void test_step_up(void)
{
    static const uint32_t want[] = { 9000, 14000, 19000, 20000, 20000 };
    uint32_t v = 4000;
    for (unsigned i = 0; i < G_N_ELEMENTS(want); i++) {
        v = e1k_itr_step(v, 20000);
        g_assert_cmpuint(v, ==, want[i]);
    }
    /* 20000 -> 70000: 37500, 55000, 70000. */
    g_assert_cmpuint(e1k_itr_step(20000, 70000), ==, 37500);
    g_assert_cmpuint(e1k_itr_step(37500, 70000), ==, 55000);
    g_assert_cmpuint(e1k_itr_step(55000, 70000), ==, 70000);
}

/* Decreases are immediate. */
static void test_step_down(void)
{
    g_assert_cmpuint(e1k_itr_step(20000, 4000), ==, 4000);
    g_assert_cmpuint(e1k_itr_step(70000, 20000), ==, 20000);
    g_assert_cmpuint(e1k_itr_step(4000, 4000), ==, 4000);
}

static void test_class_rates(void)
{
    g_assert_cmpuint(e1k_itr_class_rate(E1K_LOWEST_LATENCY), ==, 70000);
    g_assert_cmpuint(e1k_itr_class_rate(E1K_LOW_LATENCY), ==, 20000);
    g_assert_cmpuint(e1k_itr_class_rate(E1K_BULK_LATENCY), ==, 4000);
}

#define CLS(from, pk, by) e1k_itr_update_class(E1K_##from##_LATENCY, pk, by)

/* From lowest: > 8000 bytes/packet -> bulk; < 5 packets and > 512 bytes
 * -> low; otherwise stays. */
static void test_from_lowest(void)
{
    g_assert_cmpint(CLS(LOWEST, 1, 9000), ==, E1K_BULK_LATENCY);
    g_assert_cmpint(CLS(LOWEST, 1, 8000), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(LOWEST, 4, 513), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(LOWEST, 4, 512), ==, E1K_LOWEST_LATENCY);
    g_assert_cmpint(CLS(LOWEST, 5, 6000), ==, E1K_LOWEST_LATENCY);
    g_assert_cmpint(CLS(LOWEST, 0, 0), ==, E1K_LOWEST_LATENCY);
}

/* From low (Linux e1000_update_itr). */
static void test_from_low(void)
{
    /* bytes > 10000 */
    g_assert_cmpint(CLS(LOW, 2, 18000), ==, E1K_BULK_LATENCY); /* 9000/pkt */
    g_assert_cmpint(CLS(LOW, 9, 10001), ==, E1K_BULK_LATENCY); /* < 10 pkts */
    g_assert_cmpint(CLS(LOW, 10, 13000), ==, E1K_BULK_LATENCY); /* 1300/pkt */
    g_assert_cmpint(CLS(LOW, 36, 10800), ==, E1K_LOWEST_LATENCY); /* > 35 */
    g_assert_cmpint(CLS(LOW, 35, 10800), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(LOW, 20, 12000), ==, E1K_LOW_LATENCY);
    /* bytes <= 10000 */
    g_assert_cmpint(CLS(LOW, 4, 9000), ==, E1K_BULK_LATENCY); /* 2250/pkt */
    g_assert_cmpint(CLS(LOW, 5, 10000), ==, E1K_LOW_LATENCY); /* 2000/pkt */
    g_assert_cmpint(CLS(LOW, 2, 511), ==, E1K_LOWEST_LATENCY);
    g_assert_cmpint(CLS(LOW, 2, 512), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(LOW, 3, 300), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(LOW, 0, 50000), ==, E1K_LOW_LATENCY);
}

/* From bulk: > 25000 bytes needs > 35 packets to go low; < 6000 bytes
 * goes low; in between stays bulk. */
static void test_from_bulk(void)
{
    g_assert_cmpint(CLS(BULK, 40, 26000), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(BULK, 35, 26000), ==, E1K_BULK_LATENCY);
    g_assert_cmpint(CLS(BULK, 20, 25000), ==, E1K_BULK_LATENCY);
    g_assert_cmpint(CLS(BULK, 3, 5999), ==, E1K_LOW_LATENCY);
    g_assert_cmpint(CLS(BULK, 3, 6000), ==, E1K_BULK_LATENCY);
    g_assert_cmpint(CLS(BULK, 0, 100), ==, E1K_BULK_LATENCY);
}

/* Mode 4 (watchdog): goc = (tx+rx)/10000, dif = |tx-rx|/10000,
 * rate = dif*6000/goc + 2000, or 8000 without traffic. */
static void test_mode4(void)
{
    g_assert_cmpuint(e1k_itr_mode4(0, 0), ==, 8000);
    g_assert_cmpuint(e1k_itr_mode4(9999, 0), ==, 8000);       /* goc 0 */
    g_assert_cmpuint(e1k_itr_mode4(0, 100000000), ==, 8000);   /* one-way */
    g_assert_cmpuint(e1k_itr_mode4(100000000, 0), ==, 8000);
    g_assert_cmpuint(e1k_itr_mode4(50000000, 50000000), ==, 2000);
    g_assert_cmpuint(e1k_itr_mode4(30000000, 10000000), ==, 5000);
    /* Integer steps: goc = 3, dif = 1 -> 6000/3 + 2000. */
    g_assert_cmpuint(e1k_itr_mode4(20000, 10000), ==, 4000);
}

/* ITR register = 1e9 / (rate * 256) (SDM 13.4.18 units; Linux
 * e1000_configure_rx). */
static void test_itr_reg(void)
{
    g_assert_cmpuint(e1k_itr_reg(0), ==, 0);
    g_assert_cmpuint(e1k_itr_reg(4000), ==, 976);
    g_assert_cmpuint(e1k_itr_reg(8000), ==, 488);
    g_assert_cmpuint(e1k_itr_reg(20000), ==, 195);
    g_assert_cmpuint(e1k_itr_reg(70000), ==, 55);
    g_assert_cmpuint(e1k_itr_reg(100000), ==, 39);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/driver/itr/step-up", test_step_up);
    g_test_add_func("/driver/itr/step-down", test_step_down);
    g_test_add_func("/driver/itr/class-rates", test_class_rates);
    g_test_add_func("/driver/itr/from-lowest", test_from_lowest);
    g_test_add_func("/driver/itr/from-low", test_from_low);
    g_test_add_func("/driver/itr/from-bulk", test_from_bulk);
    g_test_add_func("/driver/itr/mode4", test_mode4);
    g_test_add_func("/driver/itr/register", test_itr_reg);
    return g_test_run();
}
