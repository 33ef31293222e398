/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The testbench's view of the traffic library (trf.h): a scenario's
 * [traffic] section (TbTrafficCfg) becomes a TrfCfg and a source feeding
 * one NIC.  The frames, their arrival times and the counters are the
 * library's; only the mapping lives here (traffic_scenario.c).
 */
#ifndef TB_TRAFFIC_H
#define TB_TRAFFIC_H

#include <stdint.h>

#include "scenario/scenario.h"
#include "traffic/trf.h"

/** A source: the library's. */
typedef TrfSource TbSource;
/** Per-source counters (offered, bytes incl. FCS, padded, oversize,
 *  truncated, loops): the library's TrfStats. */
typedef TrfStats TbSourceStats;

/**
 * The library configuration for @t feeding a NIC with station address
 * @nic_mac at @link_mbps Mbit/s: every field copied, the label
 * "traffic" or "traffic.NAME" for messages.
 */
void tb_traffic_trf_cfg(const TbTrafficCfg *t, const uint8_t nic_mac[6],
                        uint32_t link_mbps, TrfCfg *out);

/**
 * Create a source for @cfg feeding a NIC with station address @nic_mac
 * and link speed @link_mbps.  On error returns NULL and sets *err to a
 * g_free()-able one-line message naming the file (e.g. "x.pcap: truncated
 * or damaged capture after record 3: ...").
 */
TbSource *tb_source_new(const TbTrafficCfg *cfg, const uint8_t nic_mac[6],
                        uint32_t link_mbps, char **err);

/** trf_source_next(): 1 with the next frame, 0 at the end, -1 (*err). */
static inline int tb_source_next(TbSource *src, uint64_t *t_ns,
                                 const uint8_t **frame, uint32_t *len,
                                 char **err)
{
    return trf_source_next(src, t_ns, frame, len, err);
}

/** trf_source_zero_from(): every frame zero from this offset on. */
static inline uint32_t tb_source_zero_from(const TbSource *src)
{
    return trf_source_zero_from(src);
}

/** trf_source_fcs_known(): 1 if every frame's FCS is known. */
static inline int tb_source_fcs_known(const TbSource *src)
{
    return trf_source_fcs_known(src);
}

/** trf_source_fcs(): the last frame's FCS. */
static inline uint32_t tb_source_fcs(const TbSource *src)
{
    return trf_source_fcs(src);
}

/** Counters so far. */
static inline void tb_source_stats(const TbSource *src, TbSourceStats *st)
{
    trf_source_stats(src, st);
}

/** Free the source (NULL accepted). */
static inline void tb_source_free(TbSource *src)
{
    trf_source_free(src);
}

#endif /* TB_TRAFFIC_H */
