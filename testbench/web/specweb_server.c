/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SPECweb99-like server and its application model (specweb_run.h):
 * one event-driven process serving every connection from a ready queue.
 * Per GET: recv() (socket_recv, copy_to_user per byte), the
 * application's parse, open, stat and log figures (TbSwAppCfg), then the
 * response by send() (socket_send + tcp_sendmsg per call, copy_from_user
 * per byte) or sendfile() (the same per call, no copy when the route's
 * NIC checksums: Linux tcp_sendpage, as netperf's TCP_SENDFILE).
 */
#include <glib.h>

#include "web/specweb_run_int.h"

static void ready(SwServerConn *v)
{
    TbSwRun *r = v->run;
    if (v->queued) {
        return;
    }
    v->queued = true;
    v->next = NULL;
    if (r->sq_tail) {
        r->sq_tail->next = v;
    } else {
        r->sq_head = v;
    }
    r->sq_tail = v;
    tb_cpu_wake(r->cfg.server->cpu, &r->srv_proc);
}

static void wake(void *ctx, TbTcpSock *s, unsigned ev)
{
    (void)s;
    (void)ev;
    ready(ctx);
}

/* The client connection at the other end (the GET's file, out of band:
 * its client port numbers the connections of its port). */
static const SwClient *peer(const SwServerConn *v)
{
    const TbSwRun *r = v->run;
    const TcpAddr *a = tb_tcp_addr(v->s);
    for (uint32_t p = 0; p < r->cfg.nports; p++) {
        if (r->cfg.client_addr[p] == a->daddr) {
            uint32_t i = (uint32_t)(a->dport - 1024) * r->cfg.nports + p;
            return i < r->cfg.conns ? &r->cl[i] : NULL;
        }
    }
    return NULL;
}

/* A whole GET read: the application's work, the response queued. */
static void serve_request(SwServerConn *v, TbCpu *cpu)
{
    const TbSwAppCfg *app = &v->run->cfg.app;
    const SwClient *c = peer(v);
    uint64_t app_ns = app->parse_ns + app->open_ns + app->stat_ns
                      + app->log_ns;
    tb_cpu_charge_as(cpu, TB_ACCT_OTHER, app_ns);
    v->resp_left = app->header_bytes + (c ? c->req.bytes : 0);
    v->req_got = 0;
    tb_cpu_cost_pair(cpu, TB_COST_SOCKET_SEND, TB_COST_TCP_SENDMSG);
}

/* Send what the send buffer takes of the response. */
static void send_response(SwServerConn *v, TcpSock *sk, TbCpu *cpu,
                          bool zero_copy)
{
    uint32_t n;
    while (v->resp_left && (n = tcp_wspace(sk)) != 0) {
        n = n < v->resp_left ? n : v->resp_left;
        n = n < sk->mss_cache ? n : sk->mss_cache;
        if (!zero_copy) {
            tb_cpu_cost_bytes(cpu, TB_COST_COPY_FROM_USER_PER_BYTE, n);
        }
        tcp_sendmsg(sk, NULL, n);
        v->resp_left -= n;
    }
}

static void server_turn(SwServerConn *v, TbCpu *cpu)
{
    TcpSock *sk = tb_tcp_sk(v->s);
    const TbSwAppCfg *app = &v->run->cfg.app;
    const TbNetdev *out = tb_ip_route_dev(v->run->cfg.server,
                                          tb_tcp_addr(v->s)->daddr);
    bool zero_copy = app->sendfile && out && out->features_csum;
    tb_tcp_lock(v->s);
    if (!v->resp_left && tcp_readable(sk)) {
        uint32_t n = tcp_readable(sk);
        uint32_t want = app->request_bytes - v->req_got;
        n = n < want ? n : want;
        tb_cpu_cost(cpu, TB_COST_SOCKET_RECV, 1);
        tb_cpu_cost_bytes(cpu, TB_COST_COPY_TO_USER_PER_BYTE, n);
        tcp_recvmsg(sk, NULL, n, NULL);
        v->req_got += n;
        if (v->req_got == app->request_bytes) {
            serve_request(v, cpu);
        }
    }
    if (v->resp_left) {
        send_response(v, sk, cpu, zero_copy);
    }
    tb_tcp_release(v->s);
}

bool tb_sw_server_step(TbCpu *cpu, void *ctx)
{
    TbSwRun *r = ctx;
    SwServerConn *v = r->sq_head;
    if (!v) {
        return false;
    }
    r->sq_head = v->next;
    if (!r->sq_head) {
        r->sq_tail = NULL;
    }
    v->queued = false;
    server_turn(v, cpu);
    return r->sq_head != NULL;
}

int tb_sw_server_init(TbSwRun *r, uint32_t i)
{
    SwServerConn *v = &r->sv[i];
    uint32_t p = i % r->cfg.nports;
    v->run = r;
    TcpAddr a = { r->cfg.server_addr[p], 0, SW_HTTP_PORT, 0 };
    TcpCfg t = tb_sw_sock_cfg(1500, 0x2000000 + i * 0x10000u);
    v->s = tb_tcp_sock_new(r->cfg.server, &t, &a, wake, v);
    if (!v->s) {
        return -1;
    }
    tcp_listen(tb_tcp_sk(v->s));
    return 0;
}
