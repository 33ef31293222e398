/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ethtool -d and -e: the register dump in the layout of Linux e1000's
 * e1000_get_regs, which ethtool's e1000 decoder (ethtool e1000.c)
 * understands, and EEPROM reads ([LINUX-E1000] e1000_ethtool.c
 * e1000_get_regs, e1000_get_eeprom; SDM 13.4 registers, 5 EEPROM).
 */
#include <string.h>

#include "e1000_drv_internal.h"

/* PCI vendor ID of Intel (the EEPROM word 0x0E; ethtool -e magic). */
#define INTEL_VENDOR_ID 0x8086u

/* Dump slots (Linux e1000_get_regs, M88 PHY). */
enum {
    RD_CTRL = 0, RD_STATUS, RD_RCTL, RD_RDLEN, RD_RDH, RD_RDT, RD_RDTR,
    RD_TCTL, RD_TDLEN, RD_TDH, RD_TDT, RD_TIDV, RD_PHY_TYPE,
    RD_PHY_SSTAT = 13, RD_PHY_SCTRL = 17, RD_POLARITY = 18,
    RD_POL_CORR = 20, RD_IDLE_ERR = 21, RD_RX_ERR = 22, RD_MDIX = 23,
    RD_LOCAL_RX = 24, RD_REMOTE_RX = 25, RD_MANC = 26,
};

void e1k_drv_get_regs(struct e1k_adapter *a, uint8_t revision,
                      uint32_t *version, uint32_t regs[E1K_REGS_DUMP_LEN])
{
    static const uint32_t mac[] = {
        E1K_CTRL, E1K_STATUS, E1K_RCTL, E1K_RDLEN, E1K_RDH, E1K_RDT,
        E1K_RDTR, E1K_TCTL, E1K_TDLEN, E1K_TDH, E1K_TDT, E1K_TIDV,
    };
    uint16_t v = 0;

    memset(regs, 0, E1K_REGS_DUMP_LEN * sizeof(regs[0]));
    *version = 1u << 24 | (uint32_t)revision << 16 | a->device_id;
    for (uint32_t i = 0; i < sizeof(mac) / sizeof(mac[0]); i++) {
        regs[i] = er32(a, mac[i]);
    }
    regs[RD_PHY_TYPE] = 0; /* M88 (IGP would be 1) */
    if (e1k_hw_read_phy(a, E1K_PHY_M88_SSTAT, &v) == 0) {
        regs[RD_PHY_SSTAT] = v;
    }
    if (e1k_hw_read_phy(a, E1K_PHY_M88_SCTRL, &v) == 0) {
        regs[RD_PHY_SCTRL] = v;
    }
    regs[RD_POLARITY] = regs[RD_PHY_SSTAT];
    regs[RD_POL_CORR] = regs[RD_PHY_SCTRL];
    regs[RD_MDIX] = regs[RD_PHY_SSTAT];
    /* idle and receive error counts: the PHY counts none in the model */
    regs[RD_IDLE_ERR] = regs[RD_RX_ERR] = 0;
    if (e1k_hw_read_phy(a, E1K_PHY_1000T_STAT, &v) == 0) {
        regs[RD_LOCAL_RX] = regs[RD_REMOTE_RX] = v;
    }
    regs[RD_MANC] = er32(a, E1K_MANC);
}

uint32_t e1k_drv_eeprom_len(const struct e1k_adapter *a)
{
    return 2u << a->eeprom_addr_bits;
}

int e1k_drv_get_eeprom(struct e1k_adapter *a, uint32_t offset, uint32_t len,
                       uint8_t *bytes, uint32_t *magic)
{
    uint32_t size = e1k_drv_eeprom_len(a);

    *magic = INTEL_VENDOR_ID | (uint32_t)a->device_id << 16;
    if (len == 0 || offset >= size || len > size - offset) {
        return -1;
    }
    for (uint32_t w = offset / 2u; w <= (offset + len - 1u) / 2u; w++) {
        uint16_t word;

        if (e1k_hw_read_eeprom(a, w, 1, &word) < 0) {
            return -1;
        }
        for (uint32_t b = 0; b < 2; b++) {
            uint32_t at = 2u * w + b;
            if (at >= offset && at < offset + len) {
                bytes[at - offset] = (uint8_t)(word >> (8u * b));
            }
        }
    }
    return 0;
}
