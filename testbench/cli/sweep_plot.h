/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gnuplot charts of a sweep, one curve per group (a combination of the
 * parameters other than the x axis, e.g. the driver mode), as PNG
 * (pngcairo, else png) and SVG: forwarded pps, RX interrupts/s and CPU
 * shares against offered pps (sweep_plot.c); for a scenario with a
 * [netperf] test, netperf's throughput and both ends' CPU busy against
 * the x axis (sweep_plot_netperf.c).
 */
#ifndef TB_SWEEP_PLOT_H
#define TB_SWEEP_PLOT_H

#include <stdbool.h>

#include <glib.h>

/** One sweep point as plotted (the forwarding charts read the host of
 *  the first traffic source; the netperf charts the test). */
typedef struct TbPlotPoint {
    guint group;               /**< curve index into the group titles */
    double offered_kpps;       /**< offered.pps / 1000 */
    double forwarded_kpps;     /**< host.forwarded_pps / 1000 */
    double rx_irq_per_s;       /**< interrupts/s of the RX interface */
    double cpu_pct[4];         /**< hardirq, softirq, process, idle, % */
    double x;                  /**< netperf: the x axis value */
    double mbit_s;             /**< netperf throughput_mbit_s */
    double np_cpu_pct[2];      /**< local (sender), remote CPU busy, % */
} TbPlotPoint;

/**
 * Write DIR/sweep-plot.dat and DIR/sweep.gp and run @gnuplot on the
 * script in DIR: it draws forwarded.{png,svg}, interrupts.{png,svg} and
 * cpu.{png,svg} under these names (so `gnuplot sweep.gp` in DIR redraws
 * them); if gnuplot fails, none of them is left.  @title heads the charts, @rx_iface names the RX
 * interface.  Returns 0, or -1 with *err set (one line).
 */
int tb_sweep_plot(const char *gnuplot, const char *dir, const char *title,
                  const char *const *groups, guint ngroups,
                  const TbPlotPoint *pts, guint npts, const char *rx_iface,
                  char **err);

/** Write @text to DIR/@name (tb_out_write_file).  0 or -1 with *err. */
int tb_plot_put(const char *dir, const char *name, const char *text,
                char **err);

/** Run @gnuplot on @script in @dir (stdout discarded).  0, or -1 with
 *  *err: "cannot run ..." or "gnuplot failed on DIR/SCRIPT: " and the
 *  last line gnuplot wrote on stderr. */
int tb_plot_run(const char *gnuplot, const char *dir, const char *script,
                char **err);

/** Append @s to @o as a gnuplot double-quoted string literal. */
void tb_plot_gp_str(GString *o, const char *s);

/** Append the gnuplot lines that set the variable pngterm to the PNG
 *  terminal of @w x @h pixels: pngcairo (font sans 10) when gnuplot has
 *  it, else png. */
void tb_plot_pngterm(GString *o, int w, int h);

/** Append "set terminal" (@svg: SVG of @w x @h pixels, white background;
 *  else the pngterm of tb_plot_pngterm) and "set termoption
 *  noenhanced". */
void tb_plot_terminal(GString *o, bool svg, int w, int h);

/** Append the head of one chart: "set output", "set title" and "set
 *  ylabel" of @out, @title and @ylabel (gnuplot strings, tb_plot_gp_str),
 *  then "plot " for the curves to follow. */
void tb_plot_chart_head(GString *o, const char *out, const char *title,
                        const char *ylabel);

/** Every chart of @files (NULL-terminated) is in @dir: 0; else -1 with
 *  *err naming the first missing one, and none of them is left. */
int tb_plot_check(const char *dir, const char *const *files, char **err);

/** Names of the six chart files, NULL-terminated. */
extern const char *const tb_sweep_plot_files[];

struct TbPublished;

/** Write sweep-plot.dat and sweep.gp in @dir and run @gnuplot on them:
 *  throughput.{png,svg} and cpu.{png,svg} of netperf against @xlabel, the
 *  throughput chart with the published curve @pub beside e1klab's (NULL:
 *  none; sweep_published.h).  0, or -1 with *err (no chart left). */
int tb_sweep_plot_netperf(const char *gnuplot, const char *dir,
                          const char *title, const char *xlabel,
                          const char *const *groups, guint ngroups,
                          const TbPlotPoint *pts, guint npts,
                          const struct TbPublished *pub, char **err);

/** Chart files of tb_sweep_plot_netperf, NULL-terminated. */
extern const char *const tb_sweep_netperf_plot_files[];

#endif /* TB_SWEEP_PLOT_H */
