/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Save/restore: a restored device continues exactly like an unsaved twin
 * (interrupt edges and times), corrupted blobs are refused and reset the
 * device, the line level and deadline are re-announced. */
#include <string.h>

#include "rxtest.h"
#include "txtest.h"
#include "e1000_core.h"

/* Move @from's state into a fresh device whose clock is at @from's. */
static TestPort *migrate(TestPort *from)
{
    TestPort *to = tp_new(from->mem_size, NULL);
    size_t n = e1k_save_size(from->dev);
    uint8_t *blob = g_malloc(n);
    g_assert_cmpuint(e1k_save(from->dev, blob, n), ==, n);
    g_assert_cmpuint(e1k_save(from->dev, blob, n - 1), ==, 0);
    memcpy(to->mem, from->mem, from->mem_size);
    to->now = from->now;
    g_assert_cmpint(e1k_restore(to->dev, blob, n), ==, 0);
    g_assert_cmpint(to->irq, ==, e1k_irq_level(from->dev));
    g_assert_cmpuint(to->deadline, ==, e1k_next_deadline(from->dev));
    g_free(blob);
    return to;
}

/* Edges of @a from index @ia equal edges of @b from @ib. */
static void assert_same_edges(TestPort *a, guint ia, TestPort *b, guint ib)
{
    g_assert_cmpuint(a->edges->len - ia, ==, b->edges->len - ib);
    for (guint i = 0; ia + i < a->edges->len; i++) {
        TpEdge ea = g_array_index(a->edges, TpEdge, ia + i);
        TpEdge eb = g_array_index(b->edges, TpEdge, ib + i);
        g_assert_cmpuint(ea.time_ns, ==, eb.time_ns);
        g_assert_cmpint(ea.level, ==, eb.level);
    }
}

static void drive_itr(TestPort *tp)
{
    tp_wr(tp, E1K_ITR, 500);
    tp_wr(tp, E1K_IMS, E1K_ICR_RXT0 | E1K_ICR_TXDW);
    tp_advance_to(tp, 1000);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    tp_advance_to(tp, 3000);
    (void)tp_rd(tp, E1K_ICR);
    tp_advance_to(tp, 11000);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW); /* waits for the gate at 129000 */
    tp_advance_to(tp, 50000);
}

static void continue_itr(TestPort *tp)
{
    tp_advance_to(tp, 130000);
    (void)tp_rd(tp, E1K_ICR);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0); /* gated until 257000 */
    tp_advance_to(tp, 300000);
}

/* Saved while a cause waits for the ITR gate. */
static void test_mid_itr_delay(void)
{
    TestPort *a = tp_new(4096, NULL), *b = tp_new(4096, NULL), *c;
    guint na, nb;
    drive_itr(a);
    drive_itr(b);
    g_assert_cmpuint(b->deadline, ==, 129000);
    c = migrate(b);
    na = a->edges->len;
    nb = c->edges->len;
    continue_itr(a);
    continue_itr(c);
    assert_same_edges(a, na, c, nb);
    g_assert_cmpuint(a->edges->len - na, ==, 3); /* up 129000, down, up */
    g_assert_cmpuint(g_array_index(a->edges, TpEdge, na).time_ns, ==, 129000);
    g_assert_cmpuint(g_array_index(a->edges, TpEdge, na + 2).time_ns, ==,
                     257000);
    tp_free(a);
    tp_free(b);
    tp_free(c);
}

/* Saved in the middle of autonegotiation: the link comes up at the
 * same instant in both. */
static void test_mid_autoneg(void)
{
    TestPort *a = tp_new(4096, NULL), *b = tp_new(4096, NULL), *c;
    TestPort *t[2] = { a, b };
    guint na, nc;
    for (int i = 0; i < 2; i++) {
        tp_wr(t[i], E1K_IMS, E1K_ICR_LSC);
        tp_advance_to(t[i], 7000);
        tp_wr(t[i], E1K_MDIC, E1K_MDIC_OP_WRITE | 1u << 21 |
                                  (uint32_t)(E1K_BMCR_ANENABLE |
                                             E1K_BMCR_ANRESTART));
        (void)tp_rd(t[i], E1K_ICR);
        tp_advance_to(t[i], 200000000);
    }
    c = migrate(b);
    g_assert_false(e1k_link_up(c->dev));
    na = a->edges->len;
    nc = c->edges->len;
    tp_advance_to(a, 600000000);
    tp_advance_to(c, 600000000);
    assert_same_edges(a, na, c, nc);
    g_assert_cmpuint(g_array_index(c->edges, TpEdge, nc).time_ns, ==,
                     500007000);
    g_assert_true(e1k_link_up(c->dev));
    g_assert_cmphex(tp_rd(a, E1K_STATUS), ==, tp_rd(c, E1K_STATUS));
    tp_free(a);
    tp_free(b);
    tp_free(c);
}

/* The registers, EEPROM shift state and totals travel. */
static void test_state_travels(void)
{
    TestPort *a = tp_new(4096, NULL), *c;
    E1kTotals ta, tc;
    tp_wr(a, E1K_RAL(0), 0x12005452u);
    tp_wr(a, E1K_MTA + 8, 0x40u);
    tp_wr(a, E1K_IMS, E1K_ICR_LSC);
    tp_wr(a, E1K_ICS, E1K_ICR_LSC); /* line high: re-announced */
    e1k_stat_add(a->dev, E1K_GPRC, 9);
    tp_wr(a, E1K_EECD, E1K_EECD_REQ | E1K_EECD_CS);
    c = migrate(a);
    g_assert_cmpint(c->irq, ==, 1);
    g_assert_cmpuint(c->irq_rises, ==, 1);
    g_assert_cmphex(tp_rd(c, E1K_RAL(0)), ==, 0x12005452u);
    g_assert_cmphex(tp_rd(c, E1K_MTA + 8), ==, 0x40u);
    g_assert_cmphex(tp_rd(c, E1K_GPRC), ==, 9);
    g_assert_cmphex(tp_rd(c, E1K_EECD), ==, E1K_EECD_REQ | E1K_EECD_GNT |
                                               E1K_EECD_CS | E1K_EECD_PRES);
    e1k_totals(a->dev, &ta);
    e1k_totals(c->dev, &tc);
    g_assert_cmpmem(&ta, sizeof(ta), &tc, sizeof(tc));
    tp_free(a);
    tp_free(c);
}

/* Corrupted blobs: refused, the device is reset (line falls). */
static void test_corrupt_blob(void)
{
    TestPort *a = tp_new(4096, NULL), *c = tp_new(4096, NULL);
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n), *bad = g_malloc(n);
    tp_wr(a, E1K_LEDCTL, 0x1234);
    g_assert_cmpuint(e1k_save(a->dev, blob, n), ==, n);

    struct { size_t off; uint8_t x; } flips[] = {
        { 0, 0x01 },          /* magic */
        { 4, 0x01 },          /* version */
        { 8, 0x01 },          /* size */
        { 12, 0x80 },         /* checksum */
        { 16, 0x01 },         /* payload: cfg.chip */
        { n / 2, 0x10 },      /* payload middle */
        { n - 1, 0x01 },      /* payload end */
    };
    for (size_t i = 0; i < G_N_ELEMENTS(flips); i++) {
        tp_wr(c, E1K_IMS, E1K_ICR_LSC);
        tp_wr(c, E1K_ICS, E1K_ICR_LSC);
        tp_wr(c, E1K_LEDCTL, 0x5555);
        g_assert_cmpint(c->irq, ==, 1);
        memcpy(bad, blob, n);
        bad[flips[i].off] ^= flips[i].x;
        g_assert_cmpint(e1k_restore(c->dev, bad, n), ==, -1);
        g_assert_cmpint(c->irq, ==, 0);           /* reset: line falls */
        g_assert_cmphex(tp_rd(c, E1K_IMS), ==, 0);
        g_assert_cmphex(tp_rd(c, E1K_LEDCTL), ==, 0x602u);
    }
    /* wrong length, NULL */
    g_assert_cmpint(e1k_restore(c->dev, blob, n - 1), ==, -1);
    g_assert_cmpint(e1k_restore(c->dev, NULL, n), ==, -1);
    /* the intact blob still restores after all that */
    g_assert_cmpint(e1k_restore(c->dev, blob, n), ==, 0);
    g_assert_cmphex(tp_rd(c, E1K_LEDCTL), ==, 0x1234u);
    tp_free(a);
    tp_free(c);
    g_free(blob);
    g_free(bad);
}

/* White-box: contents that pass the checksum but are out of range. */
static void test_invalid_contents(void)
{
    TestPort *a = tp_new(4096, NULL);
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n);
    E1kDev *d = a->dev;
    static const char *const cases[] = {
        "RDLEN bits 6:0", "ICR bit 31", "timer 100 s ahead",
        "line high with nothing pending", "EEPROM word changed",
        "Microwire bit index", "ITR gate 1 s ahead",
        "TX descriptor length beyond 20 bits", "TX descriptor EOP 2",
        "TX decoded length not the descriptor's",
        "TX decoded EOP not the descriptor's",
        "TX frame in progress beyond the frame buffer",
        "a slot past FFVT non-zero",
    };
    E1kDev *saved = g_malloc(sizeof(*saved));
    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        memcpy(saved, d, sizeof(*saved));
        switch (i) {
        case 0: d->reg[E1K_RDLEN >> 2] = 16; break;
        case 1: d->reg[E1K_ICR >> 2] = 0x80000000u; break;
        case 2: d->timer[E1K_TMR_RDTR] = d->now_ns + 100000000000ull; break;
        case 3: d->irq_level = 1; break; /* high with nothing pending */
        case 4: d->ee.words[7] ^= 1; break;
        case 5: d->ee.out_bit = 40; break;
        case 6: d->itr_gate_ns = d->now_ns + 1000000000ull; break;
        case 7: d->tx.desc_len = E1K_TXD_LEN_MASK + 1u; break;
        case 8: d->tx.desc_eop = 2; break;
        case 9: d->tx.desc_len = 0xFFFFFu; break;
        case 10: d->tx.desc_eop = !d->tx.desc_eop; break;
        case 11: /* a legacy descriptor of 0xFFFF bytes, decoded as such,
                  * after 16,000 bytes of its frame */
            memset(d->tx.desc, 0, sizeof(d->tx.desc));
            d->tx.desc[0] = 0x10;
            d->tx.desc[E1K_TXD_LENGTH] = 0xFF;
            d->tx.desc[E1K_TXD_LENGTH + 1] = 0xFF;
            d->tx.desc_len = 0xFFFFu;
            d->tx.desc_done = 0;
            d->tx.in_frame = 1;
            d->tx.discard = 0;
            d->tx.tso = 0;
            d->tx.frame_len = 16000;
            break;
        case 12: d->reg[(E1K_NREGS - 1u)] = 1; break;
        }
        g_assert_cmpuint(e1k_save(d, blob, n), ==, n);
        memcpy(d, saved, sizeof(*saved));
        if (e1k_restore(d, blob, n) != -1) {
            g_error("restore accepted invalid state: %s", cases[i]);
        }
    }
    g_free(saved);
    tp_free(a);
    g_free(blob);
}

/* Restoring a blob whose line is low onto an instance whose line the
 * host saw high: exactly one falling edge; the same level again: none. */
static void test_line_reannounced_on_change_only(void)
{
    TestPort *a = tp_new(4096, NULL), *c = tp_new(4096, NULL);
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n);
    g_assert_cmpuint(e1k_save(a->dev, blob, n), ==, n); /* line low */
    tp_wr(c, E1K_IMS, E1K_ICR_TXDW);
    tp_wr(c, E1K_ICS, E1K_ICR_TXDW);
    g_assert_cmpuint(c->edges->len, ==, 1);
    g_assert_cmpint(e1k_restore(c->dev, blob, n), ==, 0);
    g_assert_cmpint(c->irq, ==, 0);
    g_assert_cmpuint(c->edges->len, ==, 2);
    g_assert_cmpint(e1k_restore(c->dev, blob, n), ==, 0);
    g_assert_cmpuint(c->edges->len, ==, 2);
    g_assert_cmphex(tp_rd(c, E1K_IMS), ==, 0);
    tp_free(a);
    tp_free(c);
    g_free(blob);
}

/* ------------------------------------------------------------------ */
/* Saved while the host clock stands past a due, unserviced deadline   */

/* Interrupt causes the late-host scripts enable and raise. */
#define LAG_CAUSES (E1K_ICR_RXT0 | E1K_ICR_TXDW)

/* ITR 500 x 256 ns = 128 us; TXDW raised at 1 us opens a window until
 * 129 us, acknowledged at 2 us. */
static void lag_itr_window(TestPort *tp)
{
    tp_wr(tp, E1K_ITR, 500);
    tp_wr(tp, E1K_IMS, LAG_CAUSES);
    tp_advance_to(tp, 1000);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    tp_advance_to(tp, 2000);
    (void)tp_rd(tp, E1K_ICR);
}

/* Only the ITR timer: RXT0 raised at 11 us waits for the gate at 129 us. */
static TestPort *lag_make_itr(void)
{
    TestPort *tp = tp_new(4096, NULL);
    lag_itr_window(tp);
    tp_advance_to(tp, 11000);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    tp_advance_to(tp, 50000);
    g_assert_cmpuint(tp->deadline, ==, 129000);
    return tp;
}

/* RX DMA, then RDTR (8 x 1.024 us) and RADV (20 x 1.024 us), then the
 * ITR gate: a frame received at 3 us inside the ITR window. */
static TestPort *lag_make_rx(void)
{
    TestPort *tp = rxt_new();
    uint8_t *f = tp_frame(rxt_mac, 1000);
    rxt_ring(tp, 8, 2048, 7, RXT_RCTL);
    tp_wr(tp, E1K_RDTR, 8);
    tp_wr(tp, E1K_RADV, 20);
    lag_itr_window(tp);
    tp_advance_to(tp, 3000);
    g_assert_cmpint(tp_rx(tp, f, 1000), ==, E1K_RX_QUEUED);
    g_free(f);
    g_assert_cmpuint(tp->deadline, >, 3000);
    return tp;
}

/* TX DMA of two RS+IDE frames, then TIDV (8 x 1.024 us) and TADV (20 x
 * 1.024 us), then the ITR gate: TDT written at 3 us. */
static TestPort *lag_make_tx(void)
{
    TestPort *tp = txt_new(NULL, 16, E1K_TCTL_EN | E1K_TCTL_PSP);
    const uint8_t cmd = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS |
                        E1K_TXD_CMD_RS | E1K_TXD_CMD_IDE;
    txt_put_frame(tp, TXT_BUFS, txt_ucast, 100);
    txt_legacy(tp, 0, TXT_BUFS, 100, cmd, 0, 0, 0);
    txt_legacy(tp, 1, TXT_BUFS, 100, cmd, 0, 0, 0);
    tp_wr(tp, E1K_TIDV, 8);
    tp_wr(tp, E1K_TADV, 20);
    lag_itr_window(tp);
    tp_advance_to(tp, 3000);
    tp_wr(tp, E1K_TDT, 2);
    g_assert_cmpuint(tp->deadline, >, 3000);
    return tp;
}

/* The host comes back late: services everything due at once, then
 * acknowledges and raises causes through two more ITR windows.  The
 * ICR values read are stored in @icr[3]. */
static void lag_continue(TestPort *tp, uint32_t icr[3])
{
    e1k_run_until(tp->dev, tp->now);
    tp_advance(tp, 1000);
    icr[0] = tp_rd(tp, E1K_ICR);
    tp_wr(tp, E1K_ICS, E1K_ICR_TXDW);
    tp_advance(tp, 300000);
    icr[1] = tp_rd(tp, E1K_ICR);
    tp_wr(tp, E1K_ICS, E1K_ICR_RXT0);
    tp_advance(tp, 300000);
    icr[2] = tp_rd(tp, E1K_ICR);
}

/* Twin devices from @make; the clock is moved @lag ns past the first
 * due deadline without servicing it, one twin is saved and restored into
 * a fresh instance, and both continue with the same inputs: same edges
 * (times and levels), same ICR values, same trace times, same clock.
 * Returns the original's edge count after the checkpoint. */
static guint lag_case(TestPort *(*make)(void), uint64_t lag)
{
    TestPort *a = make(), *b = make(), *c;
    uint32_t ia[3], ic[3];
    guint na, nc, ta, tc, n;
    g_assert_cmpuint(a->deadline, ==, b->deadline);
    g_assert_cmpuint(a->deadline, !=, E1K_NO_DEADLINE);
    a->now = b->now = a->deadline + lag; /* due, not yet serviced */
    c = migrate(b);
    na = a->edges->len;
    nc = c->edges->len;
    ta = a->traces->len;
    tc = c->traces->len;
    lag_continue(a, ia);
    lag_continue(c, ic);
    assert_same_edges(a, na, c, nc);
    g_assert_cmpmem(ia, sizeof(ia), ic, sizeof(ic));
    g_assert_cmpuint(a->traces->len - ta, ==, c->traces->len - tc);
    for (guint i = 0; ta + i < a->traces->len; i++) {
        const TpTrace *ea = &g_array_index(a->traces, TpTrace, ta + i);
        const TpTrace *ec = &g_array_index(c->traces, TpTrace, tc + i);
        g_assert_cmpuint(ea->time_ns, ==, ec->time_ns);
        g_assert_cmpint(ea->ev, ==, ec->ev);
        g_assert_cmpuint(ea->a, ==, ec->a);
        g_assert_cmpuint(ea->b, ==, ec->b);
    }
    g_assert_cmpuint(e1k_next_deadline(a->dev), ==,
                     e1k_next_deadline(c->dev));
    g_assert_cmphex(ia[1] & E1K_ICR_TXDW, ==, E1K_ICR_TXDW);
    n = a->edges->len - na;
    tp_free(a);
    tp_free(b);
    tp_free(c);
    return n;
}

/* Lags from 1 ns to past several deadlines and a whole ITR window. */
static const uint64_t lag_ns[] = { 1, 700, 9000, 30000, 100000, 140000 };

/* The ITR window opened by a late-serviced gate starts at the gate, as
 * without the checkpoint: up at the late service, the next RXT0 waits
 * for 129 us + 128 us = 257 us. */
static void test_lag_itr_window(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(lag_ns); i++) {
        g_assert_cmpuint(lag_case(lag_make_itr, lag_ns[i]), ==, 6);
    }
    /* white-box of one lag: 20 us late */
    TestPort *b = lag_make_itr(), *c;
    uint32_t icr[3];
    guint nc;
    b->now = 149000;
    c = migrate(b);
    nc = c->edges->len;
    lag_continue(c, icr);
    g_assert_cmpuint(g_array_index(c->edges, TpEdge, nc).time_ns, ==,
                     149000);
    g_assert_cmpuint(g_array_index(c->edges, TpEdge, nc + 2).time_ns, ==,
                     257000);
    g_assert_cmphex(icr[0], ==, E1K_ICR_RXT0);
    g_assert_cmphex(icr[1], ==, E1K_ICR_TXDW);
    tp_free(b);
    tp_free(c);
}

/* RX DMA, RDTR, RADV and the ITR gate due at once. */
static void test_lag_rx_timers(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(lag_ns); i++) {
        g_assert_cmpuint(lag_case(lag_make_rx, lag_ns[i]), >=, 4);
    }
}

/* TX DMA, TIDV, TADV and the ITR gate due at once. */
static void test_lag_tx_timers(void)
{
    for (size_t i = 0; i < G_N_ELEMENTS(lag_ns); i++) {
        g_assert_cmpuint(lag_case(lag_make_tx, lag_ns[i]), >=, 4);
    }
}

/* ------------------------------------------------------------------ */
/* Configuration: what e1k_new accepts, its saved state restores       */

/* A device from @cfg (already accepted) with traffic in flight on both
 * rings (bus booked, DMA and delay timers armed): its state restores
 * into a fresh instance of the same configuration. */
static void config_state_restores(const E1kConfig *cfg)
{
    TestPort *a = txt_new(cfg, 16, E1K_TCTL_EN | E1K_TCTL_PSP), *c;
    uint8_t *f = tp_frame(rxt_mac, 1500);
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n);
    const uint8_t cmd = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS |
                        E1K_TXD_CMD_RS | E1K_TXD_CMD_IDE;
    rxt_set_ra(a, 0, rxt_mac, 1);
    tp_setup_rx(a, TP_MEM_BASE + 0x8000u, 8, TP_MEM_BASE + 0x10000u, 2048,
                7, RXT_RCTL);
    tp_wr(a, E1K_RDTR, 8);
    tp_wr(a, E1K_TIDV, 8);
    txt_put_frame(a, TXT_BUFS, txt_ucast, 1500);
    for (uint32_t i = 0; i < 4; i++) {
        txt_legacy(a, i, TXT_BUFS, 1500, cmd, 0, 0, 0);
    }
    tp_wr(a, E1K_TDT, 4);
    (void)tp_rx(a, f, 1500);
    (void)tp_rx(a, f, 1500);
    g_free(f);
    g_assert_cmpuint(e1k_save(a->dev, blob, n), ==, n);
    c = tp_new(a->mem_size, cfg);
    c->now = a->now;
    if (e1k_restore(c->dev, blob, n) != 0) {
        g_error("e1k_new accepted a configuration whose saved state "
                "e1k_restore refuses (bus %u B, %u kHz, %u+%u clocks)",
                cfg->bus.width_bytes, cfg->bus.clock_khz,
                cfg->bus.overhead_clocks, cfg->bus.read_latency_clocks);
    }
    g_assert_cmpuint(e1k_next_deadline(c->dev), ==,
                     e1k_next_deadline(a->dev));
    tp_free(a);
    tp_free(c);
    g_free(blob);
}

/* The blob of a default device with its configuration replaced by @cfg
 * (checksum fixed up): e1k_restore's verdict. */
static int restore_with_config(const E1kConfig *cfg)
{
    TestPort *a = tp_new(4096, NULL);
    size_t n = e1k_save_size(a->dev);
    uint8_t *blob = g_malloc(n);
    E1kConfig keep = a->dev->cfg;
    int rc;
    a->dev->cfg = *cfg;
    g_assert_cmpuint(e1k_save(a->dev, blob, n), ==, n);
    a->dev->cfg = keep;
    rc = e1k_restore(a->dev, blob, n);
    tp_free(a);
    g_free(blob);
    return rc;
}

/* Bus timings at and beyond the bounds: e1k_new accepts exactly the
 * ones e1k_restore accepts, and an accepted device's state restores. */
static void test_config_bounds_agree(void)
{
#define PAR(w, c, o, l) { .width_bytes = (w), .clock_khz = (c), \
                         .overhead_clocks = (o), .read_latency_clocks = (l) }
    static const E1kBus buses[] = {
        PAR(4, 33333, 8, 16),         /* presets */
        PAR(8, 66666, 8, 20),
        PAR(8, 133333, 10, 24),
        PAR(4, 1, 8, 16),             /* 1 kHz: 1 ms a clock */
        PAR(4, 999, 64, 1024),
        PAR(4, 1000, 64, 1024),       /* slowest accepted */
        PAR(4, 1000, 65, 16),
        PAR(4, 1000, 8, 1025),
        PAR(8, 1000000, 0, 0),        /* fastest accepted */
        PAR(8, 1000001, 8, 16),
        PAR(4, 33333, 0xFFFFFFFFu, 16),
        PAR(4, 33333, 8, 0xFFFFFFFFu),
        PAR(8, 0xFFFFFFFFu, 8, 16),
        PAR(2, 33333, 8, 16),
        PAR(0, 33333, 8, 16),
        PAR(8, 0, 8, 16),
        /* a PCIe link (the 82598's) is not a bus of the e1000 */
        { .kind = NIC_BUS_PCIE, .lanes = 8, .gts_mt = 2500,
          .max_payload = 128, .max_read_req = 512, .rcb_bytes = 64,
          .tlp_overhead = 20, .read_latency_ns = 800, .mmio_read_ns = 1000 },
    };
#undef PAR
    E1kConfig cfg;
    E1kPort port = { 0 };
    unsigned accepted = 0;
    TestPort *probe = tp_new(4096, NULL);
    port = probe->dev->port;
    for (size_t i = 0; i < G_N_ELEMENTS(buses); i++) {
        E1kDev *d;
        e1k_config_default(&cfg);
        cfg.bus = buses[i];
        cfg.autoneg_ns = 0xFFFFFFFFu;
        d = e1k_new(&cfg, &port);
        g_assert_cmpint(d != NULL, ==, restore_with_config(&cfg) == 0);
        if (d) {
            e1k_free(d);
            config_state_restores(&cfg);
            accepted++;
        }
    }
    g_assert_cmpuint(accepted, ==, 5);
    tp_free(probe);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/savestate/mid-itr-delay", test_mid_itr_delay);
    g_test_add_func("/savestate/mid-autoneg", test_mid_autoneg);
    g_test_add_func("/savestate/state-travels", test_state_travels);
    g_test_add_func("/savestate/corrupt-blob", test_corrupt_blob);
    g_test_add_func("/savestate/invalid-contents", test_invalid_contents);
    g_test_add_func("/savestate/line-reannounced-on-change-only",
                    test_line_reannounced_on_change_only);
    g_test_add_func("/savestate/lag-itr-window", test_lag_itr_window);
    g_test_add_func("/savestate/lag-rx-timers", test_lag_rx_timers);
    g_test_add_func("/savestate/lag-tx-timers", test_lag_tx_timers);
    g_test_add_func("/savestate/config-bounds-agree",
                    test_config_bounds_agree);
    return g_test_run();
}
