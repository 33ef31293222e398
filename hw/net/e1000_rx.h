/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive-side state of the device model: the receive packet buffer
 * (PBA.RXA bytes, SDM 3.2.7.4, 13.4.16), the RX DMA engine
 * (SDM 3.2, 3.2.3) and the RDTR/RADV timer state (SDM 3.2.7.1).
 * Plain data, no pointers: the whole struct is saved by byte copy and
 * checked by e1k_rx_validate() after a restore.
 *
 * Files (one job each):
 *   e1000_rx.c        register hooks, DMA engine, RDTR/RADV/SRPD/RXDMT0
 *   e1000_rxbuf.c     the receive packet buffer (FIFO of whole frames)
 *   e1000_rxfilter.c  admission: size rules, address/VLAN filter, stats
 *   e1000_rxcsum.c    RXCSUM offload, packet checksum field
 *   common/nic_crc32.c  CRC32 (FCS): tables, carry-less multiply (the
 *                     family's, e1k_crc32* below)
 *
 * The internal helpers declared at the end are used only by those files.
 */
#ifndef E1K_E1000_RX_H
#define E1K_E1000_RX_H

#include <stdint.h>

#include "e1000.h"
#include "nic_crc32.h"

/** Inline storage of the packet buffer in bytes (PBA.RXA is at most 64 KB;
 *  SDM 13.4.16). */
#define E1K_RX_FIFO_BYTES 65536u
/** Buffer charge per frame: fixed status word, bytes (model choice). */
#define E1K_RX_FIFO_STATUS_BYTES 16u
/** Buffer charge granule: frame+FCS is rounded up to this, bytes. */
#define E1K_RX_FIFO_GRANULE 16u
/** Frame slots: every frame is charged at least 16+16 = 32 bytes, so at
 *  most 65536 / 32 frames can be held. */
#define E1K_RX_FIFO_SLOTS (E1K_RX_FIFO_BYTES / 32u)
/** Largest frame the model stores, bytes without FCS (16384 with FCS:
 *  the RCTL.LPE limit, SDM 13.7.36). */
#define E1K_RX_MAX_FRAME 16380u
/** Largest receive buffer (RCTL.BSEX=1, BSIZE=01: 16384 bytes). */
#define E1K_RX_MAX_BUF 16384u

/**
 * One frame held in the packet buffer.  Everything the EOP descriptor
 * needs is decided when the frame arrives (filtering, VLAN strip,
 * checksum offload and FCS are wire-side functions on real hardware).
 */
typedef struct E1kRxFrameMeta {
    uint16_t data_off; /**< offset of the first stored byte in data[] */
    uint16_t zeros;    /**< the frame's last bytes known to be zero and
                            not kept in data[] (a generated payload):
                            0, or E1K_ZERO_TAIL_MIN..len */
    uint16_t len;      /**< frame bytes, no FCS (after VLAN strip) */
    uint16_t wire_len; /**< bytes as received incl. FCS (DA..CRC); the
                            packet-buffer bytes charged follow from it
                            (e1k_rxbuf_charge) */
    uint16_t csum;     /**< packet checksum field (RXCSUM.PCSS), SDM 3.2.3 */
    uint16_t special;  /**< VLAN TCI when stripped (CTRL.VME), else 0 */
    uint8_t status;    /**< EOP status bits besides DD/EOP: IXSM VP
                            UDPCS TCPCS IPCS PIF (SDM Table 3-2) */
    uint8_t errors;    /**< EOP error bits: TCPE IPE (SDM 3.2.3.2) */
    uint8_t rnbc;      /**< 1 once RNBC was counted for this frame */
    uint8_t pad;       /**< 0 */
} E1kRxFrameMeta;

/** Receive-side state.  Owned by e1000_rx*.c.  Indices are slots into
 *  meta[] and byte offsets into data[]. */
typedef struct E1kRxState {
    /* ---- packet buffer (e1000_rxbuf.c) ---- */
    uint32_t cap;        /**< capacity in bytes: PBA.RXA KB at reset */
    uint32_t used;       /**< bytes charged by the frames held */
    uint32_t count;      /**< frames held, 0..E1K_RX_FIFO_SLOTS */
    uint32_t head;       /**< slot of the oldest frame */
    uint32_t data_tail;  /**< data[] offset where the next frame goes */
    /* ---- DMA engine (e1000_rx.c) ---- */
    uint32_t head_done;  /**< bytes of the head frame (+FCS) already
                              placed in host buffers */
    uint32_t head_total; /**< bytes of the head frame to place in host
                              memory (len, +4 unless RCTL.SECRC), fixed
                              at its first descriptor step; 0 = not yet */
    uint32_t step_active;/**< 1 while one descriptor step is in flight
                              (E1K_TMR_RXDMA armed) */
    uint32_t step_idx;   /**< ring index of the descriptor being filled */
    uint32_t step_chunk; /**< bytes of frame(+FCS) for this buffer */
    uint32_t step_null;  /**< 1: descriptor had buffer address 0 */
    uint32_t step_eop;   /**< 1: this step ends the frame */
    uint64_t step_desc;  /**< bus address of the descriptor */
    uint64_t step_buf;   /**< bus address of its buffer */
    E1kRxFrameMeta meta[E1K_RX_FIFO_SLOTS]; /**< frames, FIFO order */
    uint8_t data[E1K_RX_FIFO_BYTES];        /**< frame bytes, circular */
} E1kRxState;

/* ------------- internal API between the e1000_rx*.c files ------------- */

/** Capacity in bytes that PBA.RXA (KB, bits 6:0; clamped to 64) gives. */
uint32_t e1k_rxbuf_capacity_from_pba(uint32_t pba);
/** Bytes of packet buffer a frame of @wire_len bytes (DA..CRC) is
 *  charged: 16-byte status word + wire_len rounded up to 16 bytes. */
uint32_t e1k_rxbuf_charge(uint32_t wire_len);
/** Empty the buffer and set its capacity to @cap bytes (<= 64 KB). */
void e1k_rxbuf_reset(E1kRxState *rx, uint32_t cap);
/** 1 if a frame of @len stored bytes and @wire_len bytes on the wire
 *  (FCS included) fits in the buffer now (space by e1k_rxbuf_charge and
 *  a free slot, SDM 3.2.7.4), else 0.  e1k_rxbuf_push may be called
 *  exactly when this returns 1. */
int e1k_rxbuf_fits(const E1kRxState *rx, uint32_t len, uint16_t wire_len);
/** Append a frame of @len bytes that arrived with @wire_len bytes (FCS
 *  included) and FCS @fcs, its last @zeros <= @len bytes known to be
 *  zero: the bytes before those zeros and then the FCS (little-endian)
 *  go into data[]; a run of E1K_ZERO_TAIL_MIN or more zeros is not
 *  copied (meta.zeros), a shorter one is.  The caller has made sure it
 *  fits (e1k_rxbuf_fits returned 1 for the same @len and @wire_len; not
 *  checked again).  Returns its slot with data_off, zeros, len,
 *  wire_len, rnbc (0) and pad (0) filled in; the caller fills the
 *  descriptor fields (csum, special, status, errors). */
E1kRxFrameMeta *e1k_rxbuf_push(E1kRxState *rx, const uint8_t *frame,
                               uint32_t len, uint32_t zeros,
                               uint16_t wire_len, uint32_t fcs);
/** Copy @n bytes of the held head frame followed by its 4-byte FCS
 *  (little-endian), from byte @off on, into @dst: the kept bytes from
 *  data[] (around its end if they wrap), the zeros not kept written as
 *  zeros.  Caller keeps off+n <= len+4 and a frame held. */
void e1k_rxbuf_head_read(const E1kRxState *rx, uint32_t off, uint32_t n,
                         uint8_t *dst);
/** Drop the head frame (no-op if empty). */
void e1k_rxbuf_pop(E1kRxState *rx);
/** Metadata of the head frame, NULL if empty. */
const E1kRxFrameMeta *e1k_rxbuf_head(const E1kRxState *rx);
/** Structural check used by e1k_rx_validate: 0 ok, -1 bad. */
int e1k_rxbuf_check(const E1kRxState *rx);

/* The FCS (IEEE 802.3 CRC32) under e1000 names: the family's common
 * implementation, common/nic_crc32.c (nic_crc32.h documents each). */
/** nic_crc32: CRC32 of @len bytes, written low byte first. */
static inline uint32_t e1k_crc32(const uint8_t *data, uint32_t len)
{
    return nic_crc32(data, len);
}
/** nic_crc32_zeros: the CRC32 @fcs extended by @n zero bytes. */
static inline uint32_t e1k_crc32_zeros(uint32_t fcs, uint32_t n, int soft)
{
    return nic_crc32_zeros(fcs, n, soft);
}
/** nic_crc32_zt: CRC32 of @len bytes whose last @zeros are zero. */
static inline uint32_t e1k_crc32_zt(const uint8_t *data, uint32_t len,
                                    uint32_t zeros)
{
    return nic_crc32_zt(data, len, zeros);
}

/**
 * Receive checksum offload on a stored frame (after any VLAN strip) of
 * @len bytes (no FCS) whose EtherType sits at @l3_off - 2 (14, or 18
 * when a VLAN tag was left in place), per RXCSUM (SDM 3.2.9,
 * 13.4.x RXCSUM, 3.2.3):
 * sets IPCS/TCPCS/UDPCS/IXSM in *status and IPE/TCPE in *errors, and
 * returns the 16-bit packet checksum field (ones'-complement sum, not
 * complemented, of bytes PCSS..len-1).  The last @zeros bytes of the
 * frame are known to be zero (e1k_zero_tail; 0 if unknown): the sums
 * skip them (same values).
 */
uint16_t e1k_rx_checksum(uint32_t rxcsum, const uint8_t *frame,
                         uint32_t len, uint32_t l3_off, uint8_t *status,
                         uint8_t *errors, uint32_t zeros);

/** A frame was just appended to the packet buffer: count RNBC for it if
 *  hardware owns no descriptor now, then start the DMA engine if idle
 *  (e1000_rx.c). */
void e1k_rx_queued(E1kDev *s);
/** True if hardware owns at least one RX descriptor (ring usable and
 *  RDH != RDT; SDM 3.2.6). */
int e1k_rx_desc_available(const E1kDev *s);

#endif /* E1K_E1000_RX_H */
