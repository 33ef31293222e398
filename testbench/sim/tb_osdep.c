/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * driver/osdep.h for the testbench: every operation runs on the modelled
 * kernel and charges modelled CPU time (profile costs; a readl stalls for
 * the NIC bus's read round trip, e1k_bus_read_stall_ns).
 */
#include "sim/tb_host.h"

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
 * flushes), the model's read folds to that register's case and the call
 * with its register saves goes (~30 instructions per interrupt; the text
 * grows by 12 KB).  e1k_os_writel is not: inline at its sites it costs
 * more than it saves. */
static inline __attribute__((always_inline))
uint32_t os_readl(struct e1k_os *os, uint32_t reg)
{
    os->mmio_reads++;
    tb_cpu_charge_as(os->cpu, TB_ACCT_MMIO_READ, os->readl_ns);
    return e1k_mmio_read(os->hw, reg, 4);
}

static inline __attribute__((always_inline))
void os_writel(struct e1k_os *os, uint32_t reg, uint32_t val)
{
    os->mmio_writes++;
    tb_cpu_cost(os->cpu, TB_COST_MMIO_WRITE, 1);
    e1k_mmio_write(os->hw, reg, val, 4);
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
    tb_cpu_charge_as(os->cpu, TB_ACCT_OTHER, (uint64_t)us * 1000u);
}

void e1k_os_msleep(struct e1k_os *os, uint32_t ms)
{
    tb_cpu_sleep(os->cpu, (uint64_t)ms * 1000000u);
}

uint64_t e1k_os_now_ns(struct e1k_os *os)
{
    return tb_cpu_now(os->cpu);
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
    return tb_arena_coh_alloc(&os->k->arena, size, bus);
}

void e1k_os_free_coherent(struct e1k_os *os, size_t size, void *cpu,
                          uint64_t bus)
{
    (void)bus;
    tb_arena_coh_free(&os->k->arena, cpu, size);
}

/* ---- skbs ---- */

struct e1k_skb *e1k_os_alloc_skb(struct e1k_os *os, uint32_t len)
{
    tb_cpu_cost(os->cpu, TB_COST_SKB_ALLOC, 1);
    TbSkb *s = tb_skb_alloc(&os->k->arena, len);
    if (s) {
        s->in_dev = (int8_t)os->nd.index;
    }
    return s;
}

void e1k_os_free_skb(struct e1k_os *os, struct e1k_skb *skb)
{
    if (skb) {
        tb_kfree_skb(os->k, skb);
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
    return tb_skb_bus(&os->k->arena, skb);
}

void e1k_os_skb_csum_ok(struct e1k_skb *skb)
{
    skb->csum_ok = 1;
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
    const TbSkbFrag *f = &tb_skb_frags(&os->k->arena, skb)[i];
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
    tb_cpu_cost_bytes(os->cpu, TB_COST_COPY_TO_USER_PER_BYTE, len);
    memmove(dst, src, len);
}

/* ---- the stack ---- */

void e1k_os_receive_skb(struct e1k_os *os, struct e1k_skb *skb)
{
    os->rx_handed++;
    skb->in_dev = (int8_t)os->nd.index;
    tb_netif_receive_skb_dev(os->k, skb, &os->nd);
}

int e1k_os_netif_rx(struct e1k_os *os, struct e1k_skb *skb)
{
    os->rx_handed++;
    skb->in_dev = (int8_t)os->nd.index;
    return tb_netif_rx(os->k, skb);
}

bool e1k_os_napi_schedule(struct e1k_os *os)
{
    return tb_napi_schedule(os->k, &os->nd.napi);
}

/* Forced inline into the driver's poll (every poll of a NAPI driver
 * ends in it). */
inline __attribute__((always_inline))
bool e1k_os_napi_complete_done(struct e1k_os *os, int work_done)
{
    return tb_napi_complete_done(os->k, &os->nd.napi, work_done);
}

void e1k_os_netif_stop_queue(struct e1k_os *os)
{
    tb_netif_stop_queue(&os->nd);
}

void e1k_os_netif_wake_queue(struct e1k_os *os)
{
    tb_netif_wake_queue(&os->nd);
}

bool e1k_os_netif_queue_stopped(struct e1k_os *os)
{
    return os->nd.queue_stopped;
}

void e1k_os_netif_carrier(struct e1k_os *os, bool on)
{
    if (on && !os->nd.carrier) {
        os->nd.trans_start = os->cpu->jiffies;
    }
    os->nd.carrier = on;
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
    };
    if ((unsigned)what < E1K_COST_COUNT) {
        tb_cpu_cost(os->cpu, map[what], n);
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
    tb_klog(os->k, level, "e1000 %s: %s", os->nd.name, msg);
}

/* ---- glue ---- */

static int napi_poll(TbNapi *n, int budget)
{
    struct e1k_os *os = n->owner;
    return e1k_drv_poll(os->ad, budget);
}

static int ndo_xmit(TbNetdev *dev, TbSkb *skb)
{
    struct e1k_os *os = dev->priv;
    return e1k_drv_xmit(os->ad, skb);
}

static void ndo_tx_timeout(TbNetdev *dev)
{
    struct e1k_os *os = dev->priv;
    e1k_drv_tx_timeout(os->ad);
}

int tb_os_irq(TbCpu *cpu, void *ctx)
{
    (void)cpu;
    struct e1k_os *os = ctx;
    return os->ad ? e1k_drv_intr(os->ad) : 0;
}

static void drv_watchdog(TbCpu *cpu, void *ctx)
{
    struct e1k_os *os = ctx;
    e1k_drv_watchdog(os->ad);
    tb_cpu_mod_timer(cpu, &os->drv_watchdog, cpu->jiffies + 2ull * cpu->hz);
}

void tb_os_start_watchdog(struct e1k_os *os)
{
    os->drv_watchdog.fn = drv_watchdog;
    os->drv_watchdog.ctx = os;
    tb_cpu_mod_timer(os->cpu, &os->drv_watchdog,
                     os->cpu->jiffies + 2ull * os->cpu->hz);
}

int tb_os_init(struct e1k_os *os, TbKernel *k, const char *name,
               uint32_t weight, uint32_t txqueuelen)
{
    os->k = k;
    os->cpu = k->cpu;
    os->irq_cpu = k->cpu;
    snprintf(os->nd.name, sizeof(os->nd.name), "%s", name);
    os->nd.priv = os;
    os->nd.xmit = ndo_xmit;
    os->nd.tx_timeout = ndo_tx_timeout;
    os->nd.txqueuelen = txqueuelen;
    os->nd.napi.poll = napi_poll;
    os->nd.napi.owner = os;
    os->nd.napi.weight = weight ? (int)weight : 64;
    return tb_netdev_register(k, &os->nd);
}
