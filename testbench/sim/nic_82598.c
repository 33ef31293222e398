/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The 82598EB NIC type (nic.h): the 82598EB 10 GbE device model
 * (hw/net/ixgbe/ixgbe.h; PCIe, its own MSI-X table) behind its port, and
 * the 82598EB driver core (driver/ixgbe_drv.h) over the testbench's
 * osdep.h (tb_osdep.c).  One MSI-X vector per queue pair plus one for
 * the other causes, each delivered to the CPU its irq_affinity names and
 * each queue vector with its own NAPI context (netif_napi_add per
 * q_vector, as Linux's ixgbe); a message raises the vector's line and
 * the handler takes it down (edge: one message, one interrupt unless
 * another arrives meanwhile).  The register accesses go through this
 * table (nic_mmio.h: only the e1000's are inline).
 */
#include <string.h>

#include "ixgbe.h"
#include "ixgbe_drv.h"
#include "ixgbe_regs.h"
#include "sim/nic.h"
#include "sim/sim.h"
#include "sim/tb_host.h"
#include "sim/trace.h"

/** A NIC of this type: the glue, then a NAPI context per queue vector. */
typedef struct Nic82598 {
    struct e1k_os os;            /**< TbNic first (tb_host.h) */
    TbNapi napi[IXG_DRV_MAX_QUEUES];
} Nic82598;

/* ---- the device model ---- */

static uint32_t n598_vectors(const TbNicCfg *cfg)
{
    return cfg->queues + 1u;
}

static uint64_t n598_read_stall_ns(const TbNicCfg *cfg)
{
    return nic_bus_read_stall_ns(&cfg->bus);
}

/* INTx before the driver enables MSI-X: vector 0's line. */
static void n598_port_irq(void *opaque, int level)
{
    tb_nic_set_irq(opaque, 0, level);
}

/* An MSI-X message of vector @v: its line rises (the handler lowers it). */
static void n598_port_msi(void *opaque, uint32_t v)
{
    tb_nic_set_irq(opaque, v, 1);
}

static void *n598_create(TbNic *nic, const TbNicCfg *n)
{
    IxgConfig cfg;
    ixg_config_default(&cfg);
    memcpy(cfg.mac, n->mac, 6);
    cfg.bus = n->bus;
    cfg.link_up = 1;
    cfg.msix_table = 1;
    IxgPort port = {
        .opaque = nic,
        .dma_read = tb_nic_dma_read,
        .dma_write = tb_nic_dma_write,
        .set_irq = n598_port_irq,
        .msi = n598_port_msi,
        .now_ns = tb_nic_now,
        .deadline_changed = tb_nic_deadline_changed,
        .tx_frame = tb_nic_tx_frame,
        .trace = nic->trace_out ? tb_os_trace : NULL,
        .now_var = tb_nic_clock(nic),
    };
    tb_nic_dma_window(nic, &port.dma_mem, &port.dma_base, &port.dma_size);
    Nic82598 *x = (Nic82598 *)nic;
    for (uint32_t q = 0; q < IXG_DRV_MAX_QUEUES; q++) {
        x->napi[q] = nic->nd.napi;      /* poll and weight as the glue's */
        x->napi[q].owner = &nic->vec[q];
    }
    nic->vec_napi = x->napi;
    return ixg_new(&cfg, &port);
}

static void n598_destroy(void *dev)
{
    ixg_free(dev);
}

static uint32_t n598_readl(void *dev, uint32_t off)
{
    return ixg_mmio_read(dev, off, 4);
}

static void n598_writel(void *dev, uint32_t off, uint32_t val)
{
    ixg_mmio_write(dev, off, val, 4);
}

/* IxgRxResult onto the e1000's five fates: a frame dropped for want of
 * a descriptor (SRRCTL.DROP_EN, which the driver core leaves clear)
 * counts with the overruns. */
static E1kRxResult n598_receive(void *dev, const uint8_t *frame, uint32_t len,
                               const E1kRxKnown *known)
{
    IxgRxResult r = ixg_receive_known(dev, frame, len, known);
    return r == IXG_RX_NO_DESC ? E1K_RX_OVERRUN : (E1kRxResult)r;
}

static uint64_t n598_run_due_fn(void *dev, uint64_t now_ns)
{
    return ixg_run_due(dev, now_ns);
}

static uint64_t n598_next_deadline_fn(void *dev)
{
    return ixg_next_deadline(dev);
}

static int n598_irq_level_fn(void *dev, uint32_t vec)
{
    return vec == 0 ? ixg_irq_level(dev) : 0;
}

static bool n598_link_up(void *dev)
{
    return (ixg_peek_reg(dev, IXG_LINKS) & IXG_LINKS_UP) != 0;
}

static void n598_totals_fn(void *dev, E1kTotals *o)
{
    IxgTotals t;
    ixg_totals(dev, &t);
    memset(o, 0, sizeof(*o));
#define CP(f) o->f = t.f;
    CP(gprc) CP(gptc) CP(gorc) CP(gotc) CP(tpr) CP(tpt) CP(tor) CP(tot)
    CP(bprc) CP(mprc) CP(bptc) CP(mptc) CP(mpc) CP(rnbc) CP(ruc) CP(roc)
    CP(rx_filtered) CP(rx_disabled) CP(rx_dma_errors) CP(tx_dma_errors)
    CP(tx_bad_desc) CP(tx_frames_dropped) CP(rx_desc_written)
    CP(tx_desc_written)
#undef CP
    o->irq_assertions = t.irq_assertions + t.msi_messages;
}

/* ---- the driver ---- */

static void *n598_probe(TbNic *nic, const TbNicCfg *cfg)
{
    struct ixg_drv_params p;
    tb_nic_ixg_params(cfg, &p);
    return ixg_drv_probe(tb_e1k_os(nic), &p);
}

static void n598_remove(void *drv)
{
    ixg_drv_remove(drv);
}

static int n598_open(void *drv)
{
    return ixg_drv_open(drv);
}

static const uint8_t *n598_mac(void *drv)
{
    return ixg_drv_mac(drv);
}

static int n598_change_mtu(void *drv, uint32_t mtu)
{
    return ixg_drv_change_mtu(drv, mtu);
}

static void n598_set_promisc(void *drv, bool on)
{
    ixg_drv_set_promisc(drv, on);
}

static void n598_update_stats(void *drv)
{
    ixg_drv_update_stats(drv);
}

static void n598_get_stats64(void *drv, struct e1k_link_stats64 *s)
{
    ixg_drv_get_stats64(drv, s);
}

static void n598_get_counters(void *drv, struct e1k_drv_counters *c)
{
    struct ixg_drv_counters x;
    ixg_drv_get_counters(drv, &x);
    memset(c, 0, sizeof(*c));
    c->interrupts = x.interrupts;
    c->polls = x.polls;
    c->polls_complete = x.polls_complete;
    c->polls_budget = x.polls_budget;
    c->rx_cleaned = x.rx_cleaned;
    c->tx_cleaned = x.tx_cleaned;
    c->rx_alloc_failed = x.rx_alloc_failed;
    c->tx_busy = x.tx_busy;
    c->itr_changes = x.itr_changes;
    struct ixg_drv_queue_counters q0;
    if (ixg_drv_get_queue_counters(drv, 0, &q0) == 0) {
        c->itr_current = q0.itr;     /* queue 0's (each: queues[].itr) */
    }
}

/* `ethtool -S` in the e1000's names: those the 82598EB core has (its
 * rtnl_link_stats64 and counters), 0 for the rest. */
static void n598_get_ethtool(void *drv, uint64_t tx_timeouts, uint64_t *vals)
{
    struct e1k_link_stats64 s;
    struct ixg_drv_counters c;
    ixg_drv_get_stats64(drv, &s);
    ixg_drv_get_counters(drv, &c);
    const struct { const char *name; uint64_t v; } map[] = {
        {"rx_packets", s.rx_packets}, {"tx_packets", s.tx_packets},
        {"rx_bytes", s.rx_bytes}, {"tx_bytes", s.tx_bytes},
        {"rx_errors", s.rx_errors}, {"rx_dropped", s.rx_dropped},
        {"tx_dropped", s.tx_dropped}, {"multicast", s.multicast},
        {"rx_length_errors", s.rx_length_errors},
        {"rx_over_errors", s.rx_over_errors},
        {"rx_crc_errors", s.rx_crc_errors},
        {"rx_no_buffer_count", s.rx_dropped},
        {"rx_missed_errors", s.rx_missed_errors},
        {"tx_timeout_count", tx_timeouts},
        {"alloc_rx_buff_failed", c.rx_alloc_failed},
        {"interrupts", c.interrupts}, {"napi_polls", c.polls},
        {"napi_polls_complete", c.polls_complete},
        {"napi_polls_budget", c.polls_budget},
        {"rx_cleaned", c.rx_cleaned}, {"tx_cleaned", c.tx_cleaned},
        {"tx_busy", c.tx_busy}, {"itr_changes", c.itr_changes},
    };
    for (unsigned i = 0; i < E1K_ETHTOOL_STATS; i++) {
        const char *name = e1k_drv_ethtool_name(i);
        vals[i] = 0;
        for (size_t j = 0; j < sizeof(map) / sizeof(map[0]); j++) {
            if (!strcmp(name, map[j].name)) {
                vals[i] = map[j].v;
            }
        }
    }
}

static void n598_watchdog(void *drv)
{
    ixg_drv_watchdog(drv);
}

static uint32_t n598_enable_msix(TbNic *nic, uint32_t nvec)
{
    uint32_t got = nvec < nic->nvec ? nvec : nic->nvec;
    ixg_set_irq_mode(nic->dev, IXG_IRQ_MSIX, 0);
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        ixg_msix_write(nic->dev, 16u * v + 12u, 0, 4);   /* unmasked */
    }
    return got;
}

static uint32_t n598_queue_stats(void *drv, TbQueueResult *out, uint32_t max)
{
    uint32_t n = ixg_drv_queues(drv);
    n = n < max ? n : max;
    for (uint32_t q = 0; q < n; q++) {
        struct ixg_drv_queue_counters c;
        ixg_drv_get_queue_counters(drv, q, &c);
        out[q] = (TbQueueResult){
            .rx_packets = c.rx_packets, .rx_bytes = c.rx_bytes,
            .tx_packets = c.tx_packets, .tx_bytes = c.tx_bytes,
            .interrupts = c.interrupts, .polls = c.polls,
            .polls_complete = c.polls_complete,
            .polls_budget = c.polls_budget,
            .lro_aggregated = c.lro_aggregated,
            .lro_flushed = c.lro_flushed, .itr = c.itr,
        };
    }
    return n;
}

/* ---- the entry points the kernel calls ---- */

static int n598_irq(TbCpu *cpu, void *ctx)
{
    const TbNicVec *v = ctx;
    tb_cpu_set_irq(cpu, v->line, 0);   /* the message is taken */
    return v->nic->drv ? ixg_drv_msix_intr(v->nic->drv, v->index) : 1;
}

static int n598_napi_poll(TbNapi *n, int budget)
{
    const TbNicVec *v = n->owner;
    return ixg_drv_poll(v->nic->drv, v->index, budget);
}

static int n598_start_xmit(TbNetdev *dev, TbSkb *skb)
{
    TbNic *nic = dev->priv;
    return ixg_drv_xmit(nic->drv, skb);
}

static void n598_tx_timeout(TbNetdev *dev)
{
    TbNic *nic = dev->priv;
    ixg_drv_tx_timeout(nic->drv);
}

const TbNicType tb_nic_82598 = {
    .name = "ixgbe",
    .nic_size = sizeof(Nic82598),
    .vectors = n598_vectors,
    .read_stall_ns = n598_read_stall_ns,
    .create = n598_create,
    .destroy = n598_destroy,
    .readl = n598_readl,
    .writel = n598_writel,
    .receive = n598_receive,
    .run_due = n598_run_due_fn,
    .next_deadline = n598_next_deadline_fn,
    .irq_level = n598_irq_level_fn,
    .link_up = n598_link_up,
    .totals = n598_totals_fn,
    .probe = n598_probe,
    .remove = n598_remove,
    .open = n598_open,
    .mac = n598_mac,
    .change_mtu = n598_change_mtu,
    .set_promisc = n598_set_promisc,
    .rx_buffer_len = ixg_drv_rx_buffer_len,
    .update_stats = n598_update_stats,
    .get_stats64 = n598_get_stats64,
    .get_counters = n598_get_counters,
    .get_ethtool = n598_get_ethtool,
    .enable_msix = n598_enable_msix,
    .queue_stats = n598_queue_stats,
    .irq_handler = n598_irq,
    .napi_poll = n598_napi_poll,
    .ndo_start_xmit = n598_start_xmit,
    .ndo_tx_timeout = n598_tx_timeout,
    .watchdog = n598_watchdog,
    .watchdog_s = 2,
};
