/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab Linux module: the glue's shared state.  struct e1k_os is the
 * net_device's private area (netdev_priv); the driver core sees it only as
 * the opaque handle of driver/osdep.h.
 *
 * Files: e1klab_main.c (PCI probe/remove, net_device_ops, interrupt,
 * NAPI poll, watchdog and reset work), osdep_linux.c (driver/osdep.h on
 * Linux), e1klab_ethtool.c (ethtool -i/-S/-c), e1klab_param.c (module
 * parameters).  Design and locking: docs/linux-module.md.
 *
 * The same glue builds two modules (Kbuild): e1klab.ko for the e1000
 * ports and e1klab_ixgbe.ko for the 82598EB ports, whose objects are
 * compiled with E1KLAB_IXGBE defined: struct e1k_os then carries the
 * MSI-X vectors, and osdep_linux.c hands received frames to the polling
 * vector's NAPI (e1klab_ixgbe.h).  Two modules, so that e1klab.ko stays
 * the module it was, instruction for instruction: under QEMU's -icount
 * every instruction the guest runs is virtual time, and a few more per
 * frame on the e1000 path shift the e1000 guest's measured results.
 */
#ifndef E1KLAB_LINUX_E1KLAB_H
#define E1KLAB_LINUX_E1KLAB_H

#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "e1000_drv.h"
#ifdef E1KLAB_IXGBE
#include "ixgbe_drv.h"
#endif

/** Driver name: the module file (e1klab.ko, e1klab_ixgbe.ko) and the
 *  `ethtool -i` driver field. */
#ifdef E1KLAB_IXGBE
#define E1KLAB_NAME "e1klab_ixgbe"
#else
#define E1KLAB_NAME "e1klab"
#endif
/** Most ports whose parameters can be given per port (array length of
 *  every per-port module parameter, as E1000_MAX_NIC). */
#define E1KLAB_MAX_NIC 32
/** Watchdog period (Linux e1000 runs its watchdog every 2 s). */
#define E1KLAB_WATCHDOG_PERIOD (2 * HZ)

/**
 * Per-port state (netdev_priv of the net_device).
 *
 * Locking (the full argument is in docs/linux-module.md "Locking"):
 * @lock serialises every entry into the driver core except open, close
 * and the reset work, which first stop every other entry (IRQ line,
 * NAPI, TX queue, watchdog) and then call the core without it.
 *   - legacy mode: the hard interrupt handler cleans the rings, so it
 *     holds @lock, and everyone else takes it with interrupts off;
 *   - NAPI modes: the handler touches no ring (it masks/acks and
 *     schedules) and runs without @lock; the poll holds @lock (softirq)
 *     but releases it around each hand-over to the stack
 *     (napi_gro_receive, napi_complete_done), where the core holds no
 *     TX state, so a frame forwarded out of the same port can re-enter
 *     ndo_start_xmit.
 */
struct e1k_os {
	struct net_device *netdev;
	struct pci_dev *pdev;
	void __iomem *hw_addr;        /* BAR0, 128 KB of registers */
	struct e1k_adapter *core;     /* driver core adapter */
	struct e1k_drv_params params; /* as validated at probe */
	int port;                     /* index into the per-port parameters */
	bool napi_mode;               /* mode != legacy: a NAPI instance */
	bool opened;                  /* between ndo_open and ndo_stop (rtnl) */
	spinlock_t lock;
	struct napi_struct napi;
	struct delayed_work watchdog; /* e1k_drv_watchdog every 2 s */
	struct work_struct reset_task;/* e1k_drv_tx_timeout in process context */
	u64 tx_timeout_count;         /* ndo_tx_timeout calls */
	/* ns spent in e1klab_intr (local_clock() at entry and return; the
	 * kernel's own entry and exit code around the handler excluded):
	 * the port's hard-interrupt time, which Debian's kernel without
	 * CONFIG_IRQ_TIME_ACCOUNTING does not account.  Read as ethtool -S
	 * hardirq_ns and /sys/class/net/IF/hardirq_ns. */
	u64 hardirq_ns;
	u32 msg_enable;               /* ethtool msglvl (stored) */
#ifdef E1KLAB_IXGBE
	/* 82598EB ports only (e1klab_ixgbe.ko: E1KLAB_IXGBE, see below) */
	struct ixg_adapter *ixg;      /* 82598EB driver core adapter */
	struct ixg_drv_params ixg_params; /* as validated at probe */
	struct e1klab_qvec *qvec;     /* nvec MSI-X vectors, the last one
					 for the other causes */
	u32 nvec;
	u32 nvec_pci;                 /* MSI-X vectors allocated at probe */
	/* time in the vectors' hard interrupt handlers, ns (local_clock),
	 * summed over every vector and CPU: /sys/class/net/IF/hardirq_ns */
	atomic64_t hardirq_ns_vec;
#endif
};

/** What the glue keeps in skb->cb while the driver owns a buffer
 *  (osdep_linux.c). */
struct e1klab_skb_cb {
	dma_addr_t dma;     /* bus address if mapped */
	u32 room;           /* bytes of room asked for at allocation */
	u32 map_len;        /* bytes mapped */
	u8 dir;             /* enum dma_data_direction; DMA_NONE: unmapped */
};

/* ---- e1klab_param.c ---- */

/**
 * Fill @p with the module parameters of port @port (defaults where none
 * was given) and validate them with e1k_drv_params_check.  Returns 0, or
 * -EINVAL after logging one line on @dev that names the parameter, the
 * value given and the allowed range.
 */
int e1klab_params_get(struct device *dev, int port, struct e1k_drv_params *p);

/* ---- e1klab_main.c ---- */

/** The interrupt handler (e1k_drv_intr); the self-test installs it on
 *  the line for its interrupt test while the port is closed. */
irqreturn_t e1klab_intr(int irq, void *data);
/** ndo_stop and ndo_open, for the offline self-test (rtnl held). */
int e1klab_stop_port(struct net_device *netdev);
int e1klab_start_port(struct net_device *netdev);
/** Stop every entry into the core but rtnl's (IRQ line, NAPI, TX queue,
 *  watchdog) if the port is open, and start them again: around core
 *  calls that sleep or reopen the rings (rtnl held). */
void e1klab_quiesce_port(struct e1k_os *os);
void e1klab_resume_port(struct e1k_os *os);

/* ---- e1klab_ethtool.c ---- */

/** Install the ethtool operations on @netdev. */
void e1klab_set_ethtool_ops(struct net_device *netdev);

/* ---- osdep_linux.c ---- */

/** Prepare a transmit skb's control block (not DMA-mapped) before it is
 *  handed to e1k_drv_xmit. */
void e1klab_skb_init_tx(struct sk_buff *skb);

#endif /* E1KLAB_LINUX_E1KLAB_H */
