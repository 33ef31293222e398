/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit-side state of the device model: descriptor processing
 * (SDM 3.3, 3.4), the offload context (SDM 3.3.6), TCP/UDP segmentation
 * progress (SDM 3.5-3.6), the transmit packet buffer (PBA.TXA, SDM
 * 13.4.16) and serialization on the wire ([IEEE-802.3]).
 * Plain data, no pointers: the whole struct is saved by byte copy and
 * checked by e1k_tx_validate() after a restore.
 *
 * Files (one job each):
 *   e1000_tx.c       register hooks, the descriptor fetch engine (bus
 *                    steps via E1K_TMR_TXDMA), DD write-back, TDH, and
 *                    the TXDW/TIDV/TADV/TXQE/TXD_LOW interrupts
 *   e1000_txdesc.c   per-descriptor frame assembly: legacy, context and
 *                    data descriptors, chain validation, checksum
 *                    insertion, VLAN insertion, PSP padding
 *   e1000_tso.c      TCP/UDP segmentation of a TSE chain
 *   e1000_txwire.c   the transmit packet buffer (FIFO of whole frames),
 *                    serialization timing (E1K_TMR_TXWIRE), TX counters
 *
 * The internal helpers declared at the end are used only by those files.
 */
#ifndef E1K_E1000_TX_H
#define E1K_E1000_TX_H

#include <stdint.h>

#include "e1000.h"

/** Largest frame or TSO segment the model assembles, bytes without FCS
 *  and before VLAN tag insertion (model bound: 16 KB; a legacy buffer is
 *  at most 16288 bytes, SDM 3.3.3).  Longer chains are dropped. */
#define E1K_TX_FRAME_MAX 16384u
/** Assembly buffer: largest frame plus a 4-byte 802.1Q tag. */
#define E1K_TX_BUF_BYTES (E1K_TX_FRAME_MAX + 4u)
/** Inline storage of the transmit packet buffer, bytes (PBA.TXA is at
 *  most 64 KB, SDM 13.4.16).  A power of two (offsets wrap by mask). */
#define E1K_TX_FIFO_BYTES 65536u
/** Per-frame header in the packet buffer, bytes (model choice: a 16-byte
 *  status word per frame, frame bytes rounded up to 16). */
#define E1K_TX_FIFO_HDR 16u
/** TSO header buffer: HDRLEN is an 8-bit field (SDM 3.3.6). */
#define E1K_TX_HDR_MAX 256u
/** Extra delay of a frame in PHY loopback (BMCR.LOOPBACK), ns: the
 *  PHY's own transmit-to-receive path.  The M88E1011's figure is not
 *  public; this is the one published for another gigabit copper PHY,
 *  National's DP83865 (datasheet, GMII receive timing: "MDI to GMII
 *  latency" 384 ns max, [DP83865]), used at every speed (model
 *  assumption, docs/model.md "Loopback").  Shorter than the shortest
 *  frame's time on the wire (672 ns at 1000 Mb/s), so at most one frame
 *  is in the loop. */
#define E1K_PHY_LOOP_NS 384u

/** Phases of the descriptor fetch engine (e1000_tx.c). */
typedef enum E1kTxPhase {
    E1K_TXP_IDLE = 0,     /**< nothing in flight */
    E1K_TXP_DESC = 1,     /**< descriptor fetch in flight (TXDMA armed) */
    E1K_TXP_DATA = 2,     /**< data fetch of `chunk` bytes in flight */
    E1K_TXP_WB = 3,       /**< DD write-back in flight */
    E1K_TXP_FIFO_WAIT = 4,/**< next data fetch waits for packet-buffer
                               space (resumed when a frame leaves) */
    E1K_TXP_COUNT
} E1kTxPhase;

/** Offload context loaded by a context descriptor (SDM 3.3.6, Table 3-12).
 *  Offsets are bytes from the start of the frame; *CSE are inclusive
 *  end offsets (0: end of packet). */
typedef struct E1kTxContext {
    uint32_t ipcss, ipcso, ipcse; /**< IP checksum start/offset/end */
    uint32_t tucss, tucso, tucse; /**< TCP/UDP checksum start/offset/end */
    uint32_t paylen;              /**< TSO payload bytes (20 bits) */
    uint32_t tucmd;               /**< TUCMD byte: TCP, IP, TSE, RS, IDE */
    uint32_t hdrlen;              /**< TSO header bytes (8 bits) */
    uint32_t mss;                 /**< TSO segment payload bytes (16 bits) */
} E1kTxContext;

/** Transmit-side state.  Owned by e1000_tx*.c and e1000_tso.c. */
typedef struct E1kTxState {
    E1kTxContext ctx;     /**< current offload context */
    /* ---- fetch engine (e1000_tx.c) ---- */
    uint32_t phase;       /**< E1kTxPhase */
    uint32_t desc_idx;    /**< ring index the descriptor was fetched at */
    uint32_t desc_done;   /**< bytes of its buffer consumed so far */
    uint32_t chunk;       /**< bytes of the data fetch in flight */
    uint32_t desc_wb;     /**< 1: current descriptor needs DD (RS) */
    uint32_t active;      /**< 1: at least one descriptor processed since
                               the engine last went idle (TXQE) */
    uint8_t desc[16];     /**< the descriptor being processed, raw LE */
    uint32_t desc_len;    /**< its buffer bytes (0: context, bad, null
                               address), decoded once by e1k_txd_begin */
    uint32_t desc_eop;    /**< 1: it ends a frame (EOP, not a context),
                               decoded once by e1k_txd_begin */
    /* ---- frame assembly (e1000_txdesc.c) ---- */
    uint32_t in_frame;    /**< 1: descriptors of a frame seen, no EOP yet */
    uint32_t ext;         /**< 1: current frame uses extended descriptors */
    uint32_t discard;     /**< 1: dropping the chain until its EOP */
    uint32_t chain_desc;  /**< descriptors in the current chain */
    uint32_t frame_len;   /**< bytes assembled in frame[] */
    uint32_t popts;       /**< POPTS of the first data descriptor */
    uint32_t first_cmd;   /**< DCMD of the first data descriptor */
    uint32_t first_special; /**< special field of the first data desc */
    /* ---- segmentation (e1000_tso.c) ---- */
    uint32_t tso;         /**< 1: current frame is a TSE chain */
    uint32_t tso_done;    /**< 1: PAYLEN bytes all sent */
    uint32_t hdr_have;    /**< header bytes collected in hdr[] */
    uint32_t seg_pay;     /**< payload bytes in the current segment */
    uint32_t pay_sent;    /**< payload bytes in segments already emitted */
    uint32_t seg_count;   /**< segments emitted for this chain */
    uint8_t hdr[E1K_TX_HDR_MAX];   /**< original header (HDRLEN bytes) */
    uint8_t frame[E1K_TX_BUF_BYTES]; /**< frame / segment being built */
    /* ---- packet buffer and wire (e1000_txwire.c) ---- */
    uint32_t fifo_cap;    /**< capacity, bytes: PBA.TXA KB at reset */
    uint32_t fifo_head;   /**< offset of the oldest frame's header */
    uint32_t fifo_used;   /**< bytes charged by the frames held */
    uint32_t fifo_count;  /**< frames held (including the one on wire) */
    uint32_t wire_busy;   /**< 1: head frame is being serialised */
    uint64_t wire_free_ns;/**< wire idle (IPG over) from this time, ns */
    uint8_t fifo[E1K_TX_FIFO_BYTES]; /**< headers + frames, circular */
    /* ---- PHY loopback (e1000_txwire.c) ---- */
    uint32_t loop_full;   /**< 1: loop[] holds a frame in the PHY loop */
    uint32_t loop_len;    /**< its bytes (no FCS) */
    uint8_t loop[E1K_TX_BUF_BYTES]; /**< the frame, back at E1K_TMR_LOOP */
} E1kTxState;

/* ------------- internal API between the e1000_tx*.c files ------------- */

/** Frame flags kept in the packet buffer with each frame. */
#define E1K_TXF_IFCS 1u   /**< append FCS (4 bytes on the wire) */
#define E1K_TXF_TSO  2u   /**< a segment of a TSE chain */

/** Packet-buffer bytes a frame of @len bytes (no FCS) is charged:
 *  16-byte header + (len + 4) rounded up to 16. */
uint32_t e1k_txfifo_charge(uint32_t len);
/** Bytes of packet buffer free (0 if over capacity). */
uint32_t e1k_txfifo_free(const E1kTxState *tx);
/** Append a finished frame; returns 0, or -1 if it does not fit the
 *  inline storage (caller counts a drop).  Starts serialization if the
 *  wire is idle. */
int e1k_txfifo_push(E1kDev *s, const uint8_t *frame, uint32_t len,
                    uint32_t flags);
/** Start serialising the head frame if possible (link up, wire idle). */
void e1k_txwire_kick(E1kDev *s);
/** E1K_TMR_TXWIRE fired: the head frame's last bit left. */
void e1k_txwire_done(E1kDev *s);
/** Link went down: abandon the frame on the wire (sent again whole
 *  after link up). */
void e1k_txwire_abort(E1kDev *s);
/** Inter-packet gap in bytes: max(12, TIPG.IPGT + 4) (SDM 13.4.34,
 *  [IEEE-802.3]). */
uint32_t e1k_tx_ipg_bytes(uint32_t tipg);

/** Result of one descriptor / data step of the assembly (txdesc.c). */
typedef enum E1kTxStep {
    E1K_TXS_DONE = 0,   /**< descriptor finished (no more data) */
    E1K_TXS_FETCH = 1,  /**< fetch tx->chunk bytes of its buffer next */
} E1kTxStep;

/** A descriptor was fetched into tx->desc: classify it, load a context,
 *  start or continue the chain, validate it (bad chains are dropped). */
void e1k_txd_begin(E1kDev *s);
/** After restore: the decoded fields agree with the descriptor they were
 *  decoded from (desc_len, desc_eop as e1k_txd_begin sets them,
 *  desc_done <= desc_len) and a plain frame in progress still fits the
 *  frame buffer with the rest of the descriptor.  0 ok, -1 bad. */
int e1k_txd_validate(const E1kTxState *tx);
/** Compute the next data chunk of the current descriptor (tx->chunk)
 *  and the packet-buffer bytes it needs before it may be fetched
 *  (*need, 0 if none).  Returns DONE if the buffer is finished. */
E1kTxStep e1k_txd_next_chunk(E1kDev *s, uint32_t *need);
/** The data fetch of tx->chunk bytes completed: read them from guest
 *  memory (a fault drops the frame) and consume them.  Returns true if
 *  the descriptor is known finished (e1k_txd_next_chunk would say DONE:
 *  its buffer consumed, or the chain dropped), false if that is to be
 *  asked. */
bool e1k_txd_data(E1kDev *s);
/** The engine may continue after packet-buffer space was freed. */
void e1k_tx_resume(E1kDev *s);
/** The descriptor is finished: at EOP finish / drop the frame. */
void e1k_txd_end(E1kDev *s);
/** Abandon the current chain: count it, discard until EOP if @until_eop. */
void e1k_txd_drop(E1kDev *s, int bad_desc, int until_eop);
/** Finish a frame in frame[0..len): VLAN tag, PSP padding, push. */
void e1k_txd_emit(E1kDev *s, uint32_t len, uint32_t cmd, uint32_t special,
                  uint32_t flags);
/** Insert a checksum over [css, cse] (cse inclusive, 0 = end) at @cso of
 *  @f (@len bytes) with extra one's-complement addend @add; @udp maps a
 *  result of 0 to 0xFFFF.  Out-of-range offsets: nothing is written. */
void e1k_tx_put_csum(uint8_t *f, uint32_t len, uint32_t css, uint32_t cso,
                     uint32_t cse, uint32_t add, int udp);

/** Offset in tx->frame where the next TSE data byte goes: header bytes
 *  at hdr_have until HDRLEN is complete, then payload after the header. */
uint32_t e1k_tso_dest(const E1kTxState *tx);
/** @n TSE data bytes were stored at e1k_tso_dest(): account them and
 *  emit the segment when it is full (MSS) or PAYLEN is reached. */
void e1k_tso_data(E1kDev *s, uint32_t n);
/** Bytes the current TSO segment still wants (header + payload). */
uint32_t e1k_tso_want(const E1kTxState *tx);
/** Packet-buffer bytes the current TSO segment will be charged. */
uint32_t e1k_tso_seg_need(const E1kTxState *tx);
/** Check the context for a TSO chain; 0 ok, -1 unusable (dropped). */
int e1k_tso_check(const E1kTxState *tx);
/** EOP of a TSO chain: 0 if it ended consistently, -1 otherwise. */
int e1k_tso_eop(const E1kTxState *tx);

#endif /* E1K_E1000_TX_H */
