/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SPECweb99-like clients (specweb_run.h): one process per client
 * host, its connections in a ready queue.  A connection connects, sends
 * a GET, reads the response, and arms its pacing timer for the next
 * GET (specweb.h: sw_conn_response).
 */
#include <glib.h>

#include "web/specweb_run_int.h"

void tb_sw_client_ready(SwClient *c)
{
    TbSwRun *r = c->run;
    if (c->queued) {
        return;
    }
    c->queued = true;
    c->next = NULL;
    if (r->cq_tail[c->port]) {
        r->cq_tail[c->port]->next = c;
    } else {
        r->cq_head[c->port] = c;
    }
    r->cq_tail[c->port] = c;
    tb_cpu_wake(r->cfg.client[c->port]->cpu, &r->cl_proc[c->port]);
}

static void wake(void *ctx, TbTcpSock *s, unsigned ev)
{
    (void)s;
    (void)ev;
    tb_sw_client_ready(ctx);
}

static void pace_fn(TbCpu *cpu, void *ctx)
{
    (void)cpu;
    SwClient *c = ctx;
    c->waiting = false;
    tb_sw_client_ready(c);
}

/* Send the next GET (its file chosen now). */
static void send_request(SwClient *c, TcpSock *sk, TbCpu *cpu)
{
    const TbSwAppCfg *app = &c->run->cfg.app;
    c->req = sw_next_request(&c->run->mix, &c->rng);
    c->req_ns = cpu->eng->now;
    c->outstanding = true;
    c->resp_left = app->header_bytes + c->req.bytes;
    sw_conn_request(&c->acct, c->req_ns);
    tb_cpu_cost_pair(cpu, TB_COST_SOCKET_SEND, TB_COST_TCP_SENDMSG);
    tcp_sendmsg(sk, NULL, app->request_bytes);
}

/* Read what arrived of the response; the next GET's time when done,
 * armed on the CPU's jiffies count (tb_cpu_jiffies_at: a client host
 * whose CPU lost ticks while later hosts came up keeps its pace). */
static void read_response(SwClient *c, TcpSock *sk, TbCpu *cpu)
{
    uint32_t n = tcp_readable(sk);
    n = n < c->resp_left ? n : c->resp_left;
    tb_cpu_cost(cpu, TB_COST_SOCKET_RECV, 1);
    tcp_recvmsg(sk, NULL, n, NULL);
    c->resp_left -= n;
    if (c->resp_left) {
        return;
    }
    uint64_t now = cpu->eng->now;
    uint64_t due = sw_conn_response(&c->acct, c->req_ns, now, c->req.bytes);
    c->outstanding = false;
    c->waiting = true;
    tb_cpu_mod_timer(cpu, &c->pace, tb_cpu_jiffies_at(cpu, due));
}

/* The connection's first turn with a ramp-up: its connect waits
 * rampup_ns x idx / conns after the client's first turn, armed on the
 * CPU's jiffies.  All at once, a port's N SYNs and then N GETs arrive
 * in one burst that its receive ring cannot hold (docs/specweb.md, "The
 * ramp-up"). */
static void ramp_up(SwClient *c, TbCpu *cpu)
{
    const TbSwRunCfg *rc = &c->run->cfg;
    uint64_t due = cpu->eng->now
                   + rc->rampup_ns * c->idx / rc->conns;
    c->ramped = true;
    c->waiting = true;
    tb_cpu_mod_timer(cpu, &c->pace, tb_cpu_jiffies_at(cpu, due));
}

static void window_event(void *ctx, uint64_t arg)
{
    (void)arg;
    TbSwRun *r = ctx;
    r->cfg.window_fn(r->cfg.window_ctx);
}

/* The run's first client turn starts its clock: the measurement window
 * opens warmup_ns later (the caller's snapshot then, an engine event:
 * no CPU time); every connection is measured from there (none has sent
 * a request yet). */
static void run_start(TbSwRun *r, TbCpu *cpu)
{
    r->start_ns = cpu->eng->now;
    if (!r->cfg.warmup_ns) {
        return;
    }
    for (uint32_t i = 0; i < r->cfg.conns; i++) {
        r->cl[i].acct.win_ns = r->start_ns + r->cfg.warmup_ns;
    }
    if (r->cfg.window_fn) {
        tb_engine_schedule(cpu->eng, r->start_ns + r->cfg.warmup_ns,
                           window_event, r, 0);
    }
}

/* One connection's turn: whatever it can do now. */
static void client_turn(SwClient *c, TbCpu *cpu)
{
    TcpSock *sk = tb_tcp_sk(c->s);
    TbSwRun *r = c->run;
    if (r->start_ns == UINT64_MAX) {
        run_start(r, cpu);
    }
    tb_tcp_lock(c->s);
    if (!c->connecting && !c->ramped && c->run->cfg.rampup_ns) {
        ramp_up(c, cpu);
    } else if (!c->connecting) {
        c->connecting = true;
        tcp_connect(sk);
    } else if (sk->state == TCP_ESTABLISHED) {
        if (c->outstanding && tcp_readable(sk)) {
            read_response(c, sk, cpu);
        } else if (!c->outstanding && !c->waiting) {
            send_request(c, sk, cpu);
        }
    }
    tb_tcp_release(c->s);
}

bool tb_sw_client_step(TbCpu *cpu, void *ctx)
{
    SwPortCtx *pc = ctx;
    TbSwRun *r = pc->run;
    uint32_t p = pc->port;
    SwClient *c = r->cq_head[p];
    if (!c) {
        return false;
    }
    r->cq_head[p] = c->next;
    if (!r->cq_head[p]) {
        r->cq_tail[p] = NULL;
    }
    c->queued = false;
    client_turn(c, cpu);
    return r->cq_head[p] != NULL;
}

int tb_sw_client_init(TbSwRun *r, uint32_t i)
{
    SwClient *c = &r->cl[i];
    uint32_t p = i % r->cfg.nports;
    c->run = r;
    c->idx = i;
    c->port = p;
    sw_rng_seed(&c->rng, r->cfg.seed, i);
    sw_conn_init(&c->acct);         /* its window: at the run's start */
    c->pace = (TbTimer){ .fn = pace_fn, .ctx = c };
    TcpAddr a = { r->cfg.client_addr[p], r->cfg.server_addr[p],
                  (uint16_t)(1024 + i / r->cfg.nports), SW_HTTP_PORT };
    TcpCfg t = tb_sw_sock_cfg(1500, 0x1000 + i * 0x10000u);
    c->s = tb_tcp_sock_new(r->cfg.client[p], &t, &a, wake, c);
    return c->s ? 0 : -1;
}
