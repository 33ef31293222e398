/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab replay source for the QEMU device: produces the frames that
 * arrive on the NIC's wire, in virtual time, from a pcap/pcapng capture
 * (read with libpcap, like tcpreplay) or from a pktgen-like generator.
 *
 * Plain C11 + libpcap, no QEMU headers: the QEMU glue (e1klab_pci.c) owns
 * the timer and hands each frame to e1k_receive() when its arrival time is
 * reached.  The source is a pure function of its configuration and of the
 * start time, so the offered load never depends on host speed.
 *
 * Timing (same terms as testbench/scenario/scenario.h TbPace):
 *   - a frame of L bytes (without FCS, padded to 60) occupies the wire for
 *     (L + 4 FCS + 20 preamble/SFD/IFG) * 8 bit times at link_mbps
 *     (facts A.13); its arrival time is when its last bit reached the NIC;
 *   - pace PPS: frame i starts at start + i * 1e9 / pps ns, or when the
 *     previous one ended if later;
 *   - pace MBPS: frame i starts after the bits (incl. FCS) of frames 0..i-1
 *     at mbps Mbit/s;
 *   - pace CAPTURED: the capture's inter-frame gaps divided by multiplier;
 *     each loop pass starts where the previous one ended;
 *   - pace TOPSPEED: back to back at link speed.
 */
#ifndef E1KLAB_REPLAY_H
#define E1KLAB_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Maximum frame bytes kept from a capture record (pcap snaplen). */
#define E1KR_MAX_FRAME 65535u
/** "No further frame" arrival time. */
#define E1KR_NONE UINT64_MAX

typedef enum E1krPace {
    E1KR_PACE_CAPTURED = 0, /**< capture timing / multiplier */
    E1KR_PACE_PPS = 1,      /**< fixed packets per second */
    E1KR_PACE_MBPS = 2,     /**< fixed Mbit/s (bytes incl. FCS) */
    E1KR_PACE_TOPSPEED = 3, /**< back to back at link speed */
} E1krPace;

/** Replay configuration (all sizes in bytes, times in ns). */
typedef struct E1krCfg {
    const char *pcap;        /**< capture file, or NULL for the generator */
    E1krPace pace;
    double pps;              /**< E1KR_PACE_PPS, > 0 */
    double mbps;             /**< E1KR_PACE_MBPS, > 0 */
    double multiplier;       /**< E1KR_PACE_CAPTURED, > 0 (1 = as captured) */
    uint32_t loop;           /**< passes over the capture (0 is taken as 1) */
    uint64_t count;          /**< cap on frames offered (0 = no cap; the
                                  generator then runs forever) */
    uint32_t link_mbps;      /**< wire speed: 10, 100 or 1000 */
    uint8_t nic_mac[6];      /**< the receiving NIC's station address */
    /* generator */
    uint32_t frame_size;     /**< bytes incl. FCS, 64..1518 */
    uint32_t flows;          /**< UDP source ports used round robin, >= 1 */
    int have_dst_mac;        /**< 0: frames go to nic_mac */
    uint8_t dst_mac[6];
    uint8_t src_mac[6];
    uint32_t src_ip, dst_ip; /**< host byte order */
    uint16_t udp_src_port;   /**< first source port (flows add 0..flows-1) */
    uint16_t udp_dst_port;
    /* capture */
    int rewrite_dst_mac;     /**< 1: every frame gets DA = nic_mac (as the
                                  testbench's rewrite_dst_mac, tcpreplay
                                  --enet-dmac) */
} E1krCfg;

/** Fill *cfg with defaults: generator, top speed, 64-byte frames, one
 *  flow 10.0.1.2:1024 -> 10.0.2.2:9, src MAC 02:00:00:00:00:01, 1 loop,
 *  multiplier 1, 1000 Mb/s. */
void e1kr_cfg_default(E1krCfg *cfg);

/** Counters (as testbench TbSourceStats). */
typedef struct E1krStats {
    uint64_t offered, offered_bytes; /**< frames / bytes incl. FCS */
    uint64_t padded;                 /**< runts padded to 60 bytes */
    uint64_t truncated;              /**< caplen < len records */
    uint64_t loops;                  /**< completed capture passes */
} E1krStats;

/** Where a replay stands; saved in the VM state so loadvm resumes it. */
typedef struct E1krCursor {
    uint64_t emitted;       /**< frames handed out (all passes) */
    uint64_t pass_pos;      /**< capture records consumed in this pass,
                                 including the pending one */
    uint64_t next_ns;       /**< arrival time of the pending frame, or
                                 E1KR_NONE when the source is exhausted */
    uint64_t start_ns;      /**< time the replay was started */
    uint64_t prev_end_ns;   /**< arrival (end) time of the previous frame */
    uint64_t pass_base_ns;  /**< start time of this capture pass */
    uint64_t first_ts_ns;   /**< capture timestamp of the pass's 1st record */
    uint64_t sent_bits;     /**< bits incl. FCS of frames before the pending
                                 one (pace MBPS) */
    uint64_t last_sched_ns; /**< pace captured: scheduled start (before the
                                 wire) of the last frame; the next pass
                                 starts here (as the testbench) */
    uint64_t last_rel_ns;   /**< pace captured: capture time of the last
                                 record since the pass's first, ns (clamps
                                 timestamps that go back) */
    uint32_t pass;          /**< capture pass, 0-based */
    uint32_t started;       /**< 1 once e1kr_start() ran */
    E1krStats st;           /**< counters up to (excluding) the pending frame */
} E1krCursor;

typedef struct E1kReplay E1kReplay;

/**
 * Create a source.  Opens (and validates) the capture.  On error returns
 * NULL and writes a one-line message naming the file or option to @err
 * (@errlen bytes).
 */
E1kReplay *e1kr_new(const E1krCfg *cfg, char *err, size_t errlen);

/** Free a source (NULL accepted). */
void e1kr_free(E1kReplay *r);

/** Start at @start_ns: prepares the first frame.  Returns 0, or -1 with
 *  @err set (read error). */
int e1kr_start(E1kReplay *r, uint64_t start_ns, char *err, size_t errlen);

/** Arrival time of the pending frame (ns), E1KR_NONE if none / not started. */
uint64_t e1kr_next_ns(const E1kReplay *r);

/** The pending frame (@len bytes, no FCS, >= 60), valid until the next
 *  e1kr_advance()/e1kr_seek(); NULL if none. */
const uint8_t *e1kr_frame(const E1kReplay *r, uint32_t *len);

/** Count the pending frame as offered and prepare the next one.  Returns
 *  0, or -1 with @err set (then the source is exhausted). */
int e1kr_advance(E1kReplay *r, char *err, size_t errlen);

/** Copy the cursor out. */
void e1kr_cursor(const E1kReplay *r, E1krCursor *c);

/** Resume from a saved cursor (re-reads the capture up to it).  Returns
 *  0, or -1 with @err set when the capture no longer matches. */
int e1kr_seek(E1kReplay *r, const E1krCursor *c, char *err, size_t errlen);

/** Copy the counters out. */
void e1kr_stats(const E1kReplay *r, E1krStats *st);

/** Wire time in ns of a frame of @len bytes (no FCS) at @link_mbps. */
uint64_t e1kr_wire_ns(uint32_t len, uint32_t link_mbps);

/** Parse "aa:bb:cc:dd:ee:ff" into @mac; 0 or -1. */
int e1kr_parse_mac(const char *s, uint8_t mac[6]);

/** Parse a dotted IPv4 address into host byte order; 0 or -1. */
int e1kr_parse_ip(const char *s, uint32_t *ip);

#ifdef __cplusplus
}
#endif

#endif /* E1KLAB_REPLAY_H */
