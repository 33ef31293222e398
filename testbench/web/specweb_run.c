/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SPECweb99-like run (specweb_run.h): set-up, the processes, the
 * results.
 */
#include <glib.h>

#include "web/specweb_run_int.h"

TcpCfg tb_sw_sock_cfg(uint32_t mtu, uint32_t iss)
{
    TcpCfg t;
    tcp_cfg_default(&t);
    t.mtu = mtu;
    t.iss = iss;
    t.nodata = true;
    t.nodelay = true;    /* Apache 1.3 sock_disable_nagle; a web server
                            does not wait for the ACK of a response's
                            first part before sending its last */
    return t;
}

static char *check_cfg(const TbSwRunCfg *c)
{
    if (!c->nports || c->nports > SW_MAX_PORTS) {
        return g_strdup_printf("specweb: ports from 1 to %u", SW_MAX_PORTS);
    }
    if (!c->conns || c->conns > SW_MAX_CONNS) {
        return g_strdup_printf("specweb: connections from 1 to %u",
                               SW_MAX_CONNS);
    }
    if (!c->app.request_bytes) {
        return g_strdup("specweb: request_bytes from 1");
    }
    return NULL;
}

static void add_procs(TbSwRun *r)
{
    r->srv_proc = (TbProc){ .name = "httpd", .step = tb_sw_server_step,
                            .ctx = r };
    tb_cpu_add_proc(r->cfg.server->cpu, &r->srv_proc);
    for (uint32_t p = 0; p < r->cfg.nports; p++) {
        r->cl_ctx[p] = (SwPortCtx){ r, p };
        r->cl_proc[p] = (TbProc){ .name = "specweb-client",
                                  .step = tb_sw_client_step,
                                  .ctx = &r->cl_ctx[p] };
        tb_cpu_add_proc(r->cfg.client[p]->cpu, &r->cl_proc[p]);
    }
}

TbSwRun *tb_sw_run_new(const TbSwRunCfg *cfg, char **err)
{
    if ((*err = check_cfg(cfg))) {
        return NULL;
    }
    TbSwRun *r = g_new0(TbSwRun, 1);
    r->cfg = *cfg;
    if (sw_mix_init(&r->mix, cfg->directories) < 0) {
        *err = g_strdup("specweb: directories from 1");
        g_free(r);
        return NULL;
    }
    r->cl = g_new0(SwClient, cfg->conns);
    r->sv = g_new0(SwServerConn, cfg->conns);
    add_procs(r);
    for (uint32_t i = 0; i < cfg->conns; i++) {
        if (tb_sw_server_init(r, i) < 0 || tb_sw_client_init(r, i) < 0) {
            *err = g_strdup("specweb: no room for another TCP socket");
            tb_sw_run_free(r);
            return NULL;
        }
    }
    for (uint32_t i = 0; i < cfg->conns; i++) {
        r->cl[i].connecting = false;
        tb_sw_client_ready(&r->cl[i]);
    }
    return r;
}

void tb_sw_run_free(TbSwRun *r)
{
    if (!r) {
        return;
    }
    for (uint32_t i = 0; i < r->cfg.conns; i++) {
        if (r->cl[i].s) {
            tb_cpu_forget_timer(r->cfg.client[r->cl[i].port]->cpu,
                                &r->cl[i].pace);
        }
        tb_tcp_sock_free(r->cl[i].s);
        tb_tcp_sock_free(r->sv[i].s);
    }
    tb_cpu_del_proc(r->cfg.server->cpu, &r->srv_proc);
    for (uint32_t p = 0; p < r->cfg.nports; p++) {
        tb_cpu_del_proc(r->cfg.client[p]->cpu, &r->cl_proc[p]);
    }
    sw_mix_clear(&r->mix);
    g_free(r->cl);
    g_free(r->sv);
    g_free(r);
}

TbSwResult tb_sw_run_result(const TbSwRun *r, uint64_t end_ns)
{
    TbSwResult res = { .conns = r->cfg.conns, .min_bps = -1.0 };
    for (uint32_t i = 0; i < r->cfg.conns; i++) {
        const SwClient *c = &r->cl[i];
        double bps = sw_conn_bps(&c->acct, end_ns);
        bool ok = sw_conn_conforms(&c->acct, end_ns);
        res.conforming += ok;
        res.port_conns[c->port]++;
        res.port_conforming[c->port] += ok;
        res.requests += c->acct.requests;
        res.port_requests[c->port] += c->acct.requests;
        res.bytes += c->acct.bytes;
        if (res.min_bps < 0 || bps < res.min_bps) {
            res.min_bps = bps;
        }
    }
    return res;
}
