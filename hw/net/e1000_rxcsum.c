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

/* TCP/UDP over IPv4: verify the L4 checksum if TUOFL (SDM 3.2.9).
 * @ip points at the IPv4 header of @ihl bytes, @tot is its total length
 * (already checked to lie inside the frame). */
static void l4_check(const uint8_t *ip, uint32_t ihl, uint32_t tot,
                     uint8_t *status, uint8_t *errors)
{
    uint32_t proto = ip[9];
    uint32_t l4len = tot - ihl;
    const uint8_t *l4 = ip + ihl;
    uint32_t sum;

    if ((e1k_ld_be16(ip + 6) & 0x3FFFu) != 0) {
        return; /* fragment (MF or offset): no L4 checksum */
    }
    if (proto == IPPROTO_TCP_ && l4len >= 20u) {
        *status |= E1K_RXD_STAT_TCPCS;
    } else if (proto == IPPROTO_UDP_ && l4len >= 8u) {
        *status |= E1K_RXD_STAT_UDPCS;
        if (e1k_ld_be16(l4 + 6) == 0) {
            return; /* UDP sender sent no checksum: nothing to verify */
        }
    } else {
        return;
    }
    /* Pseudo header: source, destination, zero+protocol, L4 length. */
    sum = e1k_csum_add(0, ip + 12, 8);
    sum += proto + l4len;
    sum = e1k_csum_add(sum, l4, l4len);
    if (e1k_csum_fold(sum) != 0) {
        *errors |= E1K_RXD_ERR_TCPE;
    }
}

uint16_t e1k_rx_checksum(uint32_t rxcsum, const uint8_t *frame,
                         uint32_t len, uint32_t l3_off, uint8_t *status,
                         uint8_t *errors)
{
    uint32_t pcss = rxcsum & E1K_RXCSUM_PCSS_MASK;
    uint16_t pkt = 0;

    if (pcss < len) {
        /* Unadjusted ones'-complement sum: fold without complement. */
        pkt = (uint16_t)~e1k_csum_fold(e1k_csum_add(0, frame + pcss,
                                                    len - pcss));
    }

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
                l4_check(ip, ihl, tot, status, errors);
            }
        }
    }
    if (!(*status & (E1K_RXD_STAT_IPCS | E1K_RXD_STAT_TCPCS |
                     E1K_RXD_STAT_UDPCS))) {
        *status |= E1K_RXD_STAT_IXSM;
    }
    return pkt;
}
