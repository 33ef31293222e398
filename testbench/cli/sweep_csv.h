/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.csv of `e1klab sweep` (sweep.h): one row per point, read from the
 * point reports DIR/point-NNNN.json, plus the points of the charts
 * (sweep_plot.h).  Column list in docs/sweep-and-check.md.
 */
#ifndef TB_SWEEP_CSV_H
#define TB_SWEEP_CSV_H

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cli/sweep_plot.h"
#include "cli/sweep_run.h"

/**
 * Read every point's report; write DIR/sweep.csv (all-or-nothing,
 * cli_out.h): point, the axes, with a [netperf] test (s->netperf) its
 * figures, then each host's columns (prefixed "NAME." in a network of
 * named hosts), with s->published the published throughput at the
 * point's x (published_mbit_s, empty where the curve has none); fill @pts (s->grid->npoints entries: the forwarding
 * figures of the host of the first traffic source, netperf's, the x axis
 * value) and @groups (char * curve titles, g_free'd by the array: the
 * values of the axes other than the x axis, first appearance order).
 * *rx_iface gets the first source's NIC (else the first interface;
 * g_free).  Returns 0, or -1 with *err ("point N: ..." for a missing or
 * malformed report).
 */
int tb_sweep_combine(const TbSweep *s, TbPlotPoint *pts, GPtrArray *groups,
                     char **rx_iface, char **err);

/** Append @v to @o as one CSV field (quoted if it holds a comma, quote
 *  or newline). */
void tb_sweep_csv_field(GString *o, const char *v);

/** Point @i's report (DIR/point-NNNN.json) parsed, or NULL with *err
 *  "point N: ..." (missing or malformed). */
JsonNode *tb_sweep_point_load(const TbSweep *s, guint i, char **err);

/** The number at report path @path of point @i's report @root into *@v.
 *  0, or -1 with *err "point N report: ..." (report_path.h). */
int tb_sweep_point_number(JsonNode *root, const char *path, guint i,
                          double *v, char **err);

/** The string at report path @path of @root; "" if none or not a
 *  string. */
const char *tb_sweep_str_at(JsonNode *root, const char *path);

/** Append ",KEY" for each axis of the grid (CSV fields). */
void tb_sweep_csv_axis_keys(GString *o, const TbSweep *s);

/** Append point @i's number and ",VALUE" for each axis (CSV fields). */
void tb_sweep_csv_axis_values(GString *o, const TbSweep *s, guint i);

/** Append ",P.PPPP": @ppm (parts per million, >= 0) as a percentage
 *  with 4 decimals. */
void tb_sweep_csv_pct(GString *o, gint64 ppm);

/** Index in @groups of point @i's curve (its title: the values of the
 *  axes other than s->load_axis, else @mode, else the scenario's file
 *  name without ".ini"), added if new. */
guint tb_sweep_group_of(const TbSweep *s, guint i, const char *mode,
                        GPtrArray *groups);

#endif /* TB_SWEEP_CSV_H */
