/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sweep.csv of `e1klab sweep` (sweep.h): one row per point, read from the
 * point reports DIR/point-NNNN.json, plus the points of the charts
 * (sweep_plot.h).  Column list in docs/sweep-and-check.md.
 */
#ifndef TB_SWEEP_CSV_H
#define TB_SWEEP_CSV_H

#include <glib.h>

#include "cli/sweep_plot.h"
#include "cli/sweep_run.h"

/**
 * Read every point's report; write DIR/sweep.csv (all-or-nothing,
 * cli_out.h); fill @pts (s->grid->npoints entries) and @groups (char *
 * curve titles, g_free'd by the array: the values of the non-load axes,
 * first appearance order).  *rx_iface gets the first source's NIC (else
 * the first interface; g_free).  Returns 0, or -1 with *err ("point N:
 * ..." for a missing or malformed report).
 */
int tb_sweep_combine(const TbSweep *s, TbPlotPoint *pts, GPtrArray *groups,
                     char **rx_iface, char **err);

/** Append @v to @o as one CSV field (quoted if it holds a comma, quote
 *  or newline). */
void tb_sweep_csv_field(GString *o, const char *v);

/** Index in @groups of point @i's curve (its title: the values of the
 *  axes other than s->load_axis, else @mode, else "run"), added if new. */
guint tb_sweep_group_of(const TbSweep *s, guint i, const char *mode,
                        GPtrArray *groups);

#endif /* TB_SWEEP_CSV_H */
