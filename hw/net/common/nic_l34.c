/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Layer 3/4 parsing and checksum verification of the common layer
 * (nic_l34.h).  Sums are taken with nic_csum_le (little-endian 64-bit
 * words, folded once): the ones'-complement sum does not depend on word
 * size or byte order ([RFC1071] 2(B), 2(C)), so a big-endian field is
 * added byte-swapped.
 */
#include "nic_bytes.h"
#include "nic_csum.h"
#include "nic_eth.h"
#include "nic_l34.h"

/* IPv6 extension header numbers walked over ([RFC8200] 4). */
#define IP6_HOPOPTS 0u
#define IP6_ROUTING 43u
#define IP6_FRAGMENT 44u
#define IP6_DSTOPTS 60u
/** Most extension headers walked before giving up on L4. */
#define IP6_MAX_EXT 8u

/* IPv4 half of nic_l34_parse. */
static int parse_ip4(const uint8_t *h, uint32_t len, uint32_t l3_off,
                     NicL34 *p)
{
    uint32_t ihl = (h[0] & 0xFu) * 4u, tot = nic_ld_be16(h + 2);

    if (ihl < 20u || tot < ihl || l3_off + tot > len) {
        return 0;
    }
    p->ipv4 = 1;
    p->ip6_ext = 0;
    p->l3_hlen = ihl;
    p->l3_end = l3_off + tot;
    p->proto = h[9];
    p->frag = (nic_ld_be16(h + 6) & 0x3FFFu) != 0; /* MF or offset */
    p->l4_off = l3_off + ihl;
    return 1;
}

/* IPv6 half of nic_l34_parse: walks the extension headers. */
static int parse_ip6(const uint8_t *f, uint32_t len, uint32_t l3_off,
                     NicL34 *p)
{
    uint32_t end = l3_off + 40u + nic_ld_be16(f + l3_off + 4);
    uint32_t next = f[l3_off + 6], off = l3_off + 40u;

    if (end > len) {
        return 0;
    }
    p->ipv4 = 0;
    p->ip6_ext = 0;
    p->frag = 0;
    p->l3_end = end;
    for (uint32_t i = 0; i < IP6_MAX_EXT; i++) {
        if (next != IP6_HOPOPTS && next != IP6_ROUTING &&
            next != IP6_FRAGMENT && next != IP6_DSTOPTS) {
            break;
        }
        if (off + 8u > end) {
            return 0;
        }
        p->ip6_ext = 1;
        if (next == IP6_FRAGMENT) {
            p->frag = 1;
            next = f[off];
            off += 8u;
        } else {
            uint32_t hl = 8u + 8u * f[off + 1];
            next = f[off];
            off += hl;
        }
    }
    p->proto = (uint8_t)next;
    p->l3_hlen = off - l3_off;
    p->l4_off = off;
    return off <= end;
}

int nic_l34_parse(const uint8_t *f, uint32_t len, uint32_t l3_off,
                  NicL34 *p)
{
    uint32_t type, need;
    int ok;

    if (l3_off < NIC_ETH_HLEN || l3_off + 20u > len) {
        return 0;
    }
    type = nic_ld_be16(f + l3_off - 2);
    p->l3_off = l3_off;
    if (type == NIC_ETH_P_IPV4 && (f[l3_off] >> 4) == 4u) {
        ok = parse_ip4(f + l3_off, len, l3_off, p);
    } else if (type == NIC_ETH_P_IPV6 && (f[l3_off] >> 4) == 6u &&
               l3_off + 40u <= len) {
        ok = parse_ip6(f, len, l3_off, p);
    } else {
        return 0;
    }
    if (!ok) {
        return 0;
    }
    /* an L4 header the checksum and hash can use: TCP or UDP, whole,
     * not a fragment */
    need = p->proto == NIC_IPPROTO_TCP ? 20u
         : p->proto == NIC_IPPROTO_UDP ? 8u : 0u;
    if (!need || p->frag || p->l4_off + need > p->l3_end) {
        p->l4_off = 0;
    }
    return 1;
}

int nic_ip4_hdr_ok(const uint8_t *f, const NicL34 *p)
{
    const uint8_t *h = f + p->l3_off;
    uint64_t sum;

    if (p->l3_hlen != 20u) {
        return nic_csum_fold16(nic_csum_le(h, p->l3_hlen)) == 0xFFFFu;
    }
    /* the usual 20-byte header: five little-endian words summed at once
     * (the same ones'-complement sum, [RFC1071] 2) */
    sum = (uint64_t)nic_ld_le32(h) + nic_ld_le32(h + 4) +
          nic_ld_le32(h + 8) + nic_ld_le32(h + 12) + nic_ld_le32(h + 16);
    return nic_csum_fold16(sum) == 0xFFFFu;
}

/** A 16-bit value with its bytes swapped (times 256 modulo 0xFFFF). */
static uint32_t swap16(uint32_t v)
{
    return ((v & 0xFFu) << 8) | (v >> 8);
}

int nic_l4_csum_ok(const uint8_t *f, uint32_t len, const NicL34 *p,
                   uint32_t zeros)
{
    uint32_t l4len = p->l3_end - p->l4_off;
    uint32_t after = len - p->l3_end;   /* bytes behind the datagram */
    uint32_t seg_zeros = zeros > after ? zeros - after : 0;
    const uint8_t *h = f + p->l3_off;
    uint64_t sum;

    if (seg_zeros > l4len) {
        seg_zeros = l4len;
    }
    sum = nic_csum_le(f + p->l4_off, l4len - seg_zeros);
    if (p->ipv4) {
        sum += nic_ld_le32(h + 12) + nic_ld_le32(h + 16);
    } else {
        sum += nic_csum_le(h + 8, 32);   /* source and destination */
    }
    /* zero + protocol, L4 length (both big-endian 16-bit words) */
    sum += swap16(p->proto) + swap16(l4len & 0xFFFFu) + swap16(l4len >> 16);
    return nic_csum_fold16(sum) == 0xFFFFu;
}
