/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Link of the 82598 model: LINKS and AUTOC (datasheet 4.4.3.12, 3.6),
 * MDIO through MSCA/MSRWD, and the Atlas analog registers behind
 * ATLASCTL.
 *
 * The link is up (LINKS.UP, with the 10 Gb/s speed, lane sync, alignment
 * and signal bits) when a link partner is present and the link is
 * established, or when AUTOC.FLU forces it (the self-test's MAC loopback
 * does).  Established: at once at power-on with the cable in, else
 * cfg.link_ns after the cable is plugged, after a link reset
 * (CTRL.LRST) or after AUTOC.AN_RESTART in a link mode that
 * autonegotiates (KX4 or 1 Gb/s autonegotiation; the CX4 and fibre parts
 * power up in 10 Gb/s without autonegotiation, LMS 001b, where a restart
 * does not drop the link).  Every change of LINKS.UP raises EICR.LSC.
 * The speed follows AUTOC.LMS: 1 Gb/s in the 1 Gb/s modes, else 10.
 *
 * MDIO: the CX4 and fibre boards have no external PHY, so no address
 * answers: a read returns all ones (an MDIO bus with nothing on it;
 * Linux's ixgbe then finds no PHY, mdio45_probe), a write does nothing;
 * either completes at once (MSCA.MDI_COMMAND reads back clear).
 *
 * ATLASCTL: a write without the read command stores bits 7:0 in analog
 * register 15:8; with it (bit 16), the register's value reads back in
 * bits 7:0 (Linux's ixgbe_read_analog_reg8_82598).  Powering down the
 * transmit lanes (register 0x24 bit 4, as the self-test's loopback does)
 * keeps frames off the wire.  The analog registers keep their values
 * across CTRL.RST (Linux restores them after a reset).
 */
#include "ixgbe_core.h"

/** AUTOC bits software can write (all but the self-clearing restart). */
#define AUTOC_WMASK (~IXG_AUTOC_AN_RESTART)
/** LINKS while up at 10 Gb/s: up, speed, XAUI lanes synchronised and
 *  aligned, signal on all four lanes, link status. */
#define LINKS_10G_UP (IXG_LINKS_UP | IXG_LINKS_SPEED_10G | \
                      IXG_LINKS_10G_ALIGN | IXG_LINKS_10G_LANE_SYNC | \
                      IXG_LINKS_SIGNAL | IXG_LINKS_LINK_STATUS)

/** True if AUTOC's link mode autonegotiates. */
static bool lms_autoneg(uint32_t autoc)
{
    uint32_t lms = autoc & IXG_AUTOC_LMS_MASK;
    return lms == IXG_AUTOC_LMS_1G_AN || lms == IXG_AUTOC_LMS_KX4_AN ||
           lms == IXG_AUTOC_LMS_KX4_AN_1G;
}

/** True if AUTOC's link mode runs at 1 Gb/s. */
static bool lms_1g(uint32_t autoc)
{
    uint32_t lms = autoc & IXG_AUTOC_LMS_MASK;
    return lms == IXG_AUTOC_LMS_1G_NO_AN || lms == IXG_AUTOC_LMS_1G_AN;
}

/** LINKS as the state says. */
static uint32_t links_value(const IxgDev *s)
{
    uint32_t autoc = ixg_reg(s, IXG_AUTOC), v = 0;
    bool up = (s->cable && s->link_ok) || (autoc & IXG_AUTOC_FLU);

    if (s->cable) {
        v |= IXG_LINKS_SIGNAL;
    }
    if (up) {
        v |= lms_1g(autoc) ? (IXG_LINKS_UP | IXG_LINKS_LINK_STATUS)
                           : LINKS_10G_UP;
        if (lms_autoneg(autoc) && s->link_ok) {
            v |= IXG_LINKS_KX_AN_COMP;
        }
    }
    return v;
}

void ixg_link_power_on(IxgDev *s)
{
    s->link_ok = s->cable;
    ixg_reg_set(s, IXG_LINKS, links_value(s));
    s->wire_byte_ps = nic_eth_byte_ps(lms_1g(ixg_reg(s, IXG_AUTOC)) ? 1000u
                                                                   : 10000u);
}

void ixg_link_update(IxgDev *s)
{
    uint32_t old = ixg_reg(s, IXG_LINKS), v = links_value(s);
    bool was_up = old & IXG_LINKS_UP, up = v & IXG_LINKS_UP;

    ixg_reg_set(s, IXG_LINKS, v);
    s->wire_byte_ps = nic_eth_byte_ps((v & IXG_LINKS_SPEED_10G) ? 10000u
                                                                : 1000u);
    if (was_up == up) {
        return;
    }
    ixg_trace(s, IXG_TRACE_LINK, up, (v & IXG_LINKS_SPEED_10G) ? 10000 : 1000);
    ixg_rx_queues_update(s);
    ixg_tx_queues_update(s);
    if (up) {
        ixg_txwire_kick(s);
    } else {
        ixg_txwire_abort(s);
    }
    ixg_set_cause(s, IXG_EICR_LSC);
}

/** The link drops now and is established again cfg.link_ns later (with
 *  a partner present). */
static void relink(IxgDev *s)
{
    s->link_ok = 0;
    ixg_timer_cancel(s, IXG_TMR_LINK);
    if (s->cable) {
        ixg_timer_set(s, IXG_TMR_LINK, s->now_ns + s->cfg.link_ns);
    }
    ixg_link_update(s);
}

void ixg_link_set_cable(IxgDev *s, int up)
{
    if ((uint32_t)up == s->cable) {
        return;
    }
    s->cable = (uint32_t)up;
    relink(s);
}

void ixg_link_reset(IxgDev *s)
{
    relink(s);
}

void ixg_link_timer(IxgDev *s)
{
    s->link_ok = s->cable;
    ixg_link_update(s);
}

/** MSCA write: the MDI command completes at once; no PHY answers. */
static void msca_write(IxgDev *s, uint32_t val)
{
    uint32_t op = (val >> IXG_MSCA_OPCODE_SHIFT) & 3u;

    ixg_reg_set(s, IXG_MSCA, val & ~IXG_MSCA_MDI_COMMAND);
    if (!(val & IXG_MSCA_MDI_COMMAND)) {
        return;
    }
    if (op == IXG_MSCA_OP_READ || op == IXG_MSCA_OP_READ_INC ||
        ((val >> IXG_MSCA_STCODE_SHIFT) & 3u) == 1u /* clause 22 read */) {
        ixg_reg_set(s, IXG_MSRWD, (ixg_reg(s, IXG_MSRWD) & 0xFFFFu) |
                                  0xFFFFu << IXG_MSRWD_READ_SHIFT);
    }
}

/** ATLASCTL write (see the file comment). */
static void atlas_write(IxgDev *s, uint32_t val)
{
    uint32_t reg = (val >> IXG_ATLASCTL_REG_SHIFT) & 0xFFu;

    if (!(val & IXG_ATLASCTL_READ_CMD)) {
        s->analog[reg] = (uint8_t)val;
    }
    ixg_reg_set(s, IXG_ATLASCTL, reg << IXG_ATLASCTL_REG_SHIFT |
                                 s->analog[reg]);
}

uint32_t ixg_link_read(IxgDev *s, uint32_t off)
{
    return ixg_reg(s, off);   /* AUTOC, LINKS, MSCA, MSRWD, ATLASCTL */
}

void ixg_link_write(IxgDev *s, uint32_t off, uint32_t val)
{
    switch (off) {
    case IXG_AUTOC:
        ixg_reg_set(s, IXG_AUTOC, val & AUTOC_WMASK);
        if ((val & IXG_AUTOC_AN_RESTART) && lms_autoneg(val)) {
            relink(s);
        } else {
            ixg_link_update(s);   /* FLU or the speed may have changed */
        }
        return;
    case IXG_LINKS:
        ixg_trace(s, IXG_TRACE_RO_WRITE, off, val);
        return;
    case IXG_MSCA:
        msca_write(s, val);
        return;
    case IXG_MSRWD:
        ixg_reg_set(s, IXG_MSRWD, (ixg_reg(s, IXG_MSRWD) & 0xFFFF0000u) |
                                  (val & 0xFFFFu));
        return;
    default: /* ATLASCTL */
        atlas_write(s, val);
        return;
    }
}
