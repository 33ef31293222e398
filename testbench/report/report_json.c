/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * JSON report (json-glib), schema "e1klab-report/1" documented field by
 * field in docs/report-schema.md.  Keys are emitted in a fixed order; all
 * numbers are integers (rates in units per second rounded to the nearest
 * integer, shares in parts per million), so the output is byte-identical
 * for identical runs on any machine.
 */
#include <string.h>

#include <json-glib/json-glib.h>

#include "report/report.h"

static void ku(JsonBuilder *b, const char *k, uint64_t v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_int_value(b, (gint64)(v > (uint64_t)G_MAXINT64
                                               ? (uint64_t)G_MAXINT64 : v));
}

static void ki(JsonBuilder *b, const char *k, int64_t v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_int_value(b, v);
}

static void ks(JsonBuilder *b, const char *k, const char *v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_string_value(b, v);
}

static void kb(JsonBuilder *b, const char *k, int v)
{
    json_builder_set_member_name(b, k);
    json_builder_add_boolean_value(b, v != 0);
}

static void obj(JsonBuilder *b, const char *k)
{
    json_builder_set_member_name(b, k);
    json_builder_begin_object(b);
}

static void stats64(JsonBuilder *b, const struct e1k_link_stats64 *s)
{
    obj(b, "stats64");
#define F(x) ku(b, #x, s->x)
    F(rx_packets); F(tx_packets); F(rx_bytes); F(tx_bytes);
    F(rx_errors); F(tx_errors); F(rx_dropped); F(tx_dropped);
    F(multicast); F(collisions);
    F(rx_length_errors); F(rx_over_errors); F(rx_crc_errors);
    F(rx_frame_errors); F(rx_fifo_errors); F(rx_missed_errors);
    F(tx_aborted_errors); F(tx_carrier_errors); F(tx_fifo_errors);
    F(tx_heartbeat_errors); F(tx_window_errors);
    F(rx_compressed); F(tx_compressed); F(rx_nohandler);
#undef F
    json_builder_end_object(b);
}

static void nic_regs(JsonBuilder *b, const E1kTotals *t)
{
    obj(b, "nic");
    ku(b, "MPC", t->mpc);
    ku(b, "RNBC", t->rnbc);
    ku(b, "GPRC", t->gprc);
    ku(b, "GPTC", t->gptc);
    ku(b, "GORC", t->gorc);
    ku(b, "GOTC", t->gotc);
    ku(b, "TPR", t->tpr);
    ku(b, "TPT", t->tpt);
    ku(b, "BPRC", t->bprc);
    ku(b, "MPRC", t->mprc);
    ku(b, "RUC", t->ruc);
    ku(b, "ROC", t->roc);
    ku(b, "CRCERRS", t->crcerrs);
    ku(b, "rx_filtered", t->rx_filtered);
    ku(b, "rx_disabled", t->rx_disabled);
    ku(b, "rx_dma_errors", t->rx_dma_errors);
    ku(b, "tx_dma_errors", t->tx_dma_errors);
    ku(b, "tx_bad_desc", t->tx_bad_desc);
    ku(b, "tx_frames_dropped", t->tx_frames_dropped);
    ku(b, "irq_assertions", t->irq_assertions);
    json_builder_end_object(b);
}

static void driver(JsonBuilder *b, const struct e1k_drv_counters *c)
{
    obj(b, "driver");
    ku(b, "interrupts", c->interrupts);
    ku(b, "interrupts_none", c->interrupts_none);
    ku(b, "polls", c->polls);
    ku(b, "polls_complete", c->polls_complete);
    ku(b, "polls_budget", c->polls_budget);
    ku(b, "rx_cleaned", c->rx_cleaned);
    ku(b, "tx_cleaned", c->tx_cleaned);
    ku(b, "rx_alloc_failed", c->rx_alloc_failed);
    ku(b, "tx_busy", c->tx_busy);
    ku(b, "resets", c->resets);
    ku(b, "itr_changes", c->itr_changes);
    ku(b, "itr_current", c->itr_current);
    json_builder_end_object(b);
}

/* The eight CPU-time members of a "cpu" object or a "cpus" entry: ns per
 * context and each context's share of their sum in parts per million. */
static void cpu_times(JsonBuilder *b, const TbCpuTime *t)
{
    uint64_t tot = t->hardirq + t->softirq + t->process + t->idle;
    ku(b, "hardirq_ns", t->hardirq);
    ku(b, "softirq_ns", t->softirq);
    ku(b, "process_ns", t->process);
    ku(b, "idle_ns", t->idle);
    ku(b, "hardirq_ppm", tb_ppm(t->hardirq, tot));
    ku(b, "softirq_ppm", tb_ppm(t->softirq, tot));
    ku(b, "process_ppm", tb_ppm(t->process, tot));
    ku(b, "idle_ppm", tb_ppm(t->idle, tot));
}

static const char *basename_of(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

char *tb_report_json(const TbScenario *sc, const TbResults *r)
{
    JsonBuilder *b = json_builder_new();
    JsonGenerator *g;
    JsonNode *root;
    TbDerived d;
    char *text, *out;
    uint32_t n = r->niface < TB_MAX_NICS ? r->niface : TB_MAX_NICS;

    tb_report_derive(sc, r, &d);
    json_builder_begin_object(b);
    ks(b, "schema", TB_REPORT_SCHEMA);
    obj(b, "scenario");
    ks(b, "name", sc->name);
    ks(b, "file", basename_of(sc->file));
    ks(b, "profile", sc->host.profile);
    json_builder_end_object(b);
    ku(b, "sim_ns", r->sim_ns);
    ku(b, "init_ns", r->init_ns);
    ku(b, "window_ns", d.window_ns);

    obj(b, "offered");
    ku(b, "frames", r->offered);
    ku(b, "bytes", r->offered_bytes);
    ku(b, "first_ns", r->first_offer_ns);
    ku(b, "last_ns", r->last_offer_ns);
    ku(b, "pps", d.offered_pps);
    ku(b, "bps", d.offered_bps);
    json_builder_end_object(b);

    json_builder_set_member_name(b, "sources");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < r->nsources && i < sc->nsources; i++) {
        const TbTrafficCfg *t = &sc->traffic[i];
        const TbSourceStats *s = &r->source[i];
        json_builder_begin_object(b);
        ks(b, "name", t->name);
        ks(b, "kind", t->kind == TB_TRAFFIC_PCAP ? "pcap" : "pktgen");
        ks(b, "nic", sc->nic[t->nic].name);
        if (t->kind == TB_TRAFFIC_PCAP) {
            ks(b, "pcap", basename_of(t->pcap));
        }
        ku(b, "offered", s->offered);
        ku(b, "offered_bytes", s->offered_bytes);
        ku(b, "padded", s->padded);
        ku(b, "oversize", s->oversize);
        ku(b, "truncated", s->truncated);
        ku(b, "loops", s->loops);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);

    obj(b, "accounting");
    ku(b, "offered", r->offered);
    ku(b, "rx_queued", r->rx_queued);
    ku(b, "rx_filtered", r->rx_filtered);
    ku(b, "rx_disabled", r->rx_disabled);
    ku(b, "rx_overrun", r->rx_overrun);
    ku(b, "rx_bad_size", r->rx_bad_size);
    kb(b, "balanced", d.nic_balanced);
    ku(b, "forwarded", r->forwarded);
    ku(b, "local_delivered", r->local_delivered);
    ku(b, "backlog_drops", r->backlog_drops);
    ku(b, "no_route", r->no_route);
    ku(b, "ip_dropped", r->ip_dropped);
    ku(b, "qdisc_drops", d.qdisc_drops);
    ki(b, "host_other", d.host_other);
    json_builder_end_object(b);

    obj(b, "host");
    ku(b, "forwarded", r->forwarded);
    ku(b, "forwarded_pps", d.forwarded_pps);
    ku(b, "local_delivered", r->local_delivered);
    ku(b, "backlog_drops", r->backlog_drops);
    ku(b, "no_route", r->no_route);
    ku(b, "ip_dropped", r->ip_dropped);
    ku(b, "skb_alloc_failed", r->skb_alloc_failed);
    ku(b, "sink_datagrams", r->sink_datagrams);
    ku(b, "sink_bytes", r->sink_bytes);
    ku(b, "sink_drops", r->sink_drops);
    ku(b, "sink_payload_bps", d.sink_payload_bps);
    ku(b, "softirq_runs", r->softirq_runs);
    ku(b, "time_squeeze", r->time_squeeze);
    ku(b, "ksoftirqd_wakeups", r->ksoftirqd_wakeups);
    json_builder_end_object(b);

    obj(b, "cpu");
    cpu_times(b, &r->cpu);
    json_builder_end_object(b);

    if (r->ncpus > 1) {
        /* SMP only (one-CPU reports are unchanged): per CPU shares */
        json_builder_set_member_name(b, "cpus");
        json_builder_begin_array(b);
        for (uint32_t c = 0; c < r->ncpus && c < TB_RES_MAX_CPUS; c++) {
            json_builder_begin_object(b);
            ku(b, "cpu", c);
            cpu_times(b, &r->cpus[c]);
            json_builder_end_object(b);
        }
        json_builder_end_array(b);
    }

    obj(b, "interrupts");
    for (uint32_t i = 0; i < n; i++) {
        ku(b, r->iface[i].name, r->iface[i].interrupts);
    }
    json_builder_end_object(b);

    json_builder_set_member_name(b, "interfaces");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < n; i++) {
        const TbIfaceResult *f = &r->iface[i];
        const TbNicCfg *c = i < sc->nnics ? &sc->nic[i] : NULL;
        TbNetstatRow row;
        json_builder_begin_object(b);
        ks(b, "name", f->name);
        ks(b, "chip", c && c->chip == E1K_CHIP_82540EM ? "82540EM"
                                                        : "82545EM");
        ks(b, "bus", c ? c->bus_name : "");
        ku(b, "link_mbps", c ? c->link_mbps : 0);
        ks(b, "mode", c ? e1k_drv_mode_name(c->drv.mode) : "");
        ku(b, "irq", f->irq);
        ku(b, "interrupts", f->interrupts);
        if (r->ncpus > 1) {
            ku(b, "irq_cpu", f->cpu);
        }
        ku(b, "rx_pps", tb_rate(f->stats.rx_packets, d.window_ns));
        ku(b, "tx_pps", tb_rate(f->stats.tx_packets, d.window_ns));
        stats64(b, &f->stats);
        tb_report_netstat_row(f, &row);
        obj(b, "netstat");
        ku(b, "MTU", 1500);
        ku(b, "RX-OK", row.rx_ok);
        ku(b, "RX-ERR", row.rx_err);
        ku(b, "RX-DRP", row.rx_drp);
        ku(b, "RX-OVR", row.rx_ovr);
        ku(b, "TX-OK", row.tx_ok);
        ku(b, "TX-ERR", row.tx_err);
        ku(b, "TX-DRP", row.tx_drp);
        ku(b, "TX-OVR", row.tx_ovr);
        json_builder_end_object(b);
        driver(b, &f->drv);
        nic_regs(b, &f->nic);
        ku(b, "qdisc_drops", f->qdisc_drops);
        ku(b, "tx_timeouts", f->tx_timeouts);
        ku(b, "wire_tx_frames", f->wire_tx_frames);
        ku(b, "wire_tx_bytes", f->wire_tx_bytes);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);

    root = json_builder_get_root(b);
    g = json_generator_new();
    json_generator_set_pretty(g, TRUE);
    json_generator_set_indent(g, 2);
    json_generator_set_root(g, root);
    text = json_generator_to_data(g, NULL);
    out = g_strconcat(text, "\n", NULL);
    g_free(text);
    json_node_unref(root);
    g_object_unref(g);
    g_object_unref(b);
    return out;
}
