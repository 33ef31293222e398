/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive packet buffer (on-chip RX FIFO) of the device model.
 *
 * SDM 3.2.7.4 and 13.4.16: received frames land in an on-chip
 * buffer of PBA.RXA KB before the DMA engine moves them to host memory; a
 * frame that finds the buffer full is dropped (MPC, ICR.RXO).  The real
 * buffer layout is not documented, so the space a frame takes is a model
 * choice (approximate): a 16-byte status word plus the frame including
 * its 4-byte FCS rounded up to 16 bytes.  A 64-byte frame takes 80 bytes,
 * so 48 KB hold 614 of them; a 1518-byte frame takes 1536.
 *
 * Whole frames are held in FIFO order.  Frame bytes live in a circular
 * 64 KB array, each frame followed by its 4-byte FCS (little-endian), so
 * the bytes the DMA engine places in host memory (frame, then FCS unless
 * RCTL.SECRC) are one run of the array: a descriptor step writes them
 * straight from it unless the run wraps.  The charge accounting (used <=
 * cap <= 64 KB, and every frame charged more than its bytes + FCS) bounds
 * the stored bytes, so a new frame never overwrites an older one.
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

uint32_t e1k_rxbuf_capacity_from_pba(uint32_t pba)
{
    uint32_t kb = pba & E1K_PBA_RXA_MASK;
    if (kb > E1K_PBA_TOTAL_KB) {
        kb = E1K_PBA_TOTAL_KB;
    }
    return kb * 1024u;
}

uint32_t e1k_rxbuf_charge(uint32_t wire_len)
{
    uint32_t g = E1K_RX_FIFO_GRANULE;
    return E1K_RX_FIFO_STATUS_BYTES + (wire_len + g - 1u) / g * g;
}

void e1k_rxbuf_reset(E1kRxState *rx, uint32_t cap)
{
    if (cap > E1K_RX_FIFO_BYTES) {
        cap = E1K_RX_FIFO_BYTES;
    }
    rx->cap = cap;
    rx->used = 0;
    rx->count = 0;
    rx->head = 0;
    rx->data_tail = 0;
}

/* Copy @n bytes into the circular data array at @off. */
static void ring_put(E1kRxState *rx, uint32_t off, const uint8_t *src,
                     uint32_t n)
{
    uint32_t first = E1K_RX_FIFO_BYTES - off;
    if (first > n) {
        first = n;
    }
    memcpy(rx->data + off, src, first);
    memcpy(rx->data, src + first, n - first);
}

int e1k_rxbuf_fits(const E1kRxState *rx, uint32_t len, uint16_t wire_len)
{
    uint32_t charge = e1k_rxbuf_charge(wire_len);

    return len <= E1K_RX_MAX_FRAME && charge <= rx->cap &&
           rx->used <= rx->cap - charge && rx->count < E1K_RX_FIFO_SLOTS;
}

E1kRxFrameMeta *e1k_rxbuf_push(E1kRxState *rx, const uint8_t *frame,
                               uint32_t len, uint16_t wire_len, uint32_t fcs)
{
    uint32_t charge = e1k_rxbuf_charge(wire_len);
    uint32_t tail = rx->data_tail;
    E1kRxFrameMeta *slot;
    uint8_t le[4];

    /* the caller checked e1k_rxbuf_fits: not evaluated a second time */
    slot = &rx->meta[(rx->head + rx->count) % E1K_RX_FIFO_SLOTS];
    *slot = (E1kRxFrameMeta){ .data_off = tail, .len = (uint16_t)len,
                              .charge = (uint16_t)charge,
                              .wire_len = wire_len };
    e1k_st_le32(le, fcs);
    if (tail + len + sizeof(le) <= E1K_RX_FIFO_BYTES) {
        /* the common case: no wrap, two plain copies */
        memcpy(rx->data + tail, frame, len);
        memcpy(rx->data + tail + len, le, sizeof(le));
    } else {
        ring_put(rx, tail, frame, len);
        ring_put(rx, (tail + len) % E1K_RX_FIFO_BYTES, le, sizeof(le));
    }
    rx->data_tail = (tail + len + sizeof(le)) % E1K_RX_FIFO_BYTES;
    rx->used += charge;
    rx->count++;
    return slot;
}

const E1kRxFrameMeta *e1k_rxbuf_head(const E1kRxState *rx)
{
    return rx->count ? &rx->meta[rx->head] : NULL;
}

void e1k_rxbuf_get(const E1kRxState *rx, uint32_t at, uint8_t *dst,
                   uint32_t n)
{
    uint32_t first;

    at %= E1K_RX_FIFO_BYTES;
    first = E1K_RX_FIFO_BYTES - at;
    if (first > n) {
        first = n;
    }
    memcpy(dst, rx->data + at, first);
    memcpy(dst + first, rx->data, n - first);
}

void e1k_rxbuf_head_frame(const E1kRxState *rx, uint8_t *out)
{
    const E1kRxFrameMeta *m = e1k_rxbuf_head(rx);
    if (m) {
        e1k_rxbuf_get(rx, m->data_off, out, m->len);
    }
}

void e1k_rxbuf_pop(E1kRxState *rx)
{
    if (!rx->count) {
        return;
    }
    rx->used -= rx->meta[rx->head].charge;
    rx->head = (rx->head + 1u) % E1K_RX_FIFO_SLOTS;
    rx->count--;
    if (!rx->count) {
        rx->used = 0;
    }
}

int e1k_rxbuf_check(const E1kRxState *rx)
{
    uint32_t sum = 0;

    if (rx->cap > E1K_RX_FIFO_BYTES || rx->used > rx->cap ||
        rx->count > E1K_RX_FIFO_SLOTS || rx->head >= E1K_RX_FIFO_SLOTS ||
        rx->data_tail >= E1K_RX_FIFO_BYTES) {
        return -1;
    }
    for (uint32_t i = 0; i < rx->count; i++) {
        const E1kRxFrameMeta *m =
            &rx->meta[(rx->head + i) % E1K_RX_FIFO_SLOTS];
        if (m->len > E1K_RX_MAX_FRAME || m->data_off >= E1K_RX_FIFO_BYTES ||
            m->charge != e1k_rxbuf_charge(m->wire_len) ||
            m->len > m->wire_len) {
            return -1;
        }
        sum += m->charge;
    }
    return sum == rx->used ? 0 : -1;
}
