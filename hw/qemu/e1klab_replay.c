/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The QEMU device's replay: properties -> traffic library configuration,
 * and the pending frame of a library source.  See e1klab_replay.h.
 */
#include "e1klab_replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct E1kReplay {
    TrfCfg cfg;               /* the configuration, start_ns set at start */
    TrfSource *src;           /* the running source, NULL before start */
    E1krCursor cur;
    E1krStats st;             /* counters of the delivered frames */
    const uint8_t *frame;     /* the pending frame (library buffer) */
    uint32_t frame_len;       /* its length, 0 = none */
};

/* Copy a library message (malloc'd, may be NULL) to @err and free it. */
static int take_err(char *m, char *err, size_t errlen)
{
    if (err && errlen) {
        snprintf(err, errlen, "%s", m ? m : "out of memory");
    }
    free(m);
    return -1;
}

/* replay-pace: the pace named @name, or the default for @p. */
static int props_pace(const E1krProps *p, int gen, TrfPace *pace)
{
    static const char *const names[] = {
        [TRF_PACE_CAPTURED] = "captured", [TRF_PACE_PPS] = "pps",
        [TRF_PACE_MBPS] = "mbps", [TRF_PACE_TOPSPEED] = "topspeed",
    };

    if (!p->pace) {
        *pace = p->pps ? TRF_PACE_PPS : p->mbps ? TRF_PACE_MBPS
                : gen ? TRF_PACE_TOPSPEED : TRF_PACE_CAPTURED;
        return 0;
    }
    for (int i = 0; i < 4; i++) {
        if (!strcmp(names[i], p->pace)) {
            *pace = (TrfPace)i;
            return 0;
        }
    }
    return -1;
}

/* The generator's properties (addresses as text).  0, or -1 with @err. */
static int props_gen(const E1krProps *p, TrfCfg *c, char *err,
                     size_t errlen)
{
    c->frame_size = p->size;
    c->flows = p->flows;
    c->udp_src_port = p->sport;
    c->udp_dst_port = p->dport;
    if ((p->src_ip && trf_parse_ipv4(p->src_ip, &c->src_ip) < 0) ||
        (p->dst_ip && trf_parse_ipv4(p->dst_ip, &c->dst_ip) < 0)) {
        snprintf(err, errlen, "replay-src-ip/replay-dst-ip must be dotted "
                 "IPv4 addresses");
        return -1;
    }
    if (p->src_mac && trf_parse_mac(p->src_mac, c->src_mac) < 0) {
        snprintf(err, errlen, "replay-src-mac '%s' is not a MAC address",
                 p->src_mac);
        return -1;
    }
    if (p->dst_mac && trf_parse_mac(p->dst_mac, c->dst_mac) < 0) {
        snprintf(err, errlen, "replay-dst-mac '%s' is not a MAC address",
                 p->dst_mac);
        return -1;
    }
    return 0;
}

int e1kr_cfg_from_props(const E1krProps *p, const uint8_t nic_mac[6],
                        TrfCfg *c, char *err, size_t errlen)
{
    int gen = p->replay && !strcmp(p->replay, "gen");
    char *end = NULL;

    trf_cfg_default(c);
    snprintf(c->label, sizeof(c->label), "replay");
    c->kind = gen ? TRF_PKTGEN : TRF_PCAP;
    if (!gen && (!p->replay || strlen(p->replay) >= sizeof(c->pcap))) {
        snprintf(err, errlen, "replay: capture path empty or longer than "
                 "%u bytes", (unsigned)sizeof(c->pcap) - 1);
        return -1;
    }
    if (!gen) {
        snprintf(c->pcap, sizeof(c->pcap), "%s", p->replay);
    }
    if (props_pace(p, gen, &c->pace) < 0) {
        snprintf(err, errlen, "replay-pace '%s' is not one of captured, "
                 "pps, mbps, topspeed", p->pace);
        return -1;
    }
    c->pps = p->pps;
    c->mbps = p->mbps;
    if (p->multiplier) {
        c->multiplier = strtod(p->multiplier, &end);
        if (end == p->multiplier || *end || !(c->multiplier > 0)) {
            snprintf(err, errlen, "replay-multiplier '%s' is not a positive "
                     "number", p->multiplier);
            return -1;
        }
    }
    c->loop = p->loop;
    c->count = p->count;
    c->link_mbps = p->link_mbps;
    memcpy(c->nic_mac, nic_mac, 6);
    c->rewrite_dst_mac = p->rewrite_dst_mac;
    return props_gen(p, c, err, errlen);
}

E1kReplay *e1kr_new(const TrfCfg *cfg, char *err, size_t errlen)
{
    char *m = NULL;
    TrfSource *probe = trf_source_new(cfg, &m);
    E1kReplay *r;

    if (!probe) {
        take_err(m, err, errlen);
        return NULL;
    }
    trf_source_free(probe);
    r = calloc(1, sizeof(*r));
    if (!r) {
        take_err(NULL, err, errlen);
        return NULL;
    }
    r->cfg = *cfg;
    r->cur.next_ns = E1KR_NONE;
    return r;
}

void e1kr_free(E1kReplay *r)
{
    if (!r) {
        return;
    }
    trf_source_free(r->src);
    free(r);
}

/* Take the delivered counters, then pull the next frame as the pending
 * one (next_ns = E1KR_NONE at the end).  0, or -1 with @err set. */
static int prepare(E1kReplay *r, char *err, size_t errlen)
{
    char *m = NULL;
    uint64_t t;
    int rc;

    trf_source_stats(r->src, &r->st);
    rc = trf_source_next(r->src, &t, &r->frame, &r->frame_len, &m);
    if (rc == 1) {
        r->cur.next_ns = t;
        return 0;
    }
    r->frame = NULL;
    r->frame_len = 0;
    r->cur.next_ns = E1KR_NONE;
    return rc < 0 ? take_err(m, err, errlen) : 0;
}

/* A fresh source starting at @start_ns.  0, or -1 with @err set. */
static int restart(E1kReplay *r, uint64_t start_ns, char *err, size_t errlen)
{
    char *m = NULL;

    trf_source_free(r->src);
    r->frame = NULL;
    r->frame_len = 0;
    r->cfg.start_ns = start_ns;
    r->src = trf_source_new(&r->cfg, &m);
    return r->src ? 0 : take_err(m, err, errlen);
}

int e1kr_start(E1kReplay *r, uint64_t start_ns, char *err, size_t errlen)
{
    memset(&r->cur, 0, sizeof(r->cur));
    r->cur.started = 1;
    r->cur.start_ns = start_ns;
    r->cur.prev_end_ns = start_ns;
    r->cur.next_ns = E1KR_NONE;
    if (restart(r, start_ns, err, errlen) < 0) {
        return -1;
    }
    return prepare(r, err, errlen);
}

uint64_t e1kr_next_ns(const E1kReplay *r)
{
    return r->cur.started ? r->cur.next_ns : E1KR_NONE;
}

const uint8_t *e1kr_frame(const E1kReplay *r, uint32_t *len)
{
    if (!r->cur.started || r->cur.next_ns == E1KR_NONE || !r->frame) {
        *len = 0;
        return NULL;
    }
    *len = r->frame_len;
    return r->frame;
}

int e1kr_advance(E1kReplay *r, char *err, size_t errlen)
{
    if (!r->cur.started || r->cur.next_ns == E1KR_NONE) {
        return 0;
    }
    r->cur.emitted++;
    r->cur.prev_end_ns = r->cur.next_ns;
    return prepare(r, err, errlen);
}

void e1kr_cursor(const E1kReplay *r, E1krCursor *c)
{
    *c = r->cur;
}

int e1kr_seek(E1kReplay *r, const E1krCursor *c, char *err, size_t errlen)
{
    uint64_t t;
    const uint8_t *f;
    uint32_t len;
    char *m = NULL;

    trf_source_free(r->src);
    r->src = NULL;
    memset(&r->st, 0, sizeof(r->st));
    r->frame = NULL;
    r->frame_len = 0;
    r->cur = *c;
    if (!c->started) {
        memset(&r->cur, 0, sizeof(r->cur));
        r->cur.next_ns = E1KR_NONE;
        return 0;
    }
    if (restart(r, c->start_ns, err, errlen) < 0) {
        r->cur.next_ns = E1KR_NONE;
        return -1;
    }
    /* The source is a pure function of its configuration: replaying the
     * delivered frames brings it back to where it stood. */
    for (uint64_t i = 0; i < c->emitted; i++) {
        if (trf_source_next(r->src, &t, &f, &len, &m) != 1) {
            free(m);
            snprintf(err, errlen, "%s: the source ended before the saved "
                     "replay position", r->cfg.kind == TRF_PCAP ? r->cfg.pcap
                                                                : "replay");
            r->cur.next_ns = E1KR_NONE;
            return -1;
        }
    }
    if (prepare(r, err, errlen) < 0 || r->cur.next_ns != c->next_ns) {
        snprintf(err, errlen, "%s: the source no longer matches the saved "
                 "replay position", r->cfg.kind == TRF_PCAP ? r->cfg.pcap
                                                            : "replay");
        r->cur.next_ns = E1KR_NONE;
        return -1;
    }
    return 0;
}

void e1kr_stats(const E1kReplay *r, E1krStats *st)
{
    *st = r->cur.started ? r->st : (E1krStats){0};
}
