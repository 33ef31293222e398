/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP protocol core (testbench/kernel/tcp.h): segment-level checks of
 * one socket driven by hand (handshake options, cwnd growth, fast
 * retransmit and NewReno recovery, RTO, delayed ACKs, Nagle), and
 * transfers between two sockets over a modelled full-duplex link on the
 * event engine (content intact through deterministic losses, teardown,
 * zero-window probing, two runs identical).
 */
#include <glib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "kernel/tcp.h"
#include "kernel/k_tcp_int.h"
#include "sim/engine.h"

/* ======== one socket driven by hand ======== */

#define SOLO_MAX 4096

typedef struct Solo {
    uint64_t now;
    TcpSegment out[SOLO_MAX];   /* every segment the socket emitted */
    uint32_t nout;
    uint64_t timer[TCP_NTIMERS];
    TcpSock *sk;
} Solo;

static uint64_t solo_now(void *ctx)
{
    return ((Solo *)ctx)->now;
}

static void solo_xmit(void *ctx, TcpSock *sk, const TcpSegment *seg)
{
    Solo *s = ctx;
    (void)sk;
    g_assert_cmpuint(s->nout, <, SOLO_MAX);
    s->out[s->nout++] = *seg;
}

static void solo_timer(void *ctx, TcpSock *sk, TcpTimerId id, uint64_t t)
{
    (void)sk;
    ((Solo *)ctx)->timer[id] = t;
}

static Solo *solo_new(const TcpCfg *cfg)
{
    Solo *s = g_new0(Solo, 1);
    for (int i = 0; i < TCP_NTIMERS; i++) {
        s->timer[i] = TCP_TIMER_OFF;
    }
    TcpEnv env = { solo_now, solo_xmit, solo_timer, NULL, s };
    s->sk = tcp_sock_new(cfg, &env);
    return s;
}

static void solo_free(Solo *s)
{
    tcp_sock_free(s->sk);
    g_free(s);
}

/* Fire timer @id at its time (advancing the clock). */
static void solo_fire(Solo *s, TcpTimerId id)
{
    g_assert_cmpuint(s->timer[id], !=, TCP_TIMER_OFF);
    s->now = s->timer[id];
    tcp_timer_expired(s->sk, id);
}

/* A segment from the peer (peer's ISS 5000): ACK @ack, window @win
 * (unscaled field), @len bytes of zeros at @seq. */
static void solo_in(Solo *s, uint32_t seq, uint32_t ack, uint16_t win,
                    uint32_t len, uint8_t flags)
{
    static const uint8_t zeros[65536];
    TcpSegment g = { .seq = seq, .ack = ack, .flags = flags, .win = win,
                     .wscale = -1, .ts = s->sk->ts_ok,
                     .tsval = (uint32_t)(s->now / 10000000ull),
                     .tsecr = s->sk->ts_ok ? tcp_time_stamp(s->sk) : 0,
                     .len = len };
    tcp_rcv(s->sk, &g, zeros);
}

#define PEER_ISS 5000u

/* Active open answered by a SYN-ACK (MSS 1460, window scale 7,
 * timestamps, window field 65535 => 65535 bytes on the SYN). */
static Solo *solo_established(bool nodelay, uint32_t sndbuf)
{
    TcpCfg cfg;
    tcp_cfg_default(&cfg);
    cfg.nodelay = nodelay;
    cfg.sndbuf = sndbuf;
    cfg.iss = 1000;
    Solo *s = solo_new(&cfg);
    g_assert_cmpint(tcp_connect(s->sk), ==, 0);
    TcpSegment sa = { .seq = PEER_ISS, .ack = 1001,
                      .flags = TCP_FL_SYN | TCP_FL_ACK, .win = 65535,
                      .mss = 1460, .wscale = 7, .ts = true, .tsval = 1,
                      .tsecr = s->out[0].tsval };
    tcp_rcv(s->sk, &sa, NULL);
    g_assert_cmpint(s->sk->state, ==, TCP_ESTABLISHED);
    s->nout = 0;
    /* open the peer's window wide: 65535 << 7 */
    solo_in(s, PEER_ISS + 1, 1001, 65535, 0, TCP_FL_ACK);
    return s;
}

static void test_syn_options(void)
{
    TcpCfg cfg;
    tcp_cfg_default(&cfg);
    cfg.iss = 1000;
    cfg.rcvbuf = 131070;
    Solo *s = solo_new(&cfg);
    tcp_connect(s->sk);
    g_assert_cmpuint(s->nout, ==, 1);
    const TcpSegment *syn = &s->out[0];
    g_assert_cmpuint(syn->flags, ==, TCP_FL_SYN);
    g_assert_cmpuint(syn->seq, ==, 1000);
    g_assert_cmpuint(syn->mss, ==, 1460);
    g_assert_cmpint(syn->wscale, ==, 1);       /* 131070 >> 1 fits 16 bits */
    g_assert_true(syn->ts);
    g_assert_cmpuint(tcp_opt_len(syn), ==, 20);
    g_assert_cmpuint(syn->win, ==, 65535);
    g_assert_cmpuint(s->timer[TCP_TIMER_RETRANS], ==, TCP_TIMEOUT_INIT_NS);
    /* the SYN is retransmitted after 3 s, then after 6 s more */
    solo_fire(s, TCP_TIMER_RETRANS);
    g_assert_cmpuint(s->nout, ==, 2);
    g_assert_cmpuint(s->out[1].flags, ==, TCP_FL_SYN);
    g_assert_cmpuint(s->timer[TCP_TIMER_RETRANS], ==,
                     3 * TCP_TIMEOUT_INIT_NS);
    /* SYN-ACK without timestamps or window scale: MSS 1460 - 0 */
    TcpSegment sa = { .seq = PEER_ISS, .ack = 1001,
                      .flags = TCP_FL_SYN | TCP_FL_ACK, .win = 5840,
                      .mss = 1460, .wscale = -1 };
    tcp_rcv(s->sk, &sa, NULL);
    g_assert_cmpint(s->sk->state, ==, TCP_ESTABLISHED);
    g_assert_false(s->sk->ts_ok);
    g_assert_false(s->sk->wscale_ok);
    g_assert_cmpuint(s->sk->mss_cache, ==, 1460);
    g_assert_cmpuint(s->sk->snd_wnd, ==, 5840);
    g_assert_cmpuint(s->nout, ==, 3);
    g_assert_cmpuint(s->out[2].flags, ==, TCP_FL_ACK);
    g_assert_cmpuint(s->out[2].ack, ==, PEER_ISS + 1);
    g_assert_false(s->out[2].ts);
    solo_free(s);
}

/* Data segments emitted since index @from, and the highest end. */
static uint32_t data_out(const Solo *s, uint32_t from, uint32_t *end)
{
    uint32_t n = 0;
    for (uint32_t i = from; i < s->nout; i++) {
        if (s->out[i].len) {
            n++;
            *end = s->out[i].seq + s->out[i].len;
        }
    }
    return n;
}

static void test_slow_start(void)
{
    static uint8_t buf[200000];
    Solo *s = solo_established(false, 262144);
    TcpSock *sk = s->sk;
    g_assert_cmpuint(sk->mss_cache, ==, 1448);
    g_assert_cmpuint(sk->snd_wnd, ==, 65535u << 7);
    g_assert_cmpint(tcp_sendmsg(sk, buf, sizeof(buf)), ==, sizeof(buf));
    uint32_t end = 0;
    /* initial window: two segments [RFC5681 3.1; Linux 2.4] */
    g_assert_cmpuint(data_out(s, 0, &end), ==, 2);
    g_assert_cmpuint(sk->snd_cwnd, ==, 2);
    /* each ACK of one segment adds one: cwnd 2 + k, and two segments
     * leave per ACK */
    uint32_t una = 1001;
    for (uint32_t k = 1; k <= 20; k++) {
        uint32_t from = s->nout;
        una += 1448;
        s->now += 100000;
        solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
        g_assert_cmpuint(sk->snd_cwnd, ==, 2 + k);
        g_assert_cmpuint(data_out(s, from, &end), ==, 2);
        g_assert_cmpuint(tcp_packets_out(sk), ==, sk->snd_cwnd);
    }
    g_assert_cmpuint(sk->st.bytes_acked, ==, 20 * 1448);
    g_assert_cmpuint(sk->snd_ssthresh, ==, 0x7fffffff);
    solo_free(s);
}

/* Feed @n duplicate ACKs of @una. */
static void dupacks(Solo *s, uint32_t una, int n)
{
    for (int i = 0; i < n; i++) {
        solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    }
}

static void test_fast_retransmit(void)
{
    static uint8_t buf[200000];
    Solo *s = solo_established(false, 262144);
    TcpSock *sk = s->sk;
    tcp_sendmsg(sk, buf, sizeof(buf));
    uint32_t una = 1001;
    for (int k = 0; k < 14; k++) {       /* cwnd 2 -> 16 */
        una += 1448;
        solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    }
    g_assert_cmpuint(sk->snd_cwnd, ==, 16);
    g_assert_cmpuint(tcp_packets_out(sk), ==, 16);
    /* segment at una lost: two dupacks change nothing */
    uint32_t from = s->nout;
    dupacks(s, una, 2);
    g_assert_cmpuint(s->nout, ==, from);
    g_assert_cmpint(sk->ca_state, ==, TCP_CA_DISORDER);
    /* the third: ssthresh = 8, cwnd = 8 + 3, head retransmitted */
    dupacks(s, una, 1);
    g_assert_cmpint(sk->ca_state, ==, TCP_CA_RECOVERY);
    g_assert_cmpuint(sk->snd_ssthresh, ==, 8);
    g_assert_cmpuint(sk->snd_cwnd, ==, 11);
    g_assert_cmpuint(s->nout, ==, from + 1);
    g_assert_cmpuint(s->out[from].seq, ==, una);
    g_assert_cmpuint(s->out[from].len, ==, 1448);
    g_assert_cmpuint(sk->st.fast_retrans, ==, 1);
    uint32_t recover = sk->high_seq;
    g_assert_cmpuint(recover, ==, una + 16 * 1448);
    /* 6 more dupacks inflate cwnd to 17: one new segment leaves */
    from = s->nout;
    dupacks(s, una, 6);
    g_assert_cmpuint(sk->snd_cwnd, ==, 17);
    uint32_t end = 0;
    g_assert_cmpuint(data_out(s, from, &end), ==, 1);
    g_assert_cmpuint(end, ==, recover + 1448);
    /* a partial ACK (3 segments, the 4th also lost): the next hole is
     * retransmitted at once, cwnd deflated by 3 and one added */
    from = s->nout;
    una += 3 * 1448;
    solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    g_assert_cmpint(sk->ca_state, ==, TCP_CA_RECOVERY);
    g_assert_cmpuint(s->out[from].seq, ==, una);
    g_assert_cmpuint(sk->snd_cwnd, ==, 17 - 3 + 1);
    /* the full ACK up to recover ends recovery: cwnd = ssthresh
     * [RFC6582 3.2 step 6] */
    solo_in(s, PEER_ISS + 1, recover, 65535, 0, TCP_FL_ACK);
    g_assert_cmpint(sk->ca_state, ==, TCP_CA_OPEN);
    g_assert_cmpuint(sk->snd_cwnd, ==, 8);
    /* at cwnd == ssthresh one more slow-start step (Linux: cwnd <=
     * ssthresh), then congestion avoidance: cwnd + 1 after cwnd + 1
     * ACKs (Linux 2.4 counts snd_cwnd_cnt up to snd_cwnd) */
    una = recover + 1448;
    solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    g_assert_cmpuint(sk->snd_cwnd, ==, 9);
    for (int k = 0; k < 10; k++) {
        g_assert_cmpuint(sk->snd_cwnd, ==, 9);
        una += 1448;
        solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    }
    g_assert_cmpuint(sk->snd_cwnd, ==, 10);
    g_assert_cmpuint(sk->st.retrans_segs, ==, 2);
    solo_free(s);
}

static void test_rto(void)
{
    static uint8_t buf[100000];
    Solo *s = solo_established(false, 262144);
    TcpSock *sk = s->sk;
    tcp_sendmsg(sk, buf, sizeof(buf));
    uint32_t una = 1001;
    for (int k = 0; k < 6; k++) {          /* cwnd 8, RTT 1 tick */
        s->now += 10000000;
        una += 1448;
        solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    }
    g_assert_cmpuint(sk->snd_cwnd, ==, 8);
    /* RTT samples of 10 ms: rto = srtt + max(4 rttvar, 200 ms) */
    g_assert_cmpuint(sk->srtt, ==, 10000000);
    g_assert_cmpuint(sk->rto, ==, 210000000);
    uint64_t t_arm = s->now;
    g_assert_cmpuint(s->timer[TCP_TIMER_RETRANS], ==, t_arm + 210000000);
    uint32_t from = s->nout;
    solo_fire(s, TCP_TIMER_RETRANS);
    g_assert_cmpint(sk->ca_state, ==, TCP_CA_LOSS);
    g_assert_cmpuint(sk->snd_cwnd, ==, 1);
    g_assert_cmpuint(sk->snd_ssthresh, ==, 4);
    g_assert_cmpuint(sk->st.timeouts, ==, 1);
    g_assert_cmpuint(s->nout, ==, from + 1);      /* go-back-N, 1 seg */
    g_assert_cmpuint(s->out[from].seq, ==, una);
    /* backed off: the next timeout is 2 rto later */
    g_assert_cmpuint(s->timer[TCP_TIMER_RETRANS], ==, s->now + 420000000);
    solo_fire(s, TCP_TIMER_RETRANS);
    g_assert_cmpuint(sk->snd_ssthresh, ==, 4);    /* not halved again */
    g_assert_cmpuint(s->timer[TCP_TIMER_RETRANS], ==, s->now + 840000000);
    /* the ACK of the head: slow start from 1 */
    una += 1448;
    solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
    g_assert_cmpuint(sk->snd_cwnd, ==, 2);
    g_assert_cmpuint(sk->backoff, ==, 0);
    g_assert_cmpuint(tcp_packets_out(sk), ==, 2);
    solo_free(s);
}

/* A passive socket with one data segment of @len at each call. */
static Solo *solo_receiver(void)
{
    TcpCfg cfg;
    tcp_cfg_default(&cfg);
    cfg.iss = 1000;
    cfg.rcvbuf = 131070;
    Solo *s = solo_new(&cfg);
    tcp_listen(s->sk);
    TcpSegment syn = { .seq = PEER_ISS, .flags = TCP_FL_SYN, .win = 65535,
                       .mss = 1460, .wscale = 2, .ts = true, .tsval = 7 };
    tcp_rcv(s->sk, &syn, NULL);
    g_assert_cmpint(s->sk->state, ==, TCP_SYN_RECV);
    g_assert_cmpuint(s->out[0].flags, ==, TCP_FL_SYN | TCP_FL_ACK);
    g_assert_cmpuint(s->out[0].ack, ==, PEER_ISS + 1);
    g_assert_cmpuint(s->out[0].tsecr, ==, 7);
    g_assert_cmpint(s->out[0].wscale, ==, 1);
    solo_in(s, PEER_ISS + 1, 1001, 65535, 0, TCP_FL_ACK);
    g_assert_cmpint(s->sk->state, ==, TCP_ESTABLISHED);
    s->nout = 0;
    return s;
}

static void test_delayed_ack(void)
{
    Solo *s = solo_receiver();
    TcpSock *sk = s->sk;
    uint32_t seq = PEER_ISS + 1;
    /* quick-ACK at the start: 16 ACKs, one per segment */
    for (int i = 0; i < 16; i++) {
        s->now += 20000;
        solo_in(s, seq, 1001, 65535, 1448, TCP_FL_ACK);
        seq += 1448;
        g_assert_cmpuint(s->nout, ==, (uint32_t)i + 1);
        g_assert_cmpuint(s->out[i].ack, ==, seq);
    }
    tcp_recvmsg(sk, NULL, 1u << 20, NULL);
    s->nout = 0;
    /* then an ACK for every second full segment (the reader keeps up) */
    for (int i = 0; i < 10; i++) {
        s->now += 20000;
        solo_in(s, seq, 1001, 65535, 1448, TCP_FL_ACK);
        seq += 1448;
        g_assert_cmpuint(tcp_recvmsg(sk, NULL, 1u << 20, NULL), ==, 1448);
        g_assert_cmpuint(s->nout, ==, (uint32_t)(i + 1) / 2);
    }
    g_assert_cmpuint(s->out[4].ack, ==, seq);
    g_assert_false(sk->delack_armed);
    /* one small segment: held for the delayed-ACK timer (40 ms) */
    s->now += 20000;
    uint64_t t = s->now;
    solo_in(s, seq, 1001, 65535, 100, TCP_FL_ACK | TCP_FL_PSH);
    seq += 100;
    g_assert_cmpuint(s->nout, ==, 5);
    g_assert_true(sk->delack_armed);
    g_assert_cmpuint(s->timer[TCP_TIMER_DELACK], ==, t + TCP_ATO_MIN_NS);
    solo_fire(s, TCP_TIMER_DELACK);
    g_assert_cmpuint(s->nout, ==, 6);
    g_assert_cmpuint(s->out[5].ack, ==, seq);
    g_assert_cmpuint(sk->st.delacks, ==, 1);
    /* out-of-order data is ACKed at once (a duplicate ACK) */
    solo_in(s, seq + 1448, 1001, 65535, 1448, TCP_FL_ACK);
    g_assert_cmpuint(s->nout, ==, 7);
    g_assert_cmpuint(s->out[6].ack, ==, seq);
    g_assert_cmpuint(sk->st.ooo_segs, ==, 1);
    /* the hole filled: ACK at once, past both */
    solo_in(s, seq, 1001, 65535, 1448, TCP_FL_ACK);
    g_assert_cmpuint(s->nout, ==, 8);
    g_assert_cmpuint(s->out[7].ack, ==, seq + 2 * 1448);
    g_assert_cmpuint(tcp_readable(sk), ==, 100 + 2 * 1448);
    solo_free(s);
}

/* A frame merged by LRO (Linux inet_lro): 8 segments of 1448 bytes in
 * one, gso_size 1448.  TCP measures its receive MSS by gso_size
 * (tcp_measure_rcv_mss), so the merged frame counts as more than one
 * full segment and is ACKed at once (__tcp_ack_snd_check: the window
 * does not shrink here), and the window stays in whole 1448-byte units;
 * were the merged length taken as the MSS, neither would hold (and a
 * buffer holding one such frame of ~64 KB would advertise a zero
 * window). */
static void test_lro_segment(void)
{
    static const uint8_t zeros[8 * 1448];
    Solo *s = solo_receiver();
    TcpSock *sk = s->sk;
    uint32_t seq = PEER_ISS + 1;
    for (int i = 0; i < 16; i++) {       /* past quick-ACK mode */
        s->now += 20000;
        solo_in(s, seq, 1001, 65535, 1448, TCP_FL_ACK);
        seq += 1448;
    }
    tcp_recvmsg(sk, NULL, 1u << 20, NULL);
    g_assert_cmpuint(sk->quick, ==, 0);
    s->nout = 0;
    s->now += 20000;
    TcpSegment g = { .seq = seq, .ack = 1001, .flags = TCP_FL_ACK,
                     .win = 65535, .wscale = -1, .ts = true,
                     .tsval = (uint32_t)(s->now / 10000000ull),
                     .tsecr = tcp_time_stamp(sk), .len = 8 * 1448,
                     .gso_size = 1448 };
    tcp_rcv(sk, &g, zeros);
    seq += 8 * 1448;
    g_assert_cmpuint(sk->rcv_mss, ==, 1448);
    g_assert_cmpuint(s->nout, ==, 1);
    g_assert_cmpuint(s->out[0].ack, ==, seq);
    /* 131070 - 11584 free, 3/4 of it in whole segments: 61 x 1448,
     * scaled by 2^1 */
    g_assert_cmpuint((uint32_t)s->out[0].win << 1, ==, 61u * 1448u);
    g_assert_cmpuint(tcp_recvmsg(sk, NULL, 1u << 20, NULL), ==, 8 * 1448);
    solo_free(s);
}

/* Bytes of the data segments emitted since @from, each size listed. */
static void expect_sizes(const Solo *s, uint32_t from, const uint32_t *len,
                         uint32_t n)
{
    uint32_t j = 0;
    for (uint32_t i = from; i < s->nout; i++) {
        if (s->out[i].len) {
            g_assert_cmpuint(j, <, n);
            g_assert_cmpuint(s->out[i].len, ==, len[j]);
            j++;
        }
    }
    g_assert_cmpuint(j, ==, n);
}

static void test_nagle(void)
{
    static uint8_t buf[4096];
    Solo *s = solo_established(false, 65536);
    TcpSock *sk = s->sk;
    /* the first small write leaves at once; the next ones wait for its
     * ACK and are sent together */
    tcp_sendmsg(sk, buf, 100);
    tcp_sendmsg(sk, buf, 100);
    tcp_sendmsg(sk, buf, 100);
    expect_sizes(s, 0, (const uint32_t[]){ 100 }, 1);
    uint32_t from = s->nout;
    solo_in(s, PEER_ISS + 1, 1101, 65535, 0, TCP_FL_ACK);
    expect_sizes(s, from, (const uint32_t[]){ 200 }, 1);
    /* a write of 3000 while the 200 is unacknowledged (cwnd opened by
     * hand): the full segments leave, the 104-byte tail waits for the
     * ACK of the small segment (Minshall) */
    sk->snd_cwnd = 10;
    from = s->nout;
    tcp_sendmsg(sk, buf, 3000);
    expect_sizes(s, from, (const uint32_t[]){ 1448, 1448 }, 2);
    g_assert_cmpuint(sk->write_seq - sk->snd_nxt, ==, 104);
    from = s->nout;
    solo_in(s, PEER_ISS + 1, 1301, 65535, 0, TCP_FL_ACK);
    expect_sizes(s, from, (const uint32_t[]){ 104 }, 1);
    solo_free(s);

    /* TCP_NODELAY: every write leaves at once (within cwnd 2) */
    s = solo_established(true, 65536);
    tcp_sendmsg(s->sk, buf, 100);
    tcp_sendmsg(s->sk, buf, 100);
    expect_sizes(s, 0, (const uint32_t[]){ 100, 100 }, 2);
    solo_free(s);
}

/* The Internet checksum of @len bytes one big-endian byte pair at a
 * time [RFC1071]: a reference apart from the kernel's summing. */
static uint16_t pair_csum(const uint8_t *p, uint32_t len)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i < len; i += 2) {
        sum += (uint32_t)p[i] << 8 | (i + 1 < len ? p[i + 1] : 0u);
    }
    while (sum >> 16) {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return (uint16_t)~sum;
}

static void test_wire(void)
{
    uint8_t pkt[1600], payload[1000];
    for (unsigned i = 0; i < sizeof(payload); i++) {
        payload[i] = (uint8_t)(i * 7 + 3);
    }
    TcpAddr a = { 0x0a000001, 0x0a000002, 40000, 12865 }, b;
    TcpSegment syn = { .seq = 123456789, .flags = TCP_FL_SYN, .win = 65535,
                       .mss = 1460, .wscale = 1, .ts = true,
                       .tsval = 0xdeadbeef }, p;
    const uint8_t *data;
    uint32_t n = tcp_build(pkt, &a, &syn, NULL, 77);
    g_assert_cmpuint(n, ==, 60);
    g_assert_cmpint(tcp_parse(pkt, n, &b, &p, &data), ==, 0);
    g_assert_cmpuint(b.saddr, ==, a.saddr);
    g_assert_cmpuint(b.dport, ==, 12865);
    g_assert_cmpuint(p.seq, ==, syn.seq);
    g_assert_cmpuint(p.mss, ==, 1460);
    g_assert_cmpint(p.wscale, ==, 1);
    g_assert_true(p.ts);
    g_assert_cmpuint(p.tsval, ==, 0xdeadbeef);
    TcpSegment d = { .seq = 1, .ack = 2, .flags = TCP_FL_ACK | TCP_FL_PSH,
                     .win = 1234, .wscale = -1, .ts = true, .tsval = 5,
                     .tsecr = 6, .len = 999 };
    n = tcp_build(pkt, &a, &d, payload, 78);
    g_assert_cmpuint(n, ==, 40 + 12 + 999);     /* odd length */
    g_assert_cmpint(tcp_parse(pkt, n, &b, &p, &data), ==, 0);
    g_assert_cmpuint(p.len, ==, 999);
    g_assert_cmpuint(p.win, ==, 1234);
    g_assert_cmpuint(p.tsecr, ==, 6);
    g_assert_cmpint(p.wscale, ==, -1);
    g_assert_cmpmem(data, 999, payload, 999);
    /* the checksum against a byte-pair sum over pseudo-header and
     * segment (and the kernel's tb_ip_csum), at every payload length up
     * to 99 */
    for (uint32_t len = 0; len < 100; len++) {
        uint8_t ref[12 + 60 + 100];
        d.len = len;
        n = tcp_build(pkt, &a, &d, payload + len, 79);
        memcpy(ref, (const uint8_t[]){ 10, 0, 0, 1, 10, 0, 0, 2, 0, 6,
                                       0, (uint8_t)(n - 20) }, 12);
        memcpy(ref + 12, pkt + 20, n - 20);
        g_assert_cmpuint(pair_csum(ref, 12 + n - 20), ==, 0);
        g_assert_cmpuint(tb_ip_csum(ref, 12 + n - 20), ==, 0);
    }
    d.len = 999;
    n = tcp_build(pkt, &a, &d, payload, 78);
    pkt[100] ^= 1;                               /* payload corrupted */
    g_assert_cmpint(tcp_parse(pkt, n, &b, &p, &data), ==, -1);
    pkt[100] ^= 1;
    pkt[8] = 63;                                 /* IP header corrupted */
    g_assert_cmpint(tcp_parse(pkt, n, &b, &p, &data), ==, -1);
}

/* ======== two sockets over a modelled link ======== */

#define NET_MAX_DROPS 8

typedef struct Frame {
    int to;                  /* receiving side */
    uint32_t len;
    uint8_t b[];
} Frame;

typedef struct Drop {
    uint32_t off;            /* data offset (from the first data byte):
                                the segment holding it is lost */
    uint32_t times;          /* transmissions still to drop */
} Drop;

typedef struct Net {
    TbEngine *e;
    TcpSock *sk[2];
    TcpAddr addr[2];
    TbEventId tev[2][TCP_NTIMERS];
    uint64_t busy[2];        /* wire free again, per direction */
    uint64_t delay_ns;
    uint64_t bit_ps;         /* ps per bit (1000: 1 Gbit/s) */
    uint16_t ip_id[2];
    Drop drop[NET_MAX_DROPS];
    uint32_t ndrop;
    uint32_t drop_every;     /* drop each n-th data segment (0: none) */
    uint32_t data_segs;
    uint64_t dropped;
    GChecksum *trace;        /* every frame with its time */
    /* applications: side 0 writes src, side 1 reads into dst */
    const uint8_t *src;
    uint32_t src_len, src_off, chunk;
    bool close_when_done, closed[2];
    uint8_t *dst;
    uint32_t dst_len;
    bool reading, eof;
    uint64_t first_data_ns;  /* first payload byte sent */
    uint64_t done_ns;        /* the last byte read */
} Net;

static uint64_t net_now(void *ctx)
{
    return ((Net *)ctx)->e->now;
}

static int side_of(const Net *n, const TcpSock *sk)
{
    return sk == n->sk[0] ? 0 : 1;
}

/* Whether the link loses this data segment (deterministic). */
static bool net_drops(Net *n, int side, const TcpSegment *seg)
{
    if (side != 0 || !seg->len) {
        return false;
    }
    n->data_segs++;
    if (n->drop_every && n->data_segs % n->drop_every == 0) {
        return true;
    }
    uint32_t off = seg->seq - n->sk[0]->iss - 1;
    for (uint32_t i = 0; i < n->ndrop; i++) {
        if (n->drop[i].off - off < seg->len && n->drop[i].times) {
            n->drop[i].times--;
            return true;
        }
    }
    return false;
}

static void net_deliver(void *ctx, uint64_t arg)
{
    Net *n = ctx;
    Frame *f = (Frame *)(uintptr_t)arg;
    TcpAddr a;
    TcpSegment seg;
    const uint8_t *data;
    g_assert_cmpint(tcp_parse(f->b, f->len, &a, &seg, &data), ==, 0);
    g_assert_cmpuint(a.dport, ==, n->addr[f->to].sport);
    tcp_rcv(n->sk[f->to], &seg, data);
    g_free(f);
}

static void net_xmit(void *ctx, TcpSock *sk, const TcpSegment *seg)
{
    Net *n = ctx;
    int side = side_of(n, sk);
    uint8_t payload[2048];
    tcp_seg_copy_data(sk, seg, payload);
    if (seg->len && !n->first_data_ns) {
        n->first_data_ns = n->e->now;
    }
    Frame *f = g_malloc(sizeof(Frame) + 60 + seg->len);
    f->to = !side;
    f->len = tcp_build(f->b, &n->addr[side], seg, payload,
                       n->ip_id[side]++);
    uint64_t now = n->e->now;
    g_checksum_update(n->trace, (const guchar *)&now, sizeof(now));
    g_checksum_update(n->trace, f->b, f->len);
    /* Ethernet: 14 header + 4 FCS + 8 preamble + 12 gap */
    uint64_t wire_ns = (uint64_t)(f->len + 38) * 8 * n->bit_ps / 1000;
    uint64_t start = n->busy[side] > now ? n->busy[side] : now;
    n->busy[side] = start + wire_ns;
    if (net_drops(n, side, seg)) {
        n->dropped++;
        g_free(f);
        return;
    }
    tb_engine_schedule(n->e, n->busy[side] + n->delay_ns, net_deliver, n,
                       (uint64_t)(uintptr_t)f);
}

static void net_timer_fire(void *ctx, uint64_t arg)
{
    Net *n = ctx;
    int side = (int)(arg / TCP_NTIMERS);
    TcpTimerId id = (TcpTimerId)(arg % TCP_NTIMERS);
    n->tev[side][id] = 0;
    tcp_timer_expired(n->sk[side], id);
}

static void net_timer(void *ctx, TcpSock *sk, TcpTimerId id, uint64_t t)
{
    Net *n = ctx;
    int side = side_of(n, sk);
    if (n->tev[side][id]) {
        tb_engine_cancel(n->e, n->tev[side][id]);
        n->tev[side][id] = 0;
    }
    if (t != TCP_TIMER_OFF) {
        n->tev[side][id] = tb_engine_schedule(
            n->e, t, net_timer_fire, n, (uint64_t)side * TCP_NTIMERS + id);
    }
}

/* The applications: write what fits, read what arrived (run after every
 * event, not from inside the protocol). */
static void net_apps(Net *n)
{
    TcpSock *a = n->sk[0], *b = n->sk[1];
    while (n->src_off < n->src_len && a->state == TCP_ESTABLISHED) {
        uint32_t len = n->src_len - n->src_off;
        int64_t got = tcp_sendmsg(a, n->src + n->src_off,
                                  len < n->chunk ? len : n->chunk);
        if (got <= 0) {
            break;
        }
        n->src_off += (uint32_t)got;
    }
    if (n->src_off == n->src_len && n->close_when_done && !n->closed[0]
        && a->state == TCP_ESTABLISHED) {
        n->closed[0] = true;
        tcp_close(a);
    }
    bool eof = false;
    while (n->reading && tcp_readable(b)) {
        g_assert_cmpuint(n->dst_len, <, n->src_len + 1);
        n->dst_len += tcp_recvmsg(b, n->dst + n->dst_len,
                                  n->src_len - n->dst_len + 1, &eof);
    }
    if (n->src_len && n->dst_len == n->src_len && !n->done_ns) {
        n->done_ns = n->e->now;
    }
    if (n->reading && tcp_recvmsg(b, NULL, 0, &eof) == 0 && eof
        && !n->closed[1]) {
        n->eof = true;
        n->closed[1] = true;
        tcp_close(b);
    }
}

static Net *net_new(const TcpCfg *ca, const TcpCfg *cb, uint64_t delay_ns)
{
    Net *n = g_new0(Net, 1);
    n->e = tb_engine_new();
    n->delay_ns = delay_ns;
    n->bit_ps = 1000;
    n->chunk = 16384;
    n->reading = true;
    n->trace = g_checksum_new(G_CHECKSUM_SHA256);
    n->addr[0] = (TcpAddr){ 0x0a000001, 0x0a000002, 40000, 12865 };
    n->addr[1] = (TcpAddr){ 0x0a000002, 0x0a000001, 12865, 40000 };
    TcpEnv env = { net_now, net_xmit, net_timer, NULL, n };
    n->sk[0] = tcp_sock_new(ca, &env);
    n->sk[1] = tcp_sock_new(cb, &env);
    return n;
}

/* Run until @t_ns, the applications acting after each event. */
static void net_run(Net *n, uint64_t t_ns)
{
    while (tb_engine_run_one(n->e, t_ns)) {
        net_apps(n);
    }
}

static void net_free(Net *n)
{
    /* deliver the frames still in flight (they own their memory) */
    net_run(n, TB_NEVER - 1);
    tcp_sock_free(n->sk[0]);
    tcp_sock_free(n->sk[1]);
    g_checksum_free(n->trace);
    tb_engine_free(n->e);
    g_free(n->dst);
    g_free(n);
}

/* Transfer @len patterned bytes side 0 -> side 1 and close both ends. */
static Net *net_transfer(const TcpCfg *ca, const TcpCfg *cb, uint32_t len,
                         const Drop *drops, uint32_t ndrop,
                         uint32_t drop_every, uint64_t limit_ns)
{
    Net *n = net_new(ca, cb, 50000);
    uint8_t *src = g_malloc(len);
    for (uint32_t i = 0; i < len; i++) {
        src[i] = (uint8_t)((i * 2654435761u) >> 13);
    }
    n->src = src;
    n->src_len = len;
    n->dst = g_malloc(len + 1);
    n->close_when_done = true;
    memcpy(n->drop, drops, ndrop * sizeof(Drop));
    n->ndrop = ndrop;
    n->drop_every = drop_every;
    tcp_listen(n->sk[1]);
    tcp_connect(n->sk[0]);
    net_run(n, limit_ns);
    g_assert_cmpuint(n->dst_len, ==, len);
    if (cb->nodata) {
        for (uint32_t i = 0; i < len; i++) {
            g_assert_cmpuint(n->dst[i], ==, 0);   /* nothing stored */
        }
    } else {
        g_assert_cmpmem(n->dst, len, src, len);
    }
    g_assert_true(n->eof);
    n->src = NULL;
    g_free(src);
    return n;
}

static void cfg_stream(TcpCfg *c, uint32_t iss)
{
    tcp_cfg_default(c);
    c->sndbuf = 131070;
    c->rcvbuf = 131070;
    c->iss = iss;
}

static void test_teardown(void)
{
    TcpCfg ca, cb;
    cfg_stream(&ca, 100);
    cfg_stream(&cb, 900000);
    Net *n = net_transfer(&ca, &cb, 1000, NULL, 0, 0, 1000000000ull);
    /* the active closer waits in TIME_WAIT, the other end is closed */
    g_assert_cmpint(n->sk[0]->state, ==, TCP_TIME_WAIT);
    g_assert_cmpint(n->sk[1]->state, ==, TCP_CLOSE);
    g_assert_cmpuint(n->sk[1]->st.bytes_in, ==, 1000);
    g_assert_cmpuint(n->sk[0]->st.retrans_segs, ==, 0);
    /* A: SYN, ACK, data (written once established), FIN (close()
     * right after the write), the ACK of B's FIN.  B: SYN-ACK, the
     * ACK of the data (quick-ACK), the ACK of the FIN, its own FIN */
    g_assert_cmpuint(n->sk[0]->st.segs_out, ==, 5);
    g_assert_cmpuint(n->sk[0]->st.data_segs_out, ==, 1);
    g_assert_cmpuint(n->sk[1]->st.segs_out, ==, 4);
    g_assert_cmpuint(n->sk[1]->st.acks_out, ==, 2);
    /* after 60 s TIME_WAIT ends */
    net_run(n, 62000000000ull);
    g_assert_cmpint(n->sk[0]->state, ==, TCP_CLOSE);
    net_free(n);
}

/* Payload counted, not stored (TcpCfg.nodata): no byte rings, the
 * receiver reads zeros, and the protocol does exactly what it does with
 * the bytes stored (same segments, retransmissions, timing) over a
 * transfer with losses, reordering and a wrapping sequence space. */
static void test_nodata(void)
{
    TcpCfg ca, cb;
    cfg_stream(&ca, 4293967295u);
    cfg_stream(&cb, 1);
    const Drop d[] = { { 20 * 1448, 1 }, { 21 * 1448, 1 }, { 500 * 1448, 3 } };
    Net *full = net_transfer(&ca, &cb, 1500000, d, G_N_ELEMENTS(d), 0,
                             20000000000ull);
    ca.nodata = cb.nodata = true;
    Net *bare = net_transfer(&ca, &cb, 1500000, d, G_N_ELEMENTS(d), 0,
                             20000000000ull);
    for (int i = 0; i < 2; i++) {
        g_assert_null(bare->sk[i]->sndq.buf);
        g_assert_null(bare->sk[i]->rcvq.buf);
        g_assert_cmpmem(&bare->sk[i]->st, sizeof(TcpStats),
                        &full->sk[i]->st, sizeof(TcpStats));
    }
    g_assert_cmpuint(full->sk[0]->st.retrans_segs, >=, 5);
    g_assert_cmpuint(bare->done_ns, ==, full->done_ns);
    g_assert_cmpuint(bare->dropped, ==, full->dropped);
    net_free(full);
    net_free(bare);
}

/* A table socket with local @la:@lp, remote @ra:@rp. */
static TbTcpSock *tab_sock(TbTcpTable *tab, uint32_t la, uint16_t lp,
                           uint32_t ra, uint16_t rp)
{
    TbTcpSock *s = g_new0(TbTcpSock, 1);
    s->a = (TcpAddr){ la, ra, lp, rp };
    g_assert_true(tb_tcp_table_add(tab, s));
    return s;
}

/* The kernel's socket table (k_tcp_table.c) with 5,000 connections to
 * port 80 from 5 client addresses and three listeners on port 80: every
 * segment finds its connection, a new 4-tuple takes the oldest listener
 * (which then answers to that 4-tuple only), a removed socket is gone,
 * and the bound TB_TCP_MAX_SOCKS holds. */
static void test_table(void)
{
    TbTcpTable tab = {0};
    const uint32_t srv = 0x0a000001, n = 5000;
    TbTcpSock **c = g_new(TbTcpSock *, n);
    TbTcpSock *l[3];
    for (uint32_t i = 0; i < n; i++) {
        c[i] = tab_sock(&tab, srv, 80, 0x0a000100 + i % 5,
                        (uint16_t)(1024 + i / 5));
        if (i == 1000 || i == 2000 || i == 3000) {
            l[i / 1000 - 1] = tab_sock(&tab, srv, 80, 0, 0);
        }
    }
    g_assert_cmpuint(tab.n, ==, n + 3);
    g_assert_cmpuint(tab.nbuckets, >=, tab.n);
    for (uint32_t i = 0; i < n; i++) {
        TcpAddr in = { c[i]->a.daddr, srv, c[i]->a.dport, 80 };
        g_assert_true(tb_tcp_table_lookup(&tab, &in) == c[i]);
    }
    TcpAddr syn1 = { 0x0a000200, srv, 5555, 80 };
    TcpAddr syn2 = { 0x0a000200, srv, 5556, 80 };
    g_assert_true(tb_tcp_table_lookup(&tab, &syn1) == l[0]);
    g_assert_cmpuint(l[0]->a.daddr, ==, 0x0a000200);
    g_assert_cmpuint(l[0]->a.dport, ==, 5555);
    g_assert_true(tb_tcp_table_lookup(&tab, &syn2) == l[1]);
    g_assert_true(tb_tcp_table_lookup(&tab, &syn1) == l[0]);
    TcpAddr other = { 0x0a000200, srv, 5555, 81 };
    g_assert_null(tb_tcp_table_lookup(&tab, &other));
    TcpAddr in7 = { c[7]->a.daddr, srv, c[7]->a.dport, 80 };
    tb_tcp_table_del(&tab, c[7]);
    g_assert_true(tb_tcp_table_lookup(&tab, &in7) == l[2]);  /* a SYN */
    g_free(c[7]);
    c[7] = NULL;
    /* fill up to the bound: one more is refused */
    GPtrArray *more = g_ptr_array_new_with_free_func(g_free);
    for (uint32_t i = 0; tab.n < TB_TCP_MAX_SOCKS; i++) {
        g_ptr_array_add(more, tab_sock(&tab, srv, 8080, 0x0b000000 + i, 1));
    }
    TbTcpSock over = { .a = { srv, 1, 1, 1 } };
    g_assert_false(tb_tcp_table_add(&tab, &over));
    g_ptr_array_free(more, TRUE);
    for (uint32_t i = 0; i < n; i++) {
        g_free(c[i]);
    }
    for (int i = 0; i < 3; i++) {
        g_free(l[i]);
    }
    g_free(c);
    g_free(tab.bucket);
}

static void test_transfer_losses(void)
{
    TcpCfg ca, cb;
    cfg_stream(&ca, 4293967295u);    /* sequence numbers wrap at 1 MB */
    cfg_stream(&cb, 1);
    /* a burst of three (fast retransmit, partial ACKs), a single loss,
     * and one segment lost with its first two retransmissions (RTO) */
    const Drop d[] = {
        { 20 * 1448, 1 }, { 21 * 1448, 1 }, { 22 * 1448, 1 },
        { 200 * 1448, 1 }, { 500 * 1448, 3 },
    };
    Net *n = net_transfer(&ca, &cb, 3000000, d, G_N_ELEMENTS(d), 0,
                          20000000000ull);
    TcpStats *st = &n->sk[0]->st;
    g_assert_cmpuint(n->dropped, ==, 7);
    g_assert_cmpuint(st->fast_retrans, >=, 2);
    g_assert_cmpuint(st->timeouts, >=, 1);
    g_assert_cmpuint(st->retrans_segs, >=, 7);
    g_assert_cmpuint(st->bytes_acked, ==, 3000000);
    g_assert_cmpuint(n->sk[1]->st.bytes_in, ==, 3000000);
    g_assert_cmpuint(n->sk[1]->st.ooo_segs, >, 0);
    net_free(n);

    /* every 50th data segment lost, without timestamps */
    cfg_stream(&ca, 77);
    ca.timestamps = false;
    cfg_stream(&cb, 99);
    n = net_transfer(&ca, &cb, 2000000, NULL, 0, 50, 60000000000ull);
    g_assert_cmpuint(n->dropped, >, 20);
    g_assert_cmpuint(n->sk[0]->mss_cache, ==, 1460);
    g_assert_cmpuint(n->sk[1]->st.bytes_in, ==, 2000000);
    net_free(n);
}

/* Without losses and CPU costs a transfer runs close to the payload
 * line rate and never above it: 1448 payload bytes per 1538 on the
 * wire (with timestamps) at 1000 Mbit/s. */
static void test_line_rate(void)
{
    TcpCfg ca, cb;
    cfg_stream(&ca, 3);
    cfg_stream(&cb, 4);
    uint32_t len = 20000000;
    Net *n = net_transfer(&ca, &cb, len, NULL, 0, 0, 10000000000ull);
    uint64_t ns = n->done_ns - n->first_data_ns;
    double mbit_s = (double)len * 8 * 1000 / (double)ns;
    g_test_message("%u bytes in %" G_GUINT64_FORMAT " ns: %.2f Mbit/s",
                   len, ns, mbit_s);
    g_assert_cmpfloat(mbit_s, <=, 1448.0 / 1538.0 * 1000.0);
    g_assert_cmpfloat(mbit_s, >, 0.97 * 1448.0 / 1538.0 * 1000.0);
    g_assert_cmpuint(n->sk[0]->st.retrans_segs, ==, 0);
    net_free(n);
}

/* The receiver reads nothing: the window closes, the sender probes,
 * and the transfer completes once the reader starts. */
static void test_zero_window(void)
{
    TcpCfg ca, cb;
    cfg_stream(&ca, 10);
    cfg_stream(&cb, 20);
    cb.rcvbuf = 16384;
    Net *n = net_new(&ca, &cb, 50000);
    static uint8_t src[100000];
    for (unsigned i = 0; i < sizeof(src); i++) {
        src[i] = (uint8_t)(i % 251);
    }
    n->src = src;
    n->src_len = sizeof(src);
    n->dst = g_malloc(sizeof(src) + 1);
    n->reading = false;
    tcp_listen(n->sk[1]);
    tcp_connect(n->sk[0]);
    net_run(n, 2000000000ull);
    TcpSock *a = n->sk[0], *b = n->sk[1];
    /* windows of 3/4 of the free buffer in whole segments: 8 segments
     * (3/4 of 16384), then 2 (3/4 of the 4800 bytes left), then none */
    g_assert_cmpuint(tcp_readable(b), ==, 10 * 1448);
    g_assert_cmpuint(a->snd_wnd, ==, 0);
    g_assert_cmpuint(a->st.probes, >=, 2);
    g_assert_cmpuint(a->st.timeouts, ==, 0);
    n->reading = true;
    net_apps(n);
    net_run(n, 20000000000ull);
    g_assert_cmpuint(n->dst_len, ==, sizeof(src));
    g_assert_cmpmem(n->dst, sizeof(src), src, sizeof(src));
    net_free(n);
}

static void test_deterministic(void)
{
    char *sum[2];
    for (int r = 0; r < 2; r++) {
        TcpCfg ca, cb;
        cfg_stream(&ca, 5);
        cfg_stream(&cb, 6);
        Net *n = net_transfer(&ca, &cb, 500000, NULL, 0, 37,
                              20000000000ull);
        sum[r] = g_strdup(g_checksum_get_string(n->trace));
        net_free(n);
    }
    g_assert_cmpstr(sum[0], ==, sum[1]);
    g_free(sum[0]);
    g_free(sum[1]);
}

/* ======== Linux 2.6 buffer autotuning (tcp_tune.c) ======== */

/* A passive socket with receive buffer 87380 (tcp_rmem[1]), autotuning
 * on or off, established at time 0 with MSS 1460 and timestamps. */
static Solo *solo_tuned_receiver(bool autotune)
{
    TcpCfg cfg;
    tcp_cfg_default(&cfg);
    cfg.iss = 1000;
    cfg.autotune = autotune;
    Solo *s = solo_new(&cfg);
    tcp_listen(s->sk);
    TcpSegment syn = { .seq = PEER_ISS, .flags = TCP_FL_SYN, .win = 65535,
                       .mss = 1460, .wscale = 7, .ts = true, .tsval = 7 };
    tcp_rcv(s->sk, &syn, NULL);
    solo_in(s, PEER_ISS + 1, 1001, 65535, 0, TCP_FL_ACK);
    g_assert_cmpint(s->sk->state, ==, TCP_ESTABLISHED);
    return s;
}

/* The window scale of the SYN-ACK: from tcp_rmem[2] (4194304 >> 7 is
 * the first shift that fits 16 bits) with autotuning, from the 87380
 * buffer without (87380 >> 1); the SYN's own window is 65535 in both. */
static void test_autotune_wscale(void)
{
    for (int on = 0; on < 2; on++) {
        Solo *s = solo_tuned_receiver(on);
        g_assert_cmpint(s->out[0].wscale, ==, on ? 7 : 1);
        g_assert_cmpuint(s->out[0].win, ==, 65535);
        solo_free(s);
    }
}

/* Receive-buffer growth by hand.  Established at tick 1 (10 ms ticks);
 * at tick 2, 40 segments of 1448 bytes echo TSval 1: a receiver RTT of
 * one tick.  The reader takes all 57920 bytes at tick 2: one RTT after
 * tick 1, so space = 2 x 57920 = 115840; skb memory per MSS is 1460 +
 * 376 = 1836, raised in 128-byte steps until 3/4 of it holds 1460:
 * 1964; rcvbuf = 115840 x 1964 / 1460 = 155828, the window clamp
 * 115840, and the window 3/4 of the empty 155828-byte buffer (116871)
 * clamped to 115840 = 80 segments of 1448.  Without autotuning the
 * buffer stays 87380 and the window 3/4 of it in segments (45 x 1448). */
static void test_autotune_rcvbuf(void)
{
    static const uint8_t zeros[1448];
    for (int on = 0; on < 2; on++) {
        Solo *s = solo_tuned_receiver(on);
        TcpSock *sk = s->sk;
        uint32_t seq = PEER_ISS + 1;
        s->now = 10000000;
        for (int i = 0; i < 40; i++) {
            TcpSegment g = { .seq = seq, .ack = 1001, .flags = TCP_FL_ACK,
                             .win = 512, .wscale = -1, .ts = true,
                             .tsval = 8, .tsecr = 1, .len = 1448 };
            tcp_rcv(sk, &g, zeros);
            seq += 1448;
        }
        g_assert_cmpuint(tcp_recvmsg(sk, NULL, 1u << 20, NULL), ==, 57920);
        if (on) {
            g_assert_cmpuint(sk->rcv_rtt_est, ==, 8);   /* 1 tick << 3 */
            g_assert_cmpuint(sk->cfg.rcvbuf, ==, 155828);
            g_assert_cmpuint(sk->window_clamp, ==, 115840);
            g_assert_cmpuint(tcp_free_window(sk), ==, 115840);
        } else {
            g_assert_cmpuint(sk->cfg.rcvbuf, ==, 87380);
            g_assert_cmpuint(tcp_free_window(sk), ==, 45 * 1448);
        }
        /* a second read within the same tick: no new adjustment */
        uint32_t buf = sk->cfg.rcvbuf;
        TcpSegment g = { .seq = seq, .ack = 1001, .flags = TCP_FL_ACK,
                         .win = 512, .wscale = -1, .ts = true, .tsval = 8,
                         .tsecr = 1, .len = 1448 };
        tcp_rcv(sk, &g, zeros);
        tcp_recvmsg(sk, NULL, 1u << 20, NULL);
        g_assert_cmpuint(sk->cfg.rcvbuf, ==, buf);
        solo_free(s);
    }
}

/* Send-buffer growth: sndbuf 65536, each ACK of one 1448-byte segment
 * adds one to cwnd (slow start from 2); once cwnd is 18 the buffer
 * grows to 2 skbs of (1460 + 376) bytes per segment of cwnd: 2 x 18 x
 * 1836 = 66096 (at 17: 62424, below 65536: unchanged).  Without
 * autotuning it stays 65536. */
static void test_autotune_sndbuf(void)
{
    static uint8_t data[65536];
    for (int on = 0; on < 2; on++) {
        TcpCfg cfg;
        tcp_cfg_default(&cfg);
        cfg.sndbuf = 65536;
        cfg.iss = 1000;
        cfg.autotune = on;
        Solo *s = solo_new(&cfg);
        tcp_connect(s->sk);
        TcpSegment sa = { .seq = PEER_ISS, .ack = 1001,
                          .flags = TCP_FL_SYN | TCP_FL_ACK, .win = 65535,
                          .mss = 1460, .wscale = 7, .ts = true,
                          .tsval = 1, .tsecr = s->out[0].tsval };
        tcp_rcv(s->sk, &sa, NULL);
        solo_in(s, PEER_ISS + 1, 1001, 65535, 0, TCP_FL_ACK);
        TcpSock *sk = s->sk;
        g_assert_cmpint(tcp_sendmsg(sk, data, sizeof(data)), ==, 65536);
        uint32_t una = 1001;
        for (int k = 1; k <= 16; k++) {
            una += 1448;
            solo_in(s, PEER_ISS + 1, una, 65535, 0, TCP_FL_ACK);
            g_assert_cmpuint(sk->snd_cwnd, ==, 2u + (uint32_t)k);
            g_assert_cmpuint(sk->cfg.sndbuf, ==,
                             on && k == 16 ? 66096u : 65536u);
        }
        /* what the buffer holds is intact across the growth */
        g_assert_cmpuint(tcp_wspace(sk), ==,
                         sk->cfg.sndbuf - (65536 - 16 * 1448));
        solo_free(s);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/tcp/syn-options", test_syn_options);
    g_test_add_func("/tcp/slow-start", test_slow_start);
    g_test_add_func("/tcp/fast-retransmit", test_fast_retransmit);
    g_test_add_func("/tcp/rto", test_rto);
    g_test_add_func("/tcp/delayed-ack", test_delayed_ack);
    g_test_add_func("/tcp/lro-segment", test_lro_segment);
    g_test_add_func("/tcp/nagle", test_nagle);
    g_test_add_func("/tcp/wire", test_wire);
    g_test_add_func("/tcp/teardown", test_teardown);
    g_test_add_func("/tcp/transfer-losses", test_transfer_losses);
    g_test_add_func("/tcp/nodata", test_nodata);
    g_test_add_func("/tcp/table", test_table);
    g_test_add_func("/tcp/line-rate", test_line_rate);
    g_test_add_func("/tcp/zero-window", test_zero_window);
    g_test_add_func("/tcp/deterministic", test_deterministic);
    g_test_add_func("/tcp/autotune-wscale", test_autotune_wscale);
    g_test_add_func("/tcp/autotune-rcvbuf", test_autotune_rcvbuf);
    g_test_add_func("/tcp/autotune-sndbuf", test_autotune_sndbuf);
    return g_test_run();
}
