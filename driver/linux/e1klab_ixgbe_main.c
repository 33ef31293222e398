// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * e1klab Linux module, 82598EB ports: the PCI driver and net_device
 * around the 82598EB driver core (driver/ixgbe_*.c over driver/osdep.h,
 * built unchanged): the module e1klab_ixgbe.ko, beside e1klab.ko for
 * the e1000 ports (e1klab.h says why two).
 *
 * Binds 8086:10C6 (82598EB AF dual port), 8086:10C7 (AF single port) and
 * 8086:10DD (CX4), the IDs Linux's ixgbe takes for these parts, i.e.
 * QEMU's -device e1klab-82598eb.  Entry points and what they call:
 *   probe        ixg_drv_probe (reset, EEPROM, MAC), register_netdev
 *   probe        also pci_alloc_irq_vectors: queues + 1 MSI-X vectors
 *   ndo_open     ixg_drv_open, which asks the glue for queues + 1 MSI-X
 *                vectors (e1k_os_enable_msix: one request_irq per
 *                vector, one NAPI per queue vector)
 *   ndo_stop     quiesce, ixg_drv_close, vectors released
 *   interrupts   vector v < queues: ixg_drv_msix_intr(v) under the queue
 *                pair's lock; the last vector: ixg_drv_msix_intr(queues)
 *                under the port lock (link)
 *   NAPI poll    ixg_drv_poll(v, budget) per queue vector
 *   xmit         ixg_drv_xmit under the lock of the running CPU's ring
 *                (CPU modulo queues, as the core picks it)
 *   watchdog     ixg_drv_watchdog every 2 s
 *   tx_timeout   reset work: quiesce, ixg_drv_tx_timeout (close, reset,
 *                open: new vectors), watchdog re-armed
 * Locking: struct e1klab_qvec in e1klab.h and docs/linux-module.md
 * "The 82598EB ports".
 */
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/percpu.h>
#include <linux/rtnetlink.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>

#include "e1klab_ixgbe.h"
#include "e1klab_pci.h"

/* The queue vector each CPU is polling (set around ixg_drv_poll, with
 * the vector's lock held and interrupts off): e1k_os_receive_skb hands
 * frames to that vector's NAPI. */
static DEFINE_PER_CPU(struct e1klab_qvec *, e1klab_ixg_cur);

/* Ports probed so far: the index into the per-port parameters. */
static atomic_t e1klab_ixg_ports = ATOMIC_INIT(0);

struct e1klab_qvec *e1klab_ixg_polling(void)
{
	return this_cpu_read(e1klab_ixg_cur);
}

/* ------------------------------------------------------------------ */
/* vectors: handlers, polls, set-up                                     */
/* ------------------------------------------------------------------ */

static irqreturn_t e1klab_ixg_msix(int irq, void *data)
{
	struct e1klab_qvec *qv = data;
	struct e1k_os *os = qv->os;
	bool other = qv->v + 1 == os->nvec;
	spinlock_t *lock = other ? &os->lock : &qv->lock;
	u64 t0 = local_clock();
	unsigned long flags;
	int handled;

	spin_lock_irqsave(lock, flags);
	handled = ixg_drv_msix_intr(os->ixg, other ? ixg_drv_queues(os->ixg)
						   : qv->v);
	spin_unlock_irqrestore(lock, flags);
	/* vectors of one port run on several CPUs at once: atomic */
	atomic64_add(local_clock() - t0, &os->hardirq_ns_vec);
	return handled ? IRQ_HANDLED : IRQ_NONE;
}

/* /sys/class/net/IF/hardirq_ns: the port's handler time over all its
 * vectors, ns in decimal (as e1klab.ko's ports show theirs). */
static ssize_t hardirq_ns_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct e1k_os *os = netdev_priv(to_net_dev(dev));

	return sysfs_emit(buf, "%llu\n", (unsigned long long)
			  atomic64_read(&os->hardirq_ns_vec));
}
static DEVICE_ATTR_RO(hardirq_ns);

static struct attribute *e1klab_ixg_sysfs_attrs[] = {
	&dev_attr_hardirq_ns.attr,
	NULL,
};

/* netdev->sysfs_groups[0], set before register_netdev. */
static const struct attribute_group e1klab_ixg_sysfs_group = {
	.attrs = e1klab_ixg_sysfs_attrs,
};

static int e1klab_ixg_poll(struct napi_struct *napi, int budget)
{
	struct e1klab_qvec *qv = container_of(napi, struct e1klab_qvec, napi);
	int work;

	spin_lock_irqsave(&qv->lock, qv->flags);
	this_cpu_write(e1klab_ixg_cur, qv);
	work = ixg_drv_poll(qv->os->ixg, qv->v, budget);
	this_cpu_write(e1klab_ixg_cur, NULL);
	spin_unlock_irqrestore(&qv->lock, qv->flags);
	return work;
}

/* Vector @v: name (Linux ixgbe's IF-TxRx-N for a queue vector, IF for
 * the other causes), lock, NAPI (queue vectors in the NAPI modes), IRQ. */
static int e1klab_ixg_vector_setup(struct e1k_os *os, u32 v)
{
	struct e1klab_qvec *qv = &os->qvec[v];
	int err;

	qv->os = os;
	qv->v = v;
	spin_lock_init(&qv->lock);
	if (v + 1 < os->nvec)
		snprintf(qv->name, sizeof(qv->name), "%s-TxRx-%u",
			 os->netdev->name, v);
	else
		strscpy(qv->name, os->netdev->name, sizeof(qv->name));
	if (v + 1 < os->nvec && os->ixg_params.mode != E1K_MODE_LEGACY) {
		netif_napi_add_weight(os->netdev, &qv->napi, e1klab_ixg_poll,
				      os->ixg_params.weight);
		qv->has_napi = true;
		napi_enable(&qv->napi);
		qv->napi_on = true;
	}
	/* the device masks every vector until ixg_drv_open enables them */
	err = request_irq(pci_irq_vector(os->pdev, v), e1klab_ixg_msix, 0,
			  qv->name, qv);
	if (err)
		return err;
	qv->irq_on = true;
	return 0;
}

void e1klab_ixg_vectors_put(struct e1k_os *os)
{
	struct e1klab_qvec *qv;
	u32 v;

	if (!os->qvec)
		return;
	for (v = 0; v < os->nvec; v++) {
		qv = &os->qvec[v];
		if (qv->irq_on)
			free_irq(pci_irq_vector(os->pdev, v), qv);
		if (qv->napi_on)
			napi_disable(&qv->napi);
		if (qv->has_napi)
			netif_napi_del(&qv->napi);
	}
	kfree(os->qvec);
	os->qvec = NULL;
	os->nvec = 0;
}

/* The PCI vectors themselves are allocated at probe (queues + 1, as
 * Linux ixgbe does), so that their IRQ numbers exist, and can be given
 * an affinity, before the port is opened; open takes up to @nvec. */
u32 e1klab_ixg_vectors_get(struct e1k_os *os, u32 nvec)
{
	u32 n = min(nvec, os->nvec_pci);
	u32 v;

	e1klab_ixg_vectors_put(os);     /* a reset reopens the port */
	if (n < 2)
		return 0;
	os->qvec = kcalloc(n, sizeof(*os->qvec), GFP_KERNEL);
	if (!os->qvec)
		return 0;
	os->nvec = n;
	for (v = 0; v < os->nvec; v++) {
		if (e1klab_ixg_vector_setup(os, v)) {
			e1klab_ixg_vectors_put(os);
			return 0;
		}
	}
	return os->nvec;
}

/* ------------------------------------------------------------------ */
/* watchdog, quiesce, reset                                             */
/* ------------------------------------------------------------------ */

static void e1klab_ixg_watchdog(struct work_struct *work)
{
	struct e1k_os *os = container_of(to_delayed_work(work), struct e1k_os,
					 watchdog);
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	ixg_drv_watchdog(os->ixg);
	spin_unlock_irqrestore(&os->lock, flags);
	schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
}

/* Stop every entry into the core but rtnl's: watchdog, each vector's
 * IRQ (waits for a running handler) and NAPI, the transmit queue. */
static void e1klab_ixg_quiesce(struct e1k_os *os)
{
	struct e1klab_qvec *qv;
	u32 v;

	cancel_delayed_work_sync(&os->watchdog);
	for (v = 0; v < os->nvec; v++) {
		qv = &os->qvec[v];
		if (qv->irq_on) {
			free_irq(pci_irq_vector(os->pdev, v), qv);
			qv->irq_on = false;
		}
		if (qv->napi_on) {
			napi_disable(&qv->napi);
			qv->napi_on = false;
		}
	}
	netif_tx_disable(os->netdev);
}

static void e1klab_ixg_reset_task(struct work_struct *work)
{
	struct e1k_os *os = container_of(work, struct e1k_os, reset_task);

	rtnl_lock();
	if (os->opened) {
		e1klab_ixg_quiesce(os);
		ixg_drv_tx_timeout(os->ixg);   /* close, reset, open */
		netif_tx_wake_all_queues(os->netdev);
		schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
	}
	rtnl_unlock();
}

/* ------------------------------------------------------------------ */
/* net_device_ops                                                       */
/* ------------------------------------------------------------------ */

static int e1klab_ixg_open(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);

	if (ixg_drv_open(os->ixg) < 0) {
		e1klab_ixg_vectors_put(os);
		return -ENOMEM;
	}
	os->opened = true;
	schedule_delayed_work(&os->watchdog, E1KLAB_WATCHDOG_PERIOD);
	return 0;
}

static int e1klab_ixg_close(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);

	os->opened = false;
	e1klab_ixg_quiesce(os);
	ixg_drv_close(os->ixg);
	e1klab_ixg_vectors_put(os);
	return 0;
}

static netdev_tx_t e1klab_ixg_xmit(struct sk_buff *skb,
				   struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1klab_skb_cb saved;
	struct e1klab_qvec *qv;
	unsigned long flags;
	int busy;

	if (skb_linearize(skb)) {
		dev_kfree_skb_any(skb);
		netdev->stats.tx_dropped++;
		return NETDEV_TX_OK;
	}
	memcpy(&saved, skb->cb, sizeof(saved));
	e1klab_skb_init_tx(skb);
	/* the ring the core takes: the running CPU's (bottom halves are
	 * off here, so the CPU cannot change under us) */
	qv = &os->qvec[raw_smp_processor_id() % ixg_drv_queues(os->ixg)];
	spin_lock_irqsave(&qv->lock, flags);
	busy = ixg_drv_xmit(os->ixg, (struct e1k_skb *)skb);
	spin_unlock_irqrestore(&qv->lock, flags);
	if (!busy)
		return NETDEV_TX_OK;
	memcpy(skb->cb, &saved, sizeof(saved));
	return NETDEV_TX_BUSY;
}

static void e1klab_ixg_tx_timeout(struct net_device *netdev,
				  unsigned int txq)
{
	struct e1k_os *os = netdev_priv(netdev);

	os->tx_timeout_count++;
	schedule_work(&os->reset_task);
}

/* The totals as of the last watchdog run or ethtool -S. */
static void e1klab_ixg_get_stats64(struct net_device *netdev,
				   struct rtnl_link_stats64 *s)
{
	struct e1k_os *os = netdev_priv(netdev);
	struct e1k_link_stats64 c;
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	ixg_drv_get_stats64(os->ixg, &c);
	spin_unlock_irqrestore(&os->lock, flags);
	s->rx_packets = c.rx_packets;
	s->tx_packets = c.tx_packets;
	s->rx_bytes = c.rx_bytes;
	s->tx_bytes = c.tx_bytes;
	s->rx_errors = c.rx_errors;
	s->rx_dropped = c.rx_dropped;
	s->tx_dropped = c.tx_dropped + netdev->stats.tx_dropped;
	s->multicast = c.multicast;
	s->rx_length_errors = c.rx_length_errors;
	s->rx_over_errors = c.rx_over_errors;
	s->rx_crc_errors = c.rx_crc_errors;
	s->rx_fifo_errors = c.rx_fifo_errors;
	s->rx_missed_errors = c.rx_missed_errors;
}

static int e1klab_ixg_change_mtu(struct net_device *netdev, int new_mtu)
{
	struct e1k_os *os = netdev_priv(netdev);

	if (netif_running(netdev))
		return -EBUSY;
	if (ixg_drv_change_mtu(os->ixg, new_mtu))
		return -EINVAL;
	netdev->mtu = new_mtu;
	return 0;
}

static void e1klab_ixg_set_rx_mode(struct net_device *netdev)
{
	struct e1k_os *os = netdev_priv(netdev);
	unsigned long flags;

	spin_lock_irqsave(&os->lock, flags);
	ixg_drv_set_promisc(os->ixg, !!(netdev->flags & IFF_PROMISC));
	spin_unlock_irqrestore(&os->lock, flags);
}

static const struct net_device_ops e1klab_ixg_netdev_ops = {
	.ndo_open = e1klab_ixg_open,
	.ndo_stop = e1klab_ixg_close,
	.ndo_start_xmit = e1klab_ixg_xmit,
	.ndo_tx_timeout = e1klab_ixg_tx_timeout,
	.ndo_get_stats64 = e1klab_ixg_get_stats64,
	.ndo_change_mtu = e1klab_ixg_change_mtu,
	.ndo_set_rx_mode = e1klab_ixg_set_rx_mode,
	.ndo_validate_addr = eth_validate_addr,
};

/* ------------------------------------------------------------------ */
/* PCI                                                                  */
/* ------------------------------------------------------------------ */

static void e1klab_ixg_netdev_setup(struct e1k_os *os)
{
	struct net_device *netdev = os->netdev;

	eth_hw_addr_set(netdev, ixg_drv_mac(os->ixg));
	netdev->netdev_ops = &e1klab_ixg_netdev_ops;
	e1klab_ixg_set_ethtool_ops(netdev);
	netdev->watchdog_timeo = 5 * HZ;
	netdev->sysfs_groups[0] = &e1klab_ixg_sysfs_group;
	netdev->min_mtu = IXG_MTU_MIN;
	netdev->max_mtu = IXG_MTU_MAX;
	/* XsumRX: the core hands up verified checksums; no transmit
	 * offload is advertised (the stack sends linear, summed frames) */
	netdev->features = os->ixg_params.XsumRX ? NETIF_F_RXCSUM : 0;
}

static irqreturn_t e1klab_ixg_noirq(int irq, void *data)
{
	return IRQ_NONE;
}

/* Make /proc/irq/N exist for every vector from probe on: the kernel
 * creates it at a vector's first request_irq and keeps it until the
 * vectors are freed (remove), so a request and free here lets the guest
 * pin the vectors (smp_affinity_list) before the interface comes up, as
 * with Linux ixgbe.  The device masks every vector until open. */
static void e1klab_ixg_irq_proc(struct e1k_os *os)
{
	u32 v;

	for (v = 0; v < os->nvec_pci; v++) {
		int irq = pci_irq_vector(os->pdev, v);

		if (!request_irq(irq, e1klab_ixg_noirq, 0, E1KLAB_NAME, os))
			free_irq(irq, os);
	}
}

static int e1klab_ixg_probe(struct pci_dev *pdev,
			    const struct pci_device_id *ent)
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
	os->port = atomic_inc_return(&e1klab_ixg_ports) - 1;
	spin_lock_init(&os->lock);
	INIT_DELAYED_WORK(&os->watchdog, e1klab_ixg_watchdog);
	INIT_WORK(&os->reset_task, e1klab_ixg_reset_task);
	err = e1klab_ixg_params_get(&pdev->dev, os->port, &os->ixg_params);
	if (err)
		goto err_netdev;
	err = -EIO;
	os->hw_addr = pci_ioremap_bar(pdev, 0);
	if (!os->hw_addr)
		goto err_netdev;
	err = pci_alloc_irq_vectors(pdev, 2, os->ixg_params.queues + 1,
				    PCI_IRQ_MSIX);
	if (err < 0) {
		dev_err(&pdev->dev, "Unable to allocate MSI-X interrupts (%d)\n",
			err);
		goto err_unmap;
	}
	os->nvec_pci = err;
	e1klab_ixg_irq_proc(os);
	err = -EIO;
	os->ixg = ixg_drv_probe(os, &os->ixg_params);
	if (!os->ixg)
		goto err_vectors;
	e1klab_ixg_netdev_setup(os);
	err = register_netdev(netdev);
	if (err)
		goto err_core;
	netif_carrier_off(netdev);
	netdev_info(netdev, "e1klab port %d: 82598EB, mode %s, queues %u, InterruptThrottleRate %u, descriptors %u rx %u tx, LRO %u\n",
		    os->port, e1k_drv_mode_name(os->ixg_params.mode),
		    os->ixg_params.queues, os->ixg_params.InterruptThrottleRate,
		    os->ixg_params.RxDescriptors, os->ixg_params.TxDescriptors,
		    os->ixg_params.LRO);
	return 0;

err_core:
	ixg_drv_remove(os->ixg);
err_vectors:
	pci_free_irq_vectors(pdev);
err_unmap:
	iounmap(os->hw_addr);
err_netdev:
	free_netdev(netdev);
err_pci:
	e1klab_pci_release(pdev);
	return err;
}

static void e1klab_ixg_remove(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);
	struct e1k_os *os = netdev_priv(netdev);

	unregister_netdev(netdev);     /* closes the port if open */
	cancel_work_sync(&os->reset_task);
	cancel_delayed_work_sync(&os->watchdog);
	ixg_drv_remove(os->ixg);
	e1klab_ixg_vectors_put(os);
	pci_free_irq_vectors(pdev);
	iounmap(os->hw_addr);
	free_netdev(netdev);
	e1klab_pci_release(pdev);
}

static void e1klab_ixg_shutdown(struct pci_dev *pdev)
{
	struct net_device *netdev = pci_get_drvdata(pdev);

	rtnl_lock();
	netif_device_detach(netdev);
	if (netif_running(netdev))
		e1klab_ixg_close(netdev);
	rtnl_unlock();
}

static const struct pci_device_id e1klab_ixg_pci_ids[] = {
	{ PCI_DEVICE(PCI_VENDOR_ID_INTEL, 0x10C6) }, /* 82598EB AF dual */
	{ PCI_DEVICE(PCI_VENDOR_ID_INTEL, 0x10C7) }, /* 82598EB AF single */
	{ PCI_DEVICE(PCI_VENDOR_ID_INTEL, 0x10DD) }, /* 82598EB CX4 */
	{ }
};
MODULE_DEVICE_TABLE(pci, e1klab_ixg_pci_ids);

static struct pci_driver e1klab_ixgbe_pci_driver = {
	.name = E1KLAB_NAME,
	.id_table = e1klab_ixg_pci_ids,
	.probe = e1klab_ixg_probe,
	.remove = e1klab_ixg_remove,
	.shutdown = e1klab_ixg_shutdown,
};
module_pci_driver(e1klab_ixgbe_pci_driver);

MODULE_DESCRIPTION("e1klab: the e1klab 82598EB driver core (10 GbE, MSI-X, RSS)");
MODULE_LICENSE("GPL");
