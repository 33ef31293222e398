/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internals shared by the traffic library's sources (trf_source.c,
 * trf_pktgen.c, trf_pcap.c).  Not a public interface: use trf.h.
 */
#ifndef TRF_INT_H
#define TRF_INT_H

#include <stdint.h>
#include <pcap/pcap.h>

#include "trf.h"
#include "trf_wire.h"

/** Smallest frame a sender puts on the wire, bytes without FCS. */
#define TRF_MIN_FRAME 60u
/** Largest standard frame (VLAN-tagged), bytes without FCS. */
#define TRF_MAX_WIRE_FRAME 1518u
/** Bytes of Ethernet + IPv4 + UDP headers in a pktgen frame. */
#define TRF_PKTGEN_HDRS 42u
/** Offset of a pktgen frame's zero payload (after the 4-byte magic and
 *  the 4-byte sequence number; the template is zeroed and nothing past
 *  it is written, trf_pktgen.c): trf_source_zero_from. */
#define TRF_PKTGEN_ZERO_FROM (TRF_PKTGEN_HDRS + 8u)

/** The per-frame bytes of a pktgen frame whose contributions to its FCS
 *  have a table each (trf_fcs.c); the sequence number's low bytes (48,
 *  49) are the identification's again and share its tables. */
enum {
    TRF_FCS_ID_HI,      /**< byte 18 (and 48) */
    TRF_FCS_ID_LO,      /**< byte 19 (and 49) */
    TRF_FCS_CSUM_HI,    /**< byte 24: IPv4 header checksum */
    TRF_FCS_CSUM_LO,    /**< byte 25 */
    TRF_FCS_PORT_HI,    /**< byte 34: UDP source port (several flows) */
    TRF_FCS_PORT_LO,    /**< byte 35 */
    TRF_FCS_SEQ_3,      /**< byte 46: sequence number bits 31:24 */
    TRF_FCS_SEQ_2,      /**< byte 47: bits 23:16 */
    TRF_FCS_TABLES
};

/** pktgen state: smooth weighted round robin over the IMIX entries. */
typedef struct TrfPktgen {
    int32_t wrr_current[TRF_MAX_IMIX]; /**< smooth WRR running weights */
    uint32_t wrr_total;               /**< sum of the weights */
    uint8_t dst_mac[6];               /**< resolved destination MAC */
    uint32_t ip_sum;  /**< ones'-complement sum (RFC 1071, folded to 16
                           bits: at most 0xffff) of
                           the IPv4 header words that do not change
                           from frame to frame (identification and
                           checksum taken as 0, total length too with
                           IMIX) */
    uint32_t flow;    /**< index mod flows of the next frame */
    uint32_t fixed_len; /**< bytes without FCS of every frame when all
                             have one size (no IMIX): their IPv4 total
                             length and UDP length are then in the
                             template and in ip_sum; 0 with IMIX */
    uint32_t fcs_base;  /**< FCS of the template with the per-frame bytes
                             zero (with fixed_len) */
    uint32_t fcs_tab[TRF_FCS_TABLES][256]; /**< contributions of each
                             per-frame byte's values (trf_fcs.c) */
} TrfPktgen;

/** pcap replay state: the current record and one record of read-ahead. */
typedef struct TrfPcapReplay {
    pcap_t *p;                 /**< open capture, NULL at end */
    uint8_t *cur, *next;       /**< record buffers (grow to max caplen) */
    uint32_t cur_cap, next_cap;/**< their sizes, bytes */
    int have_next;             /**< 1: *next holds a record */
    uint32_t next_caplen, next_len; /**< its captured / original length */
    int64_t next_ts_ns;        /**< its timestamp, ns since the epoch
                                    (negative before 1970, saturated at
                                    +-TRF_TS_LIMIT_S seconds) */
    int64_t first_ts_ns;       /**< timestamp of the pass's first record */
    uint64_t last_rel_ns;      /**< capture-relative time of the last one */
    uint64_t pass_base_ns;     /**< schedule offset of this pass, ns */
    uint64_t last_sched_ns;    /**< last scheduled time handed out, ns */
    uint64_t pass_frames;      /**< records read in this pass */
    uint32_t passes_started;   /**< passes opened so far */
} TrfPcapReplay;

struct TrfSource {
    TrfCfg cfg;                /**< copy of the configuration */
    TrfWire wire;              /**< serialisation onto the NIC's link */
    TrfStats st;               /**< counters */
    uint64_t index;            /**< frames produced so far */
    uint64_t limit;            /**< cfg.count, UINT64_MAX for none */
    uint64_t sched_first_ns;   /**< scheduled start of frame 0 (cfg.start_ns
                                    but with captured timing) */
    uint64_t sched_last_ns;    /**< scheduled start of the last frame */
    uint64_t pps_milli;        /**< pps in 1/1000 frames per second */
    uint64_t mbps_milli;       /**< rate in 1/1000 Mbit/s */
    /* pps/mbps pacing kept as a running quotient and remainder, so a
     * frame costs an add instead of a 128-bit division: the offset of the
     * next frame's start from cfg.start_ns is pace_q ns, with
     * index * 1e12 (pps) or (the frames' bits incl. FCS) * 1e6 (mbps)
     * = pace_q * divisor
     * + pace_r, 0 <= pace_r < divisor (pps_milli or mbps_milli) */
    uint64_t pace_q;           /**< ns (mod 2^64, as the 128-bit form) */
    uint64_t pace_r;           /**< remainder, < the divisor */
    uint64_t pps_step_q;       /**< 1e12 / pps_milli */
    uint64_t pps_step_r;       /**< 1e12 % pps_milli */
    uint8_t *buf;              /**< pktgen frame buffer */
    uint32_t buf_cap;          /**< its size, bytes */
    TrfPktgen pg;
    TrfPcapReplay pc;
};

/** Count a frame of @l bytes without FCS handed out: its bytes incl.
 *  FCS (st.offered_bytes), and st.oversize past TRF_MAX_WIRE_FRAME.  Not
 *  called for pktgen with one frame size (trf_source_stats derives both
 *  from the index). */
static inline void trf_count_frame(TrfSource *s, uint32_t l)
{
    if (l > TRF_MAX_WIRE_FRAME) {
        s->st.oversize++;
    }
    s->st.offered_bytes += (uint64_t)l + 4;
}

/** pktgen: validate and prepare.  0 or -1 with *err set. */
int trf_pktgen_init(TrfSource *s, char **err);
/** pktgen: next frame into s->buf (an IMIX frame counted by
 *  trf_count_frame).  1, or 0 when the count is reached. */
int trf_pktgen_next(TrfSource *s, uint8_t **frame, uint32_t *len);

/** pcap: open the capture and read ahead one record.  0 or -1 (*err). */
int trf_pcap_init(TrfSource *s, char **err);
/**
 * pcap: next record.  On 1: *frame, *caplen and *origlen give the record (the
 * buffer has room for at least TRF_MIN_FRAME bytes), *sched_ns its
 * captured-timing schedule relative to the source start (ns, already
 * divided by the multiplier, monotonic).  0 at the end, -1 on error.
 */
int trf_pcap_next(TrfSource *s, uint8_t **frame, uint32_t *caplen,
                  uint32_t *origlen, uint64_t *sched_ns, char **err);
/** pcap: close and free. */
void trf_pcap_free(TrfSource *s);

/** pktgen with one frame size: fcs_base and fcs_tab from the template
 *  (trf_fcs.c; after template_fill). */
void trf_fcs_init(TrfSource *s);
/** FCS of the frame in s->buf (one frame size): fcs_base XOR the tables'
 *  entries for its per-frame bytes. */
uint32_t trf_fcs_frame(const TrfSource *s);
/** FCS ([IEEE-802.3] CRC-32, as sent) of @n bytes at @p, byte by byte. */
uint32_t trf_crc32(const uint8_t *p, uint32_t n);

/** IPv4 header checksum (RFC 791/1071) of @len bytes at @hdr, with the
 *  checksum field assumed already zeroed; result in host order. */
uint16_t trf_ip_checksum(const uint8_t *hdr, uint32_t len);

/** Set *@err to a malloc'd message formatted as printf (NULL if memory
 *  ran out).  Returns -1. */
int trf_err(char **err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* TRF_INT_H */
