/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The connection search (specweb_search.h): the server's ports from the
 * scenario's links, one trial, the bisection.
 */
#include <glib.h>
#include <inttypes.h>
#include <string.h>

#include "scenario/topology.h"
#include "web/specweb_search.h"

int tb_sw_check_warmup(const TbSwSearchCfg *c, uint64_t duration_ns,
                       char **err)
{
    if (c->warmup_ns < duration_ns) {
        return 0;
    }
    *err = g_strdup_printf("the warm-up ([specweb] warmup, --warmup: "
                           "%" PRIu64 " ms) must be shorter than "
                           "run.duration", c->warmup_ns / 1000000u);
    return -1;
}

bool tb_sw_passes(uint32_t conforming, uint32_t conns)
{
    return (uint64_t)conforming * 100u >= (uint64_t)conns * 99u;
}

/* The far end of the link that ends at NIC @nic of host 0: its host and
 * NIC into *@h, *@n.  1 found, 0 no link, -1 (*err) a switch port. */
static int peer_of(const TbTopology *t, uint32_t nic, uint32_t *h,
                   uint32_t *n, char **err)
{
    for (uint32_t l = 0; l < t->nlinks; l++) {
        const TbLinkCfg *k = &t->link[l];
        for (int e = 0; e < 2; e++) {
            if (k->sw[e] || k->host[e] != 0 || k->nic[e] != nic) {
                continue;
            }
            if (k->sw[!e] || k->host[!e] == 0) {
                *err = g_strdup_printf("[link.%s]: a server port "
                                       "must be linked straight to a "
                                       "client host's NIC", k->name);
                return -1;
            }
            *h = k->host[!e];
            *n = k->nic[!e];
            return 1;
        }
    }
    return 0;
}

/* The run's ports from @t, the server host 0 (@sim's kernels). */
static int ports_of(const TbTopology *t, TbSim *sim, TbSwRunCfg *rc,
                    TbSwTrial *out, char **err)
{
    const TbScenario *s = &t->host[0];
    for (uint32_t i = 0; i < s->nnics; i++) {
        uint32_t h, n;
        int rc_peer = peer_of(t, i, &h, &n, err);
        if (rc_peer < 0) {
            return -1;
        }
        if (!rc_peer || rc->nports == SW_MAX_PORTS) {
            continue;
        }
        uint32_t p = rc->nports++;
        rc->server_addr[p] = s->nic[i].ip;
        rc->client[p] = tb_sim_kernel(sim, h);
        rc->client_addr[p] = t->host[h].nic[n].ip;
        g_strlcpy(out->port_name[p], s->nic[i].name, TB_NAME_LEN);
    }
    if (!rc->nports) {
        *err = g_strdup("the first host (the server) has no NIC "
                        "linked to another host");
        return -1;
    }
    out->nports = rc->nports;
    return 0;
}

/* The server's CPU times at the window's start (TbSwRunCfg.window_fn). */
typedef struct WinSnap {
    TbSim *sim;
    TbCpuTime cpu;
} WinSnap;

static void snap_cpu(void *ctx)
{
    WinSnap *w = ctx;
    TbResults *r = g_new(TbResults, 1);   /* large: not on the stack */
    tb_sim_results_now(w->sim, 0, r);
    w->cpu = r->cpu;
    g_free(r);
}

static uint64_t since(uint64_t end, uint64_t start)
{
    return end > start ? end - start : 0;
}

/* Run @sim with the run @rc set up on it; the outcome into @out. */
static int run_trial(TbSim *sim, TbSwRunCfg *rc, TbSwTrial *out,
                     char **err)
{
    WinSnap w = { .sim = sim };
    rc->window_fn = snap_cpu;
    rc->window_ctx = &w;
    TbSwRun *r = tb_sw_run_new(rc, err);
    if (!r) {
        return -1;
    }
    int st = tb_sim_run(sim, err);
    if (st == 0) {
        const TbCpuTime *c = &tb_sim_results(sim, 0)->cpu;
        out->res = tb_sw_run_result(r, tb_sim_kernel(sim, 0)->cpu->eng->now);
        out->cpu = (TbCpuTime){ since(c->hardirq, w.cpu.hardirq),
                                since(c->softirq, w.cpu.softirq),
                                since(c->process, w.cpu.process),
                                since(c->idle, w.cpu.idle) };
        out->pass = tb_sw_passes(out->res.conforming, out->conns);
    }
    tb_sw_run_free(r);
    return st;
}

int tb_sw_trial(const TbSwSearchCfg *c, uint32_t conns, TbSwTrial *out,
                char **err)
{
    TbTopology *t = g_new0(TbTopology, 1);
    TbSim *sim = NULL;
    int st = -1;
    memset(out, 0, sizeof(*out));
    out->conns = conns;
    if (tb_topology_load(c->scenario, c->sets, t, err) < 0) {
        goto out;
    }
    bool other = t->netperf.present || t->nstreams;
    for (uint32_t h = 0; h < t->nhosts; h++) {
        other |= t->host[h].nsources != 0;
    }
    if (other) {
        *err = g_strdup("the scenario has a [traffic] source or a "
                        "[netperf] test: the search runs the web "
                        "workload alone");
        goto out;
    }
    if (!t->host[0].run.duration_ns) {
        *err = g_strdup("run.duration must be set (the "
                        "measurement's length)");
        goto out;
    }
    if (tb_sw_check_warmup(c, t->host[0].run.duration_ns, err) < 0) {
        goto out;
    }
    t->specweb.by_specweb = 1;
    if (!(sim = tb_sim_new(t, err))) {
        goto out;
    }
    TbSwRunCfg rc = { .server = tb_sim_kernel(sim, 0), .conns = conns,
                      .directories = c->directories,
                      .seed = t->host[0].run.seed, .app = c->app,
                      .rampup_ns = c->rampup_ns,
                      .warmup_ns = c->warmup_ns };
    if (ports_of(t, sim, &rc, out, err) == 0) {
        st = run_trial(sim, &rc, out, err);
    }
out:
    tb_sim_free(sim);
    tb_topology_clear(t);
    g_free(t);
    return st;
}

int tb_sw_search(const TbSwSearchCfg *c, TbSwTrialFn fn, void *ctx,
                 uint32_t *best, TbSwTrial *best_trial, char **err)
{
    uint32_t lo = 0, hi = c->max_conns, n = c->max_conns;
    memset(best_trial, 0, sizeof(*best_trial));
    for (;;) {
        TbSwTrial tr;
        if (tb_sw_trial(c, n, &tr, err) < 0) {
            return -1;
        }
        if (fn) {
            fn(ctx, &tr);
        }
        if (tr.pass) {
            lo = n;
            *best_trial = tr;
        } else {
            hi = n;
        }
        if (lo == c->max_conns || hi - lo <= c->resolution) {
            break;
        }
        n = lo + (hi - lo) / 2;
    }
    *best = lo;
    return 0;
}
