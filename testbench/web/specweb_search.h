/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The connection search of `e1klab specweb` (docs/specweb.md): the most
 * simultaneous connections at which at least 99 % conform
 * ([SPECWEB99-WP] section 4.2), found by a binary search over trials of
 * the SPECweb99-like run (specweb_run.h) on a scenario's hosts, as
 * `mlffr` searches a rate.
 *
 * The scenario's first host is the server; each of its NICs joined by a
 * [link] straight to another host's NIC is a server port, that host its
 * client host (a NIC without a link is no port).  A trial loads the
 * scenario (with the user's --set), runs it for run.duration with N
 * connections spread round-robin over the ports and reads the result at
 * the end.
 */
#ifndef TB_SPECWEB_SEARCH_H
#define TB_SPECWEB_SEARCH_H

#include "sim/sim.h"
#include "web/specweb_run.h"

/** What every trial shares. */
typedef struct TbSwSearchCfg {
    const char *scenario;              /**< SCENARIO.ini */
    const char *const *sets;           /**< --set, NULL-terminated, or NULL */
    TbSwAppCfg app;                    /**< the application model */
    uint32_t directories;              /**< file set, >= 1 */
    uint64_t rampup_ns;                /**< TbSwRunCfg.rampup_ns */
    uint32_t max_conns;                /**< the search's upper bound,
                                            1..SW_MAX_CONNS */
    uint32_t resolution;               /**< stop when the bounds are this
                                            close, connections, >= 1 */
} TbSwSearchCfg;

/** One trial's outcome. */
typedef struct TbSwTrial {
    uint32_t conns;                    /**< simultaneous connections */
    uint32_t nports;                   /**< server ports */
    char port_name[SW_MAX_PORTS][TB_NAME_LEN]; /**< the server's NICs */
    TbSwResult res;                    /**< conformance, per port */
    TbCpuTime cpu;                     /**< the server's CPU time by
                                            context over the run, ns (all
                                            its CPUs) */
    bool pass;                         /**< >= 99 % conform */
} TbSwTrial;

/** Called after every trial of a search (progress). */
typedef void (*TbSwTrialFn)(void *ctx, const TbSwTrial *t);

/** True if @conforming of @conns is at least 99 %. */
bool tb_sw_passes(uint32_t conforming, uint32_t conns);

/**
 * One trial with @conns connections into *@out.  0, or -1 with *err (the
 * scenario does not load, has a traffic source or a netperf test, no
 * run.duration, no server port, a port's peer is a switch, the run
 * fails).  Deterministic.
 */
int tb_sw_trial(const TbSwSearchCfg *c, uint32_t conns, TbSwTrial *out,
                char **err);

/**
 * The search: a trial at max_conns; if it fails, bisect [0, max_conns]
 * until the bounds are no more than c->resolution apart.  The most
 * connections that passed into *@best (0: none did; max_conns: the bound
 * itself passed) and its trial into *@best_trial (conns 0 if none);
 * @fn (may be NULL) sees every trial.  0, or -1 with *err.
 */
int tb_sw_search(const TbSwSearchCfg *c, TbSwTrialFn fn, void *ctx,
                 uint32_t *best, TbSwTrial *best_trial, char **err);

#endif /* TB_SPECWEB_SEARCH_H */
