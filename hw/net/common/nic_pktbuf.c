/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The receive packet buffer of the common layer (nic_pktbuf.h): a FIFO of
 * whole frames over a circular byte array of the owner's.
 */
#include <string.h>

#include "nic_bytes.h"
#include "nic_csum.h"
#include "nic_pktbuf.h"

void nic_pktbuf_init(NicPktBuf *pb, uint32_t size, uint32_t nslots,
                     uint32_t cap)
{
    pb->size = size;
    pb->nslots = nslots;
    pb->cap = cap < size ? cap : size;
    pb->used = 0;
    pb->count = 0;
    pb->head = 0;
    pb->data_tail = 0;
    pb->pad = 0;
}

/* Copy @n bytes into the circular array of @size bytes at @off. */
static void ring_put(uint8_t *data, uint32_t size, uint32_t off,
                     const uint8_t *src, uint32_t n)
{
    uint32_t first = size - off;

    if (first > n) {
        first = n;
    }
    memcpy(data + off, src, first);
    memcpy(data, src + first, n - first);
}

/* Copy @n bytes out of the circular array from @off (taken modulo its
 * size): one copy unless they wrap. */
static void ring_get(const uint8_t *data, uint32_t size, uint32_t off,
                     uint8_t *dst, uint32_t n)
{
    uint32_t first;

    off &= size - 1u;
    first = size - off;
    if (first >= n) {
        memcpy(dst, data + off, n);
        return;
    }
    memcpy(dst, data + off, first);
    memcpy(dst + first, data, n - first);
}

uint32_t nic_pktbuf_push(NicPktBuf *pb, NicPktSlot *slots, uint8_t *data,
                         const uint8_t *frame, uint32_t len, uint32_t zeros,
                         uint32_t wire_len, uint32_t fcs)
{
    uint32_t mask = pb->size - 1u, tail = pb->data_tail, kept;
    uint32_t idx = (pb->head + pb->count) & (pb->nslots - 1u);
    NicPktSlot *s = &slots[idx];
    uint8_t le[4];

    zeros = zeros >= NIC_ZERO_TAIL_MIN && zeros <= len ? zeros : 0u;
    kept = len - zeros;
    s->data_off = tail;
    s->zeros = zeros;
    s->len = len;
    s->wire_len = wire_len;
    nic_st_le32(le, fcs);
    if (tail + kept + sizeof(le) <= pb->size) {
        memcpy(data + tail, frame, kept);   /* the usual case: no wrap */
        memcpy(data + tail + kept, le, sizeof(le));
    } else {
        ring_put(data, pb->size, tail, frame, kept);
        ring_put(data, pb->size, (tail + kept) & mask, le, sizeof(le));
    }
    pb->data_tail = (tail + kept + sizeof(le)) & mask;
    pb->used += nic_pktbuf_charge(wire_len);
    pb->count++;
    return idx;
}

void nic_pktbuf_head_read(const NicPktBuf *pb, const NicPktSlot *slots,
                          const uint8_t *data, uint32_t off, uint32_t n,
                          uint8_t *dst)
{
    const NicPktSlot *s = &slots[pb->head];
    uint32_t kept = s->len - s->zeros, end = off + n, k;

    if (off < kept) { /* kept bytes */
        k = (end < kept ? end : kept) - off;
        ring_get(data, pb->size, s->data_off + off, dst, k);
        dst += k;
        off += k;
    }
    if (off < s->len && off < end) { /* the zeros not kept */
        k = (end < s->len ? end : s->len) - off;
        memset(dst, 0, k);
        dst += k;
        off += k;
    }
    if (off < end) { /* FCS, stored after the kept bytes */
        ring_get(data, pb->size, s->data_off + kept + (off - s->len), dst,
                 end - off);
    }
}

void nic_pktbuf_head_set_fcs(const NicPktBuf *pb, const NicPktSlot *slots,
                             uint8_t *data, uint32_t fcs)
{
    const NicPktSlot *s = &slots[pb->head];
    uint8_t le[4];

    if (!pb->count) {
        return;
    }
    nic_st_le32(le, fcs);
    ring_put(data, pb->size, (s->data_off + s->len - s->zeros) &
             (pb->size - 1u), le, sizeof(le));
}

void nic_pktbuf_pop(NicPktBuf *pb, const NicPktSlot *slots)
{
    if (!pb->count) {
        return;
    }
    pb->used -= nic_pktbuf_charge(slots[pb->head].wire_len);
    pb->head = (pb->head + 1u) & (pb->nslots - 1u);
    pb->count--;
    if (!pb->count) {
        pb->used = 0;
    }
}

int nic_pktbuf_check(const NicPktBuf *pb, const NicPktSlot *slots,
                     uint32_t size, uint32_t nslots, uint32_t max_len)
{
    uint32_t sum = 0;

    if (pb->size != size || pb->nslots != nslots || pb->cap > size ||
        pb->used > pb->cap || pb->count > nslots || pb->head >= nslots ||
        pb->data_tail >= size || pb->pad != 0) {
        return -1;
    }
    for (uint32_t i = 0; i < pb->count; i++) {
        const NicPktSlot *s = &slots[(pb->head + i) & (nslots - 1u)];
        if (s->len > max_len || s->zeros > s->len ||
            (s->zeros && s->zeros < NIC_ZERO_TAIL_MIN) ||
            s->len > s->wire_len || s->wire_len > max_len + 8u ||
            s->data_off >= size) {
            return -1;
        }
        sum += nic_pktbuf_charge(s->wire_len);
    }
    return sum == pb->used ? 0 : -1;
}
