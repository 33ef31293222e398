/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Results of a run (sim_int.h): TbResults filled from the kernel model,
 * the CPUs, the driver and device-model instances and the traffic
 * sources; and the CSV sampler, an engine event that hands a copy of the
 * cumulative results to the sample callback at every interval boundary.
 */
#include <glib.h>
#include <string.h>

#include "sim/sim_int.h"

/* Kernel counters (CPU 0's softnet and softirq counters: one CPU). */
static void fill_host(TbSim *sim, TbResults *r)
{
    const TbKernel *k = sim->k;
    r->backlog_drops = k->backlog_drops;
    r->no_route = k->no_route;
    r->ip_dropped = k->ip_dropped;
    r->local_delivered = k->local_delivered;
    r->sink_datagrams = k->sink.datagrams;
    r->sink_bytes = k->sink.bytes;
    r->sink_drops = k->sink.drops;
    r->time_squeeze = k->time_squeeze;
    r->ksoftirqd_wakeups = sim->cpu->ksoftirqd_wakeups;
    r->softirq_runs = sim->cpu->softirq_runs;
    r->skb_alloc_failed = k->arena.alloc_fail;
}

static void set_cpu_time(TbCpuTime *t, const uint64_t ct[TB_CTX_COUNT])
{
    t->hardirq = ct[TB_CTX_HARDIRQ];
    t->softirq = ct[TB_CTX_SOFTIRQ];
    t->process = ct[TB_CTX_PROCESS];
    t->idle = ct[TB_CTX_IDLE];
}

/* SMP: per-CPU times (those frozen at the end of the run, if it has
 * ended), their sum into @ct, and the softnet and softirq counters
 * summed over the CPUs. */
static void fill_smp(TbSim *sim, TbResults *r, uint64_t ct[TB_CTX_COUNT])
{
    memset(ct, 0, TB_CTX_COUNT * sizeof(ct[0]));
    if (sim->frozen) {
        r->sim_ns = sim->frozen_ns;
    }
    r->backlog_drops = r->time_squeeze = 0;
    r->ksoftirqd_wakeups = r->softirq_runs = 0;
    for (uint32_t j = 0; j < sim->ncpus; j++) {
        uint64_t cj[TB_CTX_COUNT];
        if (sim->frozen) {
            memcpy(cj, sim->frozen_ct[j], sizeof(cj));
        } else {
            tb_cpu_times_at(sim->cpus[j], sim->eng->now, cj);
        }
        for (int x = 0; x < TB_CTX_COUNT; x++) {
            ct[x] += cj[x];
        }
        set_cpu_time(&r->cpus[j], cj);
        const TbSoftnet *sd = sim->k->sdv[j];
        r->backlog_drops += sd->backlog_drops;
        r->time_squeeze += sd->time_squeeze;
        r->ksoftirqd_wakeups += sim->cpus[j]->ksoftirqd_wakeups;
        r->softirq_runs += sim->cpus[j]->softirq_runs;
    }
}

static void fill_cpus(TbSim *sim, TbResults *r)
{
    uint64_t ct[TB_CTX_COUNT];
    r->ncpus = sim->ncpus;
    if (sim->smp) {
        fill_smp(sim, r, ct);
    } else {
        tb_cpu_times_at_now(sim->cpu, ct);   /* exact also inside a charge */
    }
    set_cpu_time(&r->cpu, ct);
    if (!sim->smp) {
        r->cpus[0] = r->cpu;
    }
}

static void fill_iface(const struct e1k_os *os, TbIfaceResult *f)
{
    g_strlcpy(f->name, os->nd.name, sizeof(f->name));
    f->irq = os->irq;
    f->interrupts = os->line > 0 ? os->irq_cpu->line[os->line].count : 0;
    f->cpu = os->irq_cpu ? os->irq_cpu->id : 0;
    if (os->ad) {
        e1k_drv_get_stats64(os->ad, &f->stats);
        e1k_drv_get_counters(os->ad, &f->drv);
    }
    if (os->hw) {
        e1k_totals(os->hw, &f->nic);
    }
    f->qdisc_drops = os->nd.qdisc_drops;
    f->tx_timeouts = os->nd.tx_timeouts;
    if (os->ad) {
        e1k_drv_get_ethtool_stats(os->ad, f->tx_timeouts, f->ethtool);
    }
    f->wire_tx_frames = os->wire_tx_frames;
    f->wire_tx_bytes = os->wire_tx_bytes;
}

void tb_sim_fill_results(TbSim *sim)
{
    TbResults *r = &sim->res;
    r->sim_ns = sim->eng->now;
    fill_host(sim, r);
    fill_cpus(sim, r);
    r->niface = sim->nnics;
    r->forwarded = 0;
    for (uint32_t i = 0; i < sim->nnics; i++) {
        fill_iface(&sim->os[i], &r->iface[i]);
        r->forwarded += sim->os[i].wire_tx_frames;
    }
    /* frames the host's own sockets sent are not forwarded ones (a frame
     * still in a TX ring at the end has not left: saturate at 0) */
    r->forwarded -= r->forwarded < sim->k->local_out ? r->forwarded
                                                     : sim->k->local_out;
    r->nsources = sim->nsrc;
    for (uint32_t i = 0; i < sim->nsrc; i++) {
        tb_source_stats(sim->src[i], &r->source[i]);
    }
}

/* The boundary of the next sample: the next one, or, when one CPU is idle
 * with only its ticks due until a horizon (cpu.h), the last boundary
 * before it (and not past the end of the samples): the intervals in
 * between are quiet, one CSV row covers them (report_csv.c), so they need
 * no sample and the idle stretch is skipped whole. */
static uint64_t next_sample(TbSim *sim)
{
    uint64_t now = sim->eng->now, step = sim->sample_ns;
    uint64_t h = sim->smp ? now : tb_cpu_idle_horizon(sim->cpu);

    if (h > sim->sample_end) {
        h = sim->sample_end == TB_NEVER ? h : sim->sample_end + 1;
    }
    if (h <= now + step) {
        return now + step;
    }
    return now + (h - 1 - now) / step * step;
}

/* The CSV sampler: an engine event at every interval boundary
 * (epoch + k * sample_ns), so each sample is taken at exactly its
 * boundary, also in the middle of a long charge (softirq run, process
 * step).  It only reads cumulative counters and schedules its successor:
 * the other events keep their relative order (sequence numbers stay
 * increasing), so results are the same with and without sampling. */
void tb_sim_sample_event(void *ctx, uint64_t arg)
{
    (void)arg;
    TbSim *sim = ctx;
    uint64_t now = sim->eng->now;
    if (sim->ended || now > sim->sample_end) {
        return;
    }
    /* the final statistics are left alone: fill a copy */
    TbResults keep = sim->res;
    tb_sim_fill_results(sim);
    TbResults snap = sim->res;
    sim->res = keep;
    sim->sample_fn(sim->sample_ctx, &snap);
    tb_engine_schedule(sim->eng, next_sample(sim), tb_sim_sample_event,
                       sim, 0);
}
