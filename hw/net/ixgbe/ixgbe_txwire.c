/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit packet buffer and the wire of the 82598 model: the family's
 * transmit FIFO (common/nic_txfifo.c; capacity TXPBSIZE[0] latched at
 * reset) and 10GBASE serialisation ([IEEE-802.3] clause 46, 48): a
 * frame occupies the wire for 8 bytes of preamble and SFD, its bytes
 * and, with IFCS, its 4-byte FCS, then a 12-byte gap: 84 byte times of
 * 0.8 ns for a 64-byte frame, kept in ps (nic_eth.h) so a stream runs at
 * exactly 14,880,952 frames/s.  The speed is LINKS' (10 Gb/s, 1 Gb/s in
 * the 1G link modes).  port.tx_frame is called when the last bit has
 * left, counters are updated then (datasheet 4.4.3.9): TPT for every
 * frame; GPTC, GOTC, PTCxx, BPTC, MPTC for frames of 64 bytes or more
 * with FCS.
 *
 * MAC loopback (HLREG0.LPBK, what the self-test's loopback test sets):
 * a frame that leaves the MAC is received by it instead of going to the
 * wire.  With the Atlas transmit lanes powered down (analog register
 * 0x24 bit 4) frames are serialised but reach no link partner.
 */
#include "ixgbe_core.h"
#include "nic_bytes.h"

/** Analog register and bit that power down the transmit lanes (Linux's
 *  IXGBE_ATLAS_PDN_LPBK, IXGBE_ATLAS_PDN_TX_REG_EN). */
#define ATLAS_PDN_LPBK 0x24u
#define ATLAS_PDN_TX_REG_EN 0x10u

uint32_t ixg_txwire_room(const IxgDev *s)
{
    uint32_t used = s->tx.fifo.used + s->tx.reserved;
    return s->tx.fifo.cap > used ? s->tx.fifo.cap - used : 0;
}

int ixg_txwire_push(IxgDev *s, const uint8_t *frame, uint32_t len,
                    uint32_t ifcs)
{
    if (nic_txfifo_push(&s->tx.fifo, s->tx.data, frame, len, ifcs) != 0) {
        s->totals.tx_frames_dropped++;
        return -1;
    }
    ixg_txwire_kick(s);
    return 0;
}

void ixg_txwire_kick(IxgDev *s)
{
    IxgTxState *tx = &s->tx;
    uint32_t len, ifcs;
    NicWireClock start;

    if (tx->wire_busy || tx->fifo.count == 0 || !ixg_link_up(s)) {
        return;
    }
    nic_txfifo_head(&tx->fifo, tx->data, &len, &ifcs);
    start = nic_wire_max(tx->wire_free, s->now_ns);
    tx->wire_end = nic_wire_add(start, NIC_ETH_PREAMBLE + len +
                                (ifcs ? NIC_ETH_FCS : 0u), s->wire_byte_ps);
    tx->wire_busy = 1;
    ixg_timer_set(s, IXG_TMR_TXWIRE, nic_wire_ceil_ns(tx->wire_end));
}

void ixg_txwire_abort(IxgDev *s)
{
    if (s->tx.wire_busy) {
        ixg_timer_cancel(s, IXG_TMR_TXWIRE);
        s->tx.wire_busy = 0;   /* sent again whole after link up */
    }
}

/** Statistics of one frame that left the wire (4.4.3.9). */
static void tx_count(IxgDev *s, const uint8_t *f, uint32_t len,
                     uint32_t ifcs)
{
    uint32_t n = len + (ifcs ? NIC_ETH_FCS : 0u);
    bool group = len >= 6 && (f[0] & 1u);
    bool bcast = group && nic_ld_le32(f) == 0xFFFFFFFFu &&
                 nic_ld_le16(f + 4) == 0xFFFFu;

    s->totals.tpt++;
    s->totals.tot += n;
    if (n < NIC_ETH_MIN_NOFCS + NIC_ETH_FCS) {
        return;
    }
    ixg_stat_size(s->ptc, n);
    s->totals.gptc++;
    s->totals.gotc += n;
    if (bcast) {
        s->totals.bptc++;
    } else if (group) {
        s->totals.mptc++;
    }
}

void ixg_txwire_done(IxgDev *s)
{
    static const NicRxKnown nothing = { UINT32_MAX, NULL, NULL };
    IxgTxState *tx = &s->tx;
    const uint8_t *out;
    uint32_t len, ifcs;

    if (!tx->wire_busy || tx->fifo.count == 0) {
        tx->wire_busy = 0;
        return;
    }
    nic_txfifo_head(&tx->fifo, tx->data, &len, &ifcs);
    if (len > IXG_MAX_FRAME + 64u) {
        len = IXG_MAX_FRAME + 64u;   /* cannot happen: checked on restore */
    }
    /* the bytes stay in place until the next push, which comes after the
     * callbacks below return: popping first is safe */
    out = nic_txfifo_head_frame(&tx->fifo, tx->data, len, s->tx_wrap);
    nic_txfifo_pop(&tx->fifo, len);
    tx->wire_busy = 0;
    tx->wire_free = nic_wire_add(tx->wire_end, NIC_ETH_IPG, s->wire_byte_ps);
    tx_count(s, out, len, ifcs);
    if (ixg_reg(s, IXG_HLREG0) & IXG_HLREG0_LPBK) {
        ixg_rx_frame(s, out, len, &nothing);
    } else if (!(s->analog[ATLAS_PDN_LPBK] & ATLAS_PDN_TX_REG_EN) &&
               s->port.tx_frame) {
        s->port.tx_frame(s->port.opaque, out, len);
    }
    ixg_txwire_kick(s);
    ixg_tx_kick(s);
}
