/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Results of a host of a run (sim_int.h): TbResults filled from its
 * kernel model, its CPUs, its NICs' driver and device-model instances
 * (through their type, nic.h) and its traffic sources; and the CSV
 * sampler, an engine event that hands a copy of a host's cumulative
 * results to its sample callback at every interval boundary.
 */
#include <glib.h>
#include <string.h>

#include "sim/sim_int.h"

/* Kernel counters (CPU 0's softnet and softirq counters: one CPU). */
static void fill_host(TbHost *h, TbResults *r)
{
    const TbKernel *k = h->k;
    r->backlog_drops = k->backlog_drops;
    r->no_route = k->no_route;
    r->ip_dropped = k->ip_dropped;
    r->local_delivered = k->local_delivered;
    r->sink_datagrams = k->sink.datagrams;
    r->sink_bytes = k->sink.bytes;
    r->sink_drops = k->sink.drops;
    r->time_squeeze = k->time_squeeze;
    r->ksoftirqd_wakeups = h->cpu->ksoftirqd_wakeups;
    r->softirq_runs = h->cpu->softirq_runs;
    r->skb_alloc_failed = k->arena.alloc_fail;
}

static void set_cpu_time(TbCpuTime *t, const uint64_t ct[TB_CTX_COUNT])
{
    t->hardirq = ct[TB_CTX_HARDIRQ];
    t->softirq = ct[TB_CTX_SOFTIRQ];
    t->process = ct[TB_CTX_PROCESS];
    t->idle = ct[TB_CTX_IDLE];
}

/* In lock-step: per-CPU times (those frozen at the end of the run, if
 * it has ended), their sum into @ct, and the softnet and softirq
 * counters summed over the CPUs. */
static void fill_smp(TbHost *h, TbResults *r, uint64_t ct[TB_CTX_COUNT])
{
    memset(ct, 0, TB_CTX_COUNT * sizeof(ct[0]));
    if (h->frozen) {
        r->sim_ns = h->frozen_ns;
    }
    r->backlog_drops = r->time_squeeze = 0;
    r->ksoftirqd_wakeups = r->softirq_runs = 0;
    for (uint32_t j = 0; j < h->ncpus; j++) {
        uint64_t cj[TB_CTX_COUNT];
        if (h->frozen) {
            memcpy(cj, h->frozen_ct[j], sizeof(cj));
        } else {
            tb_cpu_times_at(h->cpus[j], h->eng->now, cj);
        }
        for (int x = 0; x < TB_CTX_COUNT; x++) {
            ct[x] += cj[x];
        }
        set_cpu_time(&r->cpus[j], cj);
        const TbSoftnet *sd = h->k->sdv[j];
        r->backlog_drops += sd->backlog_drops;
        r->time_squeeze += sd->time_squeeze;
        r->ksoftirqd_wakeups += h->cpus[j]->ksoftirqd_wakeups;
        r->softirq_runs += h->cpus[j]->softirq_runs;
    }
}

static void fill_cpus(TbHost *h, TbResults *r)
{
    uint64_t ct[TB_CTX_COUNT];
    bool lockstep = h->sim->smp != NULL;
    r->ncpus = h->ncpus;
    if (lockstep) {
        fill_smp(h, r, ct);
    } else {
        tb_cpu_times_at_now(h->cpu, ct);   /* exact also inside a charge */
    }
    set_cpu_time(&r->cpu, ct);
    if (!lockstep) {
        r->cpus[0] = r->cpu;
    }
}

/* Interface results of @nic: its first vector's line (the one of INTx),
 * the driver's and the device's counters. */
static void fill_iface(const TbNic *nic, TbIfaceResult *f)
{
    const TbNicVec *v = &nic->vec[0];
    g_strlcpy(f->name, nic->nd.name, sizeof(f->name));
    f->irq = v->irq;
    f->interrupts = 0;
    for (uint32_t i = 0; i < nic->nvec; i++) {
        v = &nic->vec[i];
        f->interrupts += v->line > 0 ? v->irq_cpu->line[v->line].count : 0;
    }
    v = &nic->vec[0];
    f->cpu = v->irq_cpu ? v->irq_cpu->id : 0;
    f->nqueues = 0;
    if (nic->drv) {
        nic->type->get_stats64(nic->drv, &f->stats);
        nic->type->get_counters(nic->drv, &f->drv);
        f->nqueues = nic->type->queue_stats(nic->drv, f->queue,
                                            TB_MAX_QUEUES);
    }
    for (uint32_t q = 0; q < f->nqueues; q++) {
        f->queue[q].cpu = nic->vec[q].irq_cpu ? nic->vec[q].irq_cpu->id : 0;
    }
    if (nic->dev) {
        nic->type->totals(nic->dev, &f->nic);
    }
    f->qdisc_drops = nic->nd.qdisc_drops;
    f->tx_timeouts = nic->nd.tx_timeouts;
    if (nic->drv) {
        nic->type->get_ethtool(nic->drv, f->tx_timeouts, f->ethtool);
    }
    f->wire_tx_frames = nic->wire_tx_frames;
    f->wire_tx_bytes = nic->wire_tx_bytes;
}

void tb_host_fill_results(TbHost *h)
{
    TbResults *r = &h->res;
    r->sim_ns = h->eng->now;
    fill_host(h, r);
    fill_cpus(h, r);
    r->niface = h->nnics;
    r->forwarded = 0;
    for (uint32_t i = 0; i < h->nnics; i++) {
        fill_iface(h->nic[i], &r->iface[i]);
        r->forwarded += h->nic[i]->wire_tx_frames;
    }
    /* frames the host's own sockets sent are not forwarded ones (a frame
     * still in a TX ring at the end has not left: saturate at 0) */
    r->forwarded -= r->forwarded < h->k->local_out ? r->forwarded
                                                   : h->k->local_out;
    r->nsources = h->nsrc;
    for (uint32_t i = 0; i < h->nsrc; i++) {
        tb_source_stats(h->src[i], &r->source[i]);
    }
}

/* @h's cumulative results now into *@out; its final ones left alone. */
static void fill_copy(TbHost *h, TbResults *out)
{
    TbResults keep = h->res;
    tb_host_fill_results(h);
    *out = h->res;
    h->res = keep;
}

void tb_sim_results_now(TbSim *sim, uint32_t h, TbResults *out)
{
    fill_copy(sim->host[h], out);
}

/* The boundary of the next sample: the next one, or, when one CPU is idle
 * with only its ticks due until a horizon (cpu.h), the last boundary
 * before it (and not past the end of the samples): the intervals in
 * between are quiet, one CSV row covers them (report_csv.c), so they need
 * no sample and the idle stretch is skipped whole. */
static uint64_t next_sample(TbHost *host)
{
    const TbSim *sim = host->sim;
    uint64_t now = host->eng->now, step = sim->sample_ns;
    uint64_t h = sim->smp ? now : tb_cpu_idle_horizon(host->cpu);

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
void tb_host_sample_event(void *ctx, uint64_t arg)
{
    (void)arg;
    TbHost *h = ctx;
    uint64_t now = h->eng->now;
    if (h->ended || now > h->sim->sample_end) {
        return;
    }
    TbResults snap;
    fill_copy(h, &snap);
    h->sample_fn(h->sample_ctx, &snap);
    tb_engine_schedule(h->eng, next_sample(h), tb_host_sample_event, h, 0);
}
