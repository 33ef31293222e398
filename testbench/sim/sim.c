/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One testbench run (sim.h): its life cycle.  Building it reads top-down
 * as the steps below; each step lives in the file named beside it
 * (sim_int.h has the shared state):
 *   load the cost profile, build the host (engine, CPUs, kernel;
 *   sim_host.c), size its memory and add the routes (sim_host.c), add the
 *   NICs (device model + driver, at time 0 in process context;
 *   sim_nic.c), wait (at most 100 ms) until every link is up, declare the
 *   host ready (that instant is the epoch, TbResults.init_ns; the other
 *   CPUs start), start the traffic (sim_traffic.c).
 * The driver's msleep()s let virtual time pass during the NIC step
 * (EEPROM bit-banging: ~0.23 s per NIC).  Traffic times (start_ns and the
 * sources' arrival times) and run.duration_ns count from the epoch;
 * reported times (sim_ns, offer window, samples) are absolute.
 *
 * The scenario comes from the loader (scenario/scenario_load.c), which
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

/* Host ready: the epoch is now; the other CPUs come up (their ticks
 * start, lock-step begins); CPU shares count from here, not from the
 * driver's init busy-waits. */
static void host_ready(TbSim *sim)
{
    sim->epoch = sim->eng->now;
    sim->res.init_ns = sim->epoch;
    if (sim->smp) {
        for (uint32_t i = 1; i < sim->ncpus; i++) {
            tb_cpu_start(sim->cpus[i]);
        }
        tb_smp_start(sim->smp);
    }
    for (uint32_t i = 0; i < sim->ncpus; i++) {
        memset(sim->cpus[i]->ctx_ns, 0, sizeof(sim->cpus[i]->ctx_ns));
    }
}

TbSim *tb_sim_new(const TbScenario *sc, char **err)
{
    return tb_sim_new_traced(sc, NULL, err);
}

TbSim *tb_sim_new_traced(const TbScenario *sc, FILE *trace_out, char **err)
{
    TbSim *sim;

    if (tb_scenario_testbench_check(sc, err) < 0) {
        return NULL;
    }
    sim = g_new0(TbSim, 1);
    sim->sc = *sc;
    sim->trace_out = trace_out;
    sim->ncpus = sc->host.cpus;
    if (tb_sim_load_profile(sim, err)
        || tb_sim_build_host(sim, err)
        || tb_sim_build_memory_and_routes(sim, err)
        || tb_sim_add_nics(sim, err)) {
        tb_sim_free(sim);
        return NULL;
    }
    tb_sim_wait_for_links(sim);
    host_ready(sim);
    if (tb_sim_start_traffic(sim, err)) {
        tb_sim_free(sim);
        return NULL;
    }
    return sim;
}

void tb_sim_set_sampler(TbSim *sim, TbSampleFn fn, void *ctx)
{
    sim->sample_fn = fn;
    sim->sample_ctx = ctx;
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

/* With no duration, the run ends run.drain_ns after the last offered
 * frame once every source is done; TB_NEVER until then. */
static uint64_t end_when_drained(TbSim *sim, uint64_t end)
{
    TbEngine *e = sim->eng;
    if (end != TB_NEVER || sim->nsrc_live != 0) {
        return end;
    }
    uint64_t last = sim->have_offer ? sim->res.last_offer_ns : e->now;
    end = (last > e->now ? last : e->now) + sim->sc.run.drain_ns;
    sim->sample_end = end;
    return end;
}

/* An idle stretch of the host (only CPU ticks due; cpu.c, smp.c) in
 * closed form, over whole chunks so that the chunk boundaries (where the
 * drained end is decided, end_when_drained) stay those of the run chunk
 * by chunk: that holds when no boundary falls inside a tick's handling,
 * checked over a period of the ticks' phase against the chunks (tick_ns a
 * multiple or a divisor of TB_CHUNK_NS; otherwise no skip).  true if it
 * skipped. */
static bool idle_skip(TbSim *sim, uint64_t end)
{
    TbCpu *c = sim->cpu;
    uint64_t now = sim->eng->now, h, n, m, p = c->tick_ns;
    uint64_t busy = tb_cpu_tick_busy_ns(c), seq[TB_MAX_CPUS];

    h = sim->smp ? tb_smp_idle_horizon(sim->smp, seq)
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
        tb_smp_idle_skip(sim->smp, seq, now + n * TB_CHUNK_NS);
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
            tb_cpu_run(sim->cpu, chunk);
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

/* Final statistics: no more traffic; with SMP, CPU times and sim_ns are
 * those of the end of the run (the fold below runs outside the lock-step,
 * on CPU 0).  The driver folds the hardware counters in, as its watchdog
 * would (process context, CPU time charged; no interrupts). */
void tb_sim_end_run(TbSim *sim)
{
    TbEngine *e = sim->eng;
    sim->ended = true;
    if (sim->smp) {
        for (uint32_t j = 0; j < sim->ncpus; j++) {
            tb_cpu_times_at(sim->cpus[j], e->now, sim->frozen_ct[j]);
        }
        sim->frozen_ns = e->now;
        sim->frozen = true;
    }
    sim->cpu->irq_off++;
    sim->cpu->ctx = TB_CTX_PROCESS;
    for (uint32_t i = 0; i < sim->nnics; i++) {
        if (sim->os[i].ad) {
            e1k_drv_update_stats(sim->os[i].ad);
        }
    }
    sim->cpu->ctx = TB_CTX_IDLE;
    sim->cpu->irq_off--;
    tb_sim_fill_results(sim);
}

int tb_sim_run(TbSim *sim, char **err)
{
    TbEngine *e = sim->eng;
    const TbRunCfg *run = &sim->sc.run;
    uint64_t end = run->duration_ns ? sim->epoch + run->duration_ns
                                    : TB_NEVER;

    if (sim->ran) {
        *err = g_strdup("tb_sim_run: a run can be made only once");
        return -1;
    }
    sim->ran = true;
    sim->sample_ns = run->sample_ns;
    sim->sample_end = end;
    if (sim->sample_fn) {
        /* the first call, at host ready, is the baseline */
        tb_engine_schedule(e, sim->epoch, tb_sim_sample_event, sim, 0);
    }
    if (run_to_end(sim, end, err)) {
        tb_sim_fill_results(sim);
        return -1;
    }
    tb_sim_end_run(sim);
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

/* ---- after the run ---- */

const TbResults *tb_sim_results(const TbSim *sim)
{
    return &sim->res;
}

const char *tb_sim_log_line(const TbSim *sim, uint32_t i)
{
    return sim->k ? tb_klog_line(sim->k, i) : NULL;
}

uint64_t tb_sim_log_count(const TbSim *sim, uint64_t *tx_timeouts,
                          uint64_t *link_up)
{
    if (!sim->k) {
        return 0;
    }
    if (tx_timeouts) {
        *tx_timeouts = sim->k->log_tx_timeout;
    }
    if (link_up) {
        *link_up = sim->k->log_link_up;
    }
    return sim->k->log_count;
}

void tb_sim_free(TbSim *sim)
{
    if (!sim) {
        return;
    }
    if (sim->eng && sim->cpu) {
        /* teardown must not run events or interrupts any more */
        tb_engine_clear(sim->eng);
        sim->cpu->irq_off = 1;
        sim->cpu->ctx = TB_CTX_PROCESS;
    }
    for (uint32_t i = 0; i < TB_MAX_NICS; i++) {
        if (sim->os[i].ad) {
            e1k_drv_remove(sim->os[i].ad);
        }
        e1k_free(sim->os[i].hw);
    }
    for (uint32_t i = 0; i < TB_MAX_SOURCES; i++) {
        tb_source_free(sim->src[i]);
    }
    tb_kernel_free(sim->k);
    if (!sim->shared) {
        tb_smp_free(sim->smp);
    }
    for (uint32_t i = 1; i < TB_MAX_CPUS; i++) {
        tb_cpu_free(sim->cpus[i]);
    }
    tb_cpu_free(sim->cpu);
    if (!sim->shared) {
        tb_engine_free(sim->eng);
    }
    g_free(sim->src_err);
    g_free(sim);
}
