// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * driver/osdep.h on Linux: the driver core's OS calls mapped to the
 * kernel API (Documentation/core-api/dma-api.rst for the DMA mappings,
 * Documentation/networking/napi.rst for NAPI; [LINUX-DMA-API],
 * [LINUX-NAPI] in docs/references.md).  Mapping table:
 * docs/linux-module.md "osdep mapping".
 *
 * Packet buffers: struct e1k_skb is a struct sk_buff.  A buffer's DMA
 * mapping is kept in its control block (skb->cb, struct e1klab_skb_cb)
 * from e1k_os_skb_dma until the buffer is freed or handed to the stack,
 * where it is unmapped and the control block cleared:
 *   - a buffer of length 0 is a receive buffer: its whole room is mapped
 *     DMA_FROM_DEVICE; the core reuses such a buffer in place (length
 *     set back to 0: synced for the device) and reads it for copybreak
 *     (e1k_os_skb_data: synced for the CPU);
 *   - a buffer with data is a frame to send: its bytes are mapped
 *     DMA_TO_DEVICE until TX clean frees it.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/etherdevice.h>
#include <linux/if_vlan.h>
#include <linux/io.h>
#include <linux/ktime.h>
#include <linux/skbuff.h>
#include <linux/slab.h>

#include "e1klab.h"
#ifdef E1KLAB_IXGBE
#include "e1klab_ixgbe.h"
#endif
#include "osdep.h"

static inline struct sk_buff *to_skb(struct e1k_skb *s)
{
	return (struct sk_buff *)s;
}

static inline struct e1klab_skb_cb *skb_cb(struct sk_buff *skb)
{
	BUILD_BUG_ON(sizeof(struct e1klab_skb_cb) > sizeof(skb->cb));
	return (struct e1klab_skb_cb *)skb->cb;
}

static inline struct device *dma_dev(struct e1k_os *os)
{
	return &os->pdev->dev;
}

void e1klab_skb_init_tx(struct sk_buff *skb)
{
	struct e1klab_skb_cb *cb = skb_cb(skb);

	cb->dma = 0;
	cb->room = 0;
	cb->map_len = 0;
	cb->dir = DMA_NONE;
}

/* Undo e1k_os_skb_dma and clear the control block (before the buffer is
 * freed or given to the stack, which owns skb->cb from then on). */
static void skb_unmap(struct e1k_os *os, struct sk_buff *skb)
{
	struct e1klab_skb_cb *cb = skb_cb(skb);

	if (cb->dir != DMA_NONE)
		dma_unmap_single(dma_dev(os), cb->dma, cb->map_len, cb->dir);
	memset(skb->cb, 0, sizeof(skb->cb));
}

/* ---- register access ---- */

uint32_t e1k_os_readl(struct e1k_os *os, uint32_t reg)
{
	return readl(os->hw_addr + reg);
}

void e1k_os_writel(struct e1k_os *os, uint32_t reg, uint32_t val)
{
	writel(val, os->hw_addr + reg);
}

uint32_t e1k_os_writel_readl(struct e1k_os *os, uint32_t wreg, uint32_t val,
			     uint32_t rreg)
{
	writel(val, os->hw_addr + wreg);
	return readl(os->hw_addr + rreg);
}

/* ---- time ---- */

void e1k_os_udelay(struct e1k_os *os, uint32_t us)
{
	udelay(us);
}

/* Only called from process context: probe, open, close, reset work. */
void e1k_os_msleep(struct e1k_os *os, uint32_t ms)
{
	msleep(ms);
}

uint64_t e1k_os_now_ns(struct e1k_os *os)
{
	return ktime_get_ns();
}

/* ---- memory ---- */

/* The core allocates its bookkeeping at probe and open only (process
 * context), so GFP_KERNEL. */
void *e1k_os_kzalloc(struct e1k_os *os, size_t size)
{
	return kzalloc(size, GFP_KERNEL);
}

void *e1k_os_kcalloc(struct e1k_os *os, size_t n, size_t size)
{
	return kcalloc(n, size, GFP_KERNEL);
}

void e1k_os_kfree(struct e1k_os *os, void *p)
{
	kfree(p);
}

/* dma_alloc_coherent returns zeroed memory aligned to at least a page
 * (Documentation/core-api/dma-api.rst), which meets the 4096 the core
 * asks for. */
void *e1k_os_alloc_coherent(struct e1k_os *os, size_t size, uint64_t *bus)
{
	dma_addr_t dma;
	void *cpu = dma_alloc_coherent(dma_dev(os), size, &dma, GFP_KERNEL);

	*bus = cpu ? (uint64_t)dma : 0;
	return cpu;
}

void e1k_os_free_coherent(struct e1k_os *os, size_t size, void *cpu,
			  uint64_t bus)
{
	dma_free_coherent(dma_dev(os), size, cpu, (dma_addr_t)bus);
}

/* ---- packet buffers ---- */

/* Called from the interrupt handler and the poll too: netdev_alloc_skb
 * allocates atomically. */
struct e1k_skb *e1k_os_alloc_skb(struct e1k_os *os, uint32_t len)
{
	struct sk_buff *skb = netdev_alloc_skb_ip_align(os->netdev, len);

	if (!skb)
		return NULL;
	e1klab_skb_init_tx(skb);
	skb_cb(skb)->room = len;
	return (struct e1k_skb *)skb;
}

void e1k_os_free_skb(struct e1k_os *os, struct e1k_skb *s)
{
	struct sk_buff *skb = to_skb(s);

	skb_unmap(os, skb);
	dev_kfree_skb_any(skb);
}

/* The core reads a still-mapped receive buffer only to copy a small
 * frame out of it (copybreak): hand it to the CPU first.  skb->dev is
 * the net_device, whose parent is the PCI device that maps. */
uint8_t *e1k_os_skb_data(struct e1k_skb *s)
{
	struct sk_buff *skb = to_skb(s);
	struct e1klab_skb_cb *cb = skb_cb(skb);

	if (cb->dir == DMA_FROM_DEVICE)
		dma_sync_single_for_cpu(skb->dev->dev.parent, cb->dma, cb->map_len,
					DMA_FROM_DEVICE);
	return skb->data;
}

uint32_t e1k_os_skb_len(const struct e1k_skb *s)
{
	return ((const struct sk_buff *)s)->len;
}

/* Length 0 on a mapped receive buffer means "given back to hardware":
 * hand it to the device again. */
void e1k_os_skb_set_len(struct e1k_skb *s, uint32_t len)
{
	struct sk_buff *skb = to_skb(s);
	struct e1klab_skb_cb *cb = skb_cb(skb);

	if (len == 0 && cb->dir == DMA_FROM_DEVICE)
		dma_sync_single_for_device(skb->dev->dev.parent, cb->dma,
					   cb->map_len, DMA_FROM_DEVICE);
	if (len > skb->len)
		skb_put(skb, len - skb->len);
	else
		skb_trim(skb, len);
}

uint64_t e1k_os_skb_dma(struct e1k_os *os, struct e1k_skb *s)
{
	struct sk_buff *skb = to_skb(s);
	struct e1klab_skb_cb *cb = skb_cb(skb);
	enum dma_data_direction dir;
	u32 len;
	dma_addr_t dma;

	if (cb->dir != DMA_NONE)
		return cb->dma;
	if (skb->len == 0) {
		dir = DMA_FROM_DEVICE;
		len = cb->room;
	} else {
		dir = DMA_TO_DEVICE;
		len = skb->len;
	}
	dma = dma_map_single(dma_dev(os), skb->data, len, dir);
	if (dma_mapping_error(dma_dev(os), dma))
		return 0;
	cb->dma = dma;
	cb->map_len = len;
	cb->dir = dir;
	return dma;
}

void e1k_os_skb_csum_ok(struct e1k_skb *s)
{
	to_skb(s)->ip_summed = CHECKSUM_UNNECESSARY;
}

bool e1k_os_skb_vlan_tx(const struct e1k_skb *s, uint16_t *tci)
{
	const struct sk_buff *skb = (const struct sk_buff *)s;

	if (!skb_vlan_tag_present(skb))
		return false;
	*tci = skb_vlan_tag_get(skb);
	return true;
}

void e1k_os_skb_vlan_rx(struct e1k_skb *s, uint16_t tci)
{
	__vlan_hwaccel_put_tag(to_skb(s), htons(ETH_P_8021Q), tci);
}

/* Transmit offloads: the module advertises neither NETIF_F_SG nor
 * NETIF_F_TSO, so the stack hands it linear skbs; with NETIF_F_IP_CSUM
 * on (ethtool -K tx on) it may leave a TCP/UDP checksum to the NIC
 * (CHECKSUM_PARTIAL; docs/linux-module.md). */
uint32_t e1k_os_skb_headlen(const struct e1k_skb *s)
{
	return skb_headlen((const struct sk_buff *)s);
}

uint32_t e1k_os_skb_nr_frags(const struct e1k_skb *s)
{
	return 0;
}

uint64_t e1k_os_skb_frag_dma(struct e1k_os *os, struct e1k_skb *s,
			     uint32_t i, uint32_t *len)
{
	*len = 0;
	return 0;
}

uint32_t e1k_os_skb_gso_size(const struct e1k_skb *s)
{
	return 0;
}

bool e1k_os_skb_csum_partial(const struct e1k_skb *s, uint32_t *start,
			     uint32_t *offset)
{
	const struct sk_buff *skb = (const struct sk_buff *)s;

	if (skb->ip_summed != CHECKSUM_PARTIAL) {
		*start = 0;
		*offset = 0;
		return false;
	}
	*start = skb_checksum_start_offset(skb);
	*offset = skb->csum_offset;
	return true;
}

void e1k_os_memcpy(struct e1k_os *os, void *dst, const void *src,
		   uint32_t len)
{
	memcpy(dst, src, len);
}

/* ---- the stack ---- */

/* Unmap and take the Ethernet header: the buffer now belongs to the
 * stack. */
static struct sk_buff *skb_to_stack(struct e1k_os *os, struct e1k_skb *s)
{
	struct sk_buff *skb = to_skb(s);

	skb_unmap(os, skb);
	skb->protocol = eth_type_trans(skb, os->netdev);
	return skb;
}

/* Called by the core's RX clean inside the NAPI poll, with os->lock
 * held: the lock is released for the hand-over (see e1klab.h). */
void e1k_os_receive_skb(struct e1k_os *os, struct e1k_skb *s)
{
	struct sk_buff *skb = skb_to_stack(os, s);
#ifdef E1KLAB_IXGBE
	/* 82598EB: to the NAPI of the vector this CPU is polling, whose
	 * queue-pair lock the poll holds (e1klab_ixgbe_main.c) */
	struct e1klab_qvec *qv = e1klab_ixg_polling();

	if (WARN_ON_ONCE(!qv)) {
		netif_receive_skb(skb);
		return;
	}
	spin_unlock_irqrestore(&qv->lock, qv->flags);
	napi_gro_receive(&qv->napi, skb);
	spin_lock_irqsave(&qv->lock, qv->flags);
#else
	lockdep_assert_held(&os->lock);
	spin_unlock(&os->lock);
	napi_gro_receive(&os->napi, skb);
	spin_lock(&os->lock);
#endif
}

/* Legacy mode, from the hard interrupt handler: netif_rx only queues to
 * the per-CPU backlog, so os->lock stays held. */
int e1k_os_netif_rx(struct e1k_os *os, struct e1k_skb *s)
{
	return netif_rx(skb_to_stack(os, s)) == NET_RX_SUCCESS ? 0 : -1;
}

bool e1k_os_napi_schedule(struct e1k_os *os)
{
	if (!os->napi_mode || !napi_schedule_prep(&os->napi))
		return false;
	__napi_schedule(&os->napi);
	return true;
}

/* From the poll with os->lock held; napi_complete_done may flush GRO
 * into the stack, so the lock is released around it. */
bool e1k_os_napi_complete_done(struct e1k_os *os, int work_done)
{
	bool done;

	if (!os->napi_mode)
		return true;
	lockdep_assert_held(&os->lock);
	spin_unlock(&os->lock);
	done = napi_complete_done(&os->napi, work_done);
	spin_lock(&os->lock);
	return done;
}

#ifdef E1KLAB_IXGBE
/* ---- software LRO (the 82598EB core's driver/ixgbe_lro.c; e1klab_ixgbe.ko
 * only: e1klab.ko's instructions stay as they were) ---- */

void e1k_os_skb_set_gso_size(struct e1k_skb *s, uint32_t mss)
{
	struct sk_buff *skb = to_skb(s);

	/* as tcp_gro_complete marks a merged TCP/IPv4 skb */
	skb_shinfo(skb)->gso_size = mss;
	skb_shinfo(skb)->gso_type |= SKB_GSO_TCPV4;
	skb_shinfo(skb)->gso_segs = mss ? DIV_ROUND_UP(skb->len, mss) : 0;
}

struct e1k_skb *e1k_os_skb_chain(struct e1k_os *os, struct e1k_skb *p,
				 struct e1k_skb *s, uint32_t off, uint32_t len)
{
	struct sk_buff *parent = to_skb(p), *skb = to_skb(s), *last;

	if (off + len > skb_headlen(skb))
		return NULL;
	skb_pull(skb, off);
	skb_trim(skb, len);
	last = skb_shinfo(parent)->frag_list;
	if (!last) {
		skb_shinfo(parent)->frag_list = skb;
	} else {
		while (last->next)
			last = last->next;
		last->next = skb;
	}
	skb->next = NULL;
	parent->len += len;
	parent->data_len += len;
	parent->truesize += skb->truesize;
	return p;
}

/* ---- MSI-X: a vector and a NAPI context per queue (82598EB ports;
 * e1klab_ixgbe_main.c owns the vectors; e1klab_ixgbe.ko only) ---- */

/* From ixg_drv_open: process context, rtnl held, the port's other
 * entries stopped. */
uint32_t e1k_os_enable_msix(struct e1k_os *os, uint32_t nvec)
{
	return e1klab_ixg_vectors_get(os, nvec);
}

/* From vector @v's hard interrupt handler (its lock held). */
bool e1k_os_napi_schedule_vec(struct e1k_os *os, uint32_t v)
{
	struct e1klab_qvec *qv;

	if (v >= os->nvec || !os->qvec[v].has_napi)
		return false;
	qv = &os->qvec[v];
	if (!napi_schedule_prep(&qv->napi))
		return false;
	__napi_schedule_irqoff(&qv->napi);
	return true;
}

/* From vector @v's poll with its lock held; napi_complete_done may flush
 * GRO into the stack, so the lock is released around it. */
bool e1k_os_napi_complete_done_vec(struct e1k_os *os, uint32_t v,
				   int work_done)
{
	struct e1klab_qvec *qv;
	bool done;

	if (v >= os->nvec || !os->qvec[v].has_napi)
		return true;
	qv = &os->qvec[v];
	lockdep_assert_held(&qv->lock);
	spin_unlock_irqrestore(&qv->lock, qv->flags);
	done = napi_complete_done(&qv->napi, work_done);
	spin_lock_irqsave(&qv->lock, qv->flags);
	return done;
}

/* Called from ndo_start_xmit (bottom halves off: no migration) and from
 * the handlers and polls. */
uint32_t e1k_os_cpu_id(struct e1k_os *os)
{
	return raw_smp_processor_id();
}
#endif /* E1KLAB_IXGBE */

void e1k_os_netif_stop_queue(struct e1k_os *os)
{
	netif_stop_queue(os->netdev);
}

void e1k_os_netif_wake_queue(struct e1k_os *os)
{
	netif_wake_queue(os->netdev);
}

bool e1k_os_netif_queue_stopped(struct e1k_os *os)
{
	return netif_queue_stopped(os->netdev);
}

void e1k_os_netif_carrier(struct e1k_os *os, bool on)
{
	if (on)
		netif_carrier_on(os->netdev);
	else
		netif_carrier_off(os->netdev);
}

/* ---- CPU cost accounting: the real CPU pays by itself ---- */

void e1k_os_charge(struct e1k_os *os, enum e1k_os_cost what, uint32_t n)
{
}

/* ---- messages ---- */

/* Levels 0..3 -> KERN_ERR, KERN_WARNING, KERN_INFO, KERN_DEBUG; on the
 * net_device once it is registered ("e1klab 0000:00:04.0 eth0: ..."),
 * before that on the PCI device ("e1klab 0000:00:04.0: ..."). */
void e1k_os_log(struct e1k_os *os, int level, const char *fmt, ...)
{
	static const char *const lvl[] = {KERN_ERR, KERN_WARNING, KERN_INFO,
					  KERN_DEBUG};
	struct va_format vaf;
	va_list args;

	if (level < 0 || level > 3)
		level = 3;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	if (os->netdev->reg_state == NETREG_REGISTERED)
		netdev_printk(lvl[level], os->netdev, "%pV\n", &vaf);
	else
		dev_printk(lvl[level], &os->pdev->dev, "%pV\n", &vaf);
	va_end(args);
}
