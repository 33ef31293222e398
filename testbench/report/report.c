/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Derived report quantities: rates, CPU shares, accounting (report.h). */
#include <inttypes.h>

#include <glib.h>

#include "report/report.h"

uint64_t tb_rate(uint64_t count, uint64_t ns)
{
    if (ns == 0) {
        return 0;
    }
    unsigned __int128 x = (unsigned __int128)count * 1000000000ull + ns / 2;
    return (uint64_t)(x / ns);
}

uint64_t tb_ppm(uint64_t part, uint64_t total)
{
    if (total == 0) {
        return 0;
    }
    unsigned __int128 x = (unsigned __int128)part * 1000000ull + total / 2;
    return (uint64_t)(x / total);
}

uint32_t tb_report_mtu(const TbNicCfg *c)
{
    return c && c->mtu ? c->mtu : 1500u;
}

/* /proc/net/dev as the modelled kernel (2.4) prints it, read by net-tools:
 * "drop" is the driver's rx_dropped as is (Linux 6.1 adds
 * rx_missed_errors and the stack's own drops; docs/report-schema.md,
 * "RX-DRP"), "fifo" rx_fifo_errors. */
void tb_report_netstat_row(const TbIfaceResult *ifr, TbNetstatRow *row)
{
    const struct e1k_link_stats64 *s = &ifr->stats;
    row->rx_ok = s->rx_packets;
    row->rx_err = s->rx_errors;
    row->rx_drp = s->rx_dropped;
    row->rx_ovr = s->rx_fifo_errors;
    row->tx_ok = s->tx_packets;
    row->tx_err = s->tx_errors;
    row->tx_drp = s->tx_dropped;
    row->tx_ovr = s->tx_fifo_errors;
}

int tb_source_capped(const TbScenario *sc, const TbTrafficCfg *t,
                     const TbSourceStats *st, uint64_t *asked_pps,
                     uint64_t *line_pps)
{
    uint64_t n = st->offered, wire_bytes = st->offered_bytes + 20 * n;
    uint64_t link = sc->nic[t->nic].link_mbps;
    unsigned __int128 lhs, rhs;

    /* a schedule that spans no time asks for every frame at once, as
     * topspeed (so does the QEMU backend, which has no schedule) */
    if (t->pace == TB_PACE_TOPSPEED || n < 2 || st->sched_span_ns == 0) {
        return 0;
    }
    if (asked_pps) {
        *asked_pps = tb_rate(n - 1, st->sched_span_ns);
    }
    if (line_pps) {
        *line_pps = (uint64_t)(((unsigned __int128)link * 1000000u * n +
                                wire_bytes * 4) / (wire_bytes * 8));
    }
    /* (n-1)/span > link x 1e6 x n / (wire_bytes x 8), span in ns */
    lhs = (unsigned __int128)(n - 1) * wire_bytes * 8 * 1000;
    rhs = (unsigned __int128)st->sched_span_ns * link * n;
    return lhs > rhs;
}

char *tb_source_capped_line(const TbScenario *sc, const TbTrafficCfg *t,
                            const TbSourceStats *st)
{
    uint64_t asked = 0, line = 0;
    const TbNicCfg *nic = &sc->nic[t->nic];

    if (!tb_source_capped(sc, t, st, &asked, &line)) {
        return g_strdup("");
    }
    return g_strdup_printf("traffic%s%s: the offer (%" PRIu64 " frames/s, "
                           "mean %" PRIu64 " bytes incl. FCS) is above "
                           "%s's line rate (%" PRIu64 " frames/s at %u "
                           "Mbit/s): the frames went at line rate",
                           t->name[0] ? "." : "", t->name, asked,
                           st->offered_bytes / st->offered, nic->name, line,
                           nic->link_mbps);
}

/* offered - delivered and the drops by cause into *d */
static void derive_loss(const TbScenario *sc, const TbResults *r,
                        TbDerived *d)
{
    TbDrops *x = &d->drops;

    d->delivered = r->forwarded + r->sink_datagrams;
    d->loss_ppm = r->offered > d->delivered
                      ? tb_ppm(r->offered - d->delivered, r->offered) : 0;
    x->missed = r->rx_overrun;
    x->filtered = r->rx_filtered;
    x->disabled = r->rx_disabled;
    x->bad_size = r->rx_bad_size;
    x->backlog = r->backlog_drops;
    x->no_route = r->no_route;
    x->ip = r->ip_dropped;
    x->qdisc = d->qdisc_drops;
    x->socket = r->sink_drops;
    d->capped = 0;
    for (uint32_t i = 0; i < r->nsources && i < sc->nsources; i++) {
        d->capped |= tb_source_capped(sc, &sc->traffic[i], &r->source[i],
                                      NULL, NULL);
    }
}

/* @rate (per s of the offered window) scaled by @part / offered; with no
 * traffic source (a host of several) @part per s of the run's window */
static uint64_t over_offered(const TbResults *r, const TbDerived *d,
                             uint64_t part)
{
    if (d->from_ready) {
        return tb_rate(part, d->window_ns);
    }
    if (r->offered < 2 || d->offered_window_ns == 0) {
        return 0;
    }
    unsigned __int128 x = (unsigned __int128)part * (r->offered - 1) *
                          1000000000ull;
    unsigned __int128 q = (unsigned __int128)r->offered *
                          d->offered_window_ns;
    return (uint64_t)((x + q / 2) / q);
}

void tb_report_derive(const TbScenario *sc, const TbResults *r,
                      TbDerived *d)
{
    uint64_t span;

    /* no traffic source (a host of several): its traffic comes over
     * links from host ready on, so the rates are over that window */
    d->from_ready = sc->nsources == 0;
    if (d->from_ready) {
        d->window_ns = r->sim_ns > r->init_ns ? r->sim_ns - r->init_ns : 0;
    } else {
        d->window_ns = r->offered && r->sim_ns > r->first_offer_ns
                           ? r->sim_ns - r->first_offer_ns : 0;
    }
    span = r->last_offer_ns > r->first_offer_ns
               ? r->last_offer_ns - r->first_offer_ns : 0;
    d->offered_window_ns = span;
    d->offered_pps = r->offered >= 2 ? tb_rate(r->offered - 1, span) : 0;
    /* mean frame bits incl. FCS times the frame rate */
    d->offered_bps = r->offered
        ? (uint64_t)(((unsigned __int128)d->offered_pps * r->offered_bytes *
                      8 + r->offered / 2) / r->offered)
        : 0;
    d->forwarded_pps = over_offered(r, d, r->forwarded);
    d->sink_payload_bps = over_offered(r, d, r->sink_bytes * 8);
    d->cpu_total_ns = r->cpu.hardirq + r->cpu.softirq + r->cpu.process +
                      r->cpu.idle;
    d->hardirq_ppm = tb_ppm(r->cpu.hardirq, d->cpu_total_ns);
    d->softirq_ppm = tb_ppm(r->cpu.softirq, d->cpu_total_ns);
    d->process_ppm = tb_ppm(r->cpu.process, d->cpu_total_ns);
    d->idle_ppm = tb_ppm(r->cpu.idle, d->cpu_total_ns);
    d->nic_sum = r->rx_queued + r->rx_filtered + r->rx_disabled +
                 r->rx_overrun + r->rx_bad_size;
    d->nic_balanced = d->nic_sum == r->offered + r->link_rx;
    d->qdisc_drops = d->lro_merged = 0;
    for (uint32_t i = 0; i < r->niface && i < TB_MAX_NICS; i++) {
        const TbIfaceResult *f = &r->iface[i];
        d->qdisc_drops += f->qdisc_drops;
        for (uint32_t q = 0; q < f->nqueues && q < TB_MAX_QUEUES; q++) {
            d->lro_merged += f->queue[q].lro_aggregated -
                             f->queue[q].lro_flushed;
        }
    }
    d->host_other = (int64_t)r->rx_queued -
                    (int64_t)(r->forwarded + r->local_delivered +
                              r->backlog_drops + r->no_route +
                              r->ip_dropped + d->qdisc_drops +
                              d->lro_merged);
    derive_loss(sc, r, d);
}
