/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internals shared by the traffic sources (traffic.c, traffic_pktgen.c,
 * traffic_pcap.c).  Not a public interface: use traffic.h.
 */
#ifndef TB_TRAFFIC_INT_H
#define TB_TRAFFIC_INT_H

#include <stdint.h>
#include <pcap/pcap.h>

#include "traffic/traffic.h"
#include "traffic/wire.h"

/** Smallest frame a sender puts on the wire, bytes without FCS. */
#define TB_MIN_FRAME 60u
/** Largest standard frame (VLAN-tagged), bytes without FCS. */
#define TB_MAX_WIRE_FRAME 1518u
/** Bytes of Ethernet + IPv4 + UDP headers in a pktgen frame. */
#define TB_PKTGEN_HDRS 42u

/** pktgen state: smooth weighted round robin over the IMIX entries. */
typedef struct TbPktgen {
    int32_t wrr_current[TB_MAX_IMIX]; /**< smooth WRR running weights */
    uint32_t wrr_total;               /**< sum of the weights */
    uint8_t dst_mac[6];               /**< resolved destination MAC */
} TbPktgen;

/** pcap replay state: the current record and one record of read-ahead. */
typedef struct TbPcapReplay {
    pcap_t *p;                 /**< open capture, NULL at end */
    uint8_t *cur, *next;       /**< record buffers (grow to max caplen) */
    uint32_t cur_cap, next_cap;/**< their sizes, bytes */
    int have_next;             /**< 1: *next holds a record */
    uint32_t next_caplen, next_len; /**< its captured / original length */
    uint64_t next_ts_ns;       /**< its timestamp, ns since the epoch */
    uint64_t first_ts_ns;      /**< timestamp of the pass's first record */
    uint64_t last_rel_ns;      /**< capture-relative time of the last one */
    uint64_t pass_base_ns;     /**< schedule offset of this pass, ns */
    uint64_t last_sched_ns;    /**< last scheduled time handed out, ns */
    uint64_t pass_frames;      /**< records read in this pass */
    uint32_t passes_started;   /**< passes opened so far */
} TbPcapReplay;

struct TbSource {
    TbTrafficCfg cfg;          /**< copy of the configuration */
    uint8_t nic_mac[6];        /**< station address of the fed NIC */
    TbWire wire;               /**< serialisation onto the NIC's link */
    TbSourceStats st;          /**< counters */
    uint64_t index;            /**< frames produced so far */
    uint64_t cum_bits;         /**< bits incl. FCS of those frames */
    uint64_t pps_milli;        /**< pps in 1/1000 frames per second */
    uint64_t mbps_milli;       /**< rate in 1/1000 Mbit/s */
    uint8_t *buf;              /**< pktgen frame buffer */
    uint32_t buf_cap;          /**< its size, bytes */
    TbPktgen pg;
    TbPcapReplay pc;
};

/** pktgen: validate and prepare.  0 or -1 with *err set. */
int tb_pktgen_init(TbSource *s, char **err);
/** pktgen: next frame into s->buf.  1, or 0 when the count is reached. */
int tb_pktgen_next(TbSource *s, uint8_t **frame, uint32_t *len);

/** pcap: open the capture and read ahead one record.  0 or -1 (*err). */
int tb_pcap_init(TbSource *s, char **err);
/**
 * pcap: next record.  On 1: *frame, *caplen and *origlen give the record (the
 * buffer has room for at least TB_MIN_FRAME bytes), *sched_ns its
 * captured-timing schedule relative to the source start (ns, already
 * divided by the multiplier, monotonic).  0 at the end, -1 on error.
 */
int tb_pcap_next(TbSource *s, uint8_t **frame, uint32_t *caplen,
                 uint32_t *origlen, uint64_t *sched_ns, char **err);
/** pcap: close and free. */
void tb_pcap_free(TbSource *s);

/** IPv4 header checksum (RFC 791/1071) of @len bytes at @hdr, with the
 *  checksum field assumed already zeroed; result in host order. */
uint16_t tb_ip_checksum(const uint8_t *hdr, uint32_t len);

#endif /* TB_TRAFFIC_INT_H */
