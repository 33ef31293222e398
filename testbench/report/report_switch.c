/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The switches' part of a run's report (report.h, docs/switch.md): per
 * port its NIC, frames and bytes each way, drops of its output buffer,
 * floods, PAUSE frames and the buffer's peak, as a text table, the JSON
 * `switches` member (docs/report-schema.md) and a CSV table.
 */
#include <inttypes.h>

#include <json-glib/json-glib.h>

#include "report/json_put.h"
#include "report/report.h"

static const char *const fwd_name[] = {"static", "learning"};

/* The link of port @p of switch @s (its name, the NIC's end). */
static const TbLinkCfg *port_link(const TbTopology *t, uint32_t s,
                                  uint32_t p, const char **nic)
{
    for (uint32_t i = 0; i < t->nlinks; i++) {
        const TbLinkCfg *l = &t->link[i];
        int e = l->sw[0] ? 0 : 1;
        if (l->sw[e] == s + 1 && l->port == p) {
            *nic = l->end_text[!e];
            return l;
        }
    }
    *nic = "";
    return NULL;
}

void tb_report_switch_text(FILE *out, const TbRunReport *rr)
{
    const TbTopology *t = rr->t;
    for (uint32_t s = 0; rr->sim && s < t->nswitches; s++) {
        const TbSwitchCfg *c = &t->sw[s];
        const TbSwitch *sw = tb_sim_switch(rr->sim, s);
        fprintf(out, "Switch %s (store-and-forward, %s forwarding, %u-byte "
                "output buffers, pause %s; bytes incl. FCS):\n", c->name,
                fwd_name[c->forwarding], c->buffer, c->pause ? "on" : "off");
        fprintf(out, "  %-10s %-14s %10s %13s %10s %13s %8s %8s %7s %10s\n",
                "port", "nic", "rx_frames", "rx_bytes", "tx_frames",
                "tx_bytes", "drops", "flooded", "pause", "buf_peak");
        for (uint32_t p = 0; p < c->nports; p++) {
            const char *nic;
            const TbLinkCfg *l = port_link(t, s, p, &nic);
            const TbSwitchPortStats *st = tb_switch_port_stats(sw, p);
            fprintf(out, "  %-10s %-14s %10" PRIu64 " %13" PRIu64 " %10"
                    PRIu64 " %13" PRIu64 " %8" PRIu64 " %8" PRIu64 " %7"
                    PRIu64 " %10" PRIu64 "\n", l ? l->name : "?", nic,
                    st->rx_frames, st->rx_bytes, st->tx_frames, st->tx_bytes,
                    st->drops, st->flooded, st->pause_frames,
                    st->buffer_peak);
        }
        fprintf(out, "\n");
    }
}

/* Port @p's counters as members of the open object. */
static void json_port(JsonBuilder *b, const TbTopology *t, uint32_t s,
                      uint32_t p, const TbSwitchPortStats *st)
{
    const char *nic;
    const TbLinkCfg *l = port_link(t, s, p, &nic);
    ks(b, "link", l ? l->name : "");
    ks(b, "nic", nic);
    ku(b, "rx_frames", st->rx_frames);
    ku(b, "rx_bytes", st->rx_bytes);
    ku(b, "tx_frames", st->tx_frames);
    ku(b, "tx_bytes", st->tx_bytes);
    ku(b, "drops", st->drops);
    ku(b, "drop_bytes", st->drop_bytes);
    ku(b, "flooded", st->flooded);
    ku(b, "filtered", st->filtered);
    ku(b, "pause_frames", st->pause_frames);
    ku(b, "xoff_frames", st->xoff_frames);
    ku(b, "buffer_peak", st->buffer_peak);
}

void tb_report_switch_json(JsonBuilder *b, const TbRunReport *rr)
{
    const TbTopology *t = rr->t;
    json_builder_set_member_name(b, "switches");
    json_builder_begin_array(b);
    for (uint32_t s = 0; rr->sim && s < t->nswitches; s++) {
        const TbSwitchCfg *c = &t->sw[s];
        const TbSwitch *sw = tb_sim_switch(rr->sim, s);
        json_builder_begin_object(b);
        ks(b, "name", c->name);
        ks(b, "forwarding", fwd_name[c->forwarding]);
        ku(b, "buffer", c->buffer);
        kb(b, "pause", c->pause);
        json_builder_set_member_name(b, "ports");
        json_builder_begin_array(b);
        for (uint32_t p = 0; p < c->nports; p++) {
            json_builder_begin_object(b);
            json_port(b, t, s, p, tb_switch_port_stats(sw, p));
            json_builder_end_object(b);
        }
        json_builder_end_array(b);
        json_builder_end_object(b);
    }
    json_builder_end_array(b);
}

void tb_report_switch_csv(FILE *out, const TbRunReport *rr)
{
    const TbTopology *t = rr->t;
    fprintf(out, "switch,port,nic,rx_frames,rx_bytes,tx_frames,tx_bytes,"
            "drops,drop_bytes,flooded,filtered,pause_frames,xoff_frames,"
            "buffer_peak\n");
    for (uint32_t s = 0; rr->sim && s < t->nswitches; s++) {
        const TbSwitch *sw = tb_sim_switch(rr->sim, s);
        for (uint32_t p = 0; p < t->sw[s].nports; p++) {
            const char *nic;
            const TbLinkCfg *l = port_link(t, s, p, &nic);
            const TbSwitchPortStats *st = tb_switch_port_stats(sw, p);
            fprintf(out, "%s,%s,%s,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%"
                    PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64
                    ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "\n", t->sw[s].name,
                    l ? l->name : "", nic, st->rx_frames, st->rx_bytes,
                    st->tx_frames, st->tx_bytes, st->drops, st->drop_bytes,
                    st->flooded, st->filtered, st->pause_frames,
                    st->xoff_frames, st->buffer_peak);
        }
    }
}
