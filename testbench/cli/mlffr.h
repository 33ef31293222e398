/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * `e1klab mlffr`: RFC 2544 throughput (section 26.1) of a scenario per
 * frame size -- the highest offered rate whose loss is at or below the
 * tolerance -- by a binary search over trials (mlffr_search.h), and
 * RFC 2544's table (frame size, frames/s, Mbit/s, % of line rate) on
 * stdout, as a CSV and as a gnuplot chart (docs/sweep-and-check.md).
 *
 *   e1klab mlffr SCENARIO.ini [--sizes 64,128,256,512,1024,1280,1518]
 *                [--loss PCT] [--trial-frames N] [--resolution PCT]
 *                [--jobs N] [--out DIR] [--set ...] [--no-plot] [--quiet]
 *
 * --sizes: up to 32 sizes, 64..16128 bytes, each once; a size above the
 * smallest MTU of the scenario's NICs + 18 gets a note on stderr (such
 * frames are dropped: 0 frames/s).
 *
 * Output in DIR (default "mlffr-NAME"): mlffr.csv and, unless --no-plot,
 * mlffr.gp and the chart it draws, mlffr.png and mlffr.svg.  The result
 * does not depend on --jobs.  Exit status: 0, or 2 (bad input, a trial
 * that failed) with one line on stderr and no output file left.
 */
#ifndef TB_MLFFR_H
#define TB_MLFFR_H

/** The `mlffr` command; @argv[0] is "mlffr".  Returns the exit status. */
int tb_cmd_mlffr(int argc, char **argv);

#endif /* TB_MLFFR_H */
