/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The netperf test's state, shared by its TCP_STREAM (k_netperf.c) and
 * UDP_STREAM (k_netperf_udp.c) halves.
 */
#ifndef TB_K_NETPERF_INT_H
#define TB_K_NETPERF_INT_H

#include "kernel/k_netperf.h"

/* The stream's pattern: byte o is pat[o % PERIOD], the table repeated
 * far enough that any copy is one memcpy (a prime period, so a segment
 * out of place by a whole number of segments does not match). */
#define TB_NETPERF_PAT_PERIOD 65521u
#define TB_NETPERF_PAT_SPAN (TB_NETPERF_PAT_PERIOD + TB_NETPERF_RECV_MAX)

struct TbNetperf {
    TbNetperfCfg cfg;
    TbKernel *k[2];          /* sender, receiver */
    TbTcpSock *s[2];         /* TCP_STREAM's sockets */
    TbProc proc[2];          /* UDP_STREAM: proc[0] only (the receiver
                                is the remote kernel's UDP sink) */
    TbCpu *cpu[2];           /* the CPU each process is on (its run
                                queue): wake-ups go there, whichever CPU
                                of the host runs the waker (k->cpu) */
    bool connecting;
    uint32_t msg_left;       /* bytes of the current send() still to go */
    uint64_t wpos, rpos;     /* stream positions written / read */
    uint8_t *buf;
    uint8_t *pat;            /* the stream's pattern */
    /* UDP_STREAM's sending socket */
    uint32_t saddr, daddr;
    uint32_t wmem;           /* sk_wmem_alloc: truesize of skbs in flight */
    bool wblocked;           /* the sender sleeps for send space */
    uint16_t ip_id;
    TbNetperfStats st;
};

/** The pattern table (TB_NETPERF_PAT_SPAN bytes; g_free it). */
uint8_t *tb_netperf_pattern_new(void);
/** MTU of the device kernel @k routes @daddr through, bytes (TCP's MSS
 *  is that MTU - 40, as Linux's tcp_advertise_mss takes the route's MTU;
 *  UDP_STREAM's message fits one frame of it); 1500 without a route. */
uint32_t tb_netperf_route_mtu(const TbKernel *k, uint32_t daddr);
/** UDP_STREAM: set up the sender process of @np (k, cfg, pat filled;
 *  the receiver is @np->k[1]'s UDP sink).  0, or -1 with *err set. */
int tb_netperf_udp_start(TbNetperf *np, char **err);
/** UDP_STREAM: the receiving socket's counters into @np->st. */
void tb_netperf_udp_finish(TbNetperf *np);
/** UDP_STREAM: detach @np from its skbs still in flight (before it is
 *  freed: their destructor no longer points at it). */
void tb_netperf_udp_disown(TbNetperf *np);

#endif /* TB_K_NETPERF_INT_H */
