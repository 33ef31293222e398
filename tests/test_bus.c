/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Bus presets, parsing and transaction timing (SDM 4.1; docs/model.md
 * "Bus" for the chosen overhead and latency clocks). */
#include "testport.h"
#include "e1000_core.h"

static void test_presets(void)
{
    E1kBus b;
    g_assert_cmpint(e1k_bus_preset(E1K_BUS_PCI_32_33, &b), ==, 0);
    g_assert_cmpuint(b.width_bytes, ==, 4);
    g_assert_cmpuint(b.clock_khz, ==, 33333);
    g_assert_cmpuint(b.overhead_clocks, ==, 8);
    g_assert_cmpuint(b.read_latency_clocks, ==, 16);
    g_assert_cmpint(e1k_bus_preset(E1K_BUS_PCI_64_66, &b), ==, 0);
    g_assert_cmpuint(b.width_bytes, ==, 8);
    g_assert_cmpuint(b.clock_khz, ==, 66666);
    g_assert_cmpint(e1k_bus_preset(E1K_BUS_PCIX_133, &b), ==, 0);
    g_assert_cmpuint(b.width_bytes, ==, 8);
    g_assert_cmpuint(b.clock_khz, ==, 133333);
    b.width_bytes = 99;
    g_assert_cmpint(e1k_bus_preset((E1kBusKind)3, &b), ==, -1);
    g_assert_cmpuint(b.width_bytes, ==, 99); /* untouched */
}

static void test_parse(void)
{
    E1kBus b, p;
    g_assert_cmpint(e1k_bus_parse("pci32-33", &b), ==, 0);
    e1k_bus_preset(E1K_BUS_PCI_32_33, &p);
    g_assert_cmpmem(&b, sizeof(b), &p, sizeof(p));
    g_assert_cmpint(e1k_bus_parse("pci64-66", &b), ==, 0);
    e1k_bus_preset(E1K_BUS_PCI_64_66, &p);
    g_assert_cmpmem(&b, sizeof(b), &p, sizeof(p));
    g_assert_cmpint(e1k_bus_parse("pcix133", &b), ==, 0);
    e1k_bus_preset(E1K_BUS_PCIX_133, &p);
    g_assert_cmpmem(&b, sizeof(b), &p, sizeof(p));
    g_assert_cmpint(e1k_bus_parse("pcie", &b), ==, -1);
    g_assert_cmpint(e1k_bus_parse("", &b), ==, -1);
    g_assert_cmpint(e1k_bus_parse(NULL, &b), ==, -1);
}

/* (overhead + ceil(bytes / width)) clocks, in ns rounded up. */
static void test_xfer_arithmetic(void)
{
    E1kBus b;
    e1k_bus_preset(E1K_BUS_PCI_64_66, &b);
    /* 64 B: 8 + 8 = 16 clocks x 15.00015 ns = 240.0024 -> 241 */
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 64), ==, 241);
    /* 16 B descriptor: 8 + 2 = 10 clocks -> 150.0015 -> 151 */
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 16), ==, 151);
    /* 1 B still takes one data phase: 9 clocks -> 135.00135 -> 136 */
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 1), ==, 136);
    /* 0 B: overhead only, 8 clocks -> 120.0012 -> 121 */
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 0), ==, 121);
    /* stall: 20 clocks -> 300.003 -> 301 */
    g_assert_cmpuint(e1k_bus_read_stall_ns(&b), ==, 301);

    e1k_bus_preset(E1K_BUS_PCI_32_33, &b);
    /* 1518 B: 8 + 380 = 388 clocks x 30.0003 = 11640.1164 -> 11641 */
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 1518), ==, 11641);
    g_assert_cmpuint(e1k_bus_read_stall_ns(&b), ==, 481);

    e1k_bus_preset(E1K_BUS_PCIX_133, &b);
    /* 64 B: 10 + 8 = 18 clocks x 7.500019 = 135.0003 -> 136 */
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 64), ==, 136);
    g_assert_cmpuint(e1k_bus_read_stall_ns(&b), ==, 181);

    /* exact division does not round up */
    b.clock_khz = 100000; /* 10 ns */
    b.overhead_clocks = 2;
    b.width_bytes = 8;
    g_assert_cmpuint(e1k_bus_xfer_ns(&b, 16), ==, 40);
}

/* One transaction at a time: a reservation starts when both now and the
 * bus are free. */
static void test_reserve(void)
{
    TestPort *tp = tp_new(4096, NULL);
    E1kDev *d = tp->dev;
    tp_advance_to(tp, 1000);
    tp_rd(tp, E1K_STATUS); /* entry point: now = 1000 */
    g_assert_cmpuint(e1k_bus_reserve(d, 64), ==, 1000 + 241);
    g_assert_cmpuint(e1k_bus_reserve(d, 16), ==, 1000 + 241 + 151);
    tp_advance_to(tp, 5000);
    tp_rd(tp, E1K_STATUS);
    g_assert_cmpuint(e1k_bus_reserve(d, 0), ==, 5000 + 121);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/bus/presets", test_presets);
    g_test_add_func("/bus/parse", test_parse);
    g_test_add_func("/bus/xfer-arithmetic", test_xfer_arithmetic);
    g_test_add_func("/bus/reserve", test_reserve);
    return g_test_run();
}
