/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The transmit packet buffer of the common layer (nic_txfifo.h).
 */
#include <string.h>

#include "nic_bytes.h"
#include "nic_txfifo.h"

void nic_txfifo_init(NicTxFifo *f, uint32_t size, uint32_t cap)
{
    f->size = size;
    f->cap = cap < size ? cap : size;
    f->head = 0;
    f->used = 0;
    f->count = 0;
    f->pad = 0;
}

int nic_txfifo_push(NicTxFifo *f, uint8_t *data, const uint8_t *frame,
                    uint32_t len, uint32_t flags)
{
    uint32_t mask = f->size - 1u, charge = nic_txfifo_charge(len);
    uint32_t off, first;

    if (len > f->size || f->used + charge > f->size) {
        return -1;
    }
    off = (f->head + f->used) & mask;
    memset(data + off, 0, NIC_TXFIFO_HDR);
    nic_st_le32(data + off, len);
    nic_st_le32(data + off + 4, flags);
    off = (off + NIC_TXFIFO_HDR) & mask;
    first = f->size - off;
    if (first > len) {
        first = len;
    }
    if (frame != data + off) {   /* else built in place (tail) */
        memcpy(data + off, frame, first);
    }
    if (first < len) {
        memcpy(data, frame + first, len - first); /* wrapped part */
    }
    f->used += charge;
    f->count++;
    return 0;
}

uint8_t *nic_txfifo_tail(const NicTxFifo *f, uint8_t *data, uint32_t len)
{
    uint32_t off = (f->head + f->used + NIC_TXFIFO_HDR) & (f->size - 1u);

    if (len > f->size || f->used + nic_txfifo_charge(len) > f->size ||
        off + len > f->size) {
        return NULL;
    }
    return data + off;
}

void nic_txfifo_head(const NicTxFifo *f, const uint8_t *data, uint32_t *len,
                     uint32_t *flags)
{
    *len = nic_ld_le32(data + f->head);
    *flags = nic_ld_le32(data + f->head + 4);
}

const uint8_t *nic_txfifo_head_frame(const NicTxFifo *f, const uint8_t *data,
                                     uint32_t len, uint8_t *tmp)
{
    uint32_t off = (f->head + NIC_TXFIFO_HDR) & (f->size - 1u);
    uint32_t first = f->size - off;

    if (first >= len) {
        return data + off;
    }
    memcpy(tmp, data + off, first);
    memcpy(tmp + first, data, len - first);
    return tmp;
}

void nic_txfifo_pop(NicTxFifo *f, uint32_t len)
{
    uint32_t charge = nic_txfifo_charge(len);

    f->head = (f->head + charge) & (f->size - 1u);
    f->used -= charge;
    f->count--;
}

int nic_txfifo_check(const NicTxFifo *f, const uint8_t *data, uint32_t size,
                     uint32_t max_len)
{
    uint32_t off, sum = 0;

    if (f->size != size || f->cap > size || f->used > size ||
        f->head >= size || (f->head & 15u) || f->pad != 0) {
        return -1;
    }
    off = f->head;
    for (uint32_t i = 0; i < f->count; i++) {
        uint32_t len = nic_ld_le32(data + off);
        if (len > max_len) {
            return -1;
        }
        sum += nic_txfifo_charge(len);
        if (sum > f->used) {
            return -1;
        }
        off = (off + nic_txfifo_charge(len)) & (size - 1u);
    }
    return sum == f->used ? 0 : -1;
}
