/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Link settings (ethtool -s), pause (-a/-A), restart of autonegotiation
 * (-r) and Wake on LAN (-s wol), as the Linux e1000 driver offers them
 * ([LINUX-E1000] e1000_ethtool.c e1000_set_link_ksettings,
 * e1000_set_pauseparam, e1000_nway_reset, e1000_set_wol; e1000_hw.c
 * e1000_phy_setup_autoneg, e1000_phy_force_speed_duplex,
 * e1000_config_fc_after_link_up; e1000_main.c e1000_set_spd_dplx,
 * __e1000_shutdown).  Registers: SDM 13.4.1 CTRL, 8 (PHY), 13.6 (wake-up);
 * pause resolution [IEEE-802.3] Annex 28B.3.
 */
#include "e1000_drv_internal.h"

/* ANAR bits (clause 28.2.1.2): selector 802.3, PAUSE, ASM_DIR. */
#define ANAR_SELECTOR 0x0001u
#define ANAR_PAUSE 0x0400u
#define ANAR_ASM_DIR 0x0800u
/* M88E1011 specific control: auto MDI/MDI-X bits 6:5 ([DPDK-E1000]);
 * forcing speed needs MDI forced (Linux e1000_phy_force_speed_duplex). */
#define M88_PSCR_AUTO_X_MODE 0x0060u
/* Linux ADVERTISED_* / ethtool legacy link modes. */
#define E1K_ADV_ALL 0x3Fu

/* ANAR's pause bits for the FlowControl asked for (Annex 28B.2 table
 * 28B-2: rx or full -> PAUSE + ASM_DIR, tx -> ASM_DIR). */
static uint16_t anar_pause(uint32_t fc)
{
    switch (fc) {
    case 1u:
    case 3u:
        return ANAR_PAUSE | ANAR_ASM_DIR;
    case 2u:
        return ANAR_ASM_DIR;
    default:
        return 0;
    }
}

/* CTRL for the link: SLU, flow control forced as asked (RFCE, TFCE) and,
 * when forced, FRCSPD/FRCDPX with the speed and duplex, ASDE off. */
static uint32_t link_ctrl(const struct e1k_adapter *a, uint32_t ctrl)
{
    ctrl |= E1K_CTRL_SLU;
    ctrl &= ~(E1K_CTRL_FRCSPD | E1K_CTRL_FRCDPX | E1K_CTRL_RFCE |
              E1K_CTRL_TFCE);
    if (a->params.FlowControl & 1u) {
        ctrl |= E1K_CTRL_RFCE;
    }
    if (a->params.FlowControl & 2u) {
        ctrl |= E1K_CTRL_TFCE;
    }
    if (!a->autoneg) {
        ctrl &= ~(E1K_CTRL_ASDE | E1K_CTRL_SPEED_MASK | E1K_CTRL_FD);
        ctrl |= E1K_CTRL_FRCSPD | E1K_CTRL_FRCDPX;
        if (a->forced_speed == 100u) {
            ctrl |= 1u << E1K_CTRL_SPEED_SHIFT;
        }
        if (a->forced_fd) {
            ctrl |= E1K_CTRL_FD;
        }
    }
    return ctrl;
}

/* Forced speed and duplex in the PHY: MDI forced, BMCR without
 * autonegotiation, reset (the M88 applies them at its reset). */
static int phy_force(struct e1k_adapter *a)
{
    uint16_t pscr, bmcr = E1K_BMCR_RESET;

    if (e1k_hw_read_phy(a, E1K_PHY_M88_SCTRL, &pscr) < 0 ||
        e1k_hw_write_phy(a, E1K_PHY_M88_SCTRL,
                         (uint16_t)(pscr & ~M88_PSCR_AUTO_X_MODE)) < 0) {
        return -1;
    }
    if (a->forced_speed == 100u) {
        bmcr |= 0x2000u;               /* speed select LSB: 100 */
    }
    if (a->forced_fd) {
        bmcr |= E1K_BMCR_FD;
    }
    return e1k_hw_write_phy(a, E1K_PHY_BMCR, bmcr);
}

int e1k_link_program(struct e1k_adapter *a)
{
    uint16_t bmcr;

    if (!a->autoneg) {
        if (phy_force(a) < 0) {
            return -1;
        }
    } else {
        uint16_t anar = (uint16_t)(ANAR_SELECTOR |
                                   (a->advertised & 0x0Fu) << 5 |
                                   anar_pause(a->params.FlowControl));
        uint16_t gctrl = (uint16_t)(((a->advertised >> 4) & 3u) << 8);

        if (e1k_hw_write_phy(a, E1K_PHY_ANAR, anar) < 0 ||
            e1k_hw_write_phy(a, E1K_PHY_1000T_CTRL, gctrl) < 0 ||
            e1k_hw_read_phy(a, E1K_PHY_BMCR, &bmcr) < 0) {
            return -1;
        }
        bmcr |= E1K_BMCR_ANENABLE | E1K_BMCR_ANRESTART;
        if (e1k_hw_write_phy(a, E1K_PHY_BMCR, bmcr) < 0) {
            return -1;
        }
    }
    ew32(a, E1K_CTRL, link_ctrl(a, er32(a, E1K_CTRL)));
    return 0;
}

void e1k_drv_get_link_settings(struct e1k_adapter *a,
                               struct e1k_link_settings *ls)
{
    uint32_t status = er32(a, E1K_STATUS);

    ls->autoneg = a->autoneg;
    ls->advertised = a->advertised;
    ls->forced_speed = a->forced_speed;
    ls->forced_fd = a->forced_fd;
    ls->link_up = (status & E1K_STATUS_LU) != 0;
    ls->speed = e1k_status_mbps(status);
    ls->full_duplex = (status & E1K_STATUS_FD) != 0;
}

int e1k_drv_set_link_settings(struct e1k_adapter *a,
                              const struct e1k_link_settings *ls)
{
    if (ls->autoneg) {
        uint32_t adv = ls->advertised & E1K_ADV_ALL;
        if (!adv) {
            return -1;
        }
        a->autoneg = true;
        a->advertised = adv;
    } else if (ls->forced_speed == 1000u) {
        /* 1000BASE-T needs autonegotiation: Linux advertises 1000 full
         * alone; 1000 half is refused (e1000_set_spd_dplx) */
        if (!ls->forced_fd) {
            return -1;
        }
        a->autoneg = true;
        a->advertised = E1K_ADV_1000FD;
    } else if (ls->forced_speed == 10u || ls->forced_speed == 100u) {
        a->autoneg = false;
        a->forced_speed = ls->forced_speed;
        a->forced_fd = ls->forced_fd;
    } else {
        return -1;
    }
    a->link_up = false; /* the link restarts: report it again */
    e1k_os_netif_carrier(a->os, false);
    return e1k_link_program(a);
}

int e1k_drv_nway_reset(struct e1k_adapter *a)
{
    uint16_t bmcr;

    if (!a->autoneg) {
        return -1;
    }
    if (e1k_hw_read_phy(a, E1K_PHY_BMCR, &bmcr) < 0) {
        return -1;
    }
    return e1k_hw_write_phy(a, E1K_PHY_BMCR,
                            (uint16_t)(bmcr | E1K_BMCR_ANENABLE |
                                       E1K_BMCR_ANRESTART));
}

void e1k_drv_get_pause(struct e1k_adapter *a, bool *autoneg, bool *rx,
                       bool *tx)
{
    *autoneg = a->fc_autoneg;
    *rx = (a->params.FlowControl & 1u) != 0;
    *tx = (a->params.FlowControl & 2u) != 0;
}

int e1k_drv_set_pause(struct e1k_adapter *a, bool autoneg, bool rx, bool tx)
{
    a->fc_autoneg = autoneg;
    a->params.FlowControl = (rx ? 1u : 0u) | (tx ? 2u : 0u);
    if (autoneg) {
        /* advertise it: the link renegotiates (Linux: down/up) */
        return a->autoneg ? e1k_link_program(a) : 0;
    }
    /* forced: CTRL.RFCE/TFCE at once (e1000_force_mac_fc) */
    ew32(a, E1K_CTRL, link_ctrl(a, er32(a, E1K_CTRL)));
    return 0;
}

/* ---- identify (ethtool -p) ---- */

/* LEDCTL LED0 mode (b3:0) values that force the LED (SDM 13.4 LEDCTL;
 * Linux E1000_LEDCTL_MODE_LED_ON / _OFF). */
#define LEDCTL_MODE_MASK 0x0Fu
#define LEDCTL_LED_ON 0x0Eu
#define LEDCTL_LED_OFF 0x0Fu

void e1k_drv_identify(struct e1k_adapter *a, int state)
{
    uint32_t led;

    if (state == 0) {
        if (a->ledctl_saved) {
            ew32(a, E1K_LEDCTL, a->ledctl_default);
            a->ledctl_saved = false;
        }
        return;
    }
    if (!a->ledctl_saved) {
        a->ledctl_default = er32(a, E1K_LEDCTL);
        a->ledctl_saved = true;
    }
    led = a->ledctl_default & ~LEDCTL_MODE_MASK;
    ew32(a, E1K_LEDCTL, led | (state == 1 ? LEDCTL_LED_ON : LEDCTL_LED_OFF));
}

/* ---- Wake on LAN ---- */

uint32_t e1k_drv_wol_supported(const struct e1k_adapter *a)
{
    /* Linux e1000_wol_exclusion: the 82545EM copper (8086:100F) does not
     * wake; the 82540EM offers unicast, multicast, broadcast, magic. */
    if (a->device_id == 0x100Fu) {
        return 0;
    }
    return E1K_WUFC_EX | E1K_WUFC_MC | E1K_WUFC_BC | E1K_WUFC_MAG;
}

uint32_t e1k_drv_get_wol(const struct e1k_adapter *a)
{
    return a->wol;
}

int e1k_drv_set_wol(struct e1k_adapter *a, uint32_t wufc)
{
    uint32_t sup = e1k_drv_wol_supported(a);

    if (wufc & ~sup) {
        return -1;
    }
    a->wol = wufc;
    return 0;
}

void e1k_drv_arm_wake(struct e1k_adapter *a)
{
    /* __e1000_shutdown: with filters, the receiver stays on for them and
     * PME is enabled; else wake-up is off */
    if (a->wol) {
        ew32(a, E1K_WUC, E1K_WUC_PME_EN);
        ew32(a, E1K_WUFC, a->wol);
    } else {
        ew32(a, E1K_WUC, 0);
        ew32(a, E1K_WUFC, 0);
    }
}
