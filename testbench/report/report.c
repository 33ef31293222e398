/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Derived report quantities: rates, CPU shares, accounting (report.h). */
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

void tb_report_derive(const TbScenario *sc, const TbResults *r,
                      TbDerived *d)
{
    uint64_t span;
    (void)sc;

    d->window_ns = r->offered && r->sim_ns > r->first_offer_ns
                       ? r->sim_ns - r->first_offer_ns : 0;
    span = r->last_offer_ns > r->first_offer_ns
               ? r->last_offer_ns - r->first_offer_ns : 0;
    d->offered_pps = r->offered >= 2 ? tb_rate(r->offered - 1, span) : 0;
    /* mean frame bits incl. FCS times the frame rate */
    d->offered_bps = r->offered
        ? (uint64_t)(((unsigned __int128)d->offered_pps * r->offered_bytes *
                      8 + r->offered / 2) / r->offered)
        : 0;
    d->forwarded_pps = tb_rate(r->forwarded, d->window_ns);
    d->sink_payload_bps = tb_rate(r->sink_bytes * 8, d->window_ns);
    d->cpu_total_ns = r->cpu.hardirq + r->cpu.softirq + r->cpu.process +
                      r->cpu.idle;
    d->hardirq_ppm = tb_ppm(r->cpu.hardirq, d->cpu_total_ns);
    d->softirq_ppm = tb_ppm(r->cpu.softirq, d->cpu_total_ns);
    d->process_ppm = tb_ppm(r->cpu.process, d->cpu_total_ns);
    d->idle_ppm = tb_ppm(r->cpu.idle, d->cpu_total_ns);
    d->nic_sum = r->rx_queued + r->rx_filtered + r->rx_disabled +
                 r->rx_overrun + r->rx_bad_size;
    d->nic_balanced = d->nic_sum == r->offered;
    d->qdisc_drops = 0;
    for (uint32_t i = 0; i < r->niface && i < TB_MAX_NICS; i++) {
        d->qdisc_drops += r->iface[i].qdisc_drops;
    }
    d->host_other = (int64_t)r->rx_queued -
                    (int64_t)(r->forwarded + r->local_delivered +
                              r->backlog_drops + r->no_route +
                              r->ip_dropped + d->qdisc_drops);
}
