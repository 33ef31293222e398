/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Scenario [traffic] section -> traffic library configuration
 * (traffic.h). */
#include <stdio.h>
#include <string.h>

#include "traffic/traffic.h"

_Static_assert(TB_MAX_IMIX <= TRF_MAX_IMIX, "IMIX tables");
_Static_assert(TB_PATH_LEN <= TRF_PATH_LEN, "capture path");
_Static_assert((int)TB_PACE_CAPTURED == (int)TRF_PACE_CAPTURED &&
               (int)TB_PACE_PPS == (int)TRF_PACE_PPS &&
               (int)TB_PACE_MBPS == (int)TRF_PACE_MBPS &&
               (int)TB_PACE_TOPSPEED == (int)TRF_PACE_TOPSPEED,
               "pace values");
_Static_assert((int)TB_TRAFFIC_PKTGEN == (int)TRF_PKTGEN &&
               (int)TB_TRAFFIC_PCAP == (int)TRF_PCAP, "kind values");

/* The generator's fields. */
static void pktgen_cfg(const TbTrafficCfg *t, TrfCfg *c)
{
    c->frame_size = t->frame_size;
    c->imix_n = t->imix_n;
    memcpy(c->imix_size, t->imix_size, sizeof(t->imix_size));
    memcpy(c->imix_weight, t->imix_weight, sizeof(t->imix_weight));
    c->flows = t->flows;
    memcpy(c->dst_mac, t->dst_mac, 6);
    memcpy(c->src_mac, t->src_mac, 6);
    c->src_ip = t->src_ip;
    c->dst_ip = t->dst_ip;
    c->udp_src_port = t->udp_src_port;
    c->udp_dst_port = t->udp_dst_port;
    c->udp_payload = t->udp_payload;
}

void tb_traffic_trf_cfg(const TbTrafficCfg *t, const uint8_t nic_mac[6],
                        uint32_t link_mbps, TrfCfg *c)
{
    trf_cfg_default(c);
    snprintf(c->label, sizeof(c->label), "traffic%s%s",
             t->name[0] ? "." : "", t->name);
    c->kind = (TrfKind)t->kind;
    c->start_ns = t->start_ns;
    c->pace = (TrfPace)t->pace;
    c->pps = t->pps;
    c->mbps = t->mbps;
    c->multiplier = t->multiplier;
    c->loop = t->loop;
    c->count = t->count;
    c->link_mbps = link_mbps;
    memcpy(c->nic_mac, nic_mac, 6);
    pktgen_cfg(t, c);
    snprintf(c->pcap, sizeof(c->pcap), "%s", t->pcap);
    c->rewrite_dst_mac = t->rewrite_dst_mac;
}

TbSource *tb_source_new(const TbTrafficCfg *cfg, const uint8_t nic_mac[6],
                        uint32_t link_mbps, char **err)
{
    TrfCfg c;

    tb_traffic_trf_cfg(cfg, nic_mac, link_mbps, &c);
    return trf_source_new(&c, err);
}
