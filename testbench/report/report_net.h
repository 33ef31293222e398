/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reports of a run of several hosts (sim/net.h): every host's own report
 * (report.h) under its name, the links' counters, and the [netperf]
 * test's result as netperf prints it (text: its TCP_STREAM result
 * table; JSON: the `netperf` object, docs/report-schema.md, "Several
 * hosts").  Numbers come from the topology and the results only, so the
 * same run gives byte-identical reports.
 */
#ifndef TB_REPORT_NET_H
#define TB_REPORT_NET_H

#include <stdio.h>

#include "kernel/k_netperf.h"
#include "scenario/topology.h"
#include "sim/link.h"
#include "sim/sim.h"

/** Everything a report of several hosts reads (borrowed pointers). */
typedef struct TbNetReport {
    const TbTopology *t;                    /**< the scenario */
    const TbResults *res[TB_MAX_HOSTS];     /**< results of host h */
    const TbLinkDirStats *link[TB_MAX_LINKS][2]; /**< link i, a->b, b->a */
    const TbNetperfStats *np;               /**< [netperf] counters, or NULL */
} TbNetReport;

/** netperf's figures of a test: its elapsed time (connection up at the
 *  sender, UDP: its first sendto(), to the end of the run), and the throughput netperf prints:
 *  bytes received x 8 / elapsed, in 10^6 bit/s. */
typedef struct TbNetperfFigures {
    uint64_t elapsed_ns;
    double throughput_mbit_s;
    double send_throughput_mbit_s;  /**< bytes sent x 8 / elapsed (the
                                         UDP_STREAM sender's line) */
    double local_cpu_util_pct;      /**< sender's CPU busy over the run
                                         from host ready, % (netperf -c) */
    double remote_cpu_util_pct;     /**< the receiver's (netperf -C) */
    double send_service_demand_us_per_kb; /**< sender's CPU time per KB
                                         (1024 bytes) sent, us */
    double recv_service_demand_us_per_kb; /**< receiver's per KB
                                         received, us */
} TbNetperfFigures;

/** The figures of the [netperf] test of @nr (zero without one or if the
 *  connection never opened). */
void tb_netperf_figures(const TbNetReport *nr, TbNetperfFigures *f);

/** Write the text report: each host's report under a "Host NAME" rule,
 *  the links, then netperf's result table. */
void tb_report_net_text(FILE *out, const TbNetReport *nr);

/** The JSON report (pretty-printed, trailing newline): schema, scenario,
 *  "hosts" (each host's report object of tb_report_json under "name" and
 *  "report"), "links", "netperf".  g_free() the result. */
char *tb_report_net_json(const TbNetReport *nr);

#endif /* TB_REPORT_NET_H */
