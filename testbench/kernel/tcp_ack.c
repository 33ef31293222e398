/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP ACK processing (tcp.h): the peer's window [RFC793 3.9, the
 * SND.WL1/WL2 rule], RTT samples from timestamps [RFC7323 4] or one
 * timed segment under Karn's rule, the retransmission timeout [RFC6298]
 * with Linux's 200 ms floor, and congestion control counted in segments
 * as Linux 2.4 counts it (tcp_cong_avoid): slow start adds one segment
 * per ACK of new data, congestion avoidance one segment per window of
 * ACKs [RFC5681 3.1]; three duplicate ACKs start fast retransmit and
 * NewReno recovery [RFC6582 3.2]; a timeout falls back to one segment
 * and go-back-N (Linux tcp_enter_loss).
 */
#include "kernel/tcp.h"

/* Linux tcp_recalc_ssthresh: half the window, at least two segments. */
static uint32_t recalc_ssthresh(const TcpSock *sk)
{
    uint32_t half = sk->snd_cwnd >> 1;
    return half > 2 ? half : 2;
}

void tcp_rtt_sample(TcpSock *sk, uint64_t rtt_ns)
{
    uint64_t tick = 1000000000ull / sk->cfg.hz;
    if (rtt_ns < tick) {
        rtt_ns = tick;    /* Linux counts a zero-tick sample as one */
    }
    if (sk->srtt == 0) {
        sk->srtt = rtt_ns;
        sk->rttvar = rtt_ns / 2;
    } else {
        uint64_t d = sk->srtt > rtt_ns ? sk->srtt - rtt_ns
                                       : rtt_ns - sk->srtt;
        sk->rttvar = sk->rttvar - sk->rttvar / 4 + d / 4;
        sk->srtt = sk->srtt - sk->srtt / 8 + rtt_ns / 8;
    }
    uint64_t var = 4 * sk->rttvar;
    sk->rto = sk->srtt + (var > TCP_RTO_MIN_NS ? var : TCP_RTO_MIN_NS);
    if (sk->rto > TCP_RTO_MAX_NS) {
        sk->rto = TCP_RTO_MAX_NS;
    }
}

/* One segment per ACK in slow start, one per window of ACKs beyond
 * ssthresh (Linux 2.4 tcp_cong_avoid; cwnd clamped at 65535). */
static void cong_avoid(TcpSock *sk)
{
    if (sk->snd_cwnd <= sk->snd_ssthresh) {
        if (sk->snd_cwnd < 65535) {
            sk->snd_cwnd++;
        }
    } else if (sk->snd_cwnd_cnt >= sk->snd_cwnd) {
        if (sk->snd_cwnd < 65535) {
            sk->snd_cwnd++;
        }
        sk->snd_cwnd_cnt = 0;
    } else {
        sk->snd_cwnd_cnt++;
    }
}

/* Three duplicate ACKs: halve, retransmit the head, inflate by the
 * three segments that left the network [RFC6582 3.2 steps 2-3]. */
static void enter_recovery(TcpSock *sk)
{
    sk->snd_ssthresh = recalc_ssthresh(sk);
    sk->high_seq = sk->snd_max;
    sk->snd_cwnd = sk->snd_ssthresh + TCP_REORDERING;
    sk->snd_cwnd_cnt = 0;
    sk->ca_state = TCP_CA_RECOVERY;
    sk->st.fast_retrans++;
    tcp_retransmit_head(sk);
}

static void on_dupack(TcpSock *sk)
{
    sk->st.dupacks_in++;
    sk->dupacks++;
    if (sk->ca_state == TCP_CA_RECOVERY) {
        sk->snd_cwnd++;        /* each dupack: one more left [step 4] */
    } else if (sk->ca_state != TCP_CA_LOSS) {
        sk->ca_state = TCP_CA_DISORDER;
        if (sk->dupacks >= TCP_REORDERING
            && tcp_after(sk->snd_una, sk->high_seq)) {
            enter_recovery(sk);
        }
    }
}

/* Congestion state after an ACK of new data covering @segs records;
 * @limited: the window was full before it. */
static void on_new_ack(TcpSock *sk, uint32_t segs, bool limited)
{
    bool past = !tcp_before(sk->snd_una, sk->high_seq);
    if (sk->ca_state == TCP_CA_RECOVERY) {
        if (past) {
            /* full ACK [RFC6582 3.2 step 6, second option: cwnd =
             * ssthresh, where Linux 2.4's rate halving also ends] */
            sk->snd_cwnd = sk->snd_ssthresh;
            sk->ca_state = TCP_CA_OPEN;
            sk->dupacks = 0;
        } else {
            /* partial ACK [step 5]: next hole, deflate, add one */
            tcp_retransmit_head(sk);
            sk->snd_cwnd = (sk->snd_cwnd > segs ? sk->snd_cwnd - segs : 0)
                           + 1;
        }
        return;
    }
    if (sk->ca_state == TCP_CA_LOSS && !past) {
        sk->dupacks = 0;
    } else {
        sk->ca_state = TCP_CA_OPEN;
        sk->dupacks = 0;
    }
    if (limited) {
        cong_avoid(sk);
    }
}

/* The peer's window from @seg (Linux tcp_may_update_window). */
static bool update_window(TcpSock *sk, const TcpSegment *seg)
{
    uint32_t nwin = (seg->flags & TCP_FL_SYN)
                        ? seg->win : (uint32_t)seg->win << sk->snd_wscale;
    bool may = tcp_after(seg->ack, sk->snd_una)
               || tcp_after(seg->seq, sk->snd_wl1)
               || (seg->seq == sk->snd_wl1 && nwin > sk->snd_wnd);
    if (!may || nwin == sk->snd_wnd) {
        if (may) {
            sk->snd_wl1 = seg->seq;
            sk->snd_wl2 = seg->ack;
        }
        return false;
    }
    sk->snd_wnd = nwin;
    sk->snd_wl1 = seg->seq;
    sk->snd_wl2 = seg->ack;
    return true;
}

/* RTT sample from the ACK of new data (timestamps, else the timed
 * segment unless a retransmission was acknowledged). */
static void ack_rtt(TcpSock *sk, const TcpSegment *seg, bool karn)
{
    uint64_t tick = 1000000000ull / sk->cfg.hz;
    if (sk->ts_ok && seg->ts && seg->tsecr) {
        tcp_rtt_sample(sk, (uint64_t)(tcp_time_stamp(sk) - seg->tsecr)
                               * tick);
    } else if (sk->rtt_start != TCP_TIMER_OFF
               && !tcp_before(seg->ack, sk->rtt_seq)) {
        if (!karn) {
            uint64_t now = tcp_now(sk);
            tcp_rtt_sample(sk, (now / tick - sk->rtt_start / tick) * tick);
        }
        sk->rtt_start = TCP_TIMER_OFF;
    }
}

bool tcp_ack(TcpSock *sk, const TcpSegment *seg)
{
    uint32_t ack = seg->ack;
    if (tcp_after(ack, sk->snd_max)) {
        return false;
    }
    uint32_t prior_out = tcp_packets_out(sk);
    bool win_changed = update_window(sk, seg);
    if (tcp_before(ack, sk->snd_una)) {
        return true;
    }
    if (ack == sk->snd_una) {
        if (prior_out && !seg->len && !win_changed
            && !(seg->flags & (TCP_FL_SYN | TCP_FL_FIN))) {
            on_dupack(sk);
        }
        return true;
    }
    bool karn;
    uint32_t segs = tcp_rtx_clean(sk, ack, &karn);
    sk->snd_una = ack;
    if (tcp_before(sk->snd_nxt, ack)) {
        sk->snd_nxt = ack;     /* go-back-N overtaken by the peer's queue */
    }
    uint32_t data_end = tcp_before(ack, sk->write_seq) ? ack : sk->write_seq;
    if (tcp_after(data_end, sk->sndq.base)) {
        sk->st.bytes_acked += data_end - sk->sndq.base;
        tcp_ring_advance(&sk->sndq, data_end);
    }
    ack_rtt(sk, seg, karn);
    sk->backoff = 0;
    on_new_ack(sk, segs, prior_out >= sk->snd_cwnd);
    tcp_new_space(sk);
    tcp_timer_set(sk, TCP_TIMER_RETRANS, TCP_TIMER_OFF);
    if (tcp_packets_out(sk)) {
        tcp_timer_set(sk, TCP_TIMER_RETRANS, tcp_now(sk) + sk->rto);
    }
    if (sk->env.wakeup) {
        sk->env.wakeup(sk->env.ctx, sk, TCP_EV_WRITABLE);
    }
    return true;
}

void tcp_retransmit_timer(TcpSock *sk)
{
    if (sk->state == TCP_SYN_SENT || sk->state == TCP_SYN_RECV) {
        sk->st.timeouts++;
        sk->backoff++;
        tcp_send_syn(sk);
        return;
    }
    if (!tcp_packets_out(sk)) {
        return;
    }
    sk->st.timeouts++;
    if (!(sk->ca_state == TCP_CA_LOSS && sk->backoff)) {
        sk->snd_ssthresh = recalc_ssthresh(sk);
    }
    sk->snd_cwnd = 1;
    sk->snd_cwnd_cnt = 0;
    sk->ca_state = TCP_CA_LOSS;
    sk->high_seq = sk->snd_max;
    sk->dupacks = 0;
    sk->rtt_start = TCP_TIMER_OFF;
    /* go-back-N: everything unacknowledged is sent again */
    sk->snd_nxt = sk->snd_una;
    sk->rtx_len = 0;
    if (sk->backoff < 16) {
        sk->backoff++;
    }
    tcp_write_xmit(sk);
}
