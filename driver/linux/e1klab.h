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
 */
#ifndef E1KLAB_LINUX_E1KLAB_H
#define E1KLAB_LINUX_E1KLAB_H

#include <linux/interrupt.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "e1000_drv.h"
#include "ixgbe_drv.h"

/** Driver name: module file e1klab.ko, `ethtool -i` driver field. */
#define E1KLAB_NAME "e1klab"
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
	/* 82598EB ports only (e1klab_ixgbe.c; NULL/0 on an e1000 port) */
	struct ixg_adapter *ixg;      /* 82598EB driver core adapter */
	struct ixg_drv_params ixg_params; /* as validated at probe */
	struct e1klab_qvec *qvec;     /* nvec MSI-X vectors, the last one
					 for the other causes */
	u32 nvec;
	u32 nvec_pci;                 /* MSI-X vectors allocated at probe */
};

/**
 * One MSI-X vector of an 82598EB port (e1klab_ixgbe.c): its IRQ, its
 * NAPI context (queue vectors in the NAPI modes) and the lock of its
 * queue pair.  @lock is taken with interrupts off by everyone (the
 * legacy-mode handler cleans the rings in hard interrupt context); the
 * poll keeps the saved flags in @flags so that the hand-over to the stack
 * (e1k_os_receive_skb, e1k_os_napi_complete_done_vec) can release and
 * retake it.  The other-causes vector uses the port's struct e1k_os lock.
 */
struct e1klab_qvec {
	struct e1k_os *os;
	u32 v;                        /* vector = queue pair index */
	spinlock_t lock;
	unsigned long flags;          /* of spin_lock_irqsave while polling */
	struct napi_struct napi;
	bool has_napi, napi_on, irq_on;
	char name[IFNAMSIZ + 16];     /* /proc/interrupts: IF-TxRx-N, IF */
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

/** PCI resources of a port (either chip): memory decoding, 64-bit DMA
 *  (32-bit if the platform cannot), BAR0 requested, bus mastering.
 *  0 or a negative errno (logged); e1klab_pci_release undoes it. */
int e1klab_pci_setup(struct pci_dev *pdev);
void e1klab_pci_release(struct pci_dev *pdev);

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

/* ---- e1klab_param.c (82598EB) ---- */

/**
 * As e1klab_params_get for an 82598EB port: fill @p with the module
 * parameters of port @port (mode, queues, RxDescriptors, TxDescriptors,
 * InterruptThrottleRate, XsumRX, XsumTX, TSO, LRO, udp_rss; the 82598EB
 * core's defaults where none was given) and validate them with
 * ixg_drv_params_check.  Returns 0 or -EINVAL (one line logged).
 */
int e1klab_ixg_params_get(struct device *dev, int port,
			  struct ixg_drv_params *p);
/** -EINVAL (one line logged) if one of the 82598EB-only parameters
 *  (queues, XsumTX, TSO, LRO, udp_rss) was given for e1000 port @port. */
int e1klab_params_e1000_only(struct device *dev, int port);

/* ---- e1klab_ixgbe.c ---- */

/** The PCI driver of the 82598EB ports (8086:10C6, 10C7, 10DD). */
extern struct pci_driver e1klab_ixgbe_pci_driver;
/** Next port index (probe order over both chips). */
int e1klab_next_port(void);
/** Request @nvec MSI-X vectors with their IRQs and NAPI contexts
 *  (e1k_os_enable_msix); the number granted, 0 on failure. */
u32 e1klab_ixg_vectors_get(struct e1k_os *os, u32 nvec);
/** Release what e1klab_ixg_vectors_get set up (none: nothing). */
void e1klab_ixg_vectors_put(struct e1k_os *os);
/** The queue vector the running CPU is polling, NULL outside a poll. */
struct e1klab_qvec *e1klab_ixg_polling(void);

/* ---- e1klab_ixgbe_ethtool.c ---- */

/** Install the 82598EB ethtool operations on @netdev. */
void e1klab_ixg_set_ethtool_ops(struct net_device *netdev);

/* ---- e1klab_ethtool.c ---- */

/** Install the ethtool operations on @netdev. */
void e1klab_set_ethtool_ops(struct net_device *netdev);

/* ---- osdep_linux.c ---- */

/** Prepare a transmit skb's control block (not DMA-mapped) before it is
 *  handed to e1k_drv_xmit. */
void e1klab_skb_init_tx(struct sk_buff *skb);

#endif /* E1KLAB_LINUX_E1KLAB_H */
