/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A run of several modelled hosts joined by links (scenario/topology.h):
 * every host is built as a run of its own (sim.h: profile, CPU, kernel,
 * NICs, traffic) on one shared event engine and virtual clock; after
 * every host's bring-up (one after the other) the hosts' CPUs run in the
 * deterministic lock-step of smp.h, so events of all hosts are taken in
 * one global (time, sequence) order and a run is reproducible to the
 * byte.  Each host has one CPU.  Links carry the frames between NICs
 * (sim/link.h).
 */
#ifndef TB_NET_H
#define TB_NET_H

#include "kernel/k_netperf.h"
#include "kernel/kernel.h"
#include "scenario/topology.h"
#include "sim/link.h"
#include "sim/sim.h"

typedef struct TbNet TbNet;

/**
 * Build the run of @t as tb_topology_load() gives it (copied): hosts in
 * order (their bring-up advances the clock, ~0.23 s per NIC), links, the
 * lock-step, the traffic and the [netperf] test's processes.  The
 * host-ready instant (TbResults.init_ns of every host) is the end of the
 * last bring-up.  NULL and *err set
 * ("host NAME: ...") on error.
 */
TbNet *tb_net_new(const TbTopology *t, char **err);
/** Run for [run] duration from host ready.  0, or -1 with *err set. */
int tb_net_run(TbNet *n, char **err);
/** Number of hosts; results of host @h (after tb_net_run). */
uint32_t tb_net_hosts(const TbNet *n);
const TbResults *tb_net_results(const TbNet *n, uint32_t h);
/** The kernel of host @h (to attach sockets and processes before
 *  tb_net_run). */
TbKernel *tb_net_kernel(const TbNet *n, uint32_t h);
/** The [netperf] test (its counters: tb_netperf_stats), or NULL. */
const TbNetperf *tb_net_netperf(const TbNet *n);
/** Call @fn(@ctx, ...) for every frame that leaves any host's NIC (the
 *  NIC index is the host's own); NULL: none. */
void tb_net_set_tx_hook(TbNet *n, TbTxHookFn fn, void *ctx);
/** Call @fn(@ctx, now, end) after every millisecond of simulated time of
 *  tb_net_run: now and the run's end (host ready + duration), both ns
 *  of the shared clock, so the bring-up counts as done; NULL: none. */
void tb_net_set_progress(TbNet *n, TbProgressFn fn, void *ctx);
/** Call @fn(@ctx, results) for host @h at host ready and at every [run]
 *  sample boundary from there (as tb_sim_set_sampler; the CSV time
 *  series); set before tb_net_run.  NULL: none. */
void tb_net_set_sampler(TbNet *n, uint32_t h, TbSampleFn fn, void *ctx);
/** Turn on the CPU profile (TbCpuAcct) of every host's CPU from now
 *  (call between tb_net_new, i.e. host ready, and tb_net_run). */
void tb_net_profile_start(TbNet *n);
/** The CPU profile of host @h, or NULL if it is off. */
const TbCpuAcct *tb_net_cpu_acct(const TbNet *n, uint32_t h);
/** Host @h's CPU time per context from host ready, ns (TbCpu.ctx_ns,
 *  TB_CTX_COUNT entries). */
const uint64_t *tb_net_ctx_ns(const TbNet *n, uint32_t h);
/** The clock of host @h's cost profile, MHz. */
double tb_net_mhz(const TbNet *n, uint32_t h);
/** The costs of host @h's CPU in ns (TB_COST_COUNT entries; the CPU
 *  profile's per-operation figures). */
const uint64_t *tb_net_cost_ns(const TbNet *n, uint32_t h);
/** Link @i of the topology. */
const TbLink *tb_net_link(const TbNet *n, uint32_t i);
void tb_net_free(TbNet *n);

#endif /* TB_NET_H */
