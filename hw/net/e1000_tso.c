/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP/UDP segmentation (TSE) of the e1klab device model (SDM 3.5-3.6
 * "TCP segmentation"; context fields SDM 3.3.6); the per-segment header
 * rewrite is the family's (common/nic_tso.c).
 *
 * The first HDRLEN bytes of a TSE chain are the prototype header; the
 * following PAYLEN bytes are cut into MSS-byte segments, each sent as
 * header + payload as soon as it is complete (segments stream into the
 * packet buffer like on hardware).  Per segment:
 *   IPv4 (TUCMD.IP=1): total length = HDRLEN - IPCSS + payload,
 *                      identification = original + segment number,
 *                      header checksum (POPTS.IXSM) over IPCSS..IPCSE;
 *   IPv6 (TUCMD.IP=0): payload length = HDRLEN - IPCSS - 40 + payload;
 *   TCP (TUCMD.TCP=1): sequence = original + payload bytes sent before,
 *                      FIN and PSH cleared except in the last segment;
 *   UDP (TUCMD.TCP=0): length = HDRLEN - TUCSS + payload;
 *   TCP/UDP checksum (POPTS.TXSM) over TUCSS..end of segment plus the
 *   segment's L4 length: the driver seeds the field with the
 *   pseudo-header sum without length (Linux e1000_tso); UDP 0 -> 0xFFFF.
 * The IP checksum field is summed as found (the driver leaves 0).
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"
#include "nic_tso.h"

int e1k_tso_check(const E1kTxState *tx)
{
    const E1kTxContext *c = &tx->ctx;
    bool ipv4 = (c->tucmd & E1K_TXC_TUCMD_IP) != 0;
    bool tcp = (c->tucmd & E1K_TXC_TUCMD_TCP) != 0;

    if (c->mss == 0 || c->paylen == 0 || c->hdrlen == 0 ||
        c->hdrlen + c->mss > E1K_TX_FRAME_MAX) {
        return -1;
    }
    if (c->ipcss + (ipv4 ? 20u : 40u) > c->hdrlen ||
        c->tucss + (tcp ? 20u : 8u) > c->hdrlen) {
        return -1; /* header fields to rewrite lie outside HDRLEN */
    }
    if (((tx->popts & E1K_TXD_POPTS_IXSM) && c->ipcso + 2u > c->hdrlen) ||
        ((tx->popts & E1K_TXD_POPTS_TXSM) && c->tucso + 2u > c->hdrlen)) {
        return -1;
    }
    return 0;
}

uint32_t e1k_tso_dest(const E1kTxState *tx)
{
    return tx->hdr_have < tx->ctx.hdrlen ? tx->hdr_have
                                          : tx->ctx.hdrlen + tx->seg_pay;
}

uint32_t e1k_tso_want(const E1kTxState *tx)
{
    uint32_t left, room;

    if (tx->tso_done) {
        return 0;
    }
    left = tx->ctx.paylen - tx->pay_sent - tx->seg_pay;
    room = tx->ctx.mss - tx->seg_pay;
    return (tx->ctx.hdrlen - tx->hdr_have) + (room < left ? room : left);
}

uint32_t e1k_tso_seg_need(const E1kTxState *tx)
{
    uint32_t left = tx->ctx.paylen - tx->pay_sent;
    uint32_t len = tx->ctx.hdrlen + (tx->ctx.mss < left ? tx->ctx.mss : left)
                   + 4u;
    return e1k_txfifo_charge(len < E1K_ETH_MIN_NOFCS ? E1K_ETH_MIN_NOFCS
                                                     : len);
}

/** Rewrite the header of the segment in tx->frame (the family's
 *  common rewrite, nic_tso_segment, with the context's offsets) and send
 *  it. */
static void tso_emit(E1kDev *s, bool last)
{
    E1kTxState *tx = &s->tx;
    const E1kTxContext *c = &tx->ctx;
    uint8_t *f = tx->frame;
    uint32_t seglen = c->hdrlen + tx->seg_pay;
    const NicTsoHdr h = {
        .ipcss = c->ipcss, .ipcso = c->ipcso, .ipcse = c->ipcse,
        .tucss = c->tucss, .tucso = c->tucso,
        .ipv4 = (c->tucmd & E1K_TXC_TUCMD_IP) != 0,
        .tcp = (c->tucmd & E1K_TXC_TUCMD_TCP) != 0,
        .ixsm = (tx->popts & E1K_TXD_POPTS_IXSM) != 0,
        .txsm = (tx->popts & E1K_TXD_POPTS_TXSM) != 0,
    };

    nic_tso_segment(f, seglen, tx->hdr, &h, tx->seg_count, tx->pay_sent,
                    last);
    e1k_txd_emit(s, seglen, tx->first_cmd, tx->first_special, E1K_TXF_TSO);

    tx->pay_sent += tx->seg_pay;
    tx->seg_pay = 0;
    tx->seg_count++;
    if (last) {
        tx->tso_done = 1;
    }
    /* The next segment starts from the unmodified prototype header. */
    memcpy(f, tx->hdr, c->hdrlen);
}

void e1k_tso_data(E1kDev *s, uint32_t n)
{
    E1kTxState *tx = &s->tx;
    uint32_t hneed = tx->ctx.hdrlen - tx->hdr_have;
    uint32_t hn = n < hneed ? n : hneed;

    if (hn > 0) {
        tx->hdr_have += hn;
        if (tx->hdr_have == tx->ctx.hdrlen) {
            memcpy(tx->hdr, tx->frame, tx->ctx.hdrlen);
        }
    }
    tx->seg_pay += n - hn;
    if (tx->hdr_have < tx->ctx.hdrlen || tx->seg_pay == 0) {
        return;
    }
    if (tx->pay_sent + tx->seg_pay >= tx->ctx.paylen) {
        tso_emit(s, true);
    } else if (tx->seg_pay >= tx->ctx.mss) {
        tso_emit(s, false);
    }
}

int e1k_tso_eop(const E1kTxState *tx)
{
    return tx->tso_done ? 0 : -1;
}
