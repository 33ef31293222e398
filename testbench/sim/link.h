/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A full-duplex link between two NICs of a run ([link.NAME],
 * scenario/topology.h): a frame that leaves one NIC's wire (its last bit
 * sent: the device model times the wire) reaches the other NIC
 * (its type's receive) the propagation delay later, as an engine event.  Each
 * direction keeps its frames in order in a ring of frame slots grown to
 * its working size; a deterministic loss setting drops every N-th frame.
 */
#ifndef TB_LINK_H
#define TB_LINK_H

#include <stdint.h>

#include "sim/engine.h"
#include "scenario/topology.h"

struct TbNic;

/** Counters of one direction of a link. */
typedef struct TbLinkDirStats {
    uint64_t frames;        /**< frames that entered the link */
    uint64_t bytes;         /**< their bytes incl. FCS */
    uint64_t lost;          /**< dropped on the wire (drop_every, or
                                 longer than TB_LINK_FRAME_MAX) */
    uint64_t rx[5];         /**< delivered, by the receiving NIC's answer
                                 (index: E1kRxResult, hw/net/e1000.h);
                                 0 towards a switch */
} TbLinkDirStats;

/** Longest frame a link carries, bytes without FCS (what the e1000
 *  model's receive accepts). */
#define TB_LINK_FRAME_MAX 16384u

typedef struct TbLink TbLink;
struct TbSwitch;

/** A link on engine @eng between NICs @a and @b per @cfg; sets their
 *  link and link_end fields.  One of them may be NULL: that end is a
 *  switch port (tb_link_to_switch). */
TbLink *tb_link_new(TbEngine *eng, const TbLinkCfg *cfg, struct TbNic *a,
                    struct TbNic *b);
/** End @end of @l is port @port of switch @sw (sim/switch.h): frames
 *  towards it go to tb_switch_rx. */
void tb_link_to_switch(TbLink *l, int end, struct TbSwitch *sw,
                       uint32_t port);
void tb_link_free(TbLink *l);
/** Teardown: from now on the link delivers nothing (frames in flight and
 *  frames sent later are dropped, uncounted), so that a host shut down
 *  after another (its driver's close lets simulated time pass) never
 *  reaches the freed one.  NULL is ignored. */
void tb_link_detach(TbLink *l);
/** A frame of @len bytes (no FCS) left end @from (0: a, 1: b). */
void tb_link_tx(TbLink *l, int from, const uint8_t *frame, uint32_t len);
/** Counters of direction @dir (0: a to b, 1: b to a). */
const TbLinkDirStats *tb_link_stats(const TbLink *l, int dir);

#endif /* TB_LINK_H */
