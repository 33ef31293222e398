/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive packet buffer, frame sizes and receive statistics of the device
 * model: overflow (MPC, RXO; SDM 3.2.7.4), RNBC without loss (the
 * tail-equals-head and empty-ring cases), PBA.RXA, the counters case (RX
 * counters, SDM 13.7) and the short-frames case (RX: short frames, RUC;
 * oversize, ROC).
 *
 * Charge rule (docs/model-rx.md): 16 bytes + (frame incl. FCS rounded up
 * to 16 bytes); a 60-byte frame (64 with FCS) takes 80 bytes.
 */
#include <glib.h>

#include "rxtest.h"

/* Frame whose byte 14 carries a sequence number. */
static E1kRxResult send_seq(TestPort *tp, uint32_t len, uint8_t seq)
{
    uint8_t *f = tp_frame(rxt_mac, len);
    E1kRxResult r;
    f[14] = seq;
    r = tp_rx(tp, f, len);
    g_free(f);
    return r;
}

/* Fill a buffer of @cap_kb KB with 60-byte frames while hardware owns no
 * descriptor; returns how many were queued before the first overrun. */
static uint32_t fill(TestPort *tp, uint32_t max)
{
    uint32_t n = 0;
    while (n < max && send_seq(tp, 60, (uint8_t)n) == E1K_RX_QUEUED) {
        n++;
    }
    return n;
}

/* 48 KB (default PBA): 49152 / 80 = 614 frames fit; the 615th is dropped
 * with MPC and RXO; it still counts in TPR/TOR, not in GPRC/GORC, and in
 * RNBC because it arrived while RDH == RDT (SDM 13.7.33).  After
 * the ring opens, all 614 are delivered in order. */
static void test_overflow_48k(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 1024, 2048, 0, RXT_RCTL);
    g_assert_cmphex(tp_rd(tp, E1K_PBA) & 0xFFFFu, ==, 48);
    g_assert_cmpuint(fill(tp, 2000), ==, 614);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXO, ==, E1K_ICR_RXO);
    g_assert_cmpuint(tp_rd(tp, E1K_MPC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TPR), ==, 615);
    g_assert_cmpuint(tp_rd(tp, E1K_TORL), ==, 615u * 64);
    g_assert_cmpuint(tp_rd(tp, E1K_TORH), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 614);
    g_assert_cmpuint(tp_rd(tp, E1K_GORCL), ==, 614u * 64);
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 615);
    g_assert_cmpint(send_seq(tp, 60, 0), ==, E1K_RX_OVERRUN);
    g_assert_cmpuint(rxt_totals(tp).mpc, ==, 2);
    g_assert_cmpuint(rxt_totals(tp).rnbc, ==, 616);

    tp_wr(tp, E1K_RDT, 1023);
    tp_advance(tp, 10000000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 614);
    for (uint32_t i = 0; i < 614; i++) {
        g_assert_cmphex(rxt_status(tp, i) & 3u, ==, 3u);
        g_assert_cmpuint(*tp_ptr(tp, RXT_BUFS + 2048ull * i + 14, 1), ==,
                         (uint8_t)i);
    }
    g_assert_cmphex(rxt_status(tp, 614), ==, 0);
    /* the buffer is empty again */
    g_assert_cmpuint(fill(tp, 3), ==, 3);
    tp_free(tp);
}

/* One frame more than fits, the ring is closed: frames are delayed but
 * none is lost until the buffer is full (RNBC without MPC). */
static void test_rnbc_no_loss(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 16, 2048, 0, RXT_RCTL);
    for (uint32_t i = 0; i < 10; i++) {
        g_assert_cmpint(send_seq(tp, 60 + i, (uint8_t)i), ==, E1K_RX_QUEUED);
        tp_advance(tp, 1000);
    }
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 10);
    g_assert_cmpuint(tp_rd(tp, E1K_MPC), ==, 0);
    g_assert_cmphex(rxt_icr(tp) & E1K_ICR_RXO, ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    tp_wr(tp, E1K_RDT, 15);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 10);
    for (uint32_t i = 0; i < 10; i++) {
        g_assert_cmpuint(rxt_len(tp, i), ==, 64 + i);
        g_assert_cmpuint(*tp_ptr(tp, RXT_BUFS + 2048ull * i + 14, 1), ==, i);
    }
    /* the ring has room now: no further RNBC */
    send_seq(tp, 60, 99);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp_rd(tp, E1K_RNBC), ==, 0);
    g_assert_cmpuint(rxt_totals(tp).rnbc, ==, 10);
    tp_free(tp);
}

/* PBA.RXA takes effect at CTRL.RST: 16 KB -> 204 frames, 64 KB -> 819,
 * RXA values above 64 are clamped to 64 KB. */
static void test_pba_rxa(void)
{
    static const struct { uint32_t rxa, fit; } t[] = {
        { 16, 204 }, { 64, 819 }, { 0x7F, 819 }, { 8, 102 },
    };
    for (unsigned k = 0; k < G_N_ELEMENTS(t); k++) {
        TestPort *tp = rxt_new();
        tp_wr(tp, E1K_PBA, t[k].rxa);
        rxt_ring(tp, 16, 2048, 0, RXT_RCTL);
        /* not yet: the capacity changes only at reset */
        g_assert_cmpuint(fill(tp, 1000), ==, 614);
        tp_wr(tp, E1K_CTRL, tp_rd(tp, E1K_CTRL) | E1K_CTRL_RST);
        rxt_set_ra(tp, 0, rxt_mac, 1);
        rxt_ring(tp, 16, 2048, 0, RXT_RCTL);
        g_assert_cmpuint(fill(tp, 1000), ==, t[k].fit);
        tp_free(tp);
    }
}

/* Read a 64-bit statistics pair (low, then high which clears both). */
static uint64_t rd64(TestPort *tp, uint32_t lo)
{
    uint64_t l = tp_rd(tp, lo);
    return l | (uint64_t)tp_rd(tp, lo + 4) << 32;
}

/* C09 (RX): N=10 frames of S=100 bytes (104 on the wire): 3 broadcast,
 * 2 multicast (MTA), 5 unicast; plus 2 frames the filter rejects. */
static void test_c09_rx_counters(void)
{
    TestPort *tp = rxt_new();
    static const uint8_t mc[6] = { 0x01, 0x00, 0x5E, 0x00, 0x00, 0x01 };
    static const uint8_t other[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };
    uint32_t h = ((uint32_t)mc[5] << 8 | mc[4]) >> 4; /* MO = 0 */

    rxt_ring(tp, 64, 2048, 63, RXT_RCTL);
    tp_wr(tp, E1K_MTA + 4 * (h >> 5), 1u << (h & 31));
    for (int i = 0; i < 3; i++) {
        g_assert_cmpint(rxt_send(tp, rxt_bcast, 100), ==, E1K_RX_QUEUED);
    }
    for (int i = 0; i < 2; i++) {
        g_assert_cmpint(rxt_send(tp, mc, 100), ==, E1K_RX_QUEUED);
        g_assert_cmpint(rxt_send(tp, other, 100), ==, E1K_RX_FILTERED);
    }
    for (int i = 0; i < 5; i++) {
        g_assert_cmpint(rxt_send(tp, rxt_mac, 100), ==, E1K_RX_QUEUED);
    }
    tp_advance(tp, 1000000);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 10);
    for (int pass = 0; pass < 2; pass++) {
        uint32_t k = pass ? 0 : 1; /* second read: cleared */
        g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 10 * k);
        g_assert_cmpuint(tp_rd(tp, E1K_BPRC), ==, 3 * k);
        g_assert_cmpuint(tp_rd(tp, E1K_MPRC), ==, 2 * k);
        g_assert_cmpuint(tp_rd(tp, E1K_TPR), ==, 10 * k);
        g_assert_cmpuint(rd64(tp, E1K_GORCL), ==, 1040 * k);
        g_assert_cmpuint(rd64(tp, E1K_TORL), ==, 1040 * k);
        g_assert_cmpuint(tp_rd(tp, E1K_PRC127), ==, 10 * k);
        g_assert_cmpuint(tp_rd(tp, E1K_PRC64), ==, 0);
        g_assert_cmpuint(tp_rd(tp, E1K_PRC255), ==, 0);
    }
    g_assert_cmpuint(rxt_totals(tp).gprc, ==, 10);
    g_assert_cmpuint(rxt_totals(tp).gorc, ==, 1040);
    g_assert_cmpuint(rxt_totals(tp).rx_filtered, ==, 2);
    tp_free(tp);
}

/* Size buckets by length incl. FCS (SDM 13.7). */
static void test_size_buckets(void)
{
    static const struct { uint32_t len; uint32_t reg; } t[] = {
        { 60, E1K_PRC64 }, { 61, E1K_PRC127 }, { 123, E1K_PRC127 },
        { 124, E1K_PRC255 }, { 251, E1K_PRC255 }, { 252, E1K_PRC511 },
        { 507, E1K_PRC511 }, { 508, E1K_PRC1023 }, { 1019, E1K_PRC1023 },
        { 1020, E1K_PRC1522 }, { 1518, E1K_PRC1522 },
    };
    TestPort *tp = rxt_new();
    rxt_ring(tp, 64, 2048, 63, RXT_RCTL);
    for (unsigned k = 0; k < G_N_ELEMENTS(t); k++) {
        g_assert_cmpint(rxt_send(tp, rxt_mac, t[k].len), ==, E1K_RX_QUEUED);
        tp_advance(tp, 100000);
        g_assert_cmpuint(tp_rd(tp, t[k].reg), ==, 1);
        for (uint32_t r = E1K_PRC64; r <= E1K_PRC1522; r += 4) {
            g_assert_cmpuint(tp_rd(tp, r), ==, 0); /* cleared / never */
        }
    }
    tp_free(tp);
}

/* C10 (RX): 42-byte frame on the wire (46 with FCS) with SBP=0 is
 * undersize: RUC, dropped; a 60-byte (padded) frame is delivered as 64. */
static void test_c10_short_frames(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 42), ==, E1K_RX_BAD_SIZE);
    tp_advance(tp, 100000);
    g_assert_cmpuint(tp_rd(tp, E1K_RUC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 0);
    g_assert_cmphex(rxt_status(tp, 0), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 0);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    tp_advance(tp, 100000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 64);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_RUC), ==, 0);
    /* shorter than a header: dropped, counted as undersize */
    g_assert_cmpint(rxt_send(tp, rxt_mac, 10), ==, E1K_RX_BAD_SIZE);
    g_assert_cmpuint(rxt_totals(tp).ruc, ==, 2);
    tp_free(tp);
}

/* RCTL.SBP keeps an undersize frame: 42 bytes -> length 46, RUC still
 * counted, not a good packet. */
static void test_sbp_keeps_short(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL | E1K_RCTL_SBP);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 42), ==, E1K_RX_QUEUED);
    tp_advance(tp, 100000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 46);
    g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
    g_assert_cmpuint(tp_rd(tp, E1K_RUC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 0);
    g_assert_cmpuint(tp_rd(tp, E1K_TPR), ==, 1);
    tp_free(tp);
}

/* Oversize: > 1522 bytes incl. FCS without LPE; > 16384 with LPE. */
static void test_oversize(void)
{
    TestPort *tp = rxt_new();

    rxt_ring(tp, 64, 2048, 63, RXT_RCTL);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 1518), ==, E1K_RX_QUEUED);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 1519), ==, E1K_RX_BAD_SIZE);
    tp_advance(tp, 1000000);
    g_assert_cmpuint(rxt_len(tp, 0), ==, 1522);
    g_assert_cmpuint(tp_rd(tp, E1K_ROC), ==, 1);
    g_assert_cmpuint(tp_rd(tp, E1K_TPR), ==, 2);
    g_assert_cmpuint(tp_rd(tp, E1K_GPRC), ==, 1);
    tp_wr(tp, E1K_RCTL, RXT_RCTL | E1K_RCTL_LPE);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 1519), ==, E1K_RX_QUEUED);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 16380), ==, E1K_RX_QUEUED);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 16381), ==, E1K_RX_BAD_SIZE);
    tp_wr(tp, E1K_RCTL, RXT_RCTL | E1K_RCTL_LPE | E1K_RCTL_SBP);
    g_assert_cmpint(rxt_send(tp, rxt_mac, 20000), ==, E1K_RX_BAD_SIZE);
    tp_advance(tp, 10000000);
    g_assert_cmpuint(rxt_len(tp, 1), ==, 1523);
    /* 16384 bytes in 2048-byte buffers: descriptors 2..9 */
    g_assert_cmpuint(tp_rd(tp, E1K_RDH), ==, 10);
    g_assert_cmphex(rxt_status(tp, 9) & 3u, ==, 3u);
    g_assert_cmpuint(tp_rd(tp, E1K_ROC), ==, 2);
    g_assert_cmpuint(rxt_totals(tp).roc, ==, 3);
    tp_free(tp);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rx/pktbuf/overflow-48k", test_overflow_48k);
    g_test_add_func("/rx/pktbuf/rnbc-no-loss", test_rnbc_no_loss);
    g_test_add_func("/rx/pktbuf/pba-rxa", test_pba_rxa);
    g_test_add_func("/rx/c09-rx-counters", test_c09_rx_counters);
    g_test_add_func("/rx/size-buckets", test_size_buckets);
    g_test_add_func("/rx/c10-short-frames", test_c10_short_frames);
    g_test_add_func("/rx/sbp-keeps-short", test_sbp_keeps_short);
    g_test_add_func("/rx/oversize", test_oversize);
    return g_test_run();
}
