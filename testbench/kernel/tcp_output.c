/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP output (tcp.h): segmentation of the send queue at the MSS, the
 * congestion window and the peer's window, Nagle with Minshall's variant
 * as Linux 2.4 applies it (tcp_nagle_check: a sub-MSS segment waits
 * while an earlier sub-MSS segment is unacknowledged) [RFC896]
 * [RFC1122 4.2.3.4], the receive window we advertise (never shrunk)
 * [RFC1122 4.2.3.3] [RFC7323 2], pure ACKs, SYNs, retransmissions, the
 * zero-window probe [RFC1122 4.2.2.17], and timers through TcpEnv.
 */
#include "kernel/tcp.h"

uint64_t tcp_now(const TcpSock *sk)
{
    return sk->env.now(sk->env.ctx);
}

uint32_t tcp_time_stamp(const TcpSock *sk)
{
    /* from 1: an echoed 0 reads as "no timestamp" (Linux tcp_ack) */
    return (uint32_t)(tcp_now(sk) / (1000000000ull / sk->cfg.hz)) + 1;
}

void tcp_timer_set(TcpSock *sk, TcpTimerId id, uint64_t expires_ns)
{
    if (sk->timer_at[id] == expires_ns) {
        return;
    }
    sk->timer_at[id] = expires_ns;
    sk->env.timer(sk->env.ctx, sk, id, expires_ns);
}

uint64_t tcp_rto_backoff(const TcpSock *sk)
{
    uint32_t b = sk->backoff > 16 ? 16 : sk->backoff;
    uint64_t t = sk->rto << b;
    return t > TCP_RTO_MAX_NS ? TCP_RTO_MAX_NS : t;
}

/* Receive-queue bytes in use: in order and out of order. */
static uint32_t rcv_used(const TcpSock *sk)
{
    uint32_t top = sk->rcv_nxt;
    if (sk->nooo && tcp_after(sk->ooo[sk->nooo - 1].end, top)) {
        top = sk->ooo[sk->nooo - 1].end;
    }
    return top - sk->copied_seq;
}

uint32_t tcp_win_space(const TcpSock *sk, uint32_t free)
{
    uint32_t space = free - free / 4;
    return space < sk->window_clamp ? space : sk->window_clamp;
}

uint32_t tcp_free_window(const TcpSock *sk)
{
    uint32_t space = tcp_win_space(sk, sk->cfg.rcvbuf - rcv_used(sk));
    uint32_t win = space / sk->rcv_mss * sk->rcv_mss;
    uint32_t max = 65535u << sk->rcv_wscale;
    return win < max ? win : max;
}

/* The window field of a non-SYN segment; the right edge never moves
 * left (rcv_wup + rcv_wnd). */
static uint16_t select_window(TcpSock *sk)
{
    uint32_t cur = 0;
    if (tcp_after(sk->rcv_wup + sk->rcv_wnd, sk->rcv_nxt)) {
        cur = sk->rcv_wup + sk->rcv_wnd - sk->rcv_nxt;
    }
    uint32_t win = tcp_free_window(sk);
    if (win < cur) {
        /* round up so the scaled field does not cut the edge back */
        uint32_t unit = 1u << sk->rcv_wscale;
        win = (cur + unit - 1) / unit * unit;
    }
    sk->rcv_wnd = win;
    sk->rcv_wup = sk->rcv_nxt;
    return (uint16_t)(win >> sk->rcv_wscale);
}

/* Options and window of an outgoing segment. */
static void fill_options(TcpSock *sk, TcpSegment *s)
{
    s->wscale = -1;
    if (s->flags & TCP_FL_SYN) {
        bool active = sk->state == TCP_SYN_SENT;
        s->mss = (uint16_t)sk->adv_mss;
        if (sk->cfg.window_scaling && (active || sk->wscale_ok)) {
            s->wscale = (int8_t)sk->rcv_wscale;
        }
        s->ts = active ? sk->cfg.timestamps : sk->ts_ok;
        uint32_t space = sk->cfg.rcvbuf - sk->cfg.rcvbuf / 4;
        sk->rcv_wnd = space < 65535 ? space : 65535;
        sk->rcv_wup = sk->rcv_nxt;
        s->win = (uint16_t)sk->rcv_wnd;
    } else {
        s->ts = sk->ts_ok;
        s->win = select_window(sk);
    }
    if (s->ts) {
        s->tsval = tcp_time_stamp(sk);
        s->tsecr = (s->flags & TCP_FL_ACK) ? sk->ts_recent : 0;
    }
}

/* Emit one segment; a segment with ACK carries the pending ACK (Linux
 * tcp_event_ack_sent). */
static void emit(TcpSock *sk, uint32_t seq, uint32_t len, uint8_t flags)
{
    TcpSegment s = { .seq = seq, .len = len, .flags = flags };
    if (flags & TCP_FL_ACK) {
        s.ack = sk->rcv_nxt;
    }
    fill_options(sk, &s);
    if (flags & TCP_FL_ACK) {
        sk->ack_pending = false;
        sk->ack_pushed = false;
        if (sk->quick) {
            sk->quick--;
        }
        if (sk->delack_armed) {
            sk->delack_armed = false;
            tcp_timer_set(sk, TCP_TIMER_DELACK, TCP_TIMER_OFF);
        }
    }
    sk->st.segs_out++;
    if (len) {
        sk->st.data_segs_out++;
        sk->st.bytes_out += len;
    }
    sk->env.xmit(sk->env.ctx, sk, &s);
}

void tcp_seg_copy_data(const TcpSock *sk, const TcpSegment *seg,
                       uint8_t *dst)
{
    if (seg->len) {
        tcp_ring_read(&sk->sndq, seg->seq, dst, seg->len);
    }
}

static void arm_retrans(TcpSock *sk)
{
    if (sk->timer_at[TCP_TIMER_RETRANS] == TCP_TIMER_OFF) {
        tcp_timer_set(sk, TCP_TIMER_RETRANS,
                      tcp_now(sk) + tcp_rto_backoff(sk));
    }
}

void tcp_send_syn(TcpSock *sk)
{
    uint8_t fl = TCP_FL_SYN;
    if (sk->state == TCP_SYN_RECV) {
        fl |= TCP_FL_ACK;
    }
    if (sk->snd_max == sk->iss) {
        tcp_rtx_push(sk, sk->iss, sk->iss + 1, TCP_FL_SYN);
        sk->snd_nxt = sk->snd_max = sk->iss + 1;
    } else {
        tcp_rtx_at(sk, 0)->retrans = true;
        sk->st.retrans_segs++;
    }
    emit(sk, sk->iss, 0, fl);
    arm_retrans(sk);
}

void tcp_send_ack(TcpSock *sk)
{
    if (sk->state == TCP_CLOSE || sk->state == TCP_LISTEN
        || sk->state == TCP_SYN_SENT) {
        return;
    }
    sk->st.acks_out++;
    emit(sk, sk->snd_nxt, 0, TCP_FL_ACK);
}

/* Send [seq, seq + len) (+ FIN) as a new or go-back-N transmission. */
static void send_data(TcpSock *sk, uint32_t len, uint8_t flags)
{
    uint32_t seq = sk->snd_nxt;
    uint32_t end = seq + len + ((flags & TCP_FL_FIN) ? 1u : 0u);
    bool again = tcp_before(seq, sk->snd_max);
    tcp_rtx_push(sk, seq, end, flags & TCP_FL_FIN);
    if (again) {
        tcp_rtx_at(sk, sk->rtx_len - 1)->retrans = true;
        sk->st.retrans_segs++;
    } else if (!sk->ts_ok && sk->rtt_start == TCP_TIMER_OFF) {
        sk->rtt_seq = end;
        sk->rtt_start = tcp_now(sk);
    }
    sk->snd_nxt = end;
    if (tcp_after(end, sk->snd_max)) {
        sk->snd_max = end;
    }
    if (len && len < sk->mss_cache) {
        sk->snd_sml = seq + len;
    }
    emit(sk, seq, len, flags);
}

/* The next data segment's length, or 0 if cwnd, the peer's window or
 * Nagle hold it back.  *@last: it empties the unsent data. */
static uint32_t next_len(const TcpSock *sk, bool *last)
{
    uint32_t unsent = sk->write_seq - sk->snd_nxt;
    uint32_t len = unsent < sk->mss_cache ? unsent : sk->mss_cache;
    *last = len == unsent;
    if (tcp_packets_out(sk) >= sk->snd_cwnd
        || tcp_after(sk->snd_nxt + len, sk->snd_una + sk->snd_wnd)) {
        return 0;
    }
    bool small_unacked = tcp_after(sk->snd_sml, sk->snd_una)
                         && !tcp_after(sk->snd_sml, sk->snd_nxt);
    if (len < sk->mss_cache && !sk->cfg.nodelay && !sk->fin_queued
        && tcp_packets_out(sk) && small_unacked) {
        return 0;
    }
    return len;
}

static bool can_send(const TcpSock *sk)
{
    switch (sk->state) {
    case TCP_ESTABLISHED:
    case TCP_CLOSE_WAIT:
    case TCP_FIN_WAIT1:
    case TCP_CLOSING:
    case TCP_LAST_ACK:
        return true;
    default:
        return false;
    }
}

void tcp_write_xmit(TcpSock *sk)
{
    if (!can_send(sk)) {
        return;
    }
    for (;;) {
        bool last;
        if (tcp_before(sk->snd_nxt, sk->write_seq)) {
            uint32_t len = next_len(sk, &last);
            if (!len) {
                break;
            }
            uint8_t fl = TCP_FL_ACK | (last ? TCP_FL_PSH : 0);
            send_data(sk, len, (uint8_t)(fl | (last && sk->fin_queued
                                                   ? TCP_FL_FIN : 0)));
        } else if (sk->fin_queued && sk->snd_nxt == sk->write_seq
                   && tcp_packets_out(sk) < sk->snd_cwnd) {
            send_data(sk, 0, TCP_FL_ACK | TCP_FL_FIN);
        } else {
            break;
        }
    }
    if (tcp_packets_out(sk)) {
        arm_retrans(sk);
        tcp_timer_set(sk, TCP_TIMER_PROBE, TCP_TIMER_OFF);
    } else if (tcp_before(sk->snd_nxt, sk->write_seq)) {
        /* the peer's window holds everything back: probe it */
        if (sk->timer_at[TCP_TIMER_PROBE] == TCP_TIMER_OFF) {
            tcp_timer_set(sk, TCP_TIMER_PROBE,
                          tcp_now(sk) + tcp_rto_backoff(sk));
        }
    } else {
        tcp_timer_set(sk, TCP_TIMER_PROBE, TCP_TIMER_OFF);
    }
}

void tcp_retransmit_head(TcpSock *sk)
{
    if (!sk->rtx_len) {
        return;
    }
    TcpTxRec *t = tcp_rtx_at(sk, 0);
    if (t->flags & TCP_FL_SYN) {
        tcp_send_syn(sk);
        return;
    }
    uint32_t len = t->end - t->seq - ((t->flags & TCP_FL_FIN) ? 1u : 0u);
    t->retrans = true;
    sk->st.retrans_segs++;
    sk->rtt_start = TCP_TIMER_OFF;
    emit(sk, t->seq, len, (uint8_t)(TCP_FL_ACK | t->flags));
}

void tcp_send_probe(TcpSock *sk)
{
    if (!can_send(sk) || tcp_packets_out(sk)
        || !tcp_before(sk->snd_nxt, sk->write_seq)) {
        return;
    }
    /* an old sequence number: the receiver must answer with an ACK
     * carrying its current window */
    sk->st.probes++;
    emit(sk, sk->snd_una - 1, 0, TCP_FL_ACK);
    if (sk->backoff < 16) {
        sk->backoff++;
    }
    tcp_timer_set(sk, TCP_TIMER_PROBE, tcp_now(sk) + tcp_rto_backoff(sk));
}
