/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Wire model: one Ethernet link in one direction.  A frame of L bytes
 * (without FCS, as frames cross the model's interface) occupies the wire
 * for (L + 4 FCS + 8 preamble/SFD + 12 inter-frame gap) * 8 bit times
 * ([IEEE-802.3]), trf_wire_ns() in trf.h.  Frames never overlap: a frame
 * scheduled while the wire is busy starts when the previous one ends.
 */
#ifndef TRF_WIRE_H
#define TRF_WIRE_H

#include <stdint.h>

/** Per-frame wire overhead beyond the frame without FCS, bytes:
 *  FCS 4 + preamble/SFD 8 + IFG 12 ([IEEE-802.3]). */
#define TRF_WIRE_OVERHEAD_BYTES 24u

/** State of one direction of a link. */
typedef struct TrfWire {
    uint32_t link_mbps;   /**< link speed, Mbit/s (10, 100, 1000, ...) */
    uint32_t memo_len;    /**< frame length (no FCS) of memo_ns, bytes;
                               UINT32_MAX: none yet */
    uint64_t memo_ns;     /**< trf_wire_ns(memo_len, link_mbps): a
                               source of one frame size divides once */
    uint64_t busy_until;  /**< ns: the previous frame's last bit */
} TrfWire;

/** Initialise a wire at @link_mbps Mbit/s (0 is taken as 1000). */
void trf_wire_init(TrfWire *w, uint32_t link_mbps);

/**
 * Put a frame of @len bytes (no FCS) whose transmission may start at
 * @sched_ns on the wire.  Returns the arrival time of its last bit, ns:
 * max(@sched_ns, previous arrival) + trf_wire_ns(len).  64-byte frames
 * (len 60) at 1000 Mbit/s take 672 ns.
 */
uint64_t trf_wire_send(TrfWire *w, uint64_t sched_ns, uint32_t len);

#endif /* TRF_WIRE_H */
