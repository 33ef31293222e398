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

#include "report/json_put.h"
#include "report/report.h"
#include "report/stats64_fields.h"

static void stats64(JsonBuilder *b, const struct e1k_link_stats64 *s)
{
    obj(b, "stats64");
#define PUT(x) ku(b, #x, s->x);
    TB_STATS64_FIELDS(PUT)
#undef PUT
    json_builder_end_object(b);
}

/* E1kTotals under the register names of SDM 13.7 where there is one. */
static void nic_regs(JsonBuilder *b, const E1kTotals *t)
{
    obj(b, "nic");
#define REG(name, x) ku(b, name, t->x)
    REG("MPC", mpc); REG("RNBC", rnbc); REG("GPRC", gprc); REG("GPTC", gptc);
    REG("GORC", gorc); REG("GOTC", gotc); REG("TPR", tpr); REG("TPT", tpt);
    REG("BPRC", bprc); REG("MPRC", mprc); REG("RUC", ruc); REG("ROC", roc);
    REG("CRCERRS", crcerrs);
#undef REG
#define PUT(x) ku(b, #x, t->x)
    PUT(rx_filtered); PUT(rx_disabled); PUT(rx_dma_errors);
    PUT(tx_dma_errors); PUT(tx_bad_desc); PUT(tx_frames_dropped);
    PUT(irq_assertions);
#undef PUT
    json_builder_end_object(b);
}

static void driver(JsonBuilder *b, const struct e1k_drv_counters *c)
{
    obj(b, "driver");
#define PUT(x) ku(b, #x, c->x)
    PUT(interrupts); PUT(interrupts_none); PUT(polls); PUT(polls_complete);
    PUT(polls_budget); PUT(rx_cleaned); PUT(tx_cleaned);
    PUT(rx_alloc_failed); PUT(tx_busy); PUT(resets); PUT(itr_changes);
    PUT(itr_current);
#undef PUT
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

/* ---- the report's members, in their order ---- */

/* "schema", "scenario", "sim_ns", "init_ns", "window_ns" */
static void json_head(JsonBuilder *b, const TbScenario *sc,
                      const TbResults *r, const TbDerived *d)
{
    ks(b, "schema", TB_REPORT_SCHEMA);
    obj(b, "scenario");
    ks(b, "name", sc->name);
    ks(b, "file", basename_of(sc->file));
    ks(b, "profile", sc->host.profile);
    json_builder_set_member_name(b, "overrides");
    json_builder_begin_array(b);
    {
        char **ov = g_strsplit(sc->overrides, "\n", -1);
        for (char **x = ov; *x; x++) {
            if (**x) {
                json_builder_add_string_value(b, *x);
            }
        }
        g_strfreev(ov);
    }
    json_builder_end_array(b);
    json_builder_end_object(b);
    ku(b, "sim_ns", r->sim_ns);
    ku(b, "init_ns", r->init_ns);
    ku(b, "window_ns", d->window_ns);
}

static void json_offered(JsonBuilder *b, const TbResults *r,
                         const TbDerived *d)
{
    obj(b, "offered");
    ku(b, "frames", r->offered);
    ku(b, "bytes", r->offered_bytes);
    ku(b, "first_ns", r->first_offer_ns);
    ku(b, "last_ns", r->last_offer_ns);
    ku(b, "pps", d->offered_pps);
    ku(b, "bps", d->offered_bps);
    ku(b, "window_ns", d->offered_window_ns);
    kb(b, "capped_to_line_rate", d->capped);
    json_builder_end_object(b);
}

static void json_source(JsonBuilder *b, const TbScenario *sc,
                        const TbTrafficCfg *t, const TbSourceStats *s)
{
    json_builder_begin_object(b);
    ks(b, "name", t->name);
    ks(b, "kind", t->kind == TB_TRAFFIC_PCAP ? "pcap" : "pktgen");
    ks(b, "nic", sc->nic[t->nic].name);
    if (t->kind == TB_TRAFFIC_PCAP) {
        ks(b, "pcap", basename_of(t->pcap));
    }
#define PUT(x) ku(b, #x, s->x)
    PUT(offered); PUT(offered_bytes); PUT(padded); PUT(oversize);
    PUT(truncated); PUT(loops);
#undef PUT
    kb(b, "capped_to_line_rate", tb_source_capped(sc, t, s, NULL, NULL));
    json_builder_end_object(b);
}

static void json_sources(JsonBuilder *b, const TbScenario *sc,
                         const TbResults *r)
{
    json_builder_set_member_name(b, "sources");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < r->nsources && i < sc->nsources; i++) {
        json_source(b, sc, &sc->traffic[i], &r->source[i]);
    }
    json_builder_end_array(b);
}

/* Offered = queued + ... at the NICs; queued = forwarded + ... in the
 * host (report.h TbDerived). */
static void json_accounting(JsonBuilder *b, const TbResults *r,
                            const TbDerived *d)
{
    obj(b, "accounting");
#define PUT(x) ku(b, #x, r->x)
    PUT(offered);
    if (r->link_rx) {
        PUT(link_rx);     /* a host on a link only: the schema of one
                           * without links is kept */
    }
    PUT(rx_queued); PUT(rx_filtered); PUT(rx_disabled);
    PUT(rx_overrun); PUT(rx_bad_size);
    kb(b, "balanced", d->nic_balanced);
    PUT(forwarded); PUT(local_delivered); PUT(backlog_drops); PUT(no_route);
    PUT(ip_dropped);
    ku(b, "qdisc_drops", d->qdisc_drops);
    if (d->lro_merged) {
        ku(b, "lro_merged", d->lro_merged);   /* LRO merged: the schema
                                                * of a host without is
                                                * kept */
    }
    ki(b, "host_other", d->host_other);
#undef PUT
    json_builder_end_object(b);
}

/* "loss": offered - delivered, its ratio, the drops by cause */
static void json_loss(JsonBuilder *b, const TbResults *r, const TbDerived *d)
{
    const TbDrops *dr = &d->drops;

    obj(b, "loss");
    ku(b, "delivered", d->delivered);
    ku(b, "lost", r->offered > d->delivered ? r->offered - d->delivered : 0);
    ku(b, "loss_ratio", d->loss_ppm);     /* ratio_text() writes it */
    ku(b, "loss_ppm", d->loss_ppm);
    obj(b, "drops");
#define PUT(f) ku(b, #f, dr->f)
    PUT(missed); PUT(filtered); PUT(disabled); PUT(bad_size); PUT(backlog);
    PUT(no_route); PUT(ip); PUT(qdisc); PUT(socket);
#undef PUT
    json_builder_end_object(b);
    json_builder_end_object(b);
}

static void json_host(JsonBuilder *b, const TbResults *r, const TbDerived *d)
{
    obj(b, "host");
#define PUT(x) ku(b, #x, r->x)
    PUT(forwarded);
    ku(b, "forwarded_pps", d->forwarded_pps);
    PUT(local_delivered); PUT(backlog_drops); PUT(no_route); PUT(ip_dropped);
    PUT(skb_alloc_failed); PUT(sink_datagrams); PUT(sink_bytes);
    PUT(sink_drops);
    ku(b, "sink_payload_bps", d->sink_payload_bps);
    PUT(softirq_runs); PUT(time_squeeze); PUT(ksoftirqd_wakeups);
#undef PUT
    json_builder_end_object(b);
}

/* "cpu", and with more than one CPU "cpus" (one-CPU reports are
 * unchanged by SMP) */
static void json_cpu(JsonBuilder *b, const TbResults *r)
{
    obj(b, "cpu");
    cpu_times(b, &r->cpu);
    json_builder_end_object(b);
    if (r->ncpus <= 1) {
        return;
    }
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

static void json_interrupts(JsonBuilder *b, const TbResults *r, uint32_t n)
{
    obj(b, "interrupts");
    for (uint32_t i = 0; i < n; i++) {
        ku(b, r->iface[i].name, r->iface[i].interrupts);
    }
    json_builder_end_object(b);
}

static void json_netstat(JsonBuilder *b, const TbIfaceResult *f,
                         const TbNicCfg *c)
{
    TbNetstatRow row;
    tb_report_netstat_row(f, &row);
    obj(b, "netstat");
    ku(b, "MTU", tb_report_mtu(c));
    ku(b, "RX-OK", row.rx_ok);
    ku(b, "RX-ERR", row.rx_err);
    ku(b, "RX-DRP", row.rx_drp);
    ku(b, "RX-OVR", row.rx_ovr);
    ku(b, "TX-OK", row.tx_ok);
    ku(b, "TX-ERR", row.tx_err);
    ku(b, "TX-DRP", row.tx_drp);
    ku(b, "TX-OVR", row.tx_ovr);
    json_builder_end_object(b);
}

/* `ethtool -S`: the Intel e1000 names (e1k_drv_ethtool_name) */
static void json_ethtool(JsonBuilder *b, const TbIfaceResult *f)
{
    obj(b, "ethtool");
    for (unsigned int i = 0; i < E1K_ETHTOOL_INTEL; i++) {
        ku(b, e1k_drv_ethtool_name(i), f->ethtool[i]);
    }
    json_builder_end_object(b);
}

/* "queues": the queue pairs of a multiqueue NIC (the 82598EB), each
 * with its MSI-X vector's CPU and counters; absent for the e1000. */
static void json_queues(JsonBuilder *b, const TbIfaceResult *f)
{
    json_builder_set_member_name(b, "queues");
    json_builder_begin_array(b);
    for (uint32_t q = 0; q < f->nqueues && q < TB_MAX_QUEUES; q++) {
        const TbQueueResult *x = &f->queue[q];
        json_builder_begin_object(b);
        ku(b, "queue", q);
        ku(b, "cpu", x->cpu);
#define PUT(n) ku(b, #n, x->n)
        PUT(rx_packets); PUT(rx_bytes); PUT(tx_packets); PUT(tx_bytes);
        PUT(interrupts); PUT(polls); PUT(polls_complete); PUT(polls_budget);
        PUT(lro_aggregated); PUT(lro_flushed); PUT(itr);
#undef PUT
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

/* One "interfaces" entry: @f, configured as @c (NULL if unknown). */
static void json_iface(JsonBuilder *b, const TbIfaceResult *f,
                       const TbNicCfg *c, const TbResults *r,
                       const TbDerived *d)
{
    json_builder_begin_object(b);
    ks(b, "name", f->name);
    ks(b, "chip", tb_chip_name(c ? c->chip : E1K_CHIP_82545EM));
    ks(b, "bus", c ? c->bus_name : "");
    ku(b, "link_mbps", c ? c->link_mbps : 0);
    ks(b, "mode", c ? e1k_drv_mode_name(c->drv.mode) : "");
    ku(b, "mtu", tb_report_mtu(c));
    kb(b, "promisc", c && c->promisc);
    ku(b, "irq", f->irq);
    ku(b, "interrupts", f->interrupts);
    if (r->ncpus > 1) {
        ku(b, "irq_cpu", f->cpu);
    }
    ku(b, "rx_pps", tb_rate(f->stats.rx_packets, d->window_ns));
    ku(b, "tx_pps", tb_rate(f->stats.tx_packets, d->window_ns));
    stats64(b, &f->stats);
    json_netstat(b, f, c);
    driver(b, &f->drv);
    nic_regs(b, &f->nic);
    json_ethtool(b, f);
#define PUT(x) ku(b, #x, f->x)
    PUT(qdisc_drops); PUT(tx_timeouts); PUT(wire_tx_frames);
    PUT(wire_tx_bytes);
#undef PUT
    if (f->nqueues) {
        json_queues(b, f);
    }
    json_builder_end_object(b);
}

static void json_interfaces(JsonBuilder *b, const TbScenario *sc,
                            const TbResults *r, const TbDerived *d,
                            uint32_t n)
{
    json_builder_set_member_name(b, "interfaces");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < n; i++) {
        json_iface(b, &r->iface[i], i < sc->nnics ? &sc->nic[i] : NULL, r,
                   d);
    }
    json_builder_end_array(b);
}

/* Keys built as an integer count of 10^-decimals units and written as a
 * fixed-point number (json-glib writes a double with 17 significant
 * digits, 0.76780000000000004): loss_ratio from its ppm value,
 * netperf's throughput_mbit_s, send_throughput_mbit_s and CPU
 * utilizations from hundredths, its service demands from thousandths. */
static const struct {
    const char *key;
    unsigned decimals;
} fixed_keys[] = {
    {"\"loss_ratio\" : ", 6},
    {"\"throughput_mbit_s\" : ", 2},
    {"\"send_throughput_mbit_s\" : ", 2},
    {"\"local_cpu_util_pct\" : ", 2},
    {"\"remote_cpu_util_pct\" : ", 2},
    {"\"send_service_demand_us_per_kb\" : ", 3},
    {"\"recv_service_demand_us_per_kb\" : ", 3},
};

/* Every value of the fixed_keys in @text rewritten (consumes @text). */
static char *fixed_text(char *text)
{
    for (size_t k = 0; k < G_N_ELEMENTS(fixed_keys); k++) {
        const char *key = fixed_keys[k].key;
        unsigned dec = fixed_keys[k].decimals;
        guint64 unit = 1;
        for (unsigned i = 0; i < dec; i++) {
            unit *= 10;
        }
        GString *out = g_string_new(NULL);
        const char *p = text, *at;
        while ((at = strstr(p, key)) != NULL) {
            char *end;
            at += strlen(key);
            guint64 v = g_ascii_strtoull(at, &end, 10);
            g_string_append_len(out, p, at - p);
            g_string_append_printf(out, "%" G_GUINT64_FORMAT ".%0*"
                                   G_GUINT64_FORMAT, v / unit, (int)dec,
                                   v % unit);
            p = end;
        }
        g_string_append(out, p);
        g_free(text);
        text = g_string_free(out, FALSE);
    }
    return text;
}

char *tb_report_json_text(JsonBuilder *b)
{
    JsonNode *root = json_builder_get_root(b);
    JsonGenerator *g = json_generator_new();
    json_generator_set_pretty(g, TRUE);
    json_generator_set_indent(g, 2);
    json_generator_set_root(g, root);
    char *text = fixed_text(json_generator_to_data(g, NULL));
    char *out = g_strconcat(text, "\n", NULL);

    g_free(text);
    json_node_unref(root);
    g_object_unref(g);
    return out;
}

void tb_report_json_members(JsonBuilder *b, const TbScenario *sc,
                            const TbResults *r)
{
    TbDerived d;
    uint32_t n = r->niface < TB_MAX_NICS ? r->niface : TB_MAX_NICS;

    tb_report_derive(sc, r, &d);
    json_head(b, sc, r, &d);
    json_offered(b, r, &d);
    json_sources(b, sc, r);
    json_accounting(b, r, &d);
    json_loss(b, r, &d);
    json_host(b, r, &d);
    json_cpu(b, r);
    json_interrupts(b, r, n);
    json_interfaces(b, sc, r, &d, n);
}

char *tb_report_json(const TbScenario *sc, const TbResults *r)
{
    JsonBuilder *b = json_builder_new();

    json_builder_begin_object(b);
    tb_report_json_members(b, sc, r);
    json_builder_end_object(b);
    char *out = tb_report_json_text(b);
    g_object_unref(b);
    return out;
}
