/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Replay of a pcap or pcapng capture through libpcap, in the spirit of
 * tcpreplay.  Streams: one record of read-ahead and two buffers that grow
 * to the largest captured record, whatever the length of the capture.
 *
 * - Only DLT_EN10MB (Ethernet) captures are accepted.
 * - The read-ahead detects a damaged or truncated file before the
 *   previous record is handed out, so the error ends the run cleanly.
 * - loop N: the file is reopened for each pass (pcap cannot rewind); a
 *   pass starts (captured timing) where the previous pass's last frame
 *   was scheduled.  An empty capture ends at once.
 * - rewrite_dst_mac: the destination address of every frame (unicast,
 *   multicast and broadcast alike, like tcpreplay-edit --enet-dmac) is
 *   set to the NIC's station address.
 * - Timestamps that go backwards are clamped: the schedule is monotonic.
 *   Seconds are signed (a classic pcap record with the top bit of its
 *   seconds set comes from libpcap as a negative value, a time before
 *   1970): such a record after a later one goes backwards and is clamped.
 *   Time is kept in signed 64-bit ns, seconds saturated at
 *   +-TRF_TS_LIMIT_S, so nothing wraps.
 * - A record scheduled more than TRF_TIME_MAX_NS after the start (gaps x
 *   1 / multiplier, over all loops) ends the run with an error.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trf_int.h"

/** Timestamps are saturated at +-this many seconds (about 126 years), so
 * that ns values and their differences fit in an int64_t. */
#define TRF_TS_LIMIT_S 4000000000ll

/* A record's timestamp in signed ns: @sec seconds (negative before 1970)
 * plus @frac ns (nanosecond precision was requested: tv_usec holds ns). */
static int64_t ts_ns(int64_t sec, int64_t frac)
{
    if (sec > TRF_TS_LIMIT_S) {
        sec = TRF_TS_LIMIT_S;
    } else if (sec < -TRF_TS_LIMIT_S) {
        sec = -TRF_TS_LIMIT_S;
    }
    return sec * 1000000000ll + frac;
}

/* Drop trailing white space (libpcap messages may end in a newline). */
static void chomp(char *m)
{
    size_t n = strlen(m);
    while (n && (m[n - 1] == '\n' || m[n - 1] == ' ' || m[n - 1] == '\r' ||
                 m[n - 1] == '\t')) {
        m[--n] = 0;
    }
}

static int open_pass(TrfSource *s, char **err)
{
    TrfPcapReplay *pc = &s->pc;
    char errbuf[PCAP_ERRBUF_SIZE] = "";
    FILE *f = fopen(s->cfg.pcap, "rb");
    int dlt;

    if (!f) {
        return trf_err(err, "%s: cannot open capture: %s", s->cfg.pcap,
                       strerror(errno));
    }
    pc->p = pcap_fopen_offline_with_tstamp_precision(
        f, PCAP_TSTAMP_PRECISION_NANO, errbuf);
    if (!pc->p) {
        fclose(f);
        chomp(errbuf);
        return trf_err(err, "%s: not a readable pcap/pcapng capture: %s",
                       s->cfg.pcap, errbuf);
    }
    dlt = pcap_datalink(pc->p);
    if (dlt != DLT_EN10MB) {
        const char *name = pcap_datalink_val_to_name(dlt);
        trf_err(err, "%s: link type %d (%s) is not Ethernet (DLT_EN10MB)",
                s->cfg.pcap, dlt, name ? name : "unknown");
        pcap_close(pc->p);
        pc->p = NULL;
        return -1;
    }
    pc->passes_started++;
    pc->pass_frames = 0;
    pc->last_rel_ns = 0;
    return 0;
}

/* Read the next record into pc->next.  1 ok, 0 end of file, -1 error. */
static int read_ahead(TrfSource *s, char **err)
{
    TrfPcapReplay *pc = &s->pc;
    struct pcap_pkthdr *h;
    const u_char *data;
    int r;

    pc->have_next = 0;
    if (!pc->p) {
        return 0;
    }
    r = pcap_next_ex(pc->p, &h, &data);
    if (r == PCAP_ERROR_BREAK) {
        pcap_close(pc->p);
        pc->p = NULL;
        if (pc->pass_frames) {
            s->st.loops++;
        }
        return 0;
    }
    if (r != 1) {
        char msg[PCAP_ERRBUF_SIZE];
        snprintf(msg, sizeof(msg), "%s", pcap_geterr(pc->p));
        chomp(msg);
        trf_err(err, "%s: truncated or damaged capture after record %" PRIu64
                ": %s", s->cfg.pcap, pc->pass_frames, msg);
        pcap_close(pc->p);
        pc->p = NULL;
        return -1;
    }
    if (h->caplen + TRF_MIN_FRAME > pc->next_cap) {
        uint8_t *grown = realloc(pc->next, h->caplen + TRF_MIN_FRAME);
        if (!grown) {
            return trf_err(err, "%s: out of memory", s->cfg.pcap);
        }
        pc->next = grown;
        pc->next_cap = h->caplen + TRF_MIN_FRAME;
    }
    memcpy(pc->next, data, h->caplen);
    pc->next_caplen = h->caplen;
    pc->next_len = h->len;
    pc->next_ts_ns = ts_ns((int64_t)h->ts.tv_sec, (int64_t)h->ts.tv_usec);
    pc->have_next = 1;
    pc->pass_frames++;
    return 1;
}

int trf_pcap_init(TrfSource *s, char **err)
{
    if (!s->cfg.pcap[0]) {
        return trf_err(err, "%s: kind pcap needs a 'pcap' file",
                       s->cfg.label);
    }
    if (s->cfg.loop == 0) {
        s->cfg.loop = 1;
    }
    if (open_pass(s, err) < 0) {
        return -1;
    }
    if (read_ahead(s, err) < 0) {
        return -1;
    }
    s->pc.first_ts_ns = s->pc.next_ts_ns;
    return 0;
}

/* Schedule of the read-ahead record, ns from the start: its capture
 * time relative to the pass's first record, never below the previous one
 * (clamped), / multiplier, after the pass's base.  Only pace captured uses
 * it.  0, or -1 and *err when that passes TRF_TIME_MAX_NS. */
static int pcap_schedule(TrfSource *s, uint64_t *sched_ns, char **err)
{
    TrfPcapReplay *pc = &s->pc;
    int64_t d = pc->next_ts_ns - pc->first_ts_ns;   /* no overflow: ts_ns */
    uint64_t rel = d > 0 ? (uint64_t)d : 0;
    double scaled;

    if (rel < pc->last_rel_ns) {
        rel = pc->last_rel_ns;
    }
    pc->last_rel_ns = rel;
    if (s->cfg.pace != TRF_PACE_CAPTURED) {
        *sched_ns = pc->last_sched_ns = 0;
        return 0;
    }
    scaled = s->cfg.multiplier != 1.0 ? (double)rel / s->cfg.multiplier
                                      : (double)rel;
    if (!(scaled <= (double)TRF_TIME_MAX_NS) ||
        pc->pass_base_ns + (uint64_t)scaled > TRF_TIME_MAX_NS) {
        return trf_err(err, "%s: record %" PRIu64 " (pass %" PRIu32 ") "
                       "would be replayed more than %llu s after the "
                       "start, the ceiling of simulated time", s->cfg.pcap,
                       pc->pass_frames, pc->passes_started,
                       TRF_TIME_MAX_NS / 1000000000ull);
    }
    if (s->cfg.multiplier != 1.0) {
        rel = (uint64_t)scaled;
    }
    pc->last_sched_ns = pc->pass_base_ns + rel;
    *sched_ns = pc->last_sched_ns;
    return 0;
}

int trf_pcap_next(TrfSource *s, uint8_t **frame, uint32_t *caplen,
                 uint32_t *origlen, uint64_t *sched_ns, char **err)
{
    TrfPcapReplay *pc = &s->pc;
    uint8_t *tmp;
    uint32_t tcap;

    if (!pc->have_next) {
        /* End of a pass: another one? (an empty capture never loops) */
        if (s->st.loops == 0 || pc->passes_started >= s->cfg.loop) {
            return 0;
        }
        if (open_pass(s, err) < 0 || read_ahead(s, err) < 0) {
            return -1;
        }
        if (!pc->have_next) {
            return 0;
        }
        pc->pass_base_ns = pc->last_sched_ns;
        pc->first_ts_ns = pc->next_ts_ns;
    }
    if (pcap_schedule(s, sched_ns, err) < 0) {
        return -1;
    }
    /* take the read-ahead record, then read the one after it */
    tmp = pc->cur;
    tcap = pc->cur_cap;
    pc->cur = pc->next;
    pc->cur_cap = pc->next_cap;
    pc->next = tmp;
    pc->next_cap = tcap;
    *caplen = pc->next_caplen;
    *origlen = pc->next_len;
    if (s->cfg.rewrite_dst_mac && *caplen >= 6) {
        memcpy(pc->cur, s->cfg.nic_mac, 6);
    }
    *frame = pc->cur;

    if (read_ahead(s, err) < 0) {
        return -1;
    }
    return 1;
}

int trf_pcap_span(const char *path, uint64_t *records, uint32_t *max_len,
                  uint64_t *span_ns)
{
    char errbuf[PCAP_ERRBUF_SIZE];
    pcap_t *p = pcap_open_offline_with_tstamp_precision(
        path, PCAP_TSTAMP_PRECISION_NANO, errbuf);
    struct pcap_pkthdr *h;
    const u_char *data;
    int64_t first = 0, last = 0, t;
    int r;

    *records = 0;
    *span_ns = 0;
    *max_len = TRF_MIN_FRAME;
    if (!p) {
        return -1;
    }
    while ((r = pcap_next_ex(p, &h, &data)) == 1) {
        t = ts_ns((int64_t)h->ts.tv_sec, (int64_t)h->ts.tv_usec);
        if (*records == 0) {
            first = last = t;
        } else if (t > last) {
            last = t;
        }
        (*records)++;
        if (h->caplen > *max_len) {
            *max_len = h->caplen;
        }
    }
    pcap_close(p);
    *span_ns = (uint64_t)(last - first);
    return r == PCAP_ERROR_BREAK ? 0 : -1;
}

void trf_pcap_free(TrfSource *s)
{
    if (s->pc.p) {
        pcap_close(s->pc.p);
        s->pc.p = NULL;
    }
    free(s->pc.cur);
    free(s->pc.next);
    s->pc.cur = s->pc.next = NULL;
}
