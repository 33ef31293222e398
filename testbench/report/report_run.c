/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The report of a run (report.h): each host's report (report_text.c,
 * report_json.c) in file order, the links' counters and the [netperf]
 * test's result (report_netperf.c).  A file without [host.NAME] sections
 * has one unnamed host, whose report is the run's; named hosts are
 * reported under their names, with the links.
 */
#include <inttypes.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "report/json_put.h"
#include "report/report.h"

void tb_run_report_init(TbRunReport *rr, const TbSim *sim)
{
    const TbTopology *t = tb_sim_topology(sim);
    const TbNetperf *np = tb_sim_netperf(sim);

    memset(rr, 0, sizeof(*rr));
    rr->t = t;
    rr->sim = sim;
    rr->res = g_new0(const TbResults *, t->nhosts);
    for (uint32_t h = 0; h < t->nhosts; h++) {
        rr->res[h] = tb_sim_results(sim, h);
    }
    rr->link = g_malloc0_n(t->nlinks ? t->nlinks : 1, sizeof(*rr->link));
    for (uint32_t i = 0; i < t->nlinks; i++) {
        rr->link[i][0] = tb_link_stats(tb_sim_link(sim, i), 0);
        rr->link[i][1] = tb_link_stats(tb_sim_link(sim, i), 1);
    }
    rr->np = np ? tb_netperf_stats(np) : NULL;
    if (t->nstreams) {
        rr->stream = g_new0(const TbNetperfStats *, t->nstreams);
        for (uint32_t i = 0; i < t->nstreams; i++) {
            rr->stream[i] = tb_netperf_stats(tb_sim_stream(sim, i));
        }
    }
}

void tb_run_report_clear(TbRunReport *rr)
{
    g_free(rr->res);
    g_free(rr->link);
    g_free(rr->stream);
    memset(rr, 0, sizeof(*rr));
}

/* The last ten lines of host @h's kernel log, with its counts. */
static void text_kernel_log(FILE *out, const TbRunReport *rr, uint32_t h)
{
    uint64_t timeouts = 0, linkup = 0;
    uint64_t n = rr->sim ? tb_sim_log_count(rr->sim, h, &timeouts, &linkup)
                         : 0;
    uint32_t show = n < 10 ? (uint32_t)n : 10;

    if (n == 0) {
        return;
    }
    fprintf(out, "Kernel log: %" PRIu64 " lines (%" PRIu64 " \"transmit "
            "timed out\", %" PRIu64 " \"Link is Up\"); the last %u:\n", n,
            timeouts, linkup, show);
    for (uint32_t i = show; i-- > 0;) {
        const char *l = tb_sim_log_line(rr->sim, h, i);
        if (l) {
            fprintf(out, "  %s\n", l);
        }
    }
    fprintf(out, "\n");
}

static void text_links(FILE *out, const TbRunReport *rr)
{
    fprintf(out, "Links (frames incl. FCS bytes, lost on the wire):\n");
    for (uint32_t i = 0; i < rr->t->nlinks; i++) {
        const TbLinkCfg *c = &rr->t->link[i];
        for (int d = 0; d < 2; d++) {
            const TbLinkDirStats *s = rr->link[i][d];
            fprintf(out, "  %-8s %s -> %s: %" PRIu64 " frames, %" PRIu64
                    " bytes, %" PRIu64 " lost\n", c->name, c->end_text[d],
                    c->end_text[1 - d], s->frames, s->bytes, s->lost);
        }
    }
    fprintf(out, "\n");
}

void tb_report_run_text(FILE *out, const TbRunReport *rr)
{
    const TbTopology *t = rr->t;
    bool named = t->host_name[0][0] != 0;

    for (uint32_t h = 0; h < t->nhosts; h++) {
        if (named) {
            fprintf(out, "==== host %s ====\n", t->host_name[h]);
        }
        tb_report_text(out, &t->host[h], rr->res[h]);
        if (named) {
            fprintf(out, "\n");
        } else {
            text_kernel_log(out, rr, h);
        }
    }
    if (named) {
        text_links(out, rr);
        tb_report_switch_text(out, rr);
    }
    if (rr->np && t->netperf.present) {
        tb_report_netperf_text(out, rr);
    }
    tb_report_streams_text(out, rr);
}

/* Host @h: its name and its report object. */
static void json_host(JsonBuilder *b, const TbRunReport *rr, uint32_t h)
{
    json_builder_begin_object(b);
    ks(b, "name", rr->t->host_name[h]);
    obj(b, "report");
    tb_report_json_members(b, &rr->t->host[h], rr->res[h]);
    json_builder_end_object(b);
    json_builder_end_object(b);
}

static void json_links(JsonBuilder *b, const TbRunReport *rr)
{
    json_builder_set_member_name(b, "links");
    json_builder_begin_array(b);
    for (uint32_t i = 0; i < rr->t->nlinks; i++) {
        const TbLinkCfg *c = &rr->t->link[i];
        json_builder_begin_object(b);
        ks(b, "name", c->name);
        ks(b, "a", c->end_text[0]);
        ks(b, "b", c->end_text[1]);
        ku(b, "delay_ns", c->delay_ns);
        for (int d = 0; d < 2; d++) {
            obj(b, d ? "b_to_a" : "a_to_b");
            ku(b, "frames", rr->link[i][d]->frames);
            ku(b, "bytes", rr->link[i][d]->bytes);
            ku(b, "lost", rr->link[i][d]->lost);
            json_builder_end_object(b);
        }
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

/* The members of a network of named hosts. */
static void json_network(JsonBuilder *b, const TbRunReport *rr)
{
    ks(b, "schema", TB_REPORT_SCHEMA);
    ks(b, "scenario", rr->t->host[0].name);
    json_builder_set_member_name(b, "hosts");
    json_builder_begin_array(b);
    for (uint32_t h = 0; h < rr->t->nhosts; h++) {
        json_host(b, rr, h);
    }
    json_builder_end_array(b);
    json_links(b, rr);
    if (rr->t->nswitches) {
        tb_report_switch_json(b, rr);
    }
    if (rr->np && rr->t->netperf.present) {
        tb_report_netperf_json(b, rr);
    }
    if (rr->t->nstreams) {
        tb_report_streams_json(b, rr);
    }
}

char *tb_report_run_json(const TbRunReport *rr)
{
    JsonBuilder *b = json_builder_new();

    json_builder_begin_object(b);
    if (rr->t->host_name[0][0]) {
        json_network(b, rr);
    } else {
        tb_report_json_members(b, &rr->t->host[0], rr->res[0]);
    }
    json_builder_end_object(b);
    char *out = tb_report_json_text(b);
    g_object_unref(b);
    return out;
}
