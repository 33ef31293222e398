/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CSV time series: rows over [run] sample intervals of simulated time,
 * from the cumulative results the sim hands to its sampler.  Columns:
 *   time_ns, time_rel_ns (since the first frame's arrival; empty before
 *   it; without a traffic source, a host of several: since host ready),
 *   then per interface IFACE.irqs, IFACE.rx_pps, IFACE.tx_pps and the
 *   drops IFACE.missed (MPC), IFACE.no_buffer (RNBC, SDM 13.7),
 *   IFACE.qdisc_drops, then hardirq_pct, softirq_pct, process_pct,
 *   idle_pct, forwarded_pps, offered_pps, backlog_drops, sink_drops,
 *   then for each queue Q of a multiqueue NIC (the 82598EB) IFACE.qQ.irqs,
 *   IFACE.qQ.rx_pps, IFACE.qQ.tx_pps and IFACE.qQ.polls (absent for the
 *   e1000: its rows are as before).
 * Drops are counts in the interval (they sum to the report's totals; the
 * sweep CSV uses the same names for them); rates are per second over the
 * interval (integers); CPU shares are
 * percentages of the interval with 2 decimals.  Quiet intervals (no
 * interrupt, frame received, transmitted, offered or forwarded, no
 * softirq or process time: the CPU only idled and took timer ticks) in a
 * row are written as one row at the end of the last of them, over that
 * whole stretch (docs/report-schema.md); the sim may then hand over only
 * the stretch's last boundary.  Per-interface rates come
 * from the device model's cumulative totals (GPRC: good frames received,
 * GPTC: good frames transmitted, SDM 13.7), which move continuously; the
 * driver's stats64 are refreshed only by its 2 s watchdog.
 */
#include <stdbool.h>

#include <glib.h>

#include "report/report.h"

struct TbCsv {
    FILE *out;
    uint32_t niface;
    uint32_t nq[TB_MAX_NICS];         /* queue columns of each NIC */
    uint64_t t;                       /* time of the previous row, ns */
    TbResults prev;                   /* cumulative values at that row */
    bool held;                        /* a quiet stretch is not written */
    bool from_ready;                  /* no traffic source (a host of
                                         several): time_rel_ns from host
                                         ready */
    TbResults last;                   /* cumulative values at its end */
};

TbCsv *tb_csv_new(const TbScenario *sc, FILE *out)
{
    TbCsv *c = g_new0(TbCsv, 1);
    c->out = out;
    c->niface = sc->nnics;
    c->from_ready = sc->nsources == 0;
    fprintf(out, "time_ns,time_rel_ns");
    for (uint32_t i = 0; i < sc->nnics; i++) {
        const char *n = sc->nic[i].name;
        fprintf(out, ",%s.irqs,%s.rx_pps,%s.tx_pps,%s.missed,%s.no_buffer,"
                "%s.qdisc_drops", n, n, n, n, n, n);
    }
    fprintf(out, ",hardirq_pct,softirq_pct,process_pct,idle_pct,"
            "forwarded_pps,offered_pps,backlog_drops,sink_drops");
    for (uint32_t i = 0; i < sc->nnics && i < TB_MAX_NICS; i++) {
        const char *n = sc->nic[i].name;
        c->nq[i] = sc->nic[i].chip == TB_CHIP_82598EB ? sc->nic[i].queues
                                                      : 0;
        for (uint32_t q = 0; q < c->nq[i]; q++) {
            fprintf(out, ",%s.q%u.irqs,%s.q%u.rx_pps,%s.q%u.tx_pps,"
                    "%s.q%u.polls", n, q, n, q, n, q, n, q);
        }
    }
    fprintf(out, "\n");
    return c;
}

/* ",V" at @o, V decimal; the end of what was written (the rows are
 * built in a buffer and written at once: a day of 1 ms samples has
 * hundreds of thousands of rows). */
static char *put_u64(char *o, uint64_t v)
{
    char t[20];
    int n = 0;

    do {
        t[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    *o++ = ',';
    while (n) {
        *o++ = t[--n];
    }
    return o;
}

/* ",P.PP": @part of @total in percent with 2 decimals */
static char *share(char *o, uint64_t part, uint64_t total)
{
    uint64_t h = (tb_ppm(part, total) + 50) / 100;

    o = put_u64(o, h / 100);
    *o++ = '.';
    *o++ = (char)('0' + h % 100 / 10);
    *o++ = (char)('0' + h % 10);
    return o;
}

/* nothing but idle and timer ticks between @p and @r */
static bool quiet(const TbCsv *c, const TbResults *p, const TbResults *r)
{
    for (uint32_t i = 0; i < c->niface && i < TB_MAX_NICS; i++) {
        const TbIfaceResult *a = &r->iface[i], *b = &p->iface[i];
        if (a->interrupts != b->interrupts || a->nic.gprc != b->nic.gprc ||
            a->nic.gptc != b->nic.gptc) {
            return false;
        }
    }
    return r->cpu.softirq == p->cpu.softirq &&
           r->cpu.process == p->cpu.process &&
           r->forwarded == p->forwarded && r->offered == p->offered;
}

/* The per-queue columns of the row from c->prev to @r (@dt ns): a queue
 * the driver did not set up (fewer vectors) gives zeros. */
static char *queue_columns(const TbCsv *c, const TbResults *r, uint64_t dt,
                           char *o)
{
    static const TbQueueResult none;
    for (uint32_t i = 0; i < c->niface && i < TB_MAX_NICS; i++) {
        const TbIfaceResult *a = &r->iface[i], *b = &c->prev.iface[i];
        for (uint32_t q = 0; q < c->nq[i] && q < TB_MAX_QUEUES; q++) {
            const TbQueueResult *x = q < a->nqueues ? &a->queue[q] : &none;
            const TbQueueResult *y = q < b->nqueues ? &b->queue[q] : &none;
            o = put_u64(o, x->interrupts - y->interrupts);
            o = put_u64(o, tb_rate(x->rx_packets - y->rx_packets, dt));
            o = put_u64(o, tb_rate(x->tx_packets - y->tx_packets, dt));
            o = put_u64(o, x->polls - y->polls);
        }
    }
    return o;
}

/* the row over (c->t, r->sim_ns], from c->prev to @r */
static void write_row(TbCsv *c, const TbResults *r)
{
    uint64_t dt = r->sim_ns > c->t ? r->sim_ns - c->t : 0;
    const TbResults *p = &c->prev;
    uint64_t ch = r->cpu.hardirq - p->cpu.hardirq;
    uint64_t cs = r->cpu.softirq - p->cpu.softirq;
    uint64_t cp = r->cpu.process - p->cpu.process;
    uint64_t ci = r->cpu.idle - p->cpu.idle;
    uint64_t tot = ch + cs + cp + ci;

    char row[64 + TB_MAX_NICS * 6 * 21 + 10 * 21 +
             TB_MAX_NICS * TB_MAX_QUEUES * 4 * 21], *o = row;

    o = put_u64(o, r->sim_ns);
    if (r->offered) {
        o = put_u64(o, r->sim_ns - r->first_offer_ns);
    } else if (c->from_ready) {
        o = put_u64(o, r->sim_ns - r->init_ns);
    } else {
        *o++ = ',';                   /* empty before the first arrival */
    }
    for (uint32_t i = 0; i < c->niface && i < TB_MAX_NICS; i++) {
        const TbIfaceResult *a = &r->iface[i], *b = &p->iface[i];
        o = put_u64(o, a->interrupts - b->interrupts);
        o = put_u64(o, tb_rate(a->nic.gprc - b->nic.gprc, dt));
        o = put_u64(o, tb_rate(a->nic.gptc - b->nic.gptc, dt));
        o = put_u64(o, a->nic.mpc - b->nic.mpc);
        o = put_u64(o, a->nic.rnbc - b->nic.rnbc);
        o = put_u64(o, a->qdisc_drops - b->qdisc_drops);
    }
    o = share(o, ch, tot);
    o = share(o, cs, tot);
    o = share(o, cp, tot);
    o = share(o, ci, tot);
    o = put_u64(o, tb_rate(r->forwarded - p->forwarded, dt));
    o = put_u64(o, tb_rate(r->offered - p->offered, dt));
    o = put_u64(o, r->backlog_drops - p->backlog_drops);
    o = put_u64(o, r->sink_drops - p->sink_drops);
    o = queue_columns(c, r, dt, o);
    *o++ = '\n';
    /* the leading ',' of the first field is not part of the row */
    fwrite(row + 1, 1, (size_t)(o - row - 1), c->out);
    c->prev = *r;
    c->t = r->sim_ns;
}

void tb_csv_sample(TbCsv *c, const TbResults *r)
{
    uint64_t t = c->held ? c->last.sim_ns : c->t;

    if (r->sim_ns == r->init_ns || r->sim_ns <= t) {
        /* the baseline at host ready (tb_sim's first call): no row; the
         * first interval starts here, not at time 0 (driver init) */
        c->prev = *r;
        c->t = r->sim_ns;
        return;
    }
    if (quiet(c, c->held ? &c->last : &c->prev, r)) {
        c->held = true;
        c->last = *r;
        return;
    }
    tb_csv_finish(c);
    write_row(c, r);
}

void tb_csv_finish(TbCsv *c)
{
    if (c->held) {
        c->held = false;
        write_row(c, &c->last);
    }
}

void tb_csv_free(TbCsv *c)
{
    g_free(c);
}
