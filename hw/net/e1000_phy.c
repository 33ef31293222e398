/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Internal copper PHY (Marvell 88E1011-class at MDIO address 1), MDIC,
 * link state, autonegotiation with the link partner and forced speed
 * (SDM 13.4.5 MDIC, 8 PHY registers, 13.4.1 CTRL, 13.4.2 STATUS; M88E1011
 * registers as in [DPDK-E1000]; [IEEE-802.3] clause 28 autonegotiation
 * and parallel detection, clause 22 BMCR/BMSR, clause 40 1000BASE-T).
 *
 * Link establishment.  A restart (BMCR.ANRESTART, BMCR.RESET, toggling
 * BMCR.ANENABLE, a rising CTRL.PHY_RST) drops the link at once; the link
 * settles cfg.autoneg_ns later (E1K_TMR_AUTONEG), whether the PHY
 * autonegotiates or runs at the speed forced in BMCR (a forced link also
 * needs the partner to detect it).  At that instant the mode is resolved
 * against the partner (cfg.partner_modes up to cfg.link_mbps,
 * cfg.partner_autoneg) and kept in phy.res_mode until the next restart:
 *   - both autonegotiate: the best common mode of the Annex 28B.3
 *     priority (none in common: no link);
 *   - we autonegotiate, the partner is forced: parallel detection
 *     (28.2.3.1) finds its speed at 10 or 100 Mb/s and links at half
 *     duplex; 1000BASE-T cannot be parallel-detected (clause 40
 *     requires autonegotiation): no link;
 *   - we are forced, the partner autonegotiates: its parallel detection
 *     links at our speed if it has that speed (10 or 100; forced 1000:
 *     no link), we keep our forced duplex, the partner's is half (a
 *     duplex mismatch: no collision model, frames flow both ways);
 *   - both forced: link when the speeds agree, each keeps its duplex.
 * A forced speed or duplex written into BMCR takes effect at the next
 * restart (the M88E1011 needs its software reset for that).  Plugging the
 * cable in (e1k_set_link) settles at once unless a restart is running.
 *
 * PHY loopback (BMCR.LOOPBACK): the PHY returns the MAC's frames inside
 * itself and keeps the line quiet; towards the MAC it has link at the
 * speed and duplex of BMCR (no cable needed), whatever the partner.
 *
 * MAC link (STATUS.LU): the PHY link and CTRL.SLU or CTRL.ASDE.  STATUS.
 * SPEED is CTRL.SPEED when CTRL.FRCSPD is set, else the PHY's resolved
 * speed; STATUS.FD is CTRL.FD with CTRL.FRCDPX, else the PHY's duplex
 * (SDM 13.4.1-2).  Every change of STATUS.LU raises ICR.LSC and tells the
 * TX path.  CTRL.ILOS is stored only (it inverts the external LOS input,
 * not the internal PHY's link indication).
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
/** ANAR power-on: 10/100 half/full, selector 802.3. */
#define ANAR_DEFAULT 0x01E1u
/** 1000BASE-T control power-on: advertise 1000 full and half. */
#define GCTRL_DEFAULT 0x0300u
/** Extended status: 1000BASE-T full and half capable. */
#define EXTSTAT_VAL 0x3000u
/** ANLPAR: selector 802.3 and the acknowledge bit (clause 28.2.1.2). */
#define ANLPAR_SEL_ACK 0x4001u
/** 1000BASE-T status: local and remote receiver OK (b13, b12), partner
 *  1000 full (b11) and half (b10) capable (clause 40.5.1.1). */
#define GSTAT_RX_OK 0x3000u
#define GSTAT_LP_1000FD 0x0800u
#define GSTAT_LP_1000HD 0x0400u
/** ANER: the partner is autonegotiation able (clause 28.2.4.1.5). */
#define ANER_LP_AN_ABLE 0x0001u

/** The modes at or below @mbps (E1K_LP_* bits). */
static uint32_t modes_upto(uint32_t mbps)
{
    return mbps >= 1000 ? E1K_LP_ALL : mbps >= 100 ? 0x0Fu : 0x03u;
}

/** The modes at exactly @mbps (E1K_LP_* bits). */
static uint32_t modes_at(uint32_t mbps)
{
    return mbps >= 1000 ? 0x30u : mbps >= 100 ? 0x0Cu : 0x03u;
}

/** Highest-priority mode of @modes (Annex 28B.3: the higher bit), 0 if
 *  none. */
static uint32_t best_mode(uint32_t modes)
{
    return modes ? 1u << (31 - __builtin_clz(modes)) : 0;
}

/** Speed (Mb/s) of a single mode bit. */
static uint32_t mode_mbps(uint32_t mode)
{
    return mode >= E1K_LP_1000HD ? 1000 : mode >= E1K_LP_100HD ? 100 : 10;
}

/** True for a full-duplex mode bit. */
static bool mode_fd(uint32_t mode)
{
    return (mode & (E1K_LP_10FD | E1K_LP_100FD | E1K_LP_1000FD)) != 0;
}

uint32_t e1k_partner_modes(const E1kConfig *cfg)
{
    return cfg->partner_modes & modes_upto(cfg->link_mbps);
}

/** The mode BMCR forces: speed b6 (MSB) and b13 (LSB), duplex b8
 *  (clause 22.2.4.1). */
static uint32_t bmcr_mode(uint16_t bmcr)
{
    uint32_t sel = ((bmcr >> 5) & 2u) | ((bmcr >> 13) & 1u);
    uint32_t hd = sel >= 2 ? E1K_LP_1000HD : sel == 1 ? E1K_LP_100HD
                                                      : E1K_LP_10HD;
    return (bmcr & E1K_BMCR_FD) ? hd << 1 : hd;
}

/** Our advertised modes: ANAR b5-b8 (10 HD/FD, 100 HD/FD) and 1000BASE-T
 *  control b8-b9 (1000 HD/FD). */
static uint32_t local_modes(const E1kPhy *p)
{
    uint32_t anar = p->reg[E1K_PHY_ANAR], g = p->reg[E1K_PHY_1000T_CTRL];
    return ((anar >> 5) & 0x0Fu) | (((g >> 8) & 3u) << 4);
}

/** Resolve the link mode against the partner (the rules at the top);
 *  sets phy.res_mode (0: no link) and phy.res_flags. */
static void phy_resolve(E1kDev *s)
{
    E1kPhy *p = &s->phy;
    uint32_t pm = e1k_partner_modes(&s->cfg), ptop = best_mode(pm);
    bool an = (p->reg[E1K_PHY_BMCR] & E1K_BMCR_ANENABLE) != 0;
    uint32_t mode = 0, flags = 0;

    if (an && s->cfg.partner_autoneg) {
        mode = best_mode(local_modes(p) & pm);
        flags = E1K_PHY_RES_LP_AN;
    } else if (an) {
        if (mode_mbps(ptop) < 1000) {
            mode = mode_mbps(ptop) == 100 ? E1K_LP_100HD : E1K_LP_10HD;
        }
        flags = E1K_PHY_RES_PD;
    } else {
        uint32_t lm = bmcr_mode(p->reg[E1K_PHY_BMCR]);
        bool speed_ok = s->cfg.partner_autoneg
                            ? mode_mbps(lm) < 1000 &&
                              (pm & modes_at(mode_mbps(lm)))
                            : mode_mbps(ptop) == mode_mbps(lm);
        mode = speed_ok ? lm : 0;
    }
    p->res_mode = mode;
    p->res_flags = flags;
}

/** PHY loopback: BMCR.LOOPBACK (clause 22.2.4.1.2). */
static bool phy_loop(const E1kDev *s)
{
    return (s->phy.reg[E1K_PHY_BMCR] & E1K_BMCR_LOOPBACK) != 0;
}

/** The mode the MAC sees from the PHY: the loop's in loopback, else the
 *  resolved one while the cable is in and the link settled; 0 for no
 *  link. */
static uint32_t phy_mac_mode(const E1kDev *s)
{
    if (phy_loop(s)) {
        return bmcr_mode(s->phy.reg[E1K_PHY_BMCR]);
    }
    return s->phy.cable && s->phy.settled ? s->phy.res_mode : 0;
}

/** Recompute the status-type PHY registers from the link state. */
static void phy_refresh(E1kDev *s)
{
    uint16_t *r = s->phy.reg;
    uint32_t mode = phy_mac_mode(s), pm = e1k_partner_modes(&s->cfg);
    bool line = s->phy.cable && s->phy.settled && !phy_loop(s);
    bool an = (r[E1K_PHY_BMCR] & E1K_BMCR_ANENABLE) != 0;
    bool lp_an = line && an && (s->phy.res_flags & E1K_PHY_RES_LP_AN);
    uint32_t mbps = mode_mbps(mode);

    r[E1K_PHY_BMSR] = (uint16_t)(BMSR_BASE |
                                 (line && an ? E1K_BMSR_ANCOMPLETE : 0) |
                                 (mode ? E1K_BMSR_LSTATUS : 0));
    r[E1K_PHY_ANLPAR] = lp_an ? (uint16_t)(ANLPAR_SEL_ACK |
                                           ((pm & 0x0Fu) << 5)) : 0;
    r[E1K_PHY_ANER] = lp_an ? ANER_LP_AN_ABLE : 0;
    r[E1K_PHY_1000T_STAT] = (uint16_t)(
        (lp_an && (pm & E1K_LP_1000FD) ? GSTAT_LP_1000FD : 0) |
        (lp_an && (pm & E1K_LP_1000HD) ? GSTAT_LP_1000HD : 0) |
        (mode && mbps == 1000 ? GSTAT_RX_OK : 0));
    if (mode) {
        r[E1K_PHY_M88_SSTAT] = (uint16_t)(
            (mbps == 1000 ? M88_SSTAT_SPEED_1000
             : mbps == 100 ? M88_SSTAT_SPEED_100 : M88_SSTAT_SPEED_10) |
            (mode_fd(mode) ? E1K_M88_SSTAT_DUPLEX : 0) |
            E1K_M88_SSTAT_RESOLVED | E1K_M88_SSTAT_LINK);
    } else {
        r[E1K_PHY_M88_SSTAT] = 0;
    }
}

/** STATUS.SPEED bits for @mbps. */
static uint32_t status_speed(uint32_t mbps)
{
    return mbps == 1000 ? E1K_STATUS_SPEED_1000
           : mbps == 100 ? E1K_STATUS_SPEED_100 : E1K_STATUS_SPEED_10;
}

/** Recompute STATUS.LU/SPEED/FD; raise LSC and notify TX on a change of
 *  LU.  @announce false: initial state (no LSC). */
static void mac_link_update(E1kDev *s, bool announce)
{
    uint32_t ctrl = e1k_reg(s, E1K_CTRL);
    uint32_t st = e1k_reg(s, E1K_STATUS);
    uint32_t old = st & (E1K_STATUS_LU | E1K_STATUS_SPEED_MASK);
    uint32_t mode = phy_mac_mode(s);
    bool lu = mode && (ctrl & (E1K_CTRL_SLU | E1K_CTRL_ASDE));

    st &= ~(E1K_STATUS_LU | E1K_STATUS_FD | E1K_STATUS_SPEED_MASK);
    if (ctrl & E1K_CTRL_FRCSPD) {
        /* the MAC runs at the forced speed, link or not (MAC loopback
         * needs none) */
        uint32_t sp = (ctrl & E1K_CTRL_SPEED_MASK) >> E1K_CTRL_SPEED_SHIFT;
        st |= (sp >= 2 ? 2u : sp) << E1K_STATUS_SPEED_SHIFT;
    } else if (lu) {
        st |= status_speed(mode_mbps(mode));
    }
    if (lu) {
        bool fd = (ctrl & E1K_CTRL_FRCDPX) ? (ctrl & E1K_CTRL_FD) != 0
                                           : mode_fd(mode);
        st |= E1K_STATUS_LU | (fd ? E1K_STATUS_FD : 0);
    }
    e1k_reg_set(s, E1K_STATUS, st);
    if (announce && (old & E1K_STATUS_LU) != (st & E1K_STATUS_LU)) {
        e1k_trace(s, E1K_TRACE_LINK, lu, lu ? e1k_link_mbps(s) : 0);
        e1k_tx_link_changed(s);
        e1k_set_cause(s, E1K_ICR_LSC);
    } else if (announce && old != (st & (E1K_STATUS_LU |
                                         E1K_STATUS_SPEED_MASK))) {
        e1k_tx_link_changed(s); /* same link, new speed: the wire's */
    }
}

/** Link state moved: refresh PHY registers, latch a loss, update MAC. */
static void link_changed(E1kDev *s)
{
    bool was = (s->phy.reg[E1K_PHY_BMSR] & E1K_BMSR_LSTATUS) != 0;
    phy_refresh(s);
    if (was && !(s->phy.reg[E1K_PHY_BMSR] & E1K_BMSR_LSTATUS)) {
        s->phy.bmsr_ll = 1;
    }
    mac_link_update(s, true);
}

/** The link settles now: resolve the mode against the partner. */
static void settle(E1kDev *s)
{
    s->phy.settled = 1;
    phy_resolve(s);
}

/** Start (or restart) link establishment: the link drops until the
 *  timer (armed only with the cable in). */
static void link_restart(E1kDev *s)
{
    s->phy.settled = 0;
    s->phy.res_mode = 0;
    s->phy.res_flags = 0;
    if (s->phy.cable) {
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
    e1k_loop_update(s);
}

void e1k_phy_power_on(E1kDev *s)
{
    phy_defaults(s);
    e1k_timer_cancel(s, E1K_TMR_AUTONEG);
    s->phy.settled = 0;
    s->phy.res_mode = 0;
    s->phy.res_flags = 0;
    if (s->phy.cable) {
        settle(s);
    }
    phy_refresh(s);
    mac_link_update(s, false);
}

void e1k_phy_reset(E1kDev *s)
{
    phy_defaults(s);
    link_restart(s);
}

void e1k_phy_timer(E1kDev *s)
{
    if (!s->phy.cable) {
        return;
    }
    settle(s);
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
        /* settle at once unless a restart is running */
        if (!e1k_timer_armed(s, E1K_TMR_AUTONEG)) {
            settle(s);
        }
    } else {
        e1k_timer_cancel(s, E1K_TMR_AUTONEG);
        s->phy.settled = 0;
        s->phy.res_mode = 0;
        s->phy.res_flags = 0;
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

/** Registers software may not write (writes ignored). */
static bool phy_reg_ro(uint32_t r)
{
    return r == E1K_PHY_BMSR || r == E1K_PHY_ID1 || r == E1K_PHY_ID2 ||
           r == E1K_PHY_ANLPAR || r == E1K_PHY_ANER ||
           r == E1K_PHY_1000T_STAT || r == E1K_PHY_EXT_STATUS ||
           r == E1K_PHY_M88_SSTAT;
}

/** BMCR write: RESET and ANRESTART self-clear and restart the link, as
 *  does a change of ANENABLE; LOOPBACK acts at once; forced speed and
 *  duplex wait for the next restart. */
static void bmcr_write(E1kDev *s, uint16_t v)
{
    uint16_t old = s->phy.reg[E1K_PHY_BMCR];

    s->phy.reg[E1K_PHY_BMCR] = (uint16_t)(v & ~(E1K_BMCR_RESET |
                                                E1K_BMCR_ANRESTART));
    e1k_loop_update(s);
    if ((v & (E1K_BMCR_RESET | E1K_BMCR_ANRESTART)) ||
        ((v ^ old) & E1K_BMCR_ANENABLE)) {
        link_restart(s);
    } else if ((v ^ old) & E1K_BMCR_LOOPBACK) {
        link_changed(s);
    } else if (phy_loop(s) && ((v ^ old) & (E1K_BMCR_FD |
                                             E1K_BMCR_SPEED_MASK))) {
        link_changed(s); /* the loop runs at the BMCR speed */
    }
}

/** PHY register write. */
static void phy_write(E1kDev *s, uint32_t r, uint16_t v)
{
    if (phy_reg_ro(r)) {
        return;
    }
    if (r == E1K_PHY_BMCR) {
        bmcr_write(s, v);
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
    const E1kPhy *p = &s->phy;

    if (p->cable > 1 || p->bmsr_ll > 1 || p->settled > 1 ||
        (p->res_mode & ~E1K_LP_ALL) || (p->res_mode & (p->res_mode - 1)) ||
        (p->res_flags & ~(E1K_PHY_RES_LP_AN | E1K_PHY_RES_PD))) {
        return -1;
    }
    if (p->reg[E1K_PHY_ID1] != E1K_PHY_ID1_VAL ||
        p->reg[E1K_PHY_ID2] != E1K_PHY_ID2_VAL) {
        return -1;
    }
    return 0;
}
