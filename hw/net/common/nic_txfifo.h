/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The transmit packet buffer of the device models' common layer
 * (hw/net/common): a FIFO of whole frames waiting for the wire (SDM
 * 13.4.16 PBA.TXA; 82598 datasheet 3.5.3 and TXPBSIZE).  Each frame is
 * charged a 16-byte header plus its length with FCS rounded up to 16
 * bytes (model choice, as the e1000's e1000_txwire.c); its space is
 * released when its last bit has left the wire.  The bytes live in a
 * circular array of the owner's state (a power of two in size), the
 * header (length, flags) little-endian in front of each frame.
 */
#ifndef NIC_TXFIFO_H
#define NIC_TXFIFO_H

#include <stdint.h>

/** Per-frame header in the buffer, bytes (model choice). */
#define NIC_TXFIFO_HDR 16u

/** State of one transmit packet buffer. */
typedef struct NicTxFifo {
    uint32_t size;   /**< bytes of the data array (a power of two) */
    uint32_t cap;    /**< capacity in bytes, <= size */
    uint32_t head;   /**< offset of the oldest frame's header */
    uint32_t used;   /**< bytes charged by the frames held */
    uint32_t count;  /**< frames held */
    uint32_t pad;    /**< 0 */
} NicTxFifo;

/** Bytes a frame of @len bytes (no FCS) is charged: 16-byte header +
 *  (len + 4) rounded up to 16. */
static inline uint32_t nic_txfifo_charge(uint32_t len)
{
    return NIC_TXFIFO_HDR + ((len + 4u + 15u) & ~15u);
}

/** Empty @f over an array of @size bytes (a power of two), capacity
 *  @cap (clamped to @size). */
void nic_txfifo_init(NicTxFifo *f, uint32_t size, uint32_t cap);

/** Bytes of capacity free (0 if over capacity). */
static inline uint32_t nic_txfifo_free(const NicTxFifo *f)
{
    return f->cap > f->used ? f->cap - f->used : 0;
}

/** Append a frame of @len bytes with @flags; 0, or -1 if it does not fit
 *  the array (the caller counts a drop; capacity is the caller's to
 *  check before it commits to a frame). */
int nic_txfifo_push(NicTxFifo *f, uint8_t *data, const uint8_t *frame,
                    uint32_t len, uint32_t flags);

/** Where the bytes of the next frame pushed would go, if a frame of
 *  @len bytes fits (no wrap, room for its charge): a caller may build the
 *  frame there and push that pointer (nic_txfifo_push then copies
 *  nothing), at most @len bytes long; NULL if not. */
uint8_t *nic_txfifo_tail(const NicTxFifo *f, uint8_t *data, uint32_t len);

/** Length and flags of the head frame (a frame held). */
void nic_txfifo_head(const NicTxFifo *f, const uint8_t *data, uint32_t *len,
                     uint32_t *flags);

/** The head frame's @len bytes: in place when they do not wrap, else
 *  gathered into @tmp (room for @len bytes). */
const uint8_t *nic_txfifo_head_frame(const NicTxFifo *f, const uint8_t *data,
                                     uint32_t len, uint8_t *tmp);

/** Release the head frame of @len bytes. */
void nic_txfifo_pop(NicTxFifo *f, uint32_t len);

/** Structural check of a restored FIFO: the frames' headers chain up to
 *  exactly `used` bytes, each of at most @max_len bytes.  0 ok, -1 bad. */
int nic_txfifo_check(const NicTxFifo *f, const uint8_t *data, uint32_t size,
                     uint32_t max_len);

#endif /* NIC_TXFIFO_H */
