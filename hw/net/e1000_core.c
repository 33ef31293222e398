/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * e1klab device model core: creation and reset, the register file and its
 * dispatch (write masks, read-only and write-only registers, sub-word and
 * I/O BAR access), internal timers and the deadline contract, DMA through
 * the port.  Save/restore is in e1000_savestate.c.
 *
 * Time contract (see e1000.h).  Every public entry point calls enter(),
 * which reads the port clock and fires every timer due at or before it,
 * and ends with e1k_leave(), which announces the earliest deadline through
 * port.deadline_changed when (and only when) it changed.  While a due
 * timer fires, s->now_ns is that timer's deadline (or the time already
 * reached, whichever is later), so work caught up late is stamped with
 * the instant it should have happened; s->now_ns never goes backwards.
 *
 * Port callbacks must not call back into the model (no re-entry): the
 * model is in the middle of an update when it calls them.
 */
#include <stdlib.h>
#include <string.h>

#include "e1000_core.h"

/** Most timer firings one e1k_run_until() (or catch-up) performs.  A
 *  legitimate catch-up after a long host stall may need many firings (one
 *  TX frame per 672 ns at 1 Gb/s); what remains after the cap stays due
 *  at its own instant, the announced deadline is then <= now and the host
 *  simply calls again.  The cap guarantees that a single call always
 *  returns even if a (buggy) timer handler re-armed itself at now. */
#define E1K_RUN_MAX_FIRINGS 65536u

/** STATUS.PCIX_SPEED (b15:14) value 10b = 133 MHz (SDM 13.4.2). */
#define E1K_STATUS_PCIX_SPEED_133 (2u << 14)

/** CTRL power-on value: ASDE set (auto-speed detection), everything else
 *  clear.  With ASDE the MAC follows the internal PHY's link indication,
 *  so a copper link is up after power-on even before a driver sets SLU
 *  (model choice, see docs/model.md "Link"). */
#define E1K_CTRL_RESET_VAL E1K_CTRL_ASDE

/** Writable CTRL bits (SDM 13.4.1): FD, LRST, ASDE, SLU, ILOS, SPEED,
 *  FRCSPD, FRCDPX, SWDPIN0-3, SWDPIO0-3, RST, RFCE, TFCE, VME, PHY_RST. */
#define E1K_CTRL_WMASK \
    (E1K_CTRL_FD | E1K_CTRL_LRST | E1K_CTRL_ASDE | E1K_CTRL_SLU | \
     E1K_CTRL_ILOS | E1K_CTRL_SPEED_MASK | E1K_CTRL_FRCSPD | \
     E1K_CTRL_FRCDPX | (0xFu << 18) | (0xFu << 22) | E1K_CTRL_RST | \
     E1K_CTRL_RFCE | E1K_CTRL_TFCE | E1K_CTRL_VME | E1K_CTRL_PHY_RST)

/** Writable TXCW bits: TxConfigWord b15:0, TxConfig b30, ANE b31.  The
 *  SDM's field table (13.4) leaves b4:0, b11:9 and b14 reserved, but
 *  Intel's register test (Linux e1000_ethtool.c e1000_reg_test) writes
 *  0x0000FFFF patterns and reads them back through 0xC000FFFF: the
 *  silicon stores all 16 bits (docs/model.md "Where the diagnostic and
 *  the SDM differ"). */
#define E1K_TXCW_WMASK 0xC000FFFFu

/** Writable RCTL bits (SDM 13.4.22). */
#define E1K_RCTL_WMASK \
    (0x3FFu | E1K_RCTL_MO_MASK | E1K_RCTL_BAM | E1K_RCTL_BSIZE_MASK | \
     E1K_RCTL_VFE | E1K_RCTL_CFIEN | E1K_RCTL_CFI | E1K_RCTL_DPF | \
     E1K_RCTL_PMCF | E1K_RCTL_BSEX | E1K_RCTL_SECRC)

enum { F_RW = 0, F_RO = 1, F_RX = 2, F_TX = 4 };

/** One plain register: offset, writable bits, flags (forwarding). */
typedef struct RegDesc {
    uint32_t off;
    uint32_t wmask;
    uint32_t flags;
} RegDesc;

/** The five packet buffer FIFO diagnostic registers of one direction
 *  (@p R or T: head, tail, saved head, saved tail, packet count; SDM
 *  13.8 diagnostic registers): 13 bits each, plain storage. */
#define FIFO_REGS(p) \
    REG_RW(E1K_##p##DFH, 0x1FFFu), REG_RW(E1K_##p##DFT, 0x1FFFu), \
    REG_RW(E1K_##p##DFHS, 0x1FFFu), REG_RW(E1K_##p##DFTS, 0x1FFFu), \
    REG_RW(E1K_##p##DFPC, 0x1FFFu)

/** A descriptor ring's base (16-byte aligned), length (128-byte units),
 *  head and tail (@p R or T; SDM 13.4.27-31, 13.4.37-41), forwarded to
 *  the side @f (F_RX or F_TX). */
#define RING_REGS(p, f) \
    { E1K_##p##DBAL, 0xFFFFFFF0u, f }, { E1K_##p##DBAH, 0xFFFFFFFFu, f }, \
    { E1K_##p##DLEN, E1K_xDLEN_MASK, f }, \
    { E1K_##p##DH, 0x0000FFFFu, f }, RING_TAIL(p, f)
/** A ring's tail register (@p R or T): 16 bits, forwarded to @f. */
#define RING_TAIL(p, f) { E1K_##p##DT, 0x0000FFFFu, f }

/** Table rows by access: read/write storage, read-only (maintained by
 *  the model), forwarded to the receive or transmit side after the
 *  masked store. */
#define REG_RW(o, m) { o, m, F_RW }
#define REG_RO(o) { o, 0, F_RO }
#define REG_RX(o, m) { o, m, F_RX }
#define REG_TX(o, m) { o, m, F_TX }

/* Plain storage registers (the interrupt registers and the tail
 * doorbells are cases of reg_write32's switch, the other special ones
 * special_write's and reg_read32's), sorted by offset: plain_find
 * searches them by bisection. */
static const RegDesc plain_regs[] = {
    /* general (SDM 13.4): EE_RST self-clears (no-op); no flash */
    REG_RO(E1K_STATUS), REG_RW(E1K_CTRL_EXT, ~(1u << 13)), REG_RO(E1K_FLA),
    /* flow control address and type, VLAN EtherType (SDM 13.4) */
    REG_RW(E1K_FCAL, 0xFFFFFFFFu), REG_RW(E1K_FCAH, 0x0000FFFFu),
    REG_RW(E1K_FCT, 0x0000FFFFu), REG_RW(E1K_VET, 0x0000FFFFu),
    REG_RX(E1K_RCTL, E1K_RCTL_WMASK),
    REG_RW(E1K_FCTTV, 0x0000FFFFu), REG_RW(E1K_TXCW, E1K_TXCW_WMASK),
    REG_RO(E1K_RXCW),
    REG_TX(E1K_TCTL, 0x017FFFFAu), REG_TX(E1K_TIPG, 0x3FFFFFFFu),
    REG_RW(E1K_AIT, 0x0000FFFFu), REG_RW(E1K_LEDCTL, 0xFFFFFFFFu),
    REG_RW(E1K_FCRTL, 0x8000FFF8u), REG_RW(E1K_FCRTH, 0x0000FFF8u),
    /* receive: FIFO diagnostics, ring, delay timers, thresholds */
    FIFO_REGS(R), RING_REGS(R, F_RX),
    REG_RX(E1K_RDTR, E1K_RDTR_FPD | E1K_RDTR_DELAY_MASK),
    REG_RX(E1K_RXDCTL, 0x013F3F3Fu), REG_RX(E1K_RADV, 0x0000FFFFu),
    REG_RX(E1K_RSRPD, 0x00000FFFu),
    /* transmit: FIFO diagnostics, ring, delay timers, thresholds */
    FIFO_REGS(T), RING_REGS(T, F_TX),
    REG_TX(E1K_TIDV, 0x0000FFFFu), REG_TX(E1K_TXDCTL, 0xFF3F3F3Fu),
    REG_TX(E1K_TADV, 0x0000FFFFu), REG_TX(E1K_TSPMT, 0xFFFFFFFFu),
    REG_RX(E1K_RXCSUM, 0x000003FFu),
    /* wake-up and manageability (SDM 13.6) */
    REG_RW(E1K_WUC, E1K_WUC_WMASK), REG_RW(E1K_WUFC, E1K_WUFC_WMASK),
    REG_RW(E1K_WUS, E1K_WUFC_WMASK), REG_RW(E1K_MANC, 0xFFFFFFFFu),
    REG_RW(E1K_IPAV, 0x0001000Fu), REG_RW(E1K_WUPL, 0x00000FFFu),
};

/** Register arrays: [first, last] inclusive byte offsets, stride 4. */
typedef struct RegRange {
    uint32_t first, last;
    uint32_t wmask_even; /* for dwords at offset % 8 == 0 */
    uint32_t wmask_odd;  /* for dwords at offset % 8 == 4 */
} RegRange;

static const RegRange range_regs[] = {
    { E1K_MTA, E1K_MTA + 4 * (E1K_MTA_WORDS - 1), ~0u, ~0u },
    /* RAL (all bits) / RAH (AD b15:0, AS b17:16, AV b31; SDM 13.5.3) */
    { E1K_RAL(0), E1K_RAH(E1K_RA_ENTRIES - 1), ~0u, 0x8003FFFFu },
    { E1K_VFTA, E1K_VFTA + 4 * (E1K_VFTA_WORDS - 1), ~0u, ~0u },
    { E1K_IP4AT, E1K_IP4AT + 0x1C, ~0u, ~0u },
    { E1K_IP6AT, E1K_IP6AT + 0x0C, ~0u, ~0u },
    { E1K_WUPM, E1K_WUPM + 0x7C, ~0u, ~0u },
    { E1K_FFLT, E1K_FFLT + 0x1C, 0x7FFu, 0x7FFu },
    { E1K_FFMT, E1K_FFMT + 0x3FC, 0xFu, 0xFu },
    { E1K_FFVT, E1K_REG_LIVE_END - 4u, 0xFFu, 0xFFu },
};

/** The tail registers, the doorbells software writes once per frame or
 *  batch (SDM 3.2.6, 3.4): the same rows as in plain_regs, found by
 *  reg_write32 without a search. */
static const RegDesc tdt_desc = RING_TAIL(T, F_TX);
static const RegDesc rdt_desc = RING_TAIL(R, F_RX);

/** Find a plain register (binary search: plain_regs is sorted by
 *  offset, checked by test /core/register-table-sorted through
 *  e1k_reg_table_sorted()); returns its descriptor or NULL. */
static const RegDesc *plain_find(uint32_t off)
{
    size_t lo = 0, hi = sizeof(plain_regs) / sizeof(plain_regs[0]);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (plain_regs[mid].off == off) {
            return &plain_regs[mid];
        }
        if (plain_regs[mid].off < off) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return NULL;
}

bool e1k_reg_table_sorted(void)
{
    for (size_t i = 1; i < sizeof(plain_regs) / sizeof(plain_regs[0]); i++) {
        if (plain_regs[i - 1].off >= plain_regs[i].off) {
            return false;
        }
    }
    return true;
}

/** Writable mask of an array register; false if @off is in none. */
static bool range_find(uint32_t off, uint32_t *wmask)
{
    if (off < E1K_MTA || off >= E1K_REG_LIVE_END) {
        return false;
    }
    for (size_t i = 0; i < sizeof(range_regs) / sizeof(range_regs[0]); i++) {
        const RegRange *r = &range_regs[i];
        if (off >= r->first && off <= r->last) {
            *wmask = (off & 4u) ? r->wmask_odd : r->wmask_even;
            return true;
        }
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* Config, creation                                                    */


void e1k_config_default(E1kConfig *cfg)
{
    static const uint8_t mac[6] = { 0x52, 0x54, 0x00, 0x12, 0x34, 0x56 };
    if (!cfg) {
        return;
    }
    memset(cfg, 0, sizeof(*cfg));
    cfg->chip = E1K_CHIP_82540EM;
    memcpy(cfg->mac, mac, sizeof(mac));
    e1k_bus_preset(E1K_BUS_PCI_64_66, &cfg->bus);
    cfg->link_mbps = 1000;
    cfg->link_up = 1;
    cfg->autoneg_ns = 500000000u;
    cfg->partner_modes = E1K_LP_ALL;
    cfg->partner_autoneg = 1;
}

/** The partner of @cfg is one the model can link with: autonegotiating
 *  (0/1), known modes only, a forced one runs one mode, and its fastest
 *  mode at or below link_mbps is at link_mbps (the partner's line rate,
 *  which the hosts pace their traffic at). */
static bool partner_valid(const E1kConfig *cfg)
{
    uint32_t m = cfg->partner_modes, top = e1k_partner_modes(cfg);
    uint32_t at = cfg->link_mbps == 1000 ? E1K_LP_1000HD | E1K_LP_1000FD
                  : cfg->link_mbps == 100 ? E1K_LP_100HD | E1K_LP_100FD
                                          : E1K_LP_10HD | E1K_LP_10FD;

    if ((cfg->partner_autoneg != 0 && cfg->partner_autoneg != 1) ||
        m == 0 || (m & ~E1K_LP_ALL)) {
        return false;
    }
    if (!cfg->partner_autoneg && (m & (m - 1))) {
        return false;
    }
    return (top & at) != 0;
}

bool e1k_config_valid(const E1kConfig *cfg)
{
    if (cfg->chip != E1K_CHIP_82540EM && cfg->chip != E1K_CHIP_82545EM) {
        return false;
    }
    if (cfg->link_mbps != 10 && cfg->link_mbps != 100 &&
        cfg->link_mbps != 1000) {
        return false;
    }
    if (cfg->link_up != 0 && cfg->link_up != 1) {
        return false;
    }
    if (!partner_valid(cfg)) {
        return false;
    }
    return e1k_bus_valid(&cfg->bus);
}

/** True if the optional DMA window of @port is usable: none (size 0),
 *  or host memory behind it and no wrap past bus address 2^64 - 1. */
static bool port_window_valid(const E1kPort *port)
{
    return port->dma_size == 0 ||
           (port->dma_mem && port->dma_size - 1u <= UINT64_MAX -
                                                    port->dma_base);
}

static void dev_reset_from(E1kDev *s, bool power_on, bool cleared);

E1kDev *e1k_new(const E1kConfig *cfg, const E1kPort *port)
{
    E1kDev *s;
    if (!cfg || !port || !e1k_config_valid(cfg) || !port->dma_read ||
        !port->dma_write || !port->set_irq || !port->now_ns ||
        !port_window_valid(port)) {
        return NULL;
    }
    s = calloc(1, sizeof(*s));
    if (!s) {
        return NULL;
    }
    s->port = *port;
    s->cfg = *cfg;
    e1k_bus_prepare(s);
    s->announced_deadline = E1K_NO_DEADLINE;
    s->now_ns = e1k_port_now(s);
    dev_reset_from(s, true, true); /* calloc: registers etc. already 0 */
    e1k_leave(s);
    return s;
}

void e1k_free(E1kDev *dev)
{
    free(dev);
}

/* ------------------------------------------------------------------ */
/* Timers and the deadline contract                                    */

void e1k_timers_rescan(E1kDev *s)
{
    uint64_t d = E1K_NO_DEADLINE;
    uint32_t best = E1K_TMR_COUNT;

    for (uint32_t m = s->armed; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctz(m);
        if (s->timer[i] < d) {
            d = s->timer[i];
            best = i;
        }
    }
    s->next_deadline = d;
    s->next_timer = best;
}

void e1k_timers_changed(E1kDev *s)
{
    s->armed = 0;
    for (unsigned i = 0; i < E1K_TMR_COUNT; i++) {
        if (s->timer[i] != E1K_NO_DEADLINE) {
            s->armed |= 1u << i;
        }
    }
    e1k_timers_rescan(s);
}

uint64_t e1k_next_deadline(const E1kDev *dev)
{
    return dev ? dev->next_deadline : E1K_NO_DEADLINE;
}

/** Fire timer @id (already disarmed) in its owner: one switch straight
 *  to the handler (the step timers fire several times per frame). */
static void timer_dispatch(E1kDev *s, E1kTimerId id)
{
    switch (id) {
    case E1K_TMR_ITR:
        e1k_intr_timer(s);
        break;
    case E1K_TMR_RDTR:
    case E1K_TMR_RADV:
    case E1K_TMR_TIDV:
    case E1K_TMR_TADV:
        e1k_intr_delay_expired(s, id);
        break;
    case E1K_TMR_RXDMA:
        e1k_rx_dma_timer(s);
        break;
    case E1K_TMR_TXDMA:
        e1k_tx_dma_timer(s);
        break;
    case E1K_TMR_TXWIRE:
        e1k_txwire_done(s);
        break;
    case E1K_TMR_AUTONEG:
        e1k_phy_timer(s);
        break;
    case E1K_TMR_LOOP:
        e1k_txwire_loop_done(s);
        break;
    default:
        break;
    }
}

/**
 * Fire every timer due at or before @target in deadline order (ties: the
 * lower timer id first), at most E1K_RUN_MAX_FIRINGS of them.  A timer
 * armed by a firing at or before @target fires in the same call.
 * Returns true if everything due was fired; then the clock moves to
 * @target.  When the cap is hit the clock stays at the last firing, so
 * the events still due keep their own instants and the next call
 * continues exactly where this one stopped.
 */
static bool run_due(E1kDev *s, uint64_t target)
{
    /* No timer armed reads as a deadline of E1K_NO_DEADLINE: a target
     * that large (a host clock at UINT64_MAX) must not find it due. */
    if (target == E1K_NO_DEADLINE) {
        target--;
    }
    for (unsigned n = 0; n < E1K_RUN_MAX_FIRINGS; n++) {
        uint64_t when = s->next_deadline;
        E1kTimerId best = (E1kTimerId)s->next_timer;
        if (when > target) {
            if (target > s->now_ns) {
                s->now_ns = target;
            }
            return true;
        }
        e1k_timer_cancel(s, best);
        if (when > s->now_ns) {
            s->now_ns = when;
        }
        timer_dispatch(s, best);
    }
    return false;
}

/**
 * Start of every public entry point other than e1k_run_until(): read the
 * clock and catch up.  The register access, frame or link event of the
 * entry point happens at the host's time, so if the catch-up hit its cap
 * the clock is moved to the host's time anyway (the events still due
 * then fire at that time: a host that lets more than 65536 firings pile
 * up without calling e1k_run_until() sees them late).
 */
static void enter(E1kDev *s)
{
    uint64_t now = e1k_port_now(s);
    if (now < s->next_deadline) {
        /* nothing due: run_due would only move the clock */
        if (now > s->now_ns) {
            s->now_ns = now;
        }
    } else if (!run_due(s, now) && now > s->now_ns) {
        s->now_ns = now;
    }
}

/* enter()'s usual case: the port's clock is a variable (no callback)
 * and nothing is due, so only the clock moves on.  True when that was
 * all; false (nothing done) when enter() has the rest to do.  For an
 * arrival, which then keeps fewer values across its calls; enter()
 * itself does not go through it (its callers' inlining would change:
 * udp-stream-1440 +55 instructions per frame). */
static inline bool enter_quick(E1kDev *s)
{
    uint64_t now;

    if (!s->port.now_var || (now = *s->port.now_var) >= s->next_deadline) {
        return false;
    }
    if (now > s->now_ns) {
        s->now_ns = now;
    }
    return true;
}

void e1k_announce_deadline(E1kDev *s, uint64_t d)
{
    s->announced_deadline = d;
    if (s->port.deadline_changed) {
        s->port.deadline_changed(s->port.opaque, d);
    }
}

void e1k_run_until(E1kDev *dev, uint64_t now_ns)
{
    if (!dev) {
        return;
    }
    run_due(dev, now_ns);
    e1k_leave(dev);
}

uint64_t e1k_run_due(E1kDev *dev, uint64_t now_ns)
{
    if (!dev) {
        return E1K_NO_DEADLINE;
    }
    run_due(dev, now_ns);
    dev->announced_deadline = dev->next_deadline;
    return dev->next_deadline;
}

/* ------------------------------------------------------------------ */
/* DMA and link helpers                                                */

/** One DMA through the port: with @write, @len bytes from @buf to host
 *  memory at @addr (dma_write; @buf is only read), else from host memory
 *  into @buf (dma_read).  A fault (range wraps, or the port refuses) is
 *  traced with its address and length.  0 or -1. */
static int dma_xfer(E1kDev *s, uint64_t addr, void *buf, uint32_t len,
                    bool write)
{
    int rc;
    if (len == 0) {
        return 0;
    }
    if (addr > UINT64_MAX - len) {
        rc = -1;
    } else if (write) {
        rc = s->port.dma_write(s->port.opaque, addr, buf, len);
    } else {
        rc = s->port.dma_read(s->port.opaque, addr, buf, len);
    }
    if (rc != 0) {
        e1k_trace(s, write ? E1K_TRACE_DMA_WRITE_FAULT
                           : E1K_TRACE_DMA_READ_FAULT, addr, len);
        return -1;
    }
    return 0;
}

int e1k_dma_read_port(E1kDev *s, uint64_t addr, void *buf, uint32_t len)
{
    return dma_xfer(s, addr, buf, len, false);
}

int e1k_dma_write_port(E1kDev *s, uint64_t addr, const void *buf,
                       uint32_t len)
{
    return dma_xfer(s, addr, (void *)buf, len, true);
}

uint32_t e1k_status_bus_bits(const E1kDev *s)
{
    uint32_t v = 0;
    if (s->cfg.bus.clock_khz >= 60000u) {
        v |= E1K_STATUS_PCI66;
    }
    if (s->cfg.bus.width_bytes == 8) {
        v |= E1K_STATUS_BUS64;
    }
    if (s->cfg.bus.clock_khz > 100000u) {
        v |= E1K_STATUS_PCIX_MODE | E1K_STATUS_PCIX_SPEED_133;
    }
    return v;
}

/* ------------------------------------------------------------------ */
/* Reset                                                               */

/**
 * MAC reset (CTRL.RST, SDM 13.4.1) or, with @power_on, power-on reset.
 * CTRL.RST resets every MAC register except PBA (whose RXA takes effect
 * now, SDM 13.4.16), keeps the PHY (registers, link, autonegotiation in
 * progress), the EEPROM contents and the cumulative totals.  Power-on
 * also resets the PHY to its settled state, PBA, and the totals.
 */
static void dev_reset(E1kDev *s, bool power_on)
{
    dev_reset_from(s, power_on, false);
}

/** dev_reset(); with @cleared, the register file, the EEPROM interface,
 *  the totals and the receive and transmit state are known to be all
 *  zero already (a device e1k_new has just allocated zeroed) and are not
 *  cleared again.  Nothing on the way touches the last two then: the PHY
 *  power-on sets STATUS.LU without announcing it, so the CTRL check
 *  finds no link change to pass to the transmit side. */
static void dev_reset_from(E1kDev *s, bool power_on, bool cleared)
{
    uint32_t pba = power_on ? E1K_PBA_DEFAULT : e1k_reg(s, E1K_PBA);
    uint16_t phy_keep[32];
    E1kPhy phy = s->phy;
    uint64_t autoneg = s->timer[E1K_TMR_AUTONEG];
    uint32_t link_bits = e1k_reg(s, E1K_STATUS) &
                         (E1K_STATUS_LU | E1K_STATUS_FD |
                          E1K_STATUS_SPEED_MASK);

    e1k_trace(s, E1K_TRACE_RESET, power_on, 0);
    s->fault_stall = 0; /* a reset clears an injected DMA stall */
    memcpy(phy_keep, s->phy.reg, sizeof(phy_keep));
    if (!cleared) {
        memset(s->reg, 0, E1K_REG_LIVE_END); /* the rest is always 0 */
        memset(&s->ee, 0, sizeof(s->ee));
        if (power_on) {
            memset(&s->totals, 0, sizeof(s->totals));
        }
    }
    for (unsigned i = 0; i < E1K_TMR_COUNT; i++) {
        s->timer[i] = E1K_NO_DEADLINE;
    }
    e1k_timers_changed(s);
    s->itr_gate_ns = 0;
    s->ioaddr = 0;
    s->ee.out_bit = -1;
    if (power_on) {
        s->bus_free_ns = 0;
    }

    e1k_reg_set(s, E1K_CTRL, E1K_CTRL_RESET_VAL);
    e1k_reg_set(s, E1K_EECD, E1K_EECD_PRES);
    e1k_reg_set(s, E1K_PBA, pba);
    e1k_reg_set(s, E1K_LEDCTL, 0x00000602u);
    e1k_reg_set(s, E1K_VET, 0x00008100u);
    e1k_reg_set(s, E1K_TXDCTL, 0);
    e1k_reg_set(s, E1K_RXCSUM, 0);
    e1k_eeprom_init(s);
    /* WUC.APME loads from the EEPROM's APM enable (SDM 13.6.1, 5.6) */
    if (s->ee.words[E1K_EE_INIT3] & E1K_EE_INIT3_APME) {
        e1k_reg_set(s, E1K_WUC, E1K_WUC_APME);
    }
    /* STATUS: bus straps; the link bits survive a MAC reset (the PHY
     * keeps its link) and are recomputed below. */
    e1k_reg_set(s, E1K_STATUS,
                e1k_status_bus_bits(s) | (power_on ? 0 : link_bits));

    if (power_on) {
        s->phy.cable = (uint32_t)(s->cfg.link_up != 0);
        e1k_phy_power_on(s);
    } else {
        s->phy = phy;
        memcpy(s->phy.reg, phy_keep, sizeof(phy_keep));
        e1k_timer_arm(s, E1K_TMR_AUTONEG, autoneg);
    }
    e1k_loop_update(s); /* RCTL is 0 again; the PHY's loopback kept */
    /* CTRL reloaded its default: if that changes STATUS.LU (software had
     * cleared SLU and ASDE), LSC is raised like any link change. */
    e1k_phy_ctrl_written(s);

    if (!cleared) {
        memset(&s->rx, 0, sizeof(s->rx));
        memset(&s->tx, 0, sizeof(s->tx));
    }
    e1k_rx_reset(s);
    e1k_tx_reset(s);
    e1k_update_irq(s); /* ICR=IMS=0: the line falls if it was high */
}

void e1k_power_on_reset(E1kDev *s)
{
    dev_reset(s, true);
}

void e1k_reset(E1kDev *dev)
{
    if (!dev) {
        return;
    }
    enter(dev);
    dev_reset(dev, true);
    e1k_leave(dev);
}

/* ------------------------------------------------------------------ */
/* Register dispatch                                                   */

/** CTRL / CTRL_DUP write (SDM 13.4.1). */
static void ctrl_write(E1kDev *s, uint32_t val)
{
    uint32_t old = e1k_reg(s, E1K_CTRL);
    val &= E1K_CTRL_WMASK;
    if (val & E1K_CTRL_RST) {
        dev_reset(s, false); /* RST self-clears: CTRL reloads its default */
        return;
    }
    e1k_reg_set(s, E1K_CTRL, val);
    if ((val & E1K_CTRL_PHY_RST) && !(old & E1K_CTRL_PHY_RST)) {
        e1k_phy_reset(s); /* PHY reset: link drops, autoneg restarts */
    }
    e1k_phy_ctrl_written(s);
}

/** PBA write: RXA b6:0 writable (KB), TXA = 64 - RXA read-only
 *  (clamped at 0).  The packet buffer split changes only at the next
 *  reset (SDM 13.4.16). */
static void pba_write(E1kDev *s, uint32_t val)
{
    uint32_t rxa = val & E1K_PBA_RXA_MASK;
    uint32_t txa = rxa >= E1K_PBA_TOTAL_KB ? 0 : E1K_PBA_TOTAL_KB - rxa;
    e1k_reg_set(s, E1K_PBA, rxa | txa << 16);
}

/** WUC write (SDM 13.6.1): APME b0, PME_En b1 and APMPME b3 are stored;
 *  PME_Status b2 is cleared by writing 1 (the model never sets it: no
 *  power states, no wake-up events). */
static void wuc_write(E1kDev *s, uint32_t val)
{
    uint32_t keep = E1K_WUC_APME | E1K_WUC_PME_EN | E1K_WUC_APMPME;
    uint32_t old = e1k_reg(s, E1K_WUC);

    e1k_reg_set(s, E1K_WUC, (val & keep) |
                            (old & E1K_WUC_PME_STATUS & ~val));
}

/** WUS write (SDM 13.6.3): every status bit is cleared by writing 1. */
static void wus_write(E1kDev *s, uint32_t val)
{
    e1k_reg_set(s, E1K_WUS, e1k_reg(s, E1K_WUS) & ~val);
}

/** Registers with a write handler of their own (given the raw value). */
static const struct {
    uint32_t off;
    void (*write)(E1kDev *s, uint32_t val);
} special_regs[] = {
    { E1K_CTRL, ctrl_write }, { E1K_CTRL_DUP, ctrl_write },
    { E1K_EECD, e1k_eecd_write }, { E1K_EERD, e1k_eerd_write },
    { E1K_MDIC, e1k_mdic_write }, { E1K_PBA, pba_write },
    { E1K_WUC, wuc_write }, { E1K_WUS, wus_write },
};

/** Write of a register with its own handler in special_regs; false if
 *  @off has none. */
static bool special_write(E1kDev *s, uint32_t off, uint32_t val)
{
    for (size_t i = 0; i < sizeof(special_regs) / sizeof(special_regs[0]);
         i++) {
        if (special_regs[i].off == off) {
            special_regs[i].write(s, val);
            return true;
        }
    }
    return false;
}

/** Write of the plain register @d: masked store, then the RX or TX side
 *  is told; read-only ones ignore it (traced).  Forced inline where @d is
 *  a constant (the tail doorbells): its flags and mask fold away and the
 *  side's handler is called for that one register. */
static inline __attribute__((always_inline))
void plain_store(E1kDev *s, const RegDesc *d, uint32_t val)
{
    uint32_t off = d->off, old;

    if (d->flags & F_RO) {
        e1k_trace(s, E1K_TRACE_RO_WRITE, off, val);
        return;
    }
    if (s->port.trace && (d->flags & (F_RX | F_TX))) {
        e1k_trace_ring_write(s, off, val);
    }
    old = e1k_reg(s, off);
    e1k_reg_set(s, off, val & d->wmask);
    if (d->flags & F_RX) {
        e1k_rx_reg_written(s, off, old);
        if (off == E1K_RDTR) {
            /* FPD acts once and reads back 0 (SDM 13.4.30). */
            e1k_reg_set(s, off, e1k_reg(s, off) & ~E1K_RDTR_FPD);
        }
    } else if (d->flags & F_TX) {
        e1k_tx_reg_written(s, off, old);
    }
}

/** plain_store out of line, for the registers found in plain_regs. */
static void plain_write(E1kDev *s, const RegDesc *d, uint32_t val)
{
    plain_store(s, d, val);
}

/** 32-bit write of a register at dword-aligned @off other than the
 *  per-frame ones of reg_write32.  Out of line: the MMIO write that
 *  inlines reg_write32 then keeps few registers. */
static __attribute__((noinline))
void reg_write32_other(E1kDev *s, uint32_t off, uint32_t val)
{
    const RegDesc *d;
    uint32_t wmask;

    if (special_write(s, off, val)) {
        return;
    }
    d = plain_find(off);
    if (d) {
        plain_write(s, d, val);
    } else if (range_find(off, &wmask)) {
        e1k_reg_set(s, off, val & wmask);
    } else if (e1k_stats_is_counter(off)) {
        e1k_trace(s, E1K_TRACE_RO_WRITE, off, val); /* statistics */
    } else {
        e1k_trace(s, E1K_TRACE_UNKNOWN_REG, off, 1); /* ignored */
    }
}

/** 32-bit write of a register at dword-aligned @off.  Forced inline
 *  into the dword write of mmio_write_core (the drivers' only kind);
 *  the sub-word writes call it through reg_write32_merged. */
static inline __attribute__((always_inline))
void reg_write32(E1kDev *s, uint32_t off, uint32_t val)
{
    /* the per-frame writes first: the tail doorbells and the interrupt
     * registers (one switch, no table search) */
    switch (off) {
    case E1K_TDT:
        plain_store(s, &tdt_desc, val);
        return;
    case E1K_RDT:
        plain_store(s, &rdt_desc, val);
        return;
    case E1K_ICR:
    case E1K_ITR:
    case E1K_ICS:
    case E1K_IMS:
    case E1K_IMC:
        e1k_intr_write(s, off, val);
        return;
    default:
        reg_write32_other(s, off, val);
        return;
    }
}

/** 32-bit read of dword-aligned @off; @side: apply read side effects.
 *  Forced inline into the dword read of mmio_read_core (the drivers'
 *  only kind: the ICR read of every interrupt); the other reads call it
 *  through reg_read32_any. */
static inline __attribute__((always_inline))
uint32_t reg_read32(E1kDev *s, uint32_t off, bool side)
{
    uint32_t wmask, v;

    if (off == E1K_ICR) {
        /* the interrupt handler's read, first: no range checks */
        return side ? e1k_intr_read_icr(s) : e1k_reg(s, E1K_ICR);
    }
    if (off >= E1K_STATS_FIRST && off <= E1K_STATS_LAST) {
        if (side) {
            return e1k_stats_read(s, off, &v) ? v : 0;
        }
        return e1k_stats_is_counter(off) ? e1k_reg(s, off) : 0;
    }
    switch (off) {
    case E1K_CTRL_DUP:
        return e1k_reg(s, E1K_CTRL);
    case E1K_ICS:
        /* write-only in the SDM; hardware returns ICR, not cleared
         * ([QEMU-E1000] set_interrupt_cause) */
        return e1k_reg(s, E1K_ICR);
    case E1K_IMC:
        return 0; /* write-only */
    case E1K_EECD:
        return e1k_eecd_read(s);
    case E1K_CTRL:
    case E1K_EERD:
    case E1K_MDIC:
    case E1K_ITR:
    case E1K_IMS:
    case E1K_PBA:
    case E1K_STATUS:   /* plain, read-only: the drivers' flush read */
        return e1k_reg(s, off);
    default:
        break;
    }
    if (plain_find(off) || range_find(off, &wmask)) {
        return e1k_reg(s, off);
    }
    if (side) {
        e1k_trace(s, E1K_TRACE_UNKNOWN_REG, off, 0);
    }
    return 0;
}

/** reg_write32 out of line, for the sub-word writes. */
static void reg_write32_merged(E1kDev *s, uint32_t off, uint32_t val)
{
    reg_write32(s, off, val);
}

/** reg_read32 out of line, for the sub-word reads and the peeks. */
static uint32_t reg_read32_any(E1kDev *s, uint32_t off, bool side)
{
    return reg_read32(s, off, side);
}

/** Byte-lane mask of an access of @size bytes. */
static uint32_t size_mask(unsigned size)
{
    return size >= 4 ? 0xFFFFFFFFu : ((1u << (8 * size)) - 1u);
}

/** True for a legal access of @size bytes at @offset in a BAR of
 *  @bar_size bytes: size 1, 2 or 4, naturally aligned, inside the BAR.
 *  An illegal one is traced (E1K_TRACE_BAD_ACCESS). */
static bool access_ok(E1kDev *s, uint32_t offset, unsigned size,
                      uint32_t bar_size)
{
    if ((size != 1 && size != 2 && size != 4) || offset >= bar_size ||
        (offset & (size - 1)) != 0) {
        e1k_trace(s, E1K_TRACE_BAD_ACCESS, offset, size);
        return false;
    }
    return true;
}

/** Registers whose writes act per 1-bit (set/clear/ack): a sub-word write
 *  merges with 0, not with the current value, so other bytes are left
 *  alone. */
static bool write_one_acts(uint32_t off)
{
    return off == E1K_ICR || off == E1K_ICS || off == E1K_IMS ||
           off == E1K_IMC;
}

/** Sub-word capable read/write cores shared by the memory and I/O BARs. */
static inline uint32_t mmio_read_core(E1kDev *s, uint32_t offset,
                                      unsigned size)
{
    uint32_t shift, v;
    if (size == 4 && (offset & 3u) == 0 && offset < E1K_MMIO_SIZE) {
        return reg_read32(s, offset, true);   /* the common dword read */
    }
    if (!access_ok(s, offset, size, E1K_MMIO_SIZE)) {
        return 0;
    }
    shift = 8u * (offset & 3u);
    v = reg_read32_any(s, offset & ~3u, true);
    return (v >> shift) & size_mask(size);
}

static void mmio_write_core(E1kDev *s, uint32_t offset, uint32_t value,
                            unsigned size)
{
    uint32_t off = offset & ~3u, shift, mask, cur;
    if (!access_ok(s, offset, size, E1K_MMIO_SIZE)) {
        return;
    }
    if (size == 4) {
        reg_write32(s, off, value);
        return;
    }
    shift = 8u * (offset & 3u);
    mask = size_mask(size) << shift;
    cur = write_one_acts(off) ? 0 : reg_read32_any(s, off, false);
    reg_write32_merged(s, off, (cur & ~mask) | ((value << shift) & mask));
}

uint32_t e1k_mmio_read(E1kDev *dev, uint32_t offset, unsigned size)
{
    uint32_t v;
    if (!dev) {
        return 0;
    }
    enter(dev);
    v = mmio_read_core(dev, offset, size);
    e1k_leave(dev);
    return v;
}

void e1k_mmio_write(E1kDev *dev, uint32_t offset, uint32_t value,
                    unsigned size)
{
    if (!dev) {
        return;
    }
    enter(dev);
    mmio_write_core(dev, offset, value, size);
    e1k_leave(dev);
}

/* I/O BAR (SDM 4.1; Linux e1000_hw.c): IOADDR at +0 latches a register offset
 * (bits 16:0, low 2 bits ignored on use), IODATA at +4 accesses that
 * register.  Sub-word accesses work on both; other offsets read 0. */

/** IOADDR writable bits: the 128 KB register window (SDM 4.1). */
#define E1K_IOADDR_MASK 0x0001FFFFu

uint32_t e1k_io_read(E1kDev *dev, uint32_t offset, unsigned size)
{
    uint32_t v = 0;
    if (!dev || !access_ok(dev, offset, size, E1K_IO_SIZE)) {
        return 0;
    }
    enter(dev);
    if (offset < 4) {
        v = (dev->ioaddr >> (8u * offset)) & size_mask(size);
    } else {
        v = mmio_read_core(dev, (dev->ioaddr & ~3u) + (offset - 4), size);
    }
    e1k_leave(dev);
    return v;
}

void e1k_io_write(E1kDev *dev, uint32_t offset, uint32_t value,
                  unsigned size)
{
    if (!dev || !access_ok(dev, offset, size, E1K_IO_SIZE)) {
        return;
    }
    enter(dev);
    if (offset < 4) {
        uint32_t shift = 8u * offset, mask = size_mask(size) << shift;
        dev->ioaddr = ((dev->ioaddr & ~mask) | ((value << shift) & mask)) &
                      E1K_IOADDR_MASK;
    } else {
        mmio_write_core(dev, (dev->ioaddr & ~3u) + (offset - 4), value,
                        size);
    }
    e1k_leave(dev);
}

uint32_t e1k_peek_reg(const E1kDev *dev, uint32_t offset)
{
    if (!dev || offset >= E1K_MMIO_SIZE) {
        return 0;
    }
    /* reg_read32 without side effects does not modify the device. */
    return reg_read32_any((E1kDev *)dev, offset & ~3u, false);
}

/* ------------------------------------------------------------------ */
/* Frames, link, small accessors                                       */

/* e1k_receive_known's "nothing known" (a NULL @known, e1k_receive) */
static const E1kRxKnown rx_nothing_known = { UINT32_MAX, NULL, NULL };

/* e1k_receive_known after its checks, through enter(): out of line, so
 * that the inlined fast case keeps fewer values across calls. */
static __attribute__((noinline)) E1kRxResult
receive_entered(E1kDev *dev, const uint8_t *frame, uint32_t len,
                const E1kRxKnown *known)
{
    E1kRxResult r;

    enter(dev);
    r = e1k_rx_frame(dev, frame, len, known);
    e1k_leave(dev);
    return r;
}

E1kRxResult e1k_receive_known(E1kDev *dev, const uint8_t *frame,
                              uint32_t len, const E1kRxKnown *known)
{
    E1kRxResult r;

    if (!known) {
        known = &rx_nothing_known;
    }
    if (!dev) {
        return E1K_RX_DISABLED;
    }
    if (!frame && len) {
        return E1K_RX_BAD_SIZE;
    }
    /* enter()'s usual case here; the others (a clock callback, a
     * catch-up) in receive_entered, where nothing has been done yet */
    if (!enter_quick(dev)) {
        return receive_entered(dev, frame, len, known);
    }
    r = e1k_rx_frame(dev, frame, len, known);
    e1k_leave(dev);
    return r;
}

E1kRxResult e1k_receive(E1kDev *dev, const uint8_t *frame, uint32_t len)
{
    return e1k_receive_known(dev, frame, len, &rx_nothing_known);
}

void e1k_set_link(E1kDev *dev, int up)
{
    if (!dev) {
        return;
    }
    enter(dev);
    e1k_phy_set_cable(dev, up != 0);
    e1k_leave(dev);
}

void e1k_fault_stall(E1kDev *dev, unsigned dirs)
{
    if (!dev) {
        return;
    }
    enter(dev);
    dev->fault_stall |= dirs & (E1K_FAULT_TX | E1K_FAULT_RX);
    e1k_leave(dev);
}

int e1k_irq_level(const E1kDev *dev)
{
    return dev ? (int)dev->irq_level : 0;
}

const E1kConfig *e1k_config(const E1kDev *dev)
{
    return dev ? &dev->cfg : NULL;
}

void e1k_totals(const E1kDev *dev, E1kTotals *out)
{
    if (!dev || !out) {
        return;
    }
    *out = dev->totals;
}

/* ------------------------------------------------------------------ */
/* Validation of a restored register file                              */

int e1k_regs_validate(const E1kDev *s)
{
    uint32_t pba = e1k_reg(s, E1K_PBA);
    /* every plain register holds only its writable bits (STATUS and the
     * read-only ones are maintained by the model) */
    for (size_t i = 0; i < sizeof(plain_regs) / sizeof(plain_regs[0]); i++) {
        const RegDesc *d = &plain_regs[i];
        if (!(d->flags & F_RO) && (e1k_reg(s, d->off) & ~d->wmask)) {
            return -1;
        }
    }
    if (e1k_reg(s, E1K_CTRL) & (~E1K_CTRL_WMASK | E1K_CTRL_RST)) {
        return -1;
    }
    if ((pba & 0xFFFFu & ~E1K_PBA_RXA_MASK) || (pba >> 16) > E1K_PBA_TOTAL_KB) {
        return -1;
    }
    /* no slot at or above E1K_REG_LIVE_END holds anything: a reset
     * leaves those alone */
    for (uint32_t i = E1K_REG_LIVE_END / 4u; i < E1K_NREGS; i++) {
        if (s->reg[i]) {
            return -1;
        }
    }
    return (s->ioaddr & ~E1K_IOADDR_MASK) ? -1 : 0;
}
