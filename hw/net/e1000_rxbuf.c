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
 * straight from it unless the run wraps.  A frame that ends in a long
 * run of zero bytes (a generated payload, found by e1k_zero_tail) keeps
 * only the bytes before it: the step writes the zeros itself, and neither
 * copy passes over them.  The charge accounting (by the bytes on the
 * wire, whatever is kept: used <= cap <= 64 KB, and every frame charged
 * more than its bytes + FCS) bounds the stored bytes, so a new frame
 * never overwrites an older one.
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

/* E1kRxFrameMeta.data_off (16 bits) holds any offset into data[]. */
_Static_assert(E1K_RX_FIFO_BYTES <= 65536u,
               "E1kRxFrameMeta.data_off is 16 bits");

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

/* Copy @n bytes out of the circular data array from @off (taken modulo
 * its size): one copy unless they wrap. */
static inline void ring_get(const E1kRxState *rx, uint32_t off,
                            uint8_t *dst, uint32_t n)
{
    uint32_t first;

    off %= E1K_RX_FIFO_BYTES;
    first = E1K_RX_FIFO_BYTES - off;
    if (first >= n) {
        memcpy(dst, rx->data + off, n);
        return;
    }
    memcpy(dst, rx->data + off, first);
    memcpy(dst + first, rx->data, n - first);
}

int e1k_rxbuf_fits(const E1kRxState *rx, uint32_t len, uint16_t wire_len)
{
    uint32_t charge = e1k_rxbuf_charge(wire_len);

    /* used <= cap <= 64 KB and charge <= 64 KB + 32: the sum cannot
     * overflow */
    return len <= E1K_RX_MAX_FRAME && rx->used + charge <= rx->cap &&
           rx->count < E1K_RX_FIFO_SLOTS;
}

E1kRxFrameMeta *e1k_rxbuf_push(E1kRxState *rx, const uint8_t *frame,
                               uint32_t len, uint32_t zeros,
                               uint16_t wire_len, uint32_t fcs)
{
    uint32_t charge = e1k_rxbuf_charge(wire_len);
    uint32_t tail = rx->data_tail, kept;
    E1kRxFrameMeta *slot;
    uint8_t le[4];

    zeros = zeros >= E1K_ZERO_TAIL_MIN ? zeros : 0u;
    kept = len - zeros;
    /* the caller checked e1k_rxbuf_fits: not evaluated a second time */
    slot = &rx->meta[(rx->head + rx->count) % E1K_RX_FIFO_SLOTS];
    /* field by field: the descriptor fields are the caller's to fill */
    slot->data_off = (uint16_t)tail;
    slot->zeros = (uint16_t)zeros;
    slot->len = (uint16_t)len;
    slot->wire_len = wire_len;
    slot->rnbc = 0;
    slot->pad = 0;
    e1k_st_le32(le, fcs);
    if (tail + kept + sizeof(le) <= E1K_RX_FIFO_BYTES) {
        /* the common case: no wrap, two plain copies */
        memcpy(rx->data + tail, frame, kept);
        memcpy(rx->data + tail + kept, le, sizeof(le));
    } else {
        ring_put(rx, tail, frame, kept);
        ring_put(rx, (tail + kept) % E1K_RX_FIFO_BYTES, le, sizeof(le));
    }
    rx->data_tail = (tail + kept + sizeof(le)) % E1K_RX_FIFO_BYTES;
    rx->used += charge;
    rx->count++;
    return slot;
}

const E1kRxFrameMeta *e1k_rxbuf_head(const E1kRxState *rx)
{
    return rx->count ? &rx->meta[rx->head] : NULL;
}

/* e1k_rxbuf_head_read piece by piece: kept bytes, zeros not kept, FCS,
 * each wherever its run lies.  Out of line: the whole-frame case in
 * e1k_rxbuf_head_read is the usual one. */
static __attribute__((noinline)) void
head_read_parts(const E1kRxState *rx, uint32_t off, uint32_t n,
                uint8_t *dst)
{
    const E1kRxFrameMeta *m = &rx->meta[rx->head];
    uint32_t kept = (uint32_t)m->len - m->zeros, end = off + n, k;

    if (off < kept) { /* kept bytes */
        k = (end < kept ? end : kept) - off;
        ring_get(rx, m->data_off + off, dst, k);
        dst += k;
        off += k;
    }
    if (off < m->len && off < end) { /* the zeros not kept */
        k = (end < m->len ? end : m->len) - off;
        memset(dst, 0, k);
        dst += k;
        off += k;
    }
    if (off < end) { /* FCS, kept after the kept bytes */
        uint32_t at = (m->data_off + kept + (off - m->len)) %
                      E1K_RX_FIFO_BYTES;
        if (end - off == 4u && at <= E1K_RX_FIFO_BYTES - 4u) {
            memcpy(dst, rx->data + at, 4); /* all of it: one load */
        } else {
            ring_get(rx, at, dst, end - off);
        }
    }
}

void e1k_rxbuf_head_read(const E1kRxState *rx, uint32_t off, uint32_t n,
                         uint8_t *dst)
{
    const E1kRxFrameMeta *m = &rx->meta[rx->head];
    uint32_t kept = (uint32_t)m->len - m->zeros;

    if (off == 0 && (n == m->len || n == m->len + 4u) &&
        m->data_off + kept + 4u <= E1K_RX_FIFO_BYTES) {
        /* the whole frame (and its FCS), kept bytes and FCS not wrapped:
         * the usual step of a frame that fits one buffer */
        memcpy(dst, rx->data + m->data_off, kept);
        memset(dst + kept, 0, m->zeros);
        if (n > m->len) {
            memcpy(dst + m->len, rx->data + m->data_off + kept, 4);
        }
        return;
    }
    head_read_parts(rx, off, n, dst);
}

void e1k_rxbuf_pop(E1kRxState *rx)
{
    if (!rx->count) {
        return;
    }
    rx->used -= e1k_rxbuf_charge(rx->meta[rx->head].wire_len);
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
        if (m->len > E1K_RX_MAX_FRAME || m->zeros > m->len ||
            (m->zeros && m->zeros < E1K_ZERO_TAIL_MIN) ||
            m->len > m->wire_len) {
            return -1;
        }
        sum += e1k_rxbuf_charge(m->wire_len);
    }
    return sum == rx->used ? 0 : -1;
}
