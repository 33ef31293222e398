/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Save/restore: a restored device continues exactly like an unsaved twin
 * (interrupt edges and times), corrupted blobs are refused and reset the
 * device, the line level and deadline are re-announced. */
#include <string.h>

#include "testport.h"
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
    return g_test_run();
}
