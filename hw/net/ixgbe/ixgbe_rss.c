/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive-side scaling of the 82598 model (datasheet 3.5.2.10): the
 * Microsoft RSS Toeplitz hash over the packet's addresses and ports
 * under the 40-byte key of RSSRK, the hash functions MRQC enables, and
 * the queue from the 128-entry redirection table RETA.
 *
 * Hash input (3.5.2.10.1, [MS-RSS]): IPv4 source and destination
 * address, then for TCP/UDP the source and destination port (12 bytes,
 * or 8); IPv6 source and destination (32 bytes) and ports (36).  The
 * functions tried, in the datasheet's priority: an IPv4 packet uses
 * TcpIPv4, then UdpIPv4, then IPv4 (those MRQC enables; "skip functions
 * that are not enabled"); an IPv6 packet TcpIPv6Ex or TcpIPv6, then
 * UdpIPv6Ex or UdpIPv6, then IPv6Ex or IPv6.  TCP and UDP need an
 * unfragmented packet whose L4 header can be parsed.  The Ex variants
 * hash the header's own addresses (the home address option and the
 * type 2 routing header are not substituted: approximate).  A packet no
 * enabled function applies to gets hash 0 and RSS type 0 and goes to
 * the queue of RETA entry 0.
 *
 * Queue: the hash's seven low bits index RETA; each 8-bit entry holds a
 * pair of 4-bit indices (the 82598's "4-bit index or a pair of 4-bit
 * indices"); without DCB the low one is the queue (Linux writes both
 * halves equal, ixgbe_store_reta's 0x11 multiplier).
 *
 * Speed: the hash is one table lookup per input byte: rss_lut[i][b] is
 * the XOR of the key windows of the set bits of byte value b at input
 * byte i, rebuilt when RSSRK is written (ixg_rss_prepare).
 */
#include "ixgbe_core.h"
#include "nic_bytes.h"
#include "nic_l34.h"

uint32_t ixg_toeplitz(const uint8_t key[40], const uint8_t *input,
                      uint32_t n)
{
    uint32_t h = 0;

    if (!key || !input) {
        return 0;
    }
    n = n < 36u ? n : 36u;   /* the key covers 36 input bytes */
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t j = 0; j < 8; j++) {
            if (input[i] & (0x80u >> j)) {
                uint64_t v = (uint64_t)key[i] << 32 |
                             (uint64_t)key[i + 1] << 24 |
                             (uint64_t)key[i + 2] << 16 |
                             (uint64_t)key[i + 3] << 8 | key[i + 4];
                h ^= (uint32_t)(v >> (8u - j));
            }
        }
    }
    return h;
}

void ixg_rss_prepare(IxgDev *s)
{
    uint8_t key[40];

    for (uint32_t i = 0; i < 10; i++) {
        nic_st_le32(key + 4 * i, ixg_reg(s, IXG_RSSRK(i)));
    }
    for (uint32_t i = 0; i < 36; i++) {
        uint64_t v = (uint64_t)key[i] << 32 | (uint64_t)key[i + 1] << 24 |
                     (uint64_t)key[i + 2] << 16 |
                     (uint64_t)key[i + 3] << 8 | key[i + 4];
        uint32_t win[8];
        for (uint32_t j = 0; j < 8; j++) {
            win[j] = (uint32_t)(v >> (8u - j));
        }
        for (uint32_t b = 0; b < 256; b++) {
            uint32_t h = 0;
            for (uint32_t j = 0; j < 8; j++) {
                if (b & (0x80u >> j)) {
                    h ^= win[j];
                }
            }
            s->rss_lut[i][b] = h;
        }
    }
}

/** Hash of @n input bytes (from up to two pieces: @a of @na bytes, then
 *  @b) through the lookup table. */
static uint32_t lut_hash(const IxgDev *s, const uint8_t *a, uint32_t na,
                         const uint8_t *b, uint32_t nb)
{
    uint32_t h = 0;

    for (uint32_t i = 0; i < na; i++) {
        h ^= s->rss_lut[i][a[i]];
    }
    for (uint32_t i = 0; i < nb; i++) {
        h ^= s->rss_lut[na + i][b[i]];
    }
    return h;
}

/** Hash of an IPv4 packet's 8 address bytes at @a and, with @ports, the
 *  4 port bytes at @b: lut_hash with the lengths fixed, unrolled. */
static uint32_t lut_hash_ip4(const IxgDev *s, const uint8_t *a,
                             const uint8_t *b, bool ports)
{
    const uint32_t (*t)[256] = s->rss_lut;
    uint32_t h = t[0][a[0]] ^ t[1][a[1]] ^ t[2][a[2]] ^ t[3][a[3]] ^
                 t[4][a[4]] ^ t[5][a[5]] ^ t[6][a[6]] ^ t[7][a[7]];

    if (ports) {
        h ^= t[8][b[0]] ^ t[9][b[1]] ^ t[10][b[2]] ^ t[11][b[3]];
    }
    return h;
}

/** The RSS type the enabled functions give a parsed packet @p (0: none). */
static uint32_t rss_type(uint32_t mrqc, const NicL34 *p)
{
    bool l4 = p->l4_off != 0;
    bool tcp = l4 && p->proto == NIC_IPPROTO_TCP;
    bool udp = l4 && p->proto == NIC_IPPROTO_UDP;

    if (p->ipv4) {
        if (tcp && (mrqc & IXG_MRQC_TCP_IPV4)) {
            return IXG_ARXD_RSSTYPE_TCP_IPV4;
        }
        if (udp && (mrqc & IXG_MRQC_UDP_IPV4)) {
            return IXG_ARXD_RSSTYPE_UDP_IPV4;
        }
        return (mrqc & IXG_MRQC_IPV4) ? IXG_ARXD_RSSTYPE_IPV4 : 0u;
    }
    if (tcp && (mrqc & IXG_MRQC_TCP_IPV6_EX) && p->ip6_ext) {
        return IXG_ARXD_RSSTYPE_TCP_IPV6_EX;
    }
    if (tcp && (mrqc & (IXG_MRQC_TCP_IPV6 | IXG_MRQC_TCP_IPV6_EX))) {
        return IXG_ARXD_RSSTYPE_TCP_IPV6;
    }
    if (udp && (mrqc & IXG_MRQC_UDP_IPV6_EX) && p->ip6_ext) {
        return IXG_ARXD_RSSTYPE_UDP_IPV6_EX;
    }
    if (udp && (mrqc & (IXG_MRQC_UDP_IPV6 | IXG_MRQC_UDP_IPV6_EX))) {
        return IXG_ARXD_RSSTYPE_UDP_IPV6;
    }
    if ((mrqc & IXG_MRQC_IPV6_EX) && p->ip6_ext) {
        return IXG_ARXD_RSSTYPE_IPV6_EX;
    }
    return (mrqc & (IXG_MRQC_IPV6 | IXG_MRQC_IPV6_EX)) ? IXG_ARXD_RSSTYPE_IPV6
                                                      : 0u;
}

uint32_t ixg_rss_queue_parsed(const IxgDev *s, const uint8_t *frame,
                              const NicL34 *p, uint32_t *hash,
                              uint32_t *type)
{
    uint32_t mrqc = ixg_reg(s, IXG_MRQC), t = 0, h = 0;

    if ((mrqc & IXG_MRQC_MRQE_MASK) != IXG_MRQC_RSSEN) {
        *hash = 0;
        *type = 0;
        return 0;
    }
    if (p) {
        t = rss_type(mrqc, p);
        if (t) {
            /* addresses: IPv4 @12-19, IPv6 @8-39 of the IP header; the
             * ports of TCP/UDP types, the first 4 bytes of L4 */
            bool ports = t != IXG_ARXD_RSSTYPE_IPV4 &&
                         t != IXG_ARXD_RSSTYPE_IPV6 &&
                         t != IXG_ARXD_RSSTYPE_IPV6_EX;
            const uint8_t *addr = frame + p->l3_off + (p->ipv4 ? 12u : 8u);
            h = p->ipv4 ? lut_hash_ip4(s, addr, frame + p->l4_off, ports)
                        : lut_hash(s, addr, 32u, frame + p->l4_off,
                                   ports ? 4u : 0u);
        }
    }
    *hash = h;
    *type = t;
    return (ixg_reg(s, IXG_RETA((h & 0x7Fu) >> 2)) >> (8u * (h & 3u))) &
           0xFu;
}

uint32_t ixg_rss_queue(const IxgDev *s, const uint8_t *frame, uint32_t len,
                       uint32_t l3_off, uint32_t *hash, uint32_t *type)
{
    NicL34 p;

    return ixg_rss_queue_parsed(s, frame,
                                nic_l34_parse(frame, len, l3_off, &p) ? &p
                                                                      : NULL,
                                hash, type);
}
