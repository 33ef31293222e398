/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The parameter grid of `e1klab sweep`: each --param KEY=SPEC gives one
 * axis, the grid is their cartesian product.
 *
 *   KEY   a scenario key as for --set ("traffic.pps", "driver.mode",
 *         "nic.eth0.RxIntDelay")
 *   SPEC  LIST: comma-separated values ("legacy,napi-twist,napi"), or
 *         START:STOP:STEP: decimal numbers, inclusive of STOP when it is
 *         on the step ("50000:1000000:50000", "0.5:2:0.25").  Ranges use
 *         exact decimal arithmetic (scaled 64-bit integers), so labels
 *         never show float drift: 0.1:0.3:0.1 gives 0.1, 0.2, 0.3.
 *
 * A paired axis sets several keys together: KEY1+KEY2=V1+W1,V2+W2 (keys
 * and each value of a LIST joined by '+') is one axis whose point i sets
 * KEY1=Vi and KEY2=Wi, e.g. each driver mode with its own RxIntDelay:
 * "driver.mode+driver.RxIntDelay=legacy+64,napi+1".
 *
 * Points are numbered from 0 in nested-loop order: the first --param
 * varies slowest, the last fastest.
 */
#ifndef TB_SWEEP_GRID_H
#define TB_SWEEP_GRID_H

#include <glib.h>

/** Upper bound on the number of points of a grid. */
#define TB_SWEEP_MAX_POINTS 100000u

/** One axis. */
typedef struct TbSweepParam {
    char *key;                 /**< "section.key" (as for --set) */
    GPtrArray *values;         /**< char * labels, in order */
} TbSweepParam;

/** The grid. */
typedef struct TbSweepGrid {
    GPtrArray *params;         /**< TbSweepParam *, in --param order */
    guint npoints;             /**< product of the axis lengths */
} TbSweepGrid;

/**
 * Expand START:STOP:STEP (decimal numbers, at most 9 fraction digits and
 * 18 significant digits) into labels appended to @out.  STEP must be
 * non-zero and point from START towards STOP (or START == STOP).
 * Returns 0, or -1 with *err set; at most @max values.
 */
int tb_sweep_range(const char *start, const char *stop, const char *step,
                   guint max, GPtrArray *out, char **err);

/**
 * Parse the --param specs @specs (NULL-terminated "KEY=SPEC" strings)
 * into a grid.  Errors (one line, naming the --param): no '=', a key
 * without a section, an empty value, a value given twice, a key given
 * twice, a bad range, more than TB_SWEEP_MAX_POINTS points, no --param.
 * Returns the grid or NULL with *err set.
 */
TbSweepGrid *tb_sweep_grid_new(const char *const *specs, char **err);

void tb_sweep_grid_free(TbSweepGrid *g);

/** The value of axis @axis at point @point (owned by the grid). */
const char *tb_sweep_value(const TbSweepGrid *g, guint point, guint axis);

/** The --set strings of point @point: NULL-terminated "KEY=VALUE" array
 *  in axis order (a paired axis gives one per key); g_strfreev() it. */
char **tb_sweep_point_sets(const TbSweepGrid *g, guint point);

/** "KEY=VALUE ..." of axis @axis at point @point (one per key of a paired
 *  axis), for curve titles; g_free() it. */
char *tb_sweep_axis_text(const TbSweepGrid *g, guint point, guint axis);

/** "KEY=VALUE KEY=VALUE" of point @point, for messages; g_free() it. */
char *tb_sweep_point_label(const TbSweepGrid *g, guint point);

#endif /* TB_SWEEP_GRID_H */
