/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * OS-dependency layer of the e1klab driver cores (e1000 and 82598EB).
 *
 * The driver cores (driver/e1000_*.c, driver/ixgbe_*.c) are written in
 * kernel style and call only what this header declares.  Each OS provides one implementation:
 * the testbench (testbench/sim/tb_osdep.c) charges modelled CPU time for every
 * operation; a Linux module would map these to readl/writel, dma_map_*,
 * napi_* and netif_* (as Intel's shared e1000 base code sits on a per-OS
 * osdep layer).
 *
 * Units: register offsets in bytes (hw/net/e1000_regs.h,
 * hw/net/ixgbe/ixgbe_regs.h), delays in
 * microseconds, lengths in bytes, bus addresses 64-bit.
 */
#ifndef E1K_DRIVER_OSDEP_H
#define E1K_DRIVER_OSDEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** The OS's per-adapter handle (net_device + PCI device).  Opaque. */
struct e1k_os;
/** The OS's packet buffer (sk_buff).  Opaque to the driver. */
struct e1k_skb;

/* ---- register access (MMIO BAR0) ---- */
/** readl: stalls the CPU for a bus round trip. */
uint32_t e1k_os_readl(struct e1k_os *os, uint32_t reg);
/** writel: posted write. */
void e1k_os_writel(struct e1k_os *os, uint32_t reg, uint32_t val);
/** writel of @val to @wreg, then readl of @rreg, whose value is returned:
 *  a posted write and the read that flushes it (Linux ew32 followed by
 *  E1000_WRITE_FLUSH), as one call. */
uint32_t e1k_os_writel_readl(struct e1k_os *os, uint32_t wreg, uint32_t val,
                             uint32_t rreg);

/* ---- time ---- */
/** Busy-wait @us microseconds (charges CPU time in the testbench). */
void e1k_os_udelay(struct e1k_os *os, uint32_t us);
/** Sleep @ms milliseconds (process context; time passes). */
void e1k_os_msleep(struct e1k_os *os, uint32_t ms);
/** Current time in ns (for dynamic ITR, watchdog bookkeeping). */
uint64_t e1k_os_now_ns(struct e1k_os *os);

/* ---- memory for the driver's own bookkeeping (not DMA-able) ---- */
/** kzalloc: @size bytes of zeroed memory, suitably aligned for any
 *  object; NULL on failure. */
void *e1k_os_kzalloc(struct e1k_os *os, size_t size);
/** kcalloc: an array of @n elements of @size bytes each, zeroed; NULL on
 *  failure or if @n x @size overflows size_t. */
void *e1k_os_kcalloc(struct e1k_os *os, size_t n, size_t size);
/** kfree: release memory from e1k_os_kzalloc/e1k_os_kcalloc; NULL is
 *  accepted and does nothing. */
void e1k_os_kfree(struct e1k_os *os, void *p);

/* ---- DMA-coherent memory for descriptor rings ---- */
/** Allocate @size bytes of zeroed DMA-able memory aligned to 4096; CPU
 *  pointer returned, bus address in *bus.  NULL on failure. */
void *e1k_os_alloc_coherent(struct e1k_os *os, size_t size, uint64_t *bus);
void e1k_os_free_coherent(struct e1k_os *os, size_t size, void *cpu,
                          uint64_t bus);

/* ---- packet buffers ---- */
/** netdev_alloc_skb: a buffer with room for @len bytes; NULL on failure. */
struct e1k_skb *e1k_os_alloc_skb(struct e1k_os *os, uint32_t len);
/** dev_kfree_skb_any. */
void e1k_os_free_skb(struct e1k_os *os, struct e1k_skb *skb);
/** Start of the packet data. */
uint8_t *e1k_os_skb_data(struct e1k_skb *skb);
/** Current data length in bytes. */
uint32_t e1k_os_skb_len(const struct e1k_skb *skb);
/** skb_put: set the data length to @len bytes (<= allocated room). */
void e1k_os_skb_set_len(struct e1k_skb *skb, uint32_t len);
/** Bus address of the packet data (dma_map_single); 0 on failure. */
uint64_t e1k_os_skb_dma(struct e1k_os *os, struct e1k_skb *skb);
/** Mark the received checksum as verified by hardware
 *  (CHECKSUM_UNNECESSARY). */
void e1k_os_skb_csum_ok(struct e1k_skb *skb);
/** Receive: skb_shinfo(skb)->gso_size = @mss (bytes of TCP payload per
 *  original segment) on a frame merged by software LRO, as Linux's
 *  inet_lro sets it when it flushes a session, so that TCP measures its
 *  receive MSS (tcp_measure_rcv_mss: gso_size, else the length) from the
 *  segments and not from the merged frame. */
void e1k_os_skb_set_gso_size(struct e1k_skb *skb, uint32_t mss);
/** Receive, software LRO: chain @len bytes of @skb, from @off on, to
 *  @parent (skb_pull + skb_trim of @skb and append to
 *  skb_shinfo(parent)->frag_list, as inet_lro's lro_add_packet and the
 *  2007 ixgbe did): no copy; @parent's length grows by @len and @skb
 *  then belongs to it (freed with it).  Returns the parent to use from
 *  now on (an OS whose skbs are linear may move it into a larger
 *  buffer, at no CPU cost, as the chaining has none), or NULL if it
 *  cannot take @len more bytes (nothing changed; the caller still owns
 *  @skb and @parent). */
struct e1k_skb *e1k_os_skb_chain(struct e1k_os *os, struct e1k_skb *parent,
                                 struct e1k_skb *skb, uint32_t off,
                                 uint32_t len);
/* Transmit offloads (Linux skb fields; an OS that advertises neither
 * NETIF_F_SG, NETIF_F_TSO nor NETIF_F_IP_CSUM returns headlen = len, 0
 * frags, gso_size 0 and no CHECKSUM_PARTIAL). */
/** skb_headlen: bytes of the linear part (at e1k_os_skb_data, mapped by
 *  e1k_os_skb_dma); e1k_os_skb_len less the fragments' bytes. */
uint32_t e1k_os_skb_headlen(const struct e1k_skb *skb);
/** skb_shinfo(skb)->nr_frags: page fragments after the linear part. */
uint32_t e1k_os_skb_nr_frags(const struct e1k_skb *skb);
/** skb_frag_dma_map of fragment @i (< nr_frags): its bus address, its
 *  length in *@len bytes; 0 on failure. */
uint64_t e1k_os_skb_frag_dma(struct e1k_os *os, struct e1k_skb *skb,
                             uint32_t i, uint32_t *len);
/** skb_shinfo(skb)->gso_size: the MSS a TSO skb is to be cut at, bytes;
 *  0 if the skb is not GSO. */
uint32_t e1k_os_skb_gso_size(const struct e1k_skb *skb);
/** ip_summed == CHECKSUM_PARTIAL: the stack left the L4 checksum to the
 *  NIC (seeded with the pseudo-header sum); *@start is the L4 header's
 *  offset (skb_checksum_start_offset), *@offset the checksum field's
 *  offset from it (csum_offset).  false: nothing to complete. */
bool e1k_os_skb_csum_partial(const struct e1k_skb *skb, uint32_t *start,
                             uint32_t *offset);
/** skb_vlan_tag_present / skb_vlan_tag_get: true and the 802.1Q tag
 *  control information in *@tci if the stack left the tag to the NIC
 *  (NETIF_F_HW_VLAN_CTAG_TX); false for an untagged skb or an OS that
 *  never offloads it. */
bool e1k_os_skb_vlan_tx(const struct e1k_skb *skb, uint16_t *tci);
/** __vlan_hwaccel_put_tag: the NIC stripped tag @tci from the received
 *  frame (CTRL.VME): hand it to the stack with the skb. */
void e1k_os_skb_vlan_rx(struct e1k_skb *skb, uint16_t tci);
/** Copy @len bytes into a freshly allocated skb (copybreak). */
void e1k_os_memcpy(struct e1k_os *os, void *dst, const void *src,
                   uint32_t len);

/* ---- the stack ---- */
/** NAPI delivery: netif_receive_skb (napi_gro_receive). */
void e1k_os_receive_skb(struct e1k_os *os, struct e1k_skb *skb);
/** Non-NAPI delivery: netif_rx into the per-CPU backlog.  Returns 0 if
 *  queued, -1 if dropped (backlog full; the OS counts it). */
int e1k_os_netif_rx(struct e1k_os *os, struct e1k_skb *skb);
/** napi_schedule_prep + __napi_schedule: returns true if this call
 *  scheduled the poll (it was not already scheduled). */
bool e1k_os_napi_schedule(struct e1k_os *os);
/** napi_complete_done(@work_done): true if interrupts may be re-enabled. */
bool e1k_os_napi_complete_done(struct e1k_os *os, int work_done);
/** Transmit queue flow control. */
void e1k_os_netif_stop_queue(struct e1k_os *os);
void e1k_os_netif_wake_queue(struct e1k_os *os);
bool e1k_os_netif_queue_stopped(struct e1k_os *os);
/** Carrier (link) state for the stack. */
void e1k_os_netif_carrier(struct e1k_os *os, bool on);

/* ---- MSI-X: a vector and a NAPI context per queue (the 82598EB core;
 * the e1000 core uses none of these) ---- */
/** pci_enable_msix_range + request_irq per vector: ask for @nvec MSI-X
 *  vectors; the number granted (<= @nvec), 0 if MSI-X is unavailable.
 *  Vector v's interrupts then call the driver's handler of v on the CPU
 *  its affinity names, and v has its own NAPI context (netif_napi_add
 *  per queue vector) for e1k_os_napi_schedule_vec. */
uint32_t e1k_os_enable_msix(struct e1k_os *os, uint32_t nvec);
/** napi_schedule of vector @v's NAPI context: true if this call
 *  scheduled it.  The poll runs on the CPU that calls this. */
bool e1k_os_napi_schedule_vec(struct e1k_os *os, uint32_t v);
/** napi_complete_done(@work_done) of vector @v's NAPI context: true if
 *  the vector's interrupt may be re-enabled. */
bool e1k_os_napi_complete_done_vec(struct e1k_os *os, uint32_t v,
                                   int work_done);
/** smp_processor_id: the CPU running the caller, 0.. (a multiqueue
 *  driver picks the transmit ring by it). */
uint32_t e1k_os_cpu_id(struct e1k_os *os);

/* ---- CPU cost accounting (no-op on a real OS) ---- */
/** Modelled driver operations whose CPU cost the OS charges. */
enum e1k_os_cost {
    E1K_COST_RX_CLEAN = 0,  /**< per RX descriptor cleaned */
    E1K_COST_RX_REFILL,     /**< per RX buffer given back to hardware */
    E1K_COST_TX_CLEAN,      /**< per TX descriptor cleaned */
    E1K_COST_XMIT,          /**< per frame queued for transmit (driver) */
    E1K_COST_ISR,           /**< driver interrupt handler body */
    E1K_COST_POLL,          /**< driver poll entry/exit */
    E1K_COST_LRO_SEGMENT,   /**< per TCP segment taken into a software
                                 LRO session (inet_lro's __lro_proc_skb
                                 and lro_add_packet) */
    E1K_COST_COUNT
};
/** Charge @n times the cost of @what. */
void e1k_os_charge(struct e1k_os *os, enum e1k_os_cost what, uint32_t n);

/* ---- messages ---- */
/** Kernel log line (printk); @level 0 err, 1 warn, 2 info, 3 debug. */
void e1k_os_log(struct e1k_os *os, int level, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif /* E1K_DRIVER_OSDEP_H */
