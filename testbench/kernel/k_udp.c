/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The UDP socket sink: udp_rcv queues datagrams for the sink port while
 * sk_rmem_alloc (truesize per skb) is below sk_rcvbuf, else drops
 * (UDP_MIB_RCVBUFERRORS); the reader process (a netperf-like receiver)
 * does one recvfrom() per step: socket_recv + copy_to_user per byte.
 */
#include "kernel/kernel.h"

static bool reader_step(TbCpu *cpu, void *ctx)
{
    TbKernel *k = ctx;
    TbSink *s = &k->sink;
    TbSkb *skb = tb_skb_dequeue(&s->head, &s->tail);
    if (!skb) {
        return false;
    }
    s->qlen--;
    s->rmem -= TB_SKB_TRUESIZE;
    /* payload length was stored in len by tb_udp_rcv */
    uint32_t n = skb->len < s->read_size ? skb->len : s->read_size;
    tb_cpu_cost(cpu, TB_COST_SOCKET_RECV, 1);
    tb_cpu_cost_bytes(cpu, TB_COST_COPY_TO_USER_PER_BYTE, n);
    s->datagrams++;
    s->bytes += n;
    tb_kfree_skb_inline(k, skb);
    return s->head != NULL;
}

void tb_sink_init(TbKernel *k, uint32_t port, uint32_t rcvbuf,
                  uint32_t read_size)
{
    TbSink *s = &k->sink;
    s->port = port;
    s->rcvbuf = rcvbuf ? rcvbuf : 65535;
    s->read_size = read_size ? read_size : 65536;
    s->reader.name = "udp-sink";
    s->reader.step = reader_step;
    s->reader.ctx = k;
    s->cpu = k->cpu;
    if (port) {
        tb_cpu_add_proc(k->cpu, &s->reader);
    }
}

void tb_sink_pin(TbKernel *k, TbCpu *cpu)
{
    TbSink *s = &k->sink;
    if (s->port && cpu != s->cpu) {
        tb_cpu_del_proc(s->cpu, &s->reader);
        tb_cpu_add_proc(cpu, &s->reader);
    }
    s->cpu = cpu;
}

/* udp_rcv for a datagram to @dport with @payload bytes: queued for the
 * sink's reader, or dropped.  Forced inline (link-time optimisation) into
 * ip_rcv's local delivery, one call fewer per received datagram. */
inline __attribute__((always_inline))
void tb_udp_rcv(TbKernel *k, TbSkb *skb, uint32_t dport, uint32_t payload)
{
    TbSink *s = &k->sink;
    if (!s->port || dport != s->port) {
        /* no socket: ICMP port unreachable (not modelled) */
        k->ip_dropped++;
        tb_kfree_skb(k, skb);
        return;
    }
    if (s->rmem >= s->rcvbuf) {
        s->drops++;
        tb_kfree_skb(k, skb);
        return;
    }
    skb->len = payload;
    tb_skb_queue_tail(&s->head, &s->tail, skb);
    s->qlen++;
    s->rmem += TB_SKB_TRUESIZE;
    tb_cpu_wake(s->cpu, &s->reader);
}
