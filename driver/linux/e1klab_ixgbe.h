/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab_ixgbe.ko, the module of the 82598EB ports: what its files share
 * beyond e1klab.h.  Every object of that module is compiled with
 * E1KLAB_IXGBE defined (Kbuild), which gives struct e1k_os its MSI-X
 * vectors; e1klab.ko (the e1000 ports) is built without it.  Files:
 * e1klab_ixgbe_main.c (PCI driver, net_device, vectors), e1klab_ixgbe_param.c
 * (module parameters), e1klab_ixgbe_ethtool.c (ethtool), and the shared
 * osdep_linux.c (driver/osdep.h on Linux) again, through
 * e1klab_ixgbe_osdep.c.  Design and locking: docs/linux-module.md
 * "The 82598EB ports".
 */
#ifndef E1KLAB_LINUX_E1KLAB_IXGBE_H
#define E1KLAB_LINUX_E1KLAB_IXGBE_H

#ifndef E1KLAB_IXGBE
#error "e1klab_ixgbe.h: the 82598EB module's objects are built with -DE1KLAB_IXGBE (driver/linux/Kbuild)"
#endif

#include "e1klab.h"
#include "ixgbe_drv.h"

/**
 * One MSI-X vector of an 82598EB port (e1klab_ixgbe_main.c): its IRQ, its
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

/* ---- e1klab_ixgbe_param.c ---- */

/**
 * As e1klab_params_get for an 82598EB port: fill @p with the module
 * parameters of port @port (mode, queues, RxDescriptors, TxDescriptors,
 * InterruptThrottleRate, XsumRX, XsumTX, TSO, LRO, udp_rss; the 82598EB
 * core's defaults where none was given) and validate them with
 * ixg_drv_params_check.  Returns 0 or -EINVAL (one line logged).
 */
int e1klab_ixg_params_get(struct device *dev, int port,
			  struct ixg_drv_params *p);

/* ---- e1klab_ixgbe_main.c ---- */

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

#endif /* E1KLAB_LINUX_E1KLAB_IXGBE_H */
