/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Linux 2.6's socket buffer autotuning (tcp.h, TcpCfg.autotune; docs/
 * tcp.md, "Buffer autotuning").  Without the flag (the 2.4 model, or a
 * size the user locked) every function here leaves the socket alone.
 *
 * Receive ("dynamic right-sizing", Linux 2.6.7 on; Documentation/
 * networking/ip-sysctl.txt, tcp_moderate_rcvbuf and tcp_rmem): the
 * receiver estimates the round trip itself, from the timestamps its own
 * ACKs had echoed back and from how long one advertised window takes to
 * arrive; once per such RTT it takes the bytes the application read in
 * it, doubles them (the sender may double its rate in the next RTT) and
 * grows rcvbuf to hold that much in skbs (payload scaled by (MSS + skb
 * overhead) / MSS), capped at tcp_rmem[2]; the window clamp becomes the
 * doubled byte count.  The window advertised stays 3/4 of the free
 * buffer (tcp_adv_win_scale 2), at most the clamp.
 *
 * Send: each ACK that frees send space while cwnd is not filled grows
 * sndbuf to two skbs of memory per segment of cwnd, capped at
 * tcp_wmem[2] (Linux tcp_new_space).  The model's buffers count payload
 * bytes; with TSO a 2.6 sender's skbs carry up to 64 KB of page
 * fragments each, so its truesize per payload byte is close to 1 and
 * the payload count stands for sk_wmem_queued.
 */
#include "kernel/tcp.h"

/* Make ring @r hold at least @need bytes: its capacity at least doubles
 * (up to @max) so that a buffer growing by a segment's worth per ACK
 * reallocates a few times, not once per ACK. */
static void ring_reserve(TcpRing *r, uint32_t need, uint32_t max)
{
    if (need <= r->cap) {
        return;
    }
    uint64_t cap = (uint64_t)r->cap * 2;
    cap = cap < max ? cap : max;
    tcp_ring_grow(r, need > cap ? need : (uint32_t)cap);
}

/* One receiver RTT sample of @m ticks (a zero-tick sample counts as
 * one): timestamp samples are smoothed by 1/8, per-window samples only
 * lower the estimate (they include the sender's pauses). */
static void rcv_rtt_update(TcpSock *sk, uint32_t m, bool win_dep)
{
    if (m == 0) {
        m = 1;
    }
    uint32_t est = sk->rcv_rtt_est;
    if (est == 0) {
        est = m << 3;
    } else if (!win_dep) {
        est = est - (est >> 3) + m;
    } else if ((m << 3) < est) {
        est = m << 3;
    }
    sk->rcv_rtt_est = est;
}

void tcp_tune_init(TcpSock *sk)
{
    if (!sk->cfg.autotune) {
        return;
    }
    sk->window_clamp = sk->cfg.rcvbuf - sk->cfg.rcvbuf / 4;
    sk->rcvq_space = sk->rcv_wnd;
    sk->rcvq_seq = sk->copied_seq;
    sk->rcvq_time = tcp_time_stamp(sk);
}

void tcp_rcv_rtt_measure(TcpSock *sk, const TcpSegment *seg)
{
    if (!sk->cfg.autotune) {
        return;
    }
    uint32_t now = tcp_time_stamp(sk);
    if (sk->ts_ok && seg->ts && seg->tsecr && seg->len >= sk->rcv_mss) {
        rcv_rtt_update(sk, now - seg->tsecr, false);
    }
    if (sk->rcv_rtt_time != 0) {
        if (tcp_before(sk->rcv_nxt, sk->rcv_rtt_seq)) {
            return;
        }
        rcv_rtt_update(sk, now - sk->rcv_rtt_time, true);
    }
    sk->rcv_rtt_seq = sk->rcv_nxt + sk->rcv_wnd;
    sk->rcv_rtt_time = now;
}

/* Buffer memory for @space payload bytes in receive skbs: the MSS plus
 * the skb overhead per MSS, at least enough that 3/4 of one skb's
 * memory holds an MSS (Linux rounds that up in 128-byte steps). */
static uint64_t rcv_mem_for(const TcpSock *sk, uint32_t space)
{
    uint32_t mss = sk->adv_mss;
    uint32_t rcvmem = mss + TCP_SKB_OVERHEAD;
    while (rcvmem - rcvmem / 4 < mss) {
        rcvmem += 128;
    }
    return (uint64_t)space * rcvmem / mss;
}

void tcp_rcv_space_adjust(TcpSock *sk)
{
    if (!sk->cfg.autotune) {
        return;
    }
    uint32_t now = tcp_time_stamp(sk);
    if (sk->rcv_rtt_est == 0
        || now - sk->rcvq_time < (sk->rcv_rtt_est >> 3)) {
        return;
    }
    uint32_t space = 2 * (sk->copied_seq - sk->rcvq_seq);
    if (space > sk->rcvq_space) {
        sk->rcvq_space = space;
        uint64_t mem = rcv_mem_for(sk, space);
        if (mem > sk->cfg.rmem_max) {
            mem = sk->cfg.rmem_max;
        }
        if (mem > sk->cfg.rcvbuf) {
            ring_reserve(&sk->rcvq, (uint32_t)mem, sk->cfg.rmem_max);
            sk->cfg.rcvbuf = (uint32_t)mem;
            sk->window_clamp = space;
        }
    }
    sk->rcvq_seq = sk->copied_seq;
    sk->rcvq_time = now;
}

void tcp_new_space(TcpSock *sk)
{
    if (!sk->cfg.autotune || tcp_packets_out(sk) >= sk->snd_cwnd) {
        return;
    }
    uint32_t mss = sk->mss_cache + (sk->ts_ok ? TCP_TS_OPT_LEN : 0);
    uint32_t demanded = sk->snd_cwnd > TCP_REORDERING + 1
                            ? sk->snd_cwnd : TCP_REORDERING + 1;
    uint64_t mem = (uint64_t)(mss + TCP_SKB_OVERHEAD) * 2 * demanded;
    if (mem > sk->cfg.wmem_max) {
        mem = sk->cfg.wmem_max;
    }
    if (mem > sk->cfg.sndbuf) {
        ring_reserve(&sk->sndq, (uint32_t)mem, sk->cfg.wmem_max);
        sk->cfg.sndbuf = (uint32_t)mem;
    }
}
