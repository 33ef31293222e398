/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab sweep`: run a scenario over a parameter grid (sweep_grid.h),
 * one `e1klab run` process per point, and combine the per-point JSON
 * reports into a CSV and gnuplot charts (docs/sweep-and-check.md).
 *
 *   e1klab sweep SCENARIO.ini --param KEY=LIST|START:STOP:STEP ...
 *                [--jobs N] [--out DIR] [--set SECTION.KEY=VALUE ...]
 *                [--emit-jobs [--exe PROGRAM]] [--collect] [--no-plot]
 *                [--quiet]
 *
 * Output in DIR (default "sweep-NAME", NAME the scenario file's base
 * name): point-NNNN.json (NNNN = point index from 0, 4 digits or more),
 * sweep.csv (one row per point, in point order), and when the grid has an
 * offered-load axis (a traffic*.pps or traffic*.mbps key) forwarded.png/
 * .svg, interrupts.png/.svg and cpu.png/.svg plus the data and the
 * gnuplot script that drew them (sweep-plot.dat, sweep.gp).
 *
 * Each point is an independent deterministic run, so the results do not
 * depend on --jobs.  Exit status: 0 success; 2 bad input (bad --param,
 * a point whose scenario does not load, gnuplot missing when plots are
 * due); a failing point's own exit status (1 if it died of a signal)
 * with one line naming the point; sweep.csv is written (atomically) only
 * when every point succeeded.
 */
#ifndef TB_SWEEP_H
#define TB_SWEEP_H

/** The `sweep` command; @argv[0] is "sweep".  Returns the exit status. */
int tb_cmd_sweep(int argc, char **argv);

#endif /* TB_SWEEP_H */
