/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside one testbench run (sim.h): the state of the run (TbSim) and of
 * each of its hosts (TbHost), shared by the files that build and run it
 * -- sim.c (life cycle: new, run, end, free), sim_host.c (a host:
 * profile, CPUs, kernel, memory arena, routes), sim_nic.c (the NICs'
 * glue and bring-up through their type, sim/nic.h), sim_traffic.c
 * (traffic sources feeding the NICs' wires), sim_results.c (TbResults
 * and the CSV sampler) and link.c.  Not for use outside testbench/sim/.
 */
#ifndef TB_SIM_INT_H
#define TB_SIM_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "sim/sim.h"
#include "sim/cpu.h"
#include "sim/engine.h"
#include "sim/nic.h"
#include "sim/profile.h"
#include "sim/smp.h"
#include "sim/switch.h"

typedef struct TbHost TbHost;

/** One host of the run. */
struct TbHost {
    TbSim *sim;
    TbEngine *eng;            /* the run's */
    uint32_t index;
    const TbScenario *sc;     /* its view, in the run's copy of the
                                 topology */
    const char *name;         /* "" for the host of a file without
                                 [host.NAME] */
    bool ended;               /* the run is over: arrivals are ignored
                                 (the run's flag, here for one load) */
    uint64_t epoch;           /* the run's, ns */
    TbProfile prof;
    TbCpu *cpu;               /* CPU 0, the boot CPU */
    TbCpu *cpus[TB_MAX_CPUS];
    uint32_t ncpus;
    bool frozen;              /* lock-step end: CPU times fixed at
                                 frozen_ns */
    uint64_t frozen_ns;
    uint64_t frozen_ct[TB_MAX_CPUS][TB_CTX_COUNT];
    TbKernel *k;
    TbNic *nic[TB_MAX_NICS];
    uint32_t nnics;
    TbSource *src[TB_MAX_SOURCES];
    bool src_done[TB_MAX_SOURCES];
    int src_timer[TB_MAX_SOURCES]; /* its engine fixed timer, -1: none
                                       free (arrivals are heap events) */
    void *src_dev[TB_MAX_SOURCES]; /* the device its frames arrive at
                                       (its NIC's, fixed for the run) */
    TbNicRxFn src_rx[TB_MAX_SOURCES]; /* that device's receive */
    E1kRxKnown src_known[TB_MAX_SOURCES]; /* what it knows of its
                                       frames (set once) */
    const uint8_t *pend_frame[TB_MAX_SOURCES];
    uint32_t pend_len[TB_MAX_SOURCES];
    uint32_t nsrc;
    bool have_offer;
    TbResults res;
    TbSampleFn sample_fn;
    void *sample_ctx;
};

/** The run. */
struct TbSim {
    TbTopology t;             /* the scenario (a copy; arrays owned) */
    TbEngine *eng;
    TbSmp *smp;               /* every CPU of every host in lock-step
                                 when there are more than one, else
                                 NULL (set at host ready) */
    uint64_t *idle_seq;       /* scratch of the idle skip, one entry per
                                 CPU of the lock-step */
    uint32_t nhosts;
    TbHost **host;
    uint32_t nlinks;
    TbLink **link;
    uint32_t nswitches;
    TbSwitch **sw;            /* [switch.NAME]s, sim/switch.h */
    TbNetperf *netperf;       /* the [netperf] test, or NULL */
    uint32_t nstreams;
    TbNetperf **stream;       /* the [netperf.NAME] streams */
    FILE *trace_out;          /* model trace lines (sim/trace.h), or NULL */
    uint32_t nsrc_live;       /* sources not done yet, all hosts */
    char *src_err;            /* first source read error */
    TbTxHookFn tx_fn;
    void *tx_ctx;
    TbProgressFn prog_fn;
    void *prog_ctx;
    bool ran;
    uint64_t epoch;           /* host ready: traffic time 0, ns */
    bool ended;               /* the run is over */
    uint64_t sample_ns;       /* CSV sample interval, ns */
    uint64_t sample_end;      /* no sample after this time (TB_NEVER) */
};

/* ---- sim_host.c ---- */

/** Host @h of the run: its profile, CPUs (ids 0.., each owned by the
 *  host), kernel, memory arena and routes.  0, or -1 and *err. */
int tb_host_build(TbHost *h, char **err);
/** The lock-step's switch callback (smp.h): CPU @c of host @owner runs
 *  from now on; the host's kernel and NICs follow it. */
void tb_host_switch(void *owner, TbCpu *c);
/** Free what tb_host_build and the NICs made (teardown: no events run). */
void tb_host_free(TbHost *h);

/* ---- sim_nic.c ---- */

/** Bring up every NIC of @h at the current time in process context on
 *  its boot CPU: device model, driver probe, IRQ vectors, driver open,
 *  netdev open, watchdog.  0, or -1 and *err ("NAME: what failed[: last
 *  kernel log line]"). */
int tb_host_add_nics(TbHost *h, char **err);
/** Let virtual time pass (at most 100 ms) until every link of @h is up. */
void tb_host_wait_for_links(TbHost *h);
/** Schedule the injected DMA stalls of @h's NICs (TbNicCfg
 *  fault_tx_stall_ns, fault_rx_stall_ns; after the epoch).  0, or -1 and
 *  *err when a NIC's type has no fault injection. */
int tb_host_arm_faults(TbHost *h, char **err);
/** Remove the drivers and the devices of @h. */
void tb_host_free_nics(TbHost *h);
/** Remove every NIC's driver of @h (interrupts off first), leaving the
 *  devices: tb_sim_free does it for all hosts before it frees any, since
 *  a driver's close reads registers, each readl charges the CPU, and
 *  charging runs the shared engine, which must find every device it
 *  delivers to still there. */
void tb_host_remove_drivers(TbHost *h);

/* ---- sim_traffic.c ---- */

/** Create every traffic source of @h and schedule its first arrival
 *  (times count from the run's epoch).  0, or -1 and *err. */
int tb_host_start_traffic(TbHost *h, char **err);
/** A frame from a link reached a NIC of @h with @fate: counted in
 *  res.link_rx and in the disposition counter of @fate. */
void tb_host_link_arrival(TbHost *h, E1kRxResult fate);

/* ---- sim_results.c ---- */

/** Fill h->res from the current state (counters are cumulative). */
void tb_host_fill_results(TbHost *h);
/** The CSV sampler's engine event of a host (ctx: the TbHost; schedule
 *  it at the epoch). */
void tb_host_sample_event(void *ctx, uint64_t arg);

#endif /* TB_SIM_INT_H */
