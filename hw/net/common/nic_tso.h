/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP/UDP segmentation of the device models' common layer
 * (hw/net/common): the per-segment rewrite of the prototype header both
 * chips perform (SDM 3.5-3.6 "TCP segmentation"; 82598 datasheet
 * 3.5.3.5 "TCP Segmentation").  Each segment is the prototype header
 * (HDRLEN bytes) followed by at most MSS bytes of payload, with:
 *   IPv4: total length = segment length - IP start, identification =
 *         the prototype's + segment number, header checksum (IXSM);
 *   IPv6: payload length = segment length - IP start - 40;
 *   TCP:  sequence = the prototype's + payload bytes sent before, FIN and
 *         PSH cleared except in the last segment;
 *   UDP:  length = segment length - L4 start;
 *   TCP/UDP checksum (TXSM) over L4 start..end plus the segment's L4
 *   length: the driver seeds the field with the pseudo-header sum
 *   without length (Linux e1000_tso, ixgbe_tso); UDP 0 -> 0xFFFF.
 */
#ifndef NIC_TSO_H
#define NIC_TSO_H

#include <stdint.h>

/** Where the headers of a TSO prototype are and what to insert. */
typedef struct NicTsoHdr {
    uint32_t ipcss;  /**< IP header start, bytes from the frame start */
    uint32_t ipcso;  /**< IP checksum field offset */
    uint32_t ipcse;  /**< IP checksum end, inclusive (0: end of frame) */
    uint32_t tucss;  /**< TCP/UDP header start */
    uint32_t tucso;  /**< TCP/UDP checksum field offset */
    uint8_t ipv4;    /**< 1 IPv4, 0 IPv6 */
    uint8_t tcp;     /**< 1 TCP, 0 UDP */
    uint8_t ixsm;    /**< insert the IPv4 header checksum */
    uint8_t txsm;    /**< insert the TCP/UDP checksum */
} NicTsoHdr;

/**
 * Rewrite the headers of the @seglen-byte segment at @f (prototype
 * header already copied in front of its payload) as segment number
 * @seg_count of the chain whose unmodified prototype header is @proto,
 * after @pay_sent payload bytes sent in earlier segments; @last: the
 * chain's final segment.  The caller has checked that every field
 * rewritten lies inside the header (TCP 20 bytes, UDP 8, IPv4 20, IPv6
 * 40 from their starts).
 */
void nic_tso_segment(uint8_t *f, uint32_t seglen, const uint8_t *proto,
                     const NicTsoHdr *h, uint32_t seg_count,
                     uint32_t pay_sent, int last);

#endif /* NIC_TSO_H */
