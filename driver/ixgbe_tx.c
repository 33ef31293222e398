/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit of the 82598EB driver core: advanced data descriptors
 * (datasheet 3.5.3.2.2: DTALEN, DTYP 0011b, DCMD EOP|IFCS|RS|DEXT, PAYLEN)
 * with a context descriptor (3.5.3.3: MACLEN, IPLEN, TUCMD, L4LEN, MSS)
 * for checksum offload and TSO; the ring of the running CPU; TX clean
 * by the DD bit of each frame's last descriptor (Linux ixgbe_main.c
 * ixgbe_xmit_frame_ring, ixgbe_tso, ixgbe_tx_csum, ixgbe_tx_map,
 * ixgbe_clean_tx_irq).
 */
#include "ixgbe_drv_internal.h"

#define ETH_HLEN 14u
#define TCP_CSUM_OFF 16u
#define IP_CSUM_OFF 10u

/* The offloads of one frame. */
struct tx_off {
    bool ctx;            /**< a context descriptor precedes the data */
    bool tse;            /**< TSO */
    uint32_t popts;      /**< IXSM/TXSM for the data descriptors */
    uint32_t hdrlen;     /**< TSO: header bytes repeated per segment */
    uint32_t segs;       /**< frames on the wire */
    uint32_t vlan_macip_lens, type_tucmd, mss_l4len;
};

/* TCP pseudo-header sum without the length (source, destination,
 * protocol), folded: the seed TSO wants in the TCP checksum field. */
static uint32_t pseudo_seed(const uint8_t *ip)
{
    uint32_t s = 6u;
    for (int i = 12; i < 20; i += 2) {
        s += nic_ld_be16(ip + i);
    }
    while (s >> 16) {
        s = (s & 0xFFFFu) + (s >> 16);
    }
    return s;
}

/* The context of checksum offload or TSO of @skb into *o: 0 none
 * needed, 1 a context, -1 an offload not offered or not possible. */
static int tx_offload(struct ixg_adapter *a, struct e1k_skb *skb,
                      struct tx_off *o)
{
    uint32_t start, off, mss = e1k_os_skb_gso_size(skb);
    uint8_t *d = e1k_os_skb_data(skb);
    uint32_t len = e1k_os_skb_len(skb), headlen = e1k_os_skb_headlen(skb);
    memset(o, 0, sizeof(*o));
    o->segs = 1;
    if (!e1k_os_skb_csum_partial(skb, &start, &off)) {
        return mss ? -1 : 0;
    }
    if (!a->p.XsumTX || (mss && !a->p.TSO) || start < ETH_HLEN ||
        start > ETH_HLEN + 511u || start + off + 2u > headlen) {
        return -1;
    }
    bool ipv4 = nic_ld_be16(d + 12) == 0x0800u;
    o->ctx = true;
    o->vlan_macip_lens = (start - ETH_HLEN) | ETH_HLEN << IXG_ACTX_MACLEN_SHIFT;
    o->type_tucmd = IXG_ATXD_DTYP_CTXT << IXG_ATXD_DTYP_SHIFT |
                    (uint32_t)IXG_TXD_CMD_DEXT << 24 |
                    (ipv4 ? IXG_ACTX_TUCMD_IPV4 : 0) |
                    (off == TCP_CSUM_OFF ? IXG_ACTX_TUCMD_L4T_TCP
                                         : IXG_ACTX_TUCMD_L4T_UDP);
    o->popts = IXG_ATXD_POPTS_TXSM;
    if (!mss) {
        return 1;
    }
    uint32_t thl = (uint32_t)(d[start + 12] >> 4) * 4u;
    o->hdrlen = start + thl;
    if (!ipv4 || off != TCP_CSUM_OFF || o->hdrlen > headlen ||
        len <= o->hdrlen) {
        return -1;
    }
    /* ixgbe_tso: total length and header checksum zeroed, the TCP
     * checksum seeded with the pseudo-header sum without the length */
    nic_st_be16(d + ETH_HLEN + 2, 0);
    nic_st_be16(d + ETH_HLEN + IP_CSUM_OFF, 0);
    nic_st_be16(d + start + TCP_CSUM_OFF, pseudo_seed(d + ETH_HLEN));
    o->tse = true;
    o->popts |= IXG_ATXD_POPTS_IXSM;
    o->mss_l4len = thl << IXG_ACTX_L4LEN_SHIFT | mss << IXG_ACTX_MSS_SHIFT;
    o->segs = (len - o->hdrlen + mss - 1u) / mss;
    return 1;
}

static uint32_t descs_for(uint32_t bytes)
{
    return (bytes + IXG_MAX_DATA_PER_TXD - 1u) / IXG_MAX_DATA_PER_TXD;
}

/* Descriptors @skb needs for its data. */
static uint32_t tx_count(struct e1k_skb *skb, struct e1k_os *os)
{
    uint32_t n = descs_for(e1k_os_skb_headlen(skb)), flen;
    for (uint32_t f = 0; f < e1k_os_skb_nr_frags(skb); f++) {
        (void)e1k_os_skb_frag_dma(os, skb, f, &flen);
        n += descs_for(flen);
    }
    return n;
}

static uint32_t ring_next(const struct ixg_ring *r, uint32_t i)
{
    return i + 1u == r->count ? 0 : i + 1u;
}

static void put_ctx(struct ixg_ring *r, const struct tx_off *o)
{
    uint8_t *d = r->desc + (size_t)r->next_to_use * IXG_DESC_SIZE;
    nic_st_le32(d, o->vlan_macip_lens);
    nic_st_le32(d + 4, 0);
    nic_st_le32(d + 8, o->type_tucmd);
    nic_st_le32(d + 12, o->mss_l4len);
    r->tx_buf[r->next_to_use] = (struct ixg_tx_buffer){0};
    r->next_to_use = ring_next(r, r->next_to_use);
}

/* Data descriptors for @len bytes at @bus; the last of the frame gets
 * EOP|RS when @eop.  Returns the index of the last one written. */
static uint32_t put_data(struct ixg_ring *r, uint64_t bus, uint32_t len,
                         uint32_t paylen, const struct tx_off *o, bool eop)
{
    uint32_t last = r->next_to_use;
    while (len) {
        uint32_t n = len < IXG_MAX_DATA_PER_TXD ? len : IXG_MAX_DATA_PER_TXD;
        uint32_t cmd = IXG_TXD_CMD_IFCS | IXG_TXD_CMD_DEXT |
                       (o->tse ? IXG_TXD_CMD_TSE : 0) |
                       (eop && n == len ? IXG_TXD_CMD_EOP | IXG_TXD_CMD_RS
                                        : 0);
        uint8_t *d = r->desc + (size_t)r->next_to_use * IXG_DESC_SIZE;
        nic_st_le64(d, bus);
        nic_st_le32(d + 8, n | IXG_ATXD_DTYP_DATA << IXG_ATXD_DTYP_SHIFT |
                     cmd << 24);
        nic_st_le32(d + 12, o->popts | paylen << IXG_ATXD_PAYLEN_SHIFT);
        r->tx_buf[r->next_to_use] = (struct ixg_tx_buffer){0};
        last = r->next_to_use;
        r->next_to_use = ring_next(r, r->next_to_use);
        bus += n;
        len -= n;
    }
    return last;
}

/* Write @skb's descriptors into @r (room checked) and hand them over. */
static void tx_queue(struct ixg_adapter *a, struct ixg_ring *r,
                     struct e1k_skb *skb, const struct tx_off *o)
{
    uint32_t first = r->next_to_use, last, flen;
    uint32_t len = e1k_os_skb_len(skb);
    uint32_t paylen = o->tse ? len - o->hdrlen : len;
    uint32_t nfr = e1k_os_skb_nr_frags(skb);
    if (o->ctx) {
        put_ctx(r, o);
    }
    last = put_data(r, e1k_os_skb_dma(a->os, skb), e1k_os_skb_headlen(skb),
                    paylen, o, nfr == 0);
    for (uint32_t f = 0; f < nfr; f++) {
        uint64_t bus = e1k_os_skb_frag_dma(a->os, skb, f, &flen);
        last = put_data(r, bus, flen, paylen, o, f + 1u == nfr);
    }
    r->tx_buf[last].skb = skb;
    r->tx_buf[last].bytes = len + (o->segs - 1u) * o->hdrlen;
    r->tx_buf[first].next_to_watch = last + 1u;
    ixg_wr(a, IXG_TDT(r->reg_idx), r->next_to_use);
}

int ixg_drv_xmit(struct ixg_adapter *a, struct e1k_skb *skb)
{
    struct tx_off o;
    if (!a->up || !a->link_up || tx_offload(a, skb, &o) < 0) {
        e1k_os_free_skb(a->os, skb);
        a->c.tx_dropped++;
        return 0;
    }
    struct ixg_ring *r = &a->qv[e1k_os_cpu_id(a->os) % a->num_q].tx;
    uint32_t need = tx_count(skb, a->os) + (o.ctx ? 1u : 0u);
    e1k_os_charge(a->os, E1K_COST_XMIT, 1);
    if (ixg_desc_unused(r) < need + 2u) {
        e1k_os_netif_stop_queue(a->os);
        a->c.tx_busy++;
        return 1;
    }
    tx_queue(a, r, skb, &o);
    if (ixg_desc_unused(r) < IXG_DESC_NEEDED) {
        e1k_os_netif_stop_queue(a->os);
    }
    return 0;
}

bool ixg_clean_tx_irq(struct ixg_q_vector *q)
{
    struct ixg_adapter *a = q->a;
    struct ixg_ring *r = &q->tx;
    uint32_t i = r->next_to_clean, budget = r->count, n = 0;

    while (budget && i != r->next_to_use && r->tx_buf[i].next_to_watch) {
        uint32_t eop = r->tx_buf[i].next_to_watch - 1u;
        const uint8_t *d = r->desc + (size_t)eop * IXG_DESC_SIZE;
        if (!(nic_ld_le32(d + 12) & IXG_TXD_STAT_DD)) {
            break;
        }
        struct ixg_tx_buffer *b = &r->tx_buf[eop];
        q->c.tx_packets++;
        q->c.tx_bytes += b->bytes;
        q->tx_pkts_irq++;
        q->tx_bytes_irq += b->bytes;
        e1k_os_free_skb(a->os, b->skb);
        for (;;) {
            bool last = i == eop;
            r->tx_buf[i] = (struct ixg_tx_buffer){0};
            i = ring_next(r, i);
            n++;
            if (last) {
                break;
            }
        }
        budget--;
    }
    r->next_to_clean = i;
    if (n) {
        e1k_os_charge(a->os, E1K_COST_TX_CLEAN, n);
        a->c.tx_cleaned += n;
    }
    if (a->link_up && e1k_os_netif_queue_stopped(a->os) &&
        ixg_desc_unused(r) >= IXG_TX_WAKE_THRESHOLD) {
        e1k_os_netif_wake_queue(a->os);
    }
    return budget != 0;
}
