/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One testbench run (sim.h): engine + CPU + kernel, per NIC a device-model
 * instance over the host arena and a driver adapter, traffic sources with
 * one pending arrival event each, sampling, end condition and results.
 *
 * Init sequence (time 0, process context, before any traffic): the timer
 * tick starts; per NIC: e1k_new (link up, autonegotiation shortened to
 * TB_AUTONEG_NS), e1k_drv_probe, register the IRQ line, e1k_drv_open,
 * dev_open, driver watchdog armed (2 s).  The driver's msleep()s let
 * virtual time pass (EEPROM bit-banging: ~0.23 s per NIC).  Then the run
 * waits (at most 100 ms) until every link is up: that instant is the
 * "host ready" epoch (TbResults.init_ns).  Traffic times (start_ns and
 * the sources' arrival times) and run.duration_ns count from the epoch;
 * reported times (sim_ns, offer window, samples) are absolute.
 */
#include "sim/sim.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "sim/cpu.h"
#include "sim/engine.h"
#include "kernel/kernel.h"
#include "sim/profile.h"
#include "sim/smp.h"
#include "sim/tb_host.h"
#include "e1000_regs.h"

/** Autonegotiation time given to the device model, ns (real PHYs take
 *  0.5-3 s; shortened so runs need not simulate idle seconds). */
#define TB_AUTONEG_NS 1000000ull
/** Longest wait for links to come up after init, ns. */
#define TB_LINK_WAIT_NS 100000000ull
/** Top-level loop granularity when nothing else bounds a chunk, ns. */
#define TB_CHUNK_NS 1000000ull

struct TbSim {
    TbScenario sc;
    TbProfile prof;
    TbEngine *eng;
    TbCpu *cpu;               /* CPU 0, the boot CPU */
    TbCpu *cpus[TB_MAX_CPUS];
    uint32_t ncpus;
    TbSmp *smp;               /* NULL with one CPU */
    bool frozen;              /* SMP end: CPU times fixed at frozen_ns */
    uint64_t frozen_ns;
    uint64_t frozen_ct[TB_MAX_CPUS][TB_CTX_COUNT];
    TbKernel *k;
    struct e1k_os os[TB_MAX_NICS];
    uint32_t nnics;
    TbSource *src[TB_MAX_SOURCES];
    bool src_done[TB_MAX_SOURCES];
    const uint8_t *pend_frame[TB_MAX_SOURCES];
    uint32_t pend_len[TB_MAX_SOURCES];
    uint32_t nsrc;
    uint32_t nsrc_live;
    char *src_err;            /* first source read error */
    bool have_offer;
    TbResults res;
    TbSampleFn sample_fn;
    void *sample_ctx;
    TbTxHookFn tx_fn;
    void *tx_ctx;
    TbProgressFn prog_fn;
    void *prog_ctx;
    bool ran;
    uint64_t epoch;           /* host ready: traffic time 0, ns */
    bool ended;               /* the run is over: arrivals are ignored */
    uint64_t sample_ns;       /* CSV sample interval, ns */
    uint64_t sample_end;      /* no sample after this time (TB_NEVER) */
};

/* ---- device port ---- */

static int port_dma_read(void *opaque, uint64_t addr, void *buf, uint32_t len)
{
    struct e1k_os *os = opaque;
    return tb_arena_dma_read(&os->k->arena, addr, buf, len);
}

static int port_dma_write(void *opaque, uint64_t addr, const void *buf,
                          uint32_t len)
{
    struct e1k_os *os = opaque;
    return tb_arena_dma_write(&os->k->arena, addr, buf, len);
}

static void port_set_irq(void *opaque, int level)
{
    struct e1k_os *os = opaque;
    if (os->line > 0) {
        tb_cpu_set_irq(os->irq_cpu, os->line, level);
    }
}

static uint64_t port_now(void *opaque)
{
    struct e1k_os *os = opaque;
    return os->cpu->eng->now;
}

/* The NIC's deadline lives in one fixed engine timer: moving it costs no
 * heap work and leaves no stale events. */
static void set_deadline(struct e1k_os *os, uint64_t d)
{
    TbEngine *e = os->cpu->eng;
    if (d == E1K_NO_DEADLINE) {
        tb_engine_timer_cancel(e, os->dl_timer);
    } else {
        tb_engine_timer_set(e, os->dl_timer, d);
    }
}

static void port_deadline_changed(void *opaque, uint64_t deadline_ns)
{
    set_deadline(opaque, deadline_ns);
}

static void deadline_event(void *ctx, uint64_t arg)
{
    (void)arg;
    struct e1k_os *os = ctx;
    uint64_t now = os->cpu->eng->now;
    e1k_run_until(os->hw, now);
    uint64_t d = e1k_next_deadline(os->hw);
    if (d != E1K_NO_DEADLINE && d <= now) {
        d = now + 1;   /* never spin at one instant */
    }
    set_deadline(os, d);
}

static void port_tx_frame(void *opaque, const uint8_t *frame, uint32_t len)
{
    struct e1k_os *os = opaque;
    TbSim *sim = os->sim;
    os->wire_tx_frames++;
    os->wire_tx_bytes += len + 4u;
    if (sim->tx_fn) {
        sim->tx_fn(sim->tx_ctx, os->nic, os->cpu->eng->now, frame, len);
    }
}

/* smp.c: CPU @c runs from now on; the kernel's and every NIC glue's
 * "current CPU" follow it. */
static void smp_switch_cb(void *ctx, TbCpu *c)
{
    TbSim *sim = ctx;
    tb_kernel_set_cpu(sim->k, c);
    for (uint32_t i = 0; i < TB_MAX_NICS; i++) {
        sim->os[i].cpu = c;
    }
}

/* ---- traffic ---- */

static void arrival_event(void *ctx, uint64_t arg);

/* Fetch the next frame of source @i and schedule its arrival. */
static void source_advance(TbSim *sim, uint32_t i)
{
    uint64_t t;
    const uint8_t *frame;
    uint32_t len;
    char *err = NULL;
    int rc = tb_source_next(sim->src[i], &t, &frame, &len, &err);
    if (rc == 1) {
        sim->pend_frame[i] = frame;
        sim->pend_len[i] = len;
        tb_engine_schedule(sim->eng, sim->epoch + t, arrival_event, sim, i);
        return;
    }
    if (rc < 0 && !sim->src_err) {
        sim->src_err = err ? err : g_strdup("traffic source read error");
    } else {
        g_free(err);
    }
    sim->src_done[i] = true;
    sim->nsrc_live--;
}

static void arrival_event(void *ctx, uint64_t arg)
{
    TbSim *sim = ctx;
    uint32_t i = (uint32_t)arg;
    TbResults *r = &sim->res;
    uint64_t now = sim->eng->now;
    int nic = sim->sc.traffic[i].nic;
    if (sim->ended) {
        return;   /* after the end: nothing more is offered */
    }
    uint32_t len = sim->pend_len[i];

    r->offered++;
    r->offered_bytes += len + 4u;
    if (!sim->have_offer) {
        r->first_offer_ns = now;
        sim->have_offer = true;
    }
    r->last_offer_ns = now;
    switch (e1k_receive(sim->os[nic].hw, sim->pend_frame[i], len)) {
    case E1K_RX_QUEUED:
        r->rx_queued++;
        break;
    case E1K_RX_FILTERED:
        r->rx_filtered++;
        break;
    case E1K_RX_DISABLED:
        r->rx_disabled++;
        break;
    case E1K_RX_OVERRUN:
        r->rx_overrun++;
        break;
    default:
        r->rx_bad_size++;
        break;
    }
    source_advance(sim, i);
}

/* ---- construction ---- */

static char *nic_err(const TbNicCfg *n, const char *what, TbKernel *k)
{
    const char *last = k ? tb_klog_line(k, 0) : NULL;
    return g_strdup_printf("%s: %s%s%s", n->name, what,
                           last ? ": " : "", last ? last : "");
}

TbSim *tb_sim_new(const TbScenario *scin, char **err)
{
    TbSim *sim = g_new0(TbSim, 1);
    TbScenario *sc = &sim->sc;
    *sc = *scin;
    const TbHostCfg *h = &sc->host;

    sim->ncpus = h->cpus ? h->cpus : 1;
    if (sim->ncpus > TB_MAX_CPUS) {
        *err = g_strdup_printf("host.cpus = %u: need 1..%d", h->cpus,
                               TB_MAX_CPUS);
        goto fail;
    }
    if (h->sink_cpu >= sim->ncpus) {
        *err = g_strdup_printf("host.sink_cpu = %u: the host has %u CPU%s",
                               h->sink_cpu, sim->ncpus,
                               sim->ncpus > 1 ? "s" : "");
        goto fail;
    }
    for (uint32_t i = 0; i < sc->nnics && i < TB_MAX_NICS; i++) {
        if (sc->nic[i].cpu_plus1 > sim->ncpus) {
            *err = g_strdup_printf("nic.%s.cpu = %u: the host has %u CPU%s",
                                   sc->nic[i].name, sc->nic[i].cpu_plus1 - 1,
                                   sim->ncpus, sim->ncpus > 1 ? "s" : "");
            goto fail;
        }
    }
    if (sc->nnics == 0 || sc->nnics > TB_MAX_NICS) {
        *err = g_strdup_printf("%u NICs: need 1..%d", sc->nnics,
                               TB_MAX_NICS);
        goto fail;
    }
    for (uint32_t i = 0; i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        if (t->nic < 0 || (uint32_t)t->nic >= sc->nnics) {
            *err = g_strdup_printf("traffic%s%s: NIC index %d out of range",
                                   t->name[0] ? "." : "", t->name, t->nic);
            goto fail;
        }
        if (t->kind == TB_TRAFFIC_PKTGEN && t->count == 0
            && sc->run.duration_ns == 0) {
            *err = g_strdup_printf("traffic%s%s: no end (set traffic count "
                                   "or run duration)", t->name[0] ? "." : "",
                                   t->name);
            goto fail;
        }
    }

    /* profile */
    char *path = h->profile_path[0]
                 ? g_strdup(h->profile_path)
                 : tb_profile_find(h->profile[0] ? h->profile : "piii-933",
                                   sc->file);
    if (!path) {
        *err = g_strdup_printf("host.profile '%s': no profiles/%s.ini found "
                               "(set E1KLAB_PROFILE_DIR or host.profile_path)",
                               h->profile, h->profile);
        goto fail;
    }
    int prc = tb_profile_load(&sim->prof, path, h->cpu_mhz, err);
    g_free(path);
    if (prc) {
        goto fail;
    }

    sim->eng = tb_engine_new();
    sim->cpu = tb_cpu_new(sim->eng, &sim->prof, h->hz ? h->hz : 1000,
                          h->max_softirq_restart, h->max_softirq_time_us);
    TbKernelCfg kc = {
        .netdev_budget = h->netdev_budget,
        .netdev_budget_usecs = h->netdev_budget_usecs,
        .netdev_max_backlog = h->netdev_max_backlog,
        .dev_weight = h->dev_weight,
        .ip_forward = h->ip_forward,
        .netif_rx_throttle = h->netif_rx_throttle,
        .sink_port = h->sink_udp_port,
        .sink_rcvbuf = h->sink_rcvbuf,
        .sink_read_size = h->sink_read_size,
    };
    sim->k = tb_kernel_new(sim->cpu, &kc);
    sim->k->log_stderr = g_getenv("E1KLAB_DMESG") != NULL;
    sim->cpus[0] = sim->cpu;
    if (sim->ncpus > 1) {
        static const char *const kname[TB_MAX_CPUS] = {
            "ksoftirqd/0", "ksoftirqd/1", "ksoftirqd/2", "ksoftirqd/3",
            "ksoftirqd/4", "ksoftirqd/5", "ksoftirqd/6", "ksoftirqd/7"};
        for (uint32_t i = 1; i < sim->ncpus; i++) {
            sim->cpus[i] = tb_cpu_new(sim->eng, &sim->prof,
                                      h->hz ? h->hz : 1000,
                                      h->max_softirq_restart,
                                      h->max_softirq_time_us);
            sim->cpus[i]->ksoftirqd.name = kname[i];
        }
        sim->smp = tb_smp_new(sim->eng, sim->cpus, sim->ncpus,
                              smp_switch_cb, sim);
        if (!sim->smp) {
            *err = g_strdup("host.cpus: cannot set up the CPUs");
            goto fail;
        }
        for (uint32_t i = 1; i < sim->ncpus; i++) {
            tb_kernel_add_cpu(sim->k, sim->cpus[i]);
        }
        tb_sink_pin(sim->k, sim->cpus[h->sink_cpu]);
    }

    /* arena: rings (twice, for resets) + every place an skb can wait */
    uint64_t nskb = 256, coh = 65536;
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        uint32_t rx = n->drv.RxDescriptors ? n->drv.RxDescriptors : 4096;
        uint32_t tx = n->drv.TxDescriptors ? n->drv.TxDescriptors : 4096;
        nskb += 2ull * rx + tx + (n->txqueuelen ? n->txqueuelen : 1000);
        coh += 2ull * ((rx * 16ull + TB_PAGE - 1) / TB_PAGE * TB_PAGE
                       + (tx * 16ull + TB_PAGE - 1) / TB_PAGE * TB_PAGE);
    }
    nskb += (h->netdev_max_backlog ? h->netdev_max_backlog : 1000) + 1;
    nskb += sim->k->sink.rcvbuf / TB_SKB_TRUESIZE + 1;
    if (tb_arena_init(&sim->k->arena, coh, (uint32_t)nskb, err)) {
        goto fail;
    }

    for (uint32_t i = 0; i < sc->nroutes; i++) {
        const TbRouteCfg *rt = &sc->route[i];
        if (rt->nic < 0 || (uint32_t)rt->nic >= sc->nnics
            || tb_route_add(sim->k, rt->prefix, rt->prefix_len, rt->nic)) {
            *err = g_strdup_printf("route %u: bad NIC index or prefix", i);
            goto fail;
        }
    }

    /* NICs and drivers, at time 0 in process context */
    tb_cpu_start(sim->cpu);
    sim->cpu->ctx = TB_CTX_PROCESS;
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        struct e1k_os *os = &sim->os[i];
        os->sim = sim;
        os->nic = (int)i;
        if (tb_os_init(os, sim->k, n->name, n->drv.weight, n->txqueuelen)) {
            *err = nic_err(n, "cannot register", NULL);
            goto fail;
        }
        memcpy(os->nd.peer_mac, n->peer_mac, 6);
        os->nd.ip = n->ip;
        os->irq = n->irq;
        os->readl_ns = e1k_bus_read_stall_ns(&n->bus);
        os->dl_timer = tb_engine_timer_new(sim->eng, deadline_event, os, 0);
        E1kConfig cfg;
        e1k_config_default(&cfg);
        cfg.chip = n->chip;
        memcpy(cfg.mac, n->mac, 6);
        cfg.bus = n->bus;
        cfg.link_mbps = n->link_mbps ? n->link_mbps : 1000;
        cfg.link_up = 1;
        cfg.autoneg_ns = TB_AUTONEG_NS;
        E1kPort port = {
            .opaque = os,
            .dma_read = port_dma_read,
            .dma_write = port_dma_write,
            .set_irq = port_set_irq,
            .now_ns = port_now,
            .deadline_changed = port_deadline_changed,
            .tx_frame = port_tx_frame,
        };
        os->hw = e1k_new(&cfg, &port);
        if (!os->hw) {
            *err = nic_err(n, "device model rejected the configuration",
                           NULL);
            goto fail;
        }
        set_deadline(os, e1k_next_deadline(os->hw));
        const char *bad = e1k_drv_params_check(&n->drv);
        if (bad) {
            *err = g_strdup_printf("%s: %s", n->name, bad);
            goto fail;
        }
        os->ad = e1k_drv_probe(os, &n->drv);
        if (!os->ad) {
            *err = nic_err(n, "driver probe failed", sim->k);
            goto fail;
        }
        memcpy(os->nd.mac, e1k_drv_mac(os->ad), 6);
        /* IRQ affinity: one CPU takes the line (before host ready, only
         * CPU 0 runs: the others take their pending lines then) */
        os->irq_cpu = sim->cpus[n->cpu_plus1 ? n->cpu_plus1 - 1
                                             : i % sim->ncpus];
        os->line = tb_cpu_request_irq(os->irq_cpu, tb_os_irq, os);
        if (os->line < 0) {
            *err = nic_err(n, "no free interrupt line", NULL);
            goto fail;
        }
        tb_cpu_set_irq(os->irq_cpu, os->line, e1k_irq_level(os->hw));
        if (e1k_drv_open(os->ad)) {
            *err = nic_err(n, "driver open failed", sim->k);
            goto fail;
        }
        tb_netdev_open(sim->k, &os->nd);
        tb_os_start_watchdog(os);
    }
    sim->nnics = sc->nnics;
    sim->cpu->ctx = TB_CTX_IDLE;
    /* host ready: wait (bounded) until every link is up */
    for (uint64_t limit = sim->eng->now + TB_LINK_WAIT_NS;
         sim->eng->now < limit;) {
        uint32_t up = 0;
        for (uint32_t i = 0; i < sc->nnics; i++) {
            up += (e1k_peek_reg(sim->os[i].hw, E1K_STATUS)
                   & E1K_STATUS_LU) != 0;
        }
        if (up == sc->nnics) {
            break;
        }
        tb_cpu_run(sim->cpu, sim->eng->now + 100000);
    }
    sim->epoch = sim->eng->now;
    sim->res.init_ns = sim->epoch;
    if (sim->smp) {
        /* the other CPUs come up: their ticks start, lock-step begins */
        for (uint32_t i = 1; i < sim->ncpus; i++) {
            tb_cpu_start(sim->cpus[i]);
        }
        tb_smp_start(sim->smp);
    }
    /* CPU shares describe the run, not the driver's init busy-waits */
    for (uint32_t i = 0; i < sim->ncpus; i++) {
        memset(sim->cpus[i]->ctx_ns, 0, sizeof(sim->cpus[i]->ctx_ns));
    }

    /* traffic */
    for (uint32_t i = 0; i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        const TbNicCfg *n = &sc->nic[t->nic];
        sim->src[i] = tb_source_new(t, sim->os[t->nic].nd.mac,
                                    n->link_mbps ? n->link_mbps : 1000, err);
        if (!sim->src[i]) {
            goto fail;
        }
        sim->nsrc = i + 1;
    }
    sim->nsrc_live = sim->nsrc;
    for (uint32_t i = 0; i < sim->nsrc; i++) {
        source_advance(sim, i);
    }
    if (sim->src_err) {
        *err = sim->src_err;
        sim->src_err = NULL;
        goto fail;
    }
    return sim;

fail:
    tb_sim_free(sim);
    return NULL;
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

/* ---- results ---- */

static void fill_results(TbSim *sim)
{
    TbResults *r = &sim->res;
    TbKernel *k = sim->k;
    TbCpu *c = sim->cpu;
    r->sim_ns = sim->eng->now;
    r->backlog_drops = k->backlog_drops;
    r->no_route = k->no_route;
    r->ip_dropped = k->ip_dropped;
    r->local_delivered = k->local_delivered;
    r->sink_datagrams = k->sink.datagrams;
    r->sink_bytes = k->sink.bytes;
    r->sink_drops = k->sink.drops;
    r->time_squeeze = k->time_squeeze;
    r->ksoftirqd_wakeups = c->ksoftirqd_wakeups;
    r->softirq_runs = c->softirq_runs;
    r->skb_alloc_failed = k->arena.alloc_fail;
    uint64_t ct[TB_CTX_COUNT];
    r->ncpus = sim->ncpus;
    if (!sim->smp) {
        tb_cpu_times_at_now(c, ct);   /* exact also inside a charge */
    } else {
        memset(ct, 0, sizeof(ct));
        if (sim->frozen) {
            r->sim_ns = sim->frozen_ns;
        }
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
            r->cpus[j].hardirq = cj[TB_CTX_HARDIRQ];
            r->cpus[j].softirq = cj[TB_CTX_SOFTIRQ];
            r->cpus[j].process = cj[TB_CTX_PROCESS];
            r->cpus[j].idle = cj[TB_CTX_IDLE];
        }
        r->backlog_drops = r->time_squeeze = 0;
        r->ksoftirqd_wakeups = r->softirq_runs = 0;
        for (uint32_t j = 0; j < sim->ncpus; j++) {
            const TbSoftnet *sd = k->sdv[j];
            r->backlog_drops += sd->backlog_drops;
            r->time_squeeze += sd->time_squeeze;
            r->ksoftirqd_wakeups += sim->cpus[j]->ksoftirqd_wakeups;
            r->softirq_runs += sim->cpus[j]->softirq_runs;
        }
    }
    r->cpu.hardirq = ct[TB_CTX_HARDIRQ];
    r->cpu.softirq = ct[TB_CTX_SOFTIRQ];
    r->cpu.process = ct[TB_CTX_PROCESS];
    r->cpu.idle = ct[TB_CTX_IDLE];
    if (!sim->smp) {
        r->cpus[0] = r->cpu;
    }
    r->niface = sim->nnics;
    r->forwarded = 0;
    for (uint32_t i = 0; i < sim->nnics; i++) {
        struct e1k_os *os = &sim->os[i];
        TbIfaceResult *f = &r->iface[i];
        g_strlcpy(f->name, os->nd.name, sizeof(f->name));
        f->irq = os->irq;
        f->interrupts = os->line > 0 ? os->irq_cpu->line[os->line].count
                                     : 0;
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
        f->wire_tx_frames = os->wire_tx_frames;
        f->wire_tx_bytes = os->wire_tx_bytes;
        r->forwarded += os->wire_tx_frames;
    }
    r->nsources = sim->nsrc;
    for (uint32_t i = 0; i < sim->nsrc; i++) {
        tb_source_stats(sim->src[i], &r->source[i]);
    }
}

/* The CSV sampler: an engine event at every interval boundary
 * (epoch + k * sample_ns), so each sample is taken at exactly its
 * boundary, also in the middle of a long charge (softirq run, process
 * step).  It only reads cumulative counters and schedules its successor:
 * the other events keep their relative order (sequence numbers stay
 * increasing), so results are the same with and without sampling. */
static void sample_event(void *ctx, uint64_t arg)
{
    (void)arg;
    TbSim *sim = ctx;
    uint64_t now = sim->eng->now;
    if (sim->ended || now > sim->sample_end) {
        return;
    }
    /* the final statistics are left alone: fill a copy */
    TbResults keep = sim->res;
    fill_results(sim);
    TbResults snap = sim->res;
    sim->res = keep;
    sim->sample_fn(sim->sample_ctx, &snap);
    tb_engine_schedule(sim->eng, now + sim->sample_ns, sample_event, sim, 0);
}

int tb_sim_run(TbSim *sim, char **err)
{
    TbEngine *e = sim->eng;
    const TbRunCfg *run = &sim->sc.run;
    uint64_t end = run->duration_ns ? sim->epoch + run->duration_ns
                                    : TB_NEVER;
    uint64_t next_prog = 0;

    if (sim->ran) {
        *err = g_strdup("tb_sim_run: a run can be made only once");
        return -1;
    }
    sim->ran = true;
    sim->sample_ns = run->sample_ns ? run->sample_ns : 1000000;
    sim->sample_end = end;
    if (sim->sample_fn) {
        /* the first call, at host ready, is the baseline */
        tb_engine_schedule(e, sim->epoch, sample_event, sim, 0);
    }
    for (;;) {
        if (end == TB_NEVER && sim->nsrc_live == 0) {
            uint64_t last = sim->have_offer ? sim->res.last_offer_ns : e->now;
            end = (last > e->now ? last : e->now) + run->drain_ns;
            sim->sample_end = end;
        }
        if (e->now >= end) {
            break;
        }
        uint64_t chunk = e->now + TB_CHUNK_NS;
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
            fill_results(sim);
            return -1;
        }
        if (sim->prog_fn && e->now >= next_prog) {
            sim->prog_fn(sim->prog_ctx, e->now, end == TB_NEVER ? 0 : end);
            next_prog = e->now + 10 * TB_CHUNK_NS;
        }
    }
    /* final statistics: the driver folds the hardware counters in, as its
     * watchdog would (process context, CPU time charged; no more traffic
     * or interrupts) */
    sim->ended = true;
    if (sim->smp) {
        /* CPU times and sim_ns are those of the end of the run (the
         * statistics fold below runs outside the lock-step, on CPU 0) */
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
    fill_results(sim);
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
    if (sim->eng) {
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
    tb_smp_free(sim->smp);
    for (uint32_t i = 1; i < TB_MAX_CPUS; i++) {
        tb_cpu_free(sim->cpus[i]);
    }
    tb_cpu_free(sim->cpu);
    tb_engine_free(sim->eng);
    g_free(sim->src_err);
    g_free(sim);
}
