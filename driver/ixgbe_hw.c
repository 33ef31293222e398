/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * 82598EB hardware access of the driver core: MAC reset, the EEPROM read
 * through EERD and its checksum, the station address, the link state
 * (Linux ixgbe_82598.c ixgbe_reset_hw_82598, ixgbe_common.c
 * ixgbe_read_eerd_generic, ixgbe_validate_eeprom_checksum_generic,
 * ixgbe_check_mac_link_82598; datasheet 4.4.3.1, 4.4.3.2, 4.4.3.12).
 */
#include "ixgbe_drv_internal.h"

/** EEPROM word holding the checksum; words 0x00..0x3E and the sections
 *  the pointer words 0x03..0x0E name sum with it to 0xBABA (datasheet
 *  3.1.3; Linux IXGBE_EEPROM_CHECKSUM, IXGBE_EEPROM_SUM). */
#define IXG_EEPROM_CHECKSUM 0x3Fu
#define IXG_EEPROM_SUM 0xBABAu
#define IXG_EEPROM_PTR_FIRST 0x03u
#define IXG_EEPROM_PTR_LAST 0x0Eu
/** EERD polls, 5 us apart (Linux IXGBE_EERD_EEWR_ATTEMPTS). */
#define IXG_EERD_ATTEMPTS 100000u
/** Polls of CTRL.RST after a reset, 1 us apart (ixgbe_reset_hw_82598). */
#define IXG_RST_ATTEMPTS 10u

int ixg_hw_reset(struct ixg_adapter *a)
{
    /* ixgbe_stop_adapter: receive off, interrupts masked and cleared,
     * transmit queues off */
    ixg_wr(a, IXG_RXCTRL, 0);
    ixg_wr(a, IXG_EIMC, 0x7FFFFFFFu);
    (void)ixg_rd(a, IXG_EICR);
    for (uint32_t q = 0; q < IXG_DRV_MAX_QUEUES; q++) {
        ixg_wr(a, IXG_TXDCTL(q), IXG_TXDCTL_SWFLSH);
    }
    e1k_os_msleep(a->os, 2);
    ixg_wr(a, IXG_CTRL, ixg_rd(a, IXG_CTRL) | IXG_CTRL_RST);
    ixg_flush(a);
    for (uint32_t i = 0; i < IXG_RST_ATTEMPTS; i++) {
        e1k_os_udelay(a->os, 1);
        if (!(ixg_rd(a, IXG_CTRL) & IXG_CTRL_RST)) {
            e1k_os_msleep(a->os, 50);
            return 0;
        }
    }
    e1k_os_log(a->os, 0, "Reset polling failed to complete.");
    return -1;
}

/* One EEPROM word through EERD: 0, or -1 if DONE never came. */
static int read_eerd(struct ixg_adapter *a, uint32_t word, uint16_t *data)
{
    ixg_wr(a, IXG_EERD, word << IXG_EERD_ADDR_SHIFT | IXG_EERD_START);
    for (uint32_t i = 0; i < IXG_EERD_ATTEMPTS; i++) {
        uint32_t v = ixg_rd(a, IXG_EERD);
        if (v & IXG_EERD_DONE) {
            *data = (uint16_t)(v >> IXG_EERD_DATA_SHIFT);
            return 0;
        }
        e1k_os_udelay(a->os, 5);
    }
    e1k_os_log(a->os, 0, "Eeprom read timed out");
    return -1;
}

/* The sum of the section pointer word @ptr names (its length first):
 * 0, or -1 on a read failure. */
static int sum_section(struct ixg_adapter *a, uint32_t ptr, uint16_t *sum)
{
    uint16_t start, len, w;
    if (read_eerd(a, ptr, &start)) {
        return -1;
    }
    if (start == 0xFFFFu || start == 0) {
        return 0;
    }
    if (read_eerd(a, start, &len)) {
        return -1;
    }
    if (len == 0xFFFFu || len == 0) {
        return 0;
    }
    for (uint32_t j = start + 1u; j <= (uint32_t)start + len; j++) {
        if (read_eerd(a, j, &w)) {
            return -1;
        }
        *sum = (uint16_t)(*sum + w);
    }
    return 0;
}

int ixg_hw_validate_eeprom(struct ixg_adapter *a)
{
    uint16_t sum = 0, w;
    for (uint32_t i = 0; i <= IXG_EEPROM_CHECKSUM; i++) {
        if (read_eerd(a, i, &w)) {
            return -1;
        }
        sum = (uint16_t)(sum + w);
    }
    for (uint32_t p = IXG_EEPROM_PTR_FIRST; p <= IXG_EEPROM_PTR_LAST; p++) {
        if (sum_section(a, p, &sum)) {
            return -1;
        }
    }
    if (sum != IXG_EEPROM_SUM) {
        e1k_os_log(a->os, 0, "The EEPROM Checksum Is Not Valid");
        return -1;
    }
    return 0;
}

void ixg_hw_read_mac(struct ixg_adapter *a)
{
    uint32_t lo = ixg_rd(a, IXG_RAL(0)), hi = ixg_rd(a, IXG_RAH(0));
    for (int i = 0; i < 4; i++) {
        a->mac[i] = (uint8_t)(lo >> (8 * i));
    }
    a->mac[4] = (uint8_t)hi;
    a->mac[5] = (uint8_t)(hi >> 8);
}

bool ixg_hw_check_link(struct ixg_adapter *a)
{
    uint32_t links = ixg_rd(a, IXG_LINKS);
    bool up = (links & IXG_LINKS_UP) != 0;
    if (up != a->link_up) {
        a->link_up = up;
        if (up) {
            e1k_os_log(a->os, 2, "NIC Link is Up %s, Flow Control: None",
                       (links & IXG_LINKS_SPEED_10G) ? "10 Gbps" : "1 Gbps");
        } else {
            e1k_os_log(a->os, 2, "NIC Link is Down");
        }
        e1k_os_netif_carrier(a->os, up);
    }
    return up;
}
