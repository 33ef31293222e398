/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The fake OS of the 82598EB driver core's tests (xfos.h).
 */
#include "xfos.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define XF_MEM (64u << 20)
#define XF_COH_BASE (XP_MEM_BASE + (48ull << 20))

static void clear_rx(gpointer p)
{
    g_free(((XfRx *)p)->data);
}

static void slots_init(struct e1k_os *os)
{
    uint64_t bus = XP_MEM_BASE;
    for (uint32_t i = 0; i < XF_SMALL_SLOTS; i++, bus += XF_SMALL_BYTES) {
        os->small[i] = (struct e1k_skb){
            .data = xp_ptr(os->xp, bus, XF_SMALL_BYTES), .bus = bus,
            .room = XF_SMALL_BYTES };
    }
    for (uint32_t i = 0; i < XF_LARGE_SLOTS; i++, bus += XF_LARGE_BYTES) {
        os->large[i] = (struct e1k_skb){
            .data = xp_ptr(os->xp, bus, XF_LARGE_BYTES), .bus = bus,
            .room = XF_LARGE_BYTES };
    }
    g_assert_cmpuint(bus, <=, XF_COH_BASE);
}

struct e1k_os *xf_new(void)
{
    struct e1k_os *os = g_new0(struct e1k_os, 1);
    IxgConfig cfg;
    ixg_config_default(&cfg);
    cfg.msix_table = 1;
    os->xp = xp_new(XF_MEM, &cfg, true);
    os->weight = 64;
    os->msix_max = IXG_MSIX_VECTORS;
    os->vector = -1;
    os->coh_next = XF_COH_BASE;
    os->coh_end = XP_MEM_BASE + XF_MEM;
    os->rx = g_array_new(FALSE, FALSE, sizeof(XfRx));
    g_array_set_clear_func(os->rx, clear_rx);
    os->writes = g_array_new(FALSE, FALSE, sizeof(XfWrite));
    os->log = g_ptr_array_new_with_free_func(g_free);
    slots_init(os);
    return os;
}

void xf_free(struct e1k_os *os)
{
    xp_free(os->xp);
    g_array_free(os->rx, TRUE);
    g_array_free(os->writes, TRUE);
    g_ptr_array_free(os->log, TRUE);
    g_free(os);
}

/* Handlers of vectors with new messages, then polls of scheduled
 * vectors; true if anything ran. */
static bool kernel_step(struct e1k_os *os)
{
    bool ran = false;
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        while (os->msi_seen[v] < os->xp->msi[v]) {
            os->msi_seen[v]++;
            os->vector = (int)v;
            os->ctx = v < ixg_drv_queues(os->a) ? 1 : 3;
            g_assert_cmpint(ixg_drv_msix_intr(os->a, v), ==, 1);
            os->ctx = 0;
            ran = true;
        }
    }
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        if (os->napi_sched & (1u << v)) {
            os->vector = (int)v;
            os->ctx = 2;
            int w = ixg_drv_poll(os->a, v, (int)os->weight);
            g_assert_cmpint(w, <=, (int)os->weight);
            os->ctx = 0;
            ran = true;
        }
    }
    os->vector = -1;
    return ran;
}

void xf_run_until(struct e1k_os *os, uint64_t t)
{
    for (unsigned guard = 0; guard < 10000000u; guard++) {
        if (kernel_step(os)) {
            continue;
        }
        uint64_t d = ixg_next_deadline(os->xp->dev);
        if (d > t) {
            break;
        }
        xp_advance_to(os->xp, d > os->xp->now ? d : os->xp->now);
    }
    xp_advance_to(os->xp, t);
    while (kernel_step(os)) {
    }
}

void xf_receive(struct e1k_os *os, const uint8_t *f, uint32_t len)
{
    (void)ixg_receive(os->xp->dev, f, len);
}

struct e1k_skb *xf_skb(struct e1k_os *os, const uint8_t *data, uint32_t len)
{
    struct e1k_skb *s = e1k_os_alloc_skb(os, len);
    g_assert_nonnull(s);
    memcpy(s->data, data, len);
    s->len = len;
    return s;
}

bool xf_logged(const struct e1k_os *os, const char *needle)
{
    for (guint i = 0; i < os->log->len; i++) {
        if (strstr(g_ptr_array_index(os->log, i), needle)) {
            return true;
        }
    }
    return false;
}

uint32_t xf_last_write(const struct e1k_os *os, uint32_t reg)
{
    for (guint i = os->writes->len; i-- > 0;) {
        const XfWrite *w = &g_array_index(os->writes, XfWrite, i);
        if (w->reg == reg) {
            return w->val;
        }
    }
    g_assert_not_reached();
    return 0;
}

uint32_t xf_writes_in(const struct e1k_os *os, int ctx)
{
    uint32_t n = 0;
    for (guint i = 0; i < os->writes->len; i++) {
        n += g_array_index(os->writes, XfWrite, i).ctx == ctx;
    }
    return n;
}

/* ---- driver/osdep.h ---- */

uint32_t e1k_os_readl(struct e1k_os *os, uint32_t reg)
{
    os->reads_in_handler += os->ctx == 1;
    return ixg_mmio_read(os->xp->dev, reg, 4);
}

void e1k_os_writel(struct e1k_os *os, uint32_t reg, uint32_t val)
{
    XfWrite w = { reg, val, os->ctx };
    g_array_append_val(os->writes, w);
    ixg_mmio_write(os->xp->dev, reg, val, 4);
}

uint32_t e1k_os_writel_readl(struct e1k_os *os, uint32_t wreg, uint32_t val,
                             uint32_t rreg)
{
    e1k_os_writel(os, wreg, val);
    return e1k_os_readl(os, rreg);
}

void e1k_os_udelay(struct e1k_os *os, uint32_t us)
{
    xp_advance(os->xp, (uint64_t)us * 1000u);
}

void e1k_os_msleep(struct e1k_os *os, uint32_t ms)
{
    xp_advance(os->xp, (uint64_t)ms * 1000000u);
}

uint64_t e1k_os_now_ns(struct e1k_os *os)
{
    return os->xp->now;
}

void *e1k_os_kzalloc(struct e1k_os *os, size_t size)
{
    (void)os;
    return g_malloc0(size);
}

void *e1k_os_kcalloc(struct e1k_os *os, size_t n, size_t size)
{
    (void)os;
    return g_malloc0_n(n, size);
}

void e1k_os_kfree(struct e1k_os *os, void *p)
{
    (void)os;
    g_free(p);
}

void *e1k_os_alloc_coherent(struct e1k_os *os, size_t size, uint64_t *bus)
{
    uint64_t b = (os->coh_next + 4095u) & ~4095ull;
    if (b + size > os->coh_end) {
        return NULL;
    }
    os->coh_next = b + size;
    *bus = b;
    return memset(xp_ptr(os->xp, b, size), 0, size);
}

void e1k_os_free_coherent(struct e1k_os *os, size_t size, void *cpu,
                          uint64_t bus)
{
    (void)os; (void)size; (void)cpu; (void)bus;
}

struct e1k_skb *e1k_os_alloc_skb(struct e1k_os *os, uint32_t len)
{
    struct e1k_skb *pool = len <= XF_SMALL_BYTES ? os->small : os->large;
    uint32_t n = len <= XF_SMALL_BYTES ? XF_SMALL_SLOTS : XF_LARGE_SLOTS;
    if (len > XF_LARGE_BYTES) {
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (!pool[i].used) {
            struct e1k_skb *s = &pool[i];
            s->used = true;
            s->len = 0;
            s->csum_ok = s->csum_partial = false;
            s->gso_size = 0;
            return s;
        }
    }
    return NULL;
}

void e1k_os_free_skb(struct e1k_os *os, struct e1k_skb *skb)
{
    (void)os;
    if (skb) {
        g_assert_true(skb->used);
        skb->used = false;
    }
}

uint8_t *e1k_os_skb_data(struct e1k_skb *skb) { return skb->data; }
uint32_t e1k_os_skb_len(const struct e1k_skb *skb) { return skb->len; }

void e1k_os_skb_set_len(struct e1k_skb *skb, uint32_t len)
{
    g_assert_cmpuint(len, <=, skb->room);
    skb->len = len;
}

uint64_t e1k_os_skb_dma(struct e1k_os *os, struct e1k_skb *skb)
{
    (void)os;
    return skb->bus;
}

void e1k_os_skb_csum_ok(struct e1k_skb *skb) { skb->csum_ok = true; }
void e1k_os_skb_set_gso_size(struct e1k_skb *skb, uint32_t mss)
{
    skb->gso_size = mss;
}

/* Linear skbs: the parent moves into a large slot when it would
 * overflow its own. */
struct e1k_skb *e1k_os_skb_chain(struct e1k_os *os, struct e1k_skb *parent,
                                 struct e1k_skb *skb, uint32_t off,
                                 uint32_t len)
{
    if (off + len > skb->len || parent->len + len > XF_LARGE_BYTES) {
        return NULL;
    }
    if (parent->len + len > parent->room) {
        struct e1k_skb *big = e1k_os_alloc_skb(os, XF_LARGE_BYTES);
        if (!big) {
            return NULL;
        }
        memcpy(big->data, parent->data, parent->len);
        big->len = parent->len;
        big->csum_ok = parent->csum_ok;
        e1k_os_free_skb(os, parent);
        parent = big;
    }
    memcpy(parent->data + parent->len, skb->data + off, len);
    parent->len += len;
    e1k_os_free_skb(os, skb);
    return parent;
}
uint32_t e1k_os_skb_headlen(const struct e1k_skb *skb) { return skb->len; }
uint32_t e1k_os_skb_nr_frags(const struct e1k_skb *skb)
{
    (void)skb;
    return 0;
}

uint64_t e1k_os_skb_frag_dma(struct e1k_os *os, struct e1k_skb *skb,
                             uint32_t i, uint32_t *len)
{
    (void)os; (void)skb; (void)i;
    *len = 0;
    return 0;
}

uint32_t e1k_os_skb_gso_size(const struct e1k_skb *skb)
{
    return skb->gso_size;
}

bool e1k_os_skb_csum_partial(const struct e1k_skb *skb, uint32_t *start,
                             uint32_t *offset)
{
    *start = skb->csum_start;
    *offset = skb->csum_offset;
    return skb->csum_partial;
}

bool e1k_os_skb_vlan_tx(const struct e1k_skb *skb, uint16_t *tci)
{
    (void)skb;
    *tci = 0;
    return false;
}

void e1k_os_skb_vlan_rx(struct e1k_skb *skb, uint16_t tci)
{
    (void)skb; (void)tci;
}

void e1k_os_memcpy(struct e1k_os *os, void *dst, const void *src,
                   uint32_t len)
{
    (void)os;
    memmove(dst, src, len);
}

static void record_rx(struct e1k_os *os, struct e1k_skb *skb, bool legacy)
{
    XfRx r = { g_memdup2(skb->data, skb->len), skb->len, skb->csum_ok,
               legacy, os->vector, skb->gso_size };
    g_array_append_val(os->rx, r);
    e1k_os_free_skb(os, skb);
}

void e1k_os_receive_skb(struct e1k_os *os, struct e1k_skb *skb)
{
    record_rx(os, skb, false);
}

int e1k_os_netif_rx(struct e1k_os *os, struct e1k_skb *skb)
{
    record_rx(os, skb, true);
    return 0;
}

bool e1k_os_napi_schedule(struct e1k_os *os)
{
    return e1k_os_napi_schedule_vec(os, 0);
}

bool e1k_os_napi_complete_done(struct e1k_os *os, int work_done)
{
    return e1k_os_napi_complete_done_vec(os, 0, work_done);
}

void e1k_os_netif_stop_queue(struct e1k_os *os) { os->queue_stopped = true; }
void e1k_os_netif_wake_queue(struct e1k_os *os) { os->queue_stopped = false; }
bool e1k_os_netif_queue_stopped(struct e1k_os *os)
{
    return os->queue_stopped;
}

void e1k_os_netif_carrier(struct e1k_os *os, bool on) { os->carrier = on; }

uint32_t e1k_os_enable_msix(struct e1k_os *os, uint32_t nvec)
{
    uint32_t got = nvec < os->msix_max ? nvec : os->msix_max;
    if (got) {
        ixg_set_irq_mode(os->xp->dev, IXG_IRQ_MSIX, 0);
        for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
            ixg_msix_write(os->xp->dev, 16u * v + 12u, 0, 4);  /* unmask */
        }
    }
    return got;
}

bool e1k_os_napi_schedule_vec(struct e1k_os *os, uint32_t v)
{
    bool was = (os->napi_sched >> v) & 1u;
    os->napi_sched |= 1u << v;
    return !was;
}

bool e1k_os_napi_complete_done_vec(struct e1k_os *os, uint32_t v,
                                   int work_done)
{
    (void)work_done;
    os->napi_sched &= ~(1u << v);
    return true;
}

uint32_t e1k_os_cpu_id(struct e1k_os *os)
{
    return os->cpu;
}

void e1k_os_charge(struct e1k_os *os, enum e1k_os_cost what, uint32_t n)
{
    g_assert_cmpint(what, <, E1K_COST_COUNT);
    os->charges[what] += n;
}

void e1k_os_log(struct e1k_os *os, int level, const char *fmt, ...)
{
    va_list ap;
    (void)level;
    va_start(ap, fmt);
    g_ptr_array_add(os->log, g_strdup_vprintf(fmt, ap));
    va_end(ap);
}
