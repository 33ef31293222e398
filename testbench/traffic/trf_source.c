/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Traffic sources: the part common to pktgen and pcap replay -- pacing,
 * sender-side padding of runts to 60 bytes, oversize/truncated
 * accounting and the wire model.  The pacing rule is spelt out in trf.h.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trf_int.h"

int trf_err(char **err, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    *err = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (*err) {
        va_start(ap, fmt);
        vsnprintf(*err, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void trf_cfg_default(TrfCfg *cfg)
{
    static const uint8_t src_mac[6] = {0x02, 0, 0, 0, 0, 0x01};

    memset(cfg, 0, sizeof(*cfg));
    snprintf(cfg->label, sizeof(cfg->label), "traffic");
    cfg->kind = TRF_PKTGEN;
    cfg->pace = TRF_PACE_TOPSPEED;
    cfg->multiplier = 1.0;
    cfg->loop = 1;
    cfg->link_mbps = TRF_DEFAULT_LINK_MBPS;
    cfg->frame_size = TRF_DEFAULT_FRAME_SIZE;
    cfg->flows = 1;
    memcpy(cfg->src_mac, src_mac, 6);
    cfg->src_ip = TRF_DEFAULT_SRC_IP;
    cfg->dst_ip = TRF_DEFAULT_DST_IP;
    cfg->udp_src_port = TRF_DEFAULT_UDP_PORT;
    cfg->udp_dst_port = TRF_DEFAULT_UDP_PORT;
}

uint16_t trf_ip_checksum(const uint8_t *hdr, uint32_t len)
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

/* @rate (named @what, at most @max) in 1/1000 units, rounded to nearest,
 * at least 1, into *@milli.  0, or -1 with *@err set. */
static int rate_milli(const TrfCfg *cfg, const char *what, double rate,
                      double max, const char *max_text, uint64_t *milli,
                      char **err)
{
    if (!(rate > 0) || !isfinite(rate) || rate > max) {
        return trf_err(err, "%s: %s must be > 0 and <= %s", cfg->label,
                       what, max_text);
    }
    *milli = (uint64_t)llround(rate * 1000.0);
    if (*milli == 0) {
        *milli = 1;
    }
    return 0;
}

/* Check the pacing settings and derive the integer rates.  0 or -1. */
static int pace_init(TrfSource *s, char **err)
{
    const TrfCfg *cfg = &s->cfg;

    switch (cfg->pace) {
    case TRF_PACE_PPS:
        if (rate_milli(cfg, "pps", cfg->pps, 1e9, "1e9", &s->pps_milli,
                       err) < 0) {
            return -1;
        }
        s->pps_step_q = 1000000000000ull / s->pps_milli;
        s->pps_step_r = 1000000000000ull % s->pps_milli;
        return 0;
    case TRF_PACE_MBPS:
        return rate_milli(cfg, "mbps", cfg->mbps, 1e6, "1e6", &s->mbps_milli,
                          err);
    case TRF_PACE_CAPTURED:
        if (cfg->kind != TRF_PCAP) {
            return trf_err(err, "%s: pace 'captured' needs a capture "
                           "(kind pcap)", cfg->label);
        }
        if (!(cfg->multiplier > 0) || !isfinite(cfg->multiplier)) {
            return trf_err(err, "%s: multiplier must be > 0", cfg->label);
        }
        return 0;
    case TRF_PACE_TOPSPEED:
        return 0;
    default:
        return trf_err(err, "%s: unknown pace", cfg->label);
    }
}

TrfSource *trf_source_new(const TrfCfg *cfg, char **err)
{
    TrfSource *s = calloc(1, sizeof(*s));

    if (!s) {
        trf_err(err, "%s: out of memory", cfg->label);
        return NULL;
    }
    s->cfg = *cfg;
    s->cfg.label[TRF_LABEL_LEN - 1] = 0;
    s->cfg.pcap[TRF_PATH_LEN - 1] = 0;
    trf_wire_init(&s->wire, cfg->link_mbps);
    s->limit = cfg->count ? cfg->count : UINT64_MAX;
    /* frame 0 starts at start_ns (pace_q is 0) unless its start is
     * captured (pace_next) */
    s->sched_first_ns = cfg->start_ns;
    if (pace_init(s, err) < 0) {
        goto fail;
    }
    if (cfg->kind == TRF_PKTGEN) {
        if (trf_pktgen_init(s, err) < 0) {
            goto fail;
        }
    } else if (cfg->kind == TRF_PCAP) {
        if (trf_pcap_init(s, err) < 0) {
            goto fail;
        }
    } else {
        trf_err(err, "%s: unknown kind", cfg->label);
        goto fail;
    }
    return s;

fail:
    trf_source_free(s);
    return NULL;
}

/* Add @q + @r / @div to the running quotient (pace_q, pace_r), @r < @div. */
static void pace_add(TrfSource *s, uint64_t q, uint64_t r, uint64_t div)
{
    uint64_t nr = s->pace_r + r;

    /* the remainder's carry goes into @q before pace_q's one add (two
     * adds side by side GCC pairs in a vector register) */
    if (nr >= div) {
        nr -= div;
        q++;
    }
    s->pace_q += q;
    s->pace_r = nr;
}

/* Scheduled start of the next frame (index s->index, @l bytes without
 * FCS), absolute ns: start + index * 1e12 / pps_milli (pps) or start +
 * (bits incl. FCS of the frames before it) * 1e6 / mbps_milli (mbps),
 * rounded down, which pace_q holds; then pace_q moves on by this frame
 * (one frame, or its bits incl. FCS).  Topspeed (every frame at
 * cfg.start_ns, the wire spaces them) by one compare, the others by one
 * switch; the captured start of frame 0 is kept in sched_first_ns. */
static uint64_t pace_next(TrfSource *s, uint32_t l, uint64_t captured_rel_ns)
{
    uint64_t sched;

    if (s->cfg.pace == TRF_PACE_TOPSPEED) {
        return s->cfg.start_ns;
    }
    sched = s->cfg.start_ns + s->pace_q;
    switch (s->cfg.pace) {
    case TRF_PACE_PPS:
        pace_add(s, s->pps_step_q, s->pps_step_r, s->pps_milli);
        return sched;
    case TRF_PACE_MBPS: {
        uint64_t x = ((uint64_t)l + 4) * 8 * 1000000ull;
        pace_add(s, x / s->mbps_milli, x % s->mbps_milli, s->mbps_milli);
        return sched;
    }
    case TRF_PACE_CAPTURED:
        sched = s->cfg.start_ns + captured_rel_ns;
        if (s->index == 0) {
            s->sched_first_ns = sched;   /* the others' is cfg.start_ns */
        }
        return sched;
    default:   /* TRF_PACE_TOPSPEED is taken above */
        return s->cfg.start_ns;
    }
}

/* The next capture record into *@buf / *@l (1), with its captured-timing
 * offset in *@rel: truncated records counted, runts padded to the
 * minimum.  0 at the end, -1 (*@err) on error.  Kept out of line: the
 * pktgen path of trf_source_next then saves and restores few registers. */
__attribute__((noinline)) static int
pcap_frame(TrfSource *src, uint8_t **buf, uint32_t *l, uint64_t *rel,
           char **err)
{
    uint32_t orig = 0;
    int r = trf_pcap_next(src, buf, l, &orig, rel, err);

    if (r <= 0) {
        return r;
    }
    if (*l < orig) {
        src->st.truncated++;
    }
    if (*l < TRF_MIN_FRAME) {
        /* The sender pads a runt to the minimum (C10); buffers have room. */
        memset(*buf + *l, 0, TRF_MIN_FRAME - *l);
        *l = TRF_MIN_FRAME;
        src->st.padded++;
    }
    return 1;
}

/* Hand out the frame @buf of @l bytes (captured-timing offset @rel):
 * pacing and wire time into *@t_ns, the index.  Returns 1.  Its bytes
 * and size are counted by the caller (trf_count_frame), or derived from
 * the index (pktgen with one frame size, trf_source_stats). */
static inline int source_emit(TrfSource *src, uint8_t *buf, uint32_t l,
                              uint64_t rel, uint64_t *t_ns,
                              const uint8_t **frame, uint32_t *len)
{
    uint64_t sched;

    sched = pace_next(src, l, rel);
    src->sched_last_ns = sched;
    *t_ns = trf_wire_send(&src->wire, sched, l);
    *frame = buf;
    *len = l;
    src->index++;
    return 1;
}

/* What pcap_source_next hands out: the results of trf_source_next. */
typedef struct PcapOut {
    uint64_t t_ns;
    const uint8_t *frame;
    uint32_t len;
    char *err;
} PcapOut;

/* trf_source_next for a capture, out of line, its results in *@o: the
 * pktgen path's frame, length, time and error, inlined into the caller,
 * then stay in registers (only *@o has its address taken). */
__attribute__((noinline)) static int
pcap_source_next(TrfSource *src, PcapOut *o)
{
    uint8_t *buf;
    uint32_t l;
    uint64_t rel = 0;
    int r = pcap_frame(src, &buf, &l, &rel, &o->err);

    if (r <= 0) {
        return r;
    }
    trf_count_frame(src, l);
    return source_emit(src, buf, l, rel, &o->t_ns, &o->frame, &o->len);
}

int trf_source_next(TrfSource *src, uint64_t *t_ns, const uint8_t **frame,
                    uint32_t *len, char **err)
{
    uint8_t *buf;
    uint32_t l;

    if (src->index >= src->limit) {
        return 0;
    }
    if (src->cfg.kind != TRF_PKTGEN) {
        PcapOut o = { 0, NULL, 0, NULL };
        int r = pcap_source_next(src, &o);

        if (r == 1) {
            *t_ns = o.t_ns;
            *frame = o.frame;
            *len = o.len;
        } else if (o.err) {
            *err = o.err;
        }
        return r;
    }
    /* never truncated, never a runt (sizes 64.. incl. FCS) */
    trf_pktgen_next(src, &buf, &l);
    return source_emit(src, buf, l, 0, t_ns, frame, len);
}

uint32_t trf_source_zero_from(const TrfSource *src)
{
    return src->cfg.kind == TRF_PKTGEN ? TRF_PKTGEN_ZERO_FROM : UINT32_MAX;
}

int trf_source_fcs_known(const TrfSource *src)
{
    return src->cfg.kind == TRF_PKTGEN && src->pg.fixed_len != 0;
}

uint32_t trf_source_fcs(const TrfSource *src)
{
    return trf_fcs_frame(src);
}

/* The counters; offered and sched_span_ns are derived here from index
 * and the first and last scheduled starts rather than kept per frame,
 * and so are the bytes and oversize frames of pktgen with one frame size
 * (every frame fixed_len bytes; trf_count_frame counts the others). */
void trf_source_stats(const TrfSource *src, TrfStats *st)
{
    *st = src->st;
    if (src->cfg.kind == TRF_PKTGEN && src->pg.fixed_len) {
        uint32_t l = src->pg.fixed_len;

        st->offered_bytes = src->index * ((uint64_t)l + 4);
        st->oversize = l > TRF_MAX_WIRE_FRAME ? src->index : 0;
    }
    st->offered = src->index;
    st->sched_span_ns = src->index ? src->sched_last_ns - src->sched_first_ns
                                   : 0;
}

void trf_source_free(TrfSource *src)
{
    if (!src) {
        return;
    }
    trf_pcap_free(src);
    free(src->buf);
    free(src);
}
