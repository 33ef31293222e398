/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The e1000 NIC type (nic.h): the 82540EM and 82545EM device model
 * (hw/net/e1000.h) behind its E1kPort, which the model reaches the host
 * through (the port functions of nic.h; DMA straight into the host's
 * arena, the clock read from the engine without a call), and the e1000
 * driver core (driver/e1000_drv.h) with its OS handle (tb_host.h):
 * bring-up, statistics and the entry points the kernel calls.  One INTx
 * vector; the driver's watchdog every 2 s (Linux e1000_watchdog).  The
 * driver's OS layer is the testbench's driver/osdep.h (tb_osdep.c), which
 * calls this type's register accessors inline (nic_mmio.h).
 */
#include <string.h>

#include "sim/nic.h"
#include "sim/nic_e1000.h"
#include "sim/tb_host.h"
#include "sim/trace.h"
#include "e1000_regs.h"

/** Autonegotiation time given to the device model, ns (real PHYs take
 *  0.5-3 s; shortened so runs need not simulate idle seconds). */
#define TB_AUTONEG_NS 1000000ull

/* ---- the device model ---- */

static uint32_t e1000_vectors(const TbNicCfg *cfg)
{
    (void)cfg;
    return 1;
}

static uint64_t e1000_read_stall_ns(const TbNicCfg *cfg)
{
    return e1k_bus_read_stall_ns(&cfg->bus);
}

/* INTA#: the port's only line is vector 0. */
static void e1000_set_irq(void *opaque, int level)
{
    tb_nic_set_irq(opaque, 0, level);
}

static void *e1000_create(TbNic *nic, const TbNicCfg *n)
{
    E1kConfig cfg;
    e1k_config_default(&cfg);
    cfg.chip = n->chip;
    memcpy(cfg.mac, n->mac, 6);
    cfg.bus = n->bus;
    cfg.link_mbps = n->link_mbps;
    cfg.partner_modes = n->partner_modes;
    cfg.partner_autoneg = n->partner_autoneg;
    cfg.link_up = 1;
    cfg.autoneg_ns = TB_AUTONEG_NS;
    /* The arena is the host's whole DMA target and nothing runs beside
     * the model: the model copies in and out of it itself (the callbacks
     * still take what lies outside: the faults), and reads the engine's
     * clock, which every CPU of every host shares, without a call. */
    E1kPort port = {
        .opaque = nic,
        .dma_read = tb_nic_dma_read,
        .dma_write = tb_nic_dma_write,
        .set_irq = e1000_set_irq,
        .now_ns = tb_nic_now,
        .deadline_changed = tb_nic_deadline_changed,
        .tx_frame = tb_nic_tx_frame,
        .trace = nic->trace_out ? tb_os_trace : NULL,
        .now_var = tb_nic_clock(nic),
    };
    tb_nic_dma_window(nic, &port.dma_mem, &port.dma_base, &port.dma_size);
    return e1k_new(&cfg, &port);
}

static void e1000_destroy(void *dev)
{
    e1k_free(dev);
}

static E1kRxResult e1000_receive(void *dev, const uint8_t *frame,
                                 uint32_t len, const E1kRxKnown *known)
{
    return e1k_receive_known(dev, frame, len, known);
}

static uint64_t e1000_run_due(void *dev, uint64_t now_ns)
{
    return e1k_run_due(dev, now_ns);
}

static uint64_t e1000_next_deadline(void *dev)
{
    return e1k_next_deadline(dev);
}

static int e1000_irq_level(void *dev, uint32_t vec)
{
    (void)vec;
    return e1k_irq_level(dev);
}

static bool e1000_link_up(void *dev)
{
    return (e1k_peek_reg(dev, E1K_STATUS) & E1K_STATUS_LU) != 0;
}

static void e1000_fault_stall(void *dev, unsigned dirs)
{
    e1k_fault_stall(dev, dirs);
}

static void e1000_totals(void *dev, E1kTotals *out)
{
    e1k_totals(dev, out);
}

/* ---- the driver ---- */

static void *e1000_probe(TbNic *nic, const TbNicCfg *cfg)
{
    return e1k_drv_probe(tb_e1k_os(nic), &cfg->drv);
}

static void e1000_remove(void *drv)
{
    e1k_drv_remove(drv);
}

static int e1000_open(void *drv)
{
    return e1k_drv_open(drv);
}

static const uint8_t *e1000_mac(void *drv)
{
    return e1k_drv_mac(drv);
}

static int e1000_change_mtu(void *drv, uint32_t mtu)
{
    return e1k_drv_change_mtu(drv, mtu);
}

static void e1000_set_promisc(void *drv, bool on)
{
    e1k_drv_set_promisc(drv, on);
}

static void e1000_update_stats(void *drv)
{
    e1k_drv_update_stats(drv);
}

static void e1000_get_stats64(void *drv, struct e1k_link_stats64 *s)
{
    e1k_drv_get_stats64(drv, s);
}

static void e1000_get_counters(void *drv, struct e1k_drv_counters *c)
{
    e1k_drv_get_counters(drv, c);
}

static void e1000_get_ethtool(void *drv, uint64_t tx_timeouts,
                              uint64_t *vals)
{
    e1k_drv_get_ethtool_stats(drv, tx_timeouts, vals);
}

static void e1000_watchdog(void *drv)
{
    e1k_drv_watchdog(drv);
}

/* One INTx line, one queue. */
static uint32_t e1000_enable_msix(TbNic *nic, uint32_t nvec)
{
    (void)nic;
    (void)nvec;
    return 0;
}

static uint32_t e1000_queue_stats(void *drv, struct TbQueueResult *out,
                                  uint32_t max)
{
    (void)drv;
    (void)out;
    (void)max;
    return 0;
}

/* ---- the entry points the kernel calls ---- */

static int e1000_irq(TbCpu *cpu, void *ctx)
{
    (void)cpu;
    const TbNicVec *v = ctx;
    return v->nic->drv ? e1k_drv_intr(v->nic->drv) : 0;
}

static int e1000_napi_poll(TbNapi *n, int budget)
{
    TbNic *nic = n->owner;
    return e1k_drv_poll(nic->drv, budget);
}

static int e1000_start_xmit(TbNetdev *dev, TbSkb *skb)
{
    TbNic *nic = dev->priv;
    return e1k_drv_xmit(nic->drv, skb);
}

/* The reset in process context (Linux 2.5 e1000_tx_timeout_task: the
 * adapter down and up again; it sleeps). */
static void e1000_reset_task(void *ctx)
{
    TbNic *nic = ctx;
    e1k_drv_tx_timeout(nic->drv);
}

/* ndo_tx_timeout, called by dev_watchdog under the TX lock in the timer
 * softirq: the reset cannot sleep there, so it is scheduled on the
 * kernel's worker, as Linux 2.5 e1000_tx_timeout does with
 * schedule_work(&adapter->tx_timeout_task). */
static void e1000_tx_timeout(TbNetdev *dev)
{
    TbNic *nic = dev->priv;
    struct e1k_os *os = tb_e1k_os(nic);
    os->reset_task.fn = e1000_reset_task;
    os->reset_task.ctx = nic;
    tb_schedule_work(nic->k, &os->reset_task);
}

const TbNicType tb_nic_e1000 = {
    .name = "e1000",
    .nic_size = sizeof(struct e1k_os),
    .vectors = e1000_vectors,
    .read_stall_ns = e1000_read_stall_ns,
    .create = e1000_create,
    .destroy = e1000_destroy,
    .readl = tb_e1000_readl,
    .writel = tb_e1000_writel,
    .receive = e1000_receive,
    .run_due = e1000_run_due,
    .next_deadline = e1000_next_deadline,
    .irq_level = e1000_irq_level,
    .link_up = e1000_link_up,
    .totals = e1000_totals,
    .probe = e1000_probe,
    .remove = e1000_remove,
    .open = e1000_open,
    .mac = e1000_mac,
    .change_mtu = e1000_change_mtu,
    .set_promisc = e1000_set_promisc,
    .rx_buffer_len = e1k_drv_rx_buffer_len,
    .update_stats = e1000_update_stats,
    .get_stats64 = e1000_get_stats64,
    .get_counters = e1000_get_counters,
    .get_ethtool = e1000_get_ethtool,
    .enable_msix = e1000_enable_msix,
    .queue_stats = e1000_queue_stats,
    .irq_handler = e1000_irq,
    .napi_poll = e1000_napi_poll,
    .ndo_start_xmit = e1000_start_xmit,
    .ndo_tx_timeout = e1000_tx_timeout,
    .watchdog = e1000_watchdog,
    .watchdog_s = 2,
    .fault_stall = e1000_fault_stall,
};
