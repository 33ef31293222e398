/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rings of the 82598EB driver core: allocation of one RX and one TX ring
 * per queue pair, RX buffer refill, the queues' registers (advanced
 * one-buffer receive descriptors, SRRCTL; thresholds in RXDCTL/TXDCTL)
 * and receive side scaling (RSSRK, RETA, MRQC).  Linux ixgbe_main.c
 * ixgbe_setup_rx_resources, ixgbe_alloc_rx_buffers,
 * ixgbe_configure_rx_ring, ixgbe_configure_tx_ring, ixgbe_setup_mrqc;
 * datasheet 3.5.2.10, 4.4.3.5-4.4.3.8.
 */
#include "ixgbe_drv_internal.h"

/** RSS key: Microsoft's verification key ([MS-RSS]), fixed so that runs
 *  are reproducible and the queue of a flow can be computed elsewhere
 *  (Linux fills a random key; `ethtool -X hkey` sets one). */
static const uint8_t rss_key[40] = {
    0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2,
    0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3, 0x8f, 0xb0,
    0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4,
    0x77, 0xcb, 0x2d, 0xa3, 0x80, 0x30, 0xf2, 0x0c,
    0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa,
};

uint32_t ixg_desc_unused(const struct ixg_ring *r)
{
    uint32_t ntc = r->next_to_clean, ntu = r->next_to_use;
    return (ntc > ntu ? 0 : r->count) + ntc - ntu - 1u;
}

static int ring_alloc(struct ixg_adapter *a, struct ixg_ring *r,
                      uint32_t count, uint32_t q, bool rx)
{
    r->count = count;
    r->reg_idx = q;
    r->size = (size_t)count * IXG_DESC_SIZE;
    r->desc = e1k_os_alloc_coherent(a->os, r->size, &r->dma);
    if (rx) {
        r->rx_skb = e1k_os_kcalloc(a->os, count, sizeof(*r->rx_skb));
    } else {
        r->tx_buf = e1k_os_kcalloc(a->os, count, sizeof(*r->tx_buf));
    }
    return r->desc && (rx ? (void *)r->rx_skb : (void *)r->tx_buf) ? 0 : -1;
}

int ixg_rings_alloc(struct ixg_adapter *a)
{
    for (uint32_t q = 0; q < a->num_q; q++) {
        struct ixg_q_vector *qv = &a->qv[q];
        if (ring_alloc(a, &qv->rx, a->p.RxDescriptors, q, true) ||
            ring_alloc(a, &qv->tx, a->p.TxDescriptors, q, false)) {
            e1k_os_log(a->os, 0, "Unable to allocate memory for the "
                       "descriptor rings of queue %u", q);
            return -1;
        }
    }
    return 0;
}

static void ring_free(struct ixg_adapter *a, struct ixg_ring *r)
{
    for (uint32_t i = 0; i < r->count; i++) {
        if (r->rx_skb && r->rx_skb[i]) {
            e1k_os_free_skb(a->os, r->rx_skb[i]);
        }
        if (r->tx_buf && r->tx_buf[i].skb) {
            e1k_os_free_skb(a->os, r->tx_buf[i].skb);
        }
    }
    e1k_os_kfree(a->os, r->rx_skb);
    e1k_os_kfree(a->os, r->tx_buf);
    if (r->desc) {
        e1k_os_free_coherent(a->os, r->size, r->desc, r->dma);
    }
    memset(r, 0, sizeof(*r));
}

void ixg_rings_free(struct ixg_adapter *a)
{
    for (uint32_t q = 0; a->qv && q < a->num_q; q++) {
        ixg_lro_flush(&a->qv[q], false);
        ring_free(a, &a->qv[q].rx);
        ring_free(a, &a->qv[q].tx);
    }
}

/* Put a buffer into RX descriptor @i (advanced read format: packet
 * buffer address, header address 0).  false if no buffer. */
static bool rx_fill_one(struct ixg_q_vector *q, uint32_t i)
{
    struct ixg_adapter *a = q->a;
    struct ixg_ring *r = &q->rx;
    struct e1k_skb *skb = r->rx_skb[i];
    if (!skb) {
        skb = e1k_os_alloc_skb(a->os, a->rx_buffer_len);
        if (!skb) {
            a->c.rx_alloc_failed++;
            return false;
        }
        r->rx_skb[i] = skb;
    }
    uint8_t *d = r->desc + (size_t)i * IXG_DESC_SIZE;
    nic_st_le64(d, e1k_os_skb_dma(a->os, skb));
    nic_st_le64(d + 8, 0);
    return true;
}

void ixg_rx_refill(struct ixg_q_vector *q, uint32_t n)
{
    struct ixg_ring *r = &q->rx;
    uint32_t i = r->next_to_use, done = 0;
    while (done < n && rx_fill_one(q, i)) {
        i = i + 1u == r->count ? 0 : i + 1u;
        done++;
    }
    if (done) {
        e1k_os_charge(q->a->os, E1K_COST_RX_REFILL, done);
        r->next_to_use = i;
        /* RDT names the last descriptor given (Linux writes
         * next_to_use; the ring keeps one slot empty) */
        ixg_wr(q->a, IXG_RDT(r->reg_idx), i);
    }
}

/* Receive registers of queue @q (ixgbe_configure_rx_ring). */
static void configure_rx_ring(struct ixg_adapter *a, struct ixg_q_vector *q)
{
    struct ixg_ring *r = &q->rx;
    uint32_t n = r->reg_idx;
    ixg_wr(a, IXG_RDBAL(n), (uint32_t)r->dma);
    ixg_wr(a, IXG_RDBAH(n), (uint32_t)(r->dma >> 32));
    ixg_wr(a, IXG_RDLEN(n), (uint32_t)r->size);
    ixg_wr(a, IXG_RDH(n), 0);
    ixg_wr(a, IXG_RDT(n), 0);
    /* one buffer per frame, advanced descriptors; SRRCTL n (MVMEN) */
    ixg_wr(a, IXG_SRRCTL(n), (a->rx_buffer_len >> 10) |
           IXG_SRRCTL_DESCTYPE_ADV_ONEBUF);
    ixg_wr(a, IXG_RXDCTL(n), IXG_RXDCTL_THRESH | IXG_RXDCTL_ENABLE);
    r->next_to_use = r->next_to_clean = 0;
    ixg_rx_refill(q, ixg_desc_unused(r));
}

void ixg_configure_rx(struct ixg_adapter *a)
{
    uint32_t hl = IXG_HLREG0_RXCRCSTRP | IXG_HLREG0_TXCRCEN |
                  IXG_HLREG0_TXPADEN;
    uint32_t max_frame = a->mtu + 14u + 4u;
    if (max_frame > 1518u) {
        hl |= IXG_HLREG0_JUMBOEN;
        ixg_wr(a, IXG_MHADD, max_frame << IXG_MHADD_MFS_SHIFT);
    }
    ixg_wr(a, IXG_HLREG0, hl);
    ixg_wr(a, IXG_RDRXCTL, ixg_rd(a, IXG_RDRXCTL) | IXG_RDRXCTL_MVMEN);
    ixg_wr(a, IXG_FCTRL, IXG_FCTRL_BAM |
           (a->promisc ? IXG_FCTRL_UPE | IXG_FCTRL_MPE : 0));
    /* PCSD: the RSS hash in the write-back (datasheet 4.4.3.7.1) */
    ixg_wr(a, IXG_RXCSUM, IXG_RXCSUM_PCSD);
    ixg_configure_rss(a);
    for (uint32_t q = 0; q < a->num_q; q++) {
        configure_rx_ring(a, &a->qv[q]);
    }
    /* DMBYPS as Linux on the 82598 (ixgbe_enable_rx_dma) */
    ixg_wr(a, IXG_RXCTRL, IXG_RXCTRL_RXEN | IXG_RXCTRL_DMBYPS);
}

void ixg_configure_tx(struct ixg_adapter *a)
{
    for (uint32_t q = 0; q < a->num_q; q++) {
        struct ixg_ring *r = &a->qv[q].tx;
        uint32_t n = r->reg_idx;
        ixg_wr(a, IXG_TDBAL(n), (uint32_t)r->dma);
        ixg_wr(a, IXG_TDBAH(n), (uint32_t)(r->dma >> 32));
        ixg_wr(a, IXG_TDLEN(n), (uint32_t)r->size);
        ixg_wr(a, IXG_TDH(n), 0);
        ixg_wr(a, IXG_TDT(n), 0);
        ixg_wr(a, IXG_TXDCTL(n), IXG_TXDCTL_THRESH | IXG_TXDCTL_ENABLE);
        r->next_to_use = r->next_to_clean = 0;
    }
}

/* The redirection table: entry i -> queue i mod num_q (ixgbe_setup_reta:
 * the 82598 takes the queue in each byte, repeated in both nibbles). */
static void write_reta(struct ixg_adapter *a)
{
    for (uint32_t i = 0; i < IXG_RETA_ENTRIES; i += 4) {
        uint32_t reg = 0;
        for (uint32_t j = 0; j < 4; j++) {
            uint32_t qi = (i + j) % a->num_q;
            a->reta[i + j] = qi;
            reg |= (qi * 0x11u) << (8 * j);
        }
        ixg_wr(a, IXG_RETA(i >> 2), reg);
    }
}

void ixg_configure_rss(struct ixg_adapter *a)
{
    uint32_t mrqc = IXG_MRQC_RSSEN | IXG_MRQC_TCP_IPV4 | IXG_MRQC_IPV4 |
                    IXG_MRQC_TCP_IPV6 | IXG_MRQC_IPV6;
    for (uint32_t i = 0; i < 10; i++) {
        ixg_wr(a, IXG_RSSRK(i), nic_ld_le32(&rss_key[4 * i]));
    }
    write_reta(a);
    if (a->p.udp_rss) {
        mrqc |= IXG_MRQC_UDP_IPV4 | IXG_MRQC_UDP_IPV6;
    }
    /* one queue: RSS off, every frame to queue 0 (Linux leaves MRQC 0
     * without the RSS flag) */
    ixg_wr(a, IXG_MRQC, a->num_q > 1 ? mrqc : 0);
}

uint32_t ixg_drv_rss_queue(const struct ixg_adapter *a, uint32_t hash)
{
    return a->num_q > 1 ? a->reta[hash & (IXG_RETA_ENTRIES - 1u)] : 0;
}
