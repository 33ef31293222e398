/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal copper PHY (Marvell 88E1011-class at MDIO address 1), MDIC,
 * link state and autonegotiation (SDM 13.4.5 MDIC, 8 PHY registers,
 * 13.4.2 STATUS; M88E1011 registers as in [DPDK-E1000]).
 *
 * PHY link: cable connected and, with BMCR.ANENABLE, autonegotiation
 * complete (BMSR.ANCOMPLETE).  Restarting autonegotiation (BMCR.ANRESTART,
 * BMCR.RESET, CTRL.PHY_RST) drops the link at once and completes
 * cfg.autoneg_ns later (E1K_TMR_AUTONEG).  Plugging the cable in
 * (e1k_set_link) brings the link up at once unless a negotiation is in
 * progress, in which case it completes at the timer.
 *
 * MAC link (STATUS.LU): the PHY link and CTRL.SLU or CTRL.ASDE.  In the
 * internal-PHY (GMII/MII) mode the MAC follows the PHY link indication
 * when software sets SLU (the Linux driver does so in its copper link
 * setup) or lets the MAC detect speed itself (ASDE, set at power-on in
 * this model).  Speed is cfg.link_mbps, full duplex; CTRL.FRCSPD/FRCDPX
 * are stored but do not change the resolved speed (approximation).
 * Every change of STATUS.LU raises ICR.LSC and tells the TX path.
 *
 * MDIC: operations complete at once (READY); PHY address != 1 gives
 * ERROR|READY; with INT_EN, ICR.MDAC is raised.  All 32 registers of
 * address 1 are readable; read-only ones ignore writes.
 */
#include "e1000_core.h"

/* M88 PHY specific status b15:14 speed encoding ([DPDK-E1000]). */
#define M88_SSTAT_SPEED_10   (0u << 14)
#define M88_SSTAT_SPEED_100  (1u << 14)
#define M88_SSTAT_SPEED_1000 (2u << 14)

/** BMSR abilities: 100BASE-TX FD/HD, 10BASE-T FD/HD, extended status,
 *  preamble suppression, autoneg ability, extended capability. */
#define BMSR_BASE 0x7949u
/** BMCR power-on: autoneg enabled, full duplex, 1000 Mb/s select. */
#define BMCR_DEFAULT 0x1140u
#define BMCR_FD      0x0100u
/** ANAR power-on: 10/100 half/full, selector 802.3. */
#define ANAR_DEFAULT 0x01E1u
/** 1000BASE-T control power-on: advertise 1000 full and half. */
#define GCTRL_DEFAULT 0x0300u
/** Extended status: 1000BASE-T full and half capable. */
#define EXTSTAT_VAL 0x3000u

/** Registers software may not write (writes ignored). */
static bool phy_reg_ro(uint32_t r)
{
    return r == E1K_PHY_BMSR || r == E1K_PHY_ID1 || r == E1K_PHY_ID2 ||
           r == E1K_PHY_ANLPAR || r == E1K_PHY_ANER ||
           r == E1K_PHY_1000T_STAT || r == E1K_PHY_EXT_STATUS ||
           r == E1K_PHY_M88_SSTAT;
}

/** True if the PHY has link (cable and, if enabled, autoneg done). */
static bool phy_link(const E1kDev *s)
{
    if (!s->phy.cable) {
        return false;
    }
    if (s->phy.reg[E1K_PHY_BMCR] & E1K_BMCR_ANENABLE) {
        return (s->phy.reg[E1K_PHY_BMSR] & E1K_BMSR_ANCOMPLETE) != 0;
    }
    return true;
}

/** Recompute the status-type PHY registers from the link state. */
static void phy_refresh(E1kDev *s)
{
    uint16_t *r = s->phy.reg;
    bool link = phy_link(s);
    bool an_done = (r[E1K_PHY_BMSR] & E1K_BMSR_ANCOMPLETE) != 0;
    uint32_t mbps = s->cfg.link_mbps;

    r[E1K_PHY_BMSR] = (uint16_t)(BMSR_BASE |
                                 (an_done ? E1K_BMSR_ANCOMPLETE : 0) |
                                 (link ? E1K_BMSR_LSTATUS : 0));
    /* Link partner: an 802.3 station advertising up to cfg speed. */
    if (an_done && s->phy.cable) {
        r[E1K_PHY_ANLPAR] = mbps >= 100 ? 0x41E1u : 0x4061u;
        r[E1K_PHY_ANER] = 0x0001u;
        r[E1K_PHY_1000T_STAT] = mbps == 1000 ? 0x3C00u : 0x0000u;
    } else {
        r[E1K_PHY_ANLPAR] = 0;
        r[E1K_PHY_ANER] = 0;
        r[E1K_PHY_1000T_STAT] = 0;
    }
    if (link) {
        r[E1K_PHY_M88_SSTAT] = (uint16_t)(
            (mbps == 1000 ? M88_SSTAT_SPEED_1000
             : mbps == 100 ? M88_SSTAT_SPEED_100 : M88_SSTAT_SPEED_10) |
            E1K_M88_SSTAT_DUPLEX | E1K_M88_SSTAT_RESOLVED |
            E1K_M88_SSTAT_LINK);
    } else {
        r[E1K_PHY_M88_SSTAT] = 0;
    }
}

/** Recompute STATUS.LU/SPEED/FD; raise LSC and notify TX on a change.
 *  @announce false: initial state (no LSC). */
static void mac_link_update(E1kDev *s, bool announce)
{
    uint32_t ctrl = e1k_reg(s, E1K_CTRL);
    uint32_t st = e1k_reg(s, E1K_STATUS);
    uint32_t old_lu = st & E1K_STATUS_LU;
    bool lu = phy_link(s) && (ctrl & (E1K_CTRL_SLU | E1K_CTRL_ASDE));

    st &= ~(E1K_STATUS_LU | E1K_STATUS_FD | E1K_STATUS_SPEED_MASK);
    if (lu) {
        st |= E1K_STATUS_LU | E1K_STATUS_FD;
        st |= s->cfg.link_mbps == 1000 ? E1K_STATUS_SPEED_1000
              : s->cfg.link_mbps == 100 ? E1K_STATUS_SPEED_100
                                        : E1K_STATUS_SPEED_10;
    }
    e1k_reg_set(s, E1K_STATUS, st);
    if (announce && old_lu != (st & E1K_STATUS_LU)) {
        e1k_trace(s, E1K_TRACE_LINK, lu, lu ? s->cfg.link_mbps : 0);
        e1k_tx_link_changed(s);
        e1k_set_cause(s, E1K_ICR_LSC);
    }
}

/** Link state moved: refresh PHY registers, latch a loss, update MAC. */
static void link_changed(E1kDev *s)
{
    bool was = (s->phy.reg[E1K_PHY_BMSR] & E1K_BMSR_LSTATUS) != 0;
    phy_refresh(s);
    if (was && !phy_link(s)) {
        s->phy.bmsr_ll = 1;
    }
    mac_link_update(s, true);
}

/** Start (or restart) autonegotiation: link drops until the timer. */
static void autoneg_restart(E1kDev *s)
{
    s->phy.reg[E1K_PHY_BMSR] &= (uint16_t)~E1K_BMSR_ANCOMPLETE;
    if (s->phy.cable && (s->phy.reg[E1K_PHY_BMCR] & E1K_BMCR_ANENABLE)) {
        e1k_timer_arm(s, E1K_TMR_AUTONEG, e1k_now(s) + s->cfg.autoneg_ns);
    } else {
        e1k_timer_cancel(s, E1K_TMR_AUTONEG);
    }
    link_changed(s);
}

/** PHY registers to their power-on values (status ones from link). */
static void phy_defaults(E1kDev *s)
{
    uint16_t *r = s->phy.reg;
    for (unsigned i = 0; i < 32; i++) {
        r[i] = 0;
    }
    r[E1K_PHY_BMCR] = BMCR_DEFAULT;
    r[E1K_PHY_ID1] = E1K_PHY_ID1_VAL;
    r[E1K_PHY_ID2] = E1K_PHY_ID2_VAL;
    r[E1K_PHY_ANAR] = ANAR_DEFAULT;
    r[E1K_PHY_1000T_CTRL] = GCTRL_DEFAULT;
    r[E1K_PHY_EXT_STATUS] = EXTSTAT_VAL;
    r[E1K_PHY_M88_SCTRL] = 0x0068u;    /* auto MDI/MDI-X, 88E1011 */
    r[E1K_PHY_M88_EXT_CTRL] = 0x0C60u; /* 88E1011 power-on value */
    s->phy.bmsr_ll = 0;
}

void e1k_phy_power_on(E1kDev *s)
{
    phy_defaults(s);
    e1k_timer_cancel(s, E1K_TMR_AUTONEG);
    if (s->phy.cable) {
        s->phy.reg[E1K_PHY_BMSR] = E1K_BMSR_ANCOMPLETE;
    }
    phy_refresh(s);
    mac_link_update(s, false);
}

void e1k_phy_reset(E1kDev *s)
{
    phy_defaults(s);
    autoneg_restart(s);
}

void e1k_phy_timer(E1kDev *s)
{
    if (!s->phy.cable) {
        return;
    }
    s->phy.reg[E1K_PHY_BMSR] |= E1K_BMSR_ANCOMPLETE;
    link_changed(s);
}

void e1k_phy_set_cable(E1kDev *s, int up)
{
    uint32_t c = up ? 1u : 0u;
    if (c == s->phy.cable) {
        return;
    }
    s->phy.cable = c;
    if (c) {
        /* complete at once unless a negotiation is running */
        if (!e1k_timer_armed(s, E1K_TMR_AUTONEG)) {
            s->phy.reg[E1K_PHY_BMSR] |= E1K_BMSR_ANCOMPLETE;
        }
    } else {
        e1k_timer_cancel(s, E1K_TMR_AUTONEG);
        s->phy.reg[E1K_PHY_BMSR] &= (uint16_t)~E1K_BMSR_ANCOMPLETE;
    }
    link_changed(s);
}

void e1k_phy_ctrl_written(E1kDev *s)
{
    mac_link_update(s, true);
}

/** PHY register read (with the BMSR latch side effect). */
static uint16_t phy_read(E1kDev *s, uint32_t r)
{
    uint16_t v = s->phy.reg[r];
    if (r == E1K_PHY_BMSR) {
        if (s->phy.bmsr_ll) {
            v &= (uint16_t)~E1K_BMSR_LSTATUS; /* latched low: once */
        }
        s->phy.bmsr_ll = 0;
    }
    return v;
}

/** PHY register write. */
static void phy_write(E1kDev *s, uint32_t r, uint16_t v)
{
    if (phy_reg_ro(r)) {
        return;
    }
    if (r == E1K_PHY_BMCR) {
        uint16_t old = s->phy.reg[r];
        if (v & E1K_BMCR_RESET) {
            /* software reset: self-clearing; restarts negotiation with
             * the register values software just wrote (except RESET) */
            s->phy.reg[r] = (uint16_t)(v & ~(E1K_BMCR_RESET |
                                             E1K_BMCR_ANRESTART));
            autoneg_restart(s);
            return;
        }
        s->phy.reg[r] = (uint16_t)(v & ~E1K_BMCR_ANRESTART);
        if ((v & E1K_BMCR_ANRESTART) ||
            ((v ^ old) & E1K_BMCR_ANENABLE)) {
            autoneg_restart(s);
        }
        return;
    }
    s->phy.reg[r] = v;
}

void e1k_mdic_write(E1kDev *s, uint32_t val)
{
    uint32_t phy = (val & E1K_MDIC_PHY_MASK) >> E1K_MDIC_PHY_SHIFT;
    uint32_t r = (val & E1K_MDIC_REG_MASK) >> E1K_MDIC_REG_SHIFT;
    uint32_t op = val & E1K_MDIC_OP_MASK;
    uint32_t out = val & (E1K_MDIC_DATA_MASK | E1K_MDIC_REG_MASK |
                          E1K_MDIC_PHY_MASK | E1K_MDIC_OP_MASK |
                          E1K_MDIC_INT_EN);

    if (phy != E1K_PHY_ADDR ||
        (op != E1K_MDIC_OP_READ && op != E1K_MDIC_OP_WRITE)) {
        out |= E1K_MDIC_ERROR;
        e1k_trace(s, E1K_TRACE_MDIC_ERROR, phy, op >> 26);
    } else if (op == E1K_MDIC_OP_READ) {
        out = (out & ~E1K_MDIC_DATA_MASK) | phy_read(s, r);
    } else {
        phy_write(s, r, (uint16_t)(val & E1K_MDIC_DATA_MASK));
    }
    e1k_reg_set(s, E1K_MDIC, out | E1K_MDIC_READY);
    if (val & E1K_MDIC_INT_EN) {
        e1k_set_cause(s, E1K_ICR_MDAC);
    }
}

int e1k_phy_validate(const E1kDev *s)
{
    if (s->phy.cable > 1 || s->phy.bmsr_ll > 1) {
        return -1;
    }
    if (s->phy.reg[E1K_PHY_ID1] != E1K_PHY_ID1_VAL ||
        s->phy.reg[E1K_PHY_ID2] != E1K_PHY_ID2_VAL) {
        return -1;
    }
    return 0;
}
