/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP sockets (tcp.h): life cycle, the user calls (connect, listen,
 * send, recv, close), segment dispatch by state [RFC793 3.9 "SEGMENT
 * ARRIVES"], the handshake with option negotiation, FIN teardown and
 * timer dispatch.  Linux 2.4 behaviour: tcp_rcv_state_process,
 * tcp_rcv_synsent_state_process, tcp_fin, tcp_close.
 */
#include <glib.h>

#include "kernel/tcp.h"

void tcp_cfg_default(TcpCfg *cfg)
{
    *cfg = (TcpCfg){ .mtu = 1500, .sndbuf = 16384, .rcvbuf = 87380,
                     .timestamps = true, .window_scaling = true,
                     .nodelay = false, .hz = 100, .iss = 0,
                     .autotune = false, .wmem_max = TCP_26_MEM_MAX,
                     .rmem_max = TCP_26_MEM_MAX };
}

/* Window scale we announce: the smallest shift that lets the receive
 * buffer be advertised in 16 bits -- with autotuning the largest it may
 * grow to, tcp_rmem[2] (Linux tcp_select_initial_window). */
static uint8_t rcv_wscale_for(const TcpCfg *cfg)
{
    uint32_t space = cfg->rcvbuf;
    if (cfg->autotune && cfg->rmem_max > space) {
        space = cfg->rmem_max;
    }
    uint8_t ws = 0;
    while (space > 65535 && ws < 14) {
        space >>= 1;
        ws++;
    }
    return ws;
}

TcpSock *tcp_sock_new(const TcpCfg *cfg, const TcpEnv *env)
{
    TcpSock *sk = g_new0(TcpSock, 1);
    sk->cfg = *cfg;
    sk->env = *env;
    sk->state = TCP_CLOSE;
    sk->iss = cfg->iss;
    sk->adv_mss = cfg->mtu - TCP_IP_HDR_LEN;
    sk->mss_cache = 536;
    sk->rcv_mss = 536;
    sk->snd_cwnd = 2;
    sk->snd_ssthresh = 0x7fffffff;
    sk->rto = TCP_TIMEOUT_INIT_NS;
    sk->ato = TCP_ATO_MIN_NS;
    sk->rtt_start = TCP_TIMER_OFF;
    sk->lrcvtime = TCP_TIMER_OFF;
    sk->window_clamp = UINT32_MAX;
    for (int i = 0; i < TCP_NTIMERS; i++) {
        sk->timer_at[i] = TCP_TIMER_OFF;
    }
    tcp_ring_init(&sk->sndq, cfg->sndbuf, cfg->iss + 1, !cfg->nodata);
    tcp_ring_init(&sk->rcvq, cfg->rcvbuf, 0, !cfg->nodata);
    return sk;
}

void tcp_sock_free(TcpSock *sk)
{
    if (!sk) {
        return;
    }
    for (int i = 0; i < TCP_NTIMERS; i++) {
        tcp_timer_set(sk, (TcpTimerId)i, TCP_TIMER_OFF);
    }
    tcp_ring_free(&sk->sndq);
    tcp_ring_free(&sk->rcvq);
    g_free(sk->rtx);
    g_free(sk);
}

const char *tcp_state_name(TcpState s)
{
    static const char *const names[] = {
        "CLOSE", "LISTEN", "SYN_SENT", "SYN_RECV", "ESTABLISHED",
        "FIN_WAIT1", "FIN_WAIT2", "CLOSING", "TIME_WAIT", "CLOSE_WAIT",
        "LAST_ACK",
    };
    return (unsigned)s < G_N_ELEMENTS(names) ? names[s] : "?";
}

void tcp_set_state(TcpSock *sk, TcpState s)
{
    sk->state = s;
    if (s == TCP_CLOSE || s == TCP_TIME_WAIT) {
        for (int i = 0; i < TCP_NTIMERS; i++) {
            tcp_timer_set(sk, (TcpTimerId)i, TCP_TIMER_OFF);
        }
    }
    if (s == TCP_TIME_WAIT) {
        tcp_timer_set(sk, TCP_TIMER_TIMEWAIT, tcp_now(sk) + TCP_TIMEWAIT_NS);
    }
    if (sk->env.wakeup) {
        sk->env.wakeup(sk->env.ctx, sk, TCP_EV_STATE);
    }
}

int tcp_connect(TcpSock *sk)
{
    if (sk->state != TCP_CLOSE) {
        return -1;
    }
    sk->snd_una = sk->snd_nxt = sk->snd_max = sk->iss;
    sk->write_seq = sk->iss + 1;
    sk->high_seq = sk->iss;
    sk->rcv_wscale = sk->cfg.window_scaling
                         ? rcv_wscale_for(&sk->cfg) : 0;
    tcp_set_state(sk, TCP_SYN_SENT);
    tcp_send_syn(sk);
    return 0;
}

int tcp_listen(TcpSock *sk)
{
    if (sk->state != TCP_CLOSE) {
        return -1;
    }
    tcp_set_state(sk, TCP_LISTEN);
    return 0;
}

int tcp_close(TcpSock *sk)
{
    if (sk->state == TCP_ESTABLISHED || sk->state == TCP_SYN_RECV) {
        tcp_set_state(sk, TCP_FIN_WAIT1);
    } else if (sk->state == TCP_CLOSE_WAIT) {
        tcp_set_state(sk, TCP_LAST_ACK);
    } else if (sk->state == TCP_LISTEN || sk->state == TCP_SYN_SENT) {
        tcp_set_state(sk, TCP_CLOSE);
        return 0;
    } else {
        return -1;
    }
    sk->fin_queued = true;
    tcp_write_xmit(sk);
    return 0;
}

uint32_t tcp_wspace(const TcpSock *sk)
{
    return sk->cfg.sndbuf - (sk->write_seq - sk->sndq.base);
}

int64_t tcp_sendmsg(TcpSock *sk, const uint8_t *data, uint32_t len)
{
    bool can = sk->state == TCP_ESTABLISHED || sk->state == TCP_CLOSE_WAIT
               || sk->state == TCP_SYN_SENT || sk->state == TCP_SYN_RECV;
    if (!can || sk->fin_queued) {
        return -1;
    }
    uint32_t room = tcp_wspace(sk);
    uint32_t n = len < room ? len : room;
    if (n == 0) {
        return 0;
    }
    tcp_ring_write(&sk->sndq, sk->write_seq, data, n);
    sk->write_seq += n;
    tcp_write_xmit(sk);
    return n;
}

uint32_t tcp_readable(const TcpSock *sk)
{
    return sk->rcv_nxt - sk->copied_seq - (sk->fin_rcvd ? 1u : 0u);
}

/* After the user read: ACK if one is due (two segments unacknowledged,
 * or a small segment and the queue now empty) or the window at least
 * doubled (Linux tcp_cleanup_rbuf). */
static void cleanup_rbuf(TcpSock *sk, uint32_t copied)
{
    if (sk->state != TCP_ESTABLISHED && sk->state != TCP_FIN_WAIT1
        && sk->state != TCP_FIN_WAIT2) {
        return;
    }
    bool ack = sk->ack_pending
               && (sk->rcv_nxt - sk->rcv_wup > sk->rcv_mss
                   || (copied && sk->ack_pushed && tcp_readable(sk) == 0));
    if (!ack && copied) {
        uint32_t now_win = sk->rcv_wup + sk->rcv_wnd - sk->rcv_nxt;
        uint32_t new_win = tcp_win_space(sk, sk->cfg.rcvbuf
                                              - (sk->rcv_nxt - sk->copied_seq));
        ack = new_win >= sk->rcv_mss && new_win >= 2 * now_win;
    }
    if (ack) {
        tcp_send_ack(sk);
    }
}

uint32_t tcp_recvmsg(TcpSock *sk, uint8_t *dst, uint32_t len, bool *eof)
{
    uint32_t avail = tcp_readable(sk);
    uint32_t n = len < avail ? len : avail;
    if (dst && n) {
        tcp_ring_read(&sk->rcvq, sk->copied_seq, dst, n);
    }
    sk->copied_seq += n;
    tcp_ring_advance(&sk->rcvq, sk->copied_seq);
    if (eof) {
        *eof = n == 0 && sk->fin_rcvd;
    }
    tcp_rcv_space_adjust(sk);
    cleanup_rbuf(sk, n);
    return n;
}

/* A SYN from the peer: its initial sequence number (the receive side
 * starts after it) and options: MSS, window scale, timestamps. */
static void rcv_syn(TcpSock *sk, const TcpSegment *seg)
{
    sk->irs = seg->seq;
    sk->rcv_nxt = sk->copied_seq = seg->seq + 1;
    sk->rcv_wup = sk->rcv_nxt;
    tcp_ring_advance(&sk->rcvq, sk->rcv_nxt);
    uint32_t peer_mss = seg->mss ? seg->mss : 536;
    uint32_t mss = peer_mss < sk->adv_mss ? peer_mss : sk->adv_mss;
    sk->wscale_ok = seg->wscale >= 0 && sk->cfg.window_scaling;
    if (sk->wscale_ok) {
        sk->snd_wscale = (uint8_t)(seg->wscale > 14 ? 14 : seg->wscale);
        sk->rcv_wscale = rcv_wscale_for(&sk->cfg);
    } else {
        sk->snd_wscale = sk->rcv_wscale = 0;
    }
    sk->ts_ok = seg->ts && sk->cfg.timestamps;
    if (sk->ts_ok) {
        sk->ts_recent = seg->tsval;
        mss -= TCP_TS_OPT_LEN;
    }
    sk->mss_cache = mss;
    sk->rcv_mss = mss;
    sk->snd_wnd = seg->win;      /* a SYN's window is never scaled */
    sk->snd_wl1 = seg->seq;
    sk->snd_wl2 = seg->ack;
}

/* LISTEN: a SYN opens the connection (SYN_RECV, SYN-ACK sent). */
static void rcv_listen(TcpSock *sk, const TcpSegment *seg)
{
    if ((seg->flags & (TCP_FL_SYN | TCP_FL_ACK | TCP_FL_RST))
        != TCP_FL_SYN) {
        return;
    }
    sk->snd_una = sk->snd_nxt = sk->snd_max = sk->iss;
    sk->write_seq = sk->iss + 1;
    sk->high_seq = sk->iss;
    rcv_syn(sk, seg);
    tcp_set_state(sk, TCP_SYN_RECV);
    tcp_send_syn(sk);
}

/* SYN_SENT: the SYN-ACK completes the handshake (Linux
 * tcp_rcv_synsent_state_process; simultaneous open is not modelled). */
static void rcv_synsent(TcpSock *sk, const TcpSegment *seg)
{
    bool ack = seg->flags & TCP_FL_ACK;
    if (ack && seg->ack != sk->iss + 1) {
        return;
    }
    if (seg->flags & TCP_FL_RST) {
        if (ack) {
            tcp_set_state(sk, TCP_CLOSE);
        }
        return;
    }
    if (!ack || !(seg->flags & TCP_FL_SYN)) {
        return;
    }
    rcv_syn(sk, seg);
    tcp_ack(sk, seg);
    tcp_set_state(sk, TCP_ESTABLISHED);
    tcp_tune_init(sk);
    tcp_enter_quickack(sk);
    tcp_send_ack(sk);
    tcp_write_xmit(sk);
}

/* The ACK of our FIN moves the closing states on (RFC 793 3.9). */
static void fin_acked(TcpSock *sk)
{
    if (!sk->fin_queued || sk->snd_una != sk->write_seq + 1) {
        return;
    }
    if (sk->state == TCP_FIN_WAIT1) {
        tcp_set_state(sk, TCP_FIN_WAIT2);
    } else if (sk->state == TCP_CLOSING) {
        tcp_set_state(sk, TCP_TIME_WAIT);
    } else if (sk->state == TCP_LAST_ACK) {
        tcp_set_state(sk, TCP_CLOSE);
    }
}

/* Synchronized states: RST, ACK field, then data and FIN. */
static void rcv_synchronized(TcpSock *sk, const TcpSegment *seg,
                             const uint8_t *data)
{
    if (seg->flags & TCP_FL_RST) {
        tcp_set_state(sk, TCP_CLOSE);
        return;
    }
    if (seg->flags & TCP_FL_SYN) {
        /* a retransmitted SYN-ACK: our ACK was lost */
        tcp_send_ack(sk);
        return;
    }
    if (!(seg->flags & TCP_FL_ACK)) {
        return;
    }
    if (sk->ts_ok && seg->ts && !tcp_after(seg->seq, sk->rcv_wup)) {
        sk->ts_recent = seg->tsval;   /* RFC 7323 4.3, Linux's form */
    }
    if (sk->state == TCP_SYN_RECV) {
        if (seg->ack != sk->iss + 1) {
            return;
        }
        tcp_ack(sk, seg);
        sk->snd_wnd = (uint32_t)seg->win << sk->snd_wscale;
        tcp_set_state(sk, TCP_ESTABLISHED);
        tcp_tune_init(sk);
    } else if (!tcp_ack(sk, seg)) {
        tcp_send_ack(sk);
        return;
    }
    fin_acked(sk);
    if (sk->state == TCP_CLOSE) {
        return;
    }
    if (seg->len || (seg->flags & TCP_FL_FIN)) {
        tcp_data_queue(sk, seg, data);
    }
    tcp_write_xmit(sk);
}

void tcp_rcv(TcpSock *sk, const TcpSegment *seg, const uint8_t *data)
{
    sk->st.segs_in++;
    switch (sk->state) {
    case TCP_CLOSE:
        return;
    case TCP_LISTEN:
        rcv_listen(sk, seg);
        return;
    case TCP_SYN_SENT:
        rcv_synsent(sk, seg);
        return;
    default:
        rcv_synchronized(sk, seg, data);
        return;
    }
}

void tcp_timer_expired(TcpSock *sk, TcpTimerId id)
{
    if (sk->timer_at[id] == TCP_TIMER_OFF
        || sk->timer_at[id] > tcp_now(sk)) {
        return;
    }
    sk->timer_at[id] = TCP_TIMER_OFF;
    switch (id) {
    case TCP_TIMER_RETRANS:
        tcp_retransmit_timer(sk);
        break;
    case TCP_TIMER_PROBE:
        tcp_send_probe(sk);
        break;
    case TCP_TIMER_DELACK:
        sk->delack_armed = false;
        if (sk->ack_pending) {
            sk->st.delacks++;
            tcp_send_ack(sk);
        }
        break;
    case TCP_TIMER_TIMEWAIT:
        tcp_set_state(sk, TCP_CLOSE);
        break;
    default:
        break;
    }
}
