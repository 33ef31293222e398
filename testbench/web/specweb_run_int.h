/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SPECweb99-like run's state (specweb_run.h), shared by
 * specweb_run.c (set-up, results), specweb_client.c and
 * specweb_server.c.
 */
#ifndef TB_SPECWEB_RUN_INT_H
#define TB_SPECWEB_RUN_INT_H

#include "web/specweb_run.h"

/* A client connection. */
typedef struct SwClient {
    struct TbSwRun *run;
    uint32_t idx, port;
    TbTcpSock *s;
    SwRng rng;
    SwConn acct;
    SwRequest req;           /* the request outstanding */
    uint64_t req_ns;         /* when it was sent */
    uint32_t resp_left;      /* response bytes still to read */
    bool connecting, waiting, queued;
    bool ramped;             /* its connect has waited its ramp-up turn */
    bool outstanding;        /* a GET sent, its response not all read */
    TbTimer pace;            /* the next request is due */
    struct SwClient *next;   /* client process's ready queue */
} SwClient;

/* A server connection (a listener until the first SYN). */
typedef struct SwServerConn {
    struct TbSwRun *run;
    TbTcpSock *s;
    uint32_t req_got;        /* bytes of the current GET read */
    uint32_t resp_left;      /* response bytes still to send */
    bool queued;
    struct SwServerConn *next;
} SwServerConn;

/* A ready queue (FIFO) of one process. */
typedef struct SwQueue {
    void *head, *tail;
} SwQueue;

/* A client process's context: its run and port. */
typedef struct SwPortCtx {
    struct TbSwRun *run;
    uint32_t port;
} SwPortCtx;

struct TbSwRun {
    TbSwRunCfg cfg;
    SwMix mix;
    SwClient *cl;                      /* cfg.conns */
    SwServerConn *sv;                  /* cfg.conns */
    TbProc srv_proc;
    SwServerConn *sq_head, *sq_tail;
    TbProc cl_proc[SW_MAX_PORTS];
    SwPortCtx cl_ctx[SW_MAX_PORTS];
    SwClient *cq_head[SW_MAX_PORTS], *cq_tail[SW_MAX_PORTS];
};

/** The socket settings of the run's sockets: nodata, route MTU @mtu. */
TcpCfg tb_sw_sock_cfg(uint32_t mtu, uint32_t iss);
/** Client side: set up connection @i; its process's step. */
int tb_sw_client_init(TbSwRun *r, uint32_t i);
bool tb_sw_client_step(TbCpu *cpu, void *ctx);
/** Queue client connection @c for its process and wake it. */
void tb_sw_client_ready(SwClient *c);
/** Server side: set up listener @i; the server process's step. */
int tb_sw_server_init(TbSwRun *r, uint32_t i);
bool tb_sw_server_step(TbCpu *cpu, void *ctx);

#endif /* TB_SPECWEB_RUN_INT_H */
