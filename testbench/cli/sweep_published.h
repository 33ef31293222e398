/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A published curve for the charts of a sweep of several hosts
 * (`e1klab sweep --published FILE`, docs/sweep-and-check.md): a text file
 * of one "X Y" pair per line (decimal numbers: the x axis value, e.g. the
 * message size, and the throughput in 10^6 bit/s), '#' comments and blank
 * lines ignored, and "# title: TEXT" naming the curve ("published" if
 * absent).  The throughput chart draws it beside e1klab's curves and
 * sweep.csv gains its value at each point's x.
 */
#ifndef TB_SWEEP_PUBLISHED_H
#define TB_SWEEP_PUBLISHED_H

#include <stdbool.h>

#include <glib.h>

/** The curve: @n points in file order. */
typedef struct TbPublished {
    char *title;               /**< the curve's title */
    guint n;                   /**< points */
    double *x, *y;             /**< x axis value, 10^6 bit/s */
} TbPublished;

/**
 * Load @path.  NULL with *err set ("FILE:LINE: ..." for a line that is
 * not two numbers or repeats an x; "FILE: ..." if it cannot be read or
 * has no point).
 */
TbPublished *tb_published_load(const char *path, char **err);

/** The y of @p at @x (exactly), into *@y: true if there is one. */
bool tb_published_at(const TbPublished *p, double x, double *y);

void tb_published_free(TbPublished *p);

#endif /* TB_SWEEP_PUBLISHED_H */
