/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A modelled host of a run (sim_int.h): the cost profile, the CPUs, the
 * kernel model, its memory arena and its routing table; the lock-step's
 * switch between CPUs; teardown.  The scenario comes from the loader
 * (scenario_load.c), which has already checked each key's range and
 * filled in every default.
 */
#include <glib.h>
#include <string.h>

#include "sim/sim_int.h"

/* Resolve and load the cost profile (host.profile_path, else
 * profiles/NAME.ini found by tb_profile_find).  0, or -1 and *err. */
static int load_profile(TbHost *host, char **err)
{
    const TbHostCfg *h = &host->sc->host;
    char *path = h->profile_path[0] ? g_strdup(h->profile_path)
                                    : tb_profile_find(h->profile,
                                                      host->sc->file);
    if (!path) {
        *err = g_strdup_printf("host.profile '%s': no profiles/%s.ini found "
                               "(set E1KLAB_PROFILE_DIR or host.profile_path)",
                               h->profile, h->profile);
        return -1;
    }
    int rc = 0;
    if (h->prof.mhz > 0 && h->prof_cpu_mhz == h->cpu_mhz &&
        strcmp(path, h->prof_file) == 0) {
        host->prof = h->prof;  /* the loader read this file already */
    } else {
        rc = tb_profile_load(&host->prof, path, h->cpu_mhz, err);
    }
    g_free(path);
    return rc;
}

void tb_host_switch(void *owner, TbCpu *c)
{
    TbHost *h = owner;
    tb_kernel_set_cpu(h->k, c);
    for (uint32_t i = 0; i < h->nnics; i++) {
        h->nic[i]->cpu = c;
    }
}

/* CPU @id of host @h (each with its ksoftirqd/ID). */
static TbCpu *new_cpu(TbHost *h, uint32_t id)
{
    static const char *const kname[TB_MAX_CPUS] = {
        "ksoftirqd/0", "ksoftirqd/1", "ksoftirqd/2", "ksoftirqd/3",
        "ksoftirqd/4", "ksoftirqd/5", "ksoftirqd/6", "ksoftirqd/7"};
    const TbHostCfg *hc = &h->sc->host;
    TbCpu *c = tb_cpu_new(h->eng, &h->prof, hc->hz, hc->max_softirq_restart,
                          hc->max_softirq_time_us);
    c->id = id;
    c->owner = h;
    c->ksoftirqd.name = kname[id];
    return c;
}

static TbKernel *new_kernel(TbHost *h)
{
    const TbHostCfg *hc = &h->sc->host;
    TbKernelCfg kc = {
        .netdev_budget = hc->netdev_budget,
        .netdev_budget_usecs = hc->netdev_budget_usecs,
        .netdev_max_backlog = hc->netdev_max_backlog,
        .dev_weight = hc->dev_weight,
        .ip_forward = hc->ip_forward,
        .netif_rx_throttle = hc->netif_rx_throttle,
        .sink_port = hc->sink_udp_port,
        .sink_rcvbuf = hc->sink_rcvbuf,
        .sink_read_size = hc->sink_read_size,
    };
    TbKernel *k = tb_kernel_new(h->cpu, &kc);
    k->log_stderr = g_getenv("E1KLAB_DMESG") != NULL;
    return k;
}

/* The CPUs (CPU 0 boots; the others start at host ready), the kernel on
 * them with each CPU's softnet data, and the UDP reader's CPU. */
static void build_cpus(TbHost *h)
{
    for (uint32_t i = 0; i < h->ncpus; i++) {
        h->cpus[i] = new_cpu(h, i);
    }
    h->cpu = h->cpus[0];
    h->k = new_kernel(h);
    for (uint32_t i = 1; i < h->ncpus; i++) {
        tb_kernel_add_cpu(h->k, h->cpus[i]);
    }
    if (h->ncpus > 1) {
        tb_sink_pin(h->k, h->cpus[h->sc->host.sink_cpu]);
    }
}

/* Bytes of one descriptor ring of @n 16-byte descriptors, whole pages. */
static uint64_t ring_bytes(uint32_t n)
{
    return (n * 16ull + TB_PAGE - 1) / TB_PAGE * TB_PAGE;
}

/** Large skbs per receive queue of an 82598EB with software LRO: the
 *  session open in the driver and those handed up but still waiting
 *  (a socket's backlog while its reader holds it); more sessions than
 *  this at once do not merge (LRO counts no merge, "skb allocations
 *  failed" counts the attempt). */
#define TB_LRO_SKBS_PER_QUEUE 64u
/** Data room of such an skb, bytes: an Ethernet header and the largest
 *  IPv4 datagram (the driver's IXG_LRO_MAX_LEN). */
#define TB_LRO_SKB_ROOM (14u + 65535u)

/* Size the host memory arena for every place an skb can wait and for
 * the descriptor rings, and add the scenario's routes.  0, or -1. */
static int build_memory_and_routes(TbHost *h, char **err)
{
    const TbScenario *sc = h->sc;
    /* rings (twice, for resets) + every place an skb can wait */
    uint64_t nskb = 256, coh = 65536;
    uint32_t room = TB_SKB_DATA_MAX, nbig = 0;
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const TbNicCfg *n = &sc->nic[i];
        uint32_t rx = n->drv.RxDescriptors, tx = n->drv.TxDescriptors;
        /* a ring pair per queue with a 2.6 kernel; the 2.4 model counts
         * one per NIC, as the 82598EB goldens were recorded with (an
         * 82598EB of several queues may then run out: "skb allocations
         * failed") */
        uint64_t qp = sc->host.kernel != TB_KERNEL_2_4 && n->queues
                      ? n->queues : 1;
        nskb += qp * (2ull * rx + tx) + n->txqueuelen;
        coh += 2ull * qp * (ring_bytes(rx) + ring_bytes(tx));
        /* skbs as large as the largest receive buffer (jumbo MTU) */
        uint32_t len = tb_nic_type_of(n)->rx_buffer_len(n->mtu);
        room = len > room ? len : room;
        if (n->lro) {
            /* a 64 KB skb per LRO session: one open per queue vector,
             * the rest handed up and waiting in a socket's backlog */
            nbig += (n->queues ? n->queues : 1) * TB_LRO_SKBS_PER_QUEUE;
            /* and the segments' own skbs each of them holds (64 at
             * most: lro_max_aggr's bound) */
            nskb += (uint64_t)(n->queues ? n->queues : 1)
                    * TB_LRO_SKBS_PER_QUEUE * 64u;
        }
        if (n->drv.TSO) {
            /* TSO skbs' page fragments: a page per TX descriptor and
             * per qdisc slot */
            coh += (uint64_t)(tx + n->txqueuelen) * TB_PAGE;
        }
    }
    nskb += sc->host.netdev_max_backlog + 1;
    nskb += h->k->sink.rcvbuf / TB_SKB_TRUESIZE + 1;
    if (h->ncpus > 1) {
        nskb += (uint64_t)h->ncpus * TB_SLAB_LIMIT;  /* in CPUs' arrays */
    }
    if (tb_arena_init_big(&h->k->arena, coh, (uint32_t)nskb, room, nbig,
                          TB_LRO_SKB_ROOM, err)
        || (h->ncpus > 1 && tb_arena_set_cpus(&h->k->arena, h->ncpus, err))) {
        return -1;
    }
    for (uint32_t i = 0; i < sc->nroutes; i++) {
        const TbRouteCfg *rt = &sc->route[i];
        if (tb_route_add(h->k, rt->prefix, rt->prefix_len, rt->nic)) {
            *err = g_strdup_printf("route %u: bad NIC index or prefix", i);
            return -1;
        }
    }
    return 0;
}

int tb_host_build(TbHost *h, char **err)
{
    if (load_profile(h, err) < 0) {
        return -1;
    }
    build_cpus(h);
    return build_memory_and_routes(h, err);
}

void tb_host_free(TbHost *h)
{
    if (!h) {
        return;
    }
    if (h->cpu) {
        /* teardown must not take interrupts any more */
        h->cpu->irq_off = 1;
        h->cpu->ctx = TB_CTX_PROCESS;
        tb_host_switch(h, h->cpu);
    }
    tb_host_free_nics(h);
    for (uint32_t i = 0; i < TB_MAX_SOURCES; i++) {
        tb_source_free(h->src[i]);
    }
    tb_kernel_free(h->k);
    for (uint32_t i = 0; i < TB_MAX_CPUS; i++) {
        tb_cpu_free(h->cpus[i]);
    }
    g_free(h);
}
