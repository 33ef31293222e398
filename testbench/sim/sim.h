/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One testbench run: a network of modelled hosts (CPUs, kernel, driver
 * instances) with their NICs (device model instances, sim/nic.h), fed by
 * traffic sources and joined by links (sim/link.h), on one event engine
 * and virtual clock.  A scenario file without [host.NAME] sections is a
 * network of one host.  Deterministic: the same scenario gives the same
 * results.
 */
#ifndef TB_SIM_H
#define TB_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "kernel/k_netperf.h"
#include "scenario/scenario.h"
#include "scenario/topology.h"
#include "sim/link.h"
#include "sim/switch.h"
#include "traffic/traffic.h"

struct TbCpuAcct;

/** Time per CPU context, ns. */
typedef struct TbCpuTime {
    uint64_t hardirq, softirq, process, idle;
} TbCpuTime;

/** Most CPUs a result describes (host.cpus <= 8). */
#define TB_RES_MAX_CPUS 8

/** Most queue pairs a NIC reports (the 82598EB core's 16). */
#define TB_MAX_QUEUES 16

/** Results of one queue pair of a multiqueue NIC (its MSI-X vector). */
typedef struct TbQueueResult {
    uint64_t rx_packets, rx_bytes;    /**< frames the driver took */
    uint64_t tx_packets, tx_bytes;    /**< frames cleaned after sending */
    uint64_t interrupts;              /**< its vector's handler calls */
    uint64_t polls, polls_complete, polls_budget; /**< its NAPI polls */
    uint64_t lro_aggregated;          /**< segments taken into LRO */
    uint64_t lro_flushed;             /**< LRO frames handed up */
    uint32_t itr;                     /**< its EITR target, ints/s */
    uint32_t cpu;                     /**< CPU its vector is delivered to */
} TbQueueResult;

/** Per-interface results. */
typedef struct TbIfaceResult {
    char name[TB_NAME_LEN];
    uint32_t irq;                     /**< IRQ number */
    uint64_t interrupts;              /**< /proc/interrupts count (ISR
                                           invocations of its lines: all
                                           its MSI-X vectors') */
    uint32_t cpu;                     /**< CPU the line is delivered to
                                           (all its interrupts are there) */
    struct e1k_link_stats64 stats;    /**< as the driver reports them */
    struct e1k_drv_counters drv;      /**< driver event counters */
    E1kTotals nic;                    /**< device-model cumulative totals */
    uint64_t qdisc_drops;             /**< txqueuelen overflow */
    uint64_t tx_timeouts;             /**< "transmit timed out" events */
    uint64_t wire_tx_frames;          /**< frames that left on the wire */
    uint64_t wire_tx_bytes;           /**< their bytes incl. FCS */
    uint64_t ethtool[E1K_ETHTOOL_STATS]; /**< `ethtool -S` values in the
                                           order of e1k_drv_ethtool_name
                                           (e1k_drv_get_ethtool_stats) */
    uint32_t nqueues;                 /**< queue pairs (0: a single-queue
                                           NIC, the e1000) */
    TbQueueResult queue[TB_MAX_QUEUES];
} TbIfaceResult;

/** Results of one host of a run (also what its CSV samples are made
 *  of). */
typedef struct TbResults {
    uint64_t sim_ns;                  /**< simulated time at the end */
    uint64_t init_ns;                 /**< host ready: every NIC probed,
                                           open and its link up (driver init
                                           incl. EEPROM reads takes ~0.23 s
                                           per NIC).  Traffic start_ns,
                                           arrival times and run.duration_ns
                                           count from here; the times in
                                           these results are absolute */
    uint64_t offered;                 /**< frames offered by all sources */
    uint64_t offered_bytes;           /**< bytes incl. FCS */
    uint64_t first_offer_ns, last_offer_ns; /**< offered window */
    /* disposition of offered frames at the NIC (sum == offered) */
    uint64_t rx_queued, rx_filtered, rx_disabled, rx_overrun, rx_bad_size;
    uint64_t link_rx;                 /**< frames that arrived from a link
                                           (another host's NIC), counted in
                                           the dispositions above too;
                                           0 without links */
    /* host */
    uint64_t forwarded;               /**< frames routed out of another NIC
                                           (left on its wire) */
    uint64_t backlog_drops;           /**< netif_rx drops (backlog full) */
    uint64_t no_route;                /**< frames dropped: no route */
    uint64_t ip_dropped;              /**< dropped by IPv4 input: not IPv4,
                                           bad header, TTL expired, no
                                           socket on the UDP port */
    uint64_t skb_alloc_failed;        /**< skb allocations that failed */
    uint64_t local_delivered;         /**< frames delivered locally */
    uint64_t sink_datagrams, sink_bytes; /**< read by the UDP reader */
    uint64_t sink_drops;              /**< socket buffer overflow */
    uint64_t time_squeeze;            /**< softnet: budget/time ran out */
    uint64_t ksoftirqd_wakeups;
    uint64_t softirq_runs;
    TbCpuTime cpu;                    /**< summed over CPUs, from init_ns
                                           on (init busy-waits excluded) */
    uint32_t ncpus;                   /**< host.cpus */
    TbCpuTime cpus[TB_RES_MAX_CPUS];  /**< per CPU (ncpus entries), same
                                           span; each sums to sim_ns -
                                           init_ns when ncpus > 1 */
    uint32_t niface;
    TbIfaceResult iface[TB_MAX_NICS];
    uint32_t nsources;
    TbSourceStats source[TB_MAX_SOURCES];
} TbResults;

typedef struct TbSim TbSim;

/** Called every [run] sample of simulated time from host ready
 *  (TbResults.init_ns) on, with one host's cumulative results so far (for
 *  CSV time series): first at init_ns (the baseline), then exactly once
 *  per interval, r->sim_ns = init_ns + k * sample_ns (an engine event;
 *  CPU times exclude the part of a charge in progress that lies after the
 *  boundary).  Driver statistics (r->iface[].stats) are those of the last
 *  watchdog update; the device model totals (r->iface[].nic) and wire
 *  counters are current. */
typedef void (*TbSampleFn)(void *ctx, const TbResults *r);
/** Called for every frame that leaves a NIC's wire (for --pcap-out):
 *  NIC @nic of host @host. */
typedef void (*TbTxHookFn)(void *ctx, uint32_t host, int nic, uint64_t t_ns,
                           const uint8_t *frame, uint32_t len);
/** Progress: simulated time done and expected end (0 if unknown). */
typedef void (*TbProgressFn)(void *ctx, uint64_t now_ns, uint64_t end_ns);

/**
 * Build the run of @t (copied), as tb_topology_load() gives it: every
 * key in its range and every default filled in (scenario_load.h); a
 * scenario built by other means must meet the same guarantees (start from
 * the loader and change fields within their documented ranges; the
 * loader also keeps host.sink_cpu and every nic.NAME.cpu below
 * host.cpus).  The hosts are brought up one after the other (device
 * model, driver probe and open, link wait: ~0.23 s of simulated time per
 * NIC), then the links join them, and the instant the last host is ready
 * is every host's host-ready instant (TbResults.init_ns): the CPUs of
 * all hosts start (in the lock-step of smp.h when there are more than
 * one), the traffic sources and the [netperf] test begin.  On error NULL
 * and *err set (g_malloc'd one-line message, e.g. a profile or capture
 * that cannot be read; "host NAME: ..." for a named host).
 */
TbSim *tb_sim_new(const TbTopology *t, char **err);

/**
 * tb_sim_new() with the device models' trace events (E1kPort.trace,
 * hw/net/e1000.h: guest programming errors, resets, link changes, RX
 * overruns, ITR intervals) written to @trace_out as kernel-log style
 * lines (sim/trace.h; the NIC named "HOST.IF" in a network of named
 * hosts) from the first register access on; NULL: no trace (the model's
 * callback stays unset).  `e1klab run --trace`.
 */
TbSim *tb_sim_new_traced(const TbTopology *t, FILE *trace_out, char **err);
/** The CSV sampler of host @h (NULL: none); set before tb_sim_run. */
void tb_sim_set_sampler(TbSim *sim, uint32_t h, TbSampleFn fn, void *ctx);
void tb_sim_set_tx_hook(TbSim *sim, TbTxHookFn fn, void *ctx);
/** Progress after every 10 ms of simulated time of tb_sim_run and at its
 *  end: now and the run's end ([run] duration from host ready; 0 until
 *  known when the run ends with its traffic), ns of the clock (the
 *  bring-up counts as done). */
void tb_sim_set_progress(TbSim *sim, TbProgressFn fn, void *ctx);
/** Run to the end: [run] duration from host ready, or, without one,
 *  [run] drain after the last offered frame once every source is done.
 *  0, or -1 with *err set (e.g. a capture read error). */
int tb_sim_run(TbSim *sim, char **err);
/**
 * Turn on the CPU profile (TbCpuAcct, sim/cpu.h) of every CPU of every
 * host from now: call between tb_sim_new (host ready) and tb_sim_run.
 * Until then no charge is counted (each charge tests one pointer).
 * `e1klab run --profile`.
 */
void tb_sim_profile_start(TbSim *sim);
/** The number of CPUs of host @h (host.cpus). */
uint32_t tb_sim_cpus(const TbSim *sim, uint32_t h);
/** The CPU profile of CPU @c of host @h (c < tb_sim_cpus), or NULL if it
 *  is off. */
const struct TbCpuAcct *tb_sim_cpu_acct(const TbSim *sim, uint32_t h,
                                        uint32_t c);
/** CPU @c of host @h's time per context from host ready, ns
 *  (TbCpu.ctx_ns, TB_CTX_COUNT entries: whole charges, the last one may
 *  run past the end; a CPU of the lock-step that waits at the end has
 *  its idle time counted up to its last switch). */
const uint64_t *tb_sim_ctx_ns(const TbSim *sim, uint32_t h, uint32_t c);
/** The costs of host @h's CPUs, ns per operation (TB_COST_COUNT entries,
 *  TbCostId order: its cost profile at its clock). */
const uint64_t *tb_sim_cost_ns(const TbSim *sim, uint32_t h);
/** The clock of host @h's cost profile, MHz. */
double tb_sim_mhz(const TbSim *sim, uint32_t h);
/** The scenario the run was built from (its copy). */
const TbTopology *tb_sim_topology(const TbSim *sim);
/** Number of hosts; the results of host @h (valid after tb_sim_run). */
uint32_t tb_sim_hosts(const TbSim *sim);
const TbResults *tb_sim_results(const TbSim *sim, uint32_t h);
/** Host @h's cumulative results at this instant into *@out, from inside
 *  the run (an engine event; as the CSV sampler takes them: the final
 *  results are left alone). */
void tb_sim_results_now(TbSim *sim, uint32_t h, TbResults *out);
/** Counters of link @i (tb_link_stats). */
const TbLink *tb_sim_link(const TbSim *sim, uint32_t i);
/** Switch @i (its counters: tb_switch_port_stats). */
const TbSwitch *tb_sim_switch(const TbSim *sim, uint32_t i);
/** Stream @i of the [netperf.NAME]s (t->nstreams of them). */
const TbNetperf *tb_sim_stream(const TbSim *sim, uint32_t i);
/** The [netperf] test (its counters: tb_netperf_stats), or NULL. */
const TbNetperf *tb_sim_netperf(const TbSim *sim);
/** The kernel of host @h (to attach sockets and processes before
 *  tb_sim_run). */
TbKernel *tb_sim_kernel(const TbSim *sim, uint32_t h);
/** Kernel log (dmesg) of host @h: the @i-th most recent line (0 = newest)
 *  of the last 256, or NULL. */
const char *tb_sim_log_line(const TbSim *sim, uint32_t h, uint32_t i);
/** Lines host @h logged in total; *tx_timeouts / *link_up (may be NULL)
 *  get the number of "transmit timed out" and "Link is Up" lines. */
uint64_t tb_sim_log_count(const TbSim *sim, uint32_t h,
                          uint64_t *tx_timeouts, uint64_t *link_up);
void tb_sim_free(TbSim *sim);

#endif /* TB_SIM_H */
