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
 * The merged frame is the session's first skb with the later segments'
 * payloads chained to it (e1k_os_skb_chain: skb_shinfo()->frag_list, as
 * inet_lro's lro_add_packet and the 2007 ixgbe did; nothing copied), at
 * most IXG_LRO_MAX_LEN bytes of IPv4 datagram.  The merged IPv4
 * header gets the total length and its checksum; the TCP header the last
 * segment's ACK, window and timestamp, and a TCP checksum valid for the
 * merged segment, computed as inet_lro's lro_update_tcp_ip_header does:
 * from the pseudo-header, the final TCP header and the sum of the
 * payloads, each payload's sum taken from its segment's (verified) TCP
 * checksum without reading the payload again (RFC 1071 ones'-complement
 * arithmetic, RFC 1624 incremental update).  The frame is handed up
 * marked verified (CHECKSUM_UNNECESSARY) with gso_size the session's
 * MSS (its first segment's payload), as inet_lro's lro_flush did (a
 * session of one segment goes up unchanged, gso_size 0), so that
 * the receiver's TCP measures its MSS from the segments
 * (tcp_measure_rcv_mss) and ACKs a merged frame of two or more segments
 * at once (__tcp_ack_snd_check).
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

/* @a + @b in 16-bit ones'-complement arithmetic (RFC 1071). */
static uint32_t csum_add(uint32_t a, uint32_t b)
{
    uint32_t s = a + b;
    return (s & 0xFFFFu) + (s >> 16);
}

/* Ones'-complement sum of the @n (even, at most 2^17) bytes at @p,
 * folded to 0..0xFFFF (0 only when every byte is): the words summed,
 * the carries added back once at the end, which gives what adding them
 * back at every word gives (RFC 1071 2(C)). */
static uint32_t csum_words(const uint8_t *p, uint32_t n)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < n; i += 2) {
        s += nic_ld_be16(p + i);
    }
    while (s >> 16) {
        s = (s & 0xFFFFu) + (s >> 16);
    }
    return s;
}

/* Set the IPv4 header @ip's total length to @tot and its checksum
 * (RFC 791) anew. */
static void ip_fix(uint8_t *ip, uint32_t tot)
{
    uint32_t sum;
    ip[2] = (uint8_t)(tot >> 8);
    ip[3] = (uint8_t)tot;
    ip[10] = ip[11] = 0;
    sum = ~csum_words(ip, IP_HLEN) & 0xFFFFu;
    ip[10] = (uint8_t)(sum >> 8);
    ip[11] = (uint8_t)sum;
}

/* Sum of the TCP pseudo-header of @ip (RFC 793 3.1) for @tcp_len bytes
 * of TCP header and payload. */
static uint32_t csum_pseudo(const uint8_t *ip, uint32_t tcp_len)
{
    return csum_add(csum_add(csum_words(ip + 12, 8), 6u), tcp_len);
}

/* Sum of the TCP header (@thl bytes at @tcp) without its checksum
 * field. */
static uint32_t csum_tcp_hdr(const uint8_t *tcp, uint32_t thl)
{
    return csum_add(csum_words(tcp, 16), csum_words(tcp + 18, thl - 18));
}

/* Sum of the payload of the segment whose IPv4 header is @ip (TCP header
 * @thl bytes, checksum verified), recovered from its TCP checksum:
 * payload = ~check - pseudo-header - TCP header (RFC 1624). */
static uint32_t csum_payload(const uint8_t *ip, uint32_t thl)
{
    const uint8_t *tcp = ip + IP_HLEN;
    uint32_t tot = nic_ld_be16(ip + 2);
    uint32_t s = ~nic_ld_be16(tcp + 16) & 0xFFFFu;
    s = csum_add(s, ~csum_pseudo(ip, tot - IP_HLEN) & 0xFFFFu);
    return csum_add(s, ~csum_tcp_hdr(tcp, thl) & 0xFFFFu);
}

/* Add payload sum @sum of @len bytes to the session's (a payload that
 * starts at an odd offset has its sum's bytes swapped, RFC 1071 2(B)). */
static void lro_csum_append(struct ixg_lro *l, uint32_t sum, uint32_t len)
{
    if (l->data_len & 1u) {
        sum = (sum >> 8 | sum << 8) & 0xFFFFu;
    }
    l->data_csum = csum_add(l->data_csum, sum);
    l->data_len += len;
}

/* The merged frame's IPv4 total length and checksum, and its TCP
 * checksum over the final header and the payloads' sum. */
static void lro_fix_headers(struct ixg_lro *l)
{
    uint8_t *ip = e1k_os_skb_data(l->skb) + ETH_HLEN, *tcp = ip + IP_HLEN;
    uint32_t tot = e1k_os_skb_len(l->skb) - ETH_HLEN;
    uint32_t thl = (uint32_t)(tcp[12] >> 4) * 4u, sum;
    ip_fix(ip, tot);
    sum = csum_add(csum_pseudo(ip, tot - IP_HLEN), csum_tcp_hdr(tcp, thl));
    sum = ~csum_add(sum, l->data_csum) & 0xFFFFu;
    tcp[16] = (uint8_t)(sum >> 8);
    tcp[17] = (uint8_t)sum;
}

void ixg_lro_flush(struct ixg_q_vector *q, bool napi)
{
    struct ixg_lro *l = &q->lro;
    if (!l->skb) {
        return;
    }
    if (l->segs > 1) {
        lro_fix_headers(l);
        e1k_os_skb_set_gso_size(l->skb, l->mss);
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
    l->segs = 1;
    l->saddr = nic_ld_be32(ip + 12);
    l->daddr = nic_ld_be32(ip + 16);
    l->sport = nic_ld_be16(tcp);
    l->dport = nic_ld_be16(tcp + 2);
    l->mss = nic_ld_be16(ip + 2) - IP_HLEN - thl;
    l->next_seq = nic_ld_be32(tcp + 4) + l->mss;
    l->data_len = l->data_csum = 0;
    lro_csum_append(l, csum_payload(ip, thl), l->mss);
    e1k_os_skb_set_len(skb, nic_ld_be16(ip + 2) + ETH_HLEN);   /* no padding */
}

/* Chain segment @skb's payload to the session (the session's header
 * takes its ACK, window, PSH and timestamp): false if it does not fit or
 * cannot be chained (the caller flushes; @skb is still the caller's). */
static bool lro_append(struct ixg_q_vector *q, struct e1k_skb *skb,
                       uint32_t thl)
{
    struct ixg_lro *l = &q->lro;
    const uint8_t *f = e1k_os_skb_data(skb), *tcp = f + ETH_HLEN + IP_HLEN;
    uint32_t plen = nic_ld_be16(f + ETH_HLEN + 2) - IP_HLEN - thl;
    uint32_t have = e1k_os_skb_len(l->skb);
    uint8_t *h = e1k_os_skb_data(l->skb) + ETH_HLEN + IP_HLEN;
    struct e1k_skb *p;

    if (l->segs >= q->a->p.lro_max_aggr ||
        (uint32_t)(h[12] >> 4) * 4u != thl ||
        have - ETH_HLEN + plen > IXG_LRO_MAX_LEN) {
        return false;
    }
    /* the segment's header, read before the chaining takes it */
    uint8_t th[TCP_HLEN_TS];
    memcpy(th, tcp, thl);
    uint32_t sum = csum_payload(f + ETH_HLEN, thl);
    p = e1k_os_skb_chain(q->a->os, l->skb, skb, ETH_HLEN + IP_HLEN + thl,
                         plen);
    if (!p) {
        return false;
    }
    l->skb = p;
    lro_csum_append(l, sum, plen);
    h = e1k_os_skb_data(p) + ETH_HLEN + IP_HLEN;
    memcpy(h + 8, th + 8, 4);         /* acknowledgment number */
    memcpy(h + 14, th + 14, 2);       /* window */
    h[13] |= th[13] & TCP_PSH;
    if (thl == TCP_HLEN_TS) {
        memcpy(h + 24, th + 24, 8);   /* TSval, TSecr */
    }
    l->next_seq += plen;
    l->segs++;
    return true;
}

/* Count a segment taken into a session (lro_aggregated) and charge its
 * CPU work: the header checks, the session match, the payload sum's fold
 * and the chaining (E1K_COST_LRO_SEGMENT; the testbench's lro_segment). */
static void lro_taken(struct ixg_q_vector *q)
{
    q->c.lro_aggregated++;
    q->a->c.lro_aggregated++;
    e1k_os_charge(q->a->os, E1K_COST_LRO_SEGMENT, 1);
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
        lro_taken(q);
        return true;
    }
    ixg_lro_flush(q, napi);
    lro_start(q, skb, thl);
    lro_taken(q);
    return true;
}
