/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Running the points of `e1klab sweep` (sweep.h): each point is an
 * `e1klab run SCENARIO --set ... --json DIR/point-NNNN.json --quiet`
 * child process of this executable, at most TbSweep.jobs at a time.
 */
#ifndef TB_SWEEP_RUN_H
#define TB_SWEEP_RUN_H

#include <stdint.h>

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
    int load_axis;             /**< index of the charts' x axis: the
                                    offered-load axis, or with a
                                    [netperf] test the first axis of
                                    numbers; -1 */
    int netperf;               /**< the scenario has a [netperf] test:
                                    its columns and charts */
    uint64_t *expect_ns;       /**< per point, its expected simulated time
                                    (tb_scenario_expected_ns, filled by
                                    tb_sweep_validate), for the progress
                                    bar; NULL: none */
    const struct TbPublished *published; /**< --published: a curve for the
                                    netperf charts (sweep_published.h),
                                    NULL: none */
} TbSweep;

/** DIR/point-NNNN.json of point @i (NNNN: @i, 4 digits or more);
 *  g_free. */
char *tb_sweep_point_json(const TbSweep *s, guint i);

/** argv of the `e1klab run` of point @i, with @exe as argv[0];
 *  NULL-terminated, g_strfreev. */
char **tb_sweep_point_argv(const TbSweep *s, const char *exe, guint i);

/** Load every point's scenario (parse only, tb_topology_load) so that a
 *  bad value is found before anything runs; the files each point reads
 *  (tb_scenario_inputs of every host) are appended to @inputs
 *  (g_strdup'd; NULL: not wanted).  0, or -1 with *err ("point N
 *  (LABEL): ..."). */
int tb_sweep_validate(const TbSweep *s, GPtrArray *inputs, char **err);

/**
 * Run all points, s->jobs at a time (on a terminal without --quiet a
 * progress bar of the expected simulated time of the points done, else a
 * line per point unless --quiet), each child's stdout to /dev/null and
 * its stderr kept for the message.  Each child gets SIGTERM when the
 * sweep process ends (prctl PR_SET_PDEATHSIG).  After the first failing
 * point no new point starts; those running finish, then every point
 * report is removed (no partial sweep is left).  Returns 0, or the
 * failing point's exit status (1 if it died of a signal or could not
 * start) with *err naming the point and its last stderr line.
 * A SIGINT, SIGTERM or SIGHUP (not ignored) sent to the sweep during the
 * run is forwarded to every child; once all have ended, the point
 * reports are removed and the process ends by the same signal.
 */
int tb_sweep_run_points(const TbSweep *s, char **err);

/**
 * DIR/sweep-grid.txt, the record of the grid the point reports come
 * from: the scenario's base name, the --set overrides, then per point
 * the --set of its axes ("point 3 traffic.pps=400000 driver.mode=napi").
 * tb_sweep_grid_write() writes it (when points are run or emitted);
 * tb_sweep_grid_check() (--collect) refuses a DIR whose record is missing
 * or differs from this sweep's grid: 0, or -1 with *err naming the first
 * line that differs.
 */
int tb_sweep_grid_write(const TbSweep *s, char **err);
int tb_sweep_grid_check(const TbSweep *s, char **err);

/** Remove DIR/point-NNNN.json of every point (missing ones ignored). */
void tb_sweep_remove_points(const TbSweep *s);

#endif /* TB_SWEEP_RUN_H */
