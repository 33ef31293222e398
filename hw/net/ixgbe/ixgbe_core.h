/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal state and internal API of the 82598EB model.  Only files in
 * hw/net/ixgbe include this; hosts use ixgbe.h.
 *
 * Ownership of the parts (one file, one job; docs/model-82598.md):
 *   ixgbe_core.c      create/reset, entry points, timers, DMA, clock
 *   ixgbe_regs.c      the register file: table of offsets, masks, reset
 *                     values and kinds; dispatch of reads and writes
 *   ixgbe_intr.c      EICR/EICS/EIMS/EIMC/EIAC/EIAM/GPIE, IVAR, EITR per
 *                     vector, INTx/MSI/MSI-X delivery, built-in MSI-X
 *                     table and PBA (datasheet 3.5.4)
 *   ixgbe_eeprom.c    EEPROM image, EEC, EERD, SWSM/GSSR semaphores
 *   ixgbe_link.c      LINKS, AUTOC, link timer, MDIO (MSCA/MSRWD),
 *                     ATLASCTL analog registers
 *   ixgbe_stats.c     statistics registers: clear-on-read, saturation
 *   ixgbe_ring.c      descriptor rings of both directions: ownership,
 *                     fetch (PTHRESH/HTHRESH), write-back batching
 *                     (WTHRESH), queue enable
 *   ixgbe_rx.c        receive DMA engine over the packet buffer
 *   ixgbe_rxfilter.c  admission: size, L2 and VLAN filters, RSS queue,
 *                     checksum, DROP_EN, packet buffer, statistics
 *   ixgbe_rss.c       Toeplitz hash, RETA, MRQC
 *   ixgbe_tx.c        transmit DMA engine: queue arbitration, reads in
 *                     flight, write-back, head write-back
 *   ixgbe_txdesc.c    transmit descriptors: legacy, advanced context and
 *                     data, checksum offload, TSO
 *   ixgbe_txwire.c    transmit packet buffer and the 10GBASE wire,
 *                     MAC loopback
 *   ixgbe_savestate.c save/restore; ixgbe_trace.c trace names and text
 *
 * The state is a plain struct with no pointers besides the port; the
 * part before `cfg` is derived or scratch and rebuilt after a restore.
 */
#ifndef IXG_IXGBE_CORE_H
#define IXG_IXGBE_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "ixgbe.h"
#include "ixgbe_regs.h"
#include "nic_bus.h"
#include "nic_eth.h"
#include "nic_l34.h"
#include "nic_pktbuf.h"
#include "nic_timers.h"
#include "nic_txfifo.h"

/** Register slots of the 128 KB BAR. */
#define IXG_NREGS (IXG_MMIO_SIZE / 4u)

/* ---- sizes of the on-chip resources (datasheet 1.0, 3.5; the
 * descriptor caches as Linux's ixgbe describes them: 64 RX descriptors
 * per queue, "PTHRESH=32 ... half the internal cache", and 40 TX
 * descriptors, "the number of on chip descriptors, which is currently
 * 40") ---- */
#define IXG_RX_PB_BYTES   (512u * 1024u)  /**< receive packet buffer */
#define IXG_RX_PB_SLOTS   8192u           /**< > 512 KB / 80 B frames */
#define IXG_TX_PB_BYTES   (512u * 1024u)  /**< storage for TXPBSIZE */
#define IXG_RX_DESC_CACHE 64u
#define IXG_TX_DESC_CACHE 40u
/** Largest frame the model stores, bytes without FCS (16 KB jumbo
 *  frames, datasheet 1.0; MHADD.MFS is 16 bits). */
#define IXG_MAX_FRAME 16380u
/** Largest TSO payload + header the model assembles per chain (Linux
 *  limits the 82598 to 64 KB, ixgbe_configure_dcb). */
#define IXG_TSO_MAX (65536u + 256u)
/** Transmit frames whose data reads may be in flight at once (PCIe read
 *  requests outstanding; model choice). */
#define IXG_TX_FLIGHT_MAX 16u
/** Data buffers one transmit frame may span (Linux uses at most
 *  MAX_SKB_FRAGS + 1 = 18 plus a context descriptor). */
#define IXG_TX_FRAME_DESC 40u

/* ---- timers ---- */
enum {
    IXG_TMR_RXDMA = 0, /**< receive engine step completes */
    IXG_TMR_TXDMA,     /**< transmit engine: descriptors arrived / resume */
    IXG_TMR_TXDATA,    /**< the oldest transmit data read completes */
    IXG_TMR_TXWIRE,    /**< a frame finished serialising */
    IXG_TMR_LINK,      /**< the link comes up */
    IXG_TMR_VEC0,      /**< + v: vector v's throttle gate or message */
    IXG_TMR_COUNT = IXG_TMR_VEC0 + IXG_MSIX_VECTORS
};

/** A descriptor ring's on-chip view (datasheet 3.5.2.6-7, 3.5.3.6). */
typedef struct IxgRing {
    uint32_t fetched;     /**< descriptors from next on, fetched, usable */
    uint32_t inflight;    /**< descriptors being fetched after those */
    uint64_t inflight_ns; /**< when they arrive */
    uint32_t next;        /**< ring index of the next descriptor to use */
    uint32_t wb_count;    /**< used descriptors not yet written back */
    uint32_t wb_first;    /**< ring index of the first of them */
    uint32_t enabled;     /**< 1: the queue runs (RXDCTL/TXDCTL.ENABLE
                               written and the link up) */
} IxgRing;

/** What a received frame's descriptor will say, decided on arrival. */
typedef struct IxgRxMeta {
    uint32_t rss_hash;   /**< RSS hash (advanced write-back dword 1) */
    uint32_t staterr;    /**< status 19:0, errors 31:20 (advanced layout;
                              DD/EOP added on write-back) */
    uint16_t pkt_info;   /**< RSS type 3:0, packet type 15:4 */
    uint16_t vlan;       /**< the stripped tag (status VP) */
    uint8_t queue;       /**< destination queue 0..63 */
    uint8_t rnbc;        /**< 1 once RNBC was counted for it */
    /** 1: its FCS was not computed on arrival, HLREG0.RXCRCSTRP being set
     *  (the bytes behind the frame are a placeholder); computed when the
     *  frame goes to host memory with its FCS (ixgbe_rx.c head_fcs) */
    uint8_t fcs_later;
    uint8_t pad;
} IxgRxMeta;

/** One receive queue. */
typedef struct IxgRxQ {
    IxgRing r;
    uint32_t pb_frames;  /**< its frames waiting in the packet buffer */
    uint32_t pad;
    /** write-back contents of the used, unwritten descriptors */
    uint8_t wb[IXG_RX_DESC_CACHE][IXG_DESC_SIZE];
} IxgRxQ;

/** Receive side. */
typedef struct IxgRxState {
    NicPktBuf pb;                     /**< the packet buffer (PB0) */
    NicPktSlot slot[IXG_RX_PB_SLOTS];
    IxgRxMeta meta[IXG_RX_PB_SLOTS];
    uint32_t head_done;   /**< bytes of the head frame already placed */
    uint32_t step;        /**< IxgRxStep of the engine */
    uint32_t step_q;      /**< queue of the step in flight */
    uint32_t step_ndesc;  /**< descriptors the step in flight uses */
    uint64_t wb_mask;     /**< bit q: queue q has used descriptors not
                               yet written back */
    IxgRxQ q[IXG_NUM_RX_QUEUES];
    uint8_t data[IXG_RX_PB_BYTES];
} IxgRxState;

/** A receive queue's configuration as the engine uses it: derived from
 *  its registers by ixg_rx_derive_q whenever they are written (not
 *  saved; rebuilt after a reset or restore). */
typedef struct IxgRxQCfg {
    uint64_t base;     /**< ring base address (RDBAH:RDBAL) */
    uint32_t ndesc;    /**< descriptors in the ring (RDLEN / 16) */
    uint32_t bufsize;  /**< packet buffer bytes (SRRCTL.BSIZEPACKET) */
    uint32_t wthresh;  /**< RXDCTL.WTHRESH, 0 counted as 1, at most the
                            descriptor cache */
    uint8_t legacy;    /**< 1: SRRCTL.DESCTYPE legacy */
    uint8_t drop_en;   /**< 1: SRRCTL.DROP_EN */
    uint8_t pad[2];
} IxgRxQCfg;

/** Receive engine states. */
enum IxgRxStep {
    IXG_RXS_IDLE = 0,   /**< nothing in flight */
    IXG_RXS_DESC = 1,   /**< waiting for descriptors being fetched */
    IXG_RXS_DATA = 2,   /**< the head frame's data write in flight */
};

/** Advanced transmit context (datasheet 3.5.3.3): one of two slots. */
typedef struct IxgTxCtx {
    uint32_t vlan_macip_lens;  /**< IPLEN 8:0, MACLEN 15:9, VLAN 31:16 */
    uint32_t type_tucmd;       /**< TUCMD 18:9 (IPV4 b10, L4T 12:11) */
    uint32_t mss_l4len;        /**< L4LEN 15:8, MSS 31:16 */
    uint32_t valid;            /**< 1 once loaded */
} IxgTxCtx;

/** One data buffer of a transmit frame. */
typedef struct IxgTxBuf {
    uint64_t addr;
    uint32_t len;
    uint32_t pad;
} IxgTxBuf;

/** A transmit frame whose data read is in flight. */
typedef struct IxgTxFlight {
    uint64_t ready_ns;   /**< the data has arrived */
    uint32_t q;          /**< queue */
    uint32_t ndesc;      /**< descriptors it consumed (context included) */
    uint32_t nbuf;       /**< data buffers */
    uint32_t bytes;      /**< data bytes */
    uint32_t charge;     /**< packet-buffer bytes reserved for it */
    uint32_t cmd;        /**< DCMD of the first data descriptor (IFCS,
                              VLE, TSE; legacy: IC) */
    uint32_t popts;      /**< POPTS (IXSM, TXSM); legacy: CSO | CSS<<8 */
    uint32_t vlan;       /**< tag to insert (VLE) */
    uint32_t ctx;        /**< context slot (advanced) */
    uint32_t legacy;     /**< 1: legacy descriptors */
    uint32_t bad;        /**< 1: a malformed chain: consumed, not sent */
    uint32_t paylen;     /**< PAYLEN of the first data descriptor */
    uint64_t rs_mask;    /**< bit i: descriptor i of the frame has RS */
    IxgTxCtx cx;         /**< context slot ctx as the frame's descriptors
                              found it (advanced): a context descriptor
                              behind the frame may reload the slot while
                              its data is still in flight */
    IxgTxBuf buf[IXG_TX_FRAME_DESC];
} IxgTxFlight;

/** One transmit queue.  Its ring's wb_count counts the done
 *  descriptors with RS whose write-back is pending, rs[] holds them. */
typedef struct IxgTxQ {
    IxgRing r;
    IxgTxCtx ctx[2];
    /** ring index | 1 << 16 for a legacy descriptor, per pending RS */
    uint32_t rs[IXG_TX_DESC_CACHE];
} IxgTxQ;

/** Transmit side. */
typedef struct IxgTxState {
    IxgTxQ q[IXG_NUM_TX_QUEUES];
    uint32_t rr;          /**< next queue the arbiter looks at */
    uint32_t wb_mask;     /**< bit q: queue q has done descriptors not
                               yet written back */
    uint32_t desc_wait;   /**< 1: the engine waits for a descriptor fetch
                               (IXG_TMR_TXDMA armed) */
    uint32_t fl_head, fl_count;  /**< the frames in flight, FIFO */
    IxgTxFlight fl[IXG_TX_FLIGHT_MAX];
    uint32_t reserved;    /**< packet-buffer bytes reserved by them */
    uint32_t wire_busy;   /**< 1: the head frame is being serialised */
    uint32_t active;      /**< bit q: queue q may have work */
    NicWireClock wire_end;  /**< the frame on the wire ends here */
    NicWireClock wire_free; /**< the wire idle (gap over) from here */
    NicTxFifo fifo;
    uint8_t data[IXG_TX_PB_BYTES];
} IxgTxState;

/** One interrupt vector (MSI-X entry, or the one of INTx/MSI). */
typedef struct IxgVec {
    uint64_t gate_ns;   /**< no message before this (EITR, 3.5.4.2) */
    uint32_t state;     /**< IxgVecState */
    uint32_t pba;       /**< built-in table: message pending (masked) */
} IxgVec;

enum IxgVecState {
    IXG_VEC_IDLE = 0,   /**< nothing under way */
    IXG_VEC_GATE = 1,   /**< a cause waits for the throttle gate */
    IXG_VEC_SEND = 2,   /**< write-backs flushed, message posted: it
                             arrives at the timer */
};

/** Statistics registers that count something (ixgbe_stats.c): GPRC,
 *  GORCH, TPR, TORH, BPRC, MPRC, PRC64-1522 (6), RUC, ROC, MPC0, RNBC0,
 *  GPTC, GOTCH, TPT, PTC64-1522 (6), BPTC, MPTC, then QPRC, QBRC, QPTC,
 *  QBTC of queues 0-15. */
#define IXG_STAT_SLOTS (27u + 4u * IXG_QSTAT_QUEUES)

/** EEPROM size, 16-bit words (EEC.SIZE = 2: 2^(2+6)). */
#define IXG_EEPROM_WORDS 256u

/** One device instance.  See ixgbe.h for the public contract. */
struct IxgDev {
    /* ---- not saved: derived from the saved state, or scratch ---- */
    IxgPort port;
    NicTimerIndex tix;             /**< over timer[] (nic_timers.h) */
    NicPcieCost pcie;              /**< from cfg.bus */
    uint32_t wire_byte_ps;         /**< from LINKS speed */
    uint32_t trace_overrun;        /**< 1 while overrun drops run */
    /** Toeplitz lookup from RSSRK: rss_lut[i][b] is the hash of byte
     *  value b at input byte i (ixgbe_rss.c) */
    uint32_t rss_lut[36][256];
    /** interrupt routing from IVAR, GPIE and the mode (ixgbe_intr.c) */
    uint8_t rxq_bit[IXG_NUM_RX_QUEUES]; /**< EICR bit or vector, 0xFF none */
    uint8_t txq_bit[IXG_NUM_TX_QUEUES];
    uint32_t vec_mask[IXG_MSIX_VECTORS];   /**< EICR bits of vector v */
    uint64_t vec_rxq[IXG_MSIX_VECTORS];    /**< RX queues of vector v */
    uint32_t vec_txq[IXG_MSIX_VECTORS];    /**< TX queues of vector v */
    IxgRxQCfg rxc[IXG_NUM_RX_QUEUES];      /**< receive queue set-up */
    uint8_t frame[IXG_TSO_MAX];    /**< transmit assembly scratch */
    uint8_t seg[IXG_MAX_FRAME + 64u]; /**< one segment / gather scratch */
    uint8_t tx_wrap[IXG_MAX_FRAME + 64u]; /**< a wrapped frame leaving */
    /** 1 + the transmit queue whose next frame, parsed whole from its
     *  fetched descriptors, waits in the flight slot behind the frames in
     *  flight for packet-buffer room (ixgbe_tx.c try_queue: parsed once,
     *  not again at each frame that leaves the wire, as the chip holds
     *  fetched descriptors on chip); 0: none.  Cleared when the frame is
     *  issued, the queue stops or starts, its ring or TDH is written, a
     *  fetch is needed, at reset and restore (then parsed again). */
    uint32_t tx_parsed;
    /* ---- saved from here on ---- */
    IxgConfig cfg;
    uint32_t reg[IXG_NREGS];
    uint64_t timer[IXG_TMR_COUNT];
    uint64_t announced_deadline;
    uint64_t now_ns;
    NicPcieLink link;              /**< PCIe directions (nic_bus.h) */
    uint32_t irq_mode;             /**< IxgIrqMode */
    uint32_t func_masked;          /**< MSI-X function mask */
    uint32_t irq_level;            /**< INTx line, or MSI's internal one */
    uint32_t ioaddr;               /**< I/O BAR IOADDR */
    uint32_t ext_pending;          /**< MSI-X: queue causes of vectors
                                        16.. (no EICR bit) */
    uint32_t cable;                /**< link partner present */
    uint32_t link_ok;              /**< the link with the partner is
                                        established (LINKS.UP unless
                                        forced by AUTOC.FLU) */
    IxgVec vec[IXG_MSIX_VECTORS];
    uint32_t msix[IXG_MSIX_VECTORS][4]; /**< built-in MSI-X table */
    uint16_t eeprom[IXG_EEPROM_WORDS];
    uint8_t analog[256];           /**< Atlas analog registers */
    IxgRxState rx;
    IxgTxState tx;
    IxgTotals totals;
    IxgQueueTotals qtot[IXG_NUM_RX_QUEUES];
    uint64_t vec_msgs[IXG_MSIX_VECTORS];
    uint64_t prc[6];               /**< PRC64 .. PRC1522, cumulative */
    uint64_t ptc[6];               /**< PTC64 .. PTC1522, cumulative */
    /** each counting statistics register's cumulative count at its last
     *  read (or reset): the register reads the difference */
    uint64_t stat_base[IXG_STAT_SLOTS];
};

/* ------------------------------- core ------------------------------- */

/** Register value by byte offset (no side effects). */
static inline uint32_t ixg_reg(const IxgDev *s, uint32_t off)
{
    return s->reg[off >> 2];
}

/** Set a register slot directly (no side effects). */
static inline void ixg_reg_set(IxgDev *s, uint32_t off, uint32_t v)
{
    s->reg[off >> 2] = v;
}

/** Report trace event @ev if the host set a trace callback. */
static inline void ixg_trace(IxgDev *s, IxgTraceEvent ev, uint64_t a,
                             uint64_t b)
{
    if (s->port.trace) {
        s->port.trace(s->port.opaque, (unsigned)ev, a, b);
    }
}

/** Arm timer @id at @when (a time computed from the clock). */
static inline void ixg_timer_set(IxgDev *s, uint32_t id, uint64_t when)
{
    nic_timer_set(&s->tix, s->timer, id, when);
}

/** Disarm timer @id. */
static inline void ixg_timer_cancel(IxgDev *s, uint32_t id)
{
    nic_timer_cancel(&s->tix, s->timer, id);
}

/** True if timer @id is armed. */
static inline bool ixg_timer_armed(const IxgDev *s, uint32_t id)
{
    return nic_timer_armed(s->timer, id);
}

/** True if the link is up (LINKS.UP). */
static inline bool ixg_link_up(const IxgDev *s)
{
    return (ixg_reg(s, IXG_LINKS) & IXG_LINKS_UP) != 0;
}

/** Host pointer of @len bytes at bus address @addr inside the port's DMA
 *  window, else NULL. */
static inline uint8_t *ixg_dma_window(const IxgDev *s, uint64_t addr,
                                      uint32_t len)
{
    uint64_t off = addr - s->port.dma_base;
    if (off < s->port.dma_size && len <= s->port.dma_size - off) {
        return s->port.dma_mem + off;
    }
    return NULL;
}

/** DMA through the port callbacks: 0, or -1 on a fault (traced). */
int ixg_dma_read_port(IxgDev *s, uint64_t addr, void *buf, uint32_t len);
int ixg_dma_write_port(IxgDev *s, uint64_t addr, const void *buf,
                       uint32_t len);

/** DMA of @len bytes: a copy inside the window, else through the port. */
static inline int ixg_dma_read(IxgDev *s, uint64_t addr, void *buf,
                               uint32_t len)
{
    const uint8_t *p = ixg_dma_window(s, addr, len);
    if (p) {
        memcpy(buf, p, len);
        return 0;
    }
    return ixg_dma_read_port(s, addr, buf, len);
}

static inline int ixg_dma_write(IxgDev *s, uint64_t addr, const void *buf,
                                uint32_t len)
{
    uint8_t *p = ixg_dma_window(s, addr, len);
    if (p) {
        memcpy(p, buf, len);
        return 0;
    }
    return ixg_dma_write_port(s, addr, buf, len);
}

/** Reset of every part: power-on (@power_on: creation, ixg_reset, a
 *  failed restore) or CTRL.RST (keeps the cable and link, the analog
 *  registers, the interrupt mode and built-in MSI-X table, which belong
 *  to the PCI function and its configuration space, and the totals). */
void ixg_device_reset(IxgDev *s, bool power_on);
/** True if @cfg describes a device the model can build. */
bool ixg_config_valid(const IxgConfig *cfg);
/** Rebuild everything derived from the saved state (timer index, PCIe
 *  costs, wire speed, RSS table, interrupt routing). */
void ixg_derive(IxgDev *s);
/** End of an entry point: announce the earliest deadline if it changed. */
void ixg_leave(IxgDev *s);

/* ------------------- register file (ixgbe_regs.c) ------------------- */

/** Reset every register to its power-on value (@power_on) or its
 *  CTRL.RST value (the registers a software reset keeps are kept). */
void ixg_regs_reset(IxgDev *s, bool power_on);
/** Register read with side effects (@side) or without. */
uint32_t ixg_reg_read(IxgDev *s, uint32_t off, bool side);
/** Register write (dword-aligned @off, full 32-bit value). */
void ixg_reg_write(IxgDev *s, uint32_t off, uint32_t val);
/** After restore: every stored register holds only its writable bits.
 *  0 ok, -1 bad. */
int ixg_regs_validate(const IxgDev *s);
/** Self-check of the register table (sorted, no overlap). */
bool ixg_reg_table_sorted(void);

/* ---------------------- interrupts (ixgbe_intr.c) -------------------- */

/** Set EICR causes @bits (other causes also set OTHER when enabled) and
 *  re-evaluate the vectors they reach. */
void ixg_set_cause(IxgDev *s, uint32_t bits);
/** A queue event: RX queue @q (@tx 0) or TX queue @q (@tx 1) raises its
 *  cause as IVAR maps it. */
void ixg_queue_cause(IxgDev *s, uint32_t q, int tx);
/** Re-evaluate every vector (after a change of EICR, EIMS, mode...). */
void ixg_update_irq(IxgDev *s);
/** Register hooks. */
uint32_t ixg_intr_read(IxgDev *s, uint32_t off, bool side);
void ixg_intr_write(IxgDev *s, uint32_t off, uint32_t val);
/** Vector @v's timer fired. */
void ixg_vec_timer(IxgDev *s, uint32_t v);
/** Rebuild the routing from IVAR and the mode. */
void ixg_intr_route(IxgDev *s);
/** Power-on/CTRL.RST state of the vectors and the built-in table. */
void ixg_intr_reset(IxgDev *s, bool power_on);
/** After restore: vector states, levels, table.  0 ok, -1 bad. */
int ixg_intr_validate(const IxgDev *s);
/** Mode change (ixg_set_irq_mode after its checks). */
void ixg_intr_set_mode(IxgDev *s, uint32_t mode, uint32_t func_masked);
/** Built-in MSI-X table access (ixg_msix_read/write after checks). */
uint32_t ixg_msix_table_read(const IxgDev *s, uint32_t off);
void ixg_msix_table_write(IxgDev *s, uint32_t off, uint32_t val);

/* ------------------------- EEPROM (ixgbe_eeprom.c) ------------------- */

/** Build the image from cfg (MAC, IDs, checksum to 0xBABA). */
void ixg_eeprom_init(IxgDev *s);
/** The checksum ixgbe's validation computes over @words (words
 *  0x00-0x3E and the sections the pointers 0x03-0x0E point to). */
uint16_t ixg_eeprom_checksum(const uint16_t *words, uint32_t n);
/** Load the station address from the EEPROM into RAL0/RAH0 (AV). */
void ixg_eeprom_load_mac(IxgDev *s);
/** Register hooks: EEC, EERD, SWSM, GSSR. */
uint32_t ixg_eeprom_read(IxgDev *s, uint32_t off, bool side);
void ixg_eeprom_write(IxgDev *s, uint32_t off, uint32_t val);
/** After restore: the image equals the config's.  0 ok, -1 bad. */
int ixg_eeprom_validate(const IxgDev *s);

/* --------------------------- link (ixgbe_link.c) --------------------- */

/** Power-on: LINKS per the cable, no LSC. */
void ixg_link_power_on(IxgDev *s);
/** Recompute LINKS.UP (cable, FLU, link timer) and raise LSC on change. */
void ixg_link_update(IxgDev *s);
/** Cable plugged/unplugged. */
void ixg_link_set_cable(IxgDev *s, int up);
/** Link timer fired. */
void ixg_link_timer(IxgDev *s);
/** Register hooks: AUTOC, LINKS, MSCA, MSRWD, ATLASCTL, CTRL.LRST. */
uint32_t ixg_link_read(IxgDev *s, uint32_t off);
void ixg_link_write(IxgDev *s, uint32_t off, uint32_t val);
/** Link reset (CTRL.LRST): link down, back after link_ns. */
void ixg_link_reset(IxgDev *s);

/* ----------------------- statistics (ixgbe_stats.c) ------------------ */

/** Count a frame of @len bytes (incl. FCS) in the size buckets @b
 *  (s->prc or s->ptc: 64, 65-127, ..., 1024-1522 bytes). */
static inline void ixg_stat_size(uint64_t *b, uint32_t len)
{
    if (len >= 64u && len <= 1522u) {
        b[len == 64u ? 0 : len < 128u ? 1 : len < 256u ? 2 : len < 512u ? 3
          : len < 1024u ? 4 : 5]++;
    }
}
/** A statistics register's value (@side: a read, which clears it). */
uint32_t ixg_stats_read(IxgDev *s, uint32_t off, bool side);
/** Every statistics register reads 0 from now on (reset). */
void ixg_stats_reset(IxgDev *s);
/** 0 if every register's base lies at or below its count, else -1. */
int ixg_stats_validate(const IxgDev *s);

/* ----------------------- rings (ixgbe_ring.c) ------------------------ */

/** Descriptors in ring @base's RDLEN/TDLEN (@len_off), 0 if none. */
static inline uint32_t ixg_ring_ndesc(const IxgDev *s, uint32_t len_off)
{
    return (ixg_reg(s, len_off) & IXG_RDLEN_MASK) / IXG_DESC_SIZE;
}
/** Descriptors hardware owns beyond those it has used: from the ring's
 *  `next` up to the tail, 0 for an unusable ring (no descriptors, head
 *  or tail outside it). */
uint32_t ixg_ring_owned(const IxgDev *s, const IxgRing *r, uint32_t len_off,
                        uint32_t tail_off);
/** Descriptors usable now at r->next, at most @need (> 0: fetched); 0
 *  when none is fetched yet and a fetch is in flight or was started now
 *  (*ready_ns: when it arrives); -1 when hardware owns none.  @rx picks
 *  the cache size and the totals. */
int ixg_ring_want(IxgDev *s, IxgRing *r, uint32_t len_off, uint32_t tail_off,
                  uint32_t need, int rx, uint64_t *ready_ns);
/** Fetch owned descriptors beyond those fetched (a transmit frame whose
 *  EOP is not among them): 0 with *ready_ns when a fetch is in flight or
 *  was started, -1 when hardware owns no more or the cache is full. */
int ixg_ring_fetch_more(IxgDev *s, IxgRing *r, uint32_t len_off,
                        uint32_t tail_off, int rx, uint64_t *ready_ns);
/** Prefetch per PTHRESH/HTHRESH of the control register @ctl. */
void ixg_ring_prefetch(IxgDev *s, IxgRing *r, uint32_t len_off,
                       uint32_t tail_off, uint32_t ctl, int rx);
/** Bus address of descriptor @idx of the ring at @base_lo. */
uint64_t ixg_ring_desc_addr(const IxgDev *s, uint32_t base_lo, uint32_t idx);
/** Forget the ring's cache (queue disabled, reset). */
void ixg_ring_drop_cache(IxgRing *r);

/* ---------------------- receive (ixgbe_rx*.c) ------------------------ */

void ixg_rx_reset(IxgDev *s);
/** A receive register was written (value stored); @old the previous. */
void ixg_rx_reg_written(IxgDev *s, uint32_t off, uint32_t old);
/** Frame arrival (ixgbe_rxfilter.c); @known never NULL. */
IxgRxResult ixg_rx_frame(IxgDev *s, const uint8_t *frame, uint32_t len,
                         const NicRxKnown *known);
/** The packet buffer received a frame: start the engine if idle. */
void ixg_rx_kick(IxgDev *s);
/** IXG_TMR_RXDMA fired. */
void ixg_rx_timer(IxgDev *s);
/** Write back RX queue @q's used descriptors now (interrupt, SWFLSH,
 *  WTHRESH): one posted write per contiguous run.  Returns the time the
 *  last write has left (now if none). */
uint64_t ixg_rx_flush(IxgDev *s, uint32_t q);
/** The link or RXDCTL.ENABLE changed: queues start or stop. */
void ixg_rx_queues_update(IxgDev *s);
/** Read value of RXDCTL(q) (ENABLE is the queue's actual state). */
uint32_t ixg_rx_rxdctl_read(const IxgDev *s, uint32_t q);
/** Index of the SRRCTL register queue @q uses (RDRXCTL.MVMEN). */
uint32_t ixg_rx_srrctl_index(const IxgDev *s, uint32_t q);
/** Derive s->rxc[q] from queue @q's registers (ixg_rx_derive: all). */
void ixg_rx_derive_q(IxgDev *s, uint32_t q);
void ixg_rx_derive(IxgDev *s);
/** After restore.  0 ok, -1 bad. */
int ixg_rx_validate(const IxgDev *s);

/** RSS (ixgbe_rss.c): queue for a frame, with its hash and RSS type. */
uint32_t ixg_rss_queue(const IxgDev *s, const uint8_t *frame, uint32_t len,
                       uint32_t l3_off, uint32_t *hash, uint32_t *type);
/** ixg_rss_queue of a frame already parsed (@p NULL: no IP header). */
uint32_t ixg_rss_queue_parsed(const IxgDev *s, const uint8_t *frame,
                              const NicL34 *p, uint32_t *hash,
                              uint32_t *type);
/** Rebuild the Toeplitz lookup from RSSRK. */
void ixg_rss_prepare(IxgDev *s);

/* --------------------- transmit (ixgbe_tx*.c) ------------------------ */

void ixg_tx_reset(IxgDev *s);
void ixg_tx_reg_written(IxgDev *s, uint32_t off, uint32_t old);
/** Start issuing frames if the engine can (tail written, space freed). */
void ixg_tx_kick(IxgDev *s);
/** IXG_TMR_TXDMA / IXG_TMR_TXDATA fired. */
void ixg_tx_desc_timer(IxgDev *s);
void ixg_tx_data_timer(IxgDev *s);
/** Write back TX queue @q's done descriptors now; returns the time the
 *  last write has left (now if none). */
uint64_t ixg_tx_flush(IxgDev *s, uint32_t q);
void ixg_tx_queues_update(IxgDev *s);
uint32_t ixg_tx_txdctl_read(const IxgDev *s, uint32_t q);
int ixg_tx_validate(const IxgDev *s);
/** Parse the frame at the queue's next descriptor into *f (descriptors
 *  fetched): 1 a frame (or a bad chain to consume), 0 not yet complete
 *  (no EOP among the owned descriptors) (ixgbe_txdesc.c). */
int ixg_txd_parse(IxgDev *s, uint32_t q, uint32_t owned, IxgTxFlight *f);
/** Assemble frame *f from host memory and hand its frame(s) to the
 *  packet buffer (offloads, TSO) (ixgbe_txdesc.c). */
void ixg_txd_emit(IxgDev *s, const IxgTxFlight *f);
/** Packet-buffer bytes frame *f (its segments) will take. */
uint32_t ixg_txd_charge(const IxgDev *s, const IxgTxFlight *f);

/** Transmit packet buffer and wire (ixgbe_txwire.c). */
int ixg_txwire_push(IxgDev *s, const uint8_t *frame, uint32_t len,
                    uint32_t ifcs);
void ixg_txwire_kick(IxgDev *s);
void ixg_txwire_done(IxgDev *s);
void ixg_txwire_abort(IxgDev *s);
/** Bytes the packet buffer can still promise (capacity - used -
 *  reserved). */
uint32_t ixg_txwire_room(const IxgDev *s);

#endif /* IXG_IXGBE_CORE_H */
