/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP output as skbs (k_tcp_int.h): Linux tcp_transmit_skb,
 * ip_queue_xmit, and with a NIC that offers them (TbNetdev features) the
 * transmit offloads of Linux 2.6:
 *
 * - checksum offload (NETIF_F_IP_CSUM): the segment leaves
 *   CHECKSUM_PARTIAL, its TCP checksum seeded with the pseudo-header sum
 *   (with the length) for the NIC to complete (tcp_v4_send_check);
 * - TSO (NETIF_F_TSO with NETIF_F_SG): the data segments one output run
 *   of the protocol releases back to back (tcp_write_xmit) go as one skb
 *   of up to 64 KB: the first segment's headers in the linear part, the
 *   payload in page fragments, gso_size = MSS; the NIC cuts it
 *   (tcp_tso_should_defer's waiting for a larger skb is not modelled).
 *   Such an skb costs skb_alloc and tcp_xmit once; its pages are taken
 *   from a page already at hand (sk_sndmsg_page), at no modelled cost.
 *
 * Without them every segment is a linear skb with both checksums
 * computed (the cost of the TCP checksum is in copy_from_user: 2.4's
 * csum_and_copy_from_user folds it into the memory-bound copy).
 *
 * An skb of new data stands for two in Linux: the one tcp_sendmsg queues
 * on the write queue (skb_alloc here) and the clone tcp_transmit_skb
 * hands to the device (in tcp_xmit), freed when the driver has sent it
 * (the skb_free of the TX clean).  The queued one is freed when the peer
 * acknowledges it (tcp_clean_rtx_queue): tb_tcp_wq_clean's skb_free.
 */
#include <glib.h>
#include <string.h>

#include "kernel/k_tcp_int.h"

/** Largest TSO skb: IP datagram of at most 65535 bytes. */
#define TSO_MAX_IP 65535u

/* The folded pseudo-header sum of a TCP segment of @tcp_len bytes at the
 * IPv4 header @ip (~tcp_v4_check(len, saddr, daddr, 0)). */
static uint16_t pseudo_sum(const uint8_t *ip, uint32_t tcp_len)
{
    return (uint16_t)tb_csum_fold(6u + tcp_len + tb_csum_sum(ip + 12, 8));
}

/* CHECKSUM_PARTIAL: the TCP checksum of the datagram at @ip (@tot bytes,
 * 20-byte IPv4 header) seeded for the NIC. */
static void csum_partial(TbSkb *skb, uint8_t *ip, uint32_t tot)
{
    tb_put_be16(ip + 20 + 16, pseudo_sum(ip, tot - 20));
    skb->csum_partial = 1;
    skb->csum_start = ETH_HLEN + 20;
    skb->csum_offset = 16;
}

/* A new skb for @seg's headers (and @room payload bytes linear) out of
 * @dev, with its costs; NULL (counted) if there is none. */
static TbSkb *seg_skb(TbTcpSock *s, TbNetdev *dev, const TcpSegment *seg,
                      uint32_t room)
{
    TbKernel *k = s->k;
    uint32_t hl = ETH_HLEN + TCP_IP_HDR_LEN + tcp_opt_len(seg);
    TbSkb *skb = tb_skb_alloc(&k->arena, hl + room);
    if (!skb) {
        k->tcp->st.out_no_skb++;   /* lost: the protocol retransmits */
        return NULL;
    }
    tb_skb_touch(k, skb);
    s->wq_cpu = (uint8_t)k->cpu->id;
    tb_cpu_cost(k->cpu, TB_COST_SKB_ALLOC, 1);
    tb_cpu_cost(k->cpu, TB_COST_TCP_XMIT, 1);
    tb_eth_hdr_out(skb->data, dev, s->a.daddr);
    return skb;
}

/* Queue the end @end of an skb of new data (or SYN, FIN) on the write
 * queue; an older end (a retransmission: Linux sends a clone of the skb
 * still queued) adds none. */
static void wq_push(TbTcpSock *s, uint32_t end)
{
    if (s->wq_len && !tcp_after(end, s->wq_last)) {
        return;
    }
    if (s->wq_len == s->wq_cap) {
        uint32_t cap = s->wq_cap ? 2 * s->wq_cap : 64;
        uint32_t *n = g_new(uint32_t, cap);
        for (uint32_t i = 0; i < s->wq_len; i++) {
            n[i] = s->wq[(s->wq_head + i) % s->wq_cap];
        }
        g_free(s->wq);
        s->wq = n;
        s->wq_cap = cap;
        s->wq_head = 0;
    }
    s->wq[(s->wq_head + s->wq_len) % s->wq_cap] = end;
    s->wq_len++;
    s->wq_last = end;
}

/* The sequence number after @seg (its SYN and FIN count one each). */
static uint32_t seg_end(const TcpSegment *seg)
{
    return seg->seq + seg->len
           + ((seg->flags & (TCP_FL_SYN | TCP_FL_FIN)) ? 1u : 0u);
}

void tb_tcp_wq_clean(TbTcpSock *s)
{
    uint32_t una = s->sk->snd_una;
    while (s->wq_len && !tcp_after(s->wq[s->wq_head], una)) {
        s->wq_head = (s->wq_head + 1) % s->wq_cap;
        s->wq_len--;
        if (s->wq_cpu != (uint8_t)s->k->cpu->id) {
            tb_cpu_cost(s->k->cpu, TB_COST_SKB_REMOTE, 1);
        }
        tb_cpu_cost(s->k->cpu, TB_COST_SKB_FREE, 1);
    }
}

/* @seg as one linear skb. */
static void xmit_linear(TbTcpSock *s, TbNetdev *dev, TcpSock *sk,
                        const TcpSegment *seg)
{
    TbSkb *skb = seg_skb(s, dev, seg, seg->len);
    if (!skb) {
        return;
    }
    uint8_t *ip = skb->data + ETH_HLEN;
    uint32_t hl = TCP_IP_HDR_LEN + tcp_opt_len(seg);
    uint32_t tot = hl + seg->len;
    tcp_seg_copy_data(sk, seg, ip + hl);
    if (dev->features_csum) {
        tcp_build_hdr(ip, &s->a, seg, s->ip_id++, tot);
        csum_partial(skb, ip, tot);
    } else {
        tcp_build(ip, &s->a, seg, NULL, s->ip_id++);
    }
    skb->len = ETH_HLEN + tot;
    s->k->local_out++;
    if (seg->len || (seg->flags & (TCP_FL_SYN | TCP_FL_FIN))) {
        wq_push(s, seg_end(seg));
    }
    tb_dev_queue_xmit(dev, skb);
}

/* Copy @seg's payload into page fragments of @skb from its data_len on.
 * false if a page is missing. */
static bool fill_frags(TbTcpSock *s, TcpSock *sk, TbSkb *skb,
                       const TcpSegment *seg)
{
    TbArena *a = &s->k->arena;
    for (uint32_t off = 0; off < seg->len;) {
        TbSkbFrag *f = skb->nr_frags ? &tb_skb_frags(a, skb)[skb->nr_frags
                                                              - 1]
                                     : NULL;
        if (!f || f->len == TB_PAGE) {
            f = tb_skb_add_frag(a, skb);
            if (!f) {
                return false;
            }
        }
        uint32_t n = TB_PAGE - f->len;
        n = n < seg->len - off ? n : seg->len - off;
        TcpSegment part = *seg;
        part.seq = seg->seq + off;
        part.len = n;
        tcp_seg_copy_data(sk, &part, f->page + f->len);
        f->len += n;
        skb->len += n;
        skb->data_len += n;
        off += n;
    }
    return true;
}

/* @seg continues the TSO skb being filled: the next bytes, the same
 * header fields, all earlier segments full-sized, room left. */
static bool tso_continues(const TbTcpSock *s, const TcpSegment *seg)
{
    const TcpSegment *h = &s->tso_seg;
    uint32_t hl = TCP_IP_HDR_LEN + tcp_opt_len(h);
    return s->tso && !s->tso_short && seg->seq == h->seq + h->len
           && seg->ack == h->ack && seg->win == h->win && seg->ts == h->ts
           && seg->tsval == h->tsval && seg->tsecr == h->tsecr
           && hl + h->len + seg->len <= TSO_MAX_IP;
}

/* Add the data segment @seg to the TSO skb (a new one if it does not
 * continue the current).  false if it cannot be sent (no skb or page:
 * lost, as the protocol expects of a dropped segment). */
static bool tso_add(TbTcpSock *s, TbNetdev *dev, TcpSock *sk,
                    const TcpSegment *seg)
{
    if (!tso_continues(s, seg)) {
        tb_tcp_push(s);
        s->tso = seg_skb(s, dev, seg, 0);
        if (!s->tso) {
            return false;
        }
        s->tso_dev = dev;
        s->tso_mss = (uint16_t)sk->mss_cache;
        s->tso_seg = *seg;
        s->tso_seg.len = 0;
        s->tso_segs = 0;
        s->tso->len = ETH_HLEN + TCP_IP_HDR_LEN + tcp_opt_len(seg);
    }
    if (!fill_frags(s, sk, s->tso, seg)) {
        s->k->tcp->st.out_no_skb++;
        tb_tcp_tso_drop(s);        /* the protocol retransmits */
        return false;
    }
    s->tso_seg.len += seg->len;
    s->tso_seg.flags |= seg->flags & TCP_FL_PSH;
    s->tso_short = seg->len < sk->mss_cache;
    s->tso_segs++;
    return true;
}

void tb_tcp_env_xmit(void *ctx, TcpSock *sk, const TcpSegment *seg)
{
    TbTcpSock *s = ctx;
    TbNetdev *dev = tb_ip_route_dev(s->k, s->a.daddr);
    if (!dev) {
        s->k->tcp->st.out_no_route++;
        return;
    }
    if (dev->features_tso && dev->features_csum && seg->len
        && !(seg->flags & (TCP_FL_SYN | TCP_FL_FIN | TCP_FL_RST))) {
        tso_add(s, dev, sk, seg);
        return;
    }
    tb_tcp_push(s);
    xmit_linear(s, dev, sk, seg);
}

void tb_tcp_push(TbTcpSock *s)
{
    TbSkb *skb = s->tso;
    if (!skb) {
        return;
    }
    s->tso = NULL;
    uint8_t *ip = skb->data + ETH_HLEN;
    uint32_t tot = skb->len - ETH_HLEN;   /* the payload in the frags */
    tcp_build_hdr(ip, &s->a, &s->tso_seg, s->ip_id, tot);
    csum_partial(skb, ip, tot);
    /* one segment: an ordinary skb with its checksum offloaded */
    skb->gso_size = s->tso_segs > 1 ? s->tso_mss : 0;
    s->ip_id = (uint16_t)(s->ip_id + s->tso_segs);
    s->k->local_out += s->tso_segs;   /* frames on the wire */
    wq_push(s, seg_end(&s->tso_seg));
    tb_dev_queue_xmit(s->tso_dev, skb);
}

void tb_tcp_tso_drop(TbTcpSock *s)
{
    if (s->tso) {
        tb_skb_free(&s->k->arena, s->tso);
        s->tso = NULL;
    }
}
