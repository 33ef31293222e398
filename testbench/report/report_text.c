/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Text report: a summary (offered and achieved rates, disposition of the
 * offered frames, host counters, CPU shares), a `netstat -i` table, a
 * `/proc/interrupts` table, and per interface the rtnl_link_stats64
 * fields, driver counters and NIC registers of interest.
 */
#include <inttypes.h>
#include <string.h>

#include "report/report.h"

static const char *mode_name(const TbNicCfg *n)
{
    return e1k_drv_mode_name(n->drv.mode);
}

static void pct(FILE *out, const char *label, uint64_t ppm)
{
    uint64_t hundredths = (ppm + 50) / 100;   /* 1/100 of a percent */
    fprintf(out, "  %-8s %3" PRIu64 ".%02" PRIu64 " %%\n", label,
            hundredths / 100, hundredths % 100);
}

static void mbps(FILE *out, uint64_t bps)
{
    fprintf(out, "%" PRIu64 ".%03" PRIu64 " Mbit/s", bps / 1000000,
            (bps % 1000000) / 1000);
}

static void stats64(FILE *out, const struct e1k_link_stats64 *s)
{
#define F(x) fprintf(out, "    %-20s %" PRIu64 "\n", #x, (uint64_t)s->x)
    F(rx_packets); F(rx_bytes); F(rx_errors); F(rx_dropped);
    F(rx_over_errors); F(rx_fifo_errors); F(rx_missed_errors);
    F(rx_length_errors); F(rx_crc_errors); F(rx_frame_errors);
    F(multicast); F(rx_nohandler);
    F(tx_packets); F(tx_bytes); F(tx_errors); F(tx_dropped);
    F(tx_aborted_errors); F(tx_carrier_errors); F(tx_fifo_errors);
    F(tx_heartbeat_errors); F(tx_window_errors); F(collisions);
#undef F
}

/* Seconds with nanosecond digits, "S.NNNNNNNNN". */
static void secs(FILE *out, uint64_t ns)
{
    fprintf(out, "%" PRIu64 ".%09" PRIu64, ns / UINT64_C(1000000000),
            ns % UINT64_C(1000000000));
}

static void text_head(FILE *out, const TbScenario *sc, const TbResults *r)
{
    fprintf(out, "scenario %s (%s)", sc->name, sc->file);
    for (const char *o = sc->overrides; *o;) {
        const char *nl = strchr(o, '\n');
        int len = nl ? (int)(nl - o) : (int)strlen(o);
        fprintf(out, " --set %.*s", len, o);
        o += len + (nl ? 1 : 0);
    }
    fprintf(out, "\n");
    fprintf(out, "simulated time ");
    secs(out, r->sim_ns);
    fprintf(out, " s (host ready at ");
    secs(out, r->init_ns);
    fprintf(out, " s)\n\n");
}

static void text_source(FILE *out, const TbScenario *sc,
                        const TbTrafficCfg *t, const TbSourceStats *s)
{
    fprintf(out, "  traffic%s%s (%s -> %s): %" PRIu64 " frames, %" PRIu64
            " bytes; padded %" PRIu64 ", oversize %" PRIu64
            ", truncated %" PRIu64 "%s%s\n",
            t->name[0] ? "." : "", t->name,
            t->kind == TB_TRAFFIC_PCAP ? "pcap" : "pktgen",
            sc->nic[t->nic].name, s->offered, s->offered_bytes,
            s->padded, s->oversize, s->truncated,
            t->kind == TB_TRAFFIC_PCAP && s->loops > 1 ? " (looped)" : "",
            tb_source_capped(sc, t, s, NULL, NULL)
                ? " (capped to line rate)" : "");
}

static void text_offered(FILE *out, const TbScenario *sc, const TbResults *r,
                         const TbDerived *d)
{
    fprintf(out, "Offered load\n");
    for (uint32_t i = 0; i < r->nsources && i < sc->nsources; i++) {
        text_source(out, sc, &sc->traffic[i], &r->source[i]);
    }
    fprintf(out, "  offered   %" PRIu64 " frames at %" PRIu64 " pps, ",
            r->offered, d->offered_pps);
    mbps(out, d->offered_bps);
    fprintf(out, " (frame bytes incl. FCS)\n");
    if (d->from_ready) {
        fprintf(out, "  forwarded %" PRIu64 " frames, %" PRIu64 " pps over "
                "the run from host ready\n", r->forwarded, d->forwarded_pps);
        return;
    }
    fprintf(out, "  forwarded %" PRIu64 " frames, %" PRIu64 " pps over "
            "the %" PRIu64 " us from the first to the last offered frame\n",
            r->forwarded, d->forwarded_pps, d->offered_window_ns / 1000);
}

/* offered - delivered and the drops by cause */
static void text_loss(FILE *out, const TbDerived *d)
{
    const TbDrops *x = &d->drops;

    fprintf(out, "  delivered %" PRIu64 " (forwarded + read by the sink), "
            "loss ratio %" PRIu64 ".%06" PRIu64 "\n", d->delivered,
            d->loss_ppm / 1000000, d->loss_ppm % 1000000);
    fprintf(out, "  drops: missed %" PRIu64 ", filtered %" PRIu64
            ", disabled %" PRIu64 ", bad_size %" PRIu64 ", backlog %" PRIu64
            ", no_route %" PRIu64 ", ip %" PRIu64 ", qdisc %" PRIu64
            ", socket %" PRIu64 "\n\n", x->missed, x->filtered, x->disabled,
            x->bad_size, x->backlog, x->no_route, x->ip, x->qdisc,
            x->socket);
}

/* Queued frames by fate; the lro_merged term only where LRO merged
 * (a receiver without LRO prints the line as before it existed). */
static void text_queued(FILE *out, const TbResults *r, const TbDerived *d)
{
    const char *lro = d->lro_merged ? " + lro_merged" : "";
    fprintf(out, "Queued = forwarded + local_delivered%s + backlog_drops + "
            "no_route + ip_dropped + qdisc_drops + other (in flight)\n",
            lro);
    fprintf(out, "  %" PRIu64 " = %" PRIu64 " + %" PRIu64, r->rx_queued,
            r->forwarded, r->local_delivered);
    if (d->lro_merged) {
        fprintf(out, " + %" PRIu64, d->lro_merged);
    }
    fprintf(out, " + %" PRIu64 " + %" PRIu64 " + %" PRIu64 " + %" PRIu64
            " + %" PRId64 "\n\n", r->backlog_drops, r->no_route,
            r->ip_dropped, d->qdisc_drops, d->host_other);
}

static void text_accounting(FILE *out, const TbResults *r,
                            const TbDerived *d)
{
    if (r->link_rx) {
        fprintf(out, "Offered + from links (%" PRIu64 ") = queued + "
                "filtered + disabled + overrun + bad_size (at the NICs)\n",
                r->link_rx);
    } else {
        fprintf(out, "Offered = queued + filtered + disabled + overrun + "
                "bad_size (at the NICs)\n");
    }
    fprintf(out, "  %" PRIu64 " = %" PRIu64 " + %" PRIu64 " + %" PRIu64
            " + %" PRIu64 " + %" PRIu64 "  %s\n",
            r->offered + r->link_rx, r->rx_queued, r->rx_filtered,
            r->rx_disabled,
            r->rx_overrun, r->rx_bad_size,
            d->nic_balanced ? "(adds up)" : "(DOES NOT ADD UP)");
    text_queued(out, r, d);
}

static void text_host(FILE *out, const TbScenario *sc, const TbResults *r,
                      const TbDerived *d)
{
    fprintf(out, "Host\n");
    fprintf(out, "  softirq runs %" PRIu64 ", time_squeeze %" PRIu64
            ", ksoftirqd wakeups %" PRIu64 "\n",
            r->softirq_runs, r->time_squeeze, r->ksoftirqd_wakeups);
    if (r->skb_alloc_failed) {
        fprintf(out, "  skb allocations failed %" PRIu64 "\n",
                r->skb_alloc_failed);
    }
    if (sc->host.sink_udp_port) {
        fprintf(out, "  UDP sink :%u: %" PRIu64 " datagrams, %" PRIu64
                " bytes, %" PRIu64 " socket drops, ",
                sc->host.sink_udp_port, r->sink_datagrams, r->sink_bytes,
                r->sink_drops);
        mbps(out, d->sink_payload_bps);
        fprintf(out, " of payload\n");
    }
}

/* One row of the per-CPU table: each context's share, percent. */
static void cpu_row(FILE *out, uint32_t c, const TbCpuTime *t)
{
    uint64_t tot = t->hardirq + t->softirq + t->process + t->idle;
    const uint64_t v[4] = { t->hardirq, t->softirq, t->process, t->idle };
    fprintf(out, "  CPU%-7u", c);
    for (int j = 0; j < 4; j++) {
        fprintf(out, " %7.2f%%", (double)tb_ppm(v[j], tot) / 10000.0);
    }
    fprintf(out, "\n");
}

static void text_cpu(FILE *out, const TbResults *r, const TbDerived *d)
{
    fprintf(out, "CPU share of simulated time\n");
    pct(out, "hardirq", d->hardirq_ppm);
    pct(out, "softirq", d->softirq_ppm);
    pct(out, "process", d->process_ppm);
    pct(out, "idle", d->idle_ppm);
    if (r->ncpus > 1) {
        fprintf(out, "  per CPU      hardirq  softirq  process     idle\n");
        for (uint32_t c = 0; c < r->ncpus && c < TB_RES_MAX_CPUS; c++) {
            cpu_row(out, c, &r->cpus[c]);
        }
    }
    fprintf(out, "\n");
}

/* `netstat -i` (Flg P: promiscuous) */
static void text_netstat(FILE *out, const TbScenario *sc, const TbResults *r,
                         uint32_t n)
{
    fprintf(out, "Kernel Interface table\n");
    fprintf(out, "%-10s %5s %10s %10s %10s %10s %10s %10s %10s %10s %s\n",
            "Iface", "MTU", "RX-OK", "RX-ERR", "RX-DRP", "RX-OVR", "TX-OK",
            "TX-ERR", "TX-DRP", "TX-OVR", "Flg");
    for (uint32_t i = 0; i < n; i++) {
        const TbNicCfg *c = i < sc->nnics ? &sc->nic[i] : NULL;
        TbNetstatRow row;
        tb_report_netstat_row(&r->iface[i], &row);
        fprintf(out, "%-10s %5u %10" PRIu64 " %10" PRIu64 " %10" PRIu64
                " %10" PRIu64 " %10" PRIu64 " %10" PRIu64 " %10" PRIu64
                " %10" PRIu64 " %s\n", r->iface[i].name, tb_report_mtu(c),
                row.rx_ok, row.rx_err, row.rx_drp, row.rx_ovr, row.tx_ok,
                row.tx_err, row.tx_drp, row.tx_ovr,
                c && c->promisc ? "BMPRU" : "BMRU");
    }
}

/* The `/proc/interrupts` rows of a multiqueue NIC: one per queue
 * vector (IRQ irq + q, Linux ixgbe's "NAME-TxRx-q"); the other causes'
 * vector is left out (its handler calls: the NIC's total less these). */
static void text_msix_rows(FILE *out, const TbIfaceResult *f, uint32_t ncol)
{
    for (uint32_t q = 0; q < f->nqueues && q < TB_MAX_QUEUES; q++) {
        fprintf(out, "%4u:", f->irq + q);
        for (uint32_t c = 0; c < ncol; c++) {
            fprintf(out, " %12" PRIu64, ncol == 1 || f->queue[q].cpu == c
                                        ? f->queue[q].interrupts : 0);
        }
        fprintf(out, "   PCI-MSI-edge   %s-TxRx-%u\n", f->name, q);
    }
}

/* The queue pairs of a multiqueue NIC, one line each. */
static void text_queues(FILE *out, const TbIfaceResult *f)
{
    fprintf(out, "  queue  cpu   rx_packets   tx_packets   interrupts"
            "        polls polls_budget lro_aggregated  lro_flushed    itr\n");
    for (uint32_t q = 0; q < f->nqueues && q < TB_MAX_QUEUES; q++) {
        const TbQueueResult *x = &f->queue[q];
        fprintf(out, "  %5u %4u %12" PRIu64 " %12" PRIu64 " %12" PRIu64
                " %12" PRIu64 " %12" PRIu64 " %14" PRIu64 " %12" PRIu64
                " %6u\n", q, x->cpu, x->rx_packets, x->tx_packets,
                x->interrupts, x->polls, x->polls_budget, x->lro_aggregated,
                x->lro_flushed, x->itr);
    }
}

/* `/proc/interrupts`: one column per CPU with SMP, else one */
static void text_interrupts(FILE *out, const TbResults *r, uint32_t n)
{
    uint32_t ncol = r->ncpus > 1 && r->ncpus <= TB_RES_MAX_CPUS
                    ? r->ncpus : 1;
    fprintf(out, "\n/proc/interrupts\n");
    fprintf(out, "%5s", "");
    for (uint32_t c = 0; c < ncol; c++) {
        char h[16];
        snprintf(h, sizeof(h), "CPU%u", c);
        fprintf(out, " %12s", h);
    }
    fprintf(out, "\n");
    for (uint32_t i = 0; i < n; i++) {
        if (r->iface[i].nqueues) {
            text_msix_rows(out, &r->iface[i], ncol);
            continue;
        }
        fprintf(out, "%4u:", r->iface[i].irq);
        for (uint32_t c = 0; c < ncol; c++) {
            fprintf(out, " %12" PRIu64, ncol == 1 || r->iface[i].cpu == c
                                        ? r->iface[i].interrupts : 0);
        }
        fprintf(out, "   IO-APIC-level  %s\n", r->iface[i].name);
    }
    fprintf(out, "\n");
}

static void text_driver_and_nic(FILE *out, const TbIfaceResult *f)
{
    fprintf(out, "  driver: interrupts %" PRIu64 " (+%" PRIu64
            " with ICR 0), polls %" PRIu64 " (emptied the ring %" PRIu64
            ", used the whole quota %" PRIu64 ")\n",
            f->drv.interrupts, f->drv.interrupts_none, f->drv.polls,
            f->drv.polls_complete, f->drv.polls_budget);
    fprintf(out, "          rx_cleaned %" PRIu64 ", tx_cleaned %" PRIu64
            ", tx_busy %" PRIu64 ", resets %" PRIu64 ", itr_changes %"
            PRIu64 ", itr %u ints/s\n", f->drv.rx_cleaned,
            f->drv.tx_cleaned, f->drv.tx_busy, f->drv.resets,
            f->drv.itr_changes, f->drv.itr_current);
    fprintf(out, "  NIC: MPC %" PRIu64 " RNBC %" PRIu64 " GPRC %" PRIu64
            " GPTC %" PRIu64 " GORC %" PRIu64 " GOTC %" PRIu64 " RUC %"
            PRIu64 " ROC %" PRIu64 " filtered %" PRIu64 "\n",
            f->nic.mpc, f->nic.rnbc, f->nic.gprc, f->nic.gptc,
            f->nic.gorc, f->nic.gotc, f->nic.ruc, f->nic.roc,
            f->nic.rx_filtered);
}

/* `ethtool -S NAME` with the Intel e1000 names (e1k_drv_ethtool_name),
 * one per line as ethtool prints them */
static void text_ethtool(FILE *out, const TbIfaceResult *f)
{
    fprintf(out, "  ethtool -S %s\n  NIC statistics:\n", f->name);
    for (unsigned int i = 0; i < E1K_ETHTOOL_INTEL; i++) {
        fprintf(out, "       %s: %" PRIu64 "\n", e1k_drv_ethtool_name(i),
                f->ethtool[i]);
    }
}

/* Details of interface @f, configured as @c (NULL if unknown). */
static void text_iface(FILE *out, const TbIfaceResult *f, const TbNicCfg *c,
                       const TbDerived *d)
{
    fprintf(out, "Interface %s", f->name);
    if (c) {
        fprintf(out, " (%s, %s, %u Mbit/s, irq %u, driver %s)",
                tb_chip_name(c->chip),
                c->bus_name, c->link_mbps, f->irq, mode_name(c));
    }
    fprintf(out, "\n  rtnl_link_stats64\n");
    stats64(out, &f->stats);
    fprintf(out, "  rates over the %s: RX %" PRIu64 " pps, TX %"
            PRIu64 " pps\n", d->from_ready ? "run from host ready"
            : "window", tb_rate(f->stats.rx_packets, d->window_ns),
            tb_rate(f->stats.tx_packets, d->window_ns));
    text_driver_and_nic(out, f);
    if (f->nqueues) {
        text_queues(out, f);
    }
    fprintf(out, "  qdisc drops %" PRIu64 ", tx timeouts %" PRIu64
            ", on the wire out %" PRIu64 " frames %" PRIu64 " bytes\n",
            f->qdisc_drops, f->tx_timeouts, f->wire_tx_frames,
            f->wire_tx_bytes);
    text_ethtool(out, f);
    fprintf(out, "\n");
}

void tb_report_text(FILE *out, const TbScenario *sc, const TbResults *r)
{
    TbDerived d;
    uint32_t n = r->niface < TB_MAX_NICS ? r->niface : TB_MAX_NICS;

    tb_report_derive(sc, r, &d);
    text_head(out, sc, r);
    text_offered(out, sc, r, &d);
    text_loss(out, &d);
    text_accounting(out, r, &d);
    text_host(out, sc, r, &d);
    text_cpu(out, r, &d);
    text_netstat(out, sc, r, n);
    text_interrupts(out, r, n);
    for (uint32_t i = 0; i < n; i++) {
        text_iface(out, &r->iface[i], i < sc->nnics ? &sc->nic[i] : NULL,
                   &d);
    }
}
