/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit descriptor engine of the e1klab device model: register hooks,
 * one bus transaction per step (descriptor fetch, data fetch, DD
 * write-back) paced by E1K_TMR_TXDMA, TDH advance, and the transmit
 * interrupts TXDW (immediate, TIDV, TADV), TXQE and TXD_LOW.
 *
 * Ring (SDM 3.4, 13.4.36-40): hardware owns TDH..TDT-1.
 * TDBAL/TDBAH/TDLEN are read at every use, never cached, whatever order
 * software writes them in.
 * A ring with TDLEN=0, or TDH or TDT beyond its last descriptor, is not
 * processed at all (no DMA) until software writes valid values.
 * Interrupts (SDM 3.3.3.1, 3.4.3, 13.4.41, 13.4.44).
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

/** Number of descriptors in the ring (TDLEN bits 19:7 / 16). */
static uint32_t tx_ring_count(const E1kDev *s)
{
    return (e1k_reg(s, E1K_TDLEN) & E1K_xDLEN_MASK) / E1K_DESC_SIZE;
}

/** Bus address of descriptor @idx from the current TDBAL/TDBAH. */
static uint64_t tx_desc_addr(const E1kDev *s, uint32_t idx)
{
    uint64_t base = ((uint64_t)e1k_reg(s, E1K_TDBAH) << 32) |
                    (e1k_reg(s, E1K_TDBAL) & ~0xFu);
    return base + (uint64_t)idx * E1K_DESC_SIZE;
}

/** Arm the next engine step to complete at @when_ns in @phase. */
static void tx_arm(E1kDev *s, uint32_t phase, uint64_t when_ns)
{
    s->tx.phase = phase;
    e1k_timer_set(s, E1K_TMR_TXDMA, when_ns);
}

/**
 * Start the fetch of descriptor @h (TDH, inside the ring of @n
 * descriptors) if the engine may run (TCTL.EN, link up, TDT inside the
 * ring, no injected stall: e1k_fault_stall) and TDH != TDT.  When the ring is found empty after work, TXQE
 * is raised (SDM 3.4.3).
 */
static void tx_fetch_at(E1kDev *s, uint32_t n, uint32_t h)
{
    uint32_t t = e1k_reg(s, E1K_TDT) & 0xFFFFu;

    if (!(e1k_reg(s, E1K_TCTL) & E1K_TCTL_EN) || !e1k_tx_can_send(s) ||
        t >= n || (s->fault_stall & E1K_FAULT_TX)) {
        return;
    }
    if (h == t) {
        if (s->tx.active) {
            s->tx.active = 0;
            e1k_set_cause(s, E1K_ICR_TXQE);
        }
        return;
    }
    s->tx.desc_idx = h;
    tx_arm(s, E1K_TXP_DESC, e1k_bus_reserve(s, E1K_DESC_SIZE));
}

/** Start the next descriptor fetch if the engine is idle, the ring
 *  valid (TDLEN > 0, TDH inside it) and it has work (tx_fetch_at). */
static void tx_start(E1kDev *s)
{
    uint32_t n = tx_ring_count(s);
    uint32_t h = e1k_reg(s, E1K_TDH) & 0xFFFFu;

    if (s->tx.phase == E1K_TXP_IDLE && h < n) {
        tx_fetch_at(s, n, h);
    }
}

/** Interrupt handling of a written-back RS descriptor (SDM 3.3.3.1). */
static void tx_wb_interrupt(E1kDev *s, uint32_t cmd)
{
    uint32_t tidv = e1k_reg(s, E1K_TIDV) & 0xFFFFu;
    uint32_t tadv = e1k_reg(s, E1K_TADV) & 0xFFFFu;

    if (!(cmd & E1K_TXD_CMD_IDE) || tidv == 0) {
        /* Immediate: TXDW now; the delay timer is cleared and an
         * immediate interrupt halts TADV.  TIDV=0 ("not allowed") is
         * treated as no delay. */
        e1k_timer_cancel(s, E1K_TMR_TIDV);
        e1k_timer_cancel(s, E1K_TMR_TADV);
        e1k_set_cause(s, E1K_ICR_TXDW);
        return;
    }
    e1k_timer_set(s, E1K_TMR_TIDV,
                  e1k_now(s) + (uint64_t)tidv * E1K_DELAY_UNIT_NS);
    if (tadv != 0 && !e1k_timer_armed(s, E1K_TMR_TADV)) {
        e1k_timer_set(s, E1K_TMR_TADV,
                      e1k_now(s) + (uint64_t)tadv * E1K_DELAY_UNIT_NS);
    }
}

/** The current descriptor is done: advance TDH in the ring of @n
 *  descriptors (TDLEN as read by the caller), TXD_LOW, next step. */
static void tx_advance(E1kDev *s, uint32_t n)
{
    uint32_t lw = (e1k_reg(s, E1K_TXDCTL) >> E1K_TXDCTL_LWTHRESH_SHIFT) &
                  0x7Fu;
    uint32_t h;

    s->tx.phase = E1K_TXP_IDLE;
    if (s->tx.desc_idx >= n) {
        s->tx.active = 1;
        tx_start(s); /* the ring shrank under the engine: TDH as it is */
        return;
    }
    /* desc_idx < n: the next index wraps by one compare */
    h = s->tx.desc_idx + 1 == n ? 0 : s->tx.desc_idx + 1;
    e1k_reg_set(s, E1K_TDH, h);
    /* TXD_LOW: pending descriptors dropped to 8 * LWTHRESH
     * (SDM 13.4.42 p317). */
    if (lw != 0) {
        uint32_t t = e1k_reg(s, E1K_TDT) & 0xFFFFu;
        if (t < n && (t + n - h) % n == 8u * lw) {
            e1k_set_cause(s, E1K_ICR_TXD_LOW);
        }
    }
    /* work was done (TXQE when the ring is found empty now); set just
     * before the fetch, which then tests a value known here */
    s->tx.active = 1;
    tx_fetch_at(s, n, h); /* h < n: the ring is valid as far as TDH */
}

/** Descriptor finished: frame end processing, then DD write-back (RS)
 *  or TDH advance. */
static void tx_desc_finish(E1kDev *s)
{
    e1k_txd_end(s);
    if (s->tx.desc_wb) {
        /* Write-back of dword 3 (STA), 4 bytes on the bus. */
        tx_arm(s, E1K_TXP_WB, e1k_bus_reserve(s, 4));
        return;
    }
    tx_advance(s, tx_ring_count(s));
}

/** Fetch the next chunk of the current buffer, wait for packet-buffer
 *  space, or finish the descriptor. */
static void tx_continue(E1kDev *s)
{
    uint32_t need = 0;

    if (e1k_txd_next_chunk(s, &need) == E1K_TXS_FETCH) {
        /* Back-pressure: data is fetched only when the packet buffer
         * can take the frame it completes; an empty buffer always
         * accepts (a frame larger than TXA streams through). */
        if (need > e1k_txfifo_free(&s->tx) && s->tx.fifo_used > 0) {
            s->tx.phase = E1K_TXP_FIFO_WAIT;
            return;
        }
        tx_arm(s, E1K_TXP_DATA, e1k_bus_reserve_data(s, s->tx.chunk));
        return;
    }
    tx_desc_finish(s);
}

void e1k_tx_resume(E1kDev *s)
{
    if (s->tx.phase == E1K_TXP_FIFO_WAIT) {
        s->tx.phase = E1K_TXP_IDLE;
        tx_continue(s);
    }
}

/** Descriptor fetch completed: read it at the current ring address. */
static void tx_desc_fetched(E1kDev *s)
{
    uint32_t n = tx_ring_count(s);

    if (s->tx.desc_idx >= n) {
        /* Ring shrunk under the engine: nothing read, nothing written. */
        s->tx.phase = E1K_TXP_IDLE;
        return;
    }
    if (e1k_dma_read(s, tx_desc_addr(s, s->tx.desc_idx), s->tx.desc,
                     E1K_DESC_SIZE) != 0) {
        /* Unreadable descriptor: the frame in progress ends dropped;
         * the next descriptor starts a new frame. */
        s->totals.tx_dma_errors++;
        e1k_txd_drop(s, 0, 0);
        s->tx.desc_wb = 0;
        tx_advance(s, n);
        return;
    }
    e1k_txd_begin(s);
    tx_continue(s);
}

/** DD write-back completed (SDM 3.3.3.1; STA.DD in byte 12). */
static void tx_wb_done(E1kDev *s)
{
    uint32_t n = tx_ring_count(s);
    uint8_t dw3[4];

    if (s->tx.desc_idx < n) {
        /* the fetched dword 3 with its status byte (12) set to DD */
        e1k_st_le32(dw3, (e1k_ld_le32(s->tx.desc + 12) & ~0xFFu) |
                         E1K_TXD_STA_DD);
        if (e1k_dma_write(s, tx_desc_addr(s, s->tx.desc_idx) + 12, dw3,
                          4) != 0) {
            s->totals.tx_dma_errors++;
        } else {
            s->totals.tx_desc_written++;
        }
    }
    tx_wb_interrupt(s, s->tx.desc[E1K_TXD_CMD]);
    tx_advance(s, n);
}

void e1k_tx_dma_timer(E1kDev *s)
{
    /* run_due disarmed TXDMA before the call: nothing to cancel here. */
    switch (s->tx.phase) {
    case E1K_TXP_DESC:
        tx_desc_fetched(s);
        break;
    case E1K_TXP_DATA:
        /* The common case, the buffer consumed by one fetch, goes
         * straight to the descriptor's end. */
        if (e1k_txd_data(s)) {
            tx_desc_finish(s);
        } else {
            tx_continue(s);
        }
        break;
    case E1K_TXP_WB:
        tx_wb_done(s);
        break;
    default:
        break;
    }
}

void e1k_tx_reg_written(E1kDev *s, uint32_t off, uint32_t old)
{
    uint32_t v = e1k_reg(s, off);

    switch (off) {
    case E1K_TCTL:
        if (e1k_bit_rose(old, v, E1K_TCTL_EN)) {
            tx_start(s);
        }
        break;
    case E1K_TDT:
    case E1K_TDH:
        tx_start(s);
        break;
    default:
        /* TDBAL/TDBAH/TDLEN, TIPG, TIDV, TADV, TXDCTL: read at use.
         * TSPMT: not modelled. */
        break;
    }
}

void e1k_tx_link_changed(E1kDev *s)
{
    if (!e1k_tx_can_send(s)) {
        e1k_txwire_abort(s);
        return;
    }
    e1k_txwire_kick(s);
    tx_start(s);
}

void e1k_tx_reset(E1kDev *s)
{
    uint32_t rxa = e1k_reg(s, E1K_PBA) & E1K_PBA_RXA_MASK;

    if (rxa > E1K_PBA_TOTAL_KB) {
        rxa = E1K_PBA_TOTAL_KB;
    }
    s->tx.fifo_cap = (E1K_PBA_TOTAL_KB - rxa) * 1024u;
    e1k_timer_cancel(s, E1K_TMR_TIDV);
    e1k_timer_cancel(s, E1K_TMR_TADV);
    e1k_timer_cancel(s, E1K_TMR_TXDMA);
    e1k_timer_cancel(s, E1K_TMR_TXWIRE);
    e1k_timer_cancel(s, E1K_TMR_LOOP);
}

/** Check the packet-buffer walk: every header consistent, sum = used. */
static int tx_fifo_check(const E1kTxState *tx)
{
    uint32_t off = tx->fifo_head, sum = 0;

    if (tx->fifo_head >= E1K_TX_FIFO_BYTES || tx->fifo_head % 16u ||
        tx->fifo_used > E1K_TX_FIFO_BYTES || tx->fifo_used % 16u ||
        tx->fifo_cap > E1K_TX_FIFO_BYTES ||
        tx->fifo_count > E1K_TX_FIFO_BYTES / 32u) {
        return -1;
    }
    for (uint32_t i = 0; i < tx->fifo_count; i++) {
        const uint8_t *h = tx->fifo + off;
        uint32_t len = e1k_ld_le32(h);
        if (len > E1K_TX_BUF_BYTES) {
            return -1;
        }
        sum += e1k_txfifo_charge(len);
        if (sum > tx->fifo_used) {
            return -1;
        }
        off = (off + e1k_txfifo_charge(len)) & (E1K_TX_FIFO_BYTES - 1u);
    }
    return sum == tx->fifo_used ? 0 : -1;
}

int e1k_tx_validate(const E1kDev *s)
{
    const E1kTxState *tx = &s->tx;

    if (tx->phase >= E1K_TXP_COUNT || tx->frame_len > E1K_TX_FRAME_MAX ||
        tx->ctx.hdrlen >= E1K_TX_HDR_MAX || tx->hdr_have > tx->ctx.hdrlen ||
        tx->seg_pay > E1K_TX_FRAME_MAX ||
        tx->ctx.hdrlen + tx->seg_pay > E1K_TX_FRAME_MAX ||
        tx->chunk > E1K_TX_FRAME_MAX || e1k_txd_validate(tx)) {
        return -1;
    }
    if (tx->phase == E1K_TXP_DATA) {
        uint32_t dst = tx->tso ? e1k_tso_dest(tx) : tx->frame_len;
        if (dst + tx->chunk > E1K_TX_FRAME_MAX) {
            return -1;
        }
    }
    /* Every busy state must have the event that ends it, or the engine
     * would stall for good. */
    if ((tx->wire_busy && (tx->fifo_count == 0 ||
                           !e1k_timer_armed(s, E1K_TMR_TXWIRE))) ||
        (tx->phase == E1K_TXP_FIFO_WAIT && tx->fifo_count == 0) ||
        tx->loop_full > 1 || tx->loop_len > E1K_TX_BUF_BYTES ||
        (tx->loop_full != 0) != e1k_timer_armed(s, E1K_TMR_LOOP) ||
        ((tx->phase == E1K_TXP_DESC || tx->phase == E1K_TXP_DATA ||
          tx->phase == E1K_TXP_WB) && !e1k_timer_armed(s, E1K_TMR_TXDMA))) {
        return -1;
    }
    return tx_fifo_check(tx);
}
