/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The traffic library: the frames arriving on one NIC's wire and their
 * arrival times, in the spirit of Linux pktgen (synthetic IPv4/UDP) and
 * tcpreplay (captures read through libpcap).  One implementation serves
 * the testbench (through traffic.h, which maps a scenario's [traffic]
 * section onto TrfCfg) and the QEMU device's replay (hw/qemu/
 * e1klab_replay.c, which maps the device's replay-* properties).
 *
 * Plain C11 + libpcap: no GLib, no QEMU header, no scenario header, so
 * scripts/build-qemu.sh compiles these very files into QEMU's tree.
 * Sources stream (memory does not grow with the number of frames) and are
 * a pure function of their TrfCfg: no wall clock, no randomness.
 *
 * The single rule (docs/scenarios.md, "Traffic"):
 *   scheduled start of frame i, ns after start_ns --
 *     pps       floor(i * 1e12 / round(pps * 1000))
 *     mbps      floor(bits_before_i * 1e6 / round(mbps * 1000)), bits of
 *               the earlier frames incl. FCS
 *     captured  (ts_i - ts_first) / multiplier, truncated to whole ns;
 *               timestamps going back are clamped; loop pass k+1 starts
 *               where pass k's last frame was scheduled
 *     topspeed  0: the wire alone spaces the frames
 *   (rates round to 1/1000 pps or Mbit/s, at least 1/1000);
 *   wire: a frame of L bytes without FCS (runts padded to 60 by the
 *   sender) occupies floor((L + 24) * 8 * 1000 / link_mbps) ns
 *   ([IEEE-802.3]) and starts at max(scheduled, previous frame's end);
 *   the arrival time handed out is the end of its last bit.
 */
#ifndef TRF_H
#define TRF_H

#include <stdint.h>

/** Longest capture path kept in a TrfCfg, bytes incl. the NUL. */
#define TRF_PATH_LEN 1024
/** Longest message prefix (TrfCfg.label), bytes incl. the NUL. */
#define TRF_LABEL_LEN 48
/** Most IMIX entries. */
#define TRF_MAX_IMIX 8
/**
 * Ceiling of simulated time, ns: 10^7 s (about 115.7 days).  No frame is
 * scheduled later than this after the start of the traffic; the scenario
 * loader refuses settings that would pass it and a capture whose replay
 * schedule would pass it ends the run with an error
 * (docs/scenarios.md, "Time ceiling").
 */
#define TRF_TIME_MAX_NS 10000000000000000ull

/* Defaults (trf_cfg_default): the scenario loader's where it has one
 * (docs/scenarios.md) and the QEMU device's replay-* property defaults. */
#define TRF_DEFAULT_FRAME_SIZE 64u       /**< bytes incl. FCS */
#define TRF_DEFAULT_UDP_PORT 9u          /**< discard (RFC 863), both ends */
#define TRF_DEFAULT_SRC_IP 0xc6120001u   /**< 198.18.0.1 (RFC 2544) */
#define TRF_DEFAULT_DST_IP 0xc6120101u   /**< 198.18.1.1 (RFC 2544) */
#define TRF_DEFAULT_LINK_MBPS 1000u

/** Where the frames come from. */
typedef enum TrfKind {
    TRF_PKTGEN = 0,   /**< synthetic IPv4/UDP frames (trf_pktgen.c) */
    TRF_PCAP = 1,     /**< a pcap/pcapng capture (trf_pcap.c) */
} TrfKind;

/** Pacing rule: when frame i may start (see the rule above). */
typedef enum TrfPace {
    TRF_PACE_CAPTURED = 0,  /**< capture timing / multiplier (pcap only) */
    TRF_PACE_PPS = 1,       /**< fixed packets per second */
    TRF_PACE_MBPS = 2,      /**< fixed Mbit/s (frame bytes incl. FCS) */
    TRF_PACE_TOPSPEED = 3,  /**< back to back at link speed */
} TrfPace;

/** One source's configuration; sizes in bytes, times in ns. */
typedef struct TrfCfg {
    char label[TRF_LABEL_LEN];  /**< prefix of error messages, e.g.
                                     "traffic.bulk" or "replay" */
    TrfKind kind;
    uint64_t start_ns;          /**< no frame scheduled before this */
    TrfPace pace;
    double pps;                 /**< TRF_PACE_PPS: > 0, <= 1e9 */
    double mbps;                /**< TRF_PACE_MBPS: > 0, <= 1e6 */
    double multiplier;          /**< TRF_PACE_CAPTURED: > 0 */
    uint32_t loop;              /**< passes over the capture (0 = 1) */
    uint64_t count;             /**< cap on frames (0 = none: a generator
                                     then runs without end) */
    uint32_t link_mbps;         /**< wire speed, Mbit/s (0 = 1000) */
    uint8_t nic_mac[6];         /**< the fed NIC's station address */
    /* generator */
    uint32_t frame_size;        /**< bytes incl. FCS, 64..16128 */
    uint32_t imix_n;            /**< IMIX entries (0 = frame_size) */
    uint32_t imix_size[TRF_MAX_IMIX];   /**< bytes incl. FCS */
    uint32_t imix_weight[TRF_MAX_IMIX]; /**< relative weights 1..1e6 */
    uint32_t flows;             /**< UDP source ports used round robin
                                     (0 = 1) */
    uint8_t dst_mac[6];         /**< all-zero: the NIC's address */
    uint8_t src_mac[6];
    uint32_t src_ip, dst_ip;    /**< host byte order */
    uint32_t udp_src_port;      /**< first source port (+ i mod flows) */
    uint32_t udp_dst_port;
    uint32_t udp_payload;       /**< nonzero: frame size = this + 46 */
    /* capture */
    char pcap[TRF_PATH_LEN];    /**< capture file */
    int rewrite_dst_mac;        /**< 1: DA of every frame (unicast or not)
                                     = nic_mac, as tcpreplay --enet-dmac */
} TrfCfg;

/** Per-source counters; offered = every frame handed out. */
typedef struct TrfStats {
    uint64_t offered;        /**< frames put on the wire */
    uint64_t offered_bytes;  /**< their bytes incl. FCS */
    uint64_t padded;         /**< runts padded to 60+4 bytes by the sender */
    uint64_t oversize;       /**< frames over the wire maximum (1518+4 bytes
                                  incl. FCS; still sent to the NIC) */
    uint64_t truncated;      /**< capture records shorter than the original
                                  (caplen < len): sent as captured */
    uint64_t loops;          /**< completed passes over the capture */
    uint64_t sched_span_ns;  /**< scheduled start of the last frame handed
                                  out minus that of the first (the pace
                                  alone, before the wire spaced them) */
} TrfStats;

typedef struct TrfSource TrfSource;

/**
 * Fill *@cfg with the defaults: generator, pace topspeed, 64-byte frames,
 * one flow 198.18.0.1:9 -> 198.18.1.1:9, source MAC 02:00:00:00:00:01,
 * destination the NIC's, multiplier 1, loop 1, 1000 Mbit/s, start 0,
 * label "traffic".
 */
void trf_cfg_default(TrfCfg *cfg);

/**
 * Create a source for @cfg (copied) and, for a capture, open it and read
 * its first record.  On error returns NULL and sets *@err to a malloc'd
 * one-line message (free() it) naming the label or the file, e.g.
 * "x.pcap: link type 113 (LINUX_SLL) is not Ethernet (DLT_EN10MB)".
 */
TrfSource *trf_source_new(const TrfCfg *cfg, char **err);

/**
 * Next frame: on 1, *@t_ns is its arrival time (ns, >= the previous one),
 * *@frame (valid until the next call) and *@len (bytes without FCS, >= 60)
 * the frame.  Returns 0 when the source is exhausted, -1 on a read error
 * (*@err set as for trf_source_new).
 */
int trf_source_next(TrfSource *src, uint64_t *t_ns, const uint8_t **frame,
                    uint32_t *len, char **err);

/**
 * Offset (bytes) from which every frame of @src is zero to its end,
 * whatever its index: pktgen's TRF_PKTGEN_ZERO_FROM (its payload after
 * the magic and the sequence number); UINT32_MAX when the source knows
 * no such bound (a capture).  Constant for the source: for
 * E1kRxKnown.zero_from (e1k_receive_known), so that the model does not
 * scan a generated payload.
 */
uint32_t trf_source_zero_from(const TrfSource *src);

/** 1 if trf_source_fcs gives every frame's FCS (pktgen with one frame
 *  size: trf_fcs.c), else 0.  Constant for the source. */
int trf_source_fcs_known(const TrfSource *src);

/** FCS of the frame the last trf_source_next returned, when
 *  trf_source_fcs_known ([IEEE-802.3] CRC-32 of its bytes, register
 *  preset and result inverted, sent low byte first), by a few table
 *  look-ups: the testbench hands it to the model as E1kRxKnown.fcs_fn,
 *  so that the model asks for it only for a frame it stores. */
uint32_t trf_source_fcs(const TrfSource *src);

/** Counters so far (every frame handed out by trf_source_next). */
void trf_source_stats(const TrfSource *src, TrfStats *st);

/** Free the source (NULL accepted). */
void trf_source_free(TrfSource *src);

/**
 * Read the whole capture @path (pcap or pcapng, through libpcap) and give
 * *@records (its number of records), *@max_len (its largest captured
 * length, bytes, at least TRF_MIN_FRAME) and *@span_ns: the replay time of its
 * last record at captured pace, multiplier 1, one pass (the latest
 * timestamp minus the first, with the clamping rules of trf_pcap.c; 0 for
 * fewer than two records).  0, or -1 if the file cannot be read to its
 * end (the replay itself then reports why).
 */
int trf_pcap_span(const char *path, uint64_t *records, uint32_t *max_len,
                  uint64_t *span_ns);

/** Wire time in ns of a frame of @len bytes without FCS at @link_mbps
 *  (0 = 1000): floor((len + 24) * 8 * 1000 / link_mbps). */
uint64_t trf_wire_ns(uint32_t len, uint32_t link_mbps);

/** Parse "aa:bb:cc:dd:ee:ff" (exactly 17 characters, hex digits in either
 *  case) into @mac.  0, or -1 leaving @mac untouched. */
int trf_parse_mac(const char *s, uint8_t mac[6]);

/** Parse a dotted IPv4 address (four decimal parts 0..255, 1-3 digits
 *  each) into host byte order.  0, or -1 leaving *@ip untouched. */
int trf_parse_ipv4(const char *s, uint32_t *ip);

#endif /* TRF_H */
