/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The four interrupt/poll policies over the real device model
 * (seeds M1 and M3, docs/reproducing-the-seeds.md; Linux e1000_intr,
 * e1000_clean, [NAPI-DOC]): where each masks and
 * unmasks, how frames reach the stack, budget handling, the single ICR
 * read per interrupt, the watchdog's ICS, the transmit-timeout reset and
 * the ITR modes (dynamic after each poll, mode 4 in the watchdog).
 */
#include <string.h>

#include "e1000_core.h"
#include "e1000_drv_internal.h"
#include "fake_os.h"

#define MEM (16u << 20)

static const uint8_t station[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
static const uint8_t peer[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x99 };

static FakeOs *up_with(enum e1k_drv_mode mode, uint32_t itr)
{
    struct e1k_drv_params p;
    FakeOs *f = fos_new(MEM, NULL);
    e1k_drv_params_default(&p);
    p.mode = mode;
    p.InterruptThrottleRate = itr;
    fos_up(f, &p);
    return f;
}

static FakeOs *up(enum e1k_drv_mode mode)
{
    return up_with(mode, 3);
}

/* Inject @n frames of @len bytes at wire speed while the fake kernel
 * runs. */
static void stream(FakeOs *f, uint32_t n, uint32_t len)
{
    uint8_t *fr = tp_frame(station, len);
    for (uint32_t i = 0; i < n; i++) {
        fos_inject(f, fr, len);
        fos_run(f, fos_wire_ns(len));
    }
    g_free(fr);
}

/* Counters of the run after bring-up (probe/open activity excluded). */
typedef struct Snap {
    uint64_t icr_reads, isr_calls, reads;
    guint writes;
} Snap;

static Snap snap(FakeOs *f)
{
    Snap s = { fos_reads_of(f, E1K_ICR), f->isr_calls, f->nreads,
               f->writes->len };
    return s;
}

/* Writes of @reg in context @ctx since @s. */
static uint32_t writes_since(FakeOs *f, const Snap *s, uint32_t reg, int ctx)
{
    uint32_t n = 0;
    for (guint i = s->writes; i < f->writes->len; i++) {
        FosWrite *w = &g_array_index(f->writes, FosWrite, i);
        if (w->reg == reg && (ctx < 0 || (int)w->ctx == ctx)) {
            n++;
        }
    }
    return n;
}

/* napi (irq-off): the ISR masks (IMC = ~0) and schedules; each completed
 * poll unmasks with IMS = IMS_ENABLE_MASK.  One ICR read per interrupt;
 * the poll reads nothing but the STATUS flush after IMS. */
static void test_napi_masks(void)
{
    FakeOs *f = up(E1K_MODE_NAPI);
    Snap s = snap(f);
    struct e1k_drv_counters c0, c1;
    e1k_drv_get_counters(f->a, &c0);

    stream(f, 100, 60);
    fos_run(f, 1000000);
    e1k_drv_get_counters(f->a, &c1);
    uint64_t isrs = f->isr_calls - s.isr_calls;
    uint64_t completes = c1.polls_complete - c0.polls_complete;

    g_assert_cmpuint(f->rx->len, ==, 100);
    g_assert_cmpuint(isrs, >, 0);
    g_assert_cmpuint(fos_reads_of(f, E1K_ICR) - s.icr_reads, ==, isrs);
    g_assert_cmpuint(writes_since(f, &s, E1K_IMC, FOS_CTX_ISR), ==, isrs);
    for (guint i = s.writes; i < f->writes->len; i++) {
        FosWrite *w = &g_array_index(f->writes, FosWrite, i);
        if (w->reg == E1K_IMC) {
            g_assert_cmphex(w->val, ==, 0xFFFFFFFFu);
            g_assert_cmpint(w->ctx, ==, FOS_CTX_ISR);
        }
        if (w->reg == E1K_IMS) {
            g_assert_cmphex(w->val, ==, E1K_IMS_ENABLE_MASK);
            g_assert_cmpint(w->ctx, ==, FOS_CTX_POLL);
        }
    }
    g_assert_cmpuint(completes, >, 0);
    g_assert_cmpuint(writes_since(f, &s, E1K_IMS, FOS_CTX_POLL), ==,
                     completes);
    /* Reads: ICR + STATUS flush per ISR, STATUS flush per unmask. */
    g_assert_cmpuint(f->nreads - s.reads, ==, 2 * isrs + completes);
    for (guint i = 0; i < f->rx->len; i++) {
        FosRx *r = &g_array_index(f->rx, FosRx, i);
        g_assert_false(r->via_netif_rx);
        g_assert_cmpint(r->ctx, ==, FOS_CTX_POLL);
    }
    /* Left enabled at the end. */
    g_assert_cmphex(e1k_peek_reg(f->tp->dev, E1K_IMS), ==,
                    E1K_IMS_ENABLE_MASK);
    fos_free(f);
}

/* napi-twist: never masks; the ISR only schedules; no IMS rewrite. */
static void test_twist_never_masks(void)
{
    FakeOs *f = up(E1K_MODE_NAPI_TWIST);
    Snap s = snap(f);

    stream(f, 100, 60);
    fos_run(f, 1000000);
    uint64_t isrs = f->isr_calls - s.isr_calls;

    g_assert_cmpuint(f->rx->len, ==, 100);
    g_assert_cmpuint(isrs, >, 0);
    g_assert_cmpuint(writes_since(f, &s, E1K_IMC, -1), ==, 0);
    g_assert_cmpuint(writes_since(f, &s, E1K_IMS, -1), ==, 0);
    g_assert_cmpuint(fos_reads_of(f, E1K_ICR) - s.icr_reads, ==, isrs);
    /* No register reads at all besides ICR. */
    g_assert_cmpuint(f->nreads - s.reads, ==, isrs);
    for (guint i = 0; i < f->rx->len; i++) {
        FosRx *r = &g_array_index(f->rx, FosRx, i);
        g_assert_false(r->via_netif_rx);
        g_assert_cmpint(r->ctx, ==, FOS_CTX_POLL);
    }
    fos_free(f);
}

/* legacy: frames reach the stack through netif_rx from the ISR; no poll;
 * interrupts stay enabled. */
static void test_legacy_netif_rx(void)
{
    FakeOs *f = up(E1K_MODE_LEGACY);
    Snap s = snap(f);
    uint64_t polls = f->poll_calls;

    stream(f, 100, 60);
    fos_run(f, 1000000);
    uint64_t isrs = f->isr_calls - s.isr_calls;

    g_assert_cmpuint(f->rx->len, ==, 100);
    g_assert_cmpuint(f->poll_calls, ==, polls);
    g_assert_cmpuint(writes_since(f, &s, E1K_IMC, -1), ==, 0);
    g_assert_cmpuint(writes_since(f, &s, E1K_IMS, -1), ==, 0);
    g_assert_cmpuint(fos_reads_of(f, E1K_ICR) - s.icr_reads, ==, isrs);
    for (guint i = 0; i < f->rx->len; i++) {
        FosRx *r = &g_array_index(f->rx, FosRx, i);
        g_assert_true(r->via_netif_rx);
        g_assert_cmpint(r->ctx, ==, FOS_CTX_ISR);
    }
    g_assert_cmpuint(f->charges[E1K_COST_ISR], ==, f->isr_calls);
    fos_free(f);
}

/* A backlog of 200 frames: the napi poll returns the budget (64) three
 * times without unmasking, then completes with 8 and unmasks once. */
static void test_napi_budget(void)
{
    const enum e1k_drv_mode modes[] = { E1K_MODE_NAPI, E1K_MODE_NAPI_TWIST };
    for (unsigned m = 0; m < 2; m++) {
        FakeOs *f = up(modes[m]);
        uint8_t *fr = tp_frame(station, 60);
        struct e1k_drv_counters c0, c1;

        tp_wr(f->tp, E1K_IMC, 0xFFFFFFFFu);
        for (int i = 0; i < 200; i++) {
            fos_inject(f, fr, 60);
            tp_advance(f->tp, fos_wire_ns(60));
        }
        tp_advance(f->tp, 1000000);
        Snap s = snap(f);
        e1k_drv_get_counters(f->a, &c0);
        f->napi_scheduled = true;
        fos_service(f);
        e1k_drv_get_counters(f->a, &c1);
        g_assert_cmpuint(f->rx->len, ==, 200);
        g_assert_cmpuint(c1.polls_budget - c0.polls_budget, ==, 3);
        g_assert_cmpuint(c1.rx_cleaned - c0.rx_cleaned, ==, 200);
        if (modes[m] == E1K_MODE_NAPI) {
            /* First unmask only after the three full polls. */
            g_assert_cmpuint(writes_since(f, &s, E1K_IMS, FOS_CTX_POLL), >=, 1);
            uint32_t polls_before_ims = 0;
            for (guint i = s.writes; i < f->writes->len; i++) {
                FosWrite *w = &g_array_index(f->writes, FosWrite, i);
                if (w->reg == E1K_IMS) {
                    break;
                }
                if (w->reg == E1K_RDT) {
                    polls_before_ims++;
                }
            }
            /* 200 frames: RDT written 12 times in batches of 16 plus the
             * end-of-clean refills, all before the first IMS. */
            g_assert_cmpuint(polls_before_ims, >=, 12);
        }
        g_free(fr);
        fos_free(f);
    }
}

/* The watchdog writes ICS = RXDMT0, which interrupts (Linux
 * e1000_watchdog). */
static void test_watchdog_ics(void)
{
    const enum e1k_drv_mode modes[] = { E1K_MODE_LEGACY, E1K_MODE_NAPI,
                                        E1K_MODE_NAPI_TWIST };
    for (unsigned m = 0; m < 3; m++) {
        FakeOs *f = up(modes[m]);
        Snap s = snap(f);
        fos_run(f, 10000000);
        g_assert_cmpuint(f->isr_calls, ==, s.isr_calls);
        e1k_drv_watchdog(f->a);
        g_assert_cmpuint(writes_since(f, &s, E1K_ICS, -1), ==, 1);
        g_assert_cmphex(g_array_index(f->writes, FosWrite,
                                      f->writes->len - 1).val, ==,
                        E1K_ICR_RXDMT0);
        fos_run(f, 1000000);
        g_assert_cmpuint(f->isr_calls, ==, s.isr_calls + 1);
        fos_free(f);
    }
}

/* tx_timeout: "Reset adapter", MAC reset, rings re-initialised, link
 * renegotiated ("NIC Link is Up" again), counters kept, traffic flows. */
static void test_tx_timeout_reset(void)
{
    FakeOs *f = up(E1K_MODE_NAPI);
    struct e1k_link_stats64 s0, s1;
    struct e1k_drv_counters c;

    stream(f, 30, 100);
    fos_run(f, 1000000);
    /* Frames stuck in TX: TX off, so they never complete. */
    tp_wr(f->tp, E1K_TCTL, 0);
    uint8_t *fr = tp_frame(peer, 100);
    for (int i = 0; i < 5; i++) {
        g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, fr, 100)), ==, 0);
    }
    e1k_drv_update_stats(f->a);
    e1k_drv_get_stats64(f->a, &s0);
    g_assert_cmpuint(s0.rx_packets, ==, 30);

    e1k_drv_tx_timeout(f->a);
    e1k_drv_get_counters(f->a, &c);
    g_assert_cmpuint(c.resets, ==, 1);
    g_assert_true(fos_log_has(f, "Reset adapter"));
    g_assert_false(f->carrier);
    /* Stuck frames were freed, rings restarted from 0. */
    g_assert_cmpuint(f->a->tx_ring.next_to_use, ==, 0);
    g_assert_cmpuint(fos_skbs_in_use(f), ==, 255);
    for (int i = 0; i < 40 && !f->carrier; i++) {
        fos_run(f, 50000000);
    }
    g_assert_true(f->carrier);
    guint ups = 0;
    for (guint i = 0; i < f->log->len; i++) {
        if (strstr(g_ptr_array_index(f->log, i),
                   "NIC Link is Up 1000 Mbps Full Duplex")) {
            ups++;
        }
    }
    g_assert_cmpuint(ups, ==, 2);
    stream(f, 20, 100);
    fos_run(f, 1000000);
    g_assert_cmpuint(f->rx->len, ==, 50);
    g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, fr, 100)), ==, 0);
    fos_run(f, 1000000);
    g_assert_cmpuint(f->tp->tx->len, ==, 1);
    e1k_drv_update_stats(f->a);
    e1k_drv_get_stats64(f->a, &s1);
    g_assert_cmpuint(s1.rx_packets, ==, 50);
    g_assert_cmpuint(s1.tx_packets, ==, 1);
    g_free(fr);
    fos_free(f);
}

/* ITR register values written after open, in order. */
static GArray *itr_writes(FakeOs *f, guint from)
{
    GArray *v = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    for (guint i = from; i < f->writes->len; i++) {
        FosWrite *w = &g_array_index(f->writes, FosWrite, i);
        if (w->reg == E1K_ITR) {
            g_array_append_val(v, w->val);
        }
    }
    return v;
}

/* napi-dynitr, InterruptThrottleRate=3: a burst of full-size frames is
 * "bulk" (4000 ints/s, ITR 976); sparse small frames then bring it back
 * in steps 9000, 14000, 19000, 20000 (ITR 434, 279, 205, 195). */
static void test_dynitr_steps(void)
{
    FakeOs *f = up_with(E1K_MODE_NAPI_DYNITR, 3);
    uint8_t *big = tp_frame(station, 1514);
    uint8_t *small = tp_frame(station, 60);

    /* The poll of the LSC interrupt at open ran before the link was up:
     * below 1000 Mb/s set_itr fixes 4000 ints/s (as Linux, whose
     * link_speed is 0 until the watchdog sees the link).  Small sparse
     * frames climb back to 20000. */
    for (int i = 0; i < 10 && e1k_peek_reg(f->tp->dev, E1K_ITR) != 195; i++) {
        fos_inject(f, small, 60);
        fos_run(f, 1000000);
    }
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 195);
    guint from = f->writes->len;
    guint rx0 = f->rx->len;
    struct e1k_drv_counters c0;
    e1k_drv_get_counters(f->a, &c0);
    /* 20 frames arrive at once: the first interrupt sees one, the next
     * (ITR-spaced) sees the other 19: 28766 bytes, 1514 per frame. */
    for (int i = 0; i < 20; i++) {
        fos_inject(f, big, 1514);
    }
    fos_run(f, 2000000);
    g_assert_cmpuint(f->rx->len - rx0, ==, 20);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 976);
    for (int i = 0; i < 6; i++) {
        fos_inject(f, small, 60);
        fos_run(f, 1000000);
    }
    GArray *v = itr_writes(f, from);
    static const uint32_t want[] = { 976, 434, 279, 205, 195 };
    g_assert_cmpuint(v->len, ==, G_N_ELEMENTS(want));
    for (guint i = 0; i < v->len; i++) {
        g_assert_cmpuint(g_array_index(v, uint32_t, i), ==, want[i]);
    }
    struct e1k_drv_counters c;
    e1k_drv_get_counters(f->a, &c);
    g_assert_cmpuint(c.itr_current, ==, 20000);
    g_assert_cmpuint(c.itr_changes - c0.itr_changes, ==, 5);
    g_array_free(v, TRUE);

    /* Plain napi with the same traffic never rewrites ITR. */
    FakeOs *g = up_with(E1K_MODE_NAPI, 3);
    from = g->writes->len;
    for (int i = 0; i < 20; i++) {
        fos_inject(g, big, 1514);
    }
    fos_run(g, 2000000);
    v = itr_writes(g, from);
    g_assert_cmpuint(v->len, ==, 0);
    g_array_free(v, TRUE);
    g_free(big);
    g_free(small);
    fos_free(f);
    fos_free(g);
}

/* InterruptThrottleRate=4 in any policy: the watchdog recomputes from
 * the period's good octets.  Forwarding-like symmetric traffic (as much
 * out as in) gives 2000 ints/s; RX only gives 8000. */
static void test_mode4_watchdog(void)
{
    FakeOs *f = up_with(E1K_MODE_NAPI_TWIST, 4);
    uint8_t *in = tp_frame(station, 1000);
    uint8_t *out = tp_frame(peer, 1000);

    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 488);
    e1k_drv_watchdog(f->a); /* start a clean period */
    for (int i = 0; i < 100; i++) {
        fos_inject(f, in, 1000);
        g_assert_cmpint(e1k_drv_xmit(f->a, fos_skb_from(f, out, 1000)), ==, 0);
        fos_run(f, 20000);
    }
    fos_run(f, 1000000);
    e1k_drv_watchdog(f->a);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 1953); /* 2000/s */
    for (int i = 0; i < 100; i++) {
        fos_inject(f, in, 1000);
        fos_run(f, 20000);
    }
    e1k_drv_watchdog(f->a);
    g_assert_cmpuint(e1k_peek_reg(f->tp->dev, E1K_ITR), ==, 488); /* 8000/s */
    g_free(in);
    g_free(out);
    fos_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/driver/policy/napi-masks", test_napi_masks);
    g_test_add_func("/driver/policy/twist-never-masks", test_twist_never_masks);
    g_test_add_func("/driver/policy/legacy-netif-rx", test_legacy_netif_rx);
    g_test_add_func("/driver/policy/budget", test_napi_budget);
    g_test_add_func("/driver/policy/watchdog-ics", test_watchdog_ics);
    g_test_add_func("/driver/policy/tx-timeout-reset", test_tx_timeout_reset);
    g_test_add_func("/driver/policy/dynitr-steps", test_dynitr_steps);
    g_test_add_func("/driver/policy/mode4-watchdog", test_mode4_watchdog);
    return g_test_run();
}
