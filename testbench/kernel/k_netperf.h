/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The netperf tests as processes of the modelled hosts [NETPERF].
 *
 * TCP_STREAM (k_netperf.c): the sender (netperf) connects and then calls
 * send() of message_size bytes again and again, blocking while the send
 * buffer is full; the receiver (netserver) calls recv() of recv_size
 * bytes whenever data is queued.  Each call charges socket_send or
 * socket_recv and the copy per byte (copy_from_user, copy_to_user); the
 * socket calls hold the socket (lock_sock), so segments that arrive
 * meanwhile wait in its backlog.  The byte stream carries a
 * position-dependent pattern that the receiver can check.
 *
 * TCP_SENDFILE: netperf's sendfile() of a file in the page cache, one
 * message_size chunk per call, each charged as a send() (socket_send,
 * tcp_sendmsg: sys_sendfile's and tcp_sendpage's bookkeeping taken as
 * send()'s); the pages go into the skbs by reference, without
 * copy_from_user, when the route's NIC can checksum them (Linux 2.6
 * tcp_sendpage needs NETIF_F_SG and a checksum feature; every e1000
 * offers SG), else the data is copied as by send() (sock_no_sendpage).
 *
 * UDP_STREAM (k_netperf_udp.c): the sender calls sendto() of one
 * message_size datagram again and again (Linux 2.4 udp_sendmsg and
 * ip_build_xmit: socket_send, copy_from_user with the checksum folded
 * in, udp_xmit, then the qdisc and the driver), sleeping while its
 * skbs in flight fill the send buffer (sock_alloc_send_skb; woken by
 * sock_wfree when half of it is free); the receiver is the remote
 * kernel's UDP sink (k_udp.c) bound to the test's port.
 */
#ifndef TB_K_NETPERF_H
#define TB_K_NETPERF_H

#include "kernel/k_tcp.h"

/** Largest recv() size, bytes. */
#define TB_NETPERF_RECV_MAX 1048576u

/** Settings (netperf's option names in brackets). */
typedef struct TbNetperfCfg {
    uint32_t message_size;   /**< bytes per send() [-m], >= 1 */
    uint32_t recv_size;      /**< bytes per recv() [-M],
                                  1..TB_NETPERF_RECV_MAX */
    uint32_t send_socket;    /**< sender's SO_SNDBUF [-s], bytes */
    uint32_t recv_socket;    /**< receiver's SO_RCVBUF [-S], bytes */
    bool nodelay;            /**< TCP_NODELAY on both [-D] */
    bool timestamps[2];      /**< sysctl tcp_timestamps: sender, receiver */
    bool window_scaling[2];  /**< sysctl tcp_window_scaling: the same */
    bool autotune[2];        /**< Linux 2.6 buffer autotuning (TcpCfg.
                                  autotune): send_socket and recv_socket
                                  are the sizes the sockets start with, as
                                  netperf reads them when it sets none */
    bool verify;             /**< check every received byte's pattern */
    uint16_t port;           /**< data connection port (UDP: the
                                  receiving kernel's sink port) */
    bool udp;                /**< UDP_STREAM (else TCP_STREAM) */
    bool sendfile;           /**< TCP_SENDFILE: the sender's data comes
                                  from the page cache by sendfile() */
} TbNetperfCfg;

/** Largest UDP_STREAM message through a device of MTU @mtu bytes: one
 *  datagram per frame, MTU - 28 (IP and UDP headers; IP fragmentation is
 *  not modelled), bytes. */
#define TB_NETPERF_UDP_MAX(mtu) ((uint32_t)(mtu) - 28u)

/** Counters; times in ns of the shared clock. */
typedef struct TbNetperfStats {
    uint64_t sends, recvs;         /**< completed calls */
    uint64_t bytes_sent;           /**< bytes sent (accepted by send()) */
    uint64_t bytes_recv;           /**< bytes received by the reader */
    uint64_t mismatches;           /**< received bytes off the pattern */
    uint64_t established_ns;       /**< connection up at the sender
                                        (UDP: the first sendto()) */
    uint64_t send_errors;          /**< UDP: sendto() failed (ENOBUFS:
                                        no skb, qdisc full; no route) */
    uint64_t sock_drops;           /**< UDP: datagrams the receiving
                                        socket dropped (rcvbuf full) */
    uint64_t zero_copy;            /**< 1: TCP_SENDFILE without a copy
                                        (the route's NIC offers checksum
                                        offload); 64 bits: the struct
                                        has no padding to compare */
    /* TCP: the sockets' segment counters (TcpStats; 0 sender, 1
     * receiver), taken by tb_netperf_finish; UDP: datagrams sent in
     * data_segs_out[0], read in segs_in[1] */
    uint64_t segs_out[2];          /**< segments emitted */
    uint64_t data_segs_out[2];     /**< of them with payload */
    uint64_t segs_in[2];           /**< segments received */
} TbNetperfStats;

typedef struct TbNetperf TbNetperf;

/**
 * A TCP_STREAM (UDP_STREAM if @cfg->udp) from kernel @ks (address
 * @saddr) to kernel @kr (@daddr), its processes added to the kernels'
 * CPUs and woken: the connection opens when the sender first runs.  For
 * UDP_STREAM @kr's UDP sink must be bound to @cfg->port (tb_sink_init;
 * its rcvbuf and read size are the test's).  NULL with *err set if a
 * size is out of range, a kernel has no room for the socket, or the
 * sink is not bound to the port.
 */
TbNetperf *tb_netperf_new(TbKernel *ks, uint32_t saddr, TbKernel *kr,
                          uint32_t daddr, const TbNetperfCfg *cfg,
                          char **err);
const TbNetperfStats *tb_netperf_stats(const TbNetperf *np);
/** At the end of the run: take the counters of the receiving UDP sink
 *  (UDP_STREAM) or the sockets' segment counters (TCP_STREAM). */
void tb_netperf_finish(TbNetperf *np);
/** The two sockets (0: sender, 1: receiver; NULL for UDP_STREAM). */
TbTcpSock *tb_netperf_sock(const TbNetperf *np, int i);
/** Remove the processes, free the sockets (before the kernels). */
void tb_netperf_free(TbNetperf *np);

#endif /* TB_K_NETPERF_H */
