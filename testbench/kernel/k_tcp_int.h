/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The TCP glue's state (k_tcp.h), shared by k_tcp.c (sockets, input,
 * timers, lock_sock) and k_tcp_out.c (output as skbs, with TSO and
 * checksum offload when the route's NIC offers them).
 */
#ifndef TB_K_TCP_INT_H
#define TB_K_TCP_INT_H

#include "kernel/k_tcp.h"

#define ETH_HLEN 14u

/* One timer of a socket (struct timer_list with its socket and id). */
typedef struct TcpKTimer {
    TbTimer t;
    TbTcpSock *s;
    TcpTimerId id;
} TcpKTimer;

struct TbTcpSock {
    TbKernel *k;
    TcpSock *sk;
    TcpAddr a;               /* local saddr:sport, remote daddr:dport */
    TbTcpWakeFn fn;
    void *ctx;
    uint16_t ip_id;
    uint8_t wq_cpu;          /* CPU that allocated the last data skb */
    int16_t reader_cpu;      /* CPU of the process that last took the
                              * socket (lock_sock), -1 none yet */
    uint32_t remote_frees;   /* data skbs freed by a softirq on another
                              * CPU that Linux's reader frees on its own:
                              * crossings the reader charges at its next
                              * lock_sock (tb_kfree_skb_for) */
    TcpKTimer timer[TCP_NTIMERS];
    bool owned;              /* locked by a process (lock_sock) */
    TbSpin slock;            /* sk_lock.slock (bh_lock_sock): held by a
                              * softirq or timer using the socket, and by
                              * lock_sock to set owned */
    bool deferred[TCP_NTIMERS];
    TbSkb *bl_head, *bl_tail; /* backlog while owned */
    /* TSO (k_tcp_out.c): the skb the current output run fills */
    TbSkb *tso;
    TbNetdev *tso_dev;
    TcpSegment tso_seg;      /* header of its first segment, len: all */
    uint32_t tso_segs;       /* segments in it */
    uint16_t tso_mss;        /* their size (gso_size) */
    bool tso_short;          /* its last segment is shorter than the MSS */
    /* the write queue (Linux sk->write_queue): the end sequence number
     * of every skb that carried new data, a SYN or a FIN, in order; one
     * is freed (skb_free, tcp_clean_rtx_queue) once the peer has
     * acknowledged all of it (k_tcp_out.c) */
    uint32_t *wq;
    uint32_t wq_cap, wq_head, wq_len;
    uint32_t wq_last;        /* end of the last one queued */
    TbTcpSock *hnext;        /* next in its socket-table chain */
};

/* The socket table (k_tcp_table.c): @nbuckets chains (a power of two,
 * at least @n once a socket exists), @n sockets. */
typedef struct TbTcpTable {
    TbTcpSock **bucket;
    uint32_t nbuckets;
    uint32_t n;
    TbTcpGlueStats st;
} TbTcpTable;

/** Insert @s (its address set) into @tab; false if @tab holds
 *  TB_TCP_MAX_SOCKS sockets already. */
bool tb_tcp_table_add(TbTcpTable *tab, TbTcpSock *s);
/** Remove @s from @tab. */
void tb_tcp_table_del(TbTcpTable *tab, TbTcpSock *s);
/** The socket a segment with endpoints @a (its source is the remote
 *  end) belongs to: the connection of that 4-tuple, else the listener
 *  on its destination address and port inserted first, which becomes
 *  the connection (its remote end set, rehashed); NULL if neither. */
TbTcpSock *tb_tcp_table_lookup(TbTcpTable *tab, const TcpAddr *a);

/** The socket environment's xmit (TcpEnv.xmit): the segment @seg of
 *  @sk out of the route's NIC, alone or into the TSO skb being filled. */
void tb_tcp_env_xmit(void *ctx, TcpSock *sk, const TcpSegment *seg);
/** End of an output run (the protocol returned to the kernel): the TSO
 *  skb being filled, if any, goes to dev_queue_xmit. */
void tb_tcp_push(TbTcpSock *s);
/** Free the TSO skb being filled without sending it (socket freed). */
void tb_tcp_tso_drop(TbTcpSock *s);
/** After input to @s: free the write-queue skbs the peer has now
 *  acknowledged entirely (one skb_free each, in the current context). */
void tb_tcp_wq_clean(TbTcpSock *s);

#endif /* TB_K_TCP_INT_H */
