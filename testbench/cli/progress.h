/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The progress bar of `run`, `sweep` and `mlffr` on stderr:
 *   [##########..............................]  25%  1.2 of 4.8 s simulated, ETA 0:07
 * drawn only when stderr is a terminal and --quiet is not given.  The ETA
 * is the only use of the wall clock: it goes to the terminal, never into
 * a result.
 */
#ifndef TB_PROGRESS_H
#define TB_PROGRESS_H

#include <stdint.h>

/** One bar. */
typedef struct TbProgress {
    int on;                    /**< drawing at all */
    int drawn;                 /**< a line is on the terminal */
    int pct;                   /**< last percentage drawn, -1 none */
    int64_t t0_us;             /**< wall clock at the first draw */
    uint64_t done0;            /**< work done at the first draw */
    int64_t last_us;           /**< wall clock of the last draw */
    const char *unit;          /**< "s simulated", "frame sizes" */
    double scale;              /**< divisor of done/total for display */
} TbProgress;

/**
 * Set up *@p: on iff @quiet is 0 and stderr is a terminal.  Done and
 * total are shown divided by @scale with @unit after them (1e9,
 * "s simulated": ns as seconds).
 */
void tb_progress_init(TbProgress *p, int quiet, const char *unit,
                      double scale);

/**
 * Draw @done of @total (same unit; @total 0: unknown, no bar or ETA),
 * at most every 100 ms of wall clock unless the percentage changed.
 */
void tb_progress_draw(TbProgress *p, uint64_t done, uint64_t total);

/** Erase the line drawn (if any), so that what follows starts clean. */
void tb_progress_clear(TbProgress *p);

#endif /* TB_PROGRESS_H */
