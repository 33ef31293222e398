/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP sockets in the modelled kernel (k_tcp.c): the protocol core of
 * tcp.h attached to a TbKernel.  Segments arrive from IPv4 local delivery
 * in NET_RX softirq context (tcp_v4_rcv) and leave as skbs through the
 * route, the neighbour (the NIC's peer_mac) and dev_queue_xmit; the
 * socket's timers are kernel timers (jiffies, TIMER softirq).  A socket
 * used from process context is locked (lock_sock): segments that arrive
 * meanwhile wait in its backlog and timers that expire are deferred, both
 * handled when the process releases it (release_sock), as Linux does.
 * Costs: tcp_rcv per segment in, tcp_xmit per segment out (profiles).
 */
#ifndef TB_K_TCP_H
#define TB_K_TCP_H

#include "kernel/kernel.h"
#include "kernel/tcp.h"

typedef struct TbTcpSock TbTcpSock;

/** Socket events for its owner: TCP_EV_READABLE on new data or EOF,
 *  TCP_EV_WRITABLE when the free send space reaches half of what is
 *  queued (Linux tcp_write_space), TCP_EV_STATE on a state change. */
typedef void (*TbTcpWakeFn)(void *ctx, TbTcpSock *s, unsigned events);

/** Most TCP sockets of one kernel: a bound on memory, not a table size
 *  (the table grows with the sockets a scenario opens, k_tcp_table.c);
 *  one per port of a local address. */
#define TB_TCP_MAX_SOCKS 65536u

/**
 * A socket of kernel @k with settings @cfg, local address @a->saddr:
 * @a->sport; remote @a->daddr:@a->dport (0:0 for a socket that will
 * listen: the first SYN sets them).  Events go to @fn(@ctx).  NULL if
 * the kernel has TB_TCP_MAX_SOCKS sockets.
 */
TbTcpSock *tb_tcp_sock_new(TbKernel *k, const TcpCfg *cfg, const TcpAddr *a,
                           TbTcpWakeFn fn, void *ctx);
/** Close nothing, free everything: timers deleted, queued skbs freed. */
void tb_tcp_sock_free(TbTcpSock *s);
/** The protocol socket, for tcp_connect/listen/sendmsg/recvmsg/close
 *  between tb_tcp_lock and tb_tcp_release. */
TcpSock *tb_tcp_sk(TbTcpSock *s);
/** The socket's local (saddr:sport) and remote (daddr:dport) ends. */
const TcpAddr *tb_tcp_addr(const TbTcpSock *s);
/** lock_sock / release_sock around process-context socket calls. */
void tb_tcp_lock(TbTcpSock *s);
void tb_tcp_release(TbTcpSock *s);

/** Counters of the kernel's TCP glue. */
typedef struct TbTcpGlueStats {
    uint64_t segs_in;        /**< segments handed to a socket */
    uint64_t backlogged;     /**< of them, queued while it was locked */
    uint64_t no_socket;      /**< segments for no socket (dropped) */
    uint64_t bad;            /**< not parseable or bad checksum */
    uint64_t out_no_route;   /**< segments not sent: no route */
    uint64_t out_no_skb;     /**< segments not sent: no skb */
} TbTcpGlueStats;

/**
 * tcp_v4_rcv for the IPv4 datagram of @tot bytes in @skb (after the
 * Ethernet header; local, not a fragment).  Returns false (skb untouched)
 * if the kernel has no TCP socket at all, so that it is counted as any
 * other protocol without a socket; else consumes the skb.
 */
bool tb_tcp_v4_rcv(TbKernel *k, TbSkb *skb, uint32_t tot);
/** True if kernel @k has a TCP socket (then tb_tcp_v4_rcv takes every
 *  TCP datagram). */
bool tb_tcp_active(const TbKernel *k);
/** The glue counters of @k (all zero without sockets). */
TbTcpGlueStats tb_tcp_glue_stats(const TbKernel *k);
/** Free the kernel's socket table (tb_kernel_free). */
void tb_tcp_table_free(TbKernel *k);

#endif /* TB_K_TCP_H */
