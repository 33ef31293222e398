// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ethtool operations of the 82598EB ports: -i, -S (the port's totals
 * and the core's counters under the e1000 core's names where it has
 * them, then interrupts_other, lro_aggregated, lro_flushed; then per
 * queue pair Linux ixgbe's
 * tx_queue_N_packets/bytes and rx_queue_N_packets/bytes plus the core's
 * queue_N_interrupts, _polls, _polls_complete, _polls_budget,
 * _lro_aggregated, _lro_flushed, _itr), -l (channels: combined = queue
 * pairs in use), link settings (10000 Mb/s full duplex) and link state.
 * Names: docs/linux-module.md "The 82598EB ports".
 */
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/pci.h>

#include "e1klab_ixgbe.h"

/* Port-wide statistics under the e1000 core's ethtool names, as the
 * testbench maps the 82598EB core onto them (testbench/sim/nic_82598.c
 * n598_get_ethtool), so that the qemu backend reads both chips alike;
 * then the 82598EB core's own. */
enum { ST_RXP, ST_TXP, ST_RXB, ST_TXB, ST_RXERR, ST_RXDROP, ST_TXDROP,
       ST_MCAST, ST_RXLEN, ST_RXOVER, ST_RXCRC, ST_RXNOBUF, ST_RXMISS,
       ST_TX_TIMEOUT, ST_ALLOC_FAIL, ST_INTR, ST_POLLS, ST_POLLS_COMPLETE,
       ST_POLLS_BUDGET, ST_RX_CLEANED, ST_TX_CLEANED, ST_TX_BUSY,
       ST_ITR_CHANGES, ST_INTR_OTHER, ST_LRO_AGGR, ST_LRO_FLUSHED,
       ST_PORT };

static const char *const port_names[ST_PORT] = {
	"rx_packets", "tx_packets", "rx_bytes", "tx_bytes", "rx_errors",
	"rx_dropped", "tx_dropped", "multicast", "rx_length_errors",
	"rx_over_errors", "rx_crc_errors", "rx_no_buffer_count",
	"rx_missed_errors", "tx_timeout_count", "alloc_rx_buff_failed",
	"interrupts", "napi_polls", "napi_polls_complete",
	"napi_polls_budget", "rx_cleaned", "tx_cleaned", "tx_busy",
	"itr_changes", "interrupts_other", "lro_aggregated", "lro_flushed",
};

static const char *const queue_names[] = {
	"tx_queue_%u_packets", "tx_queue_%u_bytes",
	"rx_queue_%u_packets", "rx_queue_%u_bytes",
	"queue_%u_interrupts", "queue_%u_polls", "queue_%u_polls_complete",
	"queue_%u_polls_budget", "queue_%u_lro_aggregated",
	"queue_%u_lro_flushed", "queue_%u_itr",
};
#define N_QSTATS ARRAY_SIZE(queue_names)

/* Queue pairs shown: those in use while open, else the parameter. */
static u32 shown_queues(struct e1k_os *os)
{
	u32 q = os->qvec ? ixg_drv_queues(os->ixg) : 0;

	return q ? q : os->ixg_params.queues;
}

static void ixg_get_drvinfo(struct net_device *netdev,
			    struct ethtool_drvinfo *info)
{
	struct e1k_os *os = netdev_priv(netdev);

	strscpy(info->driver, E1KLAB_NAME, sizeof(info->driver));
	strscpy(info->bus_info, pci_name(os->pdev), sizeof(info->bus_info));
	info->n_stats = ST_PORT + N_QSTATS * shown_queues(os);
}

static int ixg_get_sset_count(struct net_device *netdev, int sset)
{
	struct e1k_os *os = netdev_priv(netdev);

	if (sset != ETH_SS_STATS)
		return -EOPNOTSUPP;
	return ST_PORT + N_QSTATS * shown_queues(os);
}

static void ixg_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	struct e1k_os *os = netdev_priv(netdev);
	u32 i, q, nq = shown_queues(os);

	if (sset != ETH_SS_STATS)
		return;
	for (i = 0; i < ST_PORT; i++, data += ETH_GSTRING_LEN)
		strscpy_pad(data, port_names[i], ETH_GSTRING_LEN);
	for (q = 0; q < nq; q++)
		for (i = 0; i < N_QSTATS; i++, data += ETH_GSTRING_LEN)
			snprintf(data, ETH_GSTRING_LEN, queue_names[i], q);
}

static void ixg_queue_stats(struct e1k_os *os, u32 q, u64 *d)
{
	struct ixg_drv_queue_counters c;

	memset(&c, 0, sizeof(c));
	if (os->qvec)
		(void)ixg_drv_get_queue_counters(os->ixg, q, &c);
	d[0] = c.tx_packets;
	d[1] = c.tx_bytes;
	d[2] = c.rx_packets;
	d[3] = c.rx_bytes;
	d[4] = c.interrupts;
	d[5] = c.polls;
	d[6] = c.polls_complete;
	d[7] = c.polls_budget;
	d[8] = c.lro_aggregated;
	d[9] = c.lro_flushed;
	d[10] = c.itr;
}

static void ixg_get_ethtool_stats(struct net_device *netdev,
				  struct ethtool_stats *es, u64 *d)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_link_stats64 s;
	struct ixg_drv_counters c;
	unsigned long flags;
	u32 q, nq = shown_queues(os);

	spin_lock_irqsave(&os->lock, flags);
	ixg_drv_update_stats(os->ixg);
	ixg_drv_get_stats64(os->ixg, &s);
	ixg_drv_get_counters(os->ixg, &c);
	spin_unlock_irqrestore(&os->lock, flags);
	d[ST_RXP] = s.rx_packets;
	d[ST_TXP] = s.tx_packets;
	d[ST_RXB] = s.rx_bytes;
	d[ST_TXB] = s.tx_bytes;
	d[ST_RXERR] = s.rx_errors;
	d[ST_RXDROP] = s.rx_dropped;
	d[ST_TXDROP] = s.tx_dropped + netdev->stats.tx_dropped;
	d[ST_MCAST] = s.multicast;
	d[ST_RXLEN] = s.rx_length_errors;
	d[ST_RXOVER] = s.rx_over_errors;
	d[ST_RXCRC] = s.rx_crc_errors;
	d[ST_RXNOBUF] = s.rx_dropped;
	d[ST_RXMISS] = s.rx_missed_errors;
	d[ST_TX_TIMEOUT] = os->tx_timeout_count;
	d[ST_ALLOC_FAIL] = c.rx_alloc_failed;
	d[ST_INTR] = c.interrupts;
	d[ST_POLLS] = c.polls;
	d[ST_POLLS_COMPLETE] = c.polls_complete;
	d[ST_POLLS_BUDGET] = c.polls_budget;
	d[ST_RX_CLEANED] = c.rx_cleaned;
	d[ST_TX_CLEANED] = c.tx_cleaned;
	d[ST_TX_BUSY] = c.tx_busy;
	d[ST_ITR_CHANGES] = c.itr_changes;
	d[ST_INTR_OTHER] = c.interrupts_other;
	d[ST_LRO_AGGR] = c.lro_aggregated;
	d[ST_LRO_FLUSHED] = c.lro_flushed;
	for (q = 0; q < nq; q++)
		ixg_queue_stats(os, q, d + ST_PORT + q * N_QSTATS);
}

static void ixg_get_channels(struct net_device *netdev,
			     struct ethtool_channels *ch)
{
	struct e1k_os *os = netdev_priv(netdev);

	ch->max_combined = IXG_DRV_MAX_QUEUES;
	ch->max_other = 1;
	ch->other_count = 1;
	ch->combined_count = shown_queues(os);
}

static int ixg_get_link_ksettings(struct net_device *netdev,
				  struct ethtool_link_ksettings *ks)
{
	ethtool_link_ksettings_zero_link_mode(ks, supported);
	ethtool_link_ksettings_add_link_mode(ks, supported,
					     10000baseT_Full);
	ethtool_link_ksettings_zero_link_mode(ks, advertising);
	ethtool_link_ksettings_add_link_mode(ks, advertising,
					     10000baseT_Full);
	ks->base.port = PORT_OTHER;
	ks->base.autoneg = AUTONEG_DISABLE;
	if (netif_carrier_ok(netdev)) {
		ks->base.speed = SPEED_10000;
		ks->base.duplex = DUPLEX_FULL;
	} else {
		ks->base.speed = SPEED_UNKNOWN;
		ks->base.duplex = DUPLEX_UNKNOWN;
	}
	return 0;
}

static const struct ethtool_ops e1klab_ixg_ethtool_ops = {
	.get_drvinfo = ixg_get_drvinfo,
	.get_link = ethtool_op_get_link,
	.get_strings = ixg_get_strings,
	.get_sset_count = ixg_get_sset_count,
	.get_ethtool_stats = ixg_get_ethtool_stats,
	.get_channels = ixg_get_channels,
	.get_link_ksettings = ixg_get_link_ksettings,
};

void e1klab_ixg_set_ethtool_ops(struct net_device *netdev)
{
	netdev->ethtool_ops = &e1klab_ixg_ethtool_ops;
}
