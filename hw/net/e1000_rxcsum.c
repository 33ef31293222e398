/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive checksum functions of the device model: RXCSUM offload
 * (IPOFL/TUOFL, SDM 3.2.9 and the RXCSUM register; descriptor bits SDM
 * 3.2.3.1-3.2.3.2), the descriptor's 16-bit packet checksum
 * field (RXCSUM.PCSS).  The Ethernet FCS is in e1000_crc32.c.
 */
#include "e1000_bytes.h"
#include "e1000_core.h"

#define ETH_P_IPV4 0x0800u
#define IPPROTO_TCP_ 6u
#define IPPROTO_UDP_ 17u

/** How many of the last @zeros bytes of a frame of @len bytes lie in a
 *  part of it that ends at @end: the known zero bytes at that part's
 *  end. */
static uint32_t zeros_before(uint32_t zeros, uint32_t len, uint32_t end)
{
    return zeros > len - end ? zeros - (len - end) : 0;
}

/** The sum of the TCP/UDP segment, computed once for both the L4 check
 *  and the packet checksum when their regions overlap. */
typedef struct L4Sum {
    uint32_t off, len;   /**< segment at frame + off, len bytes */
    uint32_t sum;        /**< e1k_csum_add(0, segment), when have */
    bool have;
} L4Sum;

/* TCP/UDP over IPv4: verify the L4 checksum if TUOFL (SDM 3.2.9).
 * @ip points at the IPv4 header of @ihl bytes, @tot is its total length
 * (already checked to lie inside the frame), @ip_off its offset in the
 * frame; the segment's sum is left in @l4. */
static void l4_check(const uint8_t *ip, uint32_t ip_off, uint32_t ihl,
                     uint32_t tot, uint8_t *status, uint8_t *errors,
                     L4Sum *l4, uint32_t seg_zeros)
{
    uint32_t proto = ip[9];
    uint32_t l4len = tot - ihl;
    const uint8_t *seg = ip + ihl;
    uint32_t sum;

    if ((e1k_ld_be16(ip + 6) & 0x3FFFu) != 0) {
        return; /* fragment (MF or offset): no L4 checksum */
    }
    if (proto == IPPROTO_TCP_ && l4len >= 20u) {
        *status |= E1K_RXD_STAT_TCPCS;
    } else if (proto == IPPROTO_UDP_ && l4len >= 8u) {
        *status |= E1K_RXD_STAT_UDPCS;
        if (e1k_ld_be16(seg + 6) == 0) {
            return; /* UDP sender sent no checksum: nothing to verify */
        }
    } else {
        return;
    }
    l4->off = ip_off + ihl;
    l4->len = l4len;
    l4->sum = e1k_csum_add_zt(0, seg, l4len, seg_zeros);
    l4->have = true;
    /* Pseudo header: source, destination, zero+protocol, L4 length. */
    sum = e1k_csum_add(0, ip + 12, 8);
    sum += proto + l4len + l4->sum;
    if (e1k_csum_fold(sum) != 0) {
        *errors |= E1K_RXD_ERR_TCPE;
    }
}

/** The 16-bit sum (folded, not complemented) of a part that starts @odd
 *  (0 or 1) bytes off the word grid of the sum it joins: its bytes swap
 *  places, RFC 1071 2(B) (congruent to 256 x the sum modulo 0xFFFF). */
static uint32_t csum_part(uint32_t sum, uint32_t odd)
{
    uint32_t f = (uint16_t)~e1k_csum_fold(sum);
    return odd ? ((f << 8) | (f >> 8)) & 0xFFFFu : f;
}

/** Packet checksum (RXCSUM.PCSS, SDM 3.2.3.1): the unadjusted sum of
 *  bytes @pcss..@len-1, reusing the segment's sum @l4 when it lies
 *  inside: the sum of the parts before, of and after the segment, each
 *  at its own byte parity (identical to one pass over the bytes).  The
 *  last @zeros bytes are zero. */
static uint16_t packet_sum(const uint8_t *frame, uint32_t len, uint32_t pcss,
                           const L4Sum *l4, uint32_t zeros)
{
    uint32_t a, b, sum;

    /* the segment ends inside the frame (l3_off + tot <= len) */
    if (!l4->have || l4->off < pcss) {
        return (uint16_t)~e1k_csum_fold(e1k_csum_add_zt(0, frame + pcss,
                                                        len - pcss, zeros));
    }
    a = l4->off;
    b = a + l4->len;
    sum = csum_part(e1k_csum_add(0, frame + pcss, a - pcss), 0) +
          csum_part(l4->sum, (a - pcss) & 1u) +
          csum_part(e1k_csum_add_zt(0, frame + b, len - b, zeros),
                    (b - pcss) & 1u);
    return (uint16_t)~e1k_csum_fold(sum);
}

uint16_t e1k_rx_checksum(uint32_t rxcsum, const uint8_t *frame,
                         uint32_t len, uint32_t l3_off, uint8_t *status,
                         uint8_t *errors, uint32_t zeros)
{
    uint32_t pcss = rxcsum & E1K_RXCSUM_PCSS_MASK;
    L4Sum l4 = { 0, 0, 0, false };

    if ((rxcsum & (E1K_RXCSUM_IPOFL | E1K_RXCSUM_TUOFL)) &&
        l3_off >= 14u && len >= l3_off + 20u &&
        e1k_ld_be16(frame + l3_off - 2) == ETH_P_IPV4 &&
        (frame[l3_off] >> 4) == 4u) {
        const uint8_t *ip = frame + l3_off;
        uint32_t ihl = (ip[0] & 0xFu) * 4u;
        uint32_t tot = e1k_ld_be16(ip + 2);
        if (ihl >= 20u && tot >= ihl && l3_off + ihl <= len &&
            l3_off + tot <= len) {
            if (rxcsum & E1K_RXCSUM_IPOFL) {
                *status |= E1K_RXD_STAT_IPCS;
                if (e1k_csum_fold(e1k_csum_add(0, ip, ihl)) != 0) {
                    *errors |= E1K_RXD_ERR_IPE;
                }
            }
            if (rxcsum & E1K_RXCSUM_TUOFL) {
                l4_check(ip, l3_off, ihl, tot, status, errors, &l4,
                         zeros_before(zeros, len, l3_off + tot));
            }
        }
    }
    if (!(*status & (E1K_RXD_STAT_IPCS | E1K_RXD_STAT_TCPCS |
                     E1K_RXD_STAT_UDPCS))) {
        *status |= E1K_RXD_STAT_IXSM;
    }
    return pcss < len ? packet_sum(frame, len, pcss, &l4, zeros) : 0;
}
