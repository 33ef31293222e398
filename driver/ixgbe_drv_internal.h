/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal state of the e1klab 82598EB driver core: the adapter, its
 * queue vectors and rings, and the helpers its files share.  Only the
 * driver/ixgbe_*.c sources include this; the OS glue uses ixgbe_drv.h.
 *
 * Files (one job each):
 *   ixgbe_hw.c     MAC reset, EEPROM (EERD) and its checksum, link
 *   ixgbe_rings.c  ring allocation, RX refill, queue programming, RSS
 *   ixgbe_rx.c     RX clean with advanced descriptors
 *   ixgbe_lro.c    software LRO (the 2007 driver's inet_lro use)
 *   ixgbe_tx.c     xmit with advanced descriptors, context, TX clean
 *   ixgbe_intr.c   MSI-X set-up (GPIE, IVAR), handlers, polls: policies
 *   ixgbe_itr.c    InterruptThrottleRate, EITR, dynamic mode
 *   ixgbe_main.c   probe/open/close/watchdog, statistics, parameters
 *
 * Names follow Linux's ixgbe (ixgbe.h): q_vector, next_to_use,
 * next_to_clean, tx_buffer, itr, eims_value ...
 */
#ifndef IXG_DRIVER_IXGBE_DRV_INTERNAL_H
#define IXG_DRIVER_IXGBE_DRV_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ixgbe_drv.h"
#include "ixgbe_regs.h"
#include "nic_bytes.h"
#include "osdep.h"

/** Return RX buffers to hardware in batches of this many descriptors
 *  (Linux IXGBE_RX_BUFFER_WRITE). */
#define IXG_RX_BUFFER_WRITE 16u
/** Largest data per TX descriptor the driver uses, bytes (Linux
 *  IXGBE_MAX_DATA_PER_TXD = 1 << 14). */
#define IXG_MAX_DATA_PER_TXD 16384u
/** Free TX descriptors below which xmit stops the queue (Linux
 *  DESC_NEEDED = MAX_SKB_FRAGS + 4) and at which clean wakes it
 *  (TX_WAKE_THRESHOLD = 2 * DESC_NEEDED). */
#define IXG_DESC_NEEDED 21u
#define IXG_TX_WAKE_THRESHOLD (2u * IXG_DESC_NEEDED)
/** Rounds of RX+TX cleaning per legacy interrupt (the e1000 core's
 *  E1K_MAX_INTR). */
#define IXG_MAX_INTR 10
/** Receive descriptor thresholds (Linux ixgbe_configure_rx_ring for the
 *  82598: PTHRESH 32, HTHRESH 4, WTHRESH 8) and transmit (ixgbe 82598:
 *  PTHRESH 32, HTHRESH 1, WTHRESH 8). */
#define IXG_RXDCTL_THRESH (32u | 4u << 8 | 8u << 16)
#define IXG_TXDCTL_THRESH (32u | 1u << 8 | 8u << 16)
/** Dynamic ITR targets, interrupts per second (Linux ixgbe_set_itr:
 *  lowest latency, low latency, bulk) and the start value. */
#define IXG_ITR_LOWEST 100000u
#define IXG_ITR_LOW 20000u
#define IXG_ITR_BULK 8000u
/** LRO: the 2007 driver's aggregate limit (bytes of an IPv4 datagram). */
#define IXG_LRO_MAX_LEN 65535u

enum ixg_latency { IXG_LOWEST_LATENCY = 0, IXG_LOW_LATENCY, IXG_BULK_LATENCY };

/** A TX slot: the skb is kept on the frame's last descriptor; the
 *  first holds the index of that last one (next_to_watch, +1; 0 none). */
struct ixg_tx_buffer {
    struct e1k_skb *skb;
    uint32_t next_to_watch;
    uint32_t bytes;
};

/** A descriptor ring (RX or TX) of one queue. */
struct ixg_ring {
    uint8_t *desc;              /**< count x 16 bytes, DMA-coherent */
    uint64_t dma;
    size_t size;                /**< bytes of desc */
    uint32_t count;
    uint32_t next_to_use, next_to_clean;
    uint32_t reg_idx;           /**< the hardware queue */
    struct e1k_skb **rx_skb;    /**< RX: buffer per descriptor */
    struct ixg_tx_buffer *tx_buf; /**< TX */
};

/** Software LRO state of a queue vector: one flow at a time. */
struct ixg_lro {
    struct e1k_skb *skb;        /**< the frame being built, NULL: none */
    uint32_t saddr, daddr;      /**< network byte order as read */
    uint16_t sport, dport;
    uint32_t next_seq;          /**< sequence number expected next */
    uint32_t segs;              /**< segments in skb */
    uint32_t mss;               /**< first segment's TCP payload, bytes
                                     (handed up as gso_size) */
    uint32_t data_len;          /**< TCP payload in skb, bytes */
    uint32_t data_csum;         /**< 16-bit ones'-complement sum of that
                                     payload (from the segments' TCP
                                     checksums, RFC 1624) */
};

/** One MSI-X vector with its queue pair (struct ixgbe_q_vector). */
struct ixg_q_vector {
    struct ixg_adapter *a;
    uint32_t v;                 /**< vector = queue index */
    uint32_t eims_value;        /**< its EICR/EIMS bit */
    struct ixg_ring rx, tx;
    uint32_t itr;               /**< current target, ints/s (0 off) */
    uint32_t itr_state;         /**< enum ixg_latency of the last update */
    uint64_t rx_bytes_irq, rx_pkts_irq, tx_bytes_irq, tx_pkts_irq;
    struct ixg_lro lro;
    struct ixg_drv_queue_counters c;
};

/** Statistics register totals (64-bit, accumulated). */
struct ixg_hw_stats {
    uint64_t gprc, gptc, gorc, gotc, mprc, bprc, mptc, bptc;
    uint64_t crcerrs, rlec, ruc, roc, mpc, rnbc;
};

struct ixg_adapter {
    struct e1k_os *os;
    struct ixg_drv_params p;
    uint8_t mac[6];
    uint32_t num_q;             /**< queue pairs in use */
    uint32_t num_vec;           /**< MSI-X vectors: num_q + 1 */
    uint32_t rx_buffer_len;     /**< bytes */
    uint32_t mtu;
    bool promisc;
    bool up;
    bool link_up;
    struct ixg_q_vector *qv;    /**< num_q */
    struct ixg_hw_stats stats;
    struct ixg_drv_counters c;
    uint32_t reta[IXG_RETA_ENTRIES];
};

/* ixgbe_hw.c */
int ixg_hw_reset(struct ixg_adapter *a);
int ixg_hw_validate_eeprom(struct ixg_adapter *a);
void ixg_hw_read_mac(struct ixg_adapter *a);
bool ixg_hw_check_link(struct ixg_adapter *a);
/* ixgbe_rings.c */
int ixg_rings_alloc(struct ixg_adapter *a);
void ixg_rings_free(struct ixg_adapter *a);
void ixg_configure_rx(struct ixg_adapter *a);
void ixg_configure_tx(struct ixg_adapter *a);
void ixg_configure_rss(struct ixg_adapter *a);
void ixg_rx_refill(struct ixg_q_vector *q, uint32_t n);
uint32_t ixg_desc_unused(const struct ixg_ring *r);
/* ixgbe_rx.c */
int ixg_clean_rx_irq(struct ixg_q_vector *q, int work_to_do, bool napi);
void ixg_deliver(struct ixg_q_vector *q, struct e1k_skb *skb, bool napi);
/* ixgbe_lro.c */
bool ixg_lro_receive(struct ixg_q_vector *q, struct e1k_skb *skb,
                     bool csum_ok);
void ixg_lro_flush(struct ixg_q_vector *q, bool napi);
/* ixgbe_tx.c */
bool ixg_clean_tx_irq(struct ixg_q_vector *q);
/* ixgbe_intr.c */
void ixg_configure_msix(struct ixg_adapter *a);
void ixg_irq_enable(struct ixg_adapter *a);
void ixg_irq_disable(struct ixg_adapter *a);
/* ixgbe_itr.c */
uint32_t ixg_itr_start(const struct ixg_drv_params *p);
void ixg_write_eitr(struct ixg_q_vector *q);
void ixg_update_itr(struct ixg_q_vector *q);

static inline uint32_t ixg_rd(struct ixg_adapter *a, uint32_t reg)
{
    return e1k_os_readl(a->os, reg);
}

static inline void ixg_wr(struct ixg_adapter *a, uint32_t reg, uint32_t v)
{
    e1k_os_writel(a->os, reg, v);
}

/** IXGBE_WRITE_FLUSH: a read of STATUS after posted writes. */
static inline void ixg_flush(struct ixg_adapter *a)
{
    (void)ixg_rd(a, IXG_STATUS);
}

#endif /* IXG_DRIVER_IXGBE_DRV_INTERNAL_H */
