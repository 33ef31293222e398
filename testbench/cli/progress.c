/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The progress bar (progress.h). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "cli/progress.h"

#define BAR 30

void tb_progress_init(TbProgress *p, int quiet, const char *unit,
                      double scale)
{
    memset(p, 0, sizeof(*p));
    p->on = !quiet && isatty(STDERR_FILENO);
    p->pct = -1;
    p->unit = unit;
    p->scale = scale;
}

/* " ETA M:SS" from the rate of work since the first draw, or "". */
static void eta(const TbProgress *p, uint64_t done, uint64_t total,
                int64_t now, char *buf, size_t n)
{
    double rate, left;

    buf[0] = 0;
    if (!total || done <= p->done0 || now <= p->t0_us || done >= total) {
        return;
    }
    rate = (double)(done - p->done0) / (double)(now - p->t0_us);
    left = (double)(total - done) / rate / 1e6;
    g_snprintf(buf, n, ", ETA %d:%02d", (int)left / 60, (int)left % 60);
}

void tb_progress_draw(TbProgress *p, uint64_t done, uint64_t total)
{
    int64_t now;
    int pct, prec = p->scale > 1 ? 1 : 0;   /* "1.2 s", "3 frame sizes" */
    char bar[BAR + 1], e[32];

    if (!p->on) {
        return;
    }
    now = g_get_monotonic_time();
    if (!p->t0_us) {
        p->t0_us = now;
        p->done0 = done;
    }
    pct = total ? (int)(done >= total ? 100 : done * 100 / total) : -1;
    if (pct == p->pct && now - p->last_us < 100000) {
        return;
    }
    p->pct = pct;
    p->last_us = now;
    eta(p, done, total, now, e, sizeof(e));
    if (pct >= 0) {
        int fill = pct * BAR / 100;
        memset(bar, '#', (size_t)fill);
        memset(bar + fill, '.', (size_t)(BAR - fill));
        bar[BAR] = 0;
        fprintf(stderr, "\r[%s] %3d%%  %.*f of %.*f %s%s\033[K", bar, pct,
                prec, (double)done / p->scale, prec,
                (double)total / p->scale, p->unit, e);
    } else {
        fprintf(stderr, "\r%.*f %s\033[K", prec, (double)done / p->scale,
                p->unit);
    }
    p->drawn = 1;
}

void tb_progress_clear(TbProgress *p)
{
    if (p->drawn) {
        fprintf(stderr, "\r\033[K");
        fflush(stderr);
    }
    p->drawn = 0;
}
