/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit packet buffer and wire of the e1klab device model.
 *
 * Packet buffer (PBA.TXA = 64 - RXA KB, latched at reset; SDM
 * 13.4.16): a FIFO of whole frames.  Each frame is charged a 16-byte
 * header plus its length with FCS rounded up to 16 bytes (model choice).
 * A frame's space is released when its last bit has left the wire.
 *
 * Wire ([IEEE-802.3], SDM 13.4.34 TIPG): a frame occupies the wire for 8
 * bytes of preamble/SFD plus the frame (plus 4 FCS bytes with CMD.IFCS), then
 * an inter-packet gap of max(12, TIPG.IPGT + 4) byte times (the MAC adds 4
 * clocks to IPGT; one MAC clock is one byte time: 8 ns at 1000 Mb/s, 80 ns at
 * 100, 800 ns at 10).  port.tx_frame is called when the last bit has left;
 * counters are updated then (SDM 13.7): TPT/TOT for every frame; GPTC, GOTC,
 * PTCxx, BPTC, MPTC only for frames of 64 bytes or more including FCS ("good"
 * transmit packets, SDM 13.7 GPTC).
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

#define FIFO_MASK (E1K_TX_FIFO_BYTES - 1u)

uint32_t e1k_txfifo_charge(uint32_t len)
{
    return E1K_TX_FIFO_HDR + ((len + E1K_ETH_FCS + 15u) & ~15u);
}

uint32_t e1k_txfifo_free(const E1kTxState *tx)
{
    return tx->fifo_cap > tx->fifo_used ? tx->fifo_cap - tx->fifo_used : 0;
}

uint32_t e1k_tx_ipg_bytes(uint32_t tipg)
{
    uint32_t ipg = (tipg & E1K_TIPG_IPGT_MASK) + 4u;
    return ipg > 12u ? ipg : 12u;
}

/** Bytes of a frame on the wire: frame + FCS if appended. */
static uint32_t wire_frame_bytes(uint32_t len, uint32_t flags)
{
    return len + ((flags & E1K_TXF_IFCS) ? E1K_ETH_FCS : 0u);
}

/** Start serialising the head frame (@len bytes, E1K_TXF_* @flags; the
 *  wire idle, the link up): its last bit leaves 8 bytes of preamble/SFD
 *  plus the frame after the inter-packet gap ends ([IEEE-802.3]). */
static void wire_start(E1kDev *s, uint32_t len, uint32_t flags)
{
    E1kTxState *tx = &s->tx;
    uint64_t start = tx->wire_free_ns > e1k_now(s) ? tx->wire_free_ns
                                                   : e1k_now(s);

    tx->wire_busy = 1;
    e1k_timer_set(s, E1K_TMR_TXWIRE,
                  start + (uint64_t)(8u + wire_frame_bytes(len, flags)) *
                          e1k_link_byte_ns(s));
}

int e1k_txfifo_push(E1kDev *s, const uint8_t *frame, uint32_t len,
                    uint32_t flags)
{
    E1kTxState *tx = &s->tx;
    uint32_t charge = e1k_txfifo_charge(len);
    uint32_t off, first;

    if (len > E1K_TX_BUF_BYTES || tx->fifo_used + charge > E1K_TX_FIFO_BYTES) {
        return -1;
    }
    off = (tx->fifo_head + tx->fifo_used) & FIFO_MASK;
    memset(tx->fifo + off, 0, E1K_TX_FIFO_HDR);
    e1k_st_le32(tx->fifo + off, len);
    e1k_st_le32(tx->fifo + off + 4, flags);
    off = (off + E1K_TX_FIFO_HDR) & FIFO_MASK;
    first = E1K_TX_FIFO_BYTES - off;
    if (first > len) {
        first = len;
    }
    memcpy(tx->fifo + off, frame, first);
    if (first < len) {
        memcpy(tx->fifo, frame + first, len - first); /* wrapped part */
    }
    tx->fifo_used += charge;
    tx->fifo_count++;
    e1k_txwire_kick(s);
    return 0;
}

/** Length and flags of the head frame. */
static void fifo_head_info(const E1kTxState *tx, uint32_t *len,
                           uint32_t *flags)
{
    *len = e1k_ld_le32(tx->fifo + tx->fifo_head);
    *flags = e1k_ld_le32(tx->fifo + tx->fifo_head + 4);
}

void e1k_txwire_kick(E1kDev *s)
{
    E1kTxState *tx = &s->tx;
    uint32_t len, flags;

    if (tx->wire_busy || tx->fifo_count == 0 || !e1k_tx_can_send(s)) {
        return;
    }
    fifo_head_info(tx, &len, &flags);
    wire_start(s, len, flags);
}

void e1k_txwire_abort(E1kDev *s)
{
    if (s->tx.wire_busy) {
        e1k_timer_cancel(s, E1K_TMR_TXWIRE);
        s->tx.wire_busy = 0;
    }
}

/** Statistics for one frame that left the wire (SDM 13.7). */
static void tx_count(E1kDev *s, const uint8_t *f, uint32_t len,
                     uint32_t flags)
{
    uint32_t n = wire_frame_bytes(len, flags);
    /* the I/G bit first: a unicast frame needs no address compare */
    bool group = len >= 6 && (f[0] & 1u);
    bool bcast = group && memcmp(f, "\xff\xff\xff\xff\xff\xff", 6) == 0;
    bool mcast = group && !bcast;

    e1k_stat_add(s, E1K_TPT, 1);
    e1k_stat_add64(s, E1K_TOTL, n);
    s->totals.tpt++;
    s->totals.tot += n;
    if (n < E1K_ETH_MIN_NOFCS + E1K_ETH_FCS) {
        return; /* runt: not a good packet */
    }
    e1k_stat_add(s, E1K_GPTC, 1);
    e1k_stat_add64(s, E1K_GOTCL, n);
    e1k_stat_size_bucket(s, E1K_PTC64, n);
    s->totals.gptc++;
    s->totals.gotc += n;
    if (bcast) {
        e1k_stat_add(s, E1K_BPTC, 1);
        s->totals.bptc++;
    } else if (mcast) {
        e1k_stat_add(s, E1K_MPTC, 1);
        s->totals.mptc++;
    }
}

/** Pointer to the head frame's @len bytes: in place when they do not
 *  wrap around the end of the inline storage (the common case: no
 *  copy), else gathered into @tmp (E1K_TX_BUF_BYTES). */
static const uint8_t *fifo_head_frame(E1kTxState *tx, uint32_t len,
                                      uint8_t *tmp)
{
    uint32_t off = (tx->fifo_head + E1K_TX_FIFO_HDR) & FIFO_MASK;
    uint32_t first = E1K_TX_FIFO_BYTES - off;

    if (first >= len) {
        return tx->fifo + off;
    }
    memcpy(tmp, tx->fifo + off, first);
    memcpy(tmp + first, tx->fifo, len - first);
    return tmp;
}

/** Release the head frame (@len bytes) from the packet buffer and start
 *  the inter-packet gap on the wire (SDM 13.4.34). */
static void fifo_pop(E1kDev *s, uint32_t len)
{
    E1kTxState *tx = &s->tx;
    uint32_t charge = e1k_txfifo_charge(len);

    tx->fifo_head = (tx->fifo_head + charge) & FIFO_MASK;
    tx->fifo_used -= charge;
    tx->fifo_count--;
    tx->wire_busy = 0;
    tx->wire_free_ns = e1k_now(s) +
        (uint64_t)e1k_tx_ipg_bytes(e1k_reg(s, E1K_TIPG)) *
            e1k_link_byte_ns(s);
}

/** PHY loopback: hold the frame that has just left the MAC for the
 *  PHY's delay (E1K_PHY_LOOP_NS), then give it to the receiver
 *  (E1K_TMR_LOOP).  The delay is shorter than the shortest frame's
 *  time on the wire, so one frame at most is in the loop; a frame still
 *  held (the loop's speed changed under it) is delivered first. */
static void loop_hold(E1kDev *s, const uint8_t *frame, uint32_t len)
{
    E1kTxState *tx = &s->tx;

    if (tx->loop_full) {
        e1k_timer_cancel(s, E1K_TMR_LOOP);
        e1k_txwire_loop_done(s);
    }
    memcpy(tx->loop, frame, len);
    tx->loop_len = len;
    tx->loop_full = 1;
    e1k_timer_set(s, E1K_TMR_LOOP, e1k_now(s) + E1K_PHY_LOOP_NS);
}

void e1k_txwire_loop_done(E1kDev *s)
{
    E1kTxState *tx = &s->tx;

    if (!tx->loop_full) {
        return;
    }
    tx->loop_full = 0;
    e1k_rx_loop_frame(s, tx->loop, tx->loop_len);
}

void e1k_txwire_done(E1kDev *s)
{
    E1kTxState *tx = &s->tx;
    const uint8_t *out;
    uint32_t len, flags;

    if (!tx->wire_busy || tx->fifo_count == 0) {
        tx->wire_busy = 0;
        return;
    }
    fifo_head_info(tx, &len, &flags);
    if (len > E1K_TX_BUF_BYTES) {
        len = E1K_TX_BUF_BYTES; /* cannot happen: validated on restore */
    }
    /* The frame stays in place until the next push, which happens only
     * after port.tx_frame returned (no re-entry), so popping first is
     * safe; the bytes are not overwritten before they are handed out. */
    out = fifo_head_frame(tx, len, s->tx_wrap);
    fifo_pop(s, len);

    tx_count(s, out, len, flags);
    if (__builtin_expect(s->looped != 0, 0)) {
        if (e1k_mac_looped(s)) {
            e1k_rx_loop_frame(s, out, len);
        } else {
            loop_hold(s, out, len);
        }
    } else if (s->port.tx_frame) {
        s->port.tx_frame(s->port.opaque, out, len);
    }
    /* Often the buffer is now empty and the engine not waiting: then
     * neither call has anything to do (their own first tests). */
    if (tx->fifo_count != 0) {
        e1k_txwire_kick(s);
    }
    if (tx->phase == E1K_TXP_FIFO_WAIT) {
        e1k_tx_resume(s);
    }
}
