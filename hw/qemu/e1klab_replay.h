/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The QEMU device's replay: an adapter from the device's replay-*
 * properties to the traffic library (trf.h, testbench/traffic/), whose
 * frames and arrival times are the testbench's, and a one-frame
 * look-ahead for the device's timer: the pending frame, its arrival time
 * and a cursor saved in the VM state.
 *
 * Plain C11, no QEMU headers: the QEMU glue (e1klab_pci.c) owns the timer
 * and hands each frame to e1k_receive() when its arrival time is reached.
 * Pacing, wire time, generator and capture reading are all the library's.
 */
#ifndef E1KLAB_REPLAY_H
#define E1KLAB_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "trf.h"

#ifdef __cplusplus
extern "C" {
#endif

/** "No further frame" arrival time. */
#define E1KR_NONE UINT64_MAX

/* Property defaults: the library's (trf_cfg_default). */
#define E1KR_DEFAULT_SIZE TRF_DEFAULT_FRAME_SIZE
#define E1KR_DEFAULT_PORT TRF_DEFAULT_UDP_PORT

/** The device's replay-* property values, as QEMU parsed them. */
typedef struct E1krProps {
    const char *replay;      /**< capture path, or "gen" for the generator */
    const char *pace;        /**< captured|pps|mbps|topspeed; NULL: pps if
                                  pps is set, else mbps if mbps is set,
                                  else captured (capture) or topspeed */
    uint32_t pps;            /**< frames per second (pace pps) */
    uint32_t mbps;           /**< Mbit/s (pace mbps) */
    const char *multiplier;  /**< decimal > 0 (pace captured); NULL = 1 */
    uint32_t loop;           /**< passes over the capture */
    uint64_t count;          /**< cap on frames, 0 = none */
    uint32_t size;           /**< generator frame bytes incl. FCS */
    uint32_t flows;          /**< generator UDP source ports */
    const char *src_ip, *dst_ip;   /**< dotted IPv4; NULL = default */
    const char *src_mac, *dst_mac; /**< aa:bb:..; NULL = default / NIC's */
    uint32_t sport, dport;   /**< UDP ports */
    int rewrite_dst_mac;     /**< 1: DA of every capture frame = NIC's */
    uint32_t link_mbps;      /**< the device's link-mbps */
} E1krProps;

/**
 * The library configuration for @p feeding a NIC with station address
 * @nic_mac (label "replay", start 0).  Returns 0, or -1 with a one-line
 * message naming the property in @err (@errlen bytes).
 */
int e1kr_cfg_from_props(const E1krProps *p, const uint8_t nic_mac[6],
                        TrfCfg *cfg, char *err, size_t errlen);

/** Counters of the frames delivered (the pending one excluded). */
typedef TrfStats E1krStats;

/** Where a replay stands; saved in the VM state so loadvm resumes it. */
typedef struct E1krCursor {
    uint64_t emitted;       /**< frames delivered (all passes) */
    uint64_t next_ns;       /**< arrival time of the pending frame, or
                                 E1KR_NONE when the source is exhausted */
    uint64_t start_ns;      /**< time the replay was started */
    uint64_t prev_end_ns;   /**< arrival time of the last delivered frame
                                 (start_ns before the first) */
    uint32_t started;       /**< 1 once e1kr_start() ran */
    uint32_t reserved;      /**< 0 */
} E1krCursor;

typedef struct E1kReplay E1kReplay;

/**
 * Create a replay of @cfg (copied).  Validates it and opens the capture
 * once.  On error returns NULL and writes the library's one-line message
 * (naming the file or setting) to @err (@errlen bytes).
 */
E1kReplay *e1kr_new(const TrfCfg *cfg, char *err, size_t errlen);

/** Free a replay (NULL accepted). */
void e1kr_free(E1kReplay *r);

/** Start at @start_ns (the library's start_ns): prepares the first frame.
 *  Returns 0, or -1 with @err set (read error). */
int e1kr_start(E1kReplay *r, uint64_t start_ns, char *err, size_t errlen);

/** Arrival time of the pending frame (ns), E1KR_NONE if none / not started. */
uint64_t e1kr_next_ns(const E1kReplay *r);

/** The pending frame (@len bytes, no FCS, >= 60), valid until the next
 *  e1kr_advance()/e1kr_seek(); NULL if none. */
const uint8_t *e1kr_frame(const E1kReplay *r, uint32_t *len);

/** Count the pending frame as delivered and prepare the next one.
 *  Returns 0, or -1 with @err set (then the source is exhausted). */
int e1kr_advance(E1kReplay *r, char *err, size_t errlen);

/** Copy the cursor out. */
void e1kr_cursor(const E1kReplay *r, E1krCursor *c);

/** Resume from a saved cursor: restarts the source at its start time and
 *  replays the delivered frames.  Returns 0, or -1 with @err set when the
 *  capture no longer matches. */
int e1kr_seek(E1kReplay *r, const E1krCursor *c, char *err, size_t errlen);

/** Copy the counters of the delivered frames out. */
void e1kr_stats(const E1kReplay *r, E1krStats *st);

#ifdef __cplusplus
}
#endif

#endif /* E1KLAB_REPLAY_H */
