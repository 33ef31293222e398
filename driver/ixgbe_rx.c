/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive clean of the 82598EB driver core: advanced one-buffer
 * write-back descriptors (datasheet 3.5.2.4.2: status and errors in the
 * third dword, length in the fourth), the hardware's checksum verdict,
 * LRO, delivery to the stack, refill in batches (Linux ixgbe_main.c
 * ixgbe_clean_rx_irq, ixgbe_rx_checksum).
 */
#include "ixgbe_drv_internal.h"

/** Errors that make a frame bad (advanced write-back bits 31:20: RXE
 *  29 and the frame errors below it; the L4/IP checksum errors only
 *  withdraw the checksum verdict). */
#define IXG_RXDADV_ERR_FRAME 0x3FF00000u

void ixg_deliver(struct ixg_q_vector *q, struct e1k_skb *skb, bool napi)
{
    if (napi) {
        e1k_os_receive_skb(q->a->os, skb);
    } else {
        (void)e1k_os_netif_rx(q->a->os, skb);
    }
}

/* CHECKSUM_UNNECESSARY when the hardware verified IPv4 and L4 (L4CS
 * without TCPE: TCP or UDP; ixgbe_rx_checksum). */
static bool rx_checksum(struct ixg_adapter *a, struct e1k_skb *skb,
                        uint32_t staterr)
{
    if (!a->p.XsumRX || !(staterr & IXG_RXD_STAT_L4CS) ||
        (staterr & (IXG_RXDADV_ERR_TCPE | IXG_RXDADV_ERR_IPE))) {
        return false;
    }
    e1k_os_skb_csum_ok(skb);
    return true;
}

/* One written-back descriptor at next_to_clean: the frame handed up,
 * or (bad frame) its buffer kept for reuse. */
static void rx_one(struct ixg_q_vector *q, const uint8_t *d, bool napi)
{
    struct ixg_adapter *a = q->a;
    struct ixg_ring *r = &q->rx;
    uint32_t staterr = nic_ld_le32(d + 8);
    uint32_t len = nic_ld_le32(d + 12) & 0xFFFFu;
    struct e1k_skb *skb = r->rx_skb[r->next_to_clean];

    if (!(staterr & IXG_RXD_STAT_EOP) || (staterr & IXG_RXDADV_ERR_FRAME) ||
        len == 0) {
        return;   /* buffer stays in its slot, refilled as it is */
    }
    r->rx_skb[r->next_to_clean] = NULL;
    e1k_os_skb_set_len(skb, len);
    bool csum = rx_checksum(a, skb, staterr);
    q->c.rx_packets++;
    q->c.rx_bytes += len;
    q->rx_pkts_irq++;
    q->rx_bytes_irq += len;
    if (a->p.LRO && napi && ixg_lro_receive(q, skb, csum)) {
        return;
    }
    ixg_deliver(q, skb, napi);
}

int ixg_clean_rx_irq(struct ixg_q_vector *q, int work_to_do, bool napi)
{
    struct ixg_ring *r = &q->rx;
    int work = 0;
    uint32_t cleaned = 0;

    while (work < work_to_do) {
        uint8_t *d = r->desc + (size_t)r->next_to_clean * IXG_DESC_SIZE;
        if (!(nic_ld_le32(d + 8) & IXG_RXD_STAT_DD)) {
            break;
        }
        e1k_os_charge(q->a->os, E1K_COST_RX_CLEAN, 1);
        rx_one(q, d, napi);
        /* status cleared: a slot the refill cannot fill (no skb) must
         * not look done when the ring comes round to it */
        nic_st_le32(d + 8, 0);
        r->next_to_clean = r->next_to_clean + 1u == r->count
                           ? 0 : r->next_to_clean + 1u;
        work++;
        if (++cleaned >= IXG_RX_BUFFER_WRITE) {
            ixg_rx_refill(q, ixg_desc_unused(r));
            cleaned = 0;
        }
    }
    q->a->c.rx_cleaned += (uint64_t)work;
    if (cleaned) {
        ixg_rx_refill(q, ixg_desc_unused(r));
    }
    return work;
}
