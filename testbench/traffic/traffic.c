/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Traffic sources: the part common to pktgen and pcap replay -- pacing,
 * sender-side padding of runts (device case C10), oversize/truncated
 * accounting and the wire model.  See traffic.h.
 *
 * Pacing (scheduled start of frame i, ns after cfg->start_ns):
 *   pps       i * 1e9 / pps               (integer, rounded down)
 *   mbps      bits_before_i * 1e3 / mbps  (bits of frames incl. FCS)
 *   captured  (ts_i - ts_0) / multiplier  (pcap only)
 *   topspeed  0: the wire alone spaces the frames
 * The arrival time returned is the wire's (wire.h): when the last bit of
 * the frame reaches the NIC.
 */
#include <math.h>
#include <string.h>

#include <glib.h>

#include "traffic/traffic_int.h"

uint16_t tb_ip_checksum(const uint8_t *hdr, uint32_t len)
{
    uint32_t sum = 0;
    for (uint32_t i = 0; i + 1 < len; i += 2) {
        sum += (uint32_t)hdr[i] << 8 | hdr[i + 1];
    }
    if (len & 1) {
        sum += (uint32_t)hdr[len - 1] << 8;
    }
    while (sum >> 16) {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return (uint16_t)~sum;
}

TbSource *tb_source_new(const TbTrafficCfg *cfg, const uint8_t nic_mac[6],
                        uint32_t link_mbps, char **err)
{
    TbSource *s = g_new0(TbSource, 1);
    s->cfg = *cfg;
    memcpy(s->nic_mac, nic_mac, 6);
    tb_wire_init(&s->wire, link_mbps);

    switch (cfg->pace) {
    case TB_PACE_PPS:
        if (!(cfg->pps > 0) || !isfinite(cfg->pps) || cfg->pps > 1e9) {
            *err = g_strdup_printf("traffic%s%s: pps must be > 0 and <= 1e9",
                                   cfg->name[0] ? "." : "", cfg->name);
            goto fail;
        }
        s->pps_milli = (uint64_t)llround(cfg->pps * 1000.0);
        if (s->pps_milli == 0) {
            s->pps_milli = 1;
        }
        break;
    case TB_PACE_MBPS:
        if (!(cfg->mbps > 0) || !isfinite(cfg->mbps) || cfg->mbps > 1e6) {
            *err = g_strdup_printf("traffic%s%s: mbps must be > 0 and <= 1e6",
                                   cfg->name[0] ? "." : "", cfg->name);
            goto fail;
        }
        s->mbps_milli = (uint64_t)llround(cfg->mbps * 1000.0);
        if (s->mbps_milli == 0) {
            s->mbps_milli = 1;
        }
        break;
    case TB_PACE_CAPTURED:
        if (cfg->kind != TB_TRAFFIC_PCAP) {
            *err = g_strdup_printf("traffic%s%s: pace 'captured' needs a "
                                   "capture (kind pcap)",
                                   cfg->name[0] ? "." : "", cfg->name);
            goto fail;
        }
        if (!(cfg->multiplier > 0) || !isfinite(cfg->multiplier)) {
            *err = g_strdup_printf("traffic%s%s: multiplier must be > 0",
                                   cfg->name[0] ? "." : "", cfg->name);
            goto fail;
        }
        break;
    case TB_PACE_TOPSPEED:
        break;
    default:
        *err = g_strdup("traffic: unknown pace");
        goto fail;
    }

    if (cfg->kind == TB_TRAFFIC_PKTGEN) {
        if (tb_pktgen_init(s, err) < 0) {
            goto fail;
        }
    } else if (cfg->kind == TB_TRAFFIC_PCAP) {
        if (tb_pcap_init(s, err) < 0) {
            goto fail;
        }
    } else {
        *err = g_strdup("traffic: unknown kind");
        goto fail;
    }
    return s;

fail:
    tb_source_free(s);
    return NULL;
}

/* Scheduled start of the next frame (index s->index), absolute ns. */
static uint64_t pace_time(const TbSource *s, uint64_t captured_rel_ns)
{
    unsigned __int128 t;

    switch (s->cfg.pace) {
    case TB_PACE_PPS:
        t = (unsigned __int128)s->index * 1000000000000ull / s->pps_milli;
        return s->cfg.start_ns + (uint64_t)t;
    case TB_PACE_MBPS:
        t = (unsigned __int128)s->cum_bits * 1000000ull / s->mbps_milli;
        return s->cfg.start_ns + (uint64_t)t;
    case TB_PACE_CAPTURED:
        return s->cfg.start_ns + captured_rel_ns;
    case TB_PACE_TOPSPEED:
    default:
        return s->cfg.start_ns;
    }
}

int tb_source_next(TbSource *src, uint64_t *t_ns, const uint8_t **frame,
                   uint32_t *len, char **err)
{
    uint8_t *buf = NULL;
    uint32_t l = 0, orig = 0;
    uint64_t rel = 0;
    int r;

    if (src->cfg.count && src->index >= src->cfg.count) {
        return 0;
    }
    if (src->cfg.kind == TB_TRAFFIC_PKTGEN) {
        r = tb_pktgen_next(src, &buf, &l);
        orig = l;
    } else {
        r = tb_pcap_next(src, &buf, &l, &orig, &rel, err);
    }
    if (r <= 0) {
        return r;
    }
    if (l < orig) {
        src->st.truncated++;
    }
    if (l < TB_MIN_FRAME) {
        /* The sender pads a runt to the minimum (C10); buffers have room. */
        memset(buf + l, 0, TB_MIN_FRAME - l);
        l = TB_MIN_FRAME;
        src->st.padded++;
    }
    if (l > TB_MAX_WIRE_FRAME) {
        src->st.oversize++;
    }
    *t_ns = tb_wire_send(&src->wire, pace_time(src, rel), l);
    *frame = buf;
    *len = l;
    src->st.offered++;
    src->st.offered_bytes += (uint64_t)l + 4;
    src->index++;
    src->cum_bits += ((uint64_t)l + 4) * 8;
    return 1;
}

void tb_source_stats(const TbSource *src, TbSourceStats *st)
{
    *st = src->st;
}

void tb_source_free(TbSource *src)
{
    if (!src) {
        return;
    }
    tb_pcap_free(src);
    g_free(src->buf);
    g_free(src);
}
