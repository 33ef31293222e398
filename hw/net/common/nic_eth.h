/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ethernet framing constants and wire time of the device models' common
 * layer (hw/net/common), [IEEE-802.3]: a frame on the wire is preceded
 * by 7 bytes of preamble and the start frame delimiter and followed by
 * its 4-byte FCS and at least a 12-byte inter-packet gap (96 bit times;
 * 10GBASE-R and XAUI keep that average with the deficit idle count,
 * clause 46.3.1.4).  A 64-byte frame (60 + FCS) thus takes 84 byte times
 * on the wire: 67.2 ns at 10 Gb/s, 14,880,952 frames/s.
 *
 * Times finer than a nanosecond (a byte is 0.8 ns at 10 Gb/s) are kept
 * as a NicWireClock: whole ns plus a remainder in ps, so that a stream
 * of frames is exactly at the line rate and never drifts by rounding.
 */
#ifndef NIC_ETH_H
#define NIC_ETH_H

#include <stdint.h>

#define NIC_ETH_FCS 4u         /**< frame check sequence, bytes */
#define NIC_ETH_PREAMBLE 8u    /**< preamble + SFD, bytes */
#define NIC_ETH_IPG 12u        /**< minimum inter-packet gap, bytes */
#define NIC_ETH_HLEN 14u       /**< DA, SA, EtherType */
#define NIC_ETH_MIN_NOFCS 60u  /**< shortest frame without FCS (64 with) */
#define NIC_ETH_MAX_NOFCS 1514u/**< longest untagged frame without FCS */
#define NIC_ETH_VLAN_TAG 4u    /**< 802.1Q tag, bytes */
#define NIC_ETH_P_IPV4 0x0800u
#define NIC_ETH_P_IPV6 0x86DDu
#define NIC_ETH_P_VLAN 0x8100u

/** Time of one byte on the wire at @mbps Mb/s, ps (800 at 10000 Mb/s,
 *  8000 at 1000).  @mbps from 10 to 100000. */
static inline uint32_t nic_eth_byte_ps(uint32_t mbps)
{
    return 8000000u / mbps;
}

/** A point in time finer than a nanosecond: ns + ps (0..999). */
typedef struct NicWireClock {
    uint64_t ns;
    uint32_t ps;   /**< 0..999 */
    uint32_t pad;  /**< 0 */
} NicWireClock;

/** @c advanced by @bytes byte times of @byte_ps ps each. */
static inline NicWireClock nic_wire_add(NicWireClock c, uint64_t bytes,
                                        uint32_t byte_ps)
{
    uint64_t ps = c.ps + bytes * byte_ps;

    c.ns += ps / 1000u;
    c.ps = (uint32_t)(ps % 1000u);
    return c;
}

/** The later of @c and the whole ns @now (a wire idle since before now
 *  starts at now). */
static inline NicWireClock nic_wire_max(NicWireClock c, uint64_t now)
{
    if (c.ns < now || (c.ns == now && c.ps == 0)) {
        c.ns = now;
        c.ps = 0;
    }
    return c;
}

/** The first whole ns at or after @c (a timer's deadline). */
static inline uint64_t nic_wire_ceil_ns(NicWireClock c)
{
    return c.ns + (c.ps != 0);
}

#endif /* NIC_ETH_H */
