// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * e1klab Linux module: the PCI driver and net_device around the driver
 * core (driver/e1000_*.c over driver/osdep.h, built unchanged).
 *
 * Binds 8086:100E (82540EM) and 8086:100F (82545EM copper), i.e. QEMU's
 * e1klab-82540em / e1klab-82545em and its stock `-device e1000` /
 * e1000-82545em.  Entry points and what they call in the core:
 *   probe        e1k_drv_probe (reset, EEPROM, MAC, PHY), register_netdev
 *   ndo_open     request_irq, napi_enable, e1k_drv_open, watchdog armed
 *   ndo_stop     quiesce, e1k_drv_close, free_irq
 *   interrupt    e1k_drv_intr (legacy: cleans the rings and delivers with
 *                netif_rx; NAPI modes: masks/acks and schedules)
 *   NAPI poll    e1k_drv_poll with the budget (weight 64)
 *   xmit         e1k_drv_xmit
 *   watchdog     e1k_drv_watchdog every 2 s (delayed work)
 *   tx_timeout   reset work: quiesce, e1k_drv_tx_timeout, resume
 * Locking: struct e1k_os in e1klab.h and docs/linux-module.md.
 * NAPI contract: Documentation/networking/napi.rst [LINUX-NAPI].
 */
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>
#include <linux/sched/clock.h>

#include "e1klab.h"
#include "e1klab_pci.h"

/* Ports probed so far: the index into the per-port parameters. */
static atomic_t e1klab_ports = ATOMIC_INIT(0);
/* Lock class of the ports in legacy mode (see e1klab_probe). */
static struct lock_class_key e1klab_legacy_lock_key;

/* ------------------------------------------------------------------ */
/* interrupt, poll, watchdog                                            */
/* ------------------------------------------------------------------ */

irqreturn_t e1klab_intr(int irq, void *data)
{
	struct e1k_os *os = data;
	u64 t0 = local_clock();
	int handled;

	if (os->napi_mode) {
		handled = e1k_drv_intr(os->core);
	} else {
		spin_lock(&os->lock);
		handled = e1k_drv_intr(os->core);
		spin_unlock(&os->lock);
	}
	/* one handler runs at a time per line: a plain add */
	os->hardirq_ns += local_clock() - t0;
	return handled ? IRQ_HANDLED : IRQ_NONE;
}

/* /sys/class/net/IF/hardirq_ns: struct e1k_os hardirq_ns in decimal. */
static ssize_t hardirq_ns_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct e1k_os *os = netdev_priv(to_net_dev(dev));

	return sysfs_emit(buf, "%llu\n",
			  (unsigned long long)READ_ONCE(os->hardirq_ns));
}
static DEVICE_ATTR_RO(hardirq_ns);

static struct attribute *e1klab_sysfs_attrs[] = {
	&dev_attr_hardirq_ns.attr,
	NULL,
};

/* The net_device's own sysfs attributes: netdev->sysfs_groups[0], set
 * before register_netdev (e1klab_netdev_setup). */
static const struct attribute_group e1klab_sysfs_group = {
	.attrs = e1klab_sysfs_attrs,
};

/* Softirq context: bottom halves are off, interrupts on (a napi-twist
 * interrupt handler may run meanwhile; it takes no lock). */
static int e1klab_poll(struct napi_struct *napi, int budget)
{
	struct e1k_os *os = container_of(napi, struct e1k_os, napi);
	int work;

	spin_lock(&os->lock);
	work = e1k_drv_poll(os->core, budget);
	spin_unlock(&os->lock);
	return work;
}

static void e1klab_watchdog(struct work_struct *work)
{
	struct e1k_os *os = container_of(to_delayed_work(work), struct e1k_os,
					 watchdog);
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_watchdog(os->core);
	spin_unlock_irqrestore(&os->lock, flags);
	schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
}

/* Stop every entry into the core but open/close/reset (which hold rtnl):
 * the interrupt line (waits for a running handler), the poll, the
 * transmit queue and the watchdog.  The line may be shared: its other
 * users wait too, for the ~30 ms a close or reset takes. */
static void e1klab_quiesce(struct e1k_os *os)
{
	cancel_delayed_work_sync(&os->watchdog);
	disable_irq(os->pdev->irq);
	if (os->napi_mode)
		napi_disable(&os->napi);
	netif_tx_disable(os->netdev);
}

void e1klab_quiesce_port(struct e1k_os *os)
{
	if (os->opened)
		e1klab_quiesce(os);
}

void e1klab_resume_port(struct e1k_os *os)
{
	if (!os->opened)
		return;
	if (os->napi_mode)
		napi_enable(&os->napi);
	enable_irq(os->pdev->irq);
	netif_tx_wake_all_queues(os->netdev);
	schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
}

static void e1klab_reset_task(struct work_struct *work)
{
	struct e1k_os *os = container_of(work, struct e1k_os, reset_task);

	rtnl_lock();
	if (os->opened) {
		e1klab_quiesce(os);
		e1k_drv_tx_timeout(os->core);
		if (os->napi_mode)
			napi_enable(&os->napi);
		enable_irq(os->pdev->irq);
		schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
	}
	rtnl_unlock();
}

/* ------------------------------------------------------------------ */
/* net_device_ops                                                       */
/* ------------------------------------------------------------------ */

static int e1klab_open(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);
	int err;

	/* The device is masked (reset at probe or close) until
	 * e1k_drv_open enables it, so the handler may be installed first. */
	err = request_irq(os->pdev->irq, e1klab_intr, IRQF_SHARED,
			  netdev->name, os);
	if (err)
		return err;
	if (os->napi_mode)
		napi_enable(&os->napi);
	if (e1k_drv_open(os->core) < 0) {
		if (os->napi_mode)
			napi_disable(&os->napi);
		free_irq(os->pdev->irq, os);
		return -ENOMEM;
	}
	os->opened = true;
	schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
	return 0;
}

static int e1klab_close(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);

	os->opened = false;
	e1klab_quiesce(os);
	e1k_drv_close(os->core);
	/* Device masked and reset: the line can be given back. */
	enable_irq(os->pdev->irq);
	free_irq(os->pdev->irq, os);
	return 0;
}

int e1klab_stop_port(struct net_device *netdev)
{
	return e1klab_close(netdev);
}

int e1klab_start_port(struct net_device *netdev)
{
	return e1klab_open(netdev);
}

static netdev_tx_t e1klab_xmit(struct sk_buff *skb, struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1klab_skb_cb saved;
	unsigned long flags;
	int busy;

	/* No NETIF_F_SG: the stack sends linear frames. */
	if (skb_linearize(skb)) {
		dev_kfree_skb_any(skb);
		netdev->stats.tx_dropped++;
		return NETDEV_TX_OK;
	}
	/* skb->cb is ours until the frame is sent; on NETDEV_TX_BUSY the
	 * stack requeues it with its own control block, so keep that. */
	memcpy(&saved, skb->cb, sizeof(saved));
	e1klab_skb_init_tx(skb);
	spin_lock_irqsave(&os->lock, flags);
	busy = e1k_drv_xmit(os->core, (struct e1k_skb *)skb);
	spin_unlock_irqrestore(&os->lock, flags);
	if (!busy)
		return NETDEV_TX_OK;
	memcpy(skb->cb, &saved, sizeof(saved));
	return NETDEV_TX_BUSY;
}

/* From the stack's TX watchdog timer: reset in process context. */
static void e1klab_tx_timeout(struct net_device *netdev, unsigned int txq)
{
	struct e1k_os *os = netdev_priv(netdev);

	os->tx_timeout_count++;
	schedule_work(&os->reset_task);
}

/* The counters as of the last watchdog run or ethtool -S (no register
 * access here: this may be called in atomic context). */
static void e1klab_get_stats64(struct net_device *netdev,
			       struct rtnl_link_stats64 *st)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_link_stats64 s;
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_get_stats64(os->core, &s);
	spin_unlock_irqrestore(&os->lock, flags);
#define CP(f) (st->f = s.f)
	CP(rx_packets); CP(tx_packets); CP(rx_bytes); CP(tx_bytes);
	CP(rx_errors); CP(tx_errors); CP(rx_dropped); CP(tx_dropped);
	CP(multicast); CP(collisions); CP(rx_length_errors);
	CP(rx_over_errors); CP(rx_crc_errors); CP(rx_frame_errors);
	CP(rx_fifo_errors); CP(rx_missed_errors); CP(tx_aborted_errors);
	CP(tx_carrier_errors); CP(tx_fifo_errors); CP(tx_heartbeat_errors);
	CP(tx_window_errors); CP(rx_compressed); CP(tx_compressed);
	CP(rx_nohandler);
#undef CP
	st->tx_dropped += netdev->stats.tx_dropped;
}

/* ndo_change_mtu: the core sizes its receive buffers and sets RCTL.LPE
 * at open (docs/driver.md "MTU and promiscuous mode"), so the MTU is
 * changed while the interface is down (ip link set dev X down first). */
static int e1klab_change_mtu(struct net_device *netdev, int new_mtu)
{
	struct e1k_os *os = netdev_priv(netdev);

	if (netif_running(netdev))
		return -EBUSY;
	if (e1k_drv_change_mtu(os->core, new_mtu) < 0)
		return -EINVAL;
	netdev->mtu = new_mtu;
	return 0;
}

/* ndo_set_rx_mode (atomic context): IFF_PROMISC (or secondary unicast
 * addresses, which have no receive address slot here) sets RCTL.UPE and
 * MPE, IFF_ALLMULTI MPE; the multicast list goes into the MTA hash (no
 * memory for its copy: all-multicast instead). */
static void e1klab_set_rx_mode(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);
	bool promisc = (netdev->flags & IFF_PROMISC) || netdev_uc_count(netdev);
	bool allmulti = !!(netdev->flags & IFF_ALLMULTI);
	struct netdev_hw_addr *ha;
	unsigned long flags;
	u32 n = 0;
	u8 *mc = NULL;

	if (netdev_mc_count(netdev)) {
		mc = kmalloc_array(netdev_mc_count(netdev), ETH_ALEN, GFP_ATOMIC);
		if (!mc)
			allmulti = true;
	}
	if (mc) {
		netdev_for_each_mc_addr(ha, netdev)
			memcpy(mc + ETH_ALEN * n++, ha->addr, ETH_ALEN);
	}
	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_set_rx_mode(os->core, promisc, allmulti, mc, n);
	spin_unlock_irqrestore(&os->lock, flags);
	kfree(mc);
}

/* The offloads of the features: receive checksum, transmit checksum
 * (CHECKSUM_PARTIAL completed by a context descriptor) and the VLAN
 * offloads (stripping, insertion, the VFTA filter). */
static void e1klab_apply_features(struct e1k_os *os,
				  netdev_features_t features)
{
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_set_offloads(os->core, !!(features & NETIF_F_RXCSUM),
			     !!(features & NETIF_F_IP_CSUM), false);
	e1k_drv_set_vlan_offload(os->core,
				 !!(features & NETIF_F_HW_VLAN_CTAG_RX),
				 !!(features & NETIF_F_HW_VLAN_CTAG_TX),
				 !!(features & NETIF_F_HW_VLAN_CTAG_FILTER));
	os->params.XsumRX = !!(features & NETIF_F_RXCSUM);
	os->params.XsumTX = !!(features & NETIF_F_IP_CSUM);
	spin_unlock_irqrestore(&os->lock, flags);
}

static int e1klab_set_features(struct net_device *netdev,
			       netdev_features_t features)
{
	e1klab_apply_features(netdev_priv(netdev), features);
	return 0;
}

static int e1klab_vlan_rx_add_vid(struct net_device *netdev, __be16 proto,
				  u16 vid)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_vlan_add(os->core, vid);
	spin_unlock_irqrestore(&os->lock, flags);
	return 0;
}

static int e1klab_vlan_rx_kill_vid(struct net_device *netdev, __be16 proto,
				   u16 vid)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	e1k_drv_vlan_kill(os->core, vid);
	spin_unlock_irqrestore(&os->lock, flags);
	return 0;
}

static const struct net_device_ops e1klab_netdev_ops = {
	.ndo_change_mtu = e1klab_change_mtu,
	.ndo_set_rx_mode = e1klab_set_rx_mode,
	.ndo_set_features = e1klab_set_features,
	.ndo_vlan_rx_add_vid = e1klab_vlan_rx_add_vid,
	.ndo_vlan_rx_kill_vid = e1klab_vlan_rx_kill_vid,
	.ndo_open = e1klab_open,
	.ndo_stop = e1klab_close,
	.ndo_start_xmit = e1klab_xmit,
	.ndo_tx_timeout = e1klab_tx_timeout,
	.ndo_get_stats64 = e1klab_get_stats64,
	.ndo_validate_addr = eth_validate_addr,
};

/* ------------------------------------------------------------------ */
/* PCI                                                                  */
/* ------------------------------------------------------------------ */

/* The net_device around a probed core adapter. */
static void e1klab_netdev_setup(struct e1k_os *os)
{
	struct net_device *netdev = os->netdev;

	eth_hw_addr_set(netdev, e1k_drv_mac(os->core));
	netdev->netdev_ops = &e1klab_netdev_ops;
	e1klab_set_ethtool_ops(netdev);
	netdev->watchdog_timeo = 5 * HZ;
	netdev->min_mtu = E1K_MTU_MIN;
	netdev->max_mtu = E1K_MTU_MAX;
	netdev->irq = os->pdev->irq;
	netdev->sysfs_groups[0] = &e1klab_sysfs_group;
	/* offloads (ethtool -k/-K): receive and transmit checksums, VLAN
	 * stripping, insertion and filtering; transmit checksum off by
	 * default (XsumTX 0), the others on as Linux e1000 */
	netdev->hw_features = NETIF_F_RXCSUM | NETIF_F_IP_CSUM |
			      NETIF_F_HW_VLAN_CTAG_RX | NETIF_F_HW_VLAN_CTAG_TX |
			      NETIF_F_HW_VLAN_CTAG_FILTER;
	netdev->features = NETIF_F_HW_VLAN_CTAG_RX | NETIF_F_HW_VLAN_CTAG_TX |
			   NETIF_F_HW_VLAN_CTAG_FILTER |
			   (os->params.XsumRX ? NETIF_F_RXCSUM : 0) |
			   (os->params.XsumTX ? NETIF_F_IP_CSUM : 0);
	e1klab_apply_features(os, netdev->features);
	device_set_wakeup_enable(&os->pdev->dev,
				 e1k_drv_get_wol(os->core) != 0);
	if (os->napi_mode)
		netif_napi_add_weight(netdev, &os->napi, e1klab_poll,
				      os->params.weight);
}

static int e1klab_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	struct net_device *netdev;
	struct e1k_os *os;
	int err;

	err = e1klab_pci_setup(pdev);
	if (err)
		return err;
	err = -ENOMEM;
	netdev = alloc_etherdev(sizeof(*os));
	if (!netdev)
		goto err_pci;
	SET_NETDEV_DEV(netdev, &pdev->dev);
	pci_set_drvdata(pdev, netdev);
	os = netdev_priv(netdev);
	os->netdev = netdev;
	os->pdev = pdev;
	os->port = atomic_inc_return(&e1klab_ports) - 1;
	spin_lock_init(&os->lock);
	INIT_DELAYED_WORK(&os->watchdog, e1klab_watchdog);
	INIT_WORK(&os->reset_task, e1klab_reset_task);

	err = e1klab_params_get(&pdev->dev, os->port, &os->params);
	if (err)
		goto err_netdev;
	os->napi_mode = os->params.mode != E1K_MODE_LEGACY;
	/* Taken in hard interrupt context in legacy mode only: its own
	 * lockdep class, so ports in different modes do not mix. */
	if (!os->napi_mode)
		lockdep_set_class(&os->lock, &e1klab_legacy_lock_key);
	err = -EIO;
	os->hw_addr = pci_ioremap_bar(pdev, 0);
	if (!os->hw_addr)
		goto err_netdev;
	os->core = e1k_drv_probe(os, &os->params);
	if (!os->core)
		goto err_unmap;
	e1klab_netdev_setup(os);
	err = register_netdev(netdev);
	if (err)
		goto err_core;
	netif_carrier_off(netdev);
	netdev_info(netdev, "e1klab port %d: mode %s, InterruptThrottleRate %u, RxIntDelay %u, descriptors %u rx %u tx\n",
		    os->port, e1k_drv_mode_name(os->params.mode),
		    os->params.InterruptThrottleRate, os->params.RxIntDelay,
		    os->params.RxDescriptors, os->params.TxDescriptors);
	return 0;

err_core:
	if (os->napi_mode)
		netif_napi_del(&os->napi);
	e1k_drv_remove(os->core);
err_unmap:
	iounmap(os->hw_addr);
err_netdev:
	free_netdev(netdev);
err_pci:
	e1klab_pci_release(pdev);
	return err;
}

static void e1klab_remove(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct e1k_os *os = netdev_priv(netdev);

	unregister_netdev(netdev);     /* closes the port if open */
	cancel_work_sync(&os->reset_task);
	cancel_delayed_work_sync(&os->watchdog);
	if (os->napi_mode)
		netif_napi_del(&os->napi);
	e1k_drv_remove(os->core);
	iounmap(os->hw_addr);
	free_netdev(netdev);
	e1klab_pci_release(pdev);
}

/* Power-off or reboot: Wake on LAN armed as set (Linux __e1000_shutdown:
 * WUC.PME_En and WUFC with the filters, else both 0). */
static void e1klab_shutdown(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct e1k_os *os = netdev_priv(netdev);

	rtnl_lock();
	netif_device_detach(netdev);
	if (netif_running(netdev))
		e1klab_close(netdev);
	e1k_drv_arm_wake(os->core);
	rtnl_unlock();
	pci_wake_from_d3(pdev, e1k_drv_get_wol(os->core) != 0);
}

static const struct pci_device_id e1klab_pci_ids[] = {
	{ PCI_DEVICE(PCI_VENDOR_ID_INTEL, 0x100E) }, /* 82540EM */
	{ PCI_DEVICE(PCI_VENDOR_ID_INTEL, 0x100F) }, /* 82545EM copper */
	{ }
};
MODULE_DEVICE_TABLE(pci, e1klab_pci_ids);

static struct pci_driver e1klab_pci_driver = {
	.name = E1KLAB_NAME,
	.id_table = e1klab_pci_ids,
	.probe = e1klab_probe,
	.remove = e1klab_remove,
	.shutdown = e1klab_shutdown,
};
module_pci_driver(e1klab_pci_driver);

MODULE_DESCRIPTION("e1klab: the e1klab e1000 driver core for 82540EM/82545EM");
MODULE_LICENSE("GPL");
