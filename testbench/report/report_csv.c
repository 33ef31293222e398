/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CSV time series: one row per [run] sample interval of simulated time,
 * from the cumulative results the sim hands to its sampler.  Columns:
 *   time_ns, then per interface IFACE_irqs, IFACE_rx_pps, IFACE_tx_pps,
 *   then hardirq_pct, softirq_pct, process_pct, idle_pct, forwarded_pps,
 *   offered_pps.
 * Rates are per second over the interval (integers); CPU shares are
 * percentages of the interval with 2 decimals.  Per-interface rates come
 * from the device model's cumulative totals (GPRC: good frames received,
 * GPTC: good frames transmitted, SDM 13.7), which move continuously; the
 * driver's stats64 are refreshed only by its 2 s watchdog.
 */
#include <inttypes.h>

#include <glib.h>

#include "report/report.h"

struct TbCsv {
    FILE *out;
    uint32_t niface;
    uint64_t t;                       /* time of the previous row, ns */
    TbResults prev;                   /* cumulative values at that row */
};

TbCsv *tb_csv_new(const TbScenario *sc, FILE *out)
{
    TbCsv *c = g_new0(TbCsv, 1);
    c->out = out;
    c->niface = sc->nnics;
    fprintf(out, "time_ns");
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const char *n = sc->nic[i].name;
        fprintf(out, ",%s_irqs,%s_rx_pps,%s_tx_pps", n, n, n);
    }
    fprintf(out, ",hardirq_pct,softirq_pct,process_pct,idle_pct,"
            "forwarded_pps,offered_pps\n");
    return c;
}

static void share(FILE *out, uint64_t part, uint64_t total)
{
    uint64_t h = (tb_ppm(part, total) + 50) / 100;
    fprintf(out, ",%" PRIu64 ".%02" PRIu64, h / 100, h % 100);
}

void tb_csv_sample(TbCsv *c, const TbResults *r)
{
    uint64_t dt = r->sim_ns > c->t ? r->sim_ns - c->t : 0;
    const TbResults *p = &c->prev;
    uint64_t ch = r->cpu.hardirq - p->cpu.hardirq;
    uint64_t cs = r->cpu.softirq - p->cpu.softirq;
    uint64_t cp = r->cpu.process - p->cpu.process;
    uint64_t ci = r->cpu.idle - p->cpu.idle;
    uint64_t tot = ch + cs + cp + ci;

    if (r->sim_ns == r->init_ns || dt == 0) {
        /* the baseline at host ready (tb_sim's first call): no row; the
         * first interval starts here, not at time 0 (driver init) */
        c->prev = *r;
        c->t = r->sim_ns;
        return;
    }
    fprintf(c->out, "%" PRIu64, r->sim_ns);
    for (uint32_t i = 0; i < c->niface && i < TB_MAX_NICS; i++) {
        const TbIfaceResult *a = &r->iface[i], *b = &p->iface[i];
        fprintf(c->out, ",%" PRIu64 ",%" PRIu64 ",%" PRIu64,
                a->interrupts - b->interrupts,
                tb_rate(a->nic.gprc - b->nic.gprc, dt),
                tb_rate(a->nic.gptc - b->nic.gptc, dt));
    }
    share(c->out, ch, tot);
    share(c->out, cs, tot);
    share(c->out, cp, tot);
    share(c->out, ci, tot);
    fprintf(c->out, ",%" PRIu64 ",%" PRIu64 "\n",
            tb_rate(r->forwarded - p->forwarded, dt),
            tb_rate(r->offered - p->offered, dt));
    c->prev = *r;
    c->t = r->sim_ns;
}

void tb_csv_free(TbCsv *c)
{
    g_free(c);
}
