/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The search of `e1klab mlffr` (mlffr.h): RFC 2544 section 26.1
 * throughput -- the highest offered rate at which the device under test
 * loses no more frames than the tolerance -- found per frame size by a
 * binary search over trials of the scenario on the modelled host, in
 * child processes, several frame sizes at a time.
 */
#ifndef TB_MLFFR_SEARCH_H
#define TB_MLFFR_SEARCH_H

#include <stdint.h>

#include <glib.h>

#include "scenario/topology.h"

/** What every trial shares. */
typedef struct TbMlffrCfg {
    const char *scenario;      /**< SCENARIO.ini */
    char **sets;               /**< user --set, NULL-terminated, or NULL */
    char source[2 * TB_NAME_LEN + 8]; /**< the section of the one source
                                    ("traffic", "traffic.HOST"), set by
                                    tb_mlffr_check */
    uint64_t trial_frames;     /**< frames per trial (traffic.count) */
    uint64_t loss_ppm;         /**< tolerated loss, ppm of the offered */
    uint64_t res_ppm;          /**< resolution, ppm of the line rate */
    int jobs;                  /**< frame sizes searched at a time */
    int quiet;                 /**< no progress on stderr */
} TbMlffrCfg;

/** The result for one frame size. */
typedef struct TbMlffrResult {
    uint32_t size;             /**< frame bytes incl. FCS */
    uint64_t line_pps;         /**< line rate for it, frames/s */
    uint64_t pps;              /**< throughput: highest rate passed (0:
                                    none did) */
    uint64_t step_pps;         /**< resolution in frames/s */
    uint32_t trials;           /**< trials run */
} TbMlffrResult;

/**
 * Line rate in frames/s of @size-byte frames (incl. FCS) at @link_mbps:
 * floor(link x 10^6 / ((size + 20) x 8)), preamble, SFD and inter-frame
 * gap counted ([IEEE-802.3]).
 */
uint64_t tb_mlffr_line_pps(uint32_t size, uint32_t link_mbps);

/** The scenario with the user's sets only: it loads and, among all its
 *  hosts, has exactly one source, a [traffic] section ([traffic.HOST] of
 *  a named host) of kind pktgen, whose section goes to c->source.  0, or
 *  -1 with *err. */
int tb_mlffr_check(TbMlffrCfg *c, char **err);

/**
 * Load the scenario of a trial at @size bytes, @pps frames/s (user sets,
 * then SOURCE.frame_size, SOURCE.pps, SOURCE.count, run.duration=0) into
 * @t (tb_topology_clear it) and check that it still has that one source;
 * its host into *@host.  0, or -1 with *err.
 */
int tb_mlffr_load(const TbMlffrCfg *c, uint32_t size, uint64_t pps,
                  TbTopology *t, uint32_t *host, char **err);

/**
 * One trial: lost frames into *@lost -- offered minus what left the
 * network (forwarded out of a NIC that is not on a link) or was read by
 * a host's UDP sink, after the drain -- and offered into *@offered.  0,
 * or -1 with *err.
 */
int tb_mlffr_trial(const TbMlffrCfg *c, uint32_t size, uint64_t pps,
                   uint64_t *lost, uint64_t *offered, char **err);

/**
 * The binary search for @r->size (r->size set by the caller): a trial at
 * line rate; if it fails, bisect [0, line rate] until the interval is no
 * wider than the resolution; the result is the highest rate passed.
 * Deterministic.  0, or -1 with *err.
 */
int tb_mlffr_search(const TbMlffrCfg *c, TbMlffrResult *r, char **err);

/**
 * Search every one of the @n results (sizes set), c->jobs at a time, each
 * in a child process.  0, or -1 with *err (the first failing size's
 * message).
 */
int tb_mlffr_search_all(const TbMlffrCfg *c, TbMlffrResult *res, guint n,
                        char **err);

#endif /* TB_MLFFR_SEARCH_H */
