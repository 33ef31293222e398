/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Building the modelled host of a run (sim_int.h): the cost profile, the
 * event engine, the CPUs (with SMP lock-step when host.cpus > 1), the
 * kernel model, its memory arena and its routing table.  The scenario
 * comes from the loader (scenario_load.c), which has already checked each
 * key's range and filled in every default.
 */
#include <glib.h>
#include <string.h>

#include "sim/sim_int.h"

int tb_sim_load_profile(TbSim *sim, char **err)
{
    const TbHostCfg *h = &sim->sc.host;
    char *path = h->profile_path[0] ? g_strdup(h->profile_path)
                                    : tb_profile_find(h->profile,
                                                      sim->sc.file);
    if (!path) {
        *err = g_strdup_printf("host.profile '%s': no profiles/%s.ini found "
                               "(set E1KLAB_PROFILE_DIR or host.profile_path)",
                               h->profile, h->profile);
        return -1;
    }
    int rc = 0;
    if (h->prof.mhz > 0 && h->prof_cpu_mhz == h->cpu_mhz &&
        strcmp(path, h->prof_file) == 0) {
        sim->prof = h->prof;   /* the loader read this file already */
    } else {
        rc = tb_profile_load(&sim->prof, path, h->cpu_mhz, err);
    }
    g_free(path);
    return rc;
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

static TbCpu *new_cpu(TbSim *sim)
{
    const TbHostCfg *h = &sim->sc.host;
    return tb_cpu_new(sim->eng, &sim->prof, h->hz, h->max_softirq_restart,
                      h->max_softirq_time_us);
}

static TbKernel *new_kernel(TbSim *sim)
{
    const TbHostCfg *h = &sim->sc.host;
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
    TbKernel *k = tb_kernel_new(sim->cpu, &kc);
    k->log_stderr = g_getenv("E1KLAB_DMESG") != NULL;
    return k;
}

/* CPUs 1.. (each with its ksoftirqd), the lock-step over all of them,
 * their softnet data, and the UDP reader's CPU. */
static int add_smp_cpus(TbSim *sim, char **err)
{
    static const char *const kname[TB_MAX_CPUS] = {
        "ksoftirqd/0", "ksoftirqd/1", "ksoftirqd/2", "ksoftirqd/3",
        "ksoftirqd/4", "ksoftirqd/5", "ksoftirqd/6", "ksoftirqd/7"};

    for (uint32_t i = 1; i < sim->ncpus; i++) {
        sim->cpus[i] = new_cpu(sim);
        sim->cpus[i]->ksoftirqd.name = kname[i];
    }
    sim->smp = tb_smp_new(sim->eng, sim->cpus, sim->ncpus, smp_switch_cb,
                          sim);
    if (!sim->smp) {
        *err = g_strdup("host.cpus: cannot set up the CPUs");
        return -1;
    }
    for (uint32_t i = 1; i < sim->ncpus; i++) {
        tb_kernel_add_cpu(sim->k, sim->cpus[i]);
    }
    tb_sink_pin(sim->k, sim->cpus[sim->sc.host.sink_cpu]);
    return 0;
}

int tb_sim_build_host(TbSim *sim, char **err)
{
    if (!sim->shared) {
        sim->eng = tb_engine_new();
    }
    sim->cpu = new_cpu(sim);
    sim->cpus[0] = sim->cpu;
    sim->k = new_kernel(sim);
    return sim->ncpus > 1 ? add_smp_cpus(sim, err) : 0;
}

/* Bytes of one descriptor ring of @n 16-byte descriptors, whole pages. */
static uint64_t ring_bytes(uint32_t n)
{
    return (n * 16ull + TB_PAGE - 1) / TB_PAGE * TB_PAGE;
}

int tb_sim_build_memory_and_routes(TbSim *sim, char **err)
{
    const TbScenario *sc = &sim->sc;
    /* rings (twice, for resets) + every place an skb can wait */
    uint64_t nskb = 256, coh = 65536;
    uint32_t room = TB_SKB_DATA_MAX;
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        uint32_t rx = n->drv.RxDescriptors, tx = n->drv.TxDescriptors;
        nskb += 2ull * rx + tx + n->txqueuelen;
        coh += 2ull * (ring_bytes(rx) + ring_bytes(tx));
        /* skbs as large as the largest receive buffer (jumbo MTU) */
        if (e1k_drv_rx_buffer_len(n->mtu) > room) {
            room = e1k_drv_rx_buffer_len(n->mtu);
        }
        if (n->drv.TSO) {
            /* TSO skbs' page fragments: a page per TX descriptor and
             * per qdisc slot */
            coh += (uint64_t)(tx + n->txqueuelen) * TB_PAGE;
        }
    }
    nskb += sc->host.netdev_max_backlog + 1;
    nskb += sim->k->sink.rcvbuf / TB_SKB_TRUESIZE + 1;
    if (tb_arena_init_room(&sim->k->arena, coh, (uint32_t)nskb, room,
                           err)) {
        return -1;
    }
    for (uint32_t i = 0; i < sc->nroutes; i++) {
        const TbRouteCfg *rt = &sc->route[i];
        if (tb_route_add(sim->k, rt->prefix, rt->prefix_len, rt->nic)) {
            *err = g_strdup_printf("route %u: bad NIC index or prefix", i);
            return -1;
        }
    }
    return 0;
}
