/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit offload contexts (Linux e1000_tso, e1000_tx_csum): the TCP/IP
 * context descriptor (SDM 3.3.6) in front of a frame whose checksum the
 * stack left to the NIC (CHECKSUM_PARTIAL, SDM 3.3.5 "checksum offload")
 * or that is to be cut into MSS-sized segments (TSO, SDM 3.5 "TCP
 * segmentation").  The frame's data descriptors are then extended ones
 * (DEXT, DTYP data) carrying POPTS, and TSE for TSO.
 *
 * For TSO the prototype header is prepared as Linux e1000_tso does: the
 * IPv4 total length and header checksum zeroed (the NIC writes both per
 * segment), the TCP checksum seeded with the pseudo-header sum without
 * the length (the NIC adds each segment's).  A CHECKSUM_PARTIAL frame
 * arrives seeded by the stack (pseudo-header with length).  IPv4 and TCP
 * only: a frame that asks for anything else is not offloaded.
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_drv_internal.h"

#define ETH_HLEN 14u
#define ETH_P_IP 0x0800u
#define IP_CSUM_OFF 10u
#define TCP_CSUM_OFF 16u
#define IPPROTO_TCP 6u

/* The context descriptor's fields (SDM 3.3.6 table 3-9). */
struct txctx {
    uint8_t ipcss, ipcso, tucss, tucso, tucmd, hdrlen;
    uint16_t ipcse, tucse, mss;
    uint32_t paylen;
};

/* The TCP pseudo-header sum without the length, folded: source and
 * destination address and the protocol of the IPv4 header at @ip
 * (~csum_tcpudp_magic(saddr, daddr, 0, IPPROTO_TCP, 0)). */
static uint16_t pseudo_seed(const uint8_t *ip)
{
    uint32_t s = IPPROTO_TCP;

    for (int i = 12; i < 20; i += 2) {
        s += e1k_ld_be16(ip + i);
    }
    while (s >> 16) {
        s = (s & 0xFFFFu) + (s >> 16);
    }
    return (uint16_t)s;
}

/* Write @c as a context descriptor at next_to_use and advance it; its
 * buffer_info slot owns nothing. */
static void put_ctx(struct e1k_adapter *a, const struct txctx *c)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    uint32_t i = t->next_to_use;
    uint8_t *d = t->desc + (size_t)i * E1K_DESC_SIZE;
    uint32_t dw2 = c->paylen & E1K_TXD_LEN_MASK; /* DTYP 0: context */

    d[0] = c->ipcss;
    d[1] = c->ipcso;
    e1k_put_le16(d + 2, c->ipcse);
    d[4] = c->tucss;
    d[5] = c->tucso;
    e1k_put_le16(d + 6, c->tucse);
    d[8] = (uint8_t)dw2;
    d[9] = (uint8_t)(dw2 >> 8);
    d[10] = (uint8_t)(dw2 >> 16);
    d[11] = c->tucmd;
    d[12] = 0;
    d[13] = c->hdrlen;
    e1k_put_le16(d + 14, c->mss);
    memset(&t->buffer_info[i], 0, sizeof(t->buffer_info[i]));
    t->next_to_use = i + 1 == t->count ? 0 : i + 1;
}

/* e1000_tso: the context of a TSO frame (@data: its linear part of
 * @headlen bytes, @len in all); the header edits.  0, or -1 if the
 * frame is not IPv4/TCP with its headers in the linear part. */
static int tso_ctx(uint8_t *data, uint32_t headlen, uint32_t len,
                   uint32_t start, uint32_t mss, struct txctx *c,
                   struct e1k_tx_off *o)
{
    uint8_t *ip = data + ETH_HLEN;
    uint32_t hdrlen;

    if (start + 20u > headlen || e1k_ld_be16(data + 12) != ETH_P_IP ||
        ip[9] != IPPROTO_TCP || start != ETH_HLEN + (ip[0] & 15u) * 4u) {
        return -1;
    }
    hdrlen = start + (uint32_t)(data[start + 12] >> 4) * 4u;
    if (hdrlen > headlen || hdrlen > 255u || len <= hdrlen) {
        return -1;
    }
    e1k_st_be16(ip + 2, 0);
    e1k_st_be16(ip + IP_CSUM_OFF, 0);
    e1k_st_be16(data + start + TCP_CSUM_OFF, pseudo_seed(ip));
    c->ipcss = ETH_HLEN;
    c->ipcso = ETH_HLEN + IP_CSUM_OFF;
    c->ipcse = (uint16_t)(start - 1u);
    c->tucss = (uint8_t)start;
    c->tucso = (uint8_t)(start + TCP_CSUM_OFF);
    c->tucse = 0;
    c->mss = (uint16_t)mss;
    c->hdrlen = (uint8_t)hdrlen;
    c->paylen = len - hdrlen;
    c->tucmd = E1K_TXC_TUCMD_DEXT | E1K_TXC_TUCMD_TSE | E1K_TXC_TUCMD_IP |
               E1K_TXC_TUCMD_TCP;
    o->tse = true;
    o->popts = E1K_TXD_POPTS_IXSM | E1K_TXD_POPTS_TXSM;
    o->hdrlen = hdrlen;
    o->segs = (c->paylen + mss - 1u) / mss;
    return 0;
}

int e1k_tx_ctx(struct e1k_adapter *a, struct e1k_skb *skb,
               const struct e1k_tx_csum *csum, struct e1k_tx_off *o)
{
    uint32_t start, off, mss = e1k_os_skb_gso_size(skb);
    uint32_t len;
    struct txctx c;

    memset(o, 0, sizeof(*o));
    o->segs = 1;
    if (!csum) {
        return mss ? -1 : 0; /* TSO without the checksum: not possible */
    }
    start = csum->start;
    off = csum->offset;
    len = e1k_os_skb_len(skb);
    if (!a->params.XsumTX || (mss && !a->params.TSO) || start > 255u ||
        start + off + 2u > 255u) {
        return -1; /* an offload the driver did not offer */
    }
    memset(&c, 0, sizeof(c));
    if (mss) {
        if (tso_ctx(e1k_os_skb_data(skb), e1k_os_skb_headlen(skb), len,
                    start, mss, &c, o) < 0) {
            return -1;
        }
    } else {
        /* e1000_tx_csum: TCP/UDP checksum from TUCSS to the end */
        c.tucss = (uint8_t)start;
        c.tucso = (uint8_t)(start + off);
        c.tucmd = E1K_TXC_TUCMD_DEXT |
                  (off == TCP_CSUM_OFF ? E1K_TXC_TUCMD_TCP : 0u);
        o->popts = E1K_TXD_POPTS_TXSM;
    }
    o->ext = true;
    put_ctx(a, &c);
    return 1;
}
