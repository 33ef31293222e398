/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Software large receive offload of the 82598EB driver core, as the
 * 2007 ixgbe driver had it over Linux's inet_lro (net/ipv4/inet_lro.c,
 * 2.6.24; [LINUX-INET-LRO]): within one poll, in-order TCP segments
 * of one flow are merged into one frame; the frame is flushed (handed
 * up) at the poll's end, or at once when a frame arrives that cannot be
 * merged: another flow, out of order, a TCP flag other than ACK/PSH, IP
 * options or fragments, TCP options other than the timestamp, no
 * verified checksum, no payload, or not TCP/IPv4 at all.
 *
 * Counters as inet_lro's: lro_aggregated counts the segments taken into
 * a session (its first included), lro_flushed the sessions handed up,
 * so aggregated / flushed is the mean segments per frame.
 *
 * The merged frame is built in a buffer of 64 KB into which the
 * segments' payloads are copied (charged as a copy): osdep.h has linear
 * skbs only, where inet_lro chained the buffers.  The merged IPv4
 * header gets the total length and its checksum; the TCP header the last
 * segment's ACK, window and timestamp; the TCP checksum is left as the
 * first segment's, the frame marked verified (CHECKSUM_UNNECESSARY) as
 * inet_lro did.
 */
#include "ixgbe_drv_internal.h"

#define ETH_HLEN 14u
#define IP_HLEN 20u
#define TCP_HLEN 20u
#define TCP_HLEN_TS 32u      /* with NOP NOP timestamp */
#define TCP_ACK 0x10u
#define TCP_PSH 0x08u

/* The TCP header length if @f (@len bytes) is a segment LRO may take:
 * IPv4 without options or fragmentation, TCP with ACK (and PSH) only,
 * options none or the timestamp alone, payload present; 0 otherwise. */
static uint32_t lro_tcp_hlen(const uint8_t *f, uint32_t len)
{
    const uint8_t *ip = f + ETH_HLEN, *tcp = ip + IP_HLEN;
    if (len < ETH_HLEN + IP_HLEN + TCP_HLEN || nic_ld_be16(f + 12) != 0x0800u ||
        ip[0] != 0x45u || ip[9] != 6u || (nic_ld_be16(ip + 6) & 0x3FFFu)) {
        return 0;
    }
    uint32_t tot = nic_ld_be16(ip + 2), thl = (uint32_t)(tcp[12] >> 4) * 4u;
    if ((tcp[13] & (uint8_t)~(TCP_ACK | TCP_PSH)) || !(tcp[13] & TCP_ACK) ||
        (thl != TCP_HLEN && thl != TCP_HLEN_TS) ||
        tot + ETH_HLEN > len || tot <= IP_HLEN + thl) {
        return 0;
    }
    if (thl == TCP_HLEN_TS && nic_ld_be32(tcp + 20) != 0x0101080Au) {
        return 0;
    }
    return thl;
}

static void ip_fix(uint8_t *ip, uint32_t tot)
{
    uint32_t sum = 0;
    ip[2] = (uint8_t)(tot >> 8);
    ip[3] = (uint8_t)tot;
    ip[10] = ip[11] = 0;
    for (uint32_t i = 0; i < IP_HLEN; i += 2) {
        sum += nic_ld_be16(ip + i);
    }
    while (sum >> 16) {
        sum = (sum & 0xFFFFu) + (sum >> 16);
    }
    sum = ~sum & 0xFFFFu;
    ip[10] = (uint8_t)(sum >> 8);
    ip[11] = (uint8_t)sum;
}

void ixg_lro_flush(struct ixg_q_vector *q, bool napi)
{
    struct ixg_lro *l = &q->lro;
    if (!l->skb) {
        return;
    }
    if (l->segs > 1) {
        uint8_t *f = e1k_os_skb_data(l->skb);
        ip_fix(f + ETH_HLEN, e1k_os_skb_len(l->skb) - ETH_HLEN);
    }
    q->c.lro_flushed++;
    q->a->c.lro_flushed++;
    ixg_deliver(q, l->skb, napi);
    l->skb = NULL;
}

/* Start a session with @skb (the flow's first segment). */
static void lro_start(struct ixg_q_vector *q, struct e1k_skb *skb,
                      uint32_t thl)
{
    struct ixg_lro *l = &q->lro;
    const uint8_t *f = e1k_os_skb_data(skb), *ip = f + ETH_HLEN;
    const uint8_t *tcp = ip + IP_HLEN;
    l->skb = skb;
    l->owned = false;
    l->segs = 1;
    l->saddr = nic_ld_be32(ip + 12);
    l->daddr = nic_ld_be32(ip + 16);
    l->sport = nic_ld_be16(tcp);
    l->dport = nic_ld_be16(tcp + 2);
    l->next_seq = nic_ld_be32(tcp + 4) + (nic_ld_be16(ip + 2) - IP_HLEN - thl);
    e1k_os_skb_set_len(skb, nic_ld_be16(ip + 2) + ETH_HLEN);   /* no padding */
}

/* The session's frame moved into a 64 KB buffer: false if none. */
static bool lro_own(struct ixg_q_vector *q)
{
    struct ixg_lro *l = &q->lro;
    struct e1k_os *os = q->a->os;
    uint32_t len = e1k_os_skb_len(l->skb);
    struct e1k_skb *agg = e1k_os_alloc_skb(os, IXG_LRO_MAX_LEN + ETH_HLEN);
    if (!agg) {
        return false;
    }
    e1k_os_memcpy(os, e1k_os_skb_data(agg), e1k_os_skb_data(l->skb), len);
    e1k_os_skb_set_len(agg, len);
    e1k_os_skb_csum_ok(agg);
    e1k_os_free_skb(os, l->skb);
    l->skb = agg;
    l->owned = true;
    return true;
}

/* Append segment @skb's payload to the session: false if it does not
 * fit (the caller flushes). */
static bool lro_append(struct ixg_q_vector *q, struct e1k_skb *skb,
                       uint32_t thl)
{
    struct ixg_lro *l = &q->lro;
    const uint8_t *f = e1k_os_skb_data(skb), *tcp = f + ETH_HLEN + IP_HLEN;
    uint32_t plen = nic_ld_be16(f + ETH_HLEN + 2) - IP_HLEN - thl;
    uint32_t have = e1k_os_skb_len(l->skb);
    uint8_t *h;

    if (l->segs >= q->a->p.lro_max_aggr ||
        have - ETH_HLEN + plen > IXG_LRO_MAX_LEN ||
        (!l->owned && !lro_own(q))) {
        return false;
    }
    h = e1k_os_skb_data(l->skb) + ETH_HLEN + IP_HLEN;
    e1k_os_memcpy(q->a->os, e1k_os_skb_data(l->skb) + have,
                  tcp + thl, plen);
    e1k_os_skb_set_len(l->skb, have + plen);
    memcpy(h + 8, tcp + 8, 4);        /* acknowledgment number */
    memcpy(h + 14, tcp + 14, 2);      /* window */
    h[13] |= tcp[13] & TCP_PSH;
    if (thl == TCP_HLEN_TS) {
        memcpy(h + 24, tcp + 24, 8);  /* TSval, TSecr */
    }
    l->next_seq += plen;
    l->segs++;
    e1k_os_free_skb(q->a->os, skb);
    return true;
}

bool ixg_lro_receive(struct ixg_q_vector *q, struct e1k_skb *skb,
                     bool csum_ok)
{
    struct ixg_lro *l = &q->lro;
    const uint8_t *f = e1k_os_skb_data(skb);
    uint32_t thl = lro_tcp_hlen(f, e1k_os_skb_len(skb));
    const uint8_t *ip = f + ETH_HLEN, *tcp = ip + IP_HLEN;
    bool napi = true;   /* LRO runs in the NAPI policies only */

    if (!thl || !csum_ok) {
        ixg_lro_flush(q, napi);
        return false;
    }
    if (l->skb && l->saddr == nic_ld_be32(ip + 12) && l->daddr == nic_ld_be32(ip + 16) &&
        l->sport == nic_ld_be16(tcp) && l->dport == nic_ld_be16(tcp + 2) &&
        l->next_seq == nic_ld_be32(tcp + 4) && lro_append(q, skb, thl)) {
        q->c.lro_aggregated++;
        q->a->c.lro_aggregated++;
        return true;
    }
    ixg_lro_flush(q, napi);
    lro_start(q, skb, thl);
    q->c.lro_aggregated++;
    q->a->c.lro_aggregated++;
    return true;
}
