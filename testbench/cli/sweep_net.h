/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab sweep` of a scenario with several hosts and a [netperf] test
 * (sweep.h): sweep.csv from the point reports (docs/report-schema.md,
 * "Several hosts") and the charts of netperf's throughput and both
 * hosts' CPU against the x axis (the first --param axis whose values are
 * all numbers, e.g. netperf.message_size).  Columns in
 * docs/sweep-and-check.md.
 */
#ifndef TB_SWEEP_NET_H
#define TB_SWEEP_NET_H

#include <glib.h>

#include "cli/sweep_run.h"

/** One point of the netperf charts. */
typedef struct TbNetPlotPoint {
    guint group;               /**< curve index into the group titles */
    double x;                  /**< the x axis value */
    double mbit_s;             /**< netperf throughput_mbit_s */
    double cpu_pct[2];         /**< local (sender), remote CPU busy, % */
} TbNetPlotPoint;

/** Chart files the netperf plot writes in DIR, NULL-terminated. */
extern const char *const tb_sweep_net_plot_files[];

/** The x axis of a sweep of several hosts: the first axis whose values
 *  all parse as numbers; -1 if none. */
int tb_sweep_net_x_axis(const TbSweepGrid *g);

/**
 * Read every point's report; write DIR/sweep.csv (all-or-nothing): point,
 * the axes, the netperf figures (test, throughput, CPU utilizations,
 * service demands, bytes and calls), each host's CPU shares and, with
 * s->published, the published throughput at the point's x; fill
 * @pts (s->grid->npoints entries; x from axis s->load_axis) and @groups
 * (curve titles: the other axes' values).  0, or -1 with *err.
 */
int tb_sweep_net_combine(const TbSweep *s, TbNetPlotPoint *pts,
                         GPtrArray *groups, char **err);

struct TbPublished;

/** Write sweep-plot.dat and sweep.gp in @dir and run @gnuplot on them:
 *  throughput.{png,svg} and cpu.{png,svg} against @xlabel, the
 *  throughput chart with the published curve @pub beside e1klab's (NULL:
 *  none; sweep_published.h).  0, or -1 with *err (no chart left). */
int tb_sweep_net_plot(const char *gnuplot, const char *dir,
                      const char *title, const char *xlabel,
                      const char *const *groups, guint ngroups,
                      const TbNetPlotPoint *pts, guint npts,
                      const struct TbPublished *pub, char **err);

#endif /* TB_SWEEP_NET_H */
