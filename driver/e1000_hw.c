/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Hardware access of the driver core: MAC reset, EEPROM over the
 * Microwire interface on EECD, PHY over MDIC, link setup and link check,
 * receive address and flow control registers.
 *
 * Follows the sequences of the Linux e1000 shared code for the 82540 and
 * 82545 (Linux e1000_hw.c e1000_reset_hw, e1000_read_eeprom,
 * e1000_read_phy_reg, e1000_phy_hw_reset, e1000_setup_copper_link);
 * SDM 5 (EEPROM), 13.4.3 (EECD), 13.4.5 (MDIC), 13.5 (receive addresses);
 * the M88E1011 PHY as in [DPDK-E1000].
 */
#include "e1000_drv_internal.h"

/* ------------------------------------------------------------------ */
/* MAC reset (Linux e1000_reset_hw for 82540/82545)                    */
/* ------------------------------------------------------------------ */

void e1k_hw_reset(struct e1k_adapter *a)
{
    uint32_t ctrl;

    /* Mask everything and stop the receiver and transmitter, then let
     * pending DMA drain before the global reset. */
    ew32(a, E1K_IMC, 0xFFFFFFFFu);
    ew32(a, E1K_RCTL, 0);
    ew32(a, E1K_TCTL, E1K_TCTL_PSP);
    e1k_write_flush(a);
    e1k_os_msleep(a->os, 10);

    ctrl = er32(a, E1K_CTRL);
    ew32(a, E1K_CTRL, ctrl | E1K_CTRL_RST);
    /* RST self-clears; the part reloads its EEPROM settings afterwards. */
    e1k_os_udelay(a->os, 10);
    e1k_os_msleep(a->os, 5);

    /* Mask again and clear any cause latched across the reset. */
    ew32(a, E1K_IMC, 0xFFFFFFFFu);
    (void)er32(a, E1K_ICR);
}

/* ------------------------------------------------------------------ */
/* EEPROM: Microwire bit-banging on EECD (SDM 5, 13.4.3)                */
/* ------------------------------------------------------------------ */

static void ee_raise_clk(struct e1k_adapter *a, uint32_t *eecd)
{
    *eecd |= E1K_EECD_SK;
    ew32(a, E1K_EECD, *eecd);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, E1K_EE_DELAY_US);
}

static void ee_lower_clk(struct e1k_adapter *a, uint32_t *eecd)
{
    *eecd &= ~E1K_EECD_SK;
    ew32(a, E1K_EECD, *eecd);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, E1K_EE_DELAY_US);
}

/* Shift @count bits of @data out on DI, most significant first; the
 * EEPROM samples DI on the rising edge of SK. */
static void ee_shift_out(struct e1k_adapter *a, uint32_t data, uint32_t count)
{
    uint32_t eecd = er32(a, E1K_EECD);
    uint32_t mask = 1u << (count - 1);

    while (mask) {
        eecd &= ~E1K_EECD_DI;
        if (data & mask) {
            eecd |= E1K_EECD_DI;
        }
        ew32(a, E1K_EECD, eecd);
        e1k_write_flush(a);
        e1k_os_udelay(a->os, E1K_EE_DELAY_US);
        ee_raise_clk(a, &eecd);
        ee_lower_clk(a, &eecd);
        mask >>= 1;
    }
    eecd &= ~E1K_EECD_DI;
    ew32(a, E1K_EECD, eecd);
}

/* Clock in @count bits from DO, most significant first: the EEPROM
 * drives the next bit after each rising edge. */
static uint16_t ee_shift_in(struct e1k_adapter *a, uint32_t count)
{
    uint32_t eecd = er32(a, E1K_EECD);
    uint16_t data = 0;

    eecd &= ~(E1K_EECD_DO | E1K_EECD_DI);
    for (uint32_t i = 0; i < count; i++) {
        data = (uint16_t)(data << 1);
        ee_raise_clk(a, &eecd);
        eecd = er32(a, E1K_EECD);
        eecd &= ~E1K_EECD_DI;
        if (eecd & E1K_EECD_DO) {
            data |= 1;
        }
        ee_lower_clk(a, &eecd);
    }
    return data;
}

/* Request the EEPROM (REQ, wait for GNT) and select it (CS high). */
static int ee_acquire(struct e1k_adapter *a)
{
    uint32_t eecd = er32(a, E1K_EECD);
    uint32_t i;

    eecd |= E1K_EECD_REQ;
    ew32(a, E1K_EECD, eecd);
    eecd = er32(a, E1K_EECD);
    for (i = 0; i < E1K_EE_GRANT_ATTEMPTS && !(eecd & E1K_EECD_GNT); i++) {
        e1k_os_udelay(a->os, 5);
        eecd = er32(a, E1K_EECD);
    }
    if (!(eecd & E1K_EECD_GNT)) {
        eecd &= ~E1K_EECD_REQ;
        ew32(a, E1K_EECD, eecd);
        e1k_os_log(a->os, 0, "Could not acquire EEPROM grant");
        return -1;
    }
    /* Microwire: clear DI and SK, then raise CS (active high). */
    eecd &= ~(E1K_EECD_DI | E1K_EECD_SK);
    ew32(a, E1K_EECD, eecd);
    eecd |= E1K_EECD_CS;
    ew32(a, E1K_EECD, eecd);
    return 0;
}

/* Return to standby between words: CS low for one clock, then high. */
static void ee_standby(struct e1k_adapter *a)
{
    uint32_t eecd = er32(a, E1K_EECD);

    eecd &= ~(E1K_EECD_CS | E1K_EECD_SK);
    ew32(a, E1K_EECD, eecd);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, E1K_EE_DELAY_US);
    eecd |= E1K_EECD_SK;
    ew32(a, E1K_EECD, eecd);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, E1K_EE_DELAY_US);
    eecd |= E1K_EECD_CS;
    ew32(a, E1K_EECD, eecd);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, E1K_EE_DELAY_US);
    eecd &= ~E1K_EECD_SK;
    ew32(a, E1K_EECD, eecd);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, E1K_EE_DELAY_US);
}

/* Deselect (CS low, one clock) and drop the request. */
static void ee_release(struct e1k_adapter *a)
{
    uint32_t eecd = er32(a, E1K_EECD);

    eecd &= ~(E1K_EECD_CS | E1K_EECD_DI);
    ew32(a, E1K_EECD, eecd);
    ee_raise_clk(a, &eecd);
    ee_lower_clk(a, &eecd);
    eecd &= ~E1K_EECD_REQ;
    ew32(a, E1K_EECD, eecd);
}

int e1k_hw_read_eeprom(struct e1k_adapter *a, uint32_t offset,
                       uint32_t words, uint16_t *data)
{
    uint32_t size = 1u << a->eeprom_addr_bits;

    if (words == 0 || offset >= size || words > size - offset) {
        e1k_os_log(a->os, 0, "EEPROM read beyond its %u words", size);
        return -1;
    }
    if (ee_acquire(a) < 0) {
        return -1;
    }
    for (uint32_t i = 0; i < words; i++) {
        ee_shift_out(a, E1K_UWIRE_READ, 3);
        ee_shift_out(a, offset + i, a->eeprom_addr_bits);
        data[i] = ee_shift_in(a, 16);
        ee_standby(a);
    }
    ee_release(a);
    return 0;
}

uint16_t e1k_eeprom_sum(const uint16_t *words)
{
    uint16_t sum = 0;

    for (uint32_t i = 0; i <= E1K_EE_CHECKSUM; i++) {
        sum = (uint16_t)(sum + words[i]);
    }
    return sum;
}

/* ------------------------------------------------------------------ */
/* PHY over MDIC (SDM 13.4.5; M88E1011 registers as in [DPDK-E1000])    */
/* ------------------------------------------------------------------ */

static int mdic_wait(struct e1k_adapter *a, uint32_t reg, uint32_t *mdic)
{
    for (uint32_t i = 0; i < E1K_MDIC_POLLS; i++) {
        e1k_os_udelay(a->os, 50);
        *mdic = er32(a, E1K_MDIC);
        if (*mdic & E1K_MDIC_READY) {
            break;
        }
    }
    if (!(*mdic & E1K_MDIC_READY)) {
        e1k_os_log(a->os, 0, "MDI access to PHY register 0x%02x did not "
                   "complete", reg);
        return -1;
    }
    if (*mdic & E1K_MDIC_ERROR) {
        e1k_os_log(a->os, 0, "MDI error on PHY register 0x%02x", reg);
        return -1;
    }
    return 0;
}

int e1k_hw_read_phy(struct e1k_adapter *a, uint32_t reg, uint16_t *val)
{
    uint32_t mdic = (reg << E1K_MDIC_REG_SHIFT) |
                    (E1K_PHY_ADDR << E1K_MDIC_PHY_SHIFT) | E1K_MDIC_OP_READ;

    ew32(a, E1K_MDIC, mdic);
    if (mdic_wait(a, reg, &mdic) < 0) {
        return -1;
    }
    *val = (uint16_t)(mdic & E1K_MDIC_DATA_MASK);
    return 0;
}

int e1k_hw_write_phy(struct e1k_adapter *a, uint32_t reg, uint16_t val)
{
    uint32_t mdic = val | (reg << E1K_MDIC_REG_SHIFT) |
                    (E1K_PHY_ADDR << E1K_MDIC_PHY_SHIFT) | E1K_MDIC_OP_WRITE;

    ew32(a, E1K_MDIC, mdic);
    return mdic_wait(a, reg, &mdic);
}

int e1k_hw_setup_link(struct e1k_adapter *a)
{
    uint16_t id1, id2;
    uint32_t ctrl;

    /* PHY hardware reset through CTRL.PHY_RST (e1000_phy_hw_reset). */
    ctrl = er32(a, E1K_CTRL);
    ew32(a, E1K_CTRL, ctrl | E1K_CTRL_PHY_RST);
    e1k_write_flush(a);
    e1k_os_msleep(a->os, 10);
    ew32(a, E1K_CTRL, ctrl & ~E1K_CTRL_PHY_RST);
    e1k_write_flush(a);
    e1k_os_udelay(a->os, 150);

    if (e1k_hw_read_phy(a, E1K_PHY_ID1, &id1) < 0 ||
        e1k_hw_read_phy(a, E1K_PHY_ID2, &id2) < 0) {
        return -1;
    }
    a->phy_id = (uint32_t)id1 << 16 | id2;
    if ((a->phy_id & E1K_PHY_REVISION_MASK) != E1K_M88E1011_I_PHY_ID) {
        e1k_os_log(a->os, 0, "PHY ID 0x%08x is not an M88E1011 "
                   "(0x%08x)", a->phy_id, E1K_M88E1011_I_PHY_ID);
        return -1;
    }

    /* Advertise the modes asked for (everything by default: ANAR
     * 0x0DE1 with symmetric pause, 1000BASE-T 0x0300) and (re)start
     * autonegotiation, or force speed and duplex (e1000_phy_setup_autoneg,
     * e1000_copper_link_autoneg, e1000_phy_force_speed_duplex); the MAC
     * follows the PHY with SLU, flow control as configured
     * (e1000_copper_link_preconfig, e1000_force_mac_fc). */
    return e1k_link_program(a);
}

/* RX packet buffer, KB: 48 (Linux E1000_PBA_48K); for jumbo frames the
 * TX FIFO (64 KB - RX) must hold two full frames with their descriptors
 * to transmit at wire speed, so RX gives up the difference, rounded down
 * to 8 KB and never below one frame (Linux e1000_reset, 82545: 40 KB RX
 * at MTU 9000). */
static uint32_t pba_rx_kb(uint32_t max_frame)
{
    uint32_t rx = E1K_PBA_48K, tx = E1K_PBA_TOTAL_KB - rx;
    uint32_t tx_min = ((max_frame + 16u - 4u) * 2u + 1023u) / 1024u;
    uint32_t rx_min = (max_frame + 1023u) / 1024u;

    if (max_frame <= 1518u || tx_min <= tx) {
        return rx;
    }
    rx = (rx - (tx_min - tx)) & ~7u;
    return rx < rx_min ? rx_min : rx;
}

void e1k_hw_init_filters(struct e1k_adapter *a)
{
    const uint8_t *m = a->mac;
    uint32_t ral = (uint32_t)m[0] | (uint32_t)m[1] << 8 |
                   (uint32_t)m[2] << 16 | (uint32_t)m[3] << 24;
    uint32_t rah = (uint32_t)m[4] | (uint32_t)m[5] << 8 | E1K_RAH_AV;
    uint32_t max_frame = e1k_max_frame(a); /* 1518 incl. FCS at MTU 1500 */
    uint32_t pba_kb = pba_rx_kb(max_frame);
    uint32_t pba_bytes = pba_kb * 1024u;
    uint32_t hwm, lwm;

    /* PBA takes effect after the next reset; Linux programs 48 KB RX
     * (less for jumbo frames: pba_rx_kb). */
    ew32(a, E1K_PBA, pba_kb);

    /* Receive address 0 = station address; write low then high
     * (SDM 13.5.2-13.5.3).  Clear the others high then low. */
    ew32(a, E1K_RAL(0), ral);
    ew32(a, E1K_RAH(0), rah);
    for (uint32_t i = 1; i < E1K_RA_ENTRIES; i++) {
        ew32(a, E1K_RAH(i), 0);
        ew32(a, E1K_RAL(i), 0);
    }
    for (uint32_t i = 0; i < E1K_MTA_WORDS; i++) {
        ew32(a, E1K_MTA + 4u * i, 0);
    }
    ew32(a, E1K_VET, 0x8100u);

    /* Flow control (Linux e1000_reset): high water = min(90% of the RX
     * buffer, buffer - max frame), 8-byte granular; low = high - 8. */
    hwm = pba_bytes * 9u / 10u;
    if (pba_bytes - max_frame < hwm) {
        hwm = pba_bytes - max_frame;
    }
    hwm &= 0xFFF8u;
    lwm = hwm - 8u;
    ew32(a, E1K_FCAL, E1K_FC_FCAL);
    ew32(a, E1K_FCAH, E1K_FC_FCAH);
    ew32(a, E1K_FCT, E1K_FC_FCT);
    ew32(a, E1K_FCTTV, E1K_FC_PAUSE_TIME);
    if (a->params.FlowControl & 2u) {
        ew32(a, E1K_FCRTL, lwm | E1K_FCRTL_XONE);
        ew32(a, E1K_FCRTH, hwm);
    } else {
        ew32(a, E1K_FCRTL, 0);
        ew32(a, E1K_FCRTH, 0);
    }
}

void e1k_hw_check_link(struct e1k_adapter *a)
{
    uint32_t status = er32(a, E1K_STATUS);
    bool up = (status & E1K_STATUS_LU) != 0;

    if (up && !a->link_up) {
        a->link_speed = e1k_status_mbps(status);
        a->full_duplex = (status & E1K_STATUS_FD) != 0;
        a->link_up = true;
        e1k_os_log(a->os, 2, "NIC Link is Up %u Mbps %s Duplex",
                   a->link_speed, a->full_duplex ? "Full" : "Half");
        e1k_os_netif_carrier(a->os, true);
    } else if (!up && a->link_up) {
        a->link_up = false;
        a->link_speed = 0;
        e1k_os_log(a->os, 2, "NIC Link is Down");
        e1k_os_netif_carrier(a->os, false);
    }
}
