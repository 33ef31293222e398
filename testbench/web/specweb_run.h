/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SPECweb99-like run on the modelled kernels (docs/specweb.md): a
 * server host with one or more ports, a client host per port, and N
 * simultaneous keep-alive connections spread round-robin over the ports.
 *
 * Clients (specweb_client.c): one process per client host drives its
 * connections: connect, then a GET of request_bytes, read the response,
 * and the next GET when the pacing (specweb.h, SW_TARGET_BPS) says so,
 * armed as a kernel timer (jiffies).
 *
 * Server (specweb_server.c): one event-driven process (as TUX or Zeus:
 * one process, every connection) and the server application model:
 * per request the recv() of the GET (socket_recv, copy_to_user per
 * byte), then the application's own work, given as figures in ns
 * (parse, open, stat, log: TbSwAppCfg, no fitted default, see
 * docs/specweb.md), then the response by send() calls (socket_send and
 * tcp_sendmsg per call) with copy_from_user per byte, or by sendfile()
 * (no copy when the route's NIC checksums, as netperf's TCP_SENDFILE,
 * k_netperf.h).
 *
 * Sockets count payload without storing it (TcpCfg.nodata): the GET
 * names its file only in the model, which passes the file's size to the
 * server out of band by the connection's client port.
 */
#ifndef TB_SPECWEB_RUN_H
#define TB_SPECWEB_RUN_H

#include "kernel/k_tcp.h"
#include "web/specweb.h"

/** Most ports (server NICs) of a run. */
#define SW_MAX_PORTS 16u
/** Most connections of a run (client ports 1024.. per client address). */
#define SW_MAX_CONNS 60000u
/** The server's TCP port. */
#define SW_HTTP_PORT 80u

/** The server application model's per-request figures, ns on the
 *  server's CPU; no default: each must be set (docs/specweb.md says
 *  which have a published source). */
typedef struct TbSwAppCfg {
    uint64_t parse_ns;       /**< parse the GET, find the file */
    uint64_t open_ns;        /**< open() and close() of the file */
    uint64_t stat_ns;        /**< stat() of the file */
    uint64_t log_ns;         /**< the access-log line */
    bool sendfile;           /**< the body by sendfile() (else send()) */
    uint32_t request_bytes;  /**< bytes of a GET on the wire, >= 1 */
    uint32_t header_bytes;   /**< response header bytes before the file */
} TbSwAppCfg;

/** A run's shape: the server kernel, its address on each port, the
 *  client kernel and client address of each port. */
typedef struct TbSwRunCfg {
    TbKernel *server;
    uint32_t nports;                   /**< 1..SW_MAX_PORTS */
    uint32_t server_addr[SW_MAX_PORTS];
    TbKernel *client[SW_MAX_PORTS];
    uint32_t client_addr[SW_MAX_PORTS];
    uint32_t conns;                    /**< 1..SW_MAX_CONNS */
    uint32_t directories;              /**< file set size, >= 1 */
    uint64_t seed;                     /**< run.seed */
    uint64_t rampup_ns;                /**< the connections connect one
                                            after another over this span
                                            from the clients' first turn
                                            (0: all at once) */
    TbSwAppCfg app;
} TbSwRunCfg;

typedef struct TbSwRun TbSwRun;

/** Set up the run: sockets (server listeners and client sockets, all
 *  TcpCfg.nodata), the server and client processes; the clients connect
 *  at once, or one after another over cfg->rampup_ns.  NULL and *@err (g_free) on a bad setting or no room. */
TbSwRun *tb_sw_run_new(const TbSwRunCfg *cfg, char **err);
void tb_sw_run_free(TbSwRun *r);

/** Results at @end_ns: connections that conform, requests served,
 *  response bytes received; per port the connections, those that
 *  conform and the requests served. */
typedef struct TbSwResult {
    uint32_t conns, conforming;
    uint64_t requests, bytes;
    uint32_t port_conns[SW_MAX_PORTS], port_conforming[SW_MAX_PORTS];
    uint64_t port_requests[SW_MAX_PORTS];
    double min_bps;                    /**< slowest connection, bit/s */
} TbSwResult;
TbSwResult tb_sw_run_result(const TbSwRun *r, uint64_t end_ns);

#endif /* TB_SPECWEB_RUN_H */
