/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive interrupt timing of the device model (the receive timers case;
 * SDM 3.2.7.1-3, 13.4.30-31): RDTR packet timer, RADV absolute timer, FPD,
 * SRPD, RXDMT0.  Times are exact in ns relative to the frame completion
 * time (arrival + fetch + data + write-back bus time, bus idle).
 */
#include <glib.h>

#include "rxtest.h"

#define TICK 1024u /* RDTR/RADV unit, ns */

/* Host image of a 60-byte frame: 64 bytes with FCS. */
static uint64_t done_after(void)
{
    return rxt_dma_ns(64);
}

/* RXT0 appears in ICR exactly at @t (not at t-1); ICR is then read
 * (cleared). */
static void expect_rxt0_at(TestPort *tp, uint64_t t)
{
    tp_advance_to(tp, t - 1);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);
    tp_advance_to(tp, t);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, E1K_ICR_RXT0);
    (void)tp_rd(tp, E1K_ICR);
}

static TestPort *timer_dev(uint32_t rdtr, uint32_t radv)
{
    TestPort *tp = rxt_new();
    rxt_ring(tp, 256, 2048, 255, RXT_RCTL);
    tp_wr(tp, E1K_RDTR, rdtr);
    tp_wr(tp, E1K_RADV, radv);
    return tp;
}

static void frame_at(TestPort *tp, uint64_t t)
{
    tp_advance_to(tp, t);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
}

/* RDTR=0: RXT0 at each frame's completion; RADV is off. */
static void test_rdtr_zero(void)
{
    TestPort *tp = timer_dev(0, 8);
    uint64_t d = done_after();

    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    frame_at(tp, 1000);
    expect_rxt0_at(tp, 1000 + d);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    frame_at(tp, 50000);
    tp_advance_to(tp, 50000 + d - 1);
    g_assert_cmpint(tp->irq, ==, 0);
    tp_advance_to(tp, 50000 + d);
    g_assert_cmpint(tp->irq, ==, 1); /* line follows ICR & IMS */
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, E1K_ICR_RXT0);
    g_assert_cmphex(tp_rd(tp, E1K_ICR) & E1K_ICR_RXT0, ==, E1K_ICR_RXT0);
    g_assert_cmpint(tp->irq, ==, 0); /* the read cleared ICR */
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_advance_to(tp, 1000000);
    g_assert_cmphex(rxt_icr(tp), ==, 0);
    tp_free(tp);
}

/* RDTR=N, RADV=0: the packet timer restarts at every frame; one RXT0
 * N ticks after the last frame of a burst, for each burst. */
static void test_rdtr_restarts(void)
{
    TestPort *tp = timer_dev(10, 0);
    uint64_t d = done_after();

    frame_at(tp, 1000);
    frame_at(tp, 6000);
    frame_at(tp, 11000);
    expect_rxt0_at(tp, 11000 + d + 10 * TICK);
    /* a gap, then a burst of two */
    frame_at(tp, 100000);
    frame_at(tp, 105000);
    expect_rxt0_at(tp, 105000 + d + 10 * TICK);
    tp_advance_to(tp, 1000000);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);
    tp_free(tp);
}

/* RDTR=N, RADV=M>N, steady stream: RADV (not restarted) fires M ticks
 * after the first frame and cancels the pending RDTR.  Then after a gap
 * RDTR fires first and RADV is reinitialised, not started. */
static void test_radv_caps(void)
{
    TestPort *tp = timer_dev(10, 20);
    uint64_t d = done_after();

    for (uint64_t t = 1000; t <= 21000; t += 5000) {
        frame_at(tp, t);
    }
    expect_rxt0_at(tp, 1000 + d + 20 * TICK);
    /* the RDTR of the last frame (21000 + d + 10 ticks) was cancelled */
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_advance_to(tp, 60000);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);

    frame_at(tp, 100000);
    expect_rxt0_at(tp, 100000 + d + 10 * TICK);
    /* RADV was reinitialised by the RDTR interrupt: nothing at +M */
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_advance_to(tp, 100000 + d + 20 * TICK + 1);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);
    tp_free(tp);
}

/* RDTR written with FPD=1: pending timers expire at once (RXT0); FPD
 * reads back 0; with nothing pending it does nothing. */
static void test_fpd(void)
{
    TestPort *tp = timer_dev(50, 100);
    uint64_t d = done_after();

    frame_at(tp, 1000);
    tp_advance_to(tp, 5000);
    g_assert_cmpuint(5000, >, 1000 + d);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);
    tp_wr(tp, E1K_RDTR, 50u | E1K_RDTR_FPD);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, E1K_ICR_RXT0);
    g_assert_cmphex(tp_rd(tp, E1K_RDTR), ==, 50);
    (void)tp_rd(tp, E1K_ICR);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_advance_to(tp, 1000 + d + 100 * TICK + 1);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);
    tp_wr(tp, E1K_RDTR, 50u | E1K_RDTR_FPD);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0);
    g_assert_cmphex(tp_rd(tp, E1K_RDTR), ==, 50);
    tp_free(tp);
}

/* SRPD (SDM 3.2.7.2): RSRPD != 0 and host size <= RSRPD: SRPD|RXT0 at
 * completion even with RDTR set; a larger frame uses the timers. */
static void test_srpd(void)
{
    TestPort *tp = timer_dev(50, 0);
    uint64_t d = done_after();

    tp_wr(tp, E1K_RSRPD, 64);
    frame_at(tp, 1000);
    tp_advance_to(tp, 1000 + d - 1);
    g_assert_cmphex(rxt_icr(tp), ==, 0);
    tp_advance_to(tp, 1000 + d);
    g_assert_cmphex(rxt_icr(tp) & (E1K_ICR_SRPD | E1K_ICR_RXT0), ==,
                    E1K_ICR_SRPD | E1K_ICR_RXT0);
    (void)tp_rd(tp, E1K_ICR);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    /* 61 bytes -> 65 in host memory > 64: no SRPD, RDTR applies */
    tp_advance_to(tp, 100000);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 61), ==, E1K_RX_QUEUED);
    tp_advance_to(tp, 100000 + rxt_dma_ns(65));
    g_assert_cmphex(rxt_icr(tp), ==, 0);
    expect_rxt0_at(tp, 100000 + rxt_dma_ns(65) + 50 * TICK);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_SRPD, ==, 0);
    tp_free(tp);
}

/* RXDMT0 when the free descriptors become RDLEN/2, /4, /8. */
static void test_rxdmt0(void)
{
    static const uint32_t rdmts_frames[3] = { 7, 11, 13 };
    for (uint32_t rdmts = 0; rdmts < 3; rdmts++) {
        TestPort *tp = rxt_new();
        uint32_t k = rdmts_frames[rdmts];
        /* 16 descriptors, 15 owned by hardware; threshold 8, 4, 2 */
        rxt_ring(tp, 16, 2048, 15,
                 RXT_RCTL | rdmts << E1K_RCTL_RDMTS_SHIFT);
        for (uint32_t i = 1; i < k; i++) {
            rxt_send(tp, rxt_mac, 60);
            tp_advance(tp, 10000);
        }
        g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXDMT0, ==, 0);
        rxt_send(tp, rxt_mac, 60);
        tp_advance(tp, 10000);
        g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, k);
        g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXDMT0, ==, E1K_ICR_RXDMT0);
        (void)tp_rd(tp, E1K_ICR);
        rxt_send(tp, rxt_mac, 60); /* below the threshold: no new edge */
        tp_advance(tp, 10000);
        g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXDMT0, ==, 0);
        tp_free(tp);
    }
}

/* A pending receive timer does not delay transmit: a TX frame queued
 * while RDTR runs leaves the wire long before RDTR expires. */
static void test_tx_not_held(void)
{
    TestPort *tp = timer_dev(1000, 0); /* ~1 ms */
    uint64_t txring = TP_MEM_BASE + 0x8000, txbuf = TP_MEM_BASE + 0x9000;
    uint8_t *f = tp_frame(rxt_bcast, 60);

    frame_at(tp, 1000);
    memcpy(tp_ptr(tp, txbuf, 60), f, 60);
    tp_put_le64(tp, txring, txbuf);
    tp_put_le16(tp, txring + 8, 60);
    *tp_ptr(tp, txring + 11, 1) = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS |
                                  E1K_TXD_CMD_RS;
    tp_wr(tp, E1K_TDBAL, (uint32_t)txring);
    tp_wr(tp, E1K_TDLEN, 128);
    tp_wr(tp, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP);
    tp_wr(tp, E1K_TDT, 1);
    tp_advance_to(tp, 100000);
    g_assert_cmpuint(tp->tx->len, ==, 1);
    g_assert_cmpuint(g_array_index(tp->tx, TpFrame, 0).time_ns, <, 100000);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXT0, ==, 0); /* RDTR pending */
    expect_rxt0_at(tp, 1000 + done_after() + 1000u * TICK);
    g_free(f);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rx/c07-rdtr-zero", test_rdtr_zero);
    g_test_add_func("/rx/c07-rdtr-restarts", test_rdtr_restarts);
    g_test_add_func("/rx/c07-radv-caps", test_radv_caps);
    g_test_add_func("/rx/c07-fpd", test_fpd);
    g_test_add_func("/rx/c07-tx-not-held", test_tx_not_held);
    g_test_add_func("/rx/srpd", test_srpd);
    g_test_add_func("/rx/rxdmt0", test_rxdmt0);
    return g_test_run();
}
