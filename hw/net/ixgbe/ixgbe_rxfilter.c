/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Frame admission on the receive side of the 82598 model (datasheet
 * 3.5.2.1 filtering, 3.5.2.5 packet buffer, 3.5.2.10 RSS, 3.5.2.11
 * checksum offload, 4.4.3.9 statistics): receiver enable and link, L2
 * address filter, VLAN filter and strip, size rules, queue selection,
 * the no-descriptor rule (SRRCTL.DROP_EN), the packet buffer (MPC,
 * EICR.RX_MISS), checksums and the receive statistics.
 *
 * L2 filter (3.5.2.1.1): a broadcast frame passes with FCTRL.BAM; a
 * frame whose destination matches a valid RAL/RAH entry passes; a
 * multicast frame with FCTRL.MPE or, with MCSTCTRL.MFE, through the
 * 4096-bit MTA hash (12 address bits chosen by MCSTCTRL.MO, 4.4.3.6.3);
 * a unicast frame with FCTRL.UPE.  PIF is set when only the promiscuous
 * modes or the hash let it in.  Broadcast frames the filter rejects are
 * still counted in TPR and TOR (4.4.3.9.37-38).
 * VLAN (3.5.5): a frame whose EtherType is VLNCTRL.VET is tagged; with
 * VLNCTRL.VFE its VLAN ID must be set in VFTA, with CFIEN its CFI bit
 * must equal VLNCTRL.CFI; with VLNCTRL.VME the tag is stripped into the
 * descriptor (status VP).
 * Sizes: below 64 bytes with FCS undersize (RUC), above 1518 (1522
 * tagged), or MHADD.MFS with HLREG0.JUMBOEN, oversize (ROC): dropped.
 * Queue: RSS (ixgbe_rss.c) or queue 0 (VMDq is not modelled).
 * No descriptor: a frame whose queue is disabled or has no descriptor
 * left for it (the descriptors hardware owns, less those the frames of
 * that queue already waiting need, one each) counts in RNBC and is
 * dropped when the queue's SRRCTL.DROP_EN is set and RXCTRL.DMBYPS (the
 * descriptor monitor bypass, which Linux sets on this part) is clear
 * (4.4.3.9.29); otherwise it waits in the packet buffer.
 * Packet buffer full: dropped, MPC[0], EICR.RX_MISS; the first drop of
 * a run is traced.  GPRC and the octet counters do not count it.
 * Checksums: IPv4 header (IPCS, IPE), TCP (L4CS, TCPE) and UDP (L4CS
 * and UDPCS, TCPE; an IPv4 UDP datagram sent without a checksum gets
 * UDPCS alone) for unfragmented packets; the IP payload ("fragment")
 * checksum is not modelled (0 when RXCSUM.PCSD is clear).
 * Statistics: GPRC/GORC, the size buckets, BPRC, and MPRC counting
 * broadcasts too (Linux subtracts BPRC from it on this part,
 * ixgbe_update_stats).
 */
#include "ixgbe_core.h"
#include "nic_bytes.h"
#include "nic_crc32.h"
#include "nic_csum.h"
#include "nic_l34.h"

/** The L2 filter's verdict. */
typedef struct RxVerdict {
    int pass;     /* 1: accepted */
    int inexact;  /* 1: only through UPE/MPE or the MTA (PIF) */
    int bcast;    /* 1: broadcast destination */
} RxVerdict;

/** True if a valid RAL/RAH entry holds the destination @da. */
static bool ra_match(const IxgDev *s, const uint8_t *da)
{
    uint32_t lo = nic_ld_le32(da), hi = nic_ld_le16(da + 4);

    for (uint32_t i = 0; i < IXG_RA_ENTRIES; i++) {
        uint32_t rah = ixg_reg(s, IXG_RAH(i));
        if ((rah & IXG_RAH_AV) && (rah & IXG_RAH_AD_MASK) == hi &&
            ixg_reg(s, IXG_RAL(i)) == lo) {
            return true;
        }
    }
    return false;
}

/** MTA hash (4.4.3.6.3): 12 bits of DA bytes 4-5 chosen by MO. */
static bool mta_match(const IxgDev *s, const uint8_t *da)
{
    static const unsigned shift[4] = { 4, 3, 2, 0 };
    uint32_t mo = ixg_reg(s, IXG_MCSTCTRL) & IXG_MCSTCTRL_MO_MASK;
    uint32_t h = (((uint32_t)da[5] << 8 | da[4]) >> shift[mo]) & 0xFFFu;

    return (ixg_reg(s, IXG_MTA(h >> 5)) >> (h & 31u)) & 1u;
}

static void l2_filter(const IxgDev *s, const uint8_t *da, RxVerdict *v)
{
    uint32_t fctrl = ixg_reg(s, IXG_FCTRL);
    int mcast = da[0] & 1u;

    v->bcast = nic_ld_le32(da) == 0xFFFFFFFFu && nic_ld_le16(da + 4) ==
                                                 0xFFFFu;
    if ((v->bcast && (fctrl & IXG_FCTRL_BAM)) || ra_match(s, da)) {
        v->pass = 1;
    } else if ((mcast && !v->bcast && (fctrl & IXG_FCTRL_MPE)) ||
               (!mcast && (fctrl & IXG_FCTRL_UPE)) ||
               (mcast && (ixg_reg(s, IXG_MCSTCTRL) & IXG_MCSTCTRL_MFE) &&
                mta_match(s, da))) {
        v->pass = 1;
        v->inexact = 1;
    }
}

/** VLAN filter (3.5.5) on the tag control @tci: 1 passes. */
static int vlan_pass(const IxgDev *s, uint32_t tci)
{
    uint32_t vc = ixg_reg(s, IXG_VLNCTRL), vid = tci & 0xFFFu;

    if ((vc & IXG_VLNCTRL_CFIEN) &&
        !!(tci & 0x1000u) != !!(vc & IXG_VLNCTRL_CFI)) {
        return 0;
    }
    if (!(vc & IXG_VLNCTRL_VFE)) {
        return 1;
    }
    return (ixg_reg(s, IXG_VFTA(vid >> 5)) >> (vid & 31u)) & 1u;
}

/** Count TPR/TOR (every frame that passed a filter, whatever its fate). */
static void count_total(IxgDev *s, uint32_t wire_len)
{
    s->totals.tpr++;
    s->totals.tor += wire_len;
}

/** 1 if the frame's size is bad (counted RUC/ROC), 0 if good. */
static int size_bad(IxgDev *s, uint32_t wire_len, int tagged)
{
    uint32_t max = (ixg_reg(s, IXG_HLREG0) & IXG_HLREG0_JUMBOEN)
                   ? ixg_reg(s, IXG_MHADD) >> IXG_MHADD_MFS_SHIFT
                   : 1518u + (tagged ? 4u : 0u);

    if (wire_len < NIC_ETH_MIN_NOFCS + NIC_ETH_FCS) {
        s->totals.ruc++;
        return 1;
    }
    if (wire_len > max || wire_len > IXG_MAX_FRAME + NIC_ETH_FCS) {
        s->totals.roc++;
        return 1;
    }
    return 0;
}

/** Status, errors and packet type from the frame's headers and
 *  checksums (3.5.2.11, 3.5.2.4.2): the parsed datagram @p of @f (@len
 *  bytes, the last @zeros known zero).  The VLAN tag does not enter. */
static void rx_checksums(const uint8_t *f, uint32_t len, const NicL34 *p,
                         uint32_t zeros, IxgRxMeta *m)
{
    uint32_t st = 0, pt = 0;

    if (p->ipv4) {
        pt |= p->l3_hlen > 20u ? IXG_ARXD_PKT_IPV4_EX : IXG_ARXD_PKT_IPV4;
        st |= IXG_RXD_STAT_IPCS;
        if (!nic_ip4_hdr_ok(f, p)) {
            st |= IXG_RXDADV_ERR_IPE;
        }
    } else {
        pt |= p->ip6_ext ? IXG_ARXD_PKT_IPV6_EX : IXG_ARXD_PKT_IPV6;
    }
    if (p->l4_off) {
        bool udp = p->proto == NIC_IPPROTO_UDP;
        pt |= udp ? IXG_ARXD_PKT_UDP : IXG_ARXD_PKT_TCP;
        if (udp && p->ipv4 && nic_ld_be16(f + p->l4_off + 6) == 0) {
            st |= IXG_RXD_STAT_UDPCS;   /* sent without a checksum */
        } else {
            st |= IXG_RXD_STAT_L4CS | (udp ? IXG_RXD_STAT_UDPCS : 0u);
            if (!nic_l4_csum_ok(f, len, p, zeros)) {
                st |= IXG_RXDADV_ERR_TCPE;
            }
        }
    }
    m->staterr |= st;
    m->pkt_info |= (uint16_t)pt;
}

/** Statistics of a good frame accepted into the packet buffer. */
static void count_good(IxgDev *s, const RxVerdict *v, const uint8_t *da,
                       uint32_t wire_len)
{
    ixg_stat_size(s->prc, wire_len);
    s->totals.gprc++;
    s->totals.gorc += wire_len;
    if (v->bcast) {
        s->totals.bprc++;
    }
    if (da[0] & 1u) {
        s->totals.mprc++;   /* broadcasts too, see above */
    }
}

/** True if queue @q has no descriptor left for one more frame. */
static bool no_desc(const IxgDev *s, uint32_t q)
{
    const IxgRxQ *Q = &s->rx.q[q];
    return !Q->r.enabled ||
           ixg_ring_owned(s, &Q->r, IXG_RDLEN(q), IXG_RDT(q)) <=
               Q->pb_frames;
}

/** Packet buffer full: dropped, MPC, RX_MISS (first of a run traced). */
static IxgRxResult rx_overrun(IxgDev *s)
{
    s->totals.mpc++;
    if (!s->trace_overrun) {
        s->trace_overrun = 1;
        ixg_trace(s, IXG_TRACE_RX_OVERRUN, s->totals.mpc, s->rx.pb.used);
    }
    if (!(ixg_reg(s, IXG_EICR) & IXG_EICR_RX_MISS)) {
        ixg_set_cause(s, IXG_EICR_RX_MISS);
    }
    return IXG_RX_OVERRUN;
}

/** Zero bytes at the frame's end, using what the sender knows. */
static uint32_t zero_tail(const uint8_t *f, uint32_t len, uint32_t from)
{
    if (len < 2u * NIC_ZERO_TAIL_MIN) {
        return 0;
    }
    if (from >= len) {
        return nic_zero_tail(f, len);
    }
    return len - from + nic_zero_tail(f, from);
}

/** Store an admitted frame (VLAN tag stripped when @strip) whose
 *  datagram was parsed into @p (NULL: none) and decide its descriptor
 *  fields; returns its metadata slot. */
static IxgRxMeta *rx_store(IxgDev *s, const uint8_t *frame, uint32_t len,
                           uint32_t wire_len, const NicRxKnown *known,
                           const NicL34 *p, bool strip, uint32_t tci)
{
    uint32_t zeros = zero_tail(frame, len, known->zero_from), fcs = 0;
    bool later = (ixg_reg(s, IXG_HLREG0) & IXG_HLREG0_RXCRCSTRP) != 0;
    const uint8_t *src = frame;
    uint32_t slen = len, idx, szeros = zeros;
    IxgRxMeta *m;

    if (!later) {
        fcs = known->fcs_fn ? known->fcs_fn(known->fcs_ctx)
                            : nic_crc32_zt(frame, len, zeros);
    }
    if (strip) {
        memcpy(s->seg, frame, 12);
        memcpy(s->seg + 12, frame + 16, len - 16u);
        src = s->seg;
        slen = len - 4u;
        szeros = zeros > slen - 12u ? slen - 12u : zeros;
    }
    idx = nic_pktbuf_push(&s->rx.pb, s->rx.slot, s->rx.data, src, slen,
                          szeros, wire_len, fcs);
    m = &s->rx.meta[idx];
    memset(m, 0, sizeof(*m));
    m->fcs_later = later;
    if (strip) {
        m->staterr = IXG_RXD_STAT_VP;
        m->vlan = (uint16_t)tci;
    }
    if (p) {
        rx_checksums(frame, len, p, zeros, m);
    }
    return m;
}

IxgRxResult ixg_rx_frame(IxgDev *s, const uint8_t *frame, uint32_t len,
                         const NicRxKnown *known)
{
    uint32_t wire_len = len + NIC_ETH_FCS, vet, tci = 0, q, hash, type;
    RxVerdict v = { 0, 0, 0 };
    int tagged, parsed;
    bool strip;
    IxgRxMeta *m;
    NicL34 p;

    if (!(ixg_reg(s, IXG_RXCTRL) & IXG_RXCTRL_RXEN) || !ixg_link_up(s)) {
        s->totals.rx_disabled++;
        return IXG_RX_DISABLED;
    }
    if (!frame || len < NIC_ETH_HLEN) {
        /* not even an Ethernet header: no filter applies (RUC) */
        count_total(s, (frame ? len : 0) + NIC_ETH_FCS);
        size_bad(s, 0, 0);
        return IXG_RX_BAD_SIZE;
    }
    vet = ixg_reg(s, IXG_VLNCTRL) & IXG_VLNCTRL_VET;
    tagged = len >= 18u && ((uint32_t)frame[12] << 8 | frame[13]) == vet;
    if (tagged) {
        tci = (uint32_t)frame[14] << 8 | frame[15];
    }
    l2_filter(s, frame, &v);
    if (!v.pass || (tagged && !vlan_pass(s, tci))) {
        if (v.bcast) {
            count_total(s, wire_len);
        }
        s->totals.rx_filtered++;
        return IXG_RX_FILTERED;
    }
    count_total(s, wire_len);
    if (size_bad(s, len > UINT32_MAX - NIC_ETH_FCS ? UINT32_MAX : wire_len,
                 tagged)) {
        return IXG_RX_BAD_SIZE;
    }
    parsed = nic_l34_parse(frame, len, tagged ? 18u : 14u, &p);
    q = ixg_rss_queue_parsed(s, frame, parsed ? &p : NULL, &hash, &type);
    if (no_desc(s, q)) {
        s->totals.rnbc++;
        if (s->rxc[q].drop_en &&
            !(ixg_reg(s, IXG_RXCTRL) & IXG_RXCTRL_DMBYPS)) {
            s->totals.rx_nodesc_drops++;
            s->qtot[q].rx_nodesc_drops++;
            return IXG_RX_NO_DESC;
        }
    }
    strip = tagged && (ixg_reg(s, IXG_VLNCTRL) & IXG_VLNCTRL_VME);
    if (!nic_pktbuf_fits(&s->rx.pb, wire_len)) {
        return rx_overrun(s);
    }
    m = rx_store(s, frame, len, wire_len, known, parsed ? &p : NULL, strip,
                 tci);
    m->queue = (uint8_t)q;
    m->rss_hash = hash;
    m->pkt_info |= (uint16_t)type;
    if (v.inexact) {
        m->staterr |= IXG_RXD_STAT_PIF;
    }
    s->rx.q[q].pb_frames++;
    s->trace_overrun = 0;
    count_good(s, &v, frame, wire_len);
    ixg_rx_kick(s);
    return IXG_RX_QUEUED;
}
