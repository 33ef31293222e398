/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One testbench run (sim.h): its life cycle.  Building it reads top-down
 * as the steps below; each step lives in the file named beside it
 * (sim_int.h has the shared state):
 *   for each host in file order: load the cost profile, build the CPUs,
 *   kernel, memory and routes (sim_host.c), add the NICs (device model +
 *   driver through the NIC's type, at the current time in process
 *   context; sim_nic.c), wait (at most 100 ms) until every link is up;
 *   then join the NICs by the links (link.c), declare every host ready
 *   (that instant is the epoch, TbResults.init_ns; every CPU starts, in
 *   lock-step when there are more than one), start the traffic
 *   (sim_traffic.c) and the [netperf] test.
 * The drivers' msleep()s let virtual time pass during the NIC step
 * (EEPROM bit-banging: ~0.23 s per NIC), so a host's bring-up starts
 * where the previous host's ended.  Traffic times (start_ns and the
 * sources' arrival times) and run.duration_ns count from the epoch;
 * reported times (sim_ns, offer window, samples) are absolute.
 *
 * The scenario comes from the loader (scenario/topology_load.c), which
 * has checked every key's range and filled in every default; only the
 * cross-key CPU numbers are checked here.
 */
#include "sim/sim.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "scenario/scenario_load.h"
#include "sim/sim_int.h"

/** Top-level loop granularity when nothing else bounds a chunk, ns. */
#define TB_CHUNK_NS 1000000ull

/* ---- building ---- */

/* Host @i up to its links up.  0, or -1 and *err ("host NAME: ..." for
 * a named host). */
static int build_host(TbSim *sim, uint32_t i, char **err)
{
    TbHost *h = g_new0(TbHost, 1);
    char *why = NULL;

    sim->host[i] = h;
    sim->nhosts = i + 1;
    h->sim = sim;
    h->eng = sim->eng;
    h->index = i;
    h->sc = &sim->t.host[i];
    h->name = sim->t.host_name[i];
    h->ncpus = h->sc->host.cpus;
    if (tb_scenario_testbench_check(h->sc, &why) < 0
        || tb_host_build(h, &why) < 0 || tb_host_add_nics(h, &why) < 0) {
        *err = *h->name ? g_strdup_printf("host %s: %s", h->name, why)
                        : g_strdup(why);
        g_free(why);
        return -1;
    }
    tb_host_wait_for_links(h);
    return 0;
}

/* The NIC at end @e of link @c, or NULL for a switch port. */
static TbNic *link_nic(TbSim *sim, const TbLinkCfg *c, int e)
{
    return c->sw[e] ? NULL : sim->host[c->host[e]]->nic[c->nic[e]];
}

/* Link @c has a switch end: attach its port; the NIC's address enters
 * the switch's neighbour table. */
static void attach_port(TbSim *sim, const TbLinkCfg *c, TbLink *l)
{
    int e = c->sw[0] ? 0 : 1;
    TbSwitch *sw = sim->sw[c->sw[e] - 1];
    const TbNicCfg *n = &sim->t.host[c->host[!e]].nic[c->nic[!e]];
    tb_link_to_switch(l, e, sw, c->port);
    tb_switch_attach(sw, c->port, l, e, n->link_mbps, n->mac, n->ip);
}

/* Each NIC on a switch resolves the addresses of the switch's other
 * stations (a static ARP table of the segment). */
static void switch_neighbours(TbSim *sim)
{
    for (uint32_t i = 0; i < sim->t.nlinks; i++) {
        const TbLinkCfg *c = &sim->t.link[i];
        int e = c->sw[0] ? 0 : 1;
        if (!c->sw[0] && !c->sw[1]) {
            continue;
        }
        TbNic *nic = link_nic(sim, c, !e);
        nic->nd.neigh = tb_switch_neigh(sim->sw[c->sw[e] - 1],
                                        &nic->nd.nneigh);
    }
}

/* The switches and the links of the topology between the hosts' NICs
 * and the switches' ports. */
static void add_links(TbSim *sim)
{
    sim->sw = g_new0(TbSwitch *, sim->t.nswitches ? sim->t.nswitches : 1);
    for (uint32_t i = 0; i < sim->t.nswitches; i++) {
        sim->sw[i] = tb_switch_new(sim->eng, &sim->t.sw[i], i);
        sim->nswitches = i + 1;
    }
    sim->link = g_new0(TbLink *, sim->t.nlinks ? sim->t.nlinks : 1);
    for (uint32_t i = 0; i < sim->t.nlinks; i++) {
        const TbLinkCfg *c = &sim->t.link[i];
        sim->link[i] = tb_link_new(sim->eng, c, link_nic(sim, c, 0),
                                   link_nic(sim, c, 1));
        sim->nlinks = i + 1;
        if (c->sw[0] || c->sw[1]) {
            attach_port(sim, c, sim->link[i]);
        }
    }
    switch_neighbours(sim);
}

/* Every CPU of every host into one lock-step set when there are more
 * than one (their ids stay their host's CPU numbers).  0 or -1. */
static int make_smp(TbSim *sim, char **err)
{
    uint32_t n = 0, k = 0;
    for (uint32_t h = 0; h < sim->nhosts; h++) {
        n += sim->host[h]->ncpus;
    }
    if (n < 2) {
        return 0;
    }
    TbCpu **cpus = g_new(TbCpu *, n);
    for (uint32_t h = 0; h < sim->nhosts; h++) {
        for (uint32_t c = 0; c < sim->host[h]->ncpus; c++) {
            cpus[k++] = sim->host[h]->cpus[c];
        }
    }
    sim->smp = tb_smp_new(sim->eng, cpus, n, tb_host_switch);
    sim->idle_seq = g_new0(uint64_t, n);
    g_free(cpus);
    if (!sim->smp) {
        *err = g_strdup("cannot set up the CPUs");
        return -1;
    }
    return 0;
}

/* Host ready: the epoch is now; every other CPU comes up (its tick
 * starts, the lock-step begins); CPU shares count from here, not from
 * the drivers' init busy-waits. */
static int hosts_ready(TbSim *sim, char **err)
{
    sim->epoch = sim->eng->now;
    if (make_smp(sim, err) < 0) {
        return -1;
    }
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        TbHost *h = sim->host[i];
        h->epoch = sim->epoch;
        h->res.init_ns = sim->epoch;
        for (uint32_t c = 1; c < h->ncpus; c++) {
            tb_cpu_start(h->cpus[c]);
        }
    }
    if (sim->smp) {
        tb_smp_start(sim->smp);
    }
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        TbHost *h = sim->host[i];
        for (uint32_t c = 0; c < h->ncpus; c++) {
            memset(h->cpus[c]->ctx_ns, 0, sizeof(h->cpus[c]->ctx_ns));
        }
    }
    return 0;
}

/* The processes of test @c, started at host ready; NULL and *err. */
static TbNetperf *start_test(TbSim *sim, const TbNetperfSecCfg *c,
                             char **err)
{
    const TbHostCfg *hl = &sim->t.host[c->local_host].host;
    const TbHostCfg *hr = &sim->t.host[c->remote_host].host;
    TbNetperfCfg nc = {
        .message_size = c->message_size, .recv_size = c->recv_size,
        .send_socket = c->send_socket, .recv_socket = c->recv_socket,
        .nodelay = c->nodelay,
        .timestamps = { hl->tcp_timestamps, hr->tcp_timestamps },
        .window_scaling = { hl->tcp_window_scaling, hr->tcp_window_scaling },
        .autotune = { hl->kernel != TB_KERNEL_2_4,
                      hr->kernel != TB_KERNEL_2_4 },
        .port = c->port,
        .udp = c->test == TB_NETPERF_UDP_STREAM,
        .sendfile = c->test == TB_NETPERF_TCP_SENDFILE,
    };
    return tb_netperf_new(sim->host[c->local_host]->k, c->local_ip,
                          sim->host[c->remote_host]->k, c->remote_ip, &nc,
                          err);
}

/* The [netperf] test's processes, or each [netperf.NAME] stream's. */
static int start_netperf(TbSim *sim, char **err)
{
    if (sim->t.netperf.present) {
        sim->netperf = start_test(sim, &sim->t.netperf, err);
        return sim->netperf ? 0 : -1;
    }
    sim->stream = g_new0(TbNetperf *, sim->t.nstreams ? sim->t.nstreams
                                                       : 1);
    for (uint32_t i = 0; i < sim->t.nstreams; i++) {
        char *why = NULL;
        sim->stream[i] = start_test(sim, &sim->t.stream[i], &why);
        if (!sim->stream[i]) {
            *err = g_strdup_printf("stream %s: %s", sim->t.stream[i].name,
                                   why);
            g_free(why);
            return -1;
        }
        sim->nstreams = i + 1;
    }
    return 0;
}

/* A copy of @t whose arrays the run owns. */
static void copy_topology(TbTopology *dst, const TbTopology *t)
{
    *dst = *t;
    dst->host = g_memdup2(t->host, t->nhosts * sizeof(*t->host));
    dst->host_name = g_memdup2(t->host_name,
                               t->nhosts * sizeof(*t->host_name));
    dst->link = g_memdup2(t->link, (t->nlinks ? t->nlinks : 1)
                                   * sizeof(*t->link));
    dst->stream = g_memdup2(t->stream, (t->nstreams ? t->nstreams : 1)
                                       * sizeof(*t->stream));
    dst->sw = g_memdup2(t->sw, (t->nswitches ? t->nswitches : 1)
                               * sizeof(*t->sw));
}

TbSim *tb_sim_new(const TbTopology *t, char **err)
{
    return tb_sim_new_traced(t, NULL, err);
}

TbSim *tb_sim_new_traced(const TbTopology *t, FILE *trace_out, char **err)
{
    if (t->specweb.present && !t->specweb.by_specweb) {
        *err = g_strdup("[specweb]: the web-serving workload runs with "
                        "`e1klab specweb` (docs/specweb.md)");
        return NULL;
    }
    TbSim *sim = g_new0(TbSim, 1);
    copy_topology(&sim->t, t);
    sim->trace_out = trace_out;
    sim->eng = tb_engine_new();
    sim->host = g_new0(TbHost *, t->nhosts);
    for (uint32_t i = 0; i < t->nhosts; i++) {
        if (build_host(sim, i, err) < 0) {
            tb_sim_free(sim);
            return NULL;
        }
    }
    add_links(sim);
    if (hosts_ready(sim, err) < 0) {
        tb_sim_free(sim);
        return NULL;
    }
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        if (tb_host_arm_faults(sim->host[i], err) < 0 ||
            tb_host_start_traffic(sim->host[i], err) < 0) {
            tb_sim_free(sim);
            return NULL;
        }
    }
    if (start_netperf(sim, err) < 0) {
        tb_sim_free(sim);
        return NULL;
    }
    return sim;
}

void tb_sim_set_sampler(TbSim *sim, uint32_t h, TbSampleFn fn, void *ctx)
{
    sim->host[h]->sample_fn = fn;
    sim->host[h]->sample_ctx = ctx;
}

void tb_sim_set_tx_hook(TbSim *sim, TbTxHookFn fn, void *ctx)
{
    sim->tx_fn = fn;
    sim->tx_ctx = ctx;
}

void tb_sim_set_progress(TbSim *sim, TbProgressFn fn, void *ctx)
{
    sim->prog_fn = fn;
    sim->prog_ctx = ctx;
}

/* ---- the run ---- */

/* With no duration, the run ends run.drain_ns after the last frame any
 * host was offered once every source is done; TB_NEVER until then. */
static uint64_t end_when_drained(TbSim *sim, uint64_t end)
{
    uint64_t now = sim->eng->now, last = now;
    bool any = false;

    if (end != TB_NEVER || sim->nsrc_live != 0) {
        return end;
    }
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        const TbHost *h = sim->host[i];
        if (h->have_offer && (!any || h->res.last_offer_ns > last)) {
            last = h->res.last_offer_ns;
            any = true;
        }
    }
    end = (last > now ? last : now) + sim->t.host[0].run.drain_ns;
    sim->sample_end = end;
    return end;
}

/* An idle stretch of every CPU (only their ticks due; cpu.c, smp.c) in
 * closed form, over whole chunks so that the chunk boundaries (where the
 * drained end is decided, end_when_drained) stay those of the run chunk
 * by chunk: that holds when no boundary falls inside a tick's handling,
 * checked over a period of the ticks' phase against the chunks (tick_ns a
 * multiple or a divisor of TB_CHUNK_NS; otherwise no skip).  true if it
 * skipped. */
static bool idle_skip(TbSim *sim, uint64_t end)
{
    TbCpu *c = sim->host[0]->cpu;
    uint64_t now = sim->eng->now, h, n, m, p = c->tick_ns;
    uint64_t busy = tb_cpu_tick_busy_ns(c);

    h = sim->smp ? tb_smp_idle_horizon(sim->smp, sim->idle_seq)
                 : tb_cpu_idle_horizon(c);
    if (h <= now + 2 * TB_CHUNK_NS) {
        return false;
    }
    h = h - 1 < end ? h - 1 : end;   /* the last boundary is before h */
    n = (h - now) / TB_CHUNK_NS;
    if (TB_CHUNK_NS % p == 0) {
        m = 1;
    } else if (p % TB_CHUNK_NS == 0) {
        m = p / TB_CHUNK_NS;
    } else {
        return false;
    }
    for (uint64_t k = 1; k <= m && k <= n; k++) {
        uint64_t ph = (now + k * TB_CHUNK_NS) % p;
        if (ph > 0 && ph < busy) {
            return false;
        }
    }
    if (n < 2) {
        return false;
    }
    if (sim->smp) {
        tb_smp_idle_skip(sim->smp, sim->idle_seq, now + n * TB_CHUNK_NS);
    } else {
        tb_cpu_idle_skip(c, now + n * TB_CHUNK_NS);
    }
    return true;
}

/* Run in chunks of at most TB_CHUNK_NS until the end.  0, or -1 and *err
 * on a traffic source read error. */
static int run_to_end(TbSim *sim, uint64_t end, char **err)
{
    TbEngine *e = sim->eng;
    uint64_t next_prog = 0;
    while ((end = end_when_drained(sim, end)) > e->now) {
        uint64_t chunk = e->now + TB_CHUNK_NS;
        if (idle_skip(sim, end)) {
            chunk = e->now;
        }
        if (chunk > end) {
            chunk = end;
        }
        if (sim->smp) {
            tb_smp_run(sim->smp, chunk);
        } else {
            tb_cpu_run(sim->host[0]->cpu, chunk);
        }
        if (sim->src_err) {
            *err = sim->src_err;
            sim->src_err = NULL;
            return -1;
        }
        if (sim->prog_fn && e->now >= next_prog) {
            sim->prog_fn(sim->prog_ctx, e->now, end == TB_NEVER ? 0 : end);
            next_prog = e->now + 10 * TB_CHUNK_NS;
        }
    }
    return 0;
}

/* The end of host @h: in lock-step, its CPU times and sim_ns are those
 * of now (the fold below runs outside the lock-step, on its boot CPU).
 * The driver folds the hardware counters in, as its watchdog would
 * (process context, CPU time charged; no interrupts), which moves the
 * clock on: the next host's end comes that much later. */
static void end_host(TbHost *h)
{
    TbEngine *e = h->eng;
    if (h->sim->smp) {
        for (uint32_t j = 0; j < h->ncpus; j++) {
            tb_cpu_times_at(h->cpus[j], e->now, h->frozen_ct[j]);
        }
        h->frozen_ns = e->now;
        h->frozen = true;
    }
    h->cpu->irq_off++;
    h->cpu->ctx = TB_CTX_PROCESS;
    for (uint32_t i = 0; i < h->nnics; i++) {
        if (h->nic[i]->drv) {
            h->nic[i]->type->update_stats(h->nic[i]->drv);
        }
    }
    h->cpu->ctx = TB_CTX_IDLE;
    h->cpu->irq_off--;
    tb_host_fill_results(h);
}

/* The end of the run: no more traffic, the netperf test's final count,
 * each host's end in turn. */
static void end_run(TbSim *sim)
{
    sim->ended = true;
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        sim->host[i]->ended = true;
    }
    tb_netperf_finish(sim->netperf);
    for (uint32_t i = 0; i < sim->nstreams; i++) {
        tb_netperf_finish(sim->stream[i]);
    }
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        end_host(sim->host[i]);
    }
}

int tb_sim_run(TbSim *sim, char **err)
{
    TbEngine *e = sim->eng;
    const TbRunCfg *run = &sim->t.host[0].run;
    uint64_t end = run->duration_ns ? sim->epoch + run->duration_ns
                                    : TB_NEVER;

    if (sim->ran) {
        *err = g_strdup("tb_sim_run: a run can be made only once");
        return -1;
    }
    sim->ran = true;
    sim->sample_ns = run->sample_ns;
    sim->sample_end = end;
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        if (sim->host[i]->sample_fn) {
            /* the first call, at host ready, is the baseline */
            tb_engine_schedule(e, sim->epoch, tb_host_sample_event,
                               sim->host[i], 0);
        }
    }
    if (run_to_end(sim, end, err)) {
        for (uint32_t i = 0; i < sim->nhosts; i++) {
            tb_host_fill_results(sim->host[i]);
        }
        return -1;
    }
    end_run(sim);
    if (g_getenv("TB_DEBUG_ENGINE")) {
        fprintf(stderr, "events %llu cancelled %llu heap %u\n",
                (unsigned long long)e->executed,
                (unsigned long long)e->cancelled, e->nheap);
    }
    if (sim->prog_fn) {
        sim->prog_fn(sim->prog_ctx, e->now, e->now);
    }
    return 0;
}

/* ---- the CPU profile ---- */

void tb_sim_profile_start(TbSim *sim)
{
    for (uint32_t h = 0; h < sim->nhosts; h++) {
        for (uint32_t c = 0; c < sim->host[h]->ncpus; c++) {
            tb_cpu_acct_start(sim->host[h]->cpus[c]);
        }
    }
}

uint32_t tb_sim_cpus(const TbSim *sim, uint32_t h)
{
    return sim->host[h]->ncpus;
}

const TbCpuAcct *tb_sim_cpu_acct(const TbSim *sim, uint32_t h, uint32_t c)
{
    return sim->host[h]->cpus[c]->acct;
}

const uint64_t *tb_sim_ctx_ns(const TbSim *sim, uint32_t h, uint32_t c)
{
    return sim->host[h]->cpus[c]->ctx_ns;
}

const uint64_t *tb_sim_cost_ns(const TbSim *sim, uint32_t h)
{
    return sim->host[h]->cpu->cost_ns;
}

double tb_sim_mhz(const TbSim *sim, uint32_t h)
{
    return sim->host[h]->prof.mhz;
}

/* ---- after the run ---- */

const TbTopology *tb_sim_topology(const TbSim *sim)
{
    return &sim->t;
}

uint32_t tb_sim_hosts(const TbSim *sim)
{
    return sim->nhosts;
}

const TbResults *tb_sim_results(const TbSim *sim, uint32_t h)
{
    return &sim->host[h]->res;
}

const TbLink *tb_sim_link(const TbSim *sim, uint32_t i)
{
    return sim->link[i];
}

const TbSwitch *tb_sim_switch(const TbSim *sim, uint32_t i)
{
    return sim->sw[i];
}

const TbNetperf *tb_sim_stream(const TbSim *sim, uint32_t i)
{
    return sim->stream[i];
}

const TbNetperf *tb_sim_netperf(const TbSim *sim)
{
    return sim->netperf;
}

TbKernel *tb_sim_kernel(const TbSim *sim, uint32_t h)
{
    return sim->host[h]->k;
}

const char *tb_sim_log_line(const TbSim *sim, uint32_t h, uint32_t i)
{
    const TbKernel *k = sim->host[h]->k;
    return k ? tb_klog_line(k, i) : NULL;
}

uint64_t tb_sim_log_count(const TbSim *sim, uint32_t h,
                          uint64_t *tx_timeouts, uint64_t *link_up)
{
    const TbKernel *k = sim->host[h]->k;
    if (!k) {
        return 0;
    }
    if (tx_timeouts) {
        *tx_timeouts = k->log_tx_timeout;
    }
    if (link_up) {
        *link_up = k->log_link_up;
    }
    return k->log_count;
}

void tb_sim_free(TbSim *sim)
{
    if (!sim) {
        return;
    }
    /* teardown must not run events or interrupts any more */
    tb_engine_clear(sim->eng);
    tb_netperf_free(sim->netperf);
    for (uint32_t i = 0; i < sim->nstreams; i++) {
        tb_netperf_free(sim->stream[i]);
    }
    g_free(sim->stream);
    for (uint32_t i = 0; i < sim->nlinks; i++) {
        tb_link_detach(sim->link[i]);
    }
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        tb_host_remove_drivers(sim->host[i]);
    }
    tb_engine_clear(sim->eng);   /* what the drivers' close left due */
    for (uint32_t i = 0; i < sim->nhosts; i++) {
        tb_host_free(sim->host[i]);
    }
    for (uint32_t i = 0; i < sim->nlinks; i++) {
        tb_link_free(sim->link[i]);
    }
    for (uint32_t i = 0; i < sim->nswitches; i++) {
        tb_switch_free(sim->sw[i]);
    }
    g_free(sim->sw);
    tb_smp_free(sim->smp);
    tb_engine_free(sim->eng);
    tb_topology_clear(&sim->t);
    g_free(sim->host);
    g_free(sim->link);
    g_free(sim->idle_seq);
    g_free(sim->src_err);
    g_free(sim);
}
