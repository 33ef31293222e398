/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Interrupt causes, mask and ITR spacing (SDM 13.4.17-21; the
 * device cases "ITR delays, never drops" and "ICR clears on read"). */
#include "testport.h"
#include "e1000_core.h"

static TpEdge edge(TestPort *tp, guint i)
{
    g_assert_cmpuint(i, <, tp->edges->len);
    return g_array_index(tp->edges, TpEdge, i);
}

/* C06: ICR clears on read whatever IMS is; bit 31 stays 0. */
static void test_c06_icr_clears_on_read(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0 | E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_RXT0 | E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, 0);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(tp->irq_rises, ==, 2);
    /* every settable cause, never bit 31 */
    tp_wr(tp, E1K_ICS, 0xFFFFFFFFu);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_VALID);
    g_assert_cmphex(E1K_ICR_VALID & 0x80000000u, ==, 0);
    tp_free(tp);
}

/* A masked cause sets ICR but not the line. */
static void test_masked_cause_no_line(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_ICR), ==, E1K_ICR_TXDW);
    /* enabling it later raises the line */
    tp_wr(tp, E1K_IMS, E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 1);
    tp_free(tp);
}

static void test_ics_reads_icr_without_clear(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC | E1K_ICR_RXDMT0);
    g_assert_cmphex(tp_rd(tp, E1K_ICS), ==, E1K_ICR_LSC | E1K_ICR_RXDMT0);
    g_assert_cmphex(tp_rd(tp, E1K_ICS), ==, E1K_ICR_LSC | E1K_ICR_RXDMT0);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_LSC | E1K_ICR_RXDMT0);
    g_assert_cmphex(tp_rd(tp, E1K_ICS), ==, 0);
    tp_free(tp);
}

static void test_icr_write_one_clears(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC | E1K_ICR_RXT0);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC | E1K_ICR_RXT0 | E1K_ICR_TXQE);
    g_assert_cmpint(tp->irq, ==, 1);
    tp_wr(tp, E1K_ICR, 0); /* writing 0 has no effect */
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_ICR), ==,
                    E1K_ICR_LSC | E1K_ICR_RXT0 | E1K_ICR_TXQE);
    tp_wr(tp, E1K_ICR, E1K_ICR_LSC);
    g_assert_cmpint(tp->irq, ==, 1); /* RXT0 still pending */
    tp_wr(tp, E1K_ICR, E1K_ICR_RXT0);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_ICR), ==, E1K_ICR_TXQE);
    tp_free(tp);
}

static void test_ims_imc(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0 | E1K_ICR_TXDW);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC); /* writing 0s leaves bits alone */
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==,
                    E1K_ICR_RXT0 | E1K_ICR_TXDW | E1K_ICR_LSC);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 1);
    /* IMC masking the pending cause drops the line; ICR keeps it */
    tp_wr(tp, E1K_IMC, E1K_ICR_TXDW);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==, E1K_ICR_RXT0 | E1K_ICR_LSC);
    g_assert_cmphex(e1k_peek_reg(tp->dev, E1K_ICR), ==, E1K_ICR_TXDW);
    tp_wr(tp, E1K_IMC, 0xFFFFFFFFu); /* Linux e1000_irq_disable */
    g_assert_cmphex(tp_rd(tp, E1K_IMS), ==, 0);
    tp_free(tp);
}

/* C05: throttled interrupt is delayed, never lost. */
static void test_c05_itr_delays_not_drops(void)
{
    TestPort *tp = tp_new(4096, NULL);
    const uint64_t t0 = 1000000;
    tp_wr(tp, E1K_ITR, 500); /* 128 us */
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0 | E1K_ICR_TXDW);
    tp_advance_to(tp, t0);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0); /* cause A */
    g_assert_cmpint(tp->irq, ==, 1);
    tp_advance(tp, 2000);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_RXT0);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, t0 + 10000);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW); /* cause B */
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmpuint(tp->deadline, ==, t0 + 128000);
    tp_advance_to(tp, t0 + 127999);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, t0 + 200000);
    g_assert_cmpuint(tp->edges->len, ==, 3);
    g_assert_cmpuint(edge(tp, 0).time_ns, ==, t0);
    g_assert_cmpuint(edge(tp, 1).time_ns, ==, t0 + 2000);
    g_assert_cmpint(edge(tp, 2).level, ==, 1);
    g_assert_cmpuint(edge(tp, 2).time_ns, ==, t0 + 128000);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_TXDW);
    {
        E1kTotals t;
        e1k_totals(tp->dev, &t);
        g_assert_cmpuint(t.irq_assertions, ==, 2);
    }
    tp_free(tp);
}

/* A delayed cause acknowledged before the gate opens asserts nothing. */
static void test_itr_delayed_cause_cleared(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_ITR, 500);
    tp_wr(tp, E1K_IMS, E1K_ICR_TXDW);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    (void)tp_rd(tp, E1K_ICR);
    tp_advance(tp, 5000);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    tp_advance(tp, 5000);
    tp_wr(tp, E1K_ICR, E1K_ICR_TXDW); /* acknowledged while throttled */
    g_assert_cmpuint(tp->deadline, ==, E1K_NO_DEADLINE);
    tp_advance(tp, 500000);
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    tp_free(tp);
}

/* ITR=0: no throttling at all (no 128 us floor). */
static void test_itr_zero_no_throttle(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    for (int i = 0; i < 5; i++) {
        tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
        g_assert_cmpint(tp->irq, ==, 1);
        (void)tp_rd(tp, E1K_ICR);
        tp_advance(tp, 100);
    }
    g_assert_cmpuint(tp->irq_rises, ==, 5);
    for (guint i = 0; i < 5; i++) {
        g_assert_cmpuint(edge(tp, 2 * i).time_ns, ==, 100u * i);
    }
    tp_free(tp);
}

/* Sustained causes: assertions spaced exactly ITR x 256 ns apart
 * (Linux ITR=55 is about 71k/s, SDM 13.4.18 units). */
static void test_itr_spacing(void)
{
    TestPort *tp = tp_new(4096, NULL);
    const uint64_t gap = 55 * 256; /* 14080 ns */
    tp_wr(tp, E1K_ITR, 55);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    for (uint64_t t = 0; t < 100000; t += 1000) {
        tp_advance_to(tp, t);
        tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
        if (tp->irq) {
            (void)tp_rd(tp, E1K_ICR); /* the ISR acknowledges at once */
        }
    }
    /* rises at 0, 14080, 28160, ... up to 99000: ceil(100000/14080) = 8 */
    g_assert_cmpuint(tp->irq_rises, ==, 8);
    for (guint i = 0, k = 0; i < tp->edges->len; i++) {
        if (edge(tp, i).level) {
            g_assert_cmpuint(edge(tp, i).time_ns, ==, k * gap);
            k++;
        }
    }
    tp_free(tp);
}

/* Writing ITR=0 while a cause waits for the gate asserts at once. */
static void test_itr_write_zero_opens_gate(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_ITR, 1000);
    tp_wr(tp, E1K_IMS, E1K_ICR_LSC);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC);
    (void)tp_rd(tp, E1K_ICR);
    tp_advance(tp, 1000);
    tp_wr(tp, E1K_ICS, E1K_ICR_LSC);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_wr(tp, E1K_ITR, 0);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge(tp, 2).time_ns, ==, 1000);
    tp_free(tp);
}

/* Masking with IMC during the delay then unmasking after the gate:
 * the line rises at the unmask. */
static void test_itr_masked_during_delay(void)
{
    TestPort *tp = tp_new(4096, NULL);
    tp_wr(tp, E1K_ITR, 100); /* 25.6 us */
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    (void)tp_rd(tp, E1K_ICR);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    tp_wr(tp, E1K_IMC, E1K_ICR_RXT0);
    tp_advance_to(tp, 40000);
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge(tp, 2).time_ns, ==, 40000);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/intr/c06-icr-clears-on-read", test_c06_icr_clears_on_read);
    g_test_add_func("/intr/masked-cause-no-line", test_masked_cause_no_line);
    g_test_add_func("/intr/ics-reads-icr", test_ics_reads_icr_without_clear);
    g_test_add_func("/intr/icr-write-one-clears", test_icr_write_one_clears);
    g_test_add_func("/intr/ims-imc", test_ims_imc);
    g_test_add_func("/intr/c05-itr-delays-not-drops",
                    test_c05_itr_delays_not_drops);
    g_test_add_func("/intr/itr-delayed-cause-cleared",
                    test_itr_delayed_cause_cleared);
    g_test_add_func("/intr/itr-zero-no-throttle", test_itr_zero_no_throttle);
    g_test_add_func("/intr/itr-spacing", test_itr_spacing);
    g_test_add_func("/intr/itr-write-zero-opens-gate",
                    test_itr_write_zero_opens_gate);
    g_test_add_func("/intr/itr-masked-during-delay",
                    test_itr_masked_during_delay);
    return g_test_run();
}
