/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Reports of a run: text (stdout), JSON (stable schema, docs/report-schema.md)
 * and a CSV time series per host.  A run's report (TbRunReport) is made
 * of each host's report (from its TbScenario view and TbResults), the
 * links' counters and the [netperf] test's result.  Nothing reads a wall
 * clock, so the same run gives byte-identical reports.
 */
#ifndef TB_REPORT_H
#define TB_REPORT_H

#include <stdio.h>

#include <json-glib/json-glib.h>

#include "kernel/k_netperf.h"
#include "scenario/scenario.h"
#include "scenario/topology.h"
#include "sim/link.h"
#include "sim/sim.h"

/** Version string of the JSON schema ("e1klab-report/1"). */
#define TB_REPORT_SCHEMA "e1klab-report/1"

/** netstat -i columns of one interface (net-tools mapping of
 *  rtnl_link_stats64: RX-OVR = rx_fifo_errors, TX-OVR = tx_fifo_errors). */
typedef struct TbNetstatRow {
    uint64_t rx_ok, rx_err, rx_drp, rx_ovr, tx_ok, tx_err, tx_drp, tx_ovr;
} TbNetstatRow;

/** Drops by cause, frames (TbDerived.drops; docs/report-schema.md). */
typedef struct TbDrops {
    uint64_t missed;         /**< NIC packet buffer full (MPC, SDM 13.7) */
    uint64_t filtered, disabled, bad_size; /**< NIC: address filter,
                                  receiver off, size (TbResults) */
    uint64_t backlog;        /**< netif_rx backlog full */
    uint64_t no_route, ip;   /**< IPv4: no route; input drops */
    uint64_t qdisc;          /**< txqueuelen overflow, all interfaces */
    uint64_t socket;         /**< UDP sink receive buffer full */
} TbDrops;

/** Quantities derived from the results (rates, shares, accounting). */
typedef struct TbDerived {
    uint64_t window_ns;      /**< first offered frame to end of run, ns;
                                  with from_ready, host ready (init_ns)
                                  to end of run */
    int from_ready;          /**< 1: no traffic source (a host of a
                                  scenario with several): window_ns,
                                  forwarded_pps and sink_payload_bps are
                                  over the run from host ready */
    uint64_t offered_window_ns; /**< first to last offered frame (their
                                  arrivals), ns */
    uint64_t offered_pps;    /**< (offered-1) / offered window */
    uint64_t offered_bps;    /**< offered_pps x mean frame bits incl. FCS */
    uint64_t forwarded_pps;  /**< forwarded / offered x offered_pps: the
                                  offered window's rate scaled by the share
                                  forwarded (= offered_pps when none is
                                  lost); 0 with fewer than 2 frames */
    uint64_t sink_payload_bps; /**< sink_bytes x 8 over the offered window,
                                  scaled as forwarded_pps (from_ready:
                                  over window_ns) */
    uint64_t delivered;      /**< forwarded + sink_datagrams */
    uint64_t loss_ppm;       /**< (offered - delivered) / offered, parts
                                  per million (0 if nothing offered) */
    TbDrops drops;           /**< per cause */
    int capped;              /**< 1 if a source was capped to line rate
                                  (tb_source_capped) */
    uint64_t cpu_total_ns;   /**< hardirq + softirq + process + idle */
    uint64_t hardirq_ppm, softirq_ppm, process_ppm, idle_ppm; /**< shares,
                                parts per million of cpu_total_ns */
    uint64_t nic_sum;        /**< queued+filtered+disabled+overrun+bad_size */
    int nic_balanced;        /**< 1 if nic_sum == offered */
    uint64_t qdisc_drops;    /**< sum over interfaces */
    uint64_t lro_merged;     /**< frames LRO merged into an earlier
                                  frame of their session, summed over
                                  every queue: lro_aggregated -
                                  lro_flushed (each session counts its
                                  first frame in both; inet_lro's
                                  counters).  They reach TCP inside the
                                  merged frame, not on their own */
    int64_t host_other;      /**< rx_queued - (forwarded + local_delivered +
                                  backlog_drops + no_route + ip_dropped +
                                  qdisc_drops + lro_merged):
                                  frames still in the host at the end (in
                                  rings, backlog, qdiscs) or dropped
                                  elsewhere; may be negative if a frame was
                                  forwarded twice (never expected) */
} TbDerived;

/** Compute *d from @sc and @r. */
void tb_report_derive(const TbScenario *sc, const TbResults *r,
                      TbDerived *d);

/**
 * Whether source @t with counters @st asked for more than its NIC's line
 * rate: at a pps, mbps or captured pace, its scheduled frames per second
 * ((offered - 1) / scheduled span) above the line rate for its mean frame
 * size incl. FCS (link_mbps x 1e6 / ((mean + 20) x 8): preamble, SFD and
 * inter-frame gap, [IEEE-802.3]); the wire then spaced them at line rate.
 * *@asked_pps and *@line_pps (may be NULL) get both rates, rounded.
 * 0 for topspeed, for fewer than 2 frames and for a schedule spanning no
 * time (every frame due at once, as topspeed; also the QEMU backend's,
 * which reports no schedule).
 */
int tb_source_capped(const TbScenario *sc, const TbTrafficCfg *t,
                     const TbSourceStats *st, uint64_t *asked_pps,
                     uint64_t *line_pps);

/** The stderr line of a capped source (tb_source_capped), "" if none:
 *  g_free() it. */
char *tb_source_capped_line(const TbScenario *sc, const TbTrafficCfg *t,
                            const TbSourceStats *st);

/** The MTU of NIC @c, bytes (1500 for NULL or unset). */
uint32_t tb_report_mtu(const TbNicCfg *c);

/** netstat -i row of interface @i. */
void tb_report_netstat_row(const TbIfaceResult *ifr, TbNetstatRow *row);

/** Rate in units per second of @count events over @ns ns (0 if ns is 0),
 *  rounded to the nearest integer. */
uint64_t tb_rate(uint64_t count, uint64_t ns);

/** Parts per million of @part in @total (0 if total is 0), rounded. */
uint64_t tb_ppm(uint64_t part, uint64_t total);

/** Write the text report (summary, netstat -i table, /proc/interrupts,
 *  per-interface details) to @out. */
void tb_report_text(FILE *out, const TbScenario *sc, const TbResults *r);

/** The JSON report (pretty-printed, keys in the documented order, a
 *  trailing newline).  g_free() the result. */
char *tb_report_json(const TbScenario *sc, const TbResults *r);
/** The members of that report object added to @b, inside an object the
 *  caller opened (a host's report in the report of a run of named
 *  hosts). */
void tb_report_json_members(JsonBuilder *b, const TbScenario *sc,
                            const TbResults *r);
/** @b's tree as report text: pretty-printed, 2-space indent, the
 *  fixed-point keys (loss_ratio, throughput_mbit_s) written with their
 *  decimals, a trailing newline (g_free). */
char *tb_report_json_text(JsonBuilder *b);

/* ---- the report of a run (report_run.c, report_netperf.c) ---- */

/** Everything the report of a run reads (borrowed pointers; the arrays
 *  belong to the view: tb_run_report_init / tb_run_report_clear). */
typedef struct TbRunReport {
    const TbTopology *t;              /**< the scenario */
    const TbResults **res;            /**< host h's results (t->nhosts) */
    const TbLinkDirStats *(*link)[2]; /**< link i's a->b, b->a
                                           (t->nlinks) */
    const TbNetperfStats *np;         /**< [netperf] counters, or NULL */
    const TbNetperfStats **stream;    /**< [netperf.NAME] counters
                                           (t->nstreams), or NULL */
    const TbSim *sim;                 /**< its kernel logs, or NULL */
} TbRunReport;

/** The view of the finished run @sim. */
void tb_run_report_init(TbRunReport *rr, const TbSim *sim);
void tb_run_report_clear(TbRunReport *rr);

/**
 * The text report of a run: each host's report (tb_report_text) in file
 * order -- a named host's under a "==== host NAME ====" rule, followed by
 * a blank line; the unnamed host of a file without [host.NAME] followed
 * by the last lines of its kernel log --, then, in a scenario of named
 * hosts, the links' counters, then netperf's result table.
 */
void tb_report_run_text(FILE *out, const TbRunReport *rr);

/**
 * The JSON report of a run (pretty-printed, trailing newline): the
 * unnamed host's report object (tb_report_json) for a file without
 * [host.NAME]; else schema, scenario, "hosts" (each host's report object
 * under "name" and "report"), "links" and, with a test, "netperf".
 * g_free() the result.
 */
char *tb_report_run_json(const TbRunReport *rr);

/** netperf's figures of a test: its elapsed time (connection up at the
 *  sender, UDP: its first sendto(), to the end of the run), and the
 *  throughput netperf prints: bytes received x 8 / elapsed, in 10^6
 *  bit/s. */
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

/** The figures of the [netperf] test of @rr (zero without one or if the
 *  connection never opened). */
void tb_netperf_figures(const TbRunReport *rr, TbNetperfFigures *f);
/** The same of test @c with counters @st (a [netperf.NAME] stream). */
void tb_netperf_figures_of(const TbRunReport *rr, const TbNetperfSecCfg *c,
                           const TbNetperfStats *st, TbNetperfFigures *f);
/** netperf's CPU figures of a host's results @r (-c/-C): utilisation of
 *  all its CPUs in % (2 decimals) and service demand over @bytes, us of
 *  CPU per KB (3 decimals). */
void tb_netperf_cpu_figures(const TbResults *r, uint64_t bytes,
                            double *util, double *sd);
/** The streams' table (report_streams.c; nothing without [netperf.NAME]):
 *  a line per stream and the total, ... */
void tb_report_streams_text(FILE *out, const TbRunReport *rr);
/** ... the JSON `streams` and `streams_total` members ... */
void tb_report_streams_json(JsonBuilder *b, const TbRunReport *rr);
/** ... and a CSV table (header, a row per stream, a "total" row). */
void tb_report_streams_csv(FILE *out, const TbRunReport *rr);
/** netperf's banner and result table (the test of @rr, which has one). */
void tb_report_netperf_text(FILE *out, const TbRunReport *rr);
/** The `netperf` member (docs/report-schema.md) added to @b. */
void tb_report_netperf_json(JsonBuilder *b, const TbRunReport *rr);

/** The switches' port tables (report_switch.c; nothing without
 *  switches): text after the links, ... */
void tb_report_switch_text(FILE *out, const TbRunReport *rr);
/** ... the JSON `switches` member (docs/report-schema.md) ... */
void tb_report_switch_json(JsonBuilder *b, const TbRunReport *rr);
/** ... and a CSV table, a row per port of every switch (header first). */
void tb_report_switch_csv(FILE *out, const TbRunReport *rr);

/** CSV time series writer. */
typedef struct TbCsv TbCsv;

/** Start a CSV on @out (header written now) for scenario @sc. */
TbCsv *tb_csv_new(const TbScenario *sc, FILE *out);
/** Cumulative results @r at an interval boundary: one row (deltas since
 *  the previous row), or, for a quiet interval (docs/report-schema.md),
 *  none yet: a stretch of them gives one row when it ends. */
void tb_csv_sample(TbCsv *csv, const TbResults *r);
/** Write the row of a quiet stretch still held (at the end of the run,
 *  after a last tb_csv_sample() with the final results: the part interval
 *  up to the run's end). */
void tb_csv_finish(TbCsv *csv);
/** Free the writer (the FILE stays open). */
void tb_csv_free(TbCsv *csv);

#endif /* TB_REPORT_H */
