/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * driver/osdep.h for the testbench: the OS services of the driver cores
 * written over it (the e1000's; the 82598EB's core sits over the same
 * osdep.h) on a NIC's glue (struct e1k_os, tb_host.h; sim/nic.h).
 * Chip-neutral: register accesses go through the NIC's type
 * (nic_mmio.h: the e1000's model inline, any other chip through its
 * table).  Every operation runs on the modelled kernel and charges
 * modelled CPU time (profile costs; a readl stalls for the NIC bus's
 * read round trip, the type's read_stall_ns).
 */
#include "sim/tb_host.h"
#include "sim/nic_mmio.h"

#include <glib.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "osdep.h"

/* ---- register access ---- */

/* The bodies of e1k_os_readl and e1k_os_writel, inline in them and in
 * e1k_os_writel_readl.  e1k_os_readl and e1k_os_writel_readl are forced
 * inline into the driver's call sites (link-time optimisation): with the
 * register a constant there (ICR in the interrupt handler, STATUS in the
 * flushes), the e1000 model's read folds to that register's case
 * (nic_mmio.h's fast path) and the call with its register saves goes
 * (~30 instructions per interrupt; the text grows by 12 KB).
 * e1k_os_writel is not: inline at its sites it costs more than it
 * saves. */
static inline __attribute__((always_inline))
uint32_t os_readl(struct e1k_os *os, uint32_t reg)
{
    TbNic *n = &os->nic;
    n->mmio_reads++;
    tb_cpu_charge_as(n->cpu, TB_ACCT_MMIO_READ, n->readl_ns);
    return tb_nic_readl(n, reg);
}

static inline __attribute__((always_inline))
void os_writel(struct e1k_os *os, uint32_t reg, uint32_t val)
{
    TbNic *n = &os->nic;
    n->mmio_writes++;
    tb_cpu_cost(n->cpu, TB_COST_MMIO_WRITE, 1);
    tb_nic_writel(n, reg, val);
}

inline __attribute__((always_inline))
uint32_t e1k_os_readl(struct e1k_os *os, uint32_t reg)
{
    return os_readl(os, reg);
}

void e1k_os_writel(struct e1k_os *os, uint32_t reg, uint32_t val)
{
    os_writel(os, reg, val);
}

inline __attribute__((always_inline))
uint32_t e1k_os_writel_readl(struct e1k_os *os, uint32_t wreg, uint32_t val,
                             uint32_t rreg)
{
    os_writel(os, wreg, val);
    return os_readl(os, rreg);
}

/* ---- time ---- */

void e1k_os_udelay(struct e1k_os *os, uint32_t us)
{
    tb_cpu_charge_as(os->nic.cpu, TB_ACCT_OTHER, (uint64_t)us * 1000u);
}

void e1k_os_msleep(struct e1k_os *os, uint32_t ms)
{
    tb_cpu_sleep(os->nic.cpu, (uint64_t)ms * 1000000u);
}

uint64_t e1k_os_now_ns(struct e1k_os *os)
{
    return tb_cpu_now(os->nic.cpu);
}

/* ---- bookkeeping memory (probe/open time: no modelled CPU cost) ---- */

void *e1k_os_kzalloc(struct e1k_os *os, size_t size)
{
    (void)os;
    return g_try_malloc0(size);
}

void *e1k_os_kcalloc(struct e1k_os *os, size_t n, size_t size)
{
    (void)os;
    return g_try_malloc0_n(n, size);
}

void e1k_os_kfree(struct e1k_os *os, void *p)
{
    (void)os;
    g_free(p);
}

/* ---- coherent memory ---- */

void *e1k_os_alloc_coherent(struct e1k_os *os, size_t size, uint64_t *bus)
{
    return tb_arena_coh_alloc(&os->nic.k->arena, size, bus);
}

void e1k_os_free_coherent(struct e1k_os *os, size_t size, void *cpu,
                          uint64_t bus)
{
    (void)bus;
    tb_arena_coh_free(&os->nic.k->arena, cpu, size);
}

/* ---- skbs ---- */

struct e1k_skb *e1k_os_alloc_skb(struct e1k_os *os, uint32_t len)
{
    tb_cpu_cost(os->nic.cpu, TB_COST_SKB_ALLOC, 1);
    TbSkb *s = tb_skb_alloc(&os->nic.k->arena, len);
    if (s) {
        tb_skb_touch(os->nic.k, s);
        s->in_dev = (int8_t)os->nic.nd.index;
    }
    return s;
}

void e1k_os_free_skb(struct e1k_os *os, struct e1k_skb *skb)
{
    if (skb) {
        tb_kfree_skb(os->nic.k, skb);
    }
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
    skb->len = len <= skb->room ? len : skb->room;
}

uint64_t e1k_os_skb_dma(struct e1k_os *os, struct e1k_skb *skb)
{
    return tb_skb_bus(&os->nic.k->arena, skb);
}

void e1k_os_skb_csum_ok(struct e1k_skb *skb)
{
    skb->csum_ok = 1;
}

void e1k_os_skb_set_gso_size(struct e1k_skb *skb, uint32_t mss)
{
    skb->gso_size = (uint16_t)(mss <= 0xFFFFu ? mss : 0xFFFFu);
}

/* The modelled stack reads received data linearly, so a chained buffer
 * is kept as one: the parent moves into a large arena slot the first
 * time it would overflow its own, and each chained payload is moved in
 * after it.  Neither move is charged: they stand for the frag_list
 * chaining of Linux, which copies nothing (the chained skb's own free
 * is charged, as Linux frees it when the parent is consumed). */
struct e1k_skb *e1k_os_skb_chain(struct e1k_os *os, struct e1k_skb *parent,
                                 struct e1k_skb *skb, uint32_t off,
                                 uint32_t len)
{
    TbArena *a = &os->nic.k->arena;
    if (off + len > skb->len || parent->len + len > a->big_room) {
        return NULL;
    }
    if (parent->len + len > parent->room) {
        TbSkb *big = tb_skb_alloc(a, a->big_room);
        if (!big) {
            return NULL;
        }
        memcpy(big->data, parent->data, parent->len);
        big->len = parent->len;
        big->in_dev = parent->in_dev;
        big->csum_ok = parent->csum_ok;
        big->last_cpu = parent->last_cpu;
        big->frag_list = parent->frag_list;
        parent->frag_list = NULL;
        parent->next = big->frag_list;   /* held: freed with big */
        big->frag_list = parent;
        parent = big;
    }
    memcpy(parent->data + parent->len, skb->data + off, len);
    parent->len += len;
    skb->next = parent->frag_list;       /* held: freed with the parent */
    parent->frag_list = skb;
    return parent;
}

/* The modelled stack never offloads VLAN tags (the driver's VLAN
 * offloads stay off in the testbench). */
bool e1k_os_skb_vlan_tx(const struct e1k_skb *skb, uint16_t *tci)
{
    (void)skb;
    *tci = 0;
    return false;
}

void e1k_os_skb_vlan_rx(struct e1k_skb *skb, uint16_t tci)
{
    (void)skb;
    (void)tci;
}

uint32_t e1k_os_skb_headlen(const struct e1k_skb *skb)
{
    return skb->len - skb->data_len;
}

uint32_t e1k_os_skb_nr_frags(const struct e1k_skb *skb)
{
    return skb->nr_frags;
}

uint64_t e1k_os_skb_frag_dma(struct e1k_os *os, struct e1k_skb *skb,
                             uint32_t i, uint32_t *len)
{
    const TbSkbFrag *f = &tb_skb_frags(&os->nic.k->arena, skb)[i];
    *len = f->len;
    return f->bus;
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
    return skb->csum_partial != 0;
}

void e1k_os_memcpy(struct e1k_os *os, void *dst, const void *src,
                   uint32_t len)
{
    tb_cpu_cost_bytes(os->nic.cpu, TB_COST_COPY_TO_USER_PER_BYTE, len);
    memmove(dst, src, len);
}

/* ---- the stack ---- */

void e1k_os_receive_skb(struct e1k_os *os, struct e1k_skb *skb)
{
    os->nic.rx_handed++;
    skb->in_dev = (int8_t)os->nic.nd.index;
    tb_netif_receive_skb_dev(os->nic.k, skb, &os->nic.nd);
}

int e1k_os_netif_rx(struct e1k_os *os, struct e1k_skb *skb)
{
    os->nic.rx_handed++;
    skb->in_dev = (int8_t)os->nic.nd.index;
    return tb_netif_rx(os->nic.k, skb);
}

bool e1k_os_napi_schedule(struct e1k_os *os)
{
    return tb_napi_schedule(os->nic.k, &os->nic.nd.napi);
}

/* Forced inline into the driver's poll (every poll of a NAPI driver
 * ends in it). */
inline __attribute__((always_inline))
bool e1k_os_napi_complete_done(struct e1k_os *os, int work_done)
{
    return tb_napi_complete_done(os->nic.k, &os->nic.nd.napi, work_done);
}

/* ---- MSI-X ---- */

uint32_t e1k_os_enable_msix(struct e1k_os *os, uint32_t nvec)
{
    return os->nic.type->enable_msix(&os->nic, nvec);
}

/* Vector @v's NAPI context (a type without them: the netdev's). */
static TbNapi *vec_napi(struct e1k_os *os, uint32_t v)
{
    return os->nic.vec_napi ? &os->nic.vec_napi[v] : &os->nic.nd.napi;
}

bool e1k_os_napi_schedule_vec(struct e1k_os *os, uint32_t v)
{
    return tb_napi_schedule(os->nic.k, vec_napi(os, v));
}

bool e1k_os_napi_complete_done_vec(struct e1k_os *os, uint32_t v,
                                   int work_done)
{
    return tb_napi_complete_done(os->nic.k, vec_napi(os, v), work_done);
}

uint32_t e1k_os_cpu_id(struct e1k_os *os)
{
    return os->nic.k->cpu->id;
}

void e1k_os_netif_stop_queue(struct e1k_os *os)
{
    tb_netif_stop_queue(&os->nic.nd);
}

void e1k_os_netif_wake_queue(struct e1k_os *os)
{
    tb_netif_wake_queue(&os->nic.nd);
}

bool e1k_os_netif_queue_stopped(struct e1k_os *os)
{
    return os->nic.nd.queue_stopped;
}

void e1k_os_netif_carrier(struct e1k_os *os, bool on)
{
    if (on && !os->nic.nd.carrier) {
        os->nic.nd.trans_start = os->nic.cpu->jiffies;
    }
    os->nic.nd.carrier = on;
}

/* ---- costs ---- */

void e1k_os_charge(struct e1k_os *os, enum e1k_os_cost what, uint32_t n)
{
    static const TbCostId map[E1K_COST_COUNT] = {
        [E1K_COST_RX_CLEAN] = TB_COST_RX_CLEAN,
        [E1K_COST_RX_REFILL] = TB_COST_RX_REFILL,
        [E1K_COST_TX_CLEAN] = TB_COST_TX_CLEAN,
        [E1K_COST_XMIT] = TB_COST_XMIT,
        [E1K_COST_ISR] = TB_COST_ISR,
        [E1K_COST_POLL] = TB_COST_NAPI_POLL,
        [E1K_COST_LRO_SEGMENT] = TB_COST_LRO_SEGMENT,
    };
    if ((unsigned)what < E1K_COST_COUNT) {
        tb_cpu_cost(os->nic.cpu, map[what], n);
    }
}

/* ---- messages ---- */

void e1k_os_log(struct e1k_os *os, int level, const char *fmt, ...)
{
    char msg[TB_LOG_LEN];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    tb_klog(os->nic.k, level, "%s %s: %s", os->nic.type->name,
            os->nic.nd.name, msg);
}
