/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * netperf UDP_STREAM (k_netperf.h): the sending process and its socket's
 * send-buffer accounting, after Linux 2.4.20 udp_sendmsg, ip_build_xmit,
 * sock_alloc_send_skb, sock_wfree and sock_def_write_space.  The
 * receiver is the remote kernel's UDP sink (k_udp.c).
 */
#include <glib.h>
#include <string.h>

#include "kernel/k_netperf_int.h"

#define ETH_HLEN 14u
#define IP_UDP_HLEN 28u
/** sizeof(struct sk_buff) charged on top of the data (skb->truesize), as
 *  TB_SKB_TRUESIZE counts it, bytes. */
#define SKB_HEAD_TRUESIZE 256u

/* IPv4 [RFC791] and UDP [RFC768] headers at @ip for @n payload bytes
 * already in place after them; the UDP checksum over the pseudo-header
 * (summed in place: the TTL byte, zeroed, and the protocol and length in
 * the IPv4 checksum field stand for the pseudo-header's zero, protocol
 * and length words, next to the addresses). */
static void udp_ip_headers(TbNetperf *np, uint8_t *ip, uint32_t n)
{
    uint8_t *udp = ip + 20;
    uint32_t ulen = 8u + n;
    memset(ip, 0, IP_UDP_HLEN);
    tb_put_be32(ip + 12, np->saddr);
    tb_put_be32(ip + 16, np->daddr);
    tb_put_be16(udp, 32768u);                 /* netperf's local data port */
    tb_put_be16(udp + 2, np->cfg.port);
    tb_put_be16(udp + 4, ulen);
    ip[9] = 17;
    tb_put_be16(ip + 10, ulen);
    uint16_t c = tb_ip_csum(ip + 8, 12u + ulen);
    tb_put_be16(udp + 6, c ? c : 0xffffu);    /* 0 means "no checksum" */
    ip[0] = 0x45;
    tb_put_be16(ip + 2, 20u + ulen);
    tb_put_be16(ip + 4, np->ip_id++);
    tb_put_be16(ip + 6, 0x4000u);             /* DF, as Linux with PMTU discovery */
    ip[8] = 64;
    tb_put_be16(ip + 10, 0);
    uint16_t h = tb_ip_csum(ip, 20);
    tb_put_be16(ip + 10, h);
}

/* sock_wfree: the skb's truesize leaves the socket's wmem; the sender
 * is woken once half of the send buffer is free (sock_def_write_space). */
static void udp_wfree(TbSkb *skb)
{
    TbNetperf *np = skb->sk;
    np->wmem -= skb->truesize;
    if (np->wblocked && 2ull * np->wmem <= np->cfg.send_socket) {
        np->wblocked = false;
        tb_cpu_wake(np->cpu[0], &np->proc[0]);
    }
}

/* The datagram of @n bytes out of @dev as one skb (ip_build_xmit); false
 * if there is no skb (ENOBUFS). */
static bool udp_xmit(TbCpu *cpu, TbNetperf *np, TbNetdev *dev, uint32_t n)
{
    TbKernel *k = np->k[0];
    tb_cpu_cost(cpu, TB_COST_SKB_ALLOC, 1);
    TbSkb *skb = tb_skb_alloc(&k->arena, ETH_HLEN + IP_UDP_HLEN + n);
    if (!skb) {
        return false;
    }
    /* the copy carries the checksum (csum_partial_copy_fromiovecend) */
    tb_cpu_cost_bytes(cpu, TB_COST_COPY_FROM_USER_PER_BYTE, n);
    tb_cpu_cost(cpu, TB_COST_UDP_XMIT, 1);
    memcpy(skb->data + ETH_HLEN + IP_UDP_HLEN,
           np->pat + np->wpos % TB_NETPERF_PAT_PERIOD, n);
    udp_ip_headers(np, skb->data + ETH_HLEN, n);
    tb_eth_hdr_out(skb->data, dev, np->daddr);
    skb->len = ETH_HLEN + IP_UDP_HLEN + n;
    skb->truesize = skb->len + SKB_HEAD_TRUESIZE;
    skb->sk = np;
    skb->destructor = udp_wfree;
    np->wmem += skb->truesize;
    k->local_out++;
    tb_dev_queue_xmit(dev, skb);
    return true;
}

/* One sendto() of message_size bytes; sleeps while the skbs in flight
 * fill the send buffer (sock_alloc_send_skb).  A datagram the qdisc
 * drops is an error of the call (NET_XMIT_DROP: ENOBUFS), as netperf
 * counts it. */
static bool udp_sender_step(TbCpu *cpu, void *ctx)
{
    TbNetperf *np = ctx;
    uint32_t n = np->cfg.message_size;
    if (!np->st.established_ns) {
        np->st.established_ns = cpu->eng->now;
    }
    if (np->wmem >= np->cfg.send_socket) {
        np->wblocked = true;
        return false;
    }
    tb_cpu_cost(cpu, TB_COST_SOCKET_SEND, 1);
    TbNetdev *dev = tb_ip_route_dev(np->k[0], np->daddr);
    uint64_t drops = dev ? dev->qdisc_drops : 0;
    if (!dev || !udp_xmit(cpu, np, dev, n) || dev->qdisc_drops != drops) {
        np->st.send_errors++;
        return true;
    }
    np->wpos += n;
    np->st.sends++;
    np->st.bytes_sent += n;
    return true;
}

int tb_netperf_udp_start(TbNetperf *np, char **err)
{
    const TbSink *s = &np->k[1]->sink;
    uint32_t mtu = tb_netperf_route_mtu(np->k[0], np->daddr);
    if (np->cfg.message_size > TB_NETPERF_UDP_MAX(mtu)) {
        *err = g_strdup_printf("netperf: UDP_STREAM message_size at most "
                               "%u bytes (one datagram per frame of the "
                               "%u-byte MTU; IP fragmentation is not "
                               "modelled)", TB_NETPERF_UDP_MAX(mtu), mtu);
        return -1;
    }
    if (!s->port || s->port != np->cfg.port) {
        *err = g_strdup_printf("netperf: UDP_STREAM: the receiving host has "
                               "no UDP socket on port %u", np->cfg.port);
        return -1;
    }
    np->proc[0] = (TbProc){ .name = "netperf", .step = udp_sender_step,
                            .ctx = np };
    np->cpu[0] = np->k[0]->cpu;
    tb_cpu_add_proc(np->cpu[0], &np->proc[0]);
    tb_cpu_wake(np->cpu[0], &np->proc[0]);
    return 0;
}

void tb_netperf_udp_finish(TbNetperf *np)
{
    const TbSink *s = &np->k[1]->sink;
    np->st.recvs = s->datagrams;
    np->st.bytes_recv = s->bytes;
    np->st.sock_drops = s->drops;
    np->st.segs_out[0] = np->st.data_segs_out[0] = np->st.sends;
    np->st.segs_in[1] = s->datagrams;
}

void tb_netperf_udp_disown(TbNetperf *np)
{
    TbArena *a = &np->k[0]->arena;
    for (uint32_t i = 0; i < a->nskb; i++) {
        if (a->skbs[i].sk == np) {
            a->skbs[i].destructor = NULL;
            a->skbs[i].sk = NULL;
        }
    }
}
