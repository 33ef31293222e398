/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal state and internal API of the e1klab device model.  Only files
 * in hw/net/ include this; hosts use e1000.h.
 *
 * Ownership of the parts (one file, one job):
 *   e1000_core.c       create/reset, register dispatch and write masks,
 *                      I/O BAR, timers and deadlines, DMA through the port
 *   e1000_savestate.c  save/restore: blob header, hash, validation pass
 *   e1000_trace.c      guest programming errors and notable events to the
 *                      optional port.trace callback
 *   e1000_intr.c       ICR/ICS/IMS/IMC and ITR-spaced line (SDM 13.4.17-21)
 *   e1000_bus.c        bus timing presets and the shared bus reservation
 *   e1000_eeprom.c     EEPROM image, Microwire on EECD, EERD (SDM 5,
 *                      13.4.3-4)
 *   e1000_phy.c        MDIC, PHY registers, link and autonegotiation
 *   e1000_stats.c      statistics registers: clear-on-read, saturation
 *   e1000_rx*.c        receive side, one job per file (see e1000_rx.h):
 *                      DMA and timers, packet buffer, admission filter,
 *                      checksums
 *   e1000_tx*.c, e1000_tso.c
 *                      transmit side, one job per file (see e1000_tx.h):
 *                      descriptor engine and timers, frame assembly, TSO,
 *                      packet buffer and wire
 *   e1000_bytes.h      little/big-endian loads and stores (under e1000
 *                      names; the family's common/nic_bytes.h)
 * The family's common layer (hw/net/common, docs/model.md "The family")
 * holds what the e1000 shares with the 82598: checksums (nic_csum.c),
 * the FCS (nic_crc32.c), byte order (nic_bytes.h), bus timing
 * (nic_bus.c) and the port (nic_port.h).
 *
 * The state is a plain struct with no pointers besides the port (which is
 * excluded from save/restore), so a snapshot is a byte copy plus a
 * validation pass (e1000_savestate.c).
 */
#ifndef E1K_E1000_CORE_H
#define E1K_E1000_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "e1000.h"
#include "nic_csum.h"
#include "e1000_regs.h"
#include "e1000_rx.h"
#include "e1000_tx.h"

/** Number of 32-bit register slots in the 128 KB BAR. */
#define E1K_NREGS (E1K_MMIO_SIZE / 4u)

/** Byte offset just past the last register with storage: the end of the
 *  Flexible Filter Value Table (FFVT, 256 dwords at 0x09800, SDM 13.6).
 *  The model's register map (SDM 13.3-13.6, docs/model.md) has nothing
 *  above it: writes there are ignored and reads return 0, and a
 *  restored state must have those slots zero (e1k_regs_validate), so a
 *  reset clears only the slots below. */
#define E1K_REG_LIVE_END (E1K_FFVT + 0x400u)

/** Internal timers.  Each has one deadline (ns) or E1K_NO_DEADLINE. */
typedef enum E1kTimerId {
    E1K_TMR_ITR = 0,   /**< ITR gate reopens (e1000_intr.c) */
    E1K_TMR_RDTR,      /**< receive packet timer (e1000_rx.c) */
    E1K_TMR_RADV,      /**< receive absolute timer (e1000_rx.c) */
    E1K_TMR_RXDMA,     /**< RX DMA of the head frame completes (e1000_rx.c) */
    E1K_TMR_TIDV,      /**< transmit interrupt delay (e1000_tx.c) */
    E1K_TMR_TADV,      /**< transmit absolute delay (e1000_tx.c) */
    E1K_TMR_TXDMA,     /**< TX descriptor/data fetch step done (e1000_tx.c) */
    E1K_TMR_TXWIRE,    /**< frame finished serialising (e1000_tx.c) */
    E1K_TMR_AUTONEG,   /**< autonegotiation completes (e1000_phy.c) */
    E1K_TMR_LOOP,      /**< a frame in the PHY loop returns to the
                            receiver (e1000_txwire.c) */
    E1K_TMR_COUNT
} E1kTimerId;

/** EEPROM and its Microwire bit-bang state (SDM 5, 13.4.3). */
typedef struct E1kEeprom {
    uint16_t words[E1K_EEPROM_WORDS]; /**< contents, checksum at 0x3F */
    uint32_t old_eecd;   /**< last EECD value written (SK edge detection) */
    uint32_t bits_in;    /**< bits shifted in since CS rose */
    uint32_t in_val;     /**< opcode+address shift register */
    uint32_t out_val;    /**< data word being shifted out, MSB first */
    int32_t out_bit;     /**< next bit of out_val to drive on DO, -1 none */
    uint32_t reading;    /**< 1 after a READ opcode+address was received */
    uint32_t addr;       /**< current word address (auto-increments) */
} E1kEeprom;

/** phy.res_flags: how the link mode was resolved. */
#define E1K_PHY_RES_LP_AN 1u /**< both sides autonegotiated */
#define E1K_PHY_RES_PD    2u /**< we detected a forced partner's speed
                                  (parallel detection, [IEEE-802.3]
                                  28.2.3.1) */

/** PHY (M88E1011-class at MDIO address 1; [DPDK-E1000]). */
typedef struct E1kPhy {
    uint16_t reg[32];    /**< PHY registers 0..31 */
    uint32_t cable;      /**< 1: cable connected (link partner present) */
    uint32_t bmsr_ll;    /**< 1: link went down since BMSR was last read
                          *   (BMSR.LSTATUS is latched low, IEEE 22.2.4.2) */
    uint32_t settled;    /**< 1: link establishment since the last
                          *   restart is over (e1000_phy.c) */
    uint32_t res_mode;   /**< the resolved mode, one E1K_LP_* bit; 0: no
                          *   link with the partner */
    uint32_t res_flags;  /**< E1K_PHY_RES_* */
} E1kPhy;

/** One device instance.  See e1000.h for the public contract. */
struct E1kDev {
    /* --- not saved --- */
    E1kPort port;              /**< host callbacks */
    uint32_t trace_overrun;    /**< 1 while RX overrun drops run (trace) */
    /* derived from timer[] (e1k_timers_changed), rebuilt after restore */
    uint64_t next_deadline;    /**< min of timer[] (ns), E1K_NO_DEADLINE */
    uint32_t next_timer;       /**< lowest id holding next_deadline, or
                                *   E1K_TMR_COUNT when none is armed */
    uint32_t armed;            /**< bit i set: timer[i] is armed */
    /* derived from RCTL.LBM and BMCR.LOOPBACK (e1k_loop_update), rebuilt
     * after reset and restore: one test on the per-frame paths */
    uint32_t looped;           /**< E1K_LOOP_MAC | E1K_LOOP_PHY */
    uint32_t rx_from_loop;     /**< 1 during e1k_rx_loop_frame only */
    /* derived from cfg.bus (e1k_bus_prepare), rebuilt after restore:
     * the transaction times of the fixed-size DMA (a descriptor, a
     * descriptor write-back dword) and of the last other size, so the
     * per-frame reservations need no arithmetic */
    uint64_t bus_desc_ns;      /**< e1k_bus_xfer_ns(&cfg.bus,
                                    E1K_DESC_SIZE), ns */
    uint64_t bus_dword_ns;     /**< e1k_bus_xfer_ns(&cfg.bus, 4), ns */
    uint64_t bus_memo_ns;      /**< e1k_bus_xfer_ns(&cfg.bus,
                                    bus_memo_bytes), ns */
    uint32_t bus_memo_bytes;   /**< size of the last other transaction */
    /** scratch: a transmit frame that wraps around the end of the packet
     *  buffer is gathered here to be handed out in one piece (others are
     *  handed out in place; e1000_txwire.c) */
    uint8_t tx_wrap[E1K_TX_BUF_BYTES];
    /** E1K_FAULT_TX | E1K_FAULT_RX: DMA directions stalled by fault
     *  injection (e1k_fault_stall) until the next reset */
    uint32_t fault_stall;
    /* --- saved from here on (offsetof(E1kDev, cfg)) --- */
    E1kConfig cfg;             /**< creation parameters */
    uint32_t reg[E1K_NREGS];   /**< register file, index = offset / 4 */
    uint64_t timer[E1K_TMR_COUNT]; /**< deadlines in ns, or E1K_NO_DEADLINE */
    uint64_t announced_deadline;   /**< last value given to deadline_changed */
    uint64_t now_ns;           /**< time of the current entry point */
    uint32_t irq_level;        /**< current INTA# level */
    uint64_t itr_gate_ns;      /**< no new assertion before this time (ITR) */
    uint64_t bus_free_ns;      /**< bus busy until this time (e1000_bus.c) */
    uint32_t ioaddr;           /**< I/O BAR IOADDR latch */
    E1kEeprom ee;
    E1kPhy phy;
    E1kRxState rx;
    E1kTxState tx;
    E1kTotals totals;          /**< cumulative report counters */
};

/* ---------------- core (e1000_core.c) ---------------- */

/** Current time (ns) as of this entry point. */
static inline uint64_t e1k_now(const E1kDev *s) { return s->now_ns; }

/** Register value by byte offset (no side effects). */
static inline uint32_t e1k_reg(const E1kDev *s, uint32_t off)
{
    return s->reg[off >> 2];
}

/** Set a register slot directly (no side effects). */
static inline void e1k_reg_set(E1kDev *s, uint32_t off, uint32_t v)
{
    s->reg[off >> 2] = v;
}

/** Power-on reset of every part (e1k_new, e1k_reset, a failed restore);
 *  no entry/exit bookkeeping. */
void e1k_power_on_reset(E1kDev *s);
/** Announce @d through port.deadline_changed (the slow half of
 *  e1k_leave). */
void e1k_announce_deadline(E1kDev *s, uint64_t d);
/** End of every public entry point: announce the earliest deadline
 *  through port.deadline_changed if it changed since last announced
 *  (one compare when it did not). */
static inline void e1k_leave(E1kDev *s)
{
    if (s->next_deadline != s->announced_deadline) {
        e1k_announce_deadline(s, s->next_deadline);
    }
}
/** True if @cfg describes a device the model can build (known chip and
 *  speed, link_up 0/1, bus timing within e1k_bus_valid).  e1k_new and
 *  e1k_restore both apply it. */
bool e1k_config_valid(const E1kConfig *cfg);
/** After restore: every plain register holds only its writable bits,
 *  CTRL.RST clear, PBA and IOADDR in range.  0 ok, -1 bad. */
int e1k_regs_validate(const E1kDev *s);

/** Report trace event @ev through port.trace if the host set one
 *  (e1000_trace.c formats it; see E1kTraceEvent for @a and @b). */
static inline void e1k_trace(E1kDev *s, E1kTraceEvent ev, uint64_t a,
                             uint64_t b)
{
    if (s->port.trace) {
        s->port.trace(s->port.opaque, ev, a, b);
    }
}
/** Trace the guest programming errors visible in a 32-bit write of @val
 *  to a ring register at @off (base alignment, length, index range);
 *  call only with port.trace set (e1000_trace.c). */
void e1k_trace_ring_write(E1kDev *s, uint32_t off, uint32_t val);

/** True if @bit is set in @val and was clear in @old (an enable bit's
 *  rising edge, e.g. RCTL.EN or TCTL.EN). */
static inline bool e1k_bit_rose(uint32_t old, uint32_t val, uint32_t bit)
{
    return (val & bit) && !(old & bit);
}

/** Rebuild next_deadline, next_timer and armed from timer[] (a scan of
 *  the armed timers only); after anything that writes timer[] directly
 *  (reset, restore). */
void e1k_timers_changed(E1kDev *s);
/** Rebuild next_deadline and next_timer from the armed timers (armed
 *  kept up to date by e1k_timer_arm/e1k_timer_cancel). */
void e1k_timers_rescan(E1kDev *s);

/** Disarm timer @id (no-op if not armed). */
static inline void e1k_timer_cancel(E1kDev *s, E1kTimerId id)
{
    s->timer[id] = E1K_NO_DEADLINE;
    s->armed &= ~(1u << id);
    if ((uint32_t)id == s->next_timer) {
        e1k_timers_rescan(s);
    }
}

/** Arm timer @id (< E1K_TMR_COUNT) at @when_ns, a time computed from
 *  the clock (now plus a bus, wire or delay time), so without the
 *  E1K_NO_DEADLINE test of e1k_timer_arm: such a sum that reached it
 *  would be armed but never fire (run_due never targets it), as if
 *  disarmed.  Re-arming replaces.  O(1) unless @id held the earliest
 *  deadline and moves later (then the armed timers are rescanned). */
static inline void e1k_timer_set(E1kDev *s, E1kTimerId id, uint64_t when_ns)
{
    s->timer[id] = when_ns;
    s->armed |= 1u << id;
    if (when_ns < s->next_deadline ||
        (when_ns == s->next_deadline && (uint32_t)id < s->next_timer)) {
        s->next_deadline = when_ns;
        s->next_timer = id;
    } else if ((uint32_t)id == s->next_timer) {
        e1k_timers_rescan(s);
    }
}

/** Arm timer @id (< E1K_TMR_COUNT) to fire at @when_ns (absolute;
 *  E1K_NO_DEADLINE disarms).  Re-arming replaces.  O(1) unless @id held
 *  the earliest deadline and moves later (then the armed timers are
 *  rescanned). */
static inline void e1k_timer_arm(E1kDev *s, E1kTimerId id, uint64_t when_ns)
{
    if (when_ns == E1K_NO_DEADLINE) {
        e1k_timer_cancel(s, id);
        return;
    }
    e1k_timer_set(s, id, when_ns);
}

/** The port's clock (ns): its variable when it offers one
 *  (E1kPort.now_var, no call), else its now_ns callback. */
static inline uint64_t e1k_port_now(const E1kDev *s)
{
    return s->port.now_var ? *s->port.now_var
                           : s->port.now_ns(s->port.opaque);
}

/** True if timer @id is armed. */
static inline bool e1k_timer_armed(const E1kDev *s, E1kTimerId id)
{
    return s->timer[id] != E1K_NO_DEADLINE;
}

/** Host pointer of the @len bytes at bus address @addr when they lie
 *  wholly inside the port's DMA window (E1kPort.dma_mem), else NULL (no
 *  window: dma_size is 0, so every address is outside). */
static inline uint8_t *e1k_dma_window(const E1kDev *s, uint64_t addr,
                                      uint32_t len)
{
    uint64_t off = addr - s->port.dma_base; /* wraps below the window */
    if (off < s->port.dma_size && len <= s->port.dma_size - off) {
        return s->port.dma_mem + off;
    }
    return NULL;
}

/** DMA through the port callbacks (the accesses outside the window).
 *  0, or -1 on a fault (traced; nothing retried). */
int e1k_dma_read_port(E1kDev *s, uint64_t addr, void *buf, uint32_t len);
int e1k_dma_write_port(E1kDev *s, uint64_t addr, const void *buf,
                       uint32_t len);

/** DMA of @len bytes between @buf and host memory at bus address @addr:
 *  a plain copy inside the port's window, else through the callbacks.
 *  Inline, so a copy of a constant length (a descriptor) needs no call
 *  at all.  Return 0, or -1 on a fault (nothing retried). */
static inline int e1k_dma_read(E1kDev *s, uint64_t addr, void *buf,
                               uint32_t len)
{
    const uint8_t *p = e1k_dma_window(s, addr, len);
    if (p) {
        memcpy(buf, p, len);
        return 0;
    }
    return e1k_dma_read_port(s, addr, buf, len);
}

static inline int e1k_dma_write(E1kDev *s, uint64_t addr, const void *buf,
                                uint32_t len)
{
    uint8_t *p = e1k_dma_window(s, addr, len);
    if (p) {
        memcpy(p, buf, len);
        return 0;
    }
    return e1k_dma_write_port(s, addr, buf, len);
}

/** Self-check of the register dispatch table (sorted, no duplicates). */
bool e1k_reg_table_sorted(void);

/** STATUS bits strapped from the bus config: PCI66 (clock >= 60 MHz),
 *  BUS64 (8-byte width), PCIX_MODE + PCIX_SPEED=133 (clock > 100 MHz). */
uint32_t e1k_status_bus_bits(const E1kDev *s);

/** True if the link is up (STATUS.LU); inline: read per frame. */
static inline bool e1k_link_up(const E1kDev *s)
{
    return (e1k_reg(s, E1K_STATUS) & E1K_STATUS_LU) != 0;
}
/** E1kDev.looped bits: MAC loopback, RCTL.LBM = 01b (SDM 13.4.22), and
 *  PHY loopback, BMCR.LOOPBACK (clause 22.2.4.1.2). */
#define E1K_LOOP_MAC 1u
#define E1K_LOOP_PHY 2u
/** Recompute E1kDev.looped from RCTL.LBM and BMCR.LOOPBACK; after
 *  either changes, a reset or a restore. */
static inline void e1k_loop_update(E1kDev *s)
{
    s->looped = ((e1k_reg(s, E1K_RCTL) & E1K_RCTL_LBM_MASK) ==
                         E1K_RCTL_LBM_MAC ? E1K_LOOP_MAC : 0u) |
                ((s->phy.reg[E1K_PHY_BMCR] & E1K_BMCR_LOOPBACK) ?
                         E1K_LOOP_PHY : 0u);
}
/** True in MAC loopback, RCTL.LBM = 01b (SDM 13.4.22): transmitted
 *  frames return to the receiver inside the MAC; nothing reaches the
 *  PHY or the line. */
static inline bool e1k_mac_looped(const E1kDev *s)
{
    return (s->looped & E1K_LOOP_MAC) != 0;
}
/** True if the transmitter may send: the link is up, or the MAC loops
 *  its frames back itself (no link needed). */
static inline bool e1k_tx_can_send(const E1kDev *s)
{
    return e1k_link_up(s) || e1k_mac_looped(s);
}
/** Link speed in Mb/s from STATUS.SPEED (10, 100, 1000; SDM 13.4.2). */
static inline uint32_t e1k_link_mbps(const E1kDev *s)
{
    switch (e1k_reg(s, E1K_STATUS) & E1K_STATUS_SPEED_MASK) {
    case E1K_STATUS_SPEED_10:
        return 10;
    case E1K_STATUS_SPEED_100:
        return 100;
    default:
        return 1000;
    }
}
/** Time of one byte on the wire at the link speed of STATUS.SPEED
 *  (SDM 13.4.2), ns: 8000 / e1k_link_mbps (800, 80, 8; whole numbers, so
 *  a frame's time is its bytes times this, exactly).  One load from a
 *  table by the two speed bits: read twice per transmitted frame. */
static inline uint32_t e1k_link_byte_ns(const E1kDev *s)
{
    static const uint16_t byte_ns[4] = { 800, 80, 8, 8 };
    return byte_ns[(e1k_reg(s, E1K_STATUS) & E1K_STATUS_SPEED_MASK) >>
                   E1K_STATUS_SPEED_SHIFT];
}

/* ---------------- interrupts (e1000_intr.c) ---------------- */

/** OR @causes into ICR (SDM 13.4.17) and re-evaluate the line. */
void e1k_set_cause(E1kDev *s, uint32_t causes);
/** Re-evaluate line = (ICR & IMS) != 0 under ITR spacing (SDM 13.4.18). */
void e1k_update_irq(E1kDev *s);
/** Register hooks for ICR/ICS/IMS/IMC/ITR. */
uint32_t e1k_intr_read_icr(E1kDev *s);
void e1k_intr_write(E1kDev *s, uint32_t off, uint32_t val);
/** ITR gate timer fired. */
void e1k_intr_timer(E1kDev *s);
/** Timer @id of an interrupt delay pair expired (RDTR/RADV raise RXT0,
 *  SDM 3.2.7.1; TIDV/TADV raise TXDW, SDM 3.4.3, 13.4.44): its partner
 *  is cancelled and the cause raised.  Other ids: no-op. */
void e1k_intr_delay_expired(E1kDev *s, E1kTimerId id);
/** After restore: irq_level 0/1 and high only with an enabled cause
 *  pending, ICR/IMS valid bits only, ITR in range, ITR gate at most one
 *  interval ahead.  0 ok, -1 bad. */
int e1k_intr_validate(const E1kDev *s);

/* ---------------- bus (e1000_bus.c) ---------------- */

/** Rebuild the transaction times derived from cfg.bus (bus_desc_ns,
 *  bus_dword_ns, the memo); after cfg is set (e1k_new, e1k_restore). */
void e1k_bus_prepare(E1kDev *s);
/** Transaction time (ns) of @bytes on cfg.bus, a size that is neither a
 *  descriptor nor a dword; remembered in the memo (e1000_bus.c). */
uint64_t e1k_bus_other_ns(E1kDev *s, uint32_t bytes);

/**
 * Reserve the bus for one transaction of @bytes bytes starting no earlier
 * than now and no earlier than the end of the previous reservation.
 * Returns the completion time (ns).  Inline: the callers pass constant
 * descriptor and dword sizes, which read their precomputed time; a data
 * chunk usually repeats the last size (the memo).
 */
static inline uint64_t e1k_bus_reserve(E1kDev *s, uint32_t bytes)
{
    uint64_t start = s->bus_free_ns > s->now_ns ? s->bus_free_ns : s->now_ns;
    uint64_t ns;

    if (bytes == E1K_DESC_SIZE) {
        ns = s->bus_desc_ns;
    } else if (bytes == 4) {
        ns = s->bus_dword_ns;
    } else if (bytes == s->bus_memo_bytes) {
        ns = s->bus_memo_ns;
    } else {
        ns = e1k_bus_other_ns(s, bytes);
    }
    s->bus_free_ns = start + ns;
    return s->bus_free_ns;
}

/**
 * e1k_bus_reserve for a data transfer (a receive buffer's or a transmit
 * buffer's bytes): the same completion time (ns), the memo tested first
 * (a stream of frames repeats its size) and the descriptor and dword
 * times not at all: e1k_bus_other_ns gives those sizes the same time as
 * bus_desc_ns and bus_dword_ns (all three are e1k_bus_xfer_ns of
 * cfg.bus), and the memo is derived state (not saved).
 */
static inline uint64_t e1k_bus_reserve_data(E1kDev *s, uint32_t bytes)
{
    uint64_t start = s->bus_free_ns > s->now_ns ? s->bus_free_ns : s->now_ns;
    uint64_t ns = bytes == s->bus_memo_bytes ? s->bus_memo_ns
                                             : e1k_bus_other_ns(s, bytes);

    s->bus_free_ns = start + ns;
    return s->bus_free_ns;
}

/* ---------------- EEPROM (e1000_eeprom.c) ---------------- */

/** Build the 64-word image from cfg (MAC, IDs, checksum to 0xBABA). */
void e1k_eeprom_init(E1kDev *s);
/** After restore: EEPROM words equal the image built from cfg and the
 *  Microwire state is in range.  0 ok, -1 bad. */
int e1k_eeprom_validate(const E1kDev *s);
/** EECD write (Microwire bit-bang) and read (DO reflects the shift). */
void e1k_eecd_write(E1kDev *s, uint32_t val);
uint32_t e1k_eecd_read(E1kDev *s);
/** EERD write (START) and read. */
void e1k_eerd_write(E1kDev *s, uint32_t val);

/* ---------------- PHY and link (e1000_phy.c) ---------------- */

/** Reset PHY registers to power-on values (cable state kept). */
void e1k_phy_reset(E1kDev *s);
/** Power-on: PHY registers to defaults and, with the cable connected,
 *  the link already negotiated (no timer, no LSC). */
void e1k_phy_power_on(E1kDev *s);
/** After restore: PHY fields in range.  0 ok, -1 bad. */
int e1k_phy_validate(const E1kDev *s);
/** MDIC write: perform the PHY read/write at once, set READY/ERROR,
 *  raise MDAC if INT_EN. */
void e1k_mdic_write(E1kDev *s, uint32_t val);
/** Cable plugged/unplugged: update PHY, STATUS.LU, raise LSC. */
void e1k_phy_set_cable(E1kDev *s, int up);
/** Autonegotiation timer fired. */
void e1k_phy_timer(E1kDev *s);
/** CTRL written (SLU/FRCSPD/... affect STATUS). */
void e1k_phy_ctrl_written(E1kDev *s);
/** True while the PHY is in loopback (BMCR.LOOPBACK): its frames return
 *  to the MAC and nothing reaches the line. */
static inline bool e1k_phy_looped(const E1kDev *s)
{
    return (s->looped & E1K_LOOP_PHY) != 0;
}

/* ---------------- statistics (e1000_stats.c) ---------------- */

/** Saturating add to a 32-bit statistics register at offset @off. */
void e1k_stat_add(E1kDev *s, uint32_t off, uint32_t n);
/** Saturating add to a 64-bit low/high pair whose low half is @off_lo. */
void e1k_stat_add64(E1kDev *s, uint32_t off_lo, uint64_t n);
/** Add a frame of @len bytes (incl. FCS) to the size bucket starting at
 *  @off_64 (PRC64 or PTC64). */
void e1k_stat_size_bucket(E1kDev *s, uint32_t off_64, uint32_t len);
/** True if @off is one of the statistics counters of SDM 13.7. */
bool e1k_stats_is_counter(uint32_t off);
/** Read with clear-on-read semantics; true if @off is a statistics reg. */
bool e1k_stats_read(E1kDev *s, uint32_t off, uint32_t *val);

/* ------------ receive (e1000_rx.c, e1000_rxfilter.c) ------------ */

/** Reset RX state: s->rx is all zero (dev_reset cleared it), the packet
 *  buffer gets its capacity from PBA.RXA, the RX timers are cancelled. */
void e1k_rx_reset(E1kDev *s);
/** A receive-side register was written (value already stored); @old is
 *  the previous value.  Offsets: RCTL, RDBAL..RDT, RDTR, RXDCTL, RADV,
 *  RSRPD, RXCSUM. */
void e1k_rx_reg_written(E1kDev *s, uint32_t off, uint32_t old);
/** Frame arrival from the wire (see e1k_receive_known for @known, never
 *  NULL; e1000_rxfilter.c). */
E1kRxResult e1k_rx_frame(E1kDev *s, const uint8_t *frame, uint32_t len,
                         const E1kRxKnown *known);
/** A frame the MAC or PHY loop returns to the receiver (RCTL.LBM,
 *  BMCR.LOOPBACK): received as from the wire, at the current time, by a
 *  receiver that takes no frame from the line while looped
 *  (e1000_rxfilter.c). */
E1kRxResult e1k_rx_loop_frame(E1kDev *s, const uint8_t *frame,
                              uint32_t len);
/** RXDMA timer fired (already disarmed by the caller, run_due): the
 *  DMA step in flight completes, or the next frame's starts. */
void e1k_rx_dma_timer(E1kDev *s);
/** After restore: check indices are in range. 0 ok, -1 bad. */
int e1k_rx_validate(const E1kDev *s);

/* ---------------- transmit (e1000_tx.c) ---------------- */

/** Reset TX state: s->tx is all zero (dev_reset cleared it), the FIFO
 *  gets its capacity from PBA, the TX timers are cancelled. */
void e1k_tx_reset(E1kDev *s);
/** A transmit-side register was written (value already stored).
 *  Offsets: TCTL, TIPG, TDBAL..TDT, TIDV, TXDCTL, TADV, TSPMT. */
void e1k_tx_reg_written(E1kDev *s, uint32_t off, uint32_t old);
/** TXDMA timer fired (already disarmed by the caller, run_due): the
 *  descriptor engine's step in tx.phase completes. */
void e1k_tx_dma_timer(E1kDev *s);
/** After restore: check indices are in range. 0 ok, -1 bad. */
int e1k_tx_validate(const E1kDev *s);
/** Link went down/up, its speed or the MAC loopback changed: TX stops
 *  or resumes (e1k_tx_can_send). */
void e1k_tx_link_changed(E1kDev *s);
/** E1K_TMR_LOOP fired: the frame held in the PHY loop reaches the
 *  receiver (e1000_txwire.c). */
void e1k_txwire_loop_done(E1kDev *s);

/* ---------- checksums (common/nic_csum.c, under e1000 names) ---------- */

/** nic_csum_add: one's-complement sum of @len bytes added to @sum. */
static inline uint32_t e1k_csum_add(uint32_t sum, const uint8_t *data,
                                    size_t len)
{
    return nic_csum_add(sum, data, len);
}
/** nic_csum_le: raw little-endian one's-complement sum of @n bytes. */
static inline uint64_t e1k_csum_le(const uint8_t *p, size_t n)
{
    return nic_csum_le(p, n);
}
/** nic_csum_fold16: @x folded to 16 bits (1..0xFFFF, 0 only for 0). */
static inline uint32_t e1k_csum_fold16(uint64_t x)
{
    return nic_csum_fold16(x);
}
/** nic_zero_tail: number of zero bytes at the end of @len bytes. */
static inline uint32_t e1k_zero_tail(const uint8_t *data, uint32_t len)
{
    return nic_zero_tail(data, len);
}
/** Shortest run of trailing zeros e1k_crc32_zt skips (NIC_ZERO_TAIL_MIN). */
#define E1K_ZERO_TAIL_MIN NIC_ZERO_TAIL_MIN
/** nic_csum_fold: fold a 32-bit sum to 16 bits and complement it. */
static inline uint16_t e1k_csum_fold(uint32_t sum)
{
    return nic_csum_fold(sum);
}

#endif /* E1K_E1000_CORE_H */
