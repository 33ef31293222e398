/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The receive packet buffer of the device models' common layer
 * (hw/net/common): received frames wait on chip until the DMA engine
 * moves them to host memory, and a frame that finds the buffer full is
 * dropped (SDM 3.2.7.4; 82598 datasheet 3.5.2.5 and its RXPBSIZE).  The
 * real buffer layout is not documented, so the space a frame takes is a
 * model choice (approximate), the same for the whole family: a 16-byte
 * status word plus the frame including its 4-byte FCS rounded up to 16
 * bytes.  A 64-byte frame takes 80 bytes; a 1518-byte frame 1536.
 *
 * Whole frames are held in FIFO order.  Their bytes live in a circular
 * array of the owner's state (a power of two in size), each frame
 * followed by its 4-byte FCS (little-endian), so the bytes the DMA
 * engine places in host memory (frame, then FCS unless stripped) are one
 * run of the array unless it wraps.  A frame that ends in a long run of
 * zero bytes (a generated payload, nic_zero_tail) keeps only the bytes
 * before it.  The charge accounting (by the bytes on the wire:
 * used <= cap <= the array size, and every frame charged more than its
 * bytes + FCS) bounds the stored bytes, so a new frame never overwrites
 * an older one.
 *
 * The owner keeps the state (NicPktBuf), the slots (NicPktSlot[nslots])
 * and the bytes (uint8_t[size]) in its own saved state and passes them
 * in: no pointers are stored.  Chip-specific descriptor fields of a
 * frame live in the owner's array parallel to the slots (same index).
 */
#ifndef NIC_PKTBUF_H
#define NIC_PKTBUF_H

#include <stdint.h>

/** Per-frame charge: fixed status word, bytes (model choice). */
#define NIC_PKTBUF_STATUS_BYTES 16u
/** Charge granule: frame+FCS is rounded up to this, bytes. */
#define NIC_PKTBUF_GRANULE 16u

/** State of one packet buffer. */
typedef struct NicPktBuf {
    uint32_t size;      /**< bytes of the data array (a power of two) */
    uint32_t nslots;    /**< slots (a power of two) */
    uint32_t cap;       /**< capacity in bytes, <= size */
    uint32_t used;      /**< bytes charged by the frames held */
    uint32_t count;     /**< frames held, 0..nslots */
    uint32_t head;      /**< slot of the oldest frame */
    uint32_t data_tail; /**< data offset where the next frame goes */
    uint32_t pad;       /**< 0 */
} NicPktBuf;

/** Where one held frame's bytes are. */
typedef struct NicPktSlot {
    uint32_t data_off;  /**< offset of its first stored byte */
    uint32_t zeros;     /**< last bytes known zero, not stored: 0 or
                             NIC_ZERO_TAIL_MIN..len */
    uint32_t len;       /**< frame bytes as stored, no FCS */
    uint32_t wire_len;  /**< bytes as received incl. FCS: the charge */
} NicPktSlot;

/** Bytes a frame of @wire_len bytes (DA..CRC) is charged: 16-byte status
 *  word + wire_len rounded up to 16 bytes. */
static inline uint32_t nic_pktbuf_charge(uint32_t wire_len)
{
    return NIC_PKTBUF_STATUS_BYTES +
           (wire_len + NIC_PKTBUF_GRANULE - 1u) / NIC_PKTBUF_GRANULE *
               NIC_PKTBUF_GRANULE;
}

/** Empty @pb over arrays of @size bytes and @nslots slots (powers of
 *  two) with a capacity of @cap bytes (clamped to @size). */
void nic_pktbuf_init(NicPktBuf *pb, uint32_t size, uint32_t nslots,
                     uint32_t cap);

/** 1 if a frame of @wire_len bytes on the wire (FCS included, at most
 *  the capacity) fits now: space by nic_pktbuf_charge and a free slot. */
static inline int nic_pktbuf_fits(const NicPktBuf *pb, uint32_t wire_len)
{
    /* used <= cap and both far below 2^31: the sum cannot overflow for
     * any wire_len below 2^31 */
    return wire_len < 0x80000000u &&
           pb->used + nic_pktbuf_charge(wire_len) <= pb->cap &&
           pb->count < pb->nslots;
}

/**
 * Append a frame of @len bytes that arrived with @wire_len bytes (FCS
 * included) and FCS @fcs, its last @zeros <= @len bytes known to be
 * zero: the bytes before those zeros and then the FCS (little-endian)
 * go into @data; a run of NIC_ZERO_TAIL_MIN or more zeros is not copied.
 * The caller made sure it fits (nic_pktbuf_fits for the same
 * @wire_len) and that @len + 4 <= @wire_len + 4 <= the capacity.
 * Returns the slot index; its NicPktSlot is filled in.
 */
uint32_t nic_pktbuf_push(NicPktBuf *pb, NicPktSlot *slots, uint8_t *data,
                         const uint8_t *frame, uint32_t len, uint32_t zeros,
                         uint32_t wire_len, uint32_t fcs);

/**
 * Copy @n bytes of the head frame followed by its 4-byte FCS, from byte
 * @off on, into @dst: the kept bytes (around the array's end if they
 * wrap), the zeros not kept written as zeros.  The caller keeps
 * off + n <= len + 4 and a frame held.
 */
void nic_pktbuf_head_read(const NicPktBuf *pb, const NicPktSlot *slots,
                          const uint8_t *data, uint32_t off, uint32_t n,
                          uint8_t *dst);

/** Pointer to @n bytes of the head frame (and FCS) from @off when they
 *  are one run of the array (no zeros left out there, no wrap), else
 *  NULL (then nic_pktbuf_head_read). */
static inline const uint8_t *nic_pktbuf_head_run(const NicPktBuf *pb,
                                                 const NicPktSlot *slots,
                                                 const uint8_t *data,
                                                 uint32_t off, uint32_t n)
{
    const NicPktSlot *s = &slots[pb->head];
    uint32_t at = (s->data_off + off) & (pb->size - 1u);

    if (s->zeros == 0 && at + n <= pb->size) {
        return data + at;
    }
    return 0;
}

/** Store @fcs as the FCS of the head frame (behind its kept bytes),
 *  for a frame pushed before its FCS was known.  No effect on an empty
 *  buffer. */
void nic_pktbuf_head_set_fcs(const NicPktBuf *pb, const NicPktSlot *slots,
                             uint8_t *data, uint32_t fcs);

/** Drop the head frame (no-op if empty). */
void nic_pktbuf_pop(NicPktBuf *pb, const NicPktSlot *slots);

/** Structural check of a restored buffer (sizes, indices, charges, each
 *  frame within @max_len bytes): 0 ok, -1 bad. */
int nic_pktbuf_check(const NicPktBuf *pb, const NicPktSlot *slots,
                     uint32_t size, uint32_t nslots, uint32_t max_len);

#endif /* NIC_PKTBUF_H */
