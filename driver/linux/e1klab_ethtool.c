// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ethtool operations: every one Linux e1000 offers (e1000_ethtool_ops)
 * over the driver core: -i, -S (Intel's e1000 names plus the core's own
 * counters), -t (the five-part self-test), -d (Intel's register layout),
 * -e, -s / link settings, -r, -a/-A, -g/-G, -c/-C (rx-usecs mapped to
 * the interrupt throttle as Linux e1000), -p, -s wol, msglvl.  Names and
 * mappings: docs/linux-module.md "ethtool".
 *
 * Locking: register-only operations take the port lock; those that
 * sleep or close and reopen the port (self-test, rings, link settings,
 * pause with autonegotiation) stop every other entry first
 * (e1klab_port_stop/e1klab_port_start, as the reset work does) and run
 * under rtnl, which ethtool holds.
 */
#include <linux/ethtool.h>
#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/pci.h>

#include "e1000_drv.h"
#include "e1000_regs.h"
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
	info->testinfo_len = E1K_TEST_COUNT;
}

static int e1klab_get_sset_count(struct net_device *netdev, int sset)
{
	switch (sset) {
	case ETH_SS_STATS:
		return E1KLAB_N_STATS;
	case ETH_SS_TEST:
		return E1K_TEST_COUNT;
	default:
		return -EOPNOTSUPP;
	}
}

static void e1klab_get_strings(struct net_device *netdev, u32 sset, u8 *data)
{
	unsigned int i;

	if (sset == ETH_SS_TEST) {
		for (i = 0; i < E1K_TEST_COUNT; i++)
			strscpy_pad(data + i * ETH_GSTRING_LEN,
				    e1k_drv_test_name(i), ETH_GSTRING_LEN);
		return;
	}
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

/* ---- self-test ---- */

/*
 * ethtool -t: the link test first (online: only it, the others pass),
 * then offline with the port closed and a handler of the line installed
 * for the interrupt test (IRQF_PROBE_SHARED first: if nobody else is on
 * the line the masked-cause checks run, as Linux e1000_intr_test), the
 * port reopened afterwards.
 */
static void e1klab_self_test(struct net_device *netdev,
			     struct ethtool_test *et, u64 *data)
{
	struct e1k_os *os = netdev_priv(netdev);
	bool running = netif_running(netdev), shared = false;
	unsigned int irq = os->pdev->irq;

	memset(data, 0, E1K_TEST_COUNT * sizeof(*data));
	data[E1K_TEST_LINK] = e1k_drv_test_link(os->core);
	if (et->flags & ETH_TEST_FL_OFFLINE) {
		netdev_info(netdev, "offline testing starting\n");
		if (running)
			e1klab_stop_port(netdev);
		if (request_irq(irq, e1klab_intr, IRQF_PROBE_SHARED,
				netdev->name, os)) {
			shared = true;
			if (request_irq(irq, e1klab_intr, IRQF_SHARED,
					netdev->name, os))
				data[E1K_TEST_INTR] = 1;
		}
		if (!data[E1K_TEST_INTR]) {
			if (!e1k_drv_test_offline(os->core, shared, data))
				et->flags |= ETH_TEST_FL_FAILED;
			free_irq(irq, os);
		}
		if (running && e1klab_start_port(netdev))
			netdev_err(netdev, "reopening after the self-test failed\n");
	}
	if (data[E1K_TEST_LINK] || data[E1K_TEST_INTR])
		et->flags |= ETH_TEST_FL_FAILED;
}

/* ---- registers and EEPROM ---- */

static int e1klab_get_regs_len(struct net_device *netdev)
{
	return E1K_REGS_DUMP_LEN * sizeof(u32);
}

static void e1klab_get_regs(struct net_device *netdev,
			    struct ethtool_regs *regs, void *p)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;
	u32 version;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_get_regs(os->core, os->pdev->revision, &version, p);
	spin_unlock_irqrestore(&os->lock, flags);
	regs->version = version;
}

static int e1klab_get_eeprom_len(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);

	return e1k_drv_eeprom_len(os->core);
}

static int e1klab_get_eeprom(struct net_device *netdev,
			     struct ethtool_eeprom *ee, u8 *bytes)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;
	u32 magic;
	int err;

	if (ee->len == 0)
		return -EINVAL;
	spin_lock_irqsave(&os->lock, flags);
	err = e1k_drv_get_eeprom(os->core, ee->offset, ee->len, bytes, &magic);
	spin_unlock_irqrestore(&os->lock, flags);
	ee->magic = magic;
	return err ? -EIO : 0;
}

/* ---- link ---- */

static const struct {
	u32 adv;
	enum ethtool_link_mode_bit_indices bit;
} e1klab_modes[] = {
	{ E1K_ADV_10HD, ETHTOOL_LINK_MODE_10baseT_Half_BIT },
	{ E1K_ADV_10FD, ETHTOOL_LINK_MODE_10baseT_Full_BIT },
	{ E1K_ADV_100HD, ETHTOOL_LINK_MODE_100baseT_Half_BIT },
	{ E1K_ADV_100FD, ETHTOOL_LINK_MODE_100baseT_Full_BIT },
	{ E1K_ADV_1000HD, ETHTOOL_LINK_MODE_1000baseT_Half_BIT },
	{ E1K_ADV_1000FD, ETHTOOL_LINK_MODE_1000baseT_Full_BIT },
};

static int e1klab_get_link_ksettings(struct net_device *netdev,
				     struct ethtool_link_ksettings *cmd)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_link_settings ls;
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_get_link_settings(os->core, &ls);
	spin_unlock_irqrestore(&os->lock, flags);
	ethtool_link_ksettings_zero_link_mode(cmd, supported);
	ethtool_link_ksettings_zero_link_mode(cmd, advertising);
	for (i = 0; i < ARRAY_SIZE(e1klab_modes); i++) {
		__set_bit(e1klab_modes[i].bit, cmd->link_modes.supported);
		if (ls.autoneg && (ls.advertised & e1klab_modes[i].adv))
			__set_bit(e1klab_modes[i].bit,
				  cmd->link_modes.advertising);
	}
	ethtool_link_ksettings_add_link_mode(cmd, supported, Autoneg);
	ethtool_link_ksettings_add_link_mode(cmd, supported, TP);
	ethtool_link_ksettings_add_link_mode(cmd, advertising, TP);
	if (ls.autoneg)
		ethtool_link_ksettings_add_link_mode(cmd, advertising, Autoneg);
	cmd->base.port = PORT_TP;
	cmd->base.phy_address = 1;
	cmd->base.autoneg = ls.autoneg ? AUTONEG_ENABLE : AUTONEG_DISABLE;
	if (ls.link_up) {
		cmd->base.speed = ls.speed;
		cmd->base.duplex = ls.full_duplex ? DUPLEX_FULL : DUPLEX_HALF;
	} else {
		cmd->base.speed = SPEED_UNKNOWN;
		cmd->base.duplex = DUPLEX_UNKNOWN;
	}
	cmd->base.eth_tp_mdix = ETH_TP_MDI_INVALID;
	cmd->base.eth_tp_mdix_ctrl = ETH_TP_MDI_AUTO;
	return 0;
}

static int e1klab_set_link_ksettings(struct net_device *netdev,
				     const struct ethtool_link_ksettings *cmd)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_link_settings ls = { 0 };
	unsigned int i;
	int err;

	if (cmd->base.eth_tp_mdix_ctrl &&
	    cmd->base.eth_tp_mdix_ctrl != ETH_TP_MDI_AUTO)
		return -EOPNOTSUPP; /* the model has no MDI/MDI-X choice */
	ls.autoneg = cmd->base.autoneg == AUTONEG_ENABLE;
	for (i = 0; i < ARRAY_SIZE(e1klab_modes); i++)
		if (test_bit(e1klab_modes[i].bit, cmd->link_modes.advertising))
			ls.advertised |= e1klab_modes[i].adv;
	ls.forced_speed = cmd->base.speed;
	ls.forced_fd = cmd->base.duplex == DUPLEX_FULL;
	e1klab_quiesce_port(os);
	err = e1k_drv_set_link_settings(os->core, &ls);
	e1klab_resume_port(os);
	return err ? -EINVAL : 0;
}

static int e1klab_nway_reset(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;
	int err;

	spin_lock_irqsave(&os->lock, flags);
	err = e1k_drv_nway_reset(os->core);
	spin_unlock_irqrestore(&os->lock, flags);
	return err ? -EINVAL : 0;
}

static void e1klab_get_pauseparam(struct net_device *netdev,
				  struct ethtool_pauseparam *pause)
{
	struct e1k_os *os = netdev_priv(netdev);
	bool an, rx, tx;

	e1k_drv_get_pause(os->core, &an, &rx, &tx);
	pause->autoneg = an ? AUTONEG_ENABLE : AUTONEG_DISABLE;
	pause->rx_pause = rx;
	pause->tx_pause = tx;
}

static int e1klab_set_pauseparam(struct net_device *netdev,
				 struct ethtool_pauseparam *pause)
{
	struct e1k_os *os = netdev_priv(netdev);
	int err;

	e1klab_quiesce_port(os);
	err = e1k_drv_set_pause(os->core, pause->autoneg == AUTONEG_ENABLE,
				pause->rx_pause, pause->tx_pause);
	e1klab_resume_port(os);
	return err ? -EIO : 0;
}

/* ---- rings and coalescing ---- */

static void e1klab_get_ringparam(struct net_device *netdev,
				 struct ethtool_ringparam *ring,
				 struct kernel_ethtool_ringparam *kring,
				 struct netlink_ext_ack *extack)
{
	struct e1k_os *os = netdev_priv(netdev);
	u32 rx, tx, max;

	e1k_drv_get_rings(os->core, &rx, &tx, &max);
	ring->rx_max_pending = max;
	ring->tx_max_pending = max;
	ring->rx_pending = rx;
	ring->tx_pending = tx;
}

static int e1klab_set_ringparam(struct net_device *netdev,
				struct ethtool_ringparam *ring,
				struct kernel_ethtool_ringparam *kring,
				struct netlink_ext_ack *extack)
{
	struct e1k_os *os = netdev_priv(netdev);
	int err;

	if (ring->rx_mini_pending || ring->rx_jumbo_pending)
		return -EINVAL;
	e1klab_quiesce_port(os);
	err = e1k_drv_set_rings(os->core, ring->rx_pending, ring->tx_pending);
	e1klab_resume_port(os);
	return err ? -ENOMEM : 0;
}

/* Register units of 1.024 us to whole microseconds and back. */
static u32 delay_usecs(u32 units)
{
	return (u32)(((u64)units * 1024 + 500) / 1000);
}

static u32 usecs_delay(u32 us)
{
	return (u32)(((u64)us * 1000 + 512) / 1024);
}

/*
 * ethtool -c: rx-usecs the interrupt throttle as Linux e1000 reports it
 * (InterruptThrottleRate 0..4 as is, else 1e6 / rate); rx-usecs-irq
 * RxAbsIntDelay (RADV), tx-usecs TxIntDelay (TIDV), tx-usecs-irq
 * TxAbsIntDelay (TADV), in us; rx-usecs-high: the interval ITR programs
 * now, us (0: none); adaptive-rx/tx: on when the rate is recomputed
 * (1 or 3 in mode napi-dynitr, or 4); stats-block-usecs: the 2 s refresh.
 */
static int e1klab_get_coalesce(struct net_device *netdev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_drv_params *p = &os->params;
	struct e1k_drv_counters cnt;
	u32 itr = p->InterruptThrottleRate;
	bool adaptive = itr == 4 ||
		((itr == 1 || itr == 3) && p->mode == E1K_MODE_NAPI_DYNITR);

	e1k_drv_get_counters(os->core, &cnt);
	ec->rx_coalesce_usecs = e1k_drv_get_rx_usecs(os->core);
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

/* ethtool -C: rx-usecs as Linux e1000_set_coalesce (EINVAL for 2, 5..9,
 * above 10000); the three delays in us (to 1.024 us units). */
static int e1klab_set_coalesce(struct net_device *netdev,
			       struct ethtool_coalesce *ec,
			       struct kernel_ethtool_coalesce *kec,
			       struct netlink_ext_ack *extack)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_drv_params *p = &os->params;
	struct ethtool_coalesce cur;
	unsigned long flags;
	int err;

	/* the read-only fields: a change would be ignored, so refuse it */
	e1klab_get_coalesce(netdev, &cur, kec, extack);
	if (ec->rx_coalesce_usecs_high != cur.rx_coalesce_usecs_high ||
	    ec->use_adaptive_rx_coalesce != cur.use_adaptive_rx_coalesce ||
	    ec->use_adaptive_tx_coalesce != cur.use_adaptive_tx_coalesce ||
	    ec->stats_block_coalesce_usecs != cur.stats_block_coalesce_usecs)
		return -EINVAL;
	spin_lock_irqsave(&os->lock, flags);
	err = e1k_drv_set_rx_usecs(os->core, ec->rx_coalesce_usecs);
	if (!err)
		err = e1k_drv_set_delays(os->core, p->RxIntDelay,
					 usecs_delay(ec->rx_coalesce_usecs_irq),
					 usecs_delay(ec->tx_coalesce_usecs),
					 usecs_delay(ec->tx_coalesce_usecs_irq));
	if (!err) {
		p->InterruptThrottleRate = ec->rx_coalesce_usecs <= 4 ?
			ec->rx_coalesce_usecs : 1000000 / ec->rx_coalesce_usecs;
		p->RxAbsIntDelay = usecs_delay(ec->rx_coalesce_usecs_irq);
		p->TxIntDelay = usecs_delay(ec->tx_coalesce_usecs);
		p->TxAbsIntDelay = usecs_delay(ec->tx_coalesce_usecs_irq);
	}
	spin_unlock_irqrestore(&os->lock, flags);
	return err ? -EINVAL : 0;
}

/* ---- Wake on LAN, identify, message level ---- */

static u32 wufc_to_wake(u32 w)
{
	return ((w & E1K_WUFC_EX) ? WAKE_UCAST : 0) |
	       ((w & E1K_WUFC_MC) ? WAKE_MCAST : 0) |
	       ((w & E1K_WUFC_BC) ? WAKE_BCAST : 0) |
	       ((w & E1K_WUFC_MAG) ? WAKE_MAGIC : 0);
}

static void e1klab_get_wol(struct net_device *netdev,
			   struct ethtool_wolinfo *wol)
{
	struct e1k_os *os = netdev_priv(netdev);

	wol->supported = 0;
	wol->wolopts = 0;
	if (!device_can_wakeup(&os->pdev->dev))
		return;
	wol->supported = wufc_to_wake(e1k_drv_wol_supported(os->core));
	wol->wolopts = wufc_to_wake(e1k_drv_get_wol(os->core));
}

static int e1klab_set_wol(struct net_device *netdev,
			  struct ethtool_wolinfo *wol)
{
	struct e1k_os *os = netdev_priv(netdev);
	u32 w = ((wol->wolopts & WAKE_UCAST) ? E1K_WUFC_EX : 0) |
		((wol->wolopts & WAKE_MCAST) ? E1K_WUFC_MC : 0) |
		((wol->wolopts & WAKE_BCAST) ? E1K_WUFC_BC : 0) |
		((wol->wolopts & WAKE_MAGIC) ? E1K_WUFC_MAG : 0);

	if (wol->wolopts & (WAKE_PHY | WAKE_ARP | WAKE_MAGICSECURE))
		return -EOPNOTSUPP;
	if (!device_can_wakeup(&os->pdev->dev))
		return wol->wolopts ? -EOPNOTSUPP : 0;
	if (e1k_drv_set_wol(os->core, w))
		return -EOPNOTSUPP;
	device_set_wakeup_enable(&os->pdev->dev, w != 0);
	return 0;
}

static int e1klab_set_phys_id(struct net_device *netdev,
			      enum ethtool_phys_id_state state)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;
	int s;

	switch (state) {
	case ETHTOOL_ID_ACTIVE:
		return 2; /* blink: on and off twice a second */
	case ETHTOOL_ID_ON:
		s = 1;
		break;
	case ETHTOOL_ID_OFF:
		s = 2;
		break;
	default:
		s = 0;
		break;
	}
	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_identify(os->core, s);
	spin_unlock_irqrestore(&os->lock, flags);
	return 0;
}

static u32 e1klab_get_msglevel(struct net_device *netdev)
{
	return ((struct e1k_os *)netdev_priv(netdev))->msg_enable;
}

static void e1klab_set_msglevel(struct net_device *netdev, u32 v)
{
	((struct e1k_os *)netdev_priv(netdev))->msg_enable = v;
}

static const struct ethtool_ops e1klab_ethtool_ops = {
	.supported_coalesce_params = ETHTOOL_COALESCE_USECS |
		ETHTOOL_COALESCE_USECS_IRQ | ETHTOOL_COALESCE_USE_ADAPTIVE |
		ETHTOOL_COALESCE_RX_USECS_HIGH |
		ETHTOOL_COALESCE_STATS_BLOCK_USECS,
	.get_drvinfo = e1klab_get_drvinfo,
	.get_regs_len = e1klab_get_regs_len,
	.get_regs = e1klab_get_regs,
	.get_wol = e1klab_get_wol,
	.set_wol = e1klab_set_wol,
	.get_msglevel = e1klab_get_msglevel,
	.set_msglevel = e1klab_set_msglevel,
	.nway_reset = e1klab_nway_reset,
	.get_link = ethtool_op_get_link,
	.get_eeprom_len = e1klab_get_eeprom_len,
	.get_eeprom = e1klab_get_eeprom,
	.get_ringparam = e1klab_get_ringparam,
	.set_ringparam = e1klab_set_ringparam,
	.get_pauseparam = e1klab_get_pauseparam,
	.set_pauseparam = e1klab_set_pauseparam,
	.self_test = e1klab_self_test,
	.get_strings = e1klab_get_strings,
	.set_phys_id = e1klab_set_phys_id,
	.get_ethtool_stats = e1klab_get_ethtool_stats,
	.get_sset_count = e1klab_get_sset_count,
	.get_coalesce = e1klab_get_coalesce,
	.set_coalesce = e1klab_set_coalesce,
	.get_ts_info = ethtool_op_get_ts_info,
	.get_link_ksettings = e1klab_get_link_ksettings,
	.set_link_ksettings = e1klab_set_link_ksettings,
};

void e1klab_set_ethtool_ops(struct net_device *netdev)
{
	netdev->ethtool_ops = &e1klab_ethtool_ops;
}
