/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Running the points of `e1klab sweep` (sweep.h): each point is an
 * `e1klab run SCENARIO --set ... --json DIR/point-NNNN.json --quiet`
 * child process of this executable, at most TbSweep.jobs at a time.
 */
#ifndef TB_SWEEP_RUN_H
#define TB_SWEEP_RUN_H

#include <glib.h>

#include "cli/sweep_grid.h"

/** One sweep: what every step of the command reads. */
typedef struct TbSweep {
    const char *scenario;      /**< SCENARIO.ini as given */
    char **sets;               /**< user --set, before the point's */
    TbSweepGrid *grid;         /**< the --param axes */
    char *dir;                 /**< output directory */
    char *exe;                 /**< this executable, for the children */
    int jobs;                  /**< children at a time, 1..64 */
    int quiet;                 /**< no progress lines */
    int load_axis;             /**< index of the offered-load axis, -1 */
} TbSweep;

/** DIR/point-NNNN.json of point @i (NNNN: @i, 4 digits or more);
 *  g_free. */
char *tb_sweep_point_json(const TbSweep *s, guint i);

/** argv of the `e1klab run` of point @i, with @exe as argv[0];
 *  NULL-terminated, g_strfreev. */
char **tb_sweep_point_argv(const TbSweep *s, const char *exe, guint i);

/** Load every point's scenario (parse only) so that a bad value is found
 *  before anything runs.  0, or -1 with *err ("point N (LABEL): ..."). */
int tb_sweep_validate(const TbSweep *s, char **err);

/**
 * Run all points, s->jobs at a time, each child's stdout to /dev/null and
 * its stderr kept for the message.  After the first failing point no new
 * point starts; those running finish.  Returns 0, or the failing point's
 * exit status (1 if it died of a signal or could not start) with *err
 * naming the point and its last stderr line.
 */
int tb_sweep_run_points(const TbSweep *s, char **err);

#endif /* TB_SWEEP_RUN_H */
