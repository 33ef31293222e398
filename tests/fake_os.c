/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Fake OS for the driver tests: see fake_os.h. */
#include "fake_os.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The OS's sk_buff. */
struct e1k_skb {
    uint8_t *data;   /* CPU pointer into test memory */
    uint64_t bus;    /* its bus address */
    uint32_t len;    /* bytes of data */
    uint32_t room;   /* bytes allocated */
    uint32_t slot;   /* index in f->skbs */
    bool csum_ok;
    bool used;
    bool vlan_present; /* a stripped tag came with it */
    uint16_t vlan_tci;
};

#define FOS_ARENA_BYTES (4u << 20) /* coherent memory for rings */

FakeOs *fos_new(size_t mem_bytes, const E1kConfig *cfg)
{
    FakeOs *f = g_new0(FakeOs, 1);
    size_t slab = (size_t)FOS_SKB_SLOTS * FOS_SKB_SLOT_BYTES;

    g_assert_cmpuint(mem_bytes, >=, slab + FOS_ARENA_BYTES);
    f->tp = tp_new(mem_bytes, cfg);
    f->weight = 64;
    f->skb_base = TP_MEM_BASE;
    f->arena_next = TP_MEM_BASE + slab;
    f->arena_end = TP_MEM_BASE + mem_bytes;
    f->skbs = g_new0(struct e1k_skb, FOS_SKB_SLOTS);
    f->free_slots = g_new(uint32_t, FOS_SKB_SLOTS);
    for (uint32_t i = 0; i < FOS_SKB_SLOTS; i++) {
        /* Hand out low slots first: pop from the end. */
        f->free_slots[i] = FOS_SKB_SLOTS - 1 - i;
        f->skbs[i].slot = i;
        f->skbs[i].bus = f->skb_base + (uint64_t)i * FOS_SKB_SLOT_BYTES;
        f->skbs[i].data = tp_ptr(f->tp, f->skbs[i].bus, FOS_SKB_SLOT_BYTES);
    }
    f->nfree = FOS_SKB_SLOTS;
    f->writes = g_array_new(FALSE, FALSE, sizeof(FosWrite));
    f->rx = g_array_new(FALSE, FALSE, sizeof(FosRx));
    f->log = g_ptr_array_new_with_free_func(g_free);
    f->reads = g_hash_table_new(g_direct_hash, g_direct_equal);
    return f;
}

void fos_free(FakeOs *f)
{
    if (!f) {
        return;
    }
    if (f->a) {
        e1k_drv_remove(f->a);
    }
    for (guint i = 0; i < f->rx->len; i++) {
        g_free(g_array_index(f->rx, FosRx, i).data);
    }
    g_array_free(f->rx, TRUE);
    g_array_free(f->writes, TRUE);
    g_ptr_array_free(f->log, TRUE);
    g_hash_table_destroy(f->reads);
    g_free(f->skbs);
    g_free(f->free_slots);
    tp_free(f->tp);
    g_free(f);
}

struct e1k_adapter *fos_probe(FakeOs *f, const struct e1k_drv_params *p)
{
    f->a = e1k_drv_probe(f, p);
    return f->a;
}

void fos_service(FakeOs *f)
{
    /* Each round either services the line or runs one poll; a handler
     * that leaves the line asserted without progress trips the guard. */
    for (unsigned guard = 0; guard < 100000u; guard++) {
        if (f->tp->irq && f->a) {
            f->isr_calls++;
            f->ctx = FOS_CTX_ISR;
            int r = e1k_drv_intr(f->a);
            f->ctx = FOS_CTX_OTHER;
            if (!r && f->tp->irq) {
                g_assert_not_reached(); /* asserted line, ICR == 0 */
            }
            continue;
        }
        if (f->napi_scheduled && f->a) {
            f->poll_calls++;
            f->ctx = FOS_CTX_POLL;
            int done = e1k_drv_poll(f->a, (int)f->weight);
            f->ctx = FOS_CTX_OTHER;
            g_assert_cmpint(done, <=, (int)f->weight);
            if (done < (int)f->weight) {
                /* Contract: below budget the driver completed. */
                g_assert_false(f->napi_scheduled);
            }
            continue;
        }
        return;
    }
    g_assert_not_reached();
}

void fos_run_until(FakeOs *f, uint64_t t)
{
    fos_service(f);
    for (;;) {
        uint64_t d = e1k_next_deadline(f->tp->dev);
        if (d > t) {
            break;
        }
        tp_advance_to(f->tp, d > f->tp->now ? d : f->tp->now);
        fos_service(f);
    }
    if (t > f->tp->now) {
        tp_advance_to(f->tp, t);
    }
    fos_service(f);
}

void fos_run(FakeOs *f, uint64_t dt)
{
    fos_run_until(f, f->tp->now + dt);
}

uint64_t fos_reads_of(FakeOs *f, uint32_t reg)
{
    return GPOINTER_TO_SIZE(g_hash_table_lookup(f->reads,
                                                GUINT_TO_POINTER(reg)));
}

uint32_t fos_writes_of(FakeOs *f, uint32_t reg, int ctx)
{
    uint32_t n = 0;
    for (guint i = 0; i < f->writes->len; i++) {
        FosWrite *w = &g_array_index(f->writes, FosWrite, i);
        if (w->reg == reg && (ctx < 0 || (int)w->ctx == ctx)) {
            n++;
        }
    }
    return n;
}

bool fos_log_has(FakeOs *f, const char *needle)
{
    for (guint i = 0; i < f->log->len; i++) {
        if (strstr(g_ptr_array_index(f->log, i), needle)) {
            return true;
        }
    }
    return false;
}

struct e1k_skb *fos_skb_from(FakeOs *f, const uint8_t *frame, uint32_t len)
{
    struct e1k_skb *skb = e1k_os_alloc_skb(f, len);
    g_assert_nonnull(skb);
    memcpy(skb->data, frame, len);
    skb->len = len;
    return skb;
}

uint32_t fos_skbs_in_use(FakeOs *f)
{
    return FOS_SKB_SLOTS - f->nfree;
}

struct e1k_adapter *fos_up(FakeOs *f, const struct e1k_drv_params *p)
{
    g_assert_nonnull(fos_probe(f, p));
    g_assert_cmpint(e1k_drv_open(f->a), ==, 0);
    for (int i = 0; i < 40 && !f->carrier; i++) {
        fos_run(f, 50000000u); /* 50 ms steps, at most 2 s */
    }
    g_assert_true(f->carrier);
    return f->a;
}

uint64_t fos_wire_ns(uint32_t len)
{
    return ((uint64_t)len + 4u + 20u) * 8u;
}

void fos_inject(FakeOs *f, const uint8_t *frame, uint32_t len)
{
    g_assert_cmpint(tp_rx(f->tp, frame, len), ==, E1K_RX_QUEUED);
}

/* ------------------------------------------------------------------ */
/* osdep.h                                                             */
/* ------------------------------------------------------------------ */

uint32_t e1k_os_readl(struct e1k_os *f, uint32_t reg)
{
    gpointer k = GUINT_TO_POINTER(reg);
    g_hash_table_insert(f->reads, k, GSIZE_TO_POINTER(
        GPOINTER_TO_SIZE(g_hash_table_lookup(f->reads, k)) + 1));
    f->nreads++;
    return tp_rd(f->tp, reg);
}

void e1k_os_writel(struct e1k_os *f, uint32_t reg, uint32_t val)
{
    FosWrite w = { f->tp->now, reg, val, f->ctx };
    g_array_append_val(f->writes, w);
    tp_wr(f->tp, reg, val);
    if (f->after_write) {
        f->after_write(f, reg, val);
    }
}

uint32_t e1k_os_writel_readl(struct e1k_os *f, uint32_t wreg, uint32_t val,
                             uint32_t rreg)
{
    e1k_os_writel(f, wreg, val);
    return e1k_os_readl(f, rreg);
}

void e1k_os_udelay(struct e1k_os *f, uint32_t us)
{
    tp_advance(f->tp, (uint64_t)us * 1000u);
}

void e1k_os_msleep(struct e1k_os *f, uint32_t ms)
{
    if (f->irq_in_sleep) {
        fos_run(f, (uint64_t)ms * 1000000u); /* interrupts while asleep */
        return;
    }
    tp_advance(f->tp, (uint64_t)ms * 1000000u);
}

uint64_t e1k_os_now_ns(struct e1k_os *f)
{
    return f->tp->now;
}

void *e1k_os_alloc_coherent(struct e1k_os *f, size_t size, uint64_t *bus)
{
    uint64_t at = (f->arena_next + 4095u) & ~(uint64_t)4095u;
    if (at + size > f->arena_end) {
        return NULL;
    }
    f->arena_next = at + size;
    *bus = at;
    uint8_t *p = tp_ptr(f->tp, at, size);
    memset(p, 0, size);
    return p;
}

void *e1k_os_kzalloc(struct e1k_os *f, size_t size)
{
    void *p = g_try_malloc0(size);
    f->kallocs += p != NULL;
    return p;
}

void *e1k_os_kcalloc(struct e1k_os *f, size_t n, size_t size)
{
    void *p = g_try_malloc0_n(n, size);
    f->kallocs += p != NULL;
    return p;
}

void e1k_os_kfree(struct e1k_os *f, void *p)
{
    f->kfrees += p != NULL;
    g_free(p);
}

void e1k_os_free_coherent(struct e1k_os *f, size_t size, void *cpu,
                          uint64_t bus)
{
    /* Bump arena: memory is not reused (tests are short). */
    (void)f; (void)size; (void)cpu; (void)bus;
}

struct e1k_skb *e1k_os_alloc_skb(struct e1k_os *f, uint32_t len)
{
    if (f->skb_alloc_fail) {
        f->skb_alloc_fail--;
        return NULL;
    }
    if (len > FOS_SKB_SLOT_BYTES || f->nfree == 0) {
        return NULL;
    }
    struct e1k_skb *s = &f->skbs[f->free_slots[--f->nfree]];
    g_assert_false(s->used);
    s->used = true;
    f->skb_allocs++;
    s->len = 0;
    s->room = len;
    s->csum_ok = false;
    s->vlan_present = false;
    s->vlan_tci = 0;
    return s;
}

void e1k_os_free_skb(struct e1k_os *f, struct e1k_skb *skb)
{
    g_assert_true(skb->used); /* no double free */
    skb->used = false;
    f->free_slots[f->nfree++] = skb->slot;
}

uint8_t *e1k_os_skb_data(struct e1k_skb *skb)
{
    return skb->data;
}

uint32_t e1k_os_skb_len(const struct e1k_skb *skb)
{
    return skb->len;
}

void e1k_os_skb_set_len(struct e1k_skb *skb, uint32_t len)
{
    g_assert_cmpuint(len, <=, skb->room);
    skb->len = len;
}

uint64_t e1k_os_skb_dma(struct e1k_os *f, struct e1k_skb *skb)
{
    (void)f;
    return skb->bus;
}

void e1k_os_skb_csum_ok(struct e1k_skb *skb)
{
    skb->csum_ok = true;
}

/* The e1000 core never merges frames: nothing to chain or record. */
struct e1k_skb *e1k_os_skb_chain(struct e1k_os *os, struct e1k_skb *parent,
                                 struct e1k_skb *skb, uint32_t off,
                                 uint32_t len)
{
    (void)os;
    (void)parent;
    (void)skb;
    (void)off;
    (void)len;
    return NULL;
}

void e1k_os_skb_set_gso_size(struct e1k_skb *skb, uint32_t mss)
{
    (void)skb;
    (void)mss;
}

/* No VLAN tags offloaded by the fake stack; a stripped tag is kept. */
bool e1k_os_skb_vlan_tx(const struct e1k_skb *skb, uint16_t *tci)
{
    (void)skb;
    *tci = 0;
    return false;
}

void e1k_os_skb_vlan_rx(struct e1k_skb *skb, uint16_t tci)
{
    skb->vlan_tci = tci;
    skb->vlan_present = true;
}

/* Linear skbs only, no offload asked (no NETIF_F_SG/TSO/IP_CSUM). */
uint32_t e1k_os_skb_headlen(const struct e1k_skb *skb)
{
    return skb->len;
}

uint32_t e1k_os_skb_nr_frags(const struct e1k_skb *skb)
{
    (void)skb;
    return 0;
}

uint64_t e1k_os_skb_frag_dma(struct e1k_os *f, struct e1k_skb *skb,
                             uint32_t i, uint32_t *len)
{
    (void)f;
    (void)skb;
    (void)i;
    *len = 0;
    return 0;
}

uint32_t e1k_os_skb_gso_size(const struct e1k_skb *skb)
{
    (void)skb;
    return 0;
}

bool e1k_os_skb_csum_partial(const struct e1k_skb *skb, uint32_t *start,
                             uint32_t *offset)
{
    (void)skb;
    *start = *offset = 0;
    return false;
}

void e1k_os_memcpy(struct e1k_os *f, void *dst, const void *src,
                   uint32_t len)
{
    (void)f;
    memcpy(dst, src, len);
}

static void deliver(struct e1k_os *f, struct e1k_skb *skb, bool netif_rx)
{
    FosRx r = {
        .data = g_memdup2(skb->data, skb->len),
        .len = skb->len,
        .room = skb->room,
        .csum_ok = skb->csum_ok,
        .vlan_present = skb->vlan_present,
        .vlan_tci = skb->vlan_tci,
        .via_netif_rx = netif_rx,
        .ctx = f->ctx,
    };
    g_array_append_val(f->rx, r);
    e1k_os_free_skb(f, skb);
}

void e1k_os_receive_skb(struct e1k_os *f, struct e1k_skb *skb)
{
    deliver(f, skb, false);
}

int e1k_os_netif_rx(struct e1k_os *f, struct e1k_skb *skb)
{
    if (f->netif_rx_drop) {
        f->netif_rx_drops++;
        e1k_os_free_skb(f, skb);
        return -1;
    }
    deliver(f, skb, true);
    return 0;
}

bool e1k_os_napi_schedule(struct e1k_os *f)
{
    if (f->napi_scheduled) {
        return false;
    }
    f->napi_scheduled = true;
    return true;
}

bool e1k_os_napi_complete_done(struct e1k_os *f, int work_done)
{
    (void)work_done;
    f->napi_scheduled = false;
    return true;
}

void e1k_os_netif_stop_queue(struct e1k_os *f)
{
    f->queue_stopped = true;
}

void e1k_os_netif_wake_queue(struct e1k_os *f)
{
    f->queue_stopped = false;
}

bool e1k_os_netif_queue_stopped(struct e1k_os *f)
{
    return f->queue_stopped;
}

void e1k_os_netif_carrier(struct e1k_os *f, bool on)
{
    f->carrier = on;
}

void e1k_os_charge(struct e1k_os *f, enum e1k_os_cost what, uint32_t n)
{
    g_assert_cmpint(what, <, E1K_COST_COUNT);
    f->charges[what] += n;
}

void e1k_os_log(struct e1k_os *f, int level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    if (g_test_verbose()) {
        g_test_message("[%d] %s", level, s);
    }
    g_ptr_array_add(f->log, s);
}
