/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP of the modelled kernel, following the behaviour of Linux 2.4
 * (net/ipv4/tcp*.c of 2.4.20) where the RFCs leave a choice; docs/tcp.md
 * lists what is modelled, what is not, and the sources:
 *   tcp_buf.c     send/receive byte rings, the retransmit queue, the
 *                 out-of-order ranges
 *   tcp_sock.c    sockets, connect/listen/close, the state machine,
 *                 option negotiation (MSS, window scale, timestamps)
 *   tcp_input.c   segment arrival: sequence checks, in-order and
 *                 out-of-order data, delayed ACKs [RFC1122 4.2.3.2]
 *   tcp_ack.c     ACK processing: RTT and RTO [RFC6298], slow start and
 *                 congestion avoidance [RFC5681], fast retransmit and
 *                 NewReno recovery [RFC6582]
 *   tcp_output.c  segmentation, Nagle, windows, timers, retransmission
 *   tcp_wire.c    IPv4 + TCP header bytes and checksums [RFC793] [RFC7323]
 *   tcp_tune.c    Linux 2.6's buffer autotuning (receive: dynamic
 *                 right-sizing; send: growth with cwnd), when the
 *                 socket's TcpCfg.autotune is set
 *
 * The protocol core owns no clock, timer or device: it reads the time,
 * arms timers, emits segments and wakes its user through a TcpEnv.  One
 * TcpSock is one connection (a listening socket becomes the connection
 * that its first SYN opens; no accept queue).  Everything is
 * deterministic: the same inputs at the same times give the same output.
 */
#ifndef TB_TCP_H
#define TB_TCP_H

#include <stdbool.h>
#include <stdint.h>

/** Connection states [RFC793 3.2], Linux names. */
typedef enum TcpState {
    TCP_CLOSE = 0,
    TCP_LISTEN,
    TCP_SYN_SENT,
    TCP_SYN_RECV,
    TCP_ESTABLISHED,
    TCP_FIN_WAIT1,
    TCP_FIN_WAIT2,
    TCP_CLOSING,
    TCP_TIME_WAIT,
    TCP_CLOSE_WAIT,
    TCP_LAST_ACK,
} TcpState;

/** Header flag bits (TCP header byte 13) [RFC793 3.1]. */
#define TCP_FL_FIN 0x01u
#define TCP_FL_SYN 0x02u
#define TCP_FL_RST 0x04u
#define TCP_FL_PSH 0x08u
#define TCP_FL_ACK 0x10u

/** Congestion-control state (Linux tp->ca_state names). */
typedef enum TcpCaState {
    TCP_CA_OPEN = 0,     /**< no loss suspected */
    TCP_CA_DISORDER,     /**< duplicate ACKs below the threshold */
    TCP_CA_RECOVERY,     /**< fast recovery [RFC6582 3.2] */
    TCP_CA_LOSS,         /**< after a retransmission timeout */
} TcpCaState;

/** Timers of one socket (Linux: retransmit, zero-window probe, delayed
 *  ACK, TIME-WAIT). */
typedef enum TcpTimerId {
    TCP_TIMER_RETRANS = 0,
    TCP_TIMER_PROBE,
    TCP_TIMER_DELACK,
    TCP_TIMER_TIMEWAIT,
    TCP_NTIMERS,
} TcpTimerId;

/** "No expiry" for TcpEnv.timer: delete the timer. */
#define TCP_TIMER_OFF UINT64_MAX

/** Wakeup events for TcpEnv.wakeup (bit mask). */
#define TCP_EV_READABLE 0x1u  /**< in-order data or the peer's FIN */
#define TCP_EV_WRITABLE 0x2u  /**< send-buffer space was freed */
#define TCP_EV_STATE 0x4u     /**< the state changed */

/** Linux constants, ns (HZ-independent forms of the 2.4 values). */
#define TCP_RTO_MIN_NS 200000000ull      /**< TCP_RTO_MIN, HZ/5 */
#define TCP_RTO_MAX_NS 120000000000ull   /**< TCP_RTO_MAX, 120*HZ */
#define TCP_TIMEOUT_INIT_NS 3000000000ull /**< TCP_TIMEOUT_INIT, 3*HZ */
#define TCP_ATO_MIN_NS 40000000ull       /**< TCP_ATO_MIN, HZ/25 */
#define TCP_DELACK_MAX_NS 200000000ull   /**< TCP_DELACK_MAX, HZ/5 */
#define TCP_TIMEWAIT_NS 60000000000ull   /**< TCP_TIMEWAIT_LEN, 60*HZ */
/** Duplicate ACKs that start fast retransmit (sysctl tcp_reordering). */
#define TCP_REORDERING 3u
/** Most ACKs sent at once after connection start (TCP_MAX_QUICKACKS). */
#define TCP_MAX_QUICKACKS 16u
/** Bytes of the timestamps option as Linux sends it (NOP, NOP, kind 8,
 *  length 10) [RFC7323 3.2]. */
#define TCP_TS_OPT_LEN 12u
/** IPv4 + TCP header without options, bytes. */
#define TCP_IP_HDR_LEN 40u
/** tcp_rmem[2] and tcp_wmem[2] of Linux 2.6.17-2.6.2x on a host with
 *  enough memory (net/ipv4/tcp.c tcp_init: min(4 MB, 1/128 of the
 *  tcp_mem pressure threshold), at least 87380 / 64 KB), bytes: how far
 *  autotuning grows a socket's buffers (docs/tcp.md). */
#define TCP_26_MEM_MAX 4194304u
/** Per-skb overhead Linux 2.6 adds to the MSS when it turns payload
 *  bytes into buffer memory for autotuning (tcp_rcv_space_adjust,
 *  tcp_new_space: MAX_TCP_HEADER + 16 + sizeof(struct sk_buff)):
 *  MAX_TCP_HEADER 128 + 32 (LL_MAX_HEADER), sizeof(struct sk_buff)
 *  ~200 bytes on x86_64 (ESTIMATE), bytes. */
#define TCP_SKB_OVERHEAD 376u
/** Most out-of-order ranges a receiver keeps (beyond: segment dropped). */
#define TCP_MAX_OOO 32u

/** One segment as the protocol sees it (host byte order).  The payload
 *  bytes are not carried here: tcp_seg_copy_data() copies them. */
typedef struct TcpSegment {
    uint32_t seq, ack;
    uint8_t flags;        /**< TCP_FL_* */
    uint16_t win;         /**< window field as sent (before scaling) */
    uint16_t mss;         /**< MSS option, 0: absent (SYN only) */
    int8_t wscale;        /**< window scale shift, -1: absent (SYN only) */
    bool ts;              /**< timestamps option present */
    uint32_t tsval, tsecr;
    uint32_t len;         /**< payload bytes */
    uint32_t gso_size;    /**< received: skb_shinfo(skb)->gso_size of the
                               skb it came in (the MSS of a frame merged
                               by LRO), 0: none; not sent */
} TcpSegment;

typedef struct TcpSock TcpSock;

/** The environment of a socket.  @now returns the time in ns; @xmit
 *  emits a segment (payload by tcp_seg_copy_data within the call);
 *  @timer arms timer @id of @sk for absolute time @expires_ns, or deletes
 *  it with TCP_TIMER_OFF, and the environment then calls
 *  tcp_timer_expired() at that time; @wakeup reports TCP_EV_* events. */
typedef struct TcpEnv {
    uint64_t (*now)(void *ctx);
    void (*xmit)(void *ctx, TcpSock *sk, const TcpSegment *seg);
    void (*timer)(void *ctx, TcpSock *sk, TcpTimerId id,
                  uint64_t expires_ns);
    void (*wakeup)(void *ctx, TcpSock *sk, unsigned events);
    void *ctx;
} TcpEnv;

/** Socket settings (Linux sysctl and setsockopt names). */
typedef struct TcpCfg {
    uint32_t mtu;            /**< device MTU, bytes (MSS = MTU - 40) */
    uint32_t sndbuf;         /**< SO_SNDBUF: bytes queued unacknowledged
                                  + unsent, >= 2 * MSS */
    uint32_t rcvbuf;         /**< SO_RCVBUF: receive queue bytes, >= MSS */
    bool timestamps;         /**< tcp_timestamps [RFC7323] */
    bool window_scaling;     /**< tcp_window_scaling [RFC7323 2] */
    bool nodelay;            /**< TCP_NODELAY: Nagle off */
    uint32_t hz;             /**< timestamp clock, ticks/s (jiffies) */
    uint32_t iss;            /**< initial send sequence number */
    /** Linux 2.6 buffer autotuning (tcp_moderate_rcvbuf; the send
     *  buffer's growth with cwnd; tcp_tune.c): sndbuf and rcvbuf are
     *  then the starting sizes, grown up to wmem_max / rmem_max, and the
     *  window scale is chosen for rmem_max.  false (2.4, or a size the
     *  user locked with SO_SNDBUF/SO_RCVBUF): fixed sizes. */
    bool autotune;
    uint32_t wmem_max;       /**< tcp_wmem[2], bytes (autotune only) */
    uint32_t rmem_max;       /**< tcp_rmem[2], bytes (autotune only) */
    bool nodata;             /**< payload counted, not stored: the
                                  queues keep sequence numbers and
                                  lengths only, segments carry zero
                                  bytes, recvmsg writes zeros (for
                                  thousands of sockets whose bytes no
                                  one reads, docs/specweb.md) */
} TcpCfg;

/** Defaults: MTU 1500, sndbuf 16384 and rcvbuf 87380 (tcp_wmem[1],
 *  tcp_rmem[1]), timestamps and window scaling on, Nagle on, HZ 100,
 *  iss 0, payload stored, no autotuning (wmem_max, rmem_max
 *  TCP_26_MEM_MAX). */
void tcp_cfg_default(TcpCfg *cfg);

/** Per-socket counters (cumulative). */
typedef struct TcpStats {
    uint64_t segs_out, segs_in;   /**< segments emitted / received */
    uint64_t data_segs_out;       /**< segments with payload, incl.
                                       retransmissions */
    uint64_t bytes_out;           /**< payload bytes emitted (incl.
                                       retransmitted ones) */
    uint64_t bytes_acked;         /**< payload bytes acknowledged */
    uint64_t bytes_in;            /**< payload bytes accepted in order */
    uint64_t retrans_segs;        /**< retransmitted segments */
    uint64_t fast_retrans;        /**< fast retransmits (recoveries) */
    uint64_t timeouts;            /**< retransmission timeouts */
    uint64_t dupacks_in;          /**< duplicate ACKs received */
    uint64_t acks_out;            /**< pure ACKs emitted */
    uint64_t delacks;             /**< ACKs sent by the delayed-ACK timer */
    uint64_t ooo_segs;            /**< out-of-order segments queued */
    uint64_t probes;              /**< zero-window probes */
    uint64_t rcv_dropped;         /**< segments outside the window */
} TcpStats;

/** A byte ring indexed by sequence number: holds [base, base + cap). */
typedef struct TcpRing {
    uint8_t *buf;
    uint32_t cap;        /**< bytes */
    uint32_t head;       /**< index of the byte with sequence @base */
    uint32_t base;       /**< sequence number of buf[head] */
} TcpRing;

/** A sent, unacknowledged segment (retransmit queue entry). */
typedef struct TcpTxRec {
    uint32_t seq;        /**< first sequence number (SYN/FIN count) */
    uint32_t end;        /**< one past the last */
    uint8_t flags;       /**< TCP_FL_SYN / TCP_FL_FIN it carries */
    bool retrans;        /**< sent more than once (Karn) */
} TcpTxRec;

/** A received out-of-order range [seq, end). */
typedef struct TcpRange {
    uint32_t seq, end;
} TcpRange;

struct TcpSock {
    TcpState state;
    TcpCaState ca_state;
    TcpCfg cfg;
    TcpEnv env;
    TcpStats st;
    /* send side [RFC793 3.2] */
    uint32_t iss;
    uint32_t snd_una, snd_nxt;
    uint32_t snd_max;        /**< highest sequence sent + 1 */
    uint32_t write_seq;      /**< end of the data the user wrote */
    uint32_t snd_wnd;        /**< peer's window, bytes (scaled) */
    uint32_t snd_wl1, snd_wl2;
    uint32_t snd_sml;        /**< end of the last small segment sent
                                  (Minshall's Nagle check) */
    uint32_t mss_cache;      /**< payload bytes per full segment */
    uint32_t adv_mss;        /**< MSS we announce (MTU - 40) */
    uint8_t snd_wscale, rcv_wscale;
    bool wscale_ok;          /**< window scaling negotiated */
    bool ts_ok;              /**< timestamps negotiated */
    bool fin_queued;         /**< close(): FIN follows the data */
    /* congestion control [RFC5681] [RFC6582], in segments */
    uint32_t snd_cwnd, snd_ssthresh, snd_cwnd_cnt;
    uint32_t dupacks;
    uint32_t high_seq;       /**< NewReno "recover" */
    /* RTT [RFC6298], ns */
    uint64_t srtt, rttvar, rto;
    uint32_t backoff;
    uint32_t rtt_seq;        /**< segment being timed without timestamps */
    uint64_t rtt_start;      /**< its send time, ns; TCP_TIMER_OFF: none
                                  timed */
    /* receive side */
    uint32_t irs, rcv_nxt;
    uint32_t rcv_wnd;        /**< window last advertised, bytes */
    uint32_t rcv_wup;        /**< rcv_nxt when it was advertised */
    uint32_t copied_seq;     /**< next byte the user reads */
    uint32_t rcv_mss;        /**< largest segment seen (delayed ACK) */
    bool fin_rcvd;           /**< peer's FIN consumed in order */
    bool peer_fin_ooo;       /**< peer's FIN seen beyond rcv_nxt */
    uint32_t peer_fin_seq;
    uint32_t ts_recent;      /**< latest TSval to echo [RFC7323 4.3] */
    /* autotuning (tcp_tune.c; Linux tp->window_clamp, rcv_rtt_est,
     * rcvq_space) */
    uint32_t window_clamp;   /**< largest window we advertise, bytes
                                  (UINT32_MAX without autotuning) */
    uint32_t rcv_rtt_est;    /**< receiver's RTT estimate, timestamp
                                  ticks << 3; 0: none yet */
    uint32_t rcv_rtt_seq;    /**< per-window measurement: ends when
                                  rcv_nxt reaches it */
    uint32_t rcv_rtt_time;   /**< its start, ticks; 0: not started */
    uint32_t rcvq_space;     /**< 2 x bytes the user read in one RTT */
    uint32_t rcvq_seq;       /**< copied_seq at the last adjustment */
    uint32_t rcvq_time;      /**< its time, ticks */
    /* delayed ACK [RFC1122 4.2.3.2], Linux tp->ack */
    bool ack_pending;
    bool ack_pushed;         /**< a segment below rcv_mss arrived: ACK
                                  when the user empties the queue */
    bool delack_armed;
    uint32_t quick;          /**< ACKs still to send at once */
    uint64_t ato;            /**< delayed-ACK timeout, ns */
    uint64_t lrcvtime;       /**< last data arrival, ns; TCP_TIMER_OFF
                                  before the first */
    uint64_t timer_at[TCP_NTIMERS]; /**< armed expiry, TCP_TIMER_OFF */
    /* buffers */
    TcpRing sndq;            /**< bytes [snd_una data, write_seq) */
    TcpRing rcvq;            /**< bytes [copied_seq, ...) incl. ooo */
    TcpTxRec *rtx;           /**< retransmit queue, ring of rtx_cap */
    uint32_t rtx_cap, rtx_head, rtx_len;
    TcpRange ooo[TCP_MAX_OOO];
    uint32_t nooo;
};

/* ---- tcp_sock.c ---- */

/** A new closed socket with settings @cfg (sndbuf, rcvbuf and mtu within
 *  the documented ranges) in environment @env.  Aborts on out-of-memory
 *  (GLib convention). */
TcpSock *tcp_sock_new(const TcpCfg *cfg, const TcpEnv *env);
void tcp_sock_free(TcpSock *sk);
/** Active open: send a SYN.  0, or -1 if the socket is not closed. */
int tcp_connect(TcpSock *sk);
/** Passive open: wait for a SYN.  0, or -1 if not closed. */
int tcp_listen(TcpSock *sk);
/** close(): queue a FIN after the data written so far.  0, or -1 if
 *  already closing or closed. */
int tcp_close(TcpSock *sk);
/** send(): copy up to @len bytes of @data into the send buffer and
 *  transmit what the windows allow.  Bytes taken (0 if the buffer is
 *  full), or -1 if the socket cannot send (not connected, or closed). */
int64_t tcp_sendmsg(TcpSock *sk, const uint8_t *data, uint32_t len);
/** recv(): copy up to @len in-order bytes to @dst (NULL: discard them).
 *  Bytes copied; 0 with *@eof set once the peer's FIN is reached. */
uint32_t tcp_recvmsg(TcpSock *sk, uint8_t *dst, uint32_t len, bool *eof);
/** Bytes the user can read now. */
uint32_t tcp_readable(const TcpSock *sk);
/** Free send-buffer bytes (what tcp_sendmsg would take now). */
uint32_t tcp_wspace(const TcpSock *sk);
/** Linux name of a state ("ESTABLISHED", ...). */
const char *tcp_state_name(TcpState s);
/** Move to @s and report TCP_EV_STATE (internal to tcp_*.c). */
void tcp_set_state(TcpSock *sk, TcpState s);
/** A segment arrived for this socket (wire-parsed, @data its payload).
 *  Handles every state. */
void tcp_rcv(TcpSock *sk, const TcpSegment *seg, const uint8_t *data);
/** Timer @id armed through TcpEnv.timer expired; the environment calls
 *  this at the armed time (a stale call is ignored). */
void tcp_timer_expired(TcpSock *sk, TcpTimerId id);

/* ---- tcp_input.c ---- */

/** Data and FIN of a segment in a synchronized state (after its ACK
 *  field was processed); schedules or sends the ACK. */
void tcp_data_queue(TcpSock *sk, const TcpSegment *seg,
                    const uint8_t *data);
/** Receiver's delayed-ACK bookkeeping on in-order data (Linux
 *  tcp_event_data_recv): ato from the arrival gap, rcv_mss. */
void tcp_event_data_recv(TcpSock *sk, uint32_t len);
/** Enter quick-ACK mode: the next min(16, rcv_wnd / (2 * rcv_mss)) ACKs
 *  go out at once (at least 2). */
void tcp_enter_quickack(TcpSock *sk);
/** Send the ACK now or arm the delayed-ACK timer (Linux
 *  __tcp_ack_snd_check); @ofo: the out-of-order queue may be nonempty. */
void tcp_ack_snd_check(TcpSock *sk, bool ofo);

/* ---- tcp_ack.c ---- */

/** Process the ACK field and window of @seg (Linux tcp_ack).  Returns
 *  false if the ACK acknowledges something never sent (then the caller
 *  answers with an ACK and drops the segment). */
bool tcp_ack(TcpSock *sk, const TcpSegment *seg);
/** Retransmission timeout (Linux tcp_retransmit_timer). */
void tcp_retransmit_timer(TcpSock *sk);
/** RTT sample of @rtt_ns into srtt/rttvar/rto [RFC6298 2], with Linux's
 *  floor: rto = srtt + max(4 * rttvar, TCP_RTO_MIN). */
void tcp_rtt_sample(TcpSock *sk, uint64_t rtt_ns);

/* ---- tcp_output.c ---- */

/** Send what cwnd, the peer's window and Nagle allow (Linux
 *  tcp_write_xmit); arms the retransmit or probe timer. */
void tcp_write_xmit(TcpSock *sk);
/** The window @free bytes of receive buffer can back, bytes: 3/4 of
 *  them (sysctl tcp_adv_win_scale 2), at most window_clamp (Linux
 *  tcp_win_from_space and the clamp of __tcp_select_window). */
uint32_t tcp_win_space(const TcpSock *sk, uint32_t free);
/** Receive window we could offer now, bytes: tcp_win_space of the free
 *  receive buffer in whole rcv_mss units, at most 65535 << rcv_wscale
 *  (Linux __tcp_select_window). */
uint32_t tcp_free_window(const TcpSock *sk);
/** Retransmission timeout with the current backoff, ns. */
uint64_t tcp_rto_backoff(const TcpSock *sk);
/** Emit a pure ACK now (cancels a pending delayed ACK). */
void tcp_send_ack(TcpSock *sk);
/** Emit a SYN or SYN-ACK (per state) with our options. */
void tcp_send_syn(TcpSock *sk);
/** Retransmit the first unacknowledged segment. */
void tcp_retransmit_head(TcpSock *sk);
/** Zero-window probe (Linux tcp_send_probe0). */
void tcp_send_probe(TcpSock *sk);
/** Arm (@expires_ns) or delete (TCP_TIMER_OFF) a timer. */
void tcp_timer_set(TcpSock *sk, TcpTimerId id, uint64_t expires_ns);
/** Current time, ns, and as a timestamp-clock value (ticks of 1/hz s
 *  since time 0, plus one: the clock never reads 0). */
uint64_t tcp_now(const TcpSock *sk);
uint32_t tcp_time_stamp(const TcpSock *sk);
/** Copy the payload of @seg (emitted by this socket) to @dst. */
void tcp_seg_copy_data(const TcpSock *sk, const TcpSegment *seg,
                       uint8_t *dst);
/** Segments in flight (packets_out minus nothing: no SACK). */
static inline uint32_t tcp_packets_out(const TcpSock *sk)
{
    return sk->rtx_len;
}

/* ---- tcp_tune.c (TcpCfg.autotune; no-ops without it) ---- */

/** Connection established: the window clamp and the receive-space
 *  estimate start from the buffer (Linux tcp_init_buffer_space). */
void tcp_tune_init(TcpSock *sk);
/** In-order data segment @seg arrived: a receiver RTT sample from its
 *  echoed timestamp and from the per-window measure (Linux
 *  tcp_rcv_rtt_measure_ts, tcp_rcv_rtt_measure). */
void tcp_rcv_rtt_measure(TcpSock *sk, const TcpSegment *seg);
/** After the user read: once per receiver RTT, rcvbuf grows toward
 *  2 x the bytes read in that RTT in skb memory, capped at rmem_max,
 *  and the window clamp with it (Linux tcp_rcv_space_adjust). */
void tcp_rcv_space_adjust(TcpSock *sk);
/** After an ACK freed send space: sndbuf grows to 2 x cwnd skbs of
 *  memory, capped at wmem_max, while cwnd is not filled (Linux
 *  tcp_new_space, tcp_should_expand_sndbuf). */
void tcp_new_space(TcpSock *sk);

/* ---- tcp_buf.c ---- */

/** A ring of @cap bytes starting at sequence @base; @store false: no
 *  bytes are kept (buf NULL), only the sequence bookkeeping. */
void tcp_ring_init(TcpRing *r, uint32_t cap, uint32_t base, bool store);
/** Grow ring @r to @cap bytes (>= its capacity), keeping every byte of
 *  [base, base + old cap) at its sequence number (a ring without bytes
 *  only takes the new capacity). */
void tcp_ring_grow(TcpRing *r, uint32_t cap);
void tcp_ring_free(TcpRing *r);
/** Copy @len bytes at sequence @seq (within [base, base + cap)) in/out;
 *  a ring without bytes ignores writes and reads zeros. */
void tcp_ring_write(TcpRing *r, uint32_t seq, const uint8_t *src,
                    uint32_t len);
void tcp_ring_read(const TcpRing *r, uint32_t seq, uint8_t *dst,
                   uint32_t len);
/** Drop the bytes before @seq (base moves to @seq). */
void tcp_ring_advance(TcpRing *r, uint32_t seq);
/** Append a record to the retransmit queue (grows it as needed). */
void tcp_rtx_push(TcpSock *sk, uint32_t seq, uint32_t end, uint8_t flags);
/** The @i-th record (0 = oldest). */
TcpTxRec *tcp_rtx_at(TcpSock *sk, uint32_t i);
/** Drop what @ack covers: whole records, and the acked front of a
 *  partly covered one.  Returns the records removed; *@karn is set if
 *  one of them was retransmitted. */
uint32_t tcp_rtx_clean(TcpSock *sk, uint32_t ack, bool *karn);
/** Add [@seq, @end) to the out-of-order ranges (merging).  false if the
 *  table is full (the caller drops the segment). */
bool tcp_ooo_add(TcpSock *sk, uint32_t seq, uint32_t end);
/** Advance rcv_nxt over ranges that now join it; returns true if any. */
bool tcp_ooo_collapse(TcpSock *sk);

/* sequence-number comparisons [RFC793 3.3] */
static inline bool tcp_before(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) < 0;
}
static inline bool tcp_after(uint32_t a, uint32_t b)
{
    return (int32_t)(b - a) < 0;
}

/* ---- tcp_wire.c ---- */

/** Endpoints of a segment on the wire (IPv4 host byte order). */
typedef struct TcpAddr {
    uint32_t saddr, daddr;
    uint16_t sport, dport;
} TcpAddr;

/** Option bytes @seg carries (0, 12 for timestamps, up to 20 on SYN). */
uint32_t tcp_opt_len(const TcpSegment *seg);
/** Write the IPv4 and TCP headers of @seg at @p (room for 60 bytes) and
 *  the payload @data (seg->len bytes) after them; IPv4 id @ip_id, TTL 64,
 *  DF; both checksums computed.  @data NULL: the payload is already in
 *  place after the headers.  Returns the IP datagram length. */
uint32_t tcp_build(uint8_t *p, const TcpAddr *a, const TcpSegment *seg,
                   const uint8_t *data, uint16_t ip_id);
/** The headers of tcp_build alone, for an IP datagram of @tot bytes
 *  whose payload is elsewhere (in place or in page fragments): the IPv4
 *  checksum computed, the TCP checksum field left 0 for the caller
 *  (CHECKSUM_PARTIAL seeds it for the NIC). */
void tcp_build_hdr(uint8_t *p, const TcpAddr *a, const TcpSegment *seg,
                   uint16_t ip_id, uint32_t tot);
/** Parse an IPv4 datagram of @len bytes holding a TCP segment: fills
 *  @a, @seg and *@data (payload inside @p).  0, or -1 if it is not
 *  IPv4/TCP, is truncated, or a checksum is wrong. */
int tcp_parse(const uint8_t *p, uint32_t len, TcpAddr *a, TcpSegment *seg,
              const uint8_t **data);
/** tcp_parse without checking the checksums: for a datagram whose
 *  checksums are checked apart (ip_rcv checked the IPv4 header's, then
 *  tcp_csum_ok) or were accepted before (a segment queued to a socket's
 *  backlog).  0, or -1 if it is not IPv4/TCP or is truncated. */
int tcp_parse_hdr(const uint8_t *p, uint32_t len, TcpAddr *a,
                  TcpSegment *seg, const uint8_t **data);
/** Whether the TCP checksum over the pseudo-header [RFC793 3.1] of the
 *  datagram at @p that tcp_parse_hdr read into @a, @seg and @data is
 *  right. */
bool tcp_csum_ok(const uint8_t *p, const TcpAddr *a, const TcpSegment *seg,
                 const uint8_t *data);

#endif /* TB_TCP_H */
