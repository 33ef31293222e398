/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Runs of several hosts (net.h), built from the steps of a one-host run
 * (sim_int.h) on a shared engine.
 */
#include <glib.h>
#include <string.h>

#include "kernel/k_netperf.h"
#include "sim/net.h"
#include "sim/sim_int.h"

/** Top-level loop granularity, ns (as sim.c). */
#define TB_NET_CHUNK_NS 1000000ull

struct TbNet {
    TbEngine *eng;
    TbSmp *smp;
    uint64_t duration_ns;
    uint64_t epoch;
    bool ran;
    uint32_t nhosts;
    TbSim *host[TB_MAX_HOSTS];
    uint32_t nlinks;
    TbLink *link[TB_MAX_LINKS];
    TbNetperf *netperf;       /* the [netperf] test, or NULL */
    TbProgressFn progress;    /* after each chunk, or NULL */
    void *progress_ctx;
};

/* Each host has one CPU: its kernel's and NICs' CPU never changes. */
static void switch_cb(void *ctx, TbCpu *c)
{
    (void)ctx;
    (void)c;
}

/* Host @h of @t up to its links up.  0, or -1 and *err. */
static int build_host(TbNet *n, const TbTopology *t, uint32_t h, char **err)
{
    TbSim *sim = g_new0(TbSim, 1);
    char *why = NULL;
    n->host[h] = sim;
    sim->sc = t->host[h];
    sim->shared = true;
    sim->eng = n->eng;
    sim->ncpus = 1;
    if (tb_sim_load_profile(sim, &why) || tb_sim_build_host(sim, &why)
        || tb_sim_build_memory_and_routes(sim, &why)
        || tb_sim_add_nics(sim, &why)) {
        *err = g_strdup_printf("host %s: %s", t->host_name[h], why);
        g_free(why);
        return -1;
    }
    tb_sim_wait_for_links(sim);
    return 0;
}

/* Every host ready at once: the epoch, CPU times from here, the
 * lock-step over the hosts' CPUs. */
static int start(TbNet *n, char **err)
{
    TbCpu *cpus[TB_MAX_HOSTS];
    n->epoch = n->eng->now;
    for (uint32_t h = 0; h < n->nhosts; h++) {
        TbSim *sim = n->host[h];
        cpus[h] = sim->cpu;
        sim->epoch = n->epoch;
        sim->res.init_ns = n->epoch;
        memset(sim->cpu->ctx_ns, 0, sizeof(sim->cpu->ctx_ns));
    }
    if (n->nhosts > 1) {
        n->smp = tb_smp_new(n->eng, cpus, n->nhosts, switch_cb, n);
        if (!n->smp) {
            *err = g_strdup("cannot set up the hosts' CPUs");
            return -1;
        }
        for (uint32_t h = 0; h < n->nhosts; h++) {
            n->host[h]->smp = n->smp;
        }
        tb_smp_start(n->smp);
    }
    for (uint32_t h = 0; h < n->nhosts; h++) {
        if (tb_sim_start_traffic(n->host[h], err)) {
            return -1;
        }
    }
    return 0;
}

/* The [netperf] test's processes, started at host ready. */
static int start_netperf(TbNet *n, const TbNetperfSecCfg *c, char **err)
{
    if (!c->present) {
        return 0;
    }
    const TbHostCfg *hl = &n->host[c->local_host]->sc.host;
    const TbHostCfg *hr = &n->host[c->remote_host]->sc.host;
    TbNetperfCfg nc = {
        .message_size = c->message_size, .recv_size = c->recv_size,
        .send_socket = c->send_socket, .recv_socket = c->recv_socket,
        .nodelay = c->nodelay,
        .timestamps = { hl->tcp_timestamps, hr->tcp_timestamps },
        .window_scaling = { hl->tcp_window_scaling, hr->tcp_window_scaling },
        .port = TB_NETPERF_DATA_PORT,
        .udp = c->test == TB_NETPERF_UDP_STREAM,
    };
    n->netperf = tb_netperf_new(n->host[c->local_host]->k, c->local_ip,
                                n->host[c->remote_host]->k, c->remote_ip,
                                &nc, err);
    return n->netperf ? 0 : -1;
}

TbNet *tb_net_new(const TbTopology *t, char **err)
{
    TbNet *n = g_new0(TbNet, 1);
    n->eng = tb_engine_new();
    n->duration_ns = t->host[0].run.duration_ns;
    for (uint32_t h = 0; h < t->nhosts; h++) {
        n->nhosts = h + 1;
        if (build_host(n, t, h, err)) {
            tb_net_free(n);
            return NULL;
        }
    }
    for (uint32_t i = 0; i < t->nlinks; i++) {
        const TbLinkCfg *c = &t->link[i];
        n->link[i] = tb_link_new(n->eng, c,
                                 &n->host[c->host[0]]->os[c->nic[0]],
                                 &n->host[c->host[1]]->os[c->nic[1]]);
        n->nlinks = i + 1;
    }
    if (start(n, err) || start_netperf(n, &t->netperf, err)) {
        tb_net_free(n);
        return NULL;
    }
    return n;
}

/* Any host's traffic source read error. */
static int source_error(TbNet *n, char **err)
{
    for (uint32_t h = 0; h < n->nhosts; h++) {
        if (n->host[h]->src_err) {
            *err = n->host[h]->src_err;
            n->host[h]->src_err = NULL;
            return -1;
        }
    }
    return 0;
}

int tb_net_run(TbNet *n, char **err)
{
    uint64_t end = n->epoch + n->duration_ns;
    if (n->ran) {
        *err = g_strdup("tb_net_run: a run can be made only once");
        return -1;
    }
    n->ran = true;
    for (uint32_t h = 0; h < n->nhosts; h++) {
        TbSim *sim = n->host[h];
        sim->sample_ns = sim->sc.run.sample_ns;
        sim->sample_end = end;
        if (sim->sample_fn) {
            /* the first call, at host ready, is the baseline */
            tb_engine_schedule(n->eng, n->epoch, tb_sim_sample_event, sim,
                               0);
        }
    }
    while (n->eng->now < end) {
        uint64_t chunk = n->eng->now + TB_NET_CHUNK_NS;
        chunk = chunk < end ? chunk : end;
        if (n->smp) {
            tb_smp_run(n->smp, chunk);
        } else {
            tb_cpu_run(n->host[0]->cpu, chunk);
        }
        if (source_error(n, err)) {
            return -1;
        }
        if (n->progress) {
            n->progress(n->progress_ctx, n->eng->now, end);
        }
    }
    tb_netperf_finish(n->netperf);
    for (uint32_t h = 0; h < n->nhosts; h++) {
        TbSim *sim = n->host[h];
        tb_sim_end_run(sim);
        for (uint32_t i = 0; i < sim->res.niface; i++) {
            sim->res.iface[i].cpu = 0;   /* the host's only CPU */
        }
    }
    return 0;
}

uint32_t tb_net_hosts(const TbNet *n)
{
    return n->nhosts;
}

const TbResults *tb_net_results(const TbNet *n, uint32_t h)
{
    return &n->host[h]->res;
}

const TbNetperf *tb_net_netperf(const TbNet *n)
{
    return n->netperf;
}

TbKernel *tb_net_kernel(const TbNet *n, uint32_t h)
{
    return n->host[h]->k;
}

void tb_net_set_progress(TbNet *n, TbProgressFn fn, void *ctx)
{
    n->progress = fn;
    n->progress_ctx = ctx;
}

void tb_net_set_tx_hook(TbNet *n, TbTxHookFn fn, void *ctx)
{
    for (uint32_t h = 0; h < n->nhosts; h++) {
        tb_sim_set_tx_hook(n->host[h], fn, ctx);
    }
}

void tb_net_set_sampler(TbNet *n, uint32_t h, TbSampleFn fn, void *ctx)
{
    tb_sim_set_sampler(n->host[h], fn, ctx);
}

void tb_net_profile_start(TbNet *n)
{
    for (uint32_t h = 0; h < n->nhosts; h++) {
        tb_cpu_acct_start(n->host[h]->cpu);
    }
}

const TbCpuAcct *tb_net_cpu_acct(const TbNet *n, uint32_t h)
{
    return n->host[h]->cpu->acct;
}

const uint64_t *tb_net_ctx_ns(const TbNet *n, uint32_t h)
{
    return n->host[h]->cpu->ctx_ns;
}

double tb_net_mhz(const TbNet *n, uint32_t h)
{
    return n->host[h]->prof.mhz;
}

const uint64_t *tb_net_cost_ns(const TbNet *n, uint32_t h)
{
    return n->host[h]->cpu->cost_ns;
}

const TbLink *tb_net_link(const TbNet *n, uint32_t i)
{
    return n->link[i];
}

void tb_net_free(TbNet *n)
{
    if (!n) {
        return;
    }
    tb_netperf_free(n->netperf);
    for (uint32_t h = 0; h < n->nhosts; h++) {
        tb_sim_free(n->host[h]);
    }
    for (uint32_t i = 0; i < n->nlinks; i++) {
        tb_link_free(n->link[i]);
    }
    tb_smp_free(n->smp);
    tb_engine_free(n->eng);
    g_free(n);
}
