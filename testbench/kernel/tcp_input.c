/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP receive side (tcp.h): data in order and out of order into the
 * receive ring, the peer's FIN, and when to ACK.  Delayed ACKs as Linux
 * 2.4 does them [RFC1122 4.2.3.2] [RFC5681 4.2]: an ACK at once for
 * every second full-sized segment, for out-of-order or duplicate data,
 * and during quick-ACK mode (the start of a connection: up to 16 ACKs);
 * otherwise the delayed-ACK timer (ato: 40 ms, adapted to the arrival
 * gap, at most 200 ms).  Linux tcp_data_queue, tcp_event_data_recv,
 * __tcp_ack_snd_check, tcp_fin.
 */
#include "kernel/tcp.h"

void tcp_enter_quickack(TcpSock *sk)
{
    uint32_t q = sk->rcv_wnd / (2 * sk->rcv_mss);
    if (q < 2) {
        q = 2;
    }
    if (q > TCP_MAX_QUICKACKS) {
        q = TCP_MAX_QUICKACKS;
    }
    if (q > sk->quick) {
        sk->quick = q;
    }
    sk->ato = TCP_ATO_MIN_NS;
}

void tcp_event_data_recv(TcpSock *sk, uint32_t len)
{
    uint64_t now = tcp_now(sk);
    if (len > sk->rcv_mss) {
        sk->rcv_mss = len;
    } else if (len < sk->rcv_mss) {
        sk->ack_pushed = true;
    }
    if (sk->lrcvtime == TCP_TIMER_OFF) {
        tcp_enter_quickack(sk);
    } else {
        uint64_t m = now - sk->lrcvtime;
        if (m <= TCP_ATO_MIN_NS / 2) {
            sk->ato = sk->ato / 2 + TCP_ATO_MIN_NS / 2;
        } else if (m < sk->ato) {
            sk->ato = sk->ato / 2 + m;
            if (sk->ato > sk->rto) {
                sk->ato = sk->rto;
            }
        } else if (m > sk->rto) {
            /* a long pause: start quick again */
            tcp_enter_quickack(sk);
        }
    }
    sk->lrcvtime = now;
}

void tcp_ack_snd_check(TcpSock *sk, bool ofo)
{
    sk->ack_pending = true;
    bool two_full = sk->rcv_nxt - sk->rcv_wup > sk->rcv_mss
                    && tcp_free_window(sk) >= sk->rcv_wnd;
    if (two_full || sk->quick || ofo) {
        tcp_send_ack(sk);
        return;
    }
    if (!sk->delack_armed) {
        uint64_t ato = sk->ato;
        if (ato < TCP_ATO_MIN_NS) {
            ato = TCP_ATO_MIN_NS;
        }
        if (ato > TCP_DELACK_MAX_NS) {
            ato = TCP_DELACK_MAX_NS;
        }
        sk->delack_armed = true;
        tcp_timer_set(sk, TCP_TIMER_DELACK, tcp_now(sk) + ato);
    }
}

/* The peer's FIN reached in order (RFC 793 3.9, eighth step). */
static void tcp_fin(TcpSock *sk)
{
    sk->rcv_nxt++;
    sk->fin_rcvd = true;
    sk->peer_fin_ooo = false;
    tcp_send_ack(sk);
    if (sk->state == TCP_ESTABLISHED || sk->state == TCP_SYN_RECV) {
        tcp_set_state(sk, TCP_CLOSE_WAIT);
    } else if (sk->state == TCP_FIN_WAIT1) {
        tcp_set_state(sk, TCP_CLOSING);
    } else if (sk->state == TCP_FIN_WAIT2) {
        tcp_set_state(sk, TCP_TIME_WAIT);
    }
}

/* Whether the receiver still takes data (not after its own FIN). */
static bool rcv_open(const TcpSock *sk)
{
    return sk->state == TCP_ESTABLISHED || sk->state == TCP_FIN_WAIT1
           || sk->state == TCP_FIN_WAIT2;
}

/* Queue an out-of-order segment [seq, seq + len) and answer with a
 * duplicate ACK. */
static void queue_ofo(TcpSock *sk, uint32_t seq, uint32_t len, bool fin,
                      const uint8_t *data)
{
    if (len && !tcp_ooo_add(sk, seq, seq + len)) {
        sk->st.rcv_dropped++;
    } else {
        tcp_ring_write(&sk->rcvq, seq, data, len);
        sk->st.ooo_segs++;
        if (fin) {
            sk->peer_fin_ooo = true;
            sk->peer_fin_seq = seq + len;
        }
    }
    tcp_send_ack(sk);
}

/* In-order data at rcv_nxt: append, join queued ranges, ACK.  TCP
 * measures its receive MSS by the skb's gso_size if set (an LRO-merged
 * segment), else by @len (tcp_measure_rcv_mss). */
static void queue_inorder(TcpSock *sk, const TcpSegment *seg, uint32_t len,
                          bool fin, const uint8_t *data)
{
    bool had_ofo = sk->nooo != 0;
    tcp_ring_write(&sk->rcvq, sk->rcv_nxt, data, len);
    sk->rcv_nxt += len;
    sk->st.bytes_in += len;
    tcp_ooo_collapse(sk);
    if (fin) {
        sk->peer_fin_ooo = true;
        sk->peer_fin_seq = sk->rcv_nxt;
    }
    if (len) {
        tcp_event_data_recv(sk, seg->gso_size ? seg->gso_size : len);
        tcp_rcv_rtt_measure(sk, seg);
    }
    if (sk->peer_fin_ooo && sk->rcv_nxt == sk->peer_fin_seq) {
        tcp_fin(sk);
    } else {
        tcp_ack_snd_check(sk, had_ofo);
    }
    if (sk->env.wakeup) {
        sk->env.wakeup(sk->env.ctx, sk, TCP_EV_READABLE);
    }
}

void tcp_data_queue(TcpSock *sk, const TcpSegment *seg,
                    const uint8_t *data)
{
    uint32_t seq = seg->seq, len = seg->len;
    bool fin = seg->flags & TCP_FL_FIN;
    if (!rcv_open(sk) || !tcp_before(sk->rcv_nxt, seq + len + fin)) {
        /* all old (a retransmission, or a window probe): ACK at once */
        tcp_enter_quickack(sk);
        tcp_send_ack(sk);
        return;
    }
    if (tcp_before(seq, sk->rcv_nxt)) {
        uint32_t skip = sk->rcv_nxt - seq;
        data += skip;
        len -= skip;
        seq = sk->rcv_nxt;
    }
    /* beyond the receive buffer (cannot happen within the window we
     * advertise): keep what fits, drop the rest and the FIN */
    if (tcp_after(seq, sk->copied_seq + sk->cfg.rcvbuf)) {
        sk->st.rcv_dropped++;
        tcp_send_ack(sk);
        return;
    }
    uint32_t room = sk->cfg.rcvbuf - (seq - sk->copied_seq);
    if (len > room) {
        sk->st.rcv_dropped++;
        len = room;
        fin = false;
    }
    if (seq == sk->rcv_nxt) {
        queue_inorder(sk, seg, len, fin, data);
    } else {
        queue_ofo(sk, seq, len, fin, data);
    }
}
