/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Offered load: a source produces the frames arriving on one NIC's wire,
 * in the spirit of Linux pktgen (synthetic) and tcpreplay (captures read
 * through libpcap).  Sources stream: memory does not grow with the number
 * of frames.  The wire model serialises at link speed: a frame of L bytes
 * (incl. FCS) occupies (L + 20) * 8 bit times (facts A.13), so the arrival
 * time returned is when its last bit reached the NIC.
 */
#ifndef TB_TRAFFIC_H
#define TB_TRAFFIC_H

#include <stdint.h>

#include "scenario/scenario.h"

typedef struct TbSource TbSource;

/** Per-source counters; offered = every frame handed to the NIC. */
typedef struct TbSourceStats {
    uint64_t offered;        /**< frames put on the wire */
    uint64_t offered_bytes;  /**< their bytes incl. FCS */
    uint64_t padded;         /**< runts padded to 60+4 bytes by the sender */
    uint64_t oversize;       /**< frames over the wire maximum (1518+4 bytes
                                  incl. FCS; still sent to the NIC) */
    uint64_t truncated;      /**< capture records shorter than the original
                                  (caplen < len): sent as captured */
    uint64_t loops;          /**< completed passes over the capture */
} TbSourceStats;

/**
 * Create a source for @cfg feeding a NIC with station address @nic_mac
 * and link speed @link_mbps.  On error returns NULL and sets *err to a
 * g_malloc'd one-line message naming the file (e.g. "x.pcap: truncated
 * file" / "x.pcap: link type 113 is not Ethernet").
 */
TbSource *tb_source_new(const TbTrafficCfg *cfg, const uint8_t nic_mac[6],
                        uint32_t link_mbps, char **err);

/**
 * Next frame: on 1, *t_ns is its arrival time (ns, >= the previous one),
 * *frame (valid until the next call) and *len (bytes without FCS) the
 * frame.  Returns 0 when the source is exhausted, -1 on a read error
 * (then *err is set as above).
 */
int tb_source_next(TbSource *src, uint64_t *t_ns, const uint8_t **frame,
                   uint32_t *len, char **err);

/** Counters so far. */
void tb_source_stats(const TbSource *src, TbSourceStats *st);

/** Free the source (NULL accepted). */
void tb_source_free(TbSource *src);

#endif /* TB_TRAFFIC_H */
