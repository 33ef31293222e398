// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ethtool operations: -i (driver e1klab, bus-info), -S (statistics under
 * the Intel e1000 names plus the driver core's own counters) and -c
 * (interrupt delays and throttling).  Names and the -c mapping:
 * docs/linux-module.md "ethtool".
 *
 * -S refreshes the hardware counters first (e1k_drv_update_stats, about
 * 60 register reads), as the watchdog does every 2 s.  The statistics the
 * driver core keeps but does not export (struct e1k_hw_stats and a few
 * adapter counters) are read here, read-only and under the port lock,
 * through the core's internal header: this table is the one place the
 * glue looks inside the adapter.
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/pci.h>

#include "e1000_drv_internal.h"
#include "e1klab.h"

/** Where an ethtool -S value comes from. */
enum e1klab_src {
	SRC_NET,      /* struct e1k_link_stats64 (e1k_drv_get_stats64) */
	SRC_HW,       /* struct e1k_adapter (hardware and core counters) */
	SRC_CNT,      /* struct e1k_drv_counters (e1k_drv_get_counters) */
	SRC_OS,       /* struct e1k_os (the glue) */
};

/** One ethtool -S line: name, source, byte offset, 4 or 8 bytes. */
struct e1klab_stat {
	char name[ETH_GSTRING_LEN];
	u8 src;
	u8 size;
	u16 off;
};

#define NET(n, f) { n, SRC_NET, 8, offsetof(struct e1k_link_stats64, f) }
#define HW(n, f) { n, SRC_HW, 8, offsetof(struct e1k_adapter, f) }
#define CNT(n, f) { n, SRC_CNT, sizeof(((struct e1k_drv_counters *)0)->f), \
		    offsetof(struct e1k_drv_counters, f) }
#define OS(n, f) { n, SRC_OS, 8, offsetof(struct e1k_os, f) }

static const struct e1klab_stat e1klab_stats[] = {
	NET("rx_packets", rx_packets), NET("tx_packets", tx_packets),
	NET("rx_bytes", rx_bytes), NET("tx_bytes", tx_bytes),
	HW("rx_broadcast", stats.bprc), HW("tx_broadcast", stats.bptc),
	HW("rx_multicast", stats.mprc), HW("tx_multicast", stats.mptc),
	NET("rx_errors", rx_errors), NET("tx_errors", tx_errors),
	NET("rx_dropped", rx_dropped), NET("tx_dropped", tx_dropped),
	NET("multicast", multicast), NET("collisions", collisions),
	NET("rx_length_errors", rx_length_errors),
	NET("rx_over_errors", rx_over_errors),
	NET("rx_crc_errors", rx_crc_errors),
	NET("rx_frame_errors", rx_frame_errors),
	HW("rx_no_buffer_count", stats.rnbc),
	NET("rx_missed_errors", rx_missed_errors),
	NET("tx_aborted_errors", tx_aborted_errors),
	NET("tx_carrier_errors", tx_carrier_errors),
	NET("tx_fifo_errors", tx_fifo_errors),
	NET("tx_heartbeat_errors", tx_heartbeat_errors),
	NET("tx_window_errors", tx_window_errors),
	HW("tx_abort_late_coll", stats.latecol),
	HW("tx_deferred_ok", stats.dc),
	HW("tx_single_coll_ok", stats.scc),
	HW("tx_multi_coll_ok", stats.mcc),
	OS("tx_timeout_count", tx_timeout_count),
	HW("tx_restart_queue", restart_queue),
	HW("rx_long_length_errors", stats.roc),
	HW("rx_short_length_errors", stats.ruc),
	HW("rx_align_errors", stats.algnerrc),
	HW("tx_tcp_seg_good", stats.tsctc),
	HW("tx_tcp_seg_failed", stats.tsctfc),
	HW("rx_flow_control_xon", stats.xonrxc),
	HW("rx_flow_control_xoff", stats.xoffrxc),
	HW("tx_flow_control_xon", stats.xontxc),
	HW("tx_flow_control_xoff", stats.xofftxc),
	HW("rx_csum_offload_good", hw_csum_good),
	HW("rx_csum_offload_errors", hw_csum_err),
	CNT("alloc_rx_buff_failed", rx_alloc_failed),
	/* the driver core's own counters (struct e1k_drv_counters) */
	CNT("interrupts", interrupts),
	CNT("interrupts_none", interrupts_none),
	CNT("napi_polls", polls),
	CNT("napi_polls_complete", polls_complete),
	CNT("napi_polls_budget", polls_budget),
	CNT("rx_cleaned", rx_cleaned),
	CNT("tx_cleaned", tx_cleaned),
	CNT("tx_busy", tx_busy),
	CNT("resets", resets),
	CNT("itr_changes", itr_changes),
	CNT("itr_current", itr_current),
	OS("hardirq_ns", hardirq_ns),
	/* frames the driver core dropped in RX clean (errors, split) */
	HW("rx_frames_dropped_sw", rx_frame_errors_sw),
};

#define E1KLAB_N_STATS ARRAY_SIZE(e1klab_stats)

static void e1klab_get_drvinfo(struct net_device *netdev,
			       struct ethtool_drvinfo *info)
{
	struct e1k_os *os = netdev_priv(netdev);

	strscpy(info->driver, E1KLAB_NAME, sizeof(info->driver));
	strscpy(info->bus_info, pci_name(os->pdev), sizeof(info->bus_info));
	info->n_stats = E1KLAB_N_STATS;
}

static int e1klab_get_sset_count(struct net_device *netdev, int sset)
{
	return sset == ETH_SS_STATS ? E1KLAB_N_STATS : -EOPNOTSUPP;
}

static void e1klab_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	size_t i;

	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < E1KLAB_N_STATS; i++)
		memcpy(data + i * ETH_GSTRING_LEN, e1klab_stats[i].name,
		       ETH_GSTRING_LEN);
}

static void e1klab_get_ethtool_stats(struct net_device *netdev,
				     struct ethtool_stats *es, u64 *data)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_link_stats64 net;
	struct e1k_drv_counters cnt;
	const u8 *base[4];
	unsigned long flags;
	size_t i;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_update_stats(os->core);
	e1k_drv_get_stats64(os->core, &net);
	e1k_drv_get_counters(os->core, &cnt);
	base[SRC_NET] = (const u8 *)&net;
	base[SRC_HW] = (const u8 *)os->core;
	base[SRC_CNT] = (const u8 *)&cnt;
	base[SRC_OS] = (const u8 *)os;
	for (i = 0; i < E1KLAB_N_STATS; i++) {
		const struct e1klab_stat *st = &e1klab_stats[i];
		const u8 *p = base[st->src] + st->off;

		data[i] = st->size == 8 ? *(const u64 *)p : *(const u32 *)p;
	}
	spin_unlock_irqrestore(&os->lock, flags);
}

/* Register units of 1.024 us to whole microseconds. */
static u32 delay_usecs(u32 units)
{
	return (u32)(((u64)units * 1024 + 500) / 1000);
}

/*
 * ethtool -c: rx-usecs RxIntDelay (RDTR), rx-usecs-irq RxAbsIntDelay
 * (RADV), tx-usecs TxIntDelay (TIDV), tx-usecs-irq TxAbsIntDelay (TADV),
 * all in us; rx-usecs-high: the minimum interrupt interval ITR programs
 * now, us (1e6 / interrupts/s; 0 = no throttling); adaptive-rx/tx: on
 * when the rate is recomputed (InterruptThrottleRate 1 or 3 in mode
 * napi-dynitr, or 4); stats-block-usecs: the 2 s statistics refresh.
 */
static int e1klab_get_coalesce(struct net_device *netdev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct e1k_os *os = netdev_priv(netdev);
	const struct e1k_drv_params *p = &os->params;
	struct e1k_drv_counters cnt;
	u32 itr = p->InterruptThrottleRate;
	bool adaptive = itr == 4 ||
		((itr == 1 || itr == 3) && p->mode == E1K_MODE_NAPI_DYNITR);

	e1k_drv_get_counters(os->core, &cnt);
	ec->rx_coalesce_usecs = delay_usecs(p->RxIntDelay);
	ec->rx_coalesce_usecs_irq = delay_usecs(p->RxAbsIntDelay);
	ec->tx_coalesce_usecs = delay_usecs(p->TxIntDelay);
	ec->tx_coalesce_usecs_irq = delay_usecs(p->TxAbsIntDelay);
	ec->rx_coalesce_usecs_high = cnt.itr_current ?
		USEC_PER_SEC / cnt.itr_current : 0;
	ec->use_adaptive_rx_coalesce = adaptive;
	ec->use_adaptive_tx_coalesce = adaptive;
	ec->stats_block_coalesce_usecs = jiffies_to_usecs(E1KLAB_WATCHDOG_PERIOD);
	return 0;
}

static const struct ethtool_ops e1klab_ethtool_ops = {
	.supported_coalesce_params = ETHTOOL_COALESCE_USECS |
		ETHTOOL_COALESCE_USECS_IRQ | ETHTOOL_COALESCE_USE_ADAPTIVE |
		ETHTOOL_COALESCE_RX_USECS_HIGH |
		ETHTOOL_COALESCE_STATS_BLOCK_USECS,
	.get_drvinfo = e1klab_get_drvinfo,
	.get_link = ethtool_op_get_link,
	.get_sset_count = e1klab_get_sset_count,
	.get_strings = e1klab_get_strings,
	.get_ethtool_stats = e1klab_get_ethtool_stats,
	.get_coalesce = e1klab_get_coalesce,
};

void e1klab_set_ethtool_ops(struct net_device *netdev)
{
	netdev->ethtool_ops = &e1klab_ethtool_ops;
}
