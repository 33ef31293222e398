/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Audit tests (docs/model-tests.md): save/restore with pending RDTR,
 * RADV, TIDV and TADV deadlines continuing identically (docs/model-tests.md
 * "save/restore", pending timer deadlines included), ITR on the receive
 * path (ITR=0: back to back, no floor; ITR=500 delays an RXT0, never
 * drops it; SDM 13.4.18), and RXO raising the line (SDM 3.2.7.4).
 */
#include "rxtest.h"

#define TICK 1024u

static TpEdge edge(TestPort *tp, guint i)
{
    g_assert_cmpuint(i, <, tp->edges->len);
    return g_array_index(tp->edges, TpEdge, i);
}

/* Move @from into a fresh device at the same clock and memory. */
static TestPort *migrate(TestPort *from)
{
    TestPort *to = tp_new(from->mem_size, NULL);
    size_t n = e1k_save_size(from->dev);
    uint8_t *blob = g_malloc(n);
    g_assert_cmpuint(e1k_save(from->dev, blob, n), ==, n);
    memcpy(to->mem, from->mem, from->mem_size);
    to->now = from->now;
    g_assert_cmpint(e1k_restore(to->dev, blob, n), ==, 0);
    g_assert_cmpuint(to->deadline, ==, e1k_next_deadline(from->dev));
    g_assert_cmpint(to->irq, ==, from->irq);
    g_free(blob);
    return to;
}

static void assert_same_edges(TestPort *a, guint ia, TestPort *b, guint ib)
{
    g_assert_cmpuint(a->edges->len - ia, ==, b->edges->len - ib);
    for (guint i = 0; ia + i < a->edges->len; i++) {
        g_assert_cmpuint(edge(a, ia + i).time_ns, ==, edge(b, ib + i).time_ns);
        g_assert_cmpint(edge(a, ia + i).level, ==, edge(b, ib + i).level);
    }
}

/* An ISR that acknowledges at every rise: advance to @t, stopping at
 * each deadline and reading ICR whenever the line is high. */
static void run_isr(TestPort *tp, uint64_t t, uint32_t *icr_or)
{
    for (int guard = 0; guard < 10000; guard++) {
        uint64_t d = e1k_next_deadline(tp->dev);
        if (tp->irq) {
            *icr_or |= tp_rd(tp, E1K_ICR);
        }
        if (d > t) {
            break;
        }
        tp_advance_to(tp, d > tp->now ? d : tp->now);
    }
    tp_advance_to(tp, t);
    if (tp->irq) {
        *icr_or |= tp_rd(tp, E1K_ICR);
    }
}

/* RX twin: RDTR = 10, RADV = 20, IMS = RXT0, 64-descriptor ring. */
static TestPort *rx_timer_dev(void)
{
    TestPort *tp = rxt_new();
    rxt_ring(tp, 64, 2048, 63, RXT_RCTL);
    tp_wr(tp, E1K_RDTR, 10);
    tp_wr(tp, E1K_RADV, 20);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    return tp;
}

static void rx_frames(TestPort *tp, uint64_t from, uint64_t to, uint64_t step)
{
    uint32_t icr = 0;
    for (uint64_t t = from; t <= to; t += step) {
        run_isr(tp, t, &icr);
        g_assert_cmpint(rxt_send(tp, rxt_mac, 60), ==, E1K_RX_QUEUED);
    }
}

/* Saved while both RDTR and RADV are pending: the restored twin raises
 * RXT0 at the same instants as the unsaved one: the RADV expiry 20
 * ticks after the first frame's completion, then the RDTR expiry after
 * the last frame of the next burst. */
static void test_save_mid_rdtr_radv(void)
{
    TestPort *a = rx_timer_dev(), *b = rx_timer_dev(), *c;
    const uint64_t d = rxt_dma_ns(64);
    uint32_t icr_a = 0, icr_c = 0;
    guint na, nc;

    rx_frames(a, 1000, 6000, 5000);
    rx_frames(b, 1000, 6000, 5000);
    tp_advance_to(a, 9000);
    tp_advance_to(b, 9000);
    /* RDTR pending at 6000+d+10 ticks, RADV at 1000+d+20 ticks */
    g_assert_cmpuint(e1k_next_deadline(b->dev), ==, 6000 + d + 10 * TICK);
    c = migrate(b);
    na = a->edges->len;
    nc = c->edges->len;
    rx_frames(a, 11000, 21000, 5000);
    rx_frames(c, 11000, 21000, 5000);
    run_isr(a, 100000, &icr_a);
    run_isr(c, 100000, &icr_c);
    /* second burst at 100000: RDTR after its last frame */
    rx_frames(a, 100000, 105000, 5000);
    rx_frames(c, 100000, 105000, 5000);
    run_isr(a, 300000, &icr_a);
    run_isr(c, 300000, &icr_c);
    assert_same_edges(a, na, c, nc);
    g_assert_cmphex(icr_a, ==, E1K_ICR_RXT0);
    g_assert_cmphex(icr_c, ==, E1K_ICR_RXT0);
    g_assert_cmpuint(c->edges->len - nc, ==, 4);
    g_assert_cmpuint(edge(c, nc).time_ns, ==, 1000 + d + 20 * TICK);
    g_assert_cmpuint(edge(c, nc + 2).time_ns, ==, 105000 + d + 10 * TICK);
    g_assert_cmpuint(tp_rd(c, E1K_RDH), ==, tp_rd(a, E1K_RDH));
    g_assert_cmpmem(c->mem, RXT_MEM_SIZE, a->mem, RXT_MEM_SIZE);
    tp_free(a);
    tp_free(b);
    tp_free(c);
}

/* TX twin: TIDV = 8, TADV = 12, IMS = TXDW, frames with RS|IDE. */
#define TX_RING (TP_MEM_BASE + 0x200000u)
#define TX_BUF (TP_MEM_BASE + 0x210000u)

static TestPort *tx_timer_dev(void)
{
    TestPort *tp = tp_new(RXT_MEM_SIZE, NULL);
    uint8_t *f = tp_frame(rxt_bcast, 100);
    memcpy(tp_ptr(tp, TX_BUF, 100), f, 100);
    g_free(f);
    tp_wr(tp, E1K_TDBAL, (uint32_t)TX_RING);
    tp_wr(tp, E1K_TDLEN, 16 * 16);
    tp_wr(tp, E1K_TIDV, 8);
    tp_wr(tp, E1K_TADV, 12);
    tp_wr(tp, E1K_IMS, E1K_ICR_TXDW);
    tp_wr(tp, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP);
    return tp;
}

static void tx_send(TestPort *tp, uint32_t i)
{
    uint64_t d = TX_RING + 16u * i;
    tp_put_le64(tp, d, TX_BUF);
    tp_put_le16(tp, d + 8, 100);
    *tp_ptr(tp, d + 10, 1) = 0;
    *tp_ptr(tp, d + 11, 1) = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS |
                             E1K_TXD_CMD_RS | E1K_TXD_CMD_IDE;
    *tp_ptr(tp, d + 12, 1) = 0;
    tp_wr(tp, E1K_TDT, i + 1);
}

/* Saved while TIDV and TADV are pending after the first write-back:
 * both twins raise TXDW at the TADV expiry (12 ticks after the first
 * write-back) and transmit the same frames at the same times. */
static void test_save_mid_tidv_tadv(void)
{
    TestPort *a = tx_timer_dev(), *b = tx_timer_dev(), *c;
    E1kBus bus;
    uint64_t wb;
    uint32_t icr_a = 0, icr_c = 0;
    guint na, nc;

    e1k_bus_preset(E1K_BUS_PCI_64_66, &bus);
    wb = e1k_bus_xfer_ns(&bus, 16) + e1k_bus_xfer_ns(&bus, 100) +
         e1k_bus_xfer_ns(&bus, 4);
    tx_send(a, 0);
    tx_send(b, 0);
    tp_advance_to(a, 3000);
    tp_advance_to(b, 3000);
    g_assert_cmpuint(3000, >, wb);
    g_assert_cmpuint(e1k_next_deadline(b->dev), >, 3000); /* pending */
    c = migrate(b);
    na = a->edges->len;
    nc = c->edges->len;
    g_assert_cmpuint(na, ==, 0);
    tp_advance_to(a, 6000);
    tp_advance_to(c, 6000);
    tx_send(a, 1);
    tx_send(c, 1);
    run_isr(a, 200000, &icr_a);
    run_isr(c, 200000, &icr_c);
    assert_same_edges(a, na, c, nc);
    g_assert_cmpuint(c->edges->len, ==, 2);
    g_assert_cmpuint(edge(c, 0).time_ns, ==, wb + 12 * TICK);
    g_assert_cmphex(icr_c & E1K_ICR_TXDW, ==, E1K_ICR_TXDW);
    g_assert_cmpuint(a->tx->len, ==, 2);
    g_assert_cmpuint(c->tx->len, ==, 2 - b->tx->len);
    for (guint i = 0; i < c->tx->len; i++) {
        TpFrame *fa = &g_array_index(a->tx, TpFrame, a->tx->len - 1 - i);
        TpFrame *fc = &g_array_index(c->tx, TpFrame, c->tx->len - 1 - i);
        g_assert_cmpuint(fa->time_ns, ==, fc->time_ns);
        g_assert_cmpmem(fa->data, fa->len, fc->data, fc->len);
    }
    tp_free(a);
    tp_free(b);
    tp_free(c);
}

/* ITR = 0 and RDTR = 0: two frames arriving together give two RXT0
 * assertions exactly one DMA time apart (the bus serialises them), far
 * below any 128 us floor. */
static void test_itr_zero_rx_back_to_back(void)
{
    TestPort *tp = rxt_new();
    const uint64_t d = rxt_dma_ns(64);
    uint32_t icr = 0;

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    tp_advance_to(tp, 1000);
    rxt_send(tp, rxt_mac, 60);
    rxt_send(tp, rxt_mac, 60);
    run_isr(tp, 100000, &icr);
    g_assert_cmpuint(tp->irq_rises, ==, 2);
    g_assert_cmpuint(edge(tp, 0).time_ns, ==, 1000 + d);
    g_assert_cmpuint(edge(tp, 2).time_ns, ==, 1000 + 2 * d);
    g_assert_cmphex(icr, ==, E1K_ICR_RXT0);
    tp_free(tp);
}

/* ITR = 500 (128 us) with RDTR = 0: the second frame's RXT0, 10 us after
 * the first assertion, is delayed to exactly first + 128 us. */
static void test_itr_delays_rxt0(void)
{
    TestPort *tp = rxt_new();
    const uint64_t d = rxt_dma_ns(64);
    uint32_t icr = 0;

    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_wr(tp, E1K_ITR, 500);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0);
    tp_advance_to(tp, 1000);
    rxt_send(tp, rxt_mac, 60);
    run_isr(tp, 11000, &icr);
    g_assert_cmpuint(tp->irq_rises, ==, 1);
    rxt_send(tp, rxt_mac, 60);
    tp_advance_to(tp, 1000 + d + 128000 - 1);
    g_assert_cmpint(tp->irq, ==, 0);
    g_assert_cmphex(rxt_icr(tp), ==, E1K_ICR_RXT0); /* pending, gated */
    tp_advance_to(tp, 1000 + d + 128000);
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmpuint(edge(tp, 2).time_ns, ==, 1000 + d + 128000);
    tp_free(tp);
}

/* RXO (SDM 3.2.7.4): with IMS.RXO the overrun raises the line at the drop. */
static void test_rxo_line(void)
{
    TestPort *tp = rxt_new();
    uint32_t n = 0;

    rxt_ring(tp, 8, 2048, 0, RXT_RCTL); /* no descriptor owned */
    tp_wr(tp, E1K_IMS, E1K_ICR_RXO);
    while (n < 2000 && rxt_send(tp, rxt_mac, 60) == E1K_RX_QUEUED) {
        n++;
        g_assert_cmpint(tp->irq, ==, 0);
    }
    g_assert_cmpuint(n, ==, 614); /* 48 KB / 80 bytes per frame */
    g_assert_cmpint(tp->irq, ==, 1);
    g_assert_cmphex(tp_rd(tp, E1K_ICR), ==, E1K_ICR_RXO);
    g_assert_cmpuint(tp_rd(tp, E1K_MPC), ==, 1);
    tp_free(tp);
}

/* e1k_run_until contract (e1000.h): every event due at or before the
 * target runs.  A host that is far behind (here 1 s late with 30000
 * queued 60-byte frames: about 90000 timer firings, all due within the
 * first 21 ms) calls e1k_run_until again while the announced deadline
 * is <= now (the documented catch-up); after the second call every frame
 * has left.  Known core issue: when the per-call firing cap is hit,
 * run_due() moves now_ns to the target anyway, so the remaining due
 * events are re-stamped at the target and everything after them shifts
 * by up to the whole lag (only one more frame leaves per call). */
static void test_run_until_cap(void)
{
    TestPort *tp = tp_new(RXT_MEM_SIZE, NULL);
    const uint32_t n = 30000;
    uint64_t ring = TP_MEM_BASE + 0x1000, buf = TP_MEM_BASE + 0x300000;
    uint8_t *f = tp_frame(rxt_mac, 60);

    memcpy(tp_ptr(tp, buf, 60), f, 60);
    g_free(f);
    for (uint32_t i = 0; i < n; i++) {
        uint64_t d = ring + 16ull * i;
        tp_put_le64(tp, d, buf);
        tp_put_le16(tp, d + 8, 60);
        *tp_ptr(tp, d + 11, 1) = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS;
    }
    tp_wr(tp, E1K_TDBAL, (uint32_t)ring);
    tp_wr(tp, E1K_TDLEN, (n + 8) / 8 * 8 * 16);
    tp_wr(tp, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP);
    tp_wr(tp, E1K_TDT, n);
    tp->now = 1000000000ull;
    for (int call = 0; call < 2; call++) {
        e1k_run_until(tp->dev, tp->now);
    }
    g_assert_cmpuint(tp->tx->len, ==, n);
    g_assert_cmpuint(tp_rd(tp, E1K_TDH), ==, n);
    g_assert_cmpuint(e1k_next_deadline(tp->dev), ==, E1K_NO_DEADLINE);
    tp_free(tp);
}

/* Bus presets end to end (SDM 4.1): the same 1000-byte frame completes
 * fetch(16) + data(1004) + write-back(16) after its arrival on the
 * configured bus: 32-bit/33 MHz, 64-bit/66 MHz, PCI-X 133, each slower
 * bus strictly later. */
static void test_bus_presets_rx(void)
{
    static const E1kBusKind kinds[] = { E1K_BUS_PCIX_133, E1K_BUS_PCI_64_66,
                                        E1K_BUS_PCI_32_33 };
    uint64_t prev = 0;
    for (size_t k = 0; k < G_N_ELEMENTS(kinds); k++) {
        E1kConfig cfg;
        TestPort *tp;
        uint64_t d;
        e1k_config_default(&cfg);
        g_assert_cmpint(e1k_bus_preset(kinds[k], &cfg.bus), ==, 0);
        tp = tp_new(RXT_MEM_SIZE, &cfg);
        rxt_set_ra(tp, 0, rxt_mac, 1);
        rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
        d = e1k_bus_xfer_ns(&cfg.bus, 16) + e1k_bus_xfer_ns(&cfg.bus, 1004) +
            e1k_bus_xfer_ns(&cfg.bus, 16);
        tp_advance_to(tp, 1000);
        rxt_send(tp, rxt_mac, 1000);
        tp_advance_to(tp, 1000 + d - 1);
        g_assert_cmphex(rxt_status(tp, 0), ==, 0);
        tp_advance_to(tp, 1000 + d);
        g_assert_cmphex(rxt_status(tp, 0) & 3u, ==, 3u);
        g_assert_cmpuint(d, >, prev);
        prev = d;
        tp_free(tp);
    }
    /* 32-bit/33 MHz: (8 + 4) + (8 + 251) + (8 + 4) clocks of 30.0003 ns */
    g_assert_cmpuint(prev, ==, 361 + 7771 + 361);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/audit/savestate/mid-rdtr-radv", test_save_mid_rdtr_radv);
    g_test_add_func("/audit/savestate/mid-tidv-tadv", test_save_mid_tidv_tadv);
    g_test_add_func("/audit/intr/itr-zero-rx-back-to-back",
                    test_itr_zero_rx_back_to_back);
    g_test_add_func("/audit/intr/itr-delays-rxt0", test_itr_delays_rxt0);
    g_test_add_func("/audit/intr/rxo-line", test_rxo_line);
    g_test_add_func("/audit/core/run-until-cap", test_run_until_cap);
    g_test_add_func("/audit/bus/presets-rx", test_bus_presets_rx);
    return g_test_run();
}
