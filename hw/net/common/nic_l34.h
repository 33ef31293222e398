/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Layer 3/4 header parsing and checksum verification of the device
 * models' common layer (hw/net/common): what receive checksum offload
 * (SDM 3.2.9; 82598 datasheet 3.5.2.11) and receive-side scaling (82598
 * datasheet 3.5.2.10) need to know of a frame: where its IPv4 or IPv6
 * header is ([RFC791], [RFC8200]), whether it is a fragment, where its
 * TCP or UDP header is ([RFC793], [RFC768]), and whether their Internet
 * checksums ([RFC1071]) hold.
 */
#ifndef NIC_L34_H
#define NIC_L34_H

#include <stdint.h>

#define NIC_IPPROTO_TCP 6u
#define NIC_IPPROTO_UDP 17u

/** What nic_l34_parse found. */
typedef struct NicL34 {
    uint32_t l3_off;   /**< IP header offset in the frame */
    uint32_t l3_hlen;  /**< IPv4: IHL x 4; IPv6: 40 + extension headers */
    uint32_t l3_end;   /**< end of the IP datagram (l3_off + IPv4 total
                            length, or 40 + IPv6 payload length), within
                            the frame */
    uint32_t l4_off;   /**< TCP/UDP header offset, 0 if none usable
                            (another protocol, a fragment, too short) */
    uint8_t ipv4;      /**< 1 IPv4, 0 IPv6 */
    uint8_t ip6_ext;   /**< IPv6 with extension headers before L4 */
    uint8_t frag;      /**< a fragment (IPv4 MF or offset, IPv6 fragment
                            header) */
    uint8_t proto;     /**< final protocol number (TCP 6, UDP 17, ...) */
} NicL34;

/**
 * Parse the IP datagram of the @len-byte frame @f whose EtherType sits
 * at @l3_off - 2 (14, or 18 behind an 802.1Q tag): an IPv4 header
 * (version 4, IHL >= 5, total length inside the frame) or an IPv6 header
 * (version 6, payload inside the frame) with up to 8 extension headers
 * (hop-by-hop, routing, fragment, destination options).  Returns 1 and
 * fills *p, or 0 for anything else (*p then undefined).
 */
int nic_l34_parse(const uint8_t *f, uint32_t len, uint32_t l3_off,
                  NicL34 *p);

/** 1 if the IPv4 header checksum of the parsed datagram @p (ipv4) is
 *  good ([RFC791]: the header sums to all ones), else 0. */
int nic_ip4_hdr_ok(const uint8_t *f, const NicL34 *p);

/**
 * 1 if the TCP or UDP checksum of the parsed datagram @p (l4_off != 0)
 * is good: the pseudo header (addresses, protocol, L4 length; [RFC793]
 * 3.1, [RFC768], [RFC8200] 8.1) plus the segment sums to all ones.  The
 * last @zeros bytes of the @len-byte frame are known to be zero
 * (nic_zero_tail; 0 if unknown) and are not read.
 */
int nic_l4_csum_ok(const uint8_t *f, uint32_t len, const NicL34 *p,
                   uint32_t zeros);

#endif /* NIC_L34_H */
