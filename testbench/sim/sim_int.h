/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside one testbench run (sim.h): the TbSim state shared by the files
 * that build and run it -- sim.c (life cycle: new, run, free), sim_host.c
 * (profile, CPUs, kernel, memory arena, routes), sim_nic.c (the device
 * model's E1kPort adapter and NIC/driver bring-up), sim_traffic.c (traffic
 * sources feeding the NICs' wires) and sim_results.c (TbResults and the
 * CSV sampler).  Not for use outside testbench/sim/.
 */
#ifndef TB_SIM_INT_H
#define TB_SIM_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim.h"
#include "sim/cpu.h"
#include "sim/engine.h"
#include "sim/profile.h"
#include "sim/smp.h"
#include "sim/tb_host.h"

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
    FILE *trace_out;          /* model trace lines (sim/trace.h), or NULL */
    struct e1k_os os[TB_MAX_NICS];
    uint32_t nnics;
    TbSource *src[TB_MAX_SOURCES];
    bool src_done[TB_MAX_SOURCES];
    int src_timer[TB_MAX_SOURCES]; /* its engine fixed timer, -1: none
                                       free (arrivals are heap events) */
    E1kDev *src_hw[TB_MAX_SOURCES]; /* the device its frames arrive at
                                       (os[its nic].hw, fixed for the run) */
    E1kRxKnown src_known[TB_MAX_SOURCES]; /* what it knows of its
                                       frames (set once) */
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
    bool shared;              /* a host of a TbNet (sim/net.h): eng and
                                 smp are the net's, set before building
                                 and not freed with the host */
};

/* ---- sim_host.c ---- */

/** Resolve and load the cost profile (host.profile_path, else
 *  profiles/NAME.ini found by tb_profile_find).  0, or -1 and *err. */
int tb_sim_load_profile(TbSim *sim, char **err);
/** Engine, host.cpus CPUs (SMP lock-step with more than one) and the
 *  kernel model on them.  0, or -1 and *err. */
int tb_sim_build_host(TbSim *sim, char **err);
/** Size the host memory arena for every place an skb can wait and for
 *  the descriptor rings, and add the scenario's routes.  0, or -1. */
int tb_sim_build_memory_and_routes(TbSim *sim, char **err);

/* ---- sim_nic.c ---- */

/** Bring up every NIC at time 0 in process context: device model,
 *  driver probe, IRQ line, driver open, netdev open, watchdog.
 *  0, or -1 and *err ("NAME: what failed[: last kernel log line]"). */
int tb_sim_add_nics(TbSim *sim, char **err);
/** Let virtual time pass (at most 100 ms) until every link is up. */
void tb_sim_wait_for_links(TbSim *sim);

/* ---- sim_traffic.c ---- */

/** Create every traffic source and schedule its first arrival (times
 *  count from sim->epoch).  0, or -1 and *err. */
int tb_sim_start_traffic(TbSim *sim, char **err);
/** A frame from a link reached one of @sim's NICs with @fate: counted in
 *  res.link_rx and in the disposition counter of @fate. */
void tb_sim_link_arrival(TbSim *sim, E1kRxResult fate);

/* ---- sim.c ---- */

/** The end of the run: CPU times frozen (with SMP), the driver's final
 *  statistics fold, the results filled. */
void tb_sim_end_run(TbSim *sim);

/* ---- sim_results.c ---- */

/** Fill sim->res from the current state (counters are cumulative). */
void tb_sim_fill_results(TbSim *sim);
/** The CSV sampler's engine event (schedule it at the epoch). */
void tb_sim_sample_event(void *ctx, uint64_t arg);

#endif /* TB_SIM_INT_H */
