/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive DMA engine, receive interrupt timers and receive register
 * hooks of the device model.
 *
 * DMA (SDM 3.2, 3.2.3).  The engine moves the frame at
 * the head of the packet buffer into host buffers one descriptor at a
 * time.  A descriptor step starts only when hardware owns a descriptor
 * (RDH != RDT inside a valid ring); it reads the descriptor at RDH at
 * once and reserves the shared bus for three transactions: descriptor
 * fetch (16 bytes), the data for this buffer, and the write-back (16
 * bytes).  E1K_TMR_RXDMA is armed at the end of the last one; at that
 * instant the data (with the CRC32 FCS unless RCTL.SECRC) and then the
 * descriptor are written, status byte (DD) last, and RDH advances.  The
 * engine never looks at any descriptor other than the one at RDH, so it
 * never scans the ring, not even on an all-zero ring.
 *
 * Interrupts (SDM 3.2.7.1-3.2.7.3, 13.4.30-31):
 * RDTR packet timer, RADV absolute timer, SRPD, RXDMT0; RXO is raised by
 * the admission code when the packet buffer is full.
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

/* ---------------- ring geometry (read at the time of use) ---------------- */

/* Number of descriptors in the ring: RDLEN bits 19:7 / 16 (C03). */
static uint32_t ring_ndesc(const E1kDev *s)
{
    return (e1k_reg(s, E1K_RDLEN) & E1K_xDLEN_MASK) / E1K_DESC_SIZE;
}

/* Ring base bus address; RDBAL bits 3:0 are ignored (16-byte aligned). */
static uint64_t ring_base(const E1kDev *s)
{
    return (uint64_t)e1k_reg(s, E1K_RDBAH) << 32 |
           (e1k_reg(s, E1K_RDBAL) & ~0xFu);
}

/* Receive buffer size in bytes from RCTL.BSIZE/BSEX (SDM 3.2.2).  The
 * reserved combination BSEX=1, BSIZE=00 is treated as 2048 bytes. */
static uint32_t rx_bufsize(uint32_t rctl)
{
    static const uint32_t normal[4] = { 2048, 1024, 512, 256 };
    static const uint32_t ext[4] = { 2048, 16384, 8192, 4096 };
    uint32_t b = (rctl & E1K_RCTL_BSIZE_MASK) >> E1K_RCTL_BSIZE_SHIFT;
    return (rctl & E1K_RCTL_BSEX) ? ext[b] : normal[b];
}

/* ---------------- interrupts ---------------- */

static uint64_t ticks_ns(uint32_t reg)
{
    return (uint64_t)(reg & E1K_RDTR_DELAY_MASK) * E1K_DELAY_UNIT_NS;
}

/*
 * A frame of @size bytes (as placed in host memory) has been completely
 * transferred, EOP descriptor written back (SDM 3.2.7.1: the timers start
 * after the last byte reaches host memory).
 */
static void rx_frame_delivered(E1kDev *s, uint32_t size)
{
    uint32_t rsrpd = e1k_reg(s, E1K_RSRPD) & 0xFFFu;
    uint32_t rdtr, radv;

    if (rsrpd != 0 && size <= rsrpd) {
        /* SDM 3.2.7.2: small packet: SRPD and RXT0 at once; pending
         * timers are flushed, RADV reinitialised and not started. */
        e1k_timer_cancel(s, E1K_TMR_RDTR);
        e1k_timer_cancel(s, E1K_TMR_RADV);
        e1k_set_cause(s, E1K_ICR_SRPD | E1K_ICR_RXT0);
        return;
    }
    rdtr = e1k_reg(s, E1K_RDTR) & E1K_RDTR_DELAY_MASK;
    if (rdtr == 0) {
        /* RDTR=0: immediate RXT0 per frame; RADV is off (SDM 13.4.31). */
        e1k_timer_cancel(s, E1K_TMR_RDTR);
        e1k_timer_cancel(s, E1K_TMR_RADV);
        e1k_set_cause(s, E1K_ICR_RXT0);
        return;
    }
    /* Packet timer restarts at every frame; absolute timer starts at
     * the first frame only (SDM 3.2.7.1.1-2). */
    e1k_timer_set(s, E1K_TMR_RDTR, e1k_now(s) + ticks_ns(rdtr));
    if (!e1k_timer_armed(s, E1K_TMR_RADV)) {
        radv = e1k_reg(s, E1K_RADV) & E1K_RDTR_DELAY_MASK;
        if (radv != 0) {
            e1k_timer_set(s, E1K_TMR_RADV, e1k_now(s) + ticks_ns(radv));
        }
    }
}

/* RXDMT0 (SDM 3.2.7.3) after RDH advanced, when @free descriptors
 * (owned by hardware: from RDH up to RDT, around the ring of @n) are
 * left: raised when they become equal to RDLEN/2^(RDMTS+1) descriptors
 * (RCTL @rctl).  RDMTS=11b (reserved) gives 1/16. */
static void rx_check_rxdmt0(E1kDev *s, uint32_t n, uint32_t free,
                            uint32_t rctl)
{
    uint32_t rdmts = (rctl & E1K_RCTL_RDMTS_MASK) >> E1K_RCTL_RDMTS_SHIFT;

    if (free == n >> (rdmts + 1u)) {
        e1k_set_cause(s, E1K_ICR_RXDMT0);
    }
}

/* ---------------- DMA engine ---------------- */

/* True if hardware owns at least one descriptor: a ring of @n > 0
 * descriptors, @rdh and @rdt inside it, RDH != RDT (SDM 3.2.6; C03). */
static inline int ring_owned(uint32_t n, uint32_t rdh, uint32_t rdt)
{
    return n != 0 && rdh < n && rdt < n && rdh != rdt;
}

int e1k_rx_desc_available(const E1kDev *s)
{
    return ring_owned(ring_ndesc(s), e1k_reg(s, E1K_RDH),
                      e1k_reg(s, E1K_RDT));
}

/* RNBC (SDM 13.7.33): a frame was received while no descriptor was
 * available.  Counted at most once per frame. */
static void rx_count_rnbc(E1kDev *s, E1kRxFrameMeta *m)
{
    if (!m->rnbc) {
        m->rnbc = 1;
        e1k_stat_add(s, E1K_RNBC, 1);
        s->totals.rnbc++;
    }
}

/* Forget the head frame (delivered or dropped) and its progress. */
static void rx_drop_head(E1kDev *s)
{
    e1k_rxbuf_pop(&s->rx);
    s->rx.head_done = 0;
    s->rx.head_total = 0;
}

/*
 * Fetch the descriptor at RDH for the head frame and start its step:
 * the caller made sure no step is in flight, a frame is held, RCTL.EN is
 * set and hardware owns a descriptor.  Returns 1 when the step started
 * (or the receive DMA is stalled by fault injection, e1k_fault_stall: no
 * step, the frame waits), 0 when the descriptor could not be read (the
 * frame is dropped then, RDH unchanged).
 */
static inline __attribute__((always_inline)) int
rx_step_begin(E1kDev *s, uint32_t rctl)
{
    E1kRxState *rx = &s->rx;
    const E1kRxFrameMeta *m = &rx->meta[rx->head];
    uint32_t rdh = e1k_reg(s, E1K_RDH);
    uint32_t bufsize = rx_bufsize(rctl);
    uint64_t desc_addr = ring_base(s) + (uint64_t)rdh * E1K_DESC_SIZE;
    const uint8_t *win = e1k_dma_window(s, desc_addr, E1K_DESC_SIZE);
    uint64_t t;
    uint8_t d[16];
    uint32_t chunk;

    if (__builtin_expect(s->fault_stall & E1K_FAULT_RX, 0)) {
        return 1; /* injected stall: the frame waits, no step starts */
    }
    if (rx->head_total == 0) {
        rx->head_total = m->len +
            ((rctl & E1K_RCTL_SECRC) ? 0u : E1K_ETH_FCS);
    }
    if (!win) {
        /* through the port: the whole descriptor, as the device fetches
         * it; in the DMA window only its buffer address is loaded */
        if (e1k_dma_read_port(s, desc_addr, d, sizeof(d)) != 0) {
            /* Descriptor unreadable: drop the frame, RDH unchanged. */
            s->totals.rx_dma_errors++;
            rx_drop_head(s);
            return 0;
        }
        win = d;
    }
    rx->step_desc = desc_addr;
    rx->step_buf = e1k_ld_le64(win + E1K_RXD_ADDR);
    rx->step_idx = rdh;
    rx->step_null = rx->step_buf == 0;
    chunk = rx->head_total - rx->head_done;
    if (chunk > bufsize) {
        chunk = bufsize;
    }
    if (rx->step_null) {
        chunk = 0; /* skipped: written back with DD, no data */
    }
    rx->step_chunk = chunk;
    rx->step_eop = !rx->step_null &&
                   rx->head_done + chunk >= rx->head_total;
    /* descriptor fetch, data, write-back: back to back on the bus, so
     * the first reservation waits for the bus and the others follow it
     * (the same instants as three e1k_bus_reserve calls) */
    if (chunk) {
        t = e1k_bus_reserve_data(s, chunk) + s->bus_desc_ns;
    } else {
        t = e1k_bus_reserve(s, E1K_DESC_SIZE);
    }
    t += s->bus_desc_ns;
    s->bus_free_ns = t;
    rx->step_active = 1;
    e1k_timer_set(s, E1K_TMR_RXDMA, t);
    return 1;
}

/*
 * Start one descriptor step for the head frame if possible.  Frames whose
 * descriptor cannot be fetched (DMA fault) are dropped and the next one
 * is tried; the loop is bounded by the number of frames held.
 */
static void rx_start_step(E1kDev *s)
{
    E1kRxState *rx = &s->rx;

    for (uint32_t guard = 0; guard <= E1K_RX_FIFO_SLOTS; guard++) {
        uint32_t rctl = e1k_reg(s, E1K_RCTL);

        if (rx->step_active || !rx->count || !(rctl & E1K_RCTL_EN)) {
            return;
        }
        if (!e1k_rx_desc_available(s)) {
            /* No descriptor owned by hardware (or no usable ring): the
             * frame waits in the packet buffer. */
            rx_count_rnbc(s, &rx->meta[rx->head]);
            return;
        }
        if (rx_step_begin(s, rctl)) {
            return;
        }
    }
}

/* rx_start_step, entered only when it can have work: no step in flight
 * and a frame held (the common "busy" and "empty" cases stay here).  For
 * a register write and a stray RXDMA timer; a finished step starts the
 * next one by rx_next_step. */
static inline void rx_try_start(E1kDev *s)
{
    if (!s->rx.step_active && s->rx.count) {
        rx_start_step(s);
    }
}

void e1k_rx_queued(E1kDev *s)
{
    E1kRxState *rx = &s->rx;
    uint32_t rctl = e1k_reg(s, E1K_RCTL);
    int avail;

    if (!rx->count) {
        return;
    }
    /* the newest frame, just queued, finds no descriptor: RNBC */
    avail = e1k_rx_desc_available(s);
    if (!avail) {
        rx_count_rnbc(s, &rx->meta[(rx->head + rx->count - 1u) %
                                   E1K_RX_FIFO_SLOTS]);
    }
    /* then rx_start_step, with the availability already known */
    if (rx->step_active || !(rctl & E1K_RCTL_EN)) {
        return;
    }
    if (!avail) {
        rx_count_rnbc(s, &rx->meta[rx->head]);
    } else if (!rx_step_begin(s, rctl)) {
        rx_start_step(s); /* the head was dropped: try the next one */
    }
}

/*
 * Write the descriptor's status half (bytes 8-15, SDM 3.2.3): length,
 * checksum, status, errors, special.  Through the port callbacks the
 * status byte goes alone and last (length and checksum, then errors and
 * special, then status), so DD is never visible before the rest.  Inside
 * the port's DMA window the eight bytes are one 8-byte copy: nothing of
 * the host runs while the model does (E1kPort.dma_mem), so nothing can
 * see the write-back half done.  Returns 0 or -1 on a DMA fault.
 */
static int rx_write_desc(E1kDev *s, uint64_t addr, uint16_t length,
                         uint16_t csum, uint8_t status, uint8_t errors,
                         uint16_t special)
{
    uint8_t w[8];
    uint8_t *p = e1k_dma_window(s, addr + E1K_RXD_LENGTH, sizeof(w));

    e1k_st_le32(w, (uint32_t)length | (uint32_t)csum << 16);
    e1k_st_le32(w + 4, (uint32_t)status | (uint32_t)errors << 8 |
                       (uint32_t)special << 16);
    if (p) {
        memcpy(p, w, sizeof(w));
        return 0;
    }
    if (e1k_dma_write_port(s, addr + E1K_RXD_LENGTH, w, 4) != 0 ||
        e1k_dma_write_port(s, addr + E1K_RXD_ERRORS, w + 5, 3) != 0 ||
        e1k_dma_write_port(s, addr + E1K_RXD_STATUS, w + 4, 1) != 0) {
        return -1;
    }
    return 0;
}

/* rx_write_data through a copy: when the host buffer is outside the
 * port's DMA window (one write through the port, as for a plain run).
 * Out of line: only this needs the 16 KB. */
static __attribute__((noinline)) int rx_write_gathered(E1kDev *s,
                                                       const E1kRxState *rx)
{
    uint8_t tmp[E1K_RX_MAX_BUF];

    e1k_rxbuf_head_read(rx, rx->head_done, rx->step_chunk, tmp);
    return e1k_dma_write(s, rx->step_buf, tmp, rx->step_chunk);
}

/* rx_write_data for bytes that are not one run of the packet buffer (a
 * zero tail left out, or a wrap): put together in the host buffer
 * itself inside the DMA window, or in a copy outside it. */
static int rx_write_assembled(E1kDev *s, const E1kRxState *rx)
{
    uint8_t *dst = e1k_dma_window(s, rx->step_buf, rx->step_chunk);

    if (!dst) {
        return rx_write_gathered(s, rx);
    }
    e1k_rxbuf_head_read(rx, rx->head_done, rx->step_chunk, dst);
    return 0;
}

/* Place this step's bytes (step_chunk bytes of the head frame and its
 * FCS from head_done on) in the host buffer: 0, or -1 on a DMA fault.
 * Straight from the packet buffer when they are one run of it (no zeros
 * left out, no wrap), else by rx_write_assembled. */
static int rx_write_data(E1kDev *s, const E1kRxState *rx)
{
    const E1kRxFrameMeta *m = &rx->meta[rx->head];
    uint32_t at = (m->data_off + rx->head_done) % E1K_RX_FIFO_BYTES;

    if (!m->zeros && at + rx->step_chunk <= E1K_RX_FIFO_BYTES) {
        return e1k_dma_write(s, rx->step_buf, rx->data + at,
                             rx->step_chunk);
    }
    return rx_write_assembled(s, rx);
}

/* Start the next descriptor step after one completed, if a frame is held
 * and RCTL.EN (@rctl) is set: rx_start_step's first round, with the
 * descriptor fetched at once when hardware owns one (@owned:
 * e1k_rx_desc_available as found by the caller; RNBC otherwise). */
static void rx_next_step(E1kDev *s, uint32_t rctl, int owned)
{
    E1kRxState *rx = &s->rx;

    if (!rx->count || !(rctl & E1K_RCTL_EN)) {
        return;
    }
    if (!owned) {
        rx_count_rnbc(s, &rx->meta[rx->head]);
    } else if (!rx_step_begin(s, rctl)) {
        rx_start_step(s); /* the head was dropped: try the next one */
    }
}

/* After RDH advanced to @rdh in the ring of @n descriptors (@rdh < @n
 * unless @n is 0: the caller wrapped it): RXDMT0, then the next step,
 * with RDT and RCTL read once and the descriptors hardware owns counted
 * once for both (a ring with RDT outside it owns none and raises no
 * RXDMT0, as ring_owned and the threshold's range test say). */
static void rx_after_step(E1kDev *s, uint32_t n, uint32_t rdh)
{
    uint32_t rdt = e1k_reg(s, E1K_RDT);
    uint32_t rctl = e1k_reg(s, E1K_RCTL);
    uint32_t free = 0;

    if (n != 0 && rdt < n) {
        /* descriptors from RDH up to RDT, around the ring (0..n-1) */
        free = rdt >= rdh ? rdt - rdh : rdt + n - rdh;
        rx_check_rxdmt0(s, n, free, rctl);
    }
    rx_next_step(s, rctl, free != 0);
}

/* The in-flight descriptor step completes now (E1K_TMR_RXDMA). */
static void rx_step_done(E1kDev *s)
{
    E1kRxState *rx = &s->rx;
    const E1kRxFrameMeta *m;
    uint16_t length = 0, csum = 0, special = 0;
    uint8_t status = E1K_RXD_STAT_DD, errors = 0;
    int data_fault = 0, end_frame;
    uint32_t n, next;

    rx->step_active = 0;
    if (!rx->count) {
        return; /* cannot happen: the frame is held until its EOP */
    }
    m = &rx->meta[rx->head];
    if (!rx->step_null && rx->step_chunk && rx_write_data(s, rx) != 0) {
        data_fault = 1;
        s->totals.rx_dma_errors++;
    }
    end_frame = rx->step_eop || data_fault;
    if (data_fault) {
        /* Buffer unwritable: end the frame here with an RX data error
         * so the driver drops it and recycles the descriptor. */
        status |= E1K_RXD_STAT_EOP;
        errors = E1K_RXD_ERR_RXE;
    } else if (!rx->step_null) {
        length = (uint16_t)rx->step_chunk;
        rx->head_done += rx->step_chunk;
        if (rx->step_eop) {
            status |= E1K_RXD_STAT_EOP | m->status;
            errors = m->errors;
            csum = m->csum;
            special = m->special;
        }
    }
    if (rx_write_desc(s, rx->step_desc, length, csum, status, errors,
                      special) != 0) {
        s->totals.rx_dma_errors++;
        end_frame = 1; /* the driver cannot see it: drop the rest */
        data_fault = 1;
    } else {
        s->totals.rx_desc_written++;
    }

    /* Advance RDH past the consumed descriptor (ring size read now). */
    n = ring_ndesc(s);
    next = rx->step_idx + 1u;
    next = next < n ? next : 0u;
    e1k_reg_set(s, E1K_RDH, next);

    if (end_frame) {
        uint32_t size = rx->head_total;
        rx_drop_head(s);
        if (!data_fault) {
            rx_frame_delivered(s, size);
        }
    }
    rx_after_step(s, n, next);
}

/* ---------------- hooks called by the core ---------------- */

void e1k_rx_reset(E1kDev *s)
{
    e1k_rxbuf_reset(&s->rx,
                    e1k_rxbuf_capacity_from_pba(e1k_reg(s, E1K_PBA)));
    e1k_timer_cancel(s, E1K_TMR_RDTR);
    e1k_timer_cancel(s, E1K_TMR_RADV);
    e1k_timer_cancel(s, E1K_TMR_RXDMA);
}

/* RDTR written: with FPD (flush partial descriptor block) the pending
 * timers expire now (SDM 13.4.30); FPD is self-clearing and reads 0. */
static void rdtr_written(E1kDev *s, uint32_t val)
{
    if (!(val & E1K_RDTR_FPD)) {
        return;
    }
    e1k_reg_set(s, E1K_RDTR, val & ~E1K_RDTR_FPD);
    if (e1k_timer_armed(s, E1K_TMR_RDTR) ||
        e1k_timer_armed(s, E1K_TMR_RADV)) {
        e1k_timer_cancel(s, E1K_TMR_RDTR);
        e1k_timer_cancel(s, E1K_TMR_RADV);
        e1k_set_cause(s, E1K_ICR_RXT0);
    }
}

void e1k_rx_reg_written(E1kDev *s, uint32_t off, uint32_t old)
{
    uint32_t val = e1k_reg(s, off);

    if (off == E1K_RDTR) {
        rdtr_written(s, val);
    } else if (off == E1K_RCTL) {
        /* EN rising resumes DMA of buffered frames.  EN falling lets the
         * descriptor step in flight finish; no new step starts. */
        if (e1k_bit_rose(old, val, E1K_RCTL_EN)) {
            rx_try_start(s);
        }
        /* LBM: the transmitter may now send without link, or stop */
        if ((old ^ val) & E1K_RCTL_LBM_MASK) {
            e1k_loop_update(s);
            e1k_tx_link_changed(s);
        }
    } else if (off >= E1K_RDBAL && off <= E1K_RDT) {
        /* RDBAL, RDBAH, RDLEN, RDH, RDT (stored masked by the core) */
        rx_try_start(s);
    }
    /* RADV, RSRPD, RXCSUM, RXDCTL: used when next needed. */
}

void e1k_rx_dma_timer(E1kDev *s)
{
    if (s->rx.step_active) {
        rx_step_done(s);
    } else {
        rx_try_start(s);
    }
}

int e1k_rx_validate(const E1kDev *s)
{
    const E1kRxState *rx = &s->rx;

    if (e1k_rxbuf_check(rx) != 0 || rx->step_active > 1u ||
        rx->step_null > 1u || rx->step_eop > 1u ||
        rx->head_total > E1K_RX_MAX_FRAME + E1K_ETH_FCS ||
        rx->head_done > rx->head_total) {
        return -1;
    }
    if (rx->count == 0 &&
        (rx->head_done || rx->head_total || rx->step_active)) {
        return -1;
    }
    if (rx->step_active &&
        (rx->step_chunk > E1K_RX_MAX_BUF ||
         rx->head_done + rx->step_chunk > rx->head_total ||
         !e1k_timer_armed(s, E1K_TMR_RXDMA))) {
        return -1;
    }
    if (rx->count && rx->head_total &&
        rx->head_total != e1k_rxbuf_head(rx)->len &&
        rx->head_total != e1k_rxbuf_head(rx)->len + E1K_ETH_FCS) {
        return -1;
    }
    return 0;
}
