/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab 82598EB driver core: the interface the OS glue calls.
 *
 * A kernel-style driver for the Intel 82598EB 10 GbE controller over
 * driver/osdep.h, as the e1000 core (e1000_drv.h) is: the same four
 * interrupt/poll policies (enum e1k_drv_mode), here per MSI-X vector:
 * one vector per queue pair (RX queue q and TX queue q, IVAR, datasheet
 * 3.5.4 and 4.4.3.3.8) plus one for the other causes (link).  Receive
 * side scaling spreads flows over the queues (RSSRK, RETA, MRQC,
 * datasheet 3.5.2.10); moderation is per vector by EITR (datasheet
 * 3.5.4.2) with Intel's InterruptThrottleRate names; software LRO is the
 * 2007 driver's (merge in-order TCP segments of one flow within a poll).
 * Sequences follow Linux's ixgbe ([LINUX-IXGBE] ixgbe_main.c,
 * ixgbe_82598.c); docs/driver.md "The 82598EB core".
 */
#ifndef IXG_DRIVER_IXGBE_DRV_H
#define IXG_DRIVER_IXGBE_DRV_H

#include <stdbool.h>
#include <stdint.h>

#include "e1000_drv.h"   /* enum e1k_drv_mode, struct e1k_link_stats64 */
#include "osdep.h"

/** Most queue pairs (RSS queues) the core drives: the 82598's 16 RSS
 *  queues (datasheet 3.5.2.10; RETA entries are 4-bit queue numbers),
 *  each with its own MSI-X vector. */
#define IXG_DRV_MAX_QUEUES 16u

/** Driver parameters (the out-of-tree ixgbe's module parameter names
 *  where it had them, the e1000 core's otherwise). */
struct ixg_drv_params {
    enum e1k_drv_mode mode;   /**< interrupt/poll policy, per vector */
    uint32_t queues;          /**< RSS queue pairs, 1..16 (one MSI-X
                                   vector each) */
    uint32_t RxDescriptors;   /**< per RX ring, 64..4096, multiple of 8 */
    uint32_t TxDescriptors;   /**< per TX ring, 64..4096, multiple of 8 */
    uint32_t InterruptThrottleRate; /**< 0 off, 1 dynamic, 3 dynamic
                                         conservative, 956..488281 ints/s
                                         per vector (EITR) */
    uint32_t XsumRX;          /**< 1: hand up verified L4 checksums */
    uint32_t XsumTX;          /**< 1: TCP/UDP checksum offload */
    uint32_t TSO;             /**< 1: TCP segmentation offload (needs
                                   XsumTX) */
    uint32_t LRO;             /**< 1: software large receive offload
                                   (NAPI policies; needs XsumRX) */
    uint32_t lro_max_aggr;    /**< segments merged at most, 2..64 */
    uint32_t udp_rss;         /**< 1: RSS hashes UDP ports too (MRQC
                                   UDP_IPV4/IPV6; `ethtool -N rx-flow-hash
                                   udp4 sdfn`); 0: addresses only */
    uint32_t weight;          /**< NAPI weight per queue vector, 1..4096 */
    uint32_t napi_per_device; /**< 1: NAPI as before Linux 2.6.24, one
                                   poll per device (the context of vector
                                   0) cleaning every queue within one
                                   quota of `weight` (dev->weight); 0: a
                                   napi_struct per queue vector (2.6.24) */
};

/** Defaults: mode napi, 1 queue, 512/512 descriptors,
 *  InterruptThrottleRate 1 (dynamic, starting at 20000 ints/s), XsumRX 1,
 *  XsumTX 0, TSO 0, LRO 0, lro_max_aggr 32, udp_rss 0, weight 64,
 *  napi_per_device 0. */
void ixg_drv_params_default(struct ixg_drv_params *p);
/** NULL if @p is valid, else a static "KEY: allowed range" message. */
const char *ixg_drv_params_check(const struct ixg_drv_params *p);

/** Per queue pair counters (one MSI-X vector each). */
struct ixg_drv_queue_counters {
    uint64_t rx_packets, rx_bytes;   /**< frames the driver took (after
                                          LRO: segments, not merges) */
    uint64_t tx_packets, tx_bytes;   /**< frames cleaned after sending */
    uint64_t interrupts;             /**< handler calls of the vector */
    uint64_t polls;                  /**< NAPI polls of the vector */
    uint64_t polls_complete;         /**< polls that completed */
    uint64_t polls_budget;           /**< polls that used the budget */
    uint64_t lro_aggregated;         /**< segments merged into another */
    uint64_t lro_flushed;            /**< merged frames handed up */
    uint32_t itr;                    /**< current ints/s target (0 off) */
};

/** Adapter-wide counters (the e1000 core's names where they apply). */
struct ixg_drv_counters {
    uint64_t interrupts;       /**< handler calls, all vectors */
    uint64_t interrupts_other; /**< of the other-causes vector */
    uint64_t polls, polls_complete, polls_budget;
    uint64_t rx_cleaned, tx_cleaned;
    uint64_t rx_alloc_failed, tx_busy, tx_dropped;
    uint64_t itr_changes;      /**< EITR rewrites by the dynamic mode */
    uint64_t lro_aggregated, lro_flushed;
};

struct ixg_adapter;

/** Probe: reset the MAC (CTRL.RST), read the EEPROM through EERD and
 *  check its sum (0xBABA), take the MAC address from RAL0/RAH0 (the
 *  hardware loads it from the EEPROM, datasheet 4.4.3.6.4), check the
 *  link.  The adapter, or NULL (logged). */
struct ixg_adapter *ixg_drv_probe(struct e1k_os *os,
                                  const struct ixg_drv_params *p);
void ixg_drv_remove(struct ixg_adapter *a);
const uint8_t *ixg_drv_mac(const struct ixg_adapter *a);
/** Queue pairs in use (the parameter, or fewer if the OS granted fewer
 *  MSI-X vectors; set at open). */
uint32_t ixg_drv_queues(const struct ixg_adapter *a);
/** ndo_open: MSI-X vectors (queues + 1), rings, RSS, EITR, enable.
 *  0 or -1 (logged). */
int ixg_drv_open(struct ixg_adapter *a);
/** ndo_stop: disable, free rings and buffers. */
void ixg_drv_close(struct ixg_adapter *a);
/** Handler of MSI-X vector @v (0..queues-1 a queue pair, queues: the
 *  other causes).  1 IRQ_HANDLED, 0 IRQ_NONE. */
int ixg_drv_msix_intr(struct ixg_adapter *a, uint32_t v);
/** NAPI poll of queue vector @v with @budget frames; the RX work done. */
int ixg_drv_poll(struct ixg_adapter *a, uint32_t v, int budget);
/** ndo_start_xmit: 0 NETDEV_TX_OK (consumed), 1 NETDEV_TX_BUSY.  The TX
 *  ring is the running CPU's (CPU modulo queues). */
int ixg_drv_xmit(struct ixg_adapter *a, struct e1k_skb *skb);
/** The 2 s watchdog (Linux ixgbe_watchdog): link check, statistics. */
void ixg_drv_watchdog(struct ixg_adapter *a);
/** ndo_tx_timeout: counted and logged; the rings are reset. */
void ixg_drv_tx_timeout(struct ixg_adapter *a);
/** Read the clear-on-read statistics registers into the totals. */
void ixg_drv_update_stats(struct ixg_adapter *a);
/** ndo_get_stats64 from the totals (docs/driver.md "The 82598EB core"). */
void ixg_drv_get_stats64(const struct ixg_adapter *a,
                         struct e1k_link_stats64 *s);
void ixg_drv_get_counters(const struct ixg_adapter *a,
                          struct ixg_drv_counters *c);
/** Counters of queue pair @q (< queues): 0, or -1 if out of range. */
int ixg_drv_get_queue_counters(const struct ixg_adapter *a, uint32_t q,
                               struct ixg_drv_queue_counters *c);
/** The RX queue RSS gives a flow of @hash (RETA[hash & 127]). */
uint32_t ixg_drv_rss_queue(const struct ixg_adapter *a, uint32_t hash);

/** MTU range: 68 .. 9710 (Linux ixgbe's 82598 maximum frame 9728 less
 *  header and FCS). */
#define IXG_MTU_MIN 68u
#define IXG_MTU_MAX 9710u
/** Receive buffer bytes for @mtu: 2048 up to MTU 1500 (+ header and
 *  FCS fit), else the frame rounded up to 1 KB (SRRCTL BSIZEPACKET). */
uint32_t ixg_drv_rx_buffer_len(uint32_t mtu);
/** ndo_change_mtu before open: 0, or -1 out of range. */
int ixg_drv_change_mtu(struct ixg_adapter *a, uint32_t mtu);
/** IFF_PROMISC: FCTRL.UPE|MPE (written at open, or at once if up). */
void ixg_drv_set_promisc(struct ixg_adapter *a, bool on);

#endif /* IXG_DRIVER_IXGBE_DRV_H */
