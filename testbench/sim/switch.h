/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A store-and-forward Ethernet switch ([switch.NAME], scenario/topology.h;
 * design in docs/switch.md).  Its ports are the links that end at it
 * (sim/link.h): a frame reaches the switch when its last bit has arrived
 * (the sending NIC models its wire, the link adds its delay), is looked
 * up in the forwarding table by its destination address (IEEE 802.1D
 * filtering database: static, or learnt from source addresses) and is
 * queued in the output buffer of its port, or of every other port
 * (flooding: broadcast, multicast, unknown unicast).  Each port sends its
 * queue in order at its NIC's link speed (IEEE 802.3 wire time: frame,
 * FCS, preamble, inter-frame gap, trf_wire_ns); a frame that does not
 * fit the port's buffer is dropped and counted.  With pause, the switch
 * sends IEEE 802.3x PAUSE frames (Annex 31B) to a port whose frames fill
 * the buffers, ahead of the port's queued frames.
 */
#ifndef TB_SWITCH_H
#define TB_SWITCH_H

#include <stdint.h>

#include "kernel/kernel.h"
#include "scenario/topology.h"
#include "sim/engine.h"

struct TbLink;

/** Counters of one switch port; bytes include the FCS. */
typedef struct TbSwitchPortStats {
    uint64_t rx_frames;     /**< frames received from the port's NIC */
    uint64_t rx_bytes;
    uint64_t tx_frames;     /**< frames sent to the NIC (not PAUSE) */
    uint64_t tx_bytes;
    uint64_t drops;         /**< frames for this port that did not fit
                                 its output buffer */
    uint64_t drop_bytes;
    uint64_t flooded;       /**< frames received here sent to every
                                 other port (broadcast, multicast,
                                 unknown destination) */
    uint64_t filtered;      /**< frames received here for a station on
                                 this same port (not forwarded) */
    uint64_t pause_frames;  /**< PAUSE frames sent: XOFF and XON */
    uint64_t xoff_frames;   /**< of them with pause_time > 0 */
    uint64_t buffer_peak;   /**< most bytes ever in its output buffer */
} TbSwitchPortStats;

typedef struct TbSwitch TbSwitch;

/** A switch per @cfg (@cfg->nports ports, none attached yet) on @eng;
 *  @index is its number in the topology (its ports' PAUSE source
 *  addresses are 02:53:57:00:index:port). */
TbSwitch *tb_switch_new(TbEngine *eng, const TbSwitchCfg *cfg,
                        uint32_t index);
void tb_switch_free(TbSwitch *sw);
/**
 * Port @port is end @end of link @l; the NIC at the other end runs at
 * @mbps Mbit/s with address @mac and IPv4 address @ip (0: none).  With
 * static forwarding @mac enters the table for @port.
 */
void tb_switch_attach(TbSwitch *sw, uint32_t port, struct TbLink *l,
                      int end, uint32_t mbps, const uint8_t mac[6],
                      uint32_t ip);
/** The stations of the switch's ports that have an address, sorted by
 *  address (the hosts' neighbour table on this segment; valid while the
 *  switch lives); *@n entries. */
const TbNeigh *tb_switch_neigh(TbSwitch *sw, uint32_t *n);
/** A frame of @len bytes (no FCS) has fully arrived at port @port. */
void tb_switch_rx(TbSwitch *sw, uint32_t port, const uint8_t *frame,
                  uint32_t len);
/** Counters of port @port. */
const TbSwitchPortStats *tb_switch_port_stats(const TbSwitch *sw,
                                              uint32_t port);

#endif /* TB_SWITCH_H */
