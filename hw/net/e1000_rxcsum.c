/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive checksum functions of the device model: RXCSUM offload
 * (IPOFL/TUOFL, SDM 3.2.9 and the RXCSUM register; descriptor bits SDM
 * 3.2.3.1-3.2.3.2), the descriptor's 16-bit packet checksum
 * field (RXCSUM.PCSS).  The Ethernet FCS is in e1000_crc32.c.
 *
 * The IPv4 header and the TCP/UDP segment are each summed once; the
 * packet checksum is put together from those parts when the segment is
 * long, else summed in one pass.  The parts are summed (e1k_csum_le,
 * e1000_csum.c) as little-endian 64-bit words with their carries
 * counted (the last 0-7 bytes as 32-, 16- and 8-bit words) and folded
 * once at the end: the ones'-
 * complement sum does not depend on the word size or byte order (RFC
 * 1071 2(B), 2(C)), only on each byte's place (even or odd) in it, so a
 * part that starts at an odd distance from the sum it joins is swapped
 * (times 256 modulo 0xFFFF).  The value is the one a 16-bit big-endian
 * sum gives: congruent modulo 0xFFFF, within 1..0xFFFF, 0 only when
 * every byte is.
 */
#include "e1000_bytes.h"
#include "e1000_core.h"

#define ETH_P_IPV4 0x0800u
#define IPPROTO_TCP_ 6u
#define IPPROTO_UDP_ 17u

/** e1k_csum_le of @n bytes at @p whose last @zeros bytes are known to
 *  be zero (they add nothing and are not read). */
static inline uint64_t sum_le(const uint8_t *p, uint32_t n, uint32_t zeros)
{
    return e1k_csum_le(p, n - (zeros < n ? zeros : n));
}

/** sum_le of a 20-byte IPv4 header (no options, the common case), with
 *  no loop: two 64-bit words and one 32-bit word. */
static inline uint64_t sum_ip20(const uint8_t *h)
{
    uint64_t w = e1k_ld_le64(h + 8), acc = e1k_ld_le64(h) + w;

    return (acc & 0xFFFFFFFFu) + (acc >> 32) + (acc < w) + e1k_ld_le32(h + 16);
}

/** The sum of the IPv4 header at @h of @ihl bytes (sum_ip20 for 20). */
static inline uint64_t sum_ip(const uint8_t *h, uint32_t ihl)
{
    return ihl == 20u ? sum_ip20(h) : e1k_csum_le(h, ihl);
}

/** A 16-bit value with its bytes swapped (times 256 modulo 0xFFFF). */
static uint32_t swap16(uint32_t v)
{
    return ((v & 0xFFu) << 8) | (v >> 8);
}

/** The sum @x of a part, folded, as it counts in a sum that starts @odd
 *  (0 or 1) bytes before it. */
static uint32_t part(uint64_t x, uint32_t odd)
{
    uint32_t f = e1k_csum_fold16(x);
    return odd ? swap16(f) : f;
}

/** How many of the last @zeros bytes of a frame of @len bytes lie in a
 *  part of it that ends at @end: the known zero bytes at that part's
 *  end. */
static uint32_t zeros_before(uint32_t zeros, uint32_t len, uint32_t end)
{
    return zeros > len - end ? zeros - (len - end) : 0;
}

/** The IPv4 datagram of a frame: header at @off, @ihl bytes, @tot bytes
 *  in all (both checked to lie inside the frame). */
typedef struct RxIp {
    uint32_t off, ihl, tot;
} RxIp;

/* 1 and *ip filled if the frame carries a whole IPv4 header and datagram
 * at @l3_off (EtherType 0x0800 at l3_off - 2, version 4, IHL >= 5, total
 * length inside the frame), else 0. */
static int ip_parse(const uint8_t *frame, uint32_t len, uint32_t l3_off,
                    RxIp *ip)
{
    const uint8_t *h = frame + l3_off;

    if (l3_off < 14u || len < l3_off + 20u ||
        e1k_ld_be16(h - 2) != ETH_P_IPV4 || (h[0] >> 4) != 4u) {
        return 0;
    }
    ip->off = l3_off;
    ip->ihl = (h[0] & 0xFu) * 4u;
    ip->tot = e1k_ld_be16(h + 2);
    return ip->ihl >= 20u && ip->tot >= ip->ihl &&
           l3_off + ip->tot <= len;
}

/* TUOFL (SDM 3.2.9): sets TCPCS/UDPCS for an unfragmented TCP/UDP
 * segment of the datagram at @h and returns 1 if its checksum is to be
 * verified (not for a UDP datagram sent without one), else 0. */
static int l4_kind(const uint8_t *h, const RxIp *ip, uint8_t *status)
{
    uint32_t proto = h[9], l4len = ip->tot - ip->ihl;

    if ((e1k_ld_be16(h + 6) & 0x3FFFu) != 0) {
        return 0; /* fragment (MF or offset): no L4 checksum */
    }
    if (proto == IPPROTO_TCP_ && l4len >= 20u) {
        *status |= E1K_RXD_STAT_TCPCS;
        return 1;
    }
    if (proto == IPPROTO_UDP_ && l4len >= 8u) {
        *status |= E1K_RXD_STAT_UDPCS;
        return e1k_ld_be16(h + ip->ihl + 6) != 0;
    }
    return 0;
}

/** Segments with fewer bytes than this before their known zero tail are
 *  summed a second time for the packet checksum rather than joined from
 *  parts (each part costs a fold). */
#define PKT_REUSE_MIN 128u

/* The offloads on a parsed datagram: IPCS/IPE (IPOFL), TCPCS/UDPCS/TCPE
 * (TUOFL).  When a segment of PKT_REUSE_MIN bytes or more (not counting
 * its known zero tail) was summed and the packet checksum starts at or
 * before the IP header (@pcss <= ip->off < len), that checksum's sum is
 * put together from the parts just summed and the bytes around them:
 * returns 1 then, 0 when the caller has to sum it.  Inlined into its
 * one caller: a call costs more than the common path's work. */
static inline __attribute__((always_inline)) int
ip_offload(uint32_t rxcsum, const uint8_t *frame, uint32_t len,
           const RxIp *ip, uint32_t pcss, uint32_t zeros, uint8_t *status,
           uint8_t *errors, uint64_t *pkt)
{
    const uint8_t *h = frame + ip->off;
    uint32_t seg = ip->off + ip->ihl, end = ip->off + ip->tot;
    uint32_t l4len = ip->tot - ip->ihl;
    uint64_t s_ip = 0, s_seg, sum;
    uint32_t seg_zeros;

    /* the header is summed only where its sum is used: for IPOFL here,
     * for a packet checksum put together from parts below */
    if (rxcsum & E1K_RXCSUM_IPOFL) {
        s_ip = sum_ip(h, ip->ihl);
        *status |= E1K_RXD_STAT_IPCS;
        if (e1k_csum_fold16(s_ip) != 0xFFFFu) {
            *errors |= E1K_RXD_ERR_IPE;
        }
    }
    if (!(rxcsum & E1K_RXCSUM_TUOFL) || !l4_kind(h, ip, status)) {
        return 0;
    }
    seg_zeros = zeros_before(zeros, len, end);
    s_seg = sum_le(frame + seg, l4len, seg_zeros);
    /* pseudo header: source, destination, zero+protocol, length */
    sum = s_seg + e1k_ld_le32(h + 12) + e1k_ld_le32(h + 16) + swap16(h[9]) +
          swap16(l4len);
    if (e1k_csum_fold16(sum) != 0xFFFFu) {
        *errors |= E1K_RXD_ERR_TCPE;
    }
    if (pcss > ip->off || l4len < PKT_REUSE_MIN + seg_zeros) {
        return 0;
    }
    if (!(rxcsum & E1K_RXCSUM_IPOFL)) {
        s_ip = sum_ip(h, ip->ihl);
    }
    *pkt = part(sum_le(frame + pcss, ip->off - pcss, 0), 0) +
           part(s_ip, (ip->off - pcss) & 1u) +
           part(s_seg, (seg - pcss) & 1u) +
           part(sum_le(frame + end, len - end, zeros), (end - pcss) & 1u);
    return 1;
}

uint16_t e1k_rx_checksum(uint32_t rxcsum, const uint8_t *frame,
                         uint32_t len, uint32_t l3_off, uint8_t *status,
                         uint8_t *errors, uint32_t zeros)
{
    uint32_t pcss = rxcsum & E1K_RXCSUM_PCSS_MASK;
    uint64_t pkt = 0;
    int have_pkt = 0;
    RxIp ip;

    if ((rxcsum & (E1K_RXCSUM_IPOFL | E1K_RXCSUM_TUOFL)) &&
        ip_parse(frame, len, l3_off, &ip)) {
        have_pkt = ip_offload(rxcsum, frame, len, &ip, pcss, zeros, status,
                              errors, &pkt);
    }
    if (!(*status & (E1K_RXD_STAT_IPCS | E1K_RXD_STAT_TCPCS |
                     E1K_RXD_STAT_UDPCS))) {
        *status |= E1K_RXD_STAT_IXSM;
    }
    if (pcss >= len) {
        return 0;
    }
    if (!have_pkt) {
        pkt = sum_le(frame + pcss, len - pcss, zeros);
    }
    /* packet checksum: the big-endian sum (SDM 3.2.3.1), not complemented */
    return (uint16_t)swap16(e1k_csum_fold16(pkt));
}
