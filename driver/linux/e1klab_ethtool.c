// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ethtool operations: -i (driver e1klab, bus-info), -S (statistics under
 * the Intel e1000 names plus the driver core's own counters) and -c
 * (interrupt delays and throttling).  Names and the -c mapping:
 * docs/linux-module.md "ethtool".
 *
 * -S refreshes the hardware counters first (e1k_drv_update_stats, about
 * 60 register reads), as the watchdog does every 2 s, then prints the
 * driver core's table (driver/e1000_ethtool.c: Intel's e1000 names, then
 * the core's own counters) under the port lock, and after it the glue's
 * own hardirq_ns (struct e1k_os: the port's interrupt handler time).
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/pci.h>

#include "e1000_drv.h"
#include "e1klab.h"

/* the core's table, then hardirq_ns */
#define E1KLAB_N_STATS (E1K_ETHTOOL_STATS + 1)

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
	unsigned int i;

	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < E1K_ETHTOOL_STATS; i++)
		strscpy_pad(data + i * ETH_GSTRING_LEN, e1k_drv_ethtool_name(i),
			    ETH_GSTRING_LEN);
	strscpy_pad(data + i * ETH_GSTRING_LEN, "hardirq_ns", ETH_GSTRING_LEN);
}

static void e1klab_get_ethtool_stats(struct net_device *netdev,
				     struct ethtool_stats *es, u64 *data)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_update_stats(os->core);
	e1k_drv_get_ethtool_stats(os->core, os->tx_timeout_count, data);
	spin_unlock_irqrestore(&os->lock, flags);
	data[E1K_ETHTOOL_STATS] = READ_ONCE(os->hardirq_ns);
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
