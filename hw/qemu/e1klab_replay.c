/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab replay source: capture (libpcap) or generator frames with their
 * arrival times in virtual ns.  See e1klab_replay.h for the timing rules.
 */
#include "e1klab_replay.h"

#include <errno.h>
#include <pcap/pcap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/** Minimum frame without FCS (60 + 4 = 64 on the wire). */
#define E1KR_MIN_FRAME 60u

struct E1kReplay {
    E1krCfg cfg;
    char *pcap_path;          /* owned copy of cfg.pcap */
    pcap_t *pc;               /* open capture, NULL for the generator */
    E1krCursor cur;
    uint8_t frame[E1KR_MAX_FRAME];
    uint32_t frame_len;       /* pending frame length, 0 = none */
};

static void set_err(char *err, size_t errlen, const char *fmt, const char *a,
                    const char *b)
{
    if (err && errlen) {
        snprintf(err, errlen, fmt, a, b);
    }
}

void e1kr_cfg_default(E1krCfg *cfg)
{
    static const uint8_t src_mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };

    memset(cfg, 0, sizeof(*cfg));
    cfg->pace = E1KR_PACE_TOPSPEED;
    cfg->multiplier = 1.0;
    cfg->loop = 1;
    cfg->link_mbps = 1000;
    cfg->frame_size = 64;
    cfg->flows = 1;
    memcpy(cfg->src_mac, src_mac, 6);
    cfg->src_ip = (10u << 24) | (0u << 16) | (1u << 8) | 2u;
    cfg->dst_ip = (10u << 24) | (0u << 16) | (2u << 8) | 2u;
    cfg->udp_src_port = 1024;
    cfg->udp_dst_port = 9;
}

uint64_t e1kr_wire_ns(uint32_t len, uint32_t link_mbps)
{
    uint64_t bytes = (len < E1KR_MIN_FRAME ? E1KR_MIN_FRAME : len) + 4u + 20u;

    if (link_mbps == 0) {
        link_mbps = 1000;
    }
    /* bits * 1000 / Mbps = ns; rounded up so back-to-back never overlaps */
    return (bytes * 8u * 1000u + link_mbps - 1u) / link_mbps;
}

int e1kr_parse_mac(const char *s, uint8_t mac[6])
{
    unsigned v[6];
    char tail;

    if (!s || sscanf(s, "%x:%x:%x:%x:%x:%x%c", &v[0], &v[1], &v[2], &v[3],
                     &v[4], &v[5], &tail) != 6) {
        return -1;
    }
    for (int i = 0; i < 6; i++) {
        if (v[i] > 0xff) {
            return -1;
        }
        mac[i] = (uint8_t)v[i];
    }
    return 0;
}

int e1kr_parse_ip(const char *s, uint32_t *ip)
{
    unsigned a, b, c, d;
    char tail;

    if (!s || sscanf(s, "%u.%u.%u.%u%c", &a, &b, &c, &d, &tail) != 4 ||
        a > 255 || b > 255 || c > 255 || d > 255) {
        return -1;
    }
    *ip = (a << 24) | (b << 16) | (c << 8) | d;
    return 0;
}

static void put16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

static void put32(uint8_t *p, uint32_t v)
{
    put16(p, v >> 16);
    put16(p + 2, v);
}

/* RFC 791 header checksum over @len bytes. */
static uint16_t ip_csum(const uint8_t *p, size_t len)
{
    uint32_t sum = 0;

    for (size_t i = 0; i + 1 < len; i += 2) {
        sum += ((uint32_t)p[i] << 8) | p[i + 1];
    }
    while (sum >> 16) {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return (uint16_t)~sum;
}

/*
 * Generator frame number @n: Ethernet II / IPv4 (TTL 64, DF clear, ID = n)
 * / UDP (checksum 0) with the 64-bit frame number big endian at the start
 * of the payload, zeros after it.
 */
static void gen_frame(E1kReplay *r, uint64_t n)
{
    const E1krCfg *c = &r->cfg;
    uint32_t len = c->frame_size - 4u;
    uint8_t *f = r->frame;

    memset(f, 0, len);
    memcpy(f, c->have_dst_mac ? c->dst_mac : c->nic_mac, 6);
    memcpy(f + 6, c->src_mac, 6);
    put16(f + 12, 0x0800);
    uint8_t *ip = f + 14;
    ip[0] = 0x45;
    put16(ip + 2, len - 14u);
    put16(ip + 4, (uint32_t)(n & 0xffff));
    ip[8] = 64;
    ip[9] = 17;
    put32(ip + 12, c->src_ip);
    put32(ip + 16, c->dst_ip);
    put16(ip + 10, ip_csum(ip, 20));
    uint8_t *udp = ip + 20;
    put16(udp, (uint32_t)c->udp_src_port + (uint32_t)(n % c->flows));
    put16(udp + 2, c->udp_dst_port);
    put16(udp + 4, len - 34u);
    uint8_t *pl = udp + 8;
    if (len >= 50u) {
        put32(pl, (uint32_t)(n >> 32));
        put32(pl + 4, (uint32_t)n);
    }
    r->frame_len = len;
}

static int open_capture(E1kReplay *r, char *err, size_t errlen)
{
    char ebuf[PCAP_ERRBUF_SIZE];

    if (r->pc) {
        pcap_close(r->pc);
        r->pc = NULL;
    }
    ebuf[0] = 0;
    r->pc = pcap_open_offline_with_tstamp_precision(r->pcap_path,
                PCAP_TSTAMP_PRECISION_NANO, ebuf);
    if (!r->pc) {
        /* libpcap's message may already name the file */
        if (strstr(ebuf, r->pcap_path)) {
            set_err(err, errlen, "%s%s", "", ebuf);
        } else {
            set_err(err, errlen, "%s: %s", r->pcap_path, ebuf);
        }
        return -1;
    }
    if (pcap_datalink(r->pc) != DLT_EN10MB) {
        char lt[32];
        snprintf(lt, sizeof(lt), "%d", pcap_datalink(r->pc));
        set_err(err, errlen, "%s: link type %s is not Ethernet",
                r->pcap_path, lt);
        pcap_close(r->pc);
        r->pc = NULL;
        return -1;
    }
    return 0;
}

/*
 * Read the next capture record into r->frame.  Returns 1 with *ts_ns set,
 * 0 at end of file, -1 on a read error.
 */
static int read_record(E1kReplay *r, uint64_t *ts_ns, char *err,
                       size_t errlen)
{
    struct pcap_pkthdr *h;
    const u_char *data;
    int rc = pcap_next_ex(r->pc, &h, &data);

    if (rc == PCAP_ERROR_BREAK) {
        return 0;
    }
    if (rc != 1) {
        set_err(err, errlen, "%s: %s", r->pcap_path, pcap_geterr(r->pc));
        return -1;
    }
    uint32_t len = h->caplen > E1KR_MAX_FRAME ? E1KR_MAX_FRAME : h->caplen;
    memcpy(r->frame, data, len);
    if (h->caplen < h->len) {
        r->cur.st.truncated++;
    }
    if (len < E1KR_MIN_FRAME) {
        memset(r->frame + len, 0, E1KR_MIN_FRAME - len);
        len = E1KR_MIN_FRAME;
        r->cur.st.padded++;
    }
    if (r->cfg.rewrite_dst_mac && len >= 6) {
        memcpy(r->frame, r->cfg.nic_mac, 6);
    }
    r->frame_len = len;
    *ts_ns = (uint64_t)h->ts.tv_sec * 1000000000u + (uint64_t)h->ts.tv_usec;
    return 1;
}

/* A rate in 1/1000 units, rounded, at least 1 (as testbench/traffic/traffic.c) */
static uint64_t milli(double rate)
{
    double m = rate * 1000.0 + 0.5;
    return m >= 1.0 ? (uint64_t)m : 1;
}

/*
 * Prepare the frame following the ones already counted in r->cur: fill
 * r->frame and r->cur.next_ns.  Returns 0 (next_ns = E1KR_NONE when
 * exhausted) or -1 on error.
 */
static int prepare(E1kReplay *r, char *err, size_t errlen)
{
    E1krCursor *c = &r->cur;
    uint64_t ts = 0, start;

    r->frame_len = 0;
    c->next_ns = E1KR_NONE;
    if (r->cfg.count && c->emitted >= r->cfg.count) {
        return 0;
    }
    if (r->pc) {
        uint32_t loops = r->cfg.loop ? r->cfg.loop : 1;
        int rc = read_record(r, &ts, err, errlen);
        if (rc < 0) {
            return -1;
        }
        if (rc == 0) {
            /* End of this pass. */
            c->st.loops++;
            if (c->pass + 1 >= loops || c->pass_pos == 0) {
                return 0;
            }
            c->pass++;
            c->pass_pos = 0;
            /* as the testbench (traffic_pcap.c): a pass starts where the
             * previous one's last frame was scheduled */
            c->pass_base_ns = c->last_sched_ns;
            c->last_rel_ns = 0;
            if (open_capture(r, err, errlen) < 0) {
                return -1;
            }
            rc = read_record(r, &ts, err, errlen);
            if (rc <= 0) {
                return rc;
            }
        }
        if (c->pass_pos == 0) {
            c->first_ts_ns = ts;
        }
        c->pass_pos++;
    } else {
        gen_frame(r, c->emitted);
    }

    switch (r->cfg.pace) {
    case E1KR_PACE_PPS:
        /* exact integer arithmetic, as testbench/traffic/traffic.c */
        start = c->start_ns +
                (uint64_t)((unsigned __int128)c->emitted *
                           UINT64_C(1000000000000) / milli(r->cfg.pps));
        break;
    case E1KR_PACE_MBPS:
        start = c->start_ns + (uint64_t)((unsigned __int128)c->sent_bits *
                                         UINT64_C(1000000) /
                                         milli(r->cfg.mbps));
        break;
    case E1KR_PACE_CAPTURED:
        if (r->pc) {
            /* capture time since the pass's first record, never going
             * back (as testbench/traffic/traffic_pcap.c) */
            uint64_t gap = ts >= c->first_ts_ns ? ts - c->first_ts_ns : 0;
            if (gap < c->last_rel_ns) {
                gap = c->last_rel_ns;
            }
            c->last_rel_ns = gap;
            if (r->cfg.multiplier != 1.0) {
                gap = (uint64_t)((double)gap / r->cfg.multiplier);
            }
            start = c->pass_base_ns + gap;
            c->last_sched_ns = start;
            break;
        }
        start = c->prev_end_ns; /* the generator has no capture timing */
        break;
    case E1KR_PACE_TOPSPEED:
    default:
        start = c->prev_end_ns;
        break;
    }
    if (start < c->prev_end_ns) {
        start = c->prev_end_ns;
    }
    c->next_ns = start + e1kr_wire_ns(r->frame_len, r->cfg.link_mbps);
    return 0;
}

E1kReplay *e1kr_new(const E1krCfg *cfg, char *err, size_t errlen)
{
    if (cfg->pace == E1KR_PACE_PPS && !(cfg->pps > 0)) {
        set_err(err, errlen, "%s%s: pps must be > 0", "replay", "");
        return NULL;
    }
    if (cfg->pace == E1KR_PACE_MBPS && !(cfg->mbps > 0)) {
        set_err(err, errlen, "%s%s: mbps must be > 0", "replay", "");
        return NULL;
    }
    if (cfg->pace == E1KR_PACE_CAPTURED && !(cfg->multiplier > 0)) {
        set_err(err, errlen, "%s%s: multiplier must be > 0", "replay", "");
        return NULL;
    }
    if (!cfg->pcap && (cfg->frame_size < 64 || cfg->frame_size > 1518)) {
        set_err(err, errlen, "%s%s: size must be 64..1518 (incl. FCS)",
                "replay", "");
        return NULL;
    }
    if (!cfg->pcap && cfg->flows == 0) {
        set_err(err, errlen, "%s%s: flows must be >= 1", "replay", "");
        return NULL;
    }
    if (cfg->link_mbps != 10 && cfg->link_mbps != 100 &&
        cfg->link_mbps != 1000) {
        set_err(err, errlen, "%s%s: link speed must be 10, 100 or 1000",
                "replay", "");
        return NULL;
    }
    E1kReplay *r = calloc(1, sizeof(*r));
    if (!r) {
        set_err(err, errlen, "%s%s: out of memory", "replay", "");
        return NULL;
    }
    r->cfg = *cfg;
    r->cur.next_ns = E1KR_NONE;
    if (cfg->pcap) {
        r->pcap_path = strdup(cfg->pcap);
        r->cfg.pcap = r->pcap_path;
        if (!r->pcap_path || open_capture(r, err, errlen) < 0) {
            e1kr_free(r);
            return NULL;
        }
    }
    return r;
}

void e1kr_free(E1kReplay *r)
{
    if (!r) {
        return;
    }
    if (r->pc) {
        pcap_close(r->pc);
    }
    free(r->pcap_path);
    free(r);
}

int e1kr_start(E1kReplay *r, uint64_t start_ns, char *err, size_t errlen)
{
    E1krCursor *c = &r->cur;

    memset(c, 0, sizeof(*c));
    c->started = 1;
    c->start_ns = start_ns;
    c->prev_end_ns = start_ns;
    c->pass_base_ns = start_ns;
    if (r->pc && open_capture(r, err, errlen) < 0) {
        c->next_ns = E1KR_NONE;
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
    if (!r->cur.started || r->cur.next_ns == E1KR_NONE || !r->frame_len) {
        *len = 0;
        return NULL;
    }
    *len = r->frame_len;
    return r->frame;
}

int e1kr_advance(E1kReplay *r, char *err, size_t errlen)
{
    E1krCursor *c = &r->cur;

    if (!c->started || c->next_ns == E1KR_NONE) {
        return 0;
    }
    c->emitted++;
    c->st.offered++;
    c->st.offered_bytes += (uint64_t)r->frame_len + 4u;
    c->sent_bits += ((uint64_t)r->frame_len + 4u) * 8u;
    c->prev_end_ns = c->next_ns;
    return prepare(r, err, errlen);
}

void e1kr_cursor(const E1kReplay *r, E1krCursor *c)
{
    *c = r->cur;
}

int e1kr_seek(E1kReplay *r, const E1krCursor *c, char *err, size_t errlen)
{
    if (!c->started) {
        memset(&r->cur, 0, sizeof(r->cur));
        r->cur.next_ns = E1KR_NONE;
        r->frame_len = 0;
        return 0;
    }
    r->cur = *c;
    r->frame_len = 0;
    if (c->next_ns == E1KR_NONE) {
        return 0;
    }
    if (!r->pc && !r->pcap_path) {
        gen_frame(r, c->emitted);
        return 0;
    }
    /* Re-read the capture up to the pending record. */
    if (open_capture(r, err, errlen) < 0) {
        return -1;
    }
    E1krStats keep = r->cur.st;
    uint64_t ts;
    for (uint64_t i = 0; i < c->pass_pos; i++) {
        if (read_record(r, &ts, err, errlen) != 1) {
            set_err(err, errlen, "%s: %s", r->pcap_path,
                    "capture shorter than the saved replay position");
            r->cur.next_ns = E1KR_NONE;
            return -1;
        }
    }
    r->cur.st = keep;
    return 0;
}

void e1kr_stats(const E1kReplay *r, E1krStats *st)
{
    *st = r->cur.st;
}
