/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Kernel model: skb arena, IPv4 forwarding (TTL, checksum, longest-prefix
 * route, neighbour MACs), NAPI net_rx_action (weight 64, netdev_budget
 * 300, time_squeeze, re-raise; [LINUX-NET-RX]), netif_rx backlog
 * (netdev_max_backlog, drops), qdisc (txqueuelen, busy requeue, wake),
 * dev_watchdog tx timeout after 5 s, UDP sink (rcvbuf, reader).
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "kernel/kernel.h"

#define IP(a, b, c, d) ((uint32_t)(a) << 24 | (b) << 16 | (c) << 8 | (d))

typedef struct Fx {
    TbEngine *e;
    TbCpu *c;
    TbKernel *k;
    TbProfile p;
    TbNetdev dev[2];
    int busy;             /* xmit returns BUSY while > 0 (decremented) */
    int stop_after;       /* stop the queue after this many xmits, -1 */
    uint64_t xmits[2];
    uint8_t last[2][64];
    uint32_t last_len[2];
    int timeouts;
} Fx;

static int fake_xmit(TbNetdev *dev, TbSkb *skb)
{
    Fx *f = dev->priv;
    if (f->busy > 0) {
        f->busy--;
        return 1;
    }
    f->xmits[dev->index]++;
    f->last_len[dev->index] = skb->len;
    memcpy(f->last[dev->index], skb->data, skb->len < 64 ? skb->len : 64);
    tb_kfree_skb(dev->k, skb);
    if (f->stop_after >= 0 && --f->stop_after < 0) {
        tb_netif_stop_queue(dev);
    }
    return 0;
}

static void fake_timeout(TbNetdev *dev)
{
    Fx *f = dev->priv;
    f->timeouts++;
}

static Fx *fx_new(uint32_t nskb)
{
    Fx *f = g_new0(Fx, 1);
    f->p.mhz = 1000;
    for (int i = 0; i < TB_COST_COUNT; i++) {
        f->p.ps[i] = 100000;   /* 100 ns per operation */
    }
    f->p.ps[TB_COST_IRQ_DELIVERY] = 0;
    f->e = tb_engine_new();
    f->c = tb_cpu_new(f->e, &f->p, 1000, 10, 2000);
    TbKernelCfg kc = { .netdev_budget = 300, .netdev_max_backlog = 10,
                       .dev_weight = 4, .ip_forward = 1,
                       .sink_port = 5001, .sink_rcvbuf = 3 * TB_SKB_TRUESIZE,
                       .sink_read_size = 1000 };
    f->k = tb_kernel_new(f->c, &kc);
    char *err = NULL;
    g_assert_cmpint(tb_arena_init(&f->k->arena, 8 * 4096, nskb, &err), ==, 0);
    f->stop_after = -1;
    for (int i = 0; i < 2; i++) {
        TbNetdev *d = &f->dev[i];
        snprintf(d->name, sizeof(d->name), "eth%d", i);
        d->priv = f;
        d->xmit = fake_xmit;
        d->tx_timeout = fake_timeout;
        d->txqueuelen = 5;
        d->ip = IP(10, 0, i, 1);
        memset(d->mac, 0x10 + i, 6);
        memset(d->peer_mac, 0x20 + i, 6);
        d->carrier = true;
        g_assert_cmpint(tb_netdev_register(f->k, d), ==, 0);
        g_assert_cmpint(d->index, ==, i);
    }
    tb_route_add(f->k, IP(10, 0, 0, 0), 24, 0);
    tb_route_add(f->k, IP(10, 0, 0, 0), 8, 1);
    tb_route_add(f->k, IP(10, 0, 1, 0), 24, 1);
    return f;
}

static void fx_free(Fx *f)
{
    tb_kernel_free(f->k);
    tb_cpu_free(f->c);
    tb_engine_free(f->e);
    g_free(f);
}

/* An Ethernet + IPv4 + UDP frame of 60 bytes (no FCS). */
static TbSkb *mkframe(Fx *f, uint32_t daddr, uint8_t ttl, uint16_t type,
                      uint16_t dport)
{
    TbSkb *s = tb_skb_alloc(&f->k->arena, 2048);
    g_assert_nonnull(s);
    uint8_t *d = s->data;
    memset(d, 0, 60);
    memset(d, 0x10, 6);
    memset(d + 6, 0x99, 6);
    d[12] = type >> 8;
    d[13] = type & 0xff;
    uint8_t *ip = d + 14;
    ip[0] = 0x45;
    ip[3] = 46;              /* total length 46 */
    ip[8] = ttl;
    ip[9] = 17;
    ip[12] = 10; ip[13] = 0; ip[14] = 0; ip[15] = 2;
    ip[16] = daddr >> 24; ip[17] = daddr >> 16;
    ip[18] = daddr >> 8; ip[19] = daddr;
    uint16_t c = tb_ip_csum(ip, 20);
    ip[10] = c >> 8;
    ip[11] = c & 0xff;
    ip[22] = dport >> 8;
    ip[23] = dport & 0xff;
    ip[25] = 26;             /* UDP length: 18 bytes of payload */
    s->len = 60;
    s->in_dev = 0;
    return s;
}

/* Large slots (a software LRO session's 64 KB skb): taken above the
 * slab's room, freed back to their own stack, after the slab in memory;
 * the slab's slots and counters untouched by them. */
static void test_arena_big(void)
{
    TbArena a;
    char *err = NULL;
    g_assert_cmpint(tb_arena_init_big(&a, 4096, 2, TB_SKB_DATA_MAX, 2,
                                      14 + 65535, &err), ==, 0);
    TbSkb *s0 = tb_skb_alloc(&a, 1518), *s1 = tb_skb_alloc(&a, 1518);
    TbSkb *b0 = tb_skb_alloc(&a, 14 + 65535), *b1 = tb_skb_alloc(&a, 3000);
    g_assert_nonnull(s0);
    g_assert_nonnull(s1);
    g_assert_nonnull(b0);
    g_assert_nonnull(b1);
    g_assert_cmpuint(b0->room, ==, 14 + 65535);
    g_assert_cmpuint(a.nfree, ==, 0);
    g_assert_cmpuint(a.nbig_free, ==, 0);
    g_assert_null(tb_skb_alloc(&a, 3000));       /* no large slot left */
    g_assert_null(tb_skb_alloc(&a, 14 + 65536)); /* larger than any */
    g_assert_null(tb_skb_alloc(&a, 60));         /* slab empty: no
                                                    large slot taken */
    g_assert_cmpuint(a.alloc_fail, ==, 3);
    g_assert_true(b0->data >= s1->data + TB_SKB_DATA_MAX);
    g_assert_true(b1->data >= b0->data + 14 + 65535
                  || b0->data >= b1->data + 14 + 65535);
    g_assert_true(b1->data + b1->room <= a.mem + a.size);
    memset(b0->data, 0xAB, 14 + 65535);           /* all of it is ours */
    tb_skb_free(&a, b0);
    g_assert_cmpuint(a.nbig_free, ==, 1);
    g_assert_cmpuint(a.nfree, ==, 0);
    g_assert_true(tb_skb_alloc(&a, 20000) == b0);
    tb_skb_free(&a, s0);
    g_assert_cmpuint(a.nfree, ==, 1);
    g_assert_cmpuint(a.nbig_free, ==, 0);
    tb_arena_destroy(&a);
}

/* SLAB's per-CPU arrays (mm/slab.c, skbuff_head_cache: limit 120,
 * batchcount 60) in a host of two CPUs: a CPU gets back the slot it freed
 * last; an empty array takes 60 slots from the shared stack at once; a
 * full one gives its 60 oldest back, which the other CPU then takes. */
static void test_arena_percpu(void)
{
    TbArena a;
    char *err = NULL;
    g_assert_cmpint(tb_arena_init(&a, 0, 400, &err), ==, 0);
    g_assert_cmpint(tb_arena_set_cpus(&a, 2, &err), ==, 0);
    a.cpu = 0;
    TbSkb *s = tb_skb_alloc(&a, 60);
    g_assert_nonnull(s);
    g_assert_cmpuint(a.nfree, ==, 400 - TB_SLAB_BATCH);   /* refilled */
    g_assert_cmpuint(a.ac_free, ==, TB_SLAB_BATCH - 1);
    tb_skb_free(&a, s);
    g_assert_true(tb_skb_alloc(&a, 60) == s);             /* LIFO */
    /* CPU 1 frees 121 skbs CPU 0 allocated: its array fills at 120 and
     * the 121st free flushes the 60 oldest to the shared stack */
    TbSkb *v[121];
    v[0] = s;
    for (int i = 1; i < 121; i++) {
        v[i] = tb_skb_alloc(&a, 60);
        g_assert_nonnull(v[i]);
    }
    a.cpu = 1;
    uint32_t shared = a.nfree;
    for (int i = 0; i < 121; i++) {
        tb_skb_free(&a, v[i]);
    }
    g_assert_cmpuint(a.ac[1].avail, ==, 121 - TB_SLAB_BATCH);
    g_assert_cmpuint(a.nfree, ==, shared + TB_SLAB_BATCH);
    g_assert_true(tb_skb_alloc(&a, 60) == v[120]);        /* CPU 1's last */
    /* CPU 0 took three batches for its 121 (59 left); once they are
     * used it refills from the shared stack, on top of which lie the
     * oldest CPU 1 flushed (v[59] pushed last, v[0] handed out first) */
    a.cpu = 0;
    g_assert_cmpuint(a.ac[0].avail, ==, TB_SLAB_BATCH - 1);
    for (uint32_t i = 0; i < TB_SLAB_BATCH - 1; i++) {
        g_assert_nonnull(tb_skb_alloc(&a, 60));
    }
    g_assert_cmpuint(a.ac[0].avail, ==, 0);
    g_assert_true(tb_skb_alloc(&a, 60) == v[0]);
    g_assert_cmpuint(a.ac[0].avail, ==, TB_SLAB_BATCH - 1);
    tb_arena_destroy(&a);
}

static void test_arena(void)
{
    Fx *f = fx_new(4);
    TbArena *a = &f->k->arena;
    TbSkb *s[4];
    for (int i = 0; i < 4; i++) {
        s[i] = tb_skb_alloc(a, 1518);
        g_assert_nonnull(s[i]);
    }
    g_assert_null(tb_skb_alloc(a, 60));
    g_assert_null(tb_skb_alloc(a, TB_SKB_DATA_MAX + 1));
    g_assert_cmpuint(a->alloc_fail, ==, 2);
    /* data areas are distinct and DMA-addressable */
    uint64_t bus = tb_skb_bus(a, s[1]);
    uint8_t buf[4] = { 1, 2, 3, 4 }, back[4];
    g_assert_cmpint(tb_arena_dma_write(a, bus, buf, 4), ==, 0);
    g_assert_cmpmem(s[1]->data, 4, buf, 4);
    g_assert_cmpint(tb_arena_dma_read(a, bus, back, 4), ==, 0);
    g_assert_cmpmem(back, 4, buf, 4);
    g_assert_cmpint(tb_arena_dma_read(a, TB_ARENA_BUS_BASE - 1, back, 4),
                    ==, -1);
    g_assert_cmpint(tb_arena_dma_read(a, TB_ARENA_BUS_BASE + a->size - 2,
                                      back, 4), ==, -1);
    g_assert_cmpuint(a->dma_faults, ==, 2);
    tb_skb_free(a, s[2]);
    tb_skb_free(a, s[2]);   /* double free ignored */
    g_assert_cmpuint(a->nfree, ==, 1);
    g_assert_true(tb_skb_alloc(a, 60) == s[2]);
    /* coherent: page aligned, exhausted, reused after free */
    uint64_t b1, b2, b3;
    void *c1 = tb_arena_coh_alloc(a, 5000, &b1);
    void *c2 = tb_arena_coh_alloc(a, 4096 * 6, &b2);
    g_assert_nonnull(c1);
    g_assert_nonnull(c2);
    g_assert_cmpuint(b1 % 4096, ==, 0);
    g_assert_cmpuint(b2, ==, b1 + 2 * 4096);
    g_assert_null(tb_arena_coh_alloc(a, 4096, &b3));
    tb_arena_coh_free(a, c1, 5000);
    g_assert_true(tb_arena_coh_alloc(a, 8192, &b3) == c1);
    fx_free(f);
}

static void test_route(void)
{
    Fx *f = fx_new(4);
    g_assert_cmpint(tb_route_lookup(f->k, IP(10, 0, 0, 7)), >=, 0);
    g_assert_cmpint(f->k->route[tb_route_lookup(f->k, IP(10, 0, 0, 7))].dev,
                    ==, 0);
    g_assert_cmpint(f->k->route[tb_route_lookup(f->k, IP(10, 9, 0, 7))].dev,
                    ==, 1);
    g_assert_cmpint(tb_route_lookup(f->k, IP(11, 0, 0, 1)), ==, -1);
    g_assert_cmpint(tb_route_add(f->k, 0, 33, 0), ==, -1);
    fx_free(f);
}

static void test_forward(void)
{
    Fx *f = fx_new(16);
    f->c->ctx = TB_CTX_SOFTIRQ;
    tb_netif_receive_skb(f->k, mkframe(f, IP(10, 0, 1, 2), 64, 0x0800, 9));
    g_assert_cmpuint(f->xmits[1], ==, 1);
    const uint8_t *d = f->last[1];
    uint8_t peer[6], mine[6];
    memset(peer, 0x21, 6);
    memset(mine, 0x11, 6);
    g_assert_cmpmem(d, 6, peer, 6);
    g_assert_cmpmem(d + 6, 6, mine, 6);
    g_assert_cmpuint(d[14 + 8], ==, 63);
    g_assert_cmpuint(tb_ip_csum(d + 14, 20), ==, 0);
    g_assert_cmpuint(f->k->ip_forwarded, ==, 1);
    /* TTL 1: not forwarded; non-IPv4; no route; bad checksum */
    tb_netif_receive_skb(f->k, mkframe(f, IP(10, 0, 1, 2), 1, 0x0800, 9));
    tb_netif_receive_skb(f->k, mkframe(f, IP(10, 0, 1, 2), 64, 0x0806, 9));
    tb_netif_receive_skb(f->k, mkframe(f, IP(11, 0, 0, 1), 64, 0x0800, 9));
    TbSkb *bad = mkframe(f, IP(10, 0, 1, 2), 64, 0x0800, 9);
    bad->data[14 + 10] ^= 1;
    tb_netif_receive_skb(f->k, bad);
    g_assert_cmpuint(f->xmits[1], ==, 1);
    g_assert_cmpuint(f->k->ip_dropped, ==, 3);
    g_assert_cmpuint(f->k->no_route, ==, 1);
    /* every skb came back */
    g_assert_cmpuint(f->k->arena.nfree, ==, 16);
    fx_free(f);
}

typedef struct FakeNapi {
    TbNapi n;
    TbKernel *k;
    int avail;       /* frames "in the ring" */
    int polls;
} FakeNapi;

static int fake_poll(TbNapi *n, int budget)
{
    FakeNapi *fn = (FakeNapi *)n;
    fn->polls++;
    int work = fn->avail < budget ? fn->avail : budget;
    fn->avail -= work;
    tb_cpu_charge(fn->k->cpu, 1000ull * work);
    if (work < budget) {
        tb_napi_complete_done(fn->k, n, work);
    }
    return work;
}

/* net_rx_action: weight 64, budget 300: polls until 300 frames are used,
 * rotating between scheduled NAPIs, then time_squeeze + re-raise. */
static void test_napi_budget(void)
{
    Fx *f = fx_new(4);
    FakeNapi a = { .n = { .poll = fake_poll, .weight = 64 }, .k = f->k,
                   .avail = 1000 };
    FakeNapi b = { .n = { .poll = fake_poll, .weight = 64 }, .k = f->k,
                   .avail = 100 };
    f->c->ctx = TB_CTX_HARDIRQ;
    g_assert_true(tb_napi_schedule(f->k, &a.n));
    g_assert_false(tb_napi_schedule(f->k, &a.n));   /* already: MISSED */
    g_assert_true(a.n.missed);
    a.n.missed = false;
    g_assert_true(tb_napi_schedule(f->k, &b.n));
    f->c->ctx = TB_CTX_IDLE;
    f->c->softirq_pending = 0;
    f->c->softirq_pending = 1u << TB_SOFTIRQ_NET_RX;
    f->c->max_restart = 1;        /* one net_rx_action round */
    tb_cpu_do_softirq(f->c);
    /* a64 b64 a64 b36(complete) a64 -> 292 ; a64 -> 356 >= 300: stop */
    g_assert_cmpint(a.polls, ==, 4);
    g_assert_cmpint(b.polls, ==, 2);
    g_assert_cmpint(b.avail, ==, 0);
    g_assert_false(b.n.sched);
    g_assert_cmpint(a.avail, ==, 1000 - 4 * 64);
    g_assert_cmpuint(f->k->time_squeeze, ==, 1);
    g_assert_true(f->c->softirq_pending & (1u << TB_SOFTIRQ_NET_RX));
    g_assert_cmpuint(f->c->ksoftirqd_wakeups, ==, 1);
    fx_free(f);
}

/* napi_complete_done after a schedule that came in during the poll
 * (NAPI_STATE_MISSED) returns false and keeps the NAPI scheduled. */
static void test_napi_missed(void)
{
    Fx *f = fx_new(4);
    FakeNapi a = { .n = { .poll = fake_poll, .weight = 64 }, .k = f->k };
    f->c->ctx = TB_CTX_HARDIRQ;
    tb_napi_schedule(f->k, &a.n);
    tb_napi_schedule(f->k, &a.n);
    g_assert_false(tb_napi_complete_done(f->k, &a.n, 0));
    g_assert_true(a.n.sched);
    g_assert_true(tb_napi_complete_done(f->k, &a.n, 0));
    g_assert_false(a.n.sched);
    g_assert_false(tb_napi_complete_done(f->k, &a.n, 0));
    fx_free(f);
}

/* netif_rx: the backlog takes netdev_max_backlog (+1, as Linux's <=
 * test) frames, drops the rest; process_backlog drains dev_weight frames
 * per poll into the stack. */
static void test_backlog(void)
{
    Fx *f = fx_new(64);
    f->c->ctx = TB_CTX_HARDIRQ;
    f->dev[1].txqueuelen = 100;
    int ok = 0;
    for (int i = 0; i < 15; i++) {
        TbSkb *s = mkframe(f, IP(10, 0, 1, 2), 64, 0x0800, 9);
        ok += tb_netif_rx(f->k, s) == 0;
    }
    g_assert_cmpint(ok, ==, 11);
    g_assert_cmpuint(f->k->backlog_drops, ==, 4);
    g_assert_true(f->k->backlog.sched);
    f->c->ctx = TB_CTX_IDLE;
    tb_cpu_do_softirq(f->c);
    g_assert_cmpuint(f->xmits[1], ==, 11);
    g_assert_cmpuint(f->k->backlog.polls, ==, 3);   /* 4 + 4 + 3 */
    g_assert_false(f->k->backlog.sched);
    g_assert_cmpuint(f->k->arena.nfree, ==, 64);
    fx_free(f);
}

/* netif_rx throttle (Linux 2.4/2.5 netif_rx): once the backlog has
 * overflowed, every frame is dropped until the backlog has drained empty;
 * then frames are accepted again.  Without the throttle a frame is taken
 * as soon as there is room. */
static void test_backlog_throttle(void)
{
    for (int thr = 0; thr < 2; thr++) {
        Fx *f = fx_new(64);
        f->k->netif_rx_throttle = thr;
        f->c->ctx = TB_CTX_HARDIRQ;
        f->dev[1].txqueuelen = 100;
        int ok = 0;
        for (int i = 0; i < 12; i++) {
            ok += tb_netif_rx(f->k, mkframe(f, IP(10, 0, 1, 2), 64, 0x0800,
                                            9)) == 0;
        }
        g_assert_cmpint(ok, ==, 11);            /* 10 + 1 (<= test) */
        g_assert_cmpuint(f->k->throttled, ==, (uint64_t)thr);
        /* one process_backlog round of dev_weight (4): room for 4 */
        g_assert_cmpint(f->k->backlog.poll(&f->k->backlog, 4), ==, 4);
        g_assert_cmpuint(f->k->bl_len, ==, 7);
        int r = tb_netif_rx(f->k, mkframe(f, IP(10, 0, 1, 2), 64, 0x0800, 9));
        g_assert_cmpint(r, ==, thr ? -1 : 0);
        /* drain to empty: the throttle lifts with the next frame */
        while (f->k->bl_len) {
            f->k->backlog.poll(&f->k->backlog, 4);
        }
        g_assert_cmpint(tb_netif_rx(f->k, mkframe(f, IP(10, 0, 1, 2), 64,
                                                  0x0800, 9)), ==, 0);
        g_assert_false(f->k->throttle_on);
        g_assert_cmpuint(f->k->backlog_drops, ==, thr ? 2u : 1u);
        f->c->ctx = TB_CTX_IDLE;
        tb_cpu_do_softirq(f->c);
        g_assert_cmpuint(f->k->arena.nfree, ==, 64);
        fx_free(f);
    }
}

/* qdisc: txqueuelen 5 while the driver is stopped; busy requeues; wake
 * runs NET_TX and drains in order. */
static void test_qdisc(void)
{
    Fx *f = fx_new(32);
    TbNetdev *d = &f->dev[1];
    f->c->ctx = TB_CTX_SOFTIRQ;
    tb_netif_stop_queue(d);
    for (int i = 0; i < 7; i++) {
        TbSkb *s = mkframe(f, IP(10, 0, 1, 2), 64, 0x0800, 9);
        s->data[59] = (uint8_t)i;
        tb_dev_queue_xmit(d, s);
    }
    g_assert_cmpuint(d->qlen, ==, 5);
    g_assert_cmpuint(d->qdisc_drops, ==, 2);
    g_assert_cmpuint(f->xmits[1], ==, 0);
    f->busy = 1;
    tb_netif_wake_queue(d);      /* from "hardirq": NET_TX raised */
    g_assert_true(f->c->softirq_pending & (1u << TB_SOFTIRQ_NET_TX));
    f->c->ctx = TB_CTX_IDLE;
    tb_cpu_do_softirq(f->c);     /* busy once, requeued, rescheduled */
    g_assert_cmpuint(d->qdisc_requeues, ==, 1);
    g_assert_cmpuint(f->xmits[1], ==, 5);
    g_assert_cmpuint(f->last[1][59], ==, 4);
    g_assert_cmpuint(d->qlen, ==, 0);
    fx_free(f);
}

/* dev_watchdog: queue stopped with no transmit for more than 5 s. */
static void test_watchdog(void)
{
    Fx *f = fx_new(16);
    TbNetdev *d = &f->dev[0];
    tb_cpu_start(f->c);
    tb_netdev_open(f->k, d);
    tb_cpu_run(f->c, 6000000000ull);
    g_assert_cmpint(f->timeouts, ==, 0);     /* queue running */
    f->c->ctx = TB_CTX_SOFTIRQ;
    f->stop_after = 0;
    tb_dev_queue_xmit(d, mkframe(f, IP(10, 0, 0, 2), 64, 0x0800, 9));
    g_assert_true(d->queue_stopped);
    f->c->ctx = TB_CTX_IDLE;
    uint64_t stopped_at = tb_cpu_now(f->c);
    tb_cpu_run(f->c, stopped_at + 4900000000ull);
    g_assert_cmpint(f->timeouts, ==, 0);
    tb_cpu_run(f->c, stopped_at + 10100000000ull);
    g_assert_cmpint(f->timeouts, ==, 1);
    g_assert_cmpuint(d->tx_timeouts, ==, 1);
    g_assert_cmpuint(f->k->log_tx_timeout, ==, 1);
    g_assert_nonnull(strstr(tb_klog_line(f->k, 0),
                            "NETDEV WATCHDOG: eth0: transmit timed out"));
    fx_free(f);
}

/* UDP sink: rcvbuf of 3 skbs; the reader copies read_size bytes. */
static void test_udp_sink(void)
{
    Fx *f = fx_new(16);
    f->c->ctx = TB_CTX_SOFTIRQ;
    for (int i = 0; i < 5; i++) {
        tb_netif_receive_skb(f->k, mkframe(f, IP(10, 0, 0, 1), 64, 0x0800,
                                           5001));
    }
    tb_netif_receive_skb(f->k, mkframe(f, IP(10, 0, 1, 1), 64, 0x0800, 7));
    g_assert_cmpuint(f->k->local_delivered, ==, 6);
    g_assert_cmpuint(f->k->sink.qlen, ==, 3);
    g_assert_cmpuint(f->k->sink.drops, ==, 2);
    g_assert_cmpuint(f->k->ip_dropped, ==, 1);   /* no socket on port 7 */
    g_assert_true(f->k->sink.reader.runnable);
    f->c->ctx = TB_CTX_IDLE;
    tb_cpu_run(f->c, tb_cpu_now(f->c) + 1000000);
    g_assert_cmpuint(f->k->sink.datagrams, ==, 3);
    g_assert_cmpuint(f->k->sink.bytes, ==, 3 * 18);
    g_assert_false(f->k->sink.reader.runnable);
    g_assert_cmpuint(f->k->sink.rmem, ==, 0);
    g_assert_cmpuint(f->k->arena.nfree, ==, 16);
    fx_free(f);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/kernel/arena", test_arena);
    g_test_add_func("/kernel/arena-big", test_arena_big);
    g_test_add_func("/kernel/arena-percpu", test_arena_percpu);
    g_test_add_func("/kernel/route", test_route);
    g_test_add_func("/kernel/forward", test_forward);
    g_test_add_func("/kernel/backlog-throttle", test_backlog_throttle);
    g_test_add_func("/kernel/napi-budget", test_napi_budget);
    g_test_add_func("/kernel/napi-missed", test_napi_missed);
    g_test_add_func("/kernel/backlog", test_backlog);
    g_test_add_func("/kernel/qdisc", test_qdisc);
    g_test_add_func("/kernel/watchdog", test_watchdog);
    g_test_add_func("/kernel/udp-sink", test_udp_sink);
    return g_test_run();
}
