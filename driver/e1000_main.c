/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Driver entry points: probe, open, close, watchdog, transmit timeout
 * (Linux e1000_main.c e1000_probe, e1000_open/e1000_up/
 * e1000_configure_{tx,rx}, e1000_close/e1000_down, e1000_watchdog,
 * e1000_tx_timeout/e1000_reset_task; SDM 13.4 for the registers).
 */
#include <stdio.h>
#include <string.h>

#include "e1000_drv_internal.h"

/* TIPG for copper (SDM 13.4.34; Linux): IPGT 8, IPGR1 8, IPGR2 6. */
#define E1K_TIPG_COPPER (8u | 8u << 10 | 6u << 20)
/* TCTL collision threshold and full-duplex collision distance. */
#define E1K_TCTL_CT 0x0Fu
#define E1K_TCTL_COLD_FD 0x40u

static bool valid_ether_addr(const uint8_t *m)
{
    static const uint8_t zero[6];
    return !(m[0] & 1u) && memcmp(m, zero, 6) != 0;
}

/* The probe line's bus description, "(PCI:66MHz:64-bit)" style, from
 * the STATUS register as the Linux driver's bus info: PCIX_MODE (b13)
 * selects PCI-X with its speed in PCIX_SPEED (b15:14: 00 66, 01 100,
 * 10 133 MHz), else PCI66 (b11) 66 or 33 MHz; BUS64 (b12) the width
 * (SDM 13.4.2). */
static void e1k_bus_desc(uint32_t status, char *buf, size_t size)
{
    static const char *const pcix_mhz[4] = {"66", "100", "133", "133"};
    const char *mhz;
    int pcix = (status & E1K_STATUS_PCIX_MODE) != 0;
    if (pcix) {
        mhz = pcix_mhz[(status >> 14) & 3u];
    } else {
        mhz = (status & E1K_STATUS_PCI66) ? "66" : "33";
    }
    snprintf(buf, size, "(PCI%s:%sMHz:%s-bit)", pcix ? "-X" : "", mhz,
             (status & E1K_STATUS_BUS64) ? "64" : "32");
}

struct e1k_adapter *e1k_drv_probe(struct e1k_os *os,
                                  const struct e1k_drv_params *p)
{
    struct e1k_adapter *a;
    const char *err = e1k_drv_params_check(p);

    if (err) {
        e1k_os_log(os, 0, "Invalid driver parameter: %s", err);
        return NULL;
    }
    a = e1k_os_kzalloc(os, sizeof(*a));
    if (!a) {
        e1k_os_log(os, 0, "Out of memory for the adapter");
        return NULL;
    }
    a->os = os;
    a->params = *p;
    a->rx_buffer_len = E1K_RXBUFFER_2048;
    a->mtu = 1500u;
    a->autoneg = true;
    a->advertised = E1K_ADV_10HD | E1K_ADV_10FD | E1K_ADV_100HD |
                    E1K_ADV_100FD | E1K_ADV_1000HD | E1K_ADV_1000FD;
    a->fc_autoneg = true;

    e1k_hw_reset(a);

    /* EECD.SIZE tells 64 or 256 words (Linux e1000_init_eeprom_params). */
    a->eeprom_addr_bits = (er32(a, E1K_EECD) & E1K_EECD_SIZE) ?
                          E1K_EE_ADDR_BITS_256 : E1K_EE_ADDR_BITS_64;
    if (e1k_hw_read_eeprom(a, 0, E1K_EEPROM_WORDS, a->eeprom) < 0) {
        e1k_os_log(a->os, 0, "EEPROM read failed");
        goto fail;
    }
    if (e1k_eeprom_sum(a->eeprom) != E1K_EEPROM_SUM) {
        e1k_os_log(a->os, 0, "The EEPROM Checksum Is Not Valid");
        goto fail;
    }
    a->device_id = a->eeprom[E1K_EE_DEVID];
    /* Wake on LAN as the EEPROM's APM enable says (Linux eeprom_wol:
     * magic packet), where the part wakes at all */
    if (a->eeprom[E1K_EE_INIT3] & E1K_EE_INIT3_APME) {
        a->eeprom_wol = E1K_WUFC_MAG & e1k_drv_wol_supported(a);
    }
    a->wol = a->eeprom_wol;
    for (int i = 0; i < 3; i++) {
        a->mac[2 * i] = (uint8_t)a->eeprom[E1K_EE_MAC0 + i];
        a->mac[2 * i + 1] = (uint8_t)(a->eeprom[E1K_EE_MAC0 + i] >> 8);
    }
    if (!valid_ether_addr(a->mac)) {
        e1k_os_log(a->os, 0, "Invalid MAC Address");
        goto fail;
    }
    e1k_hw_init_filters(a);
    if (e1k_hw_setup_link(a) < 0) {
        goto fail;
    }
    e1k_itr_init(a);
    e1k_os_netif_carrier(a->os, false);
    {
        char bus[32];
        e1k_bus_desc(er32(a, E1K_STATUS), bus, sizeof(bus));
        e1k_os_log(a->os, 2, "%s %02x:%02x:%02x:%02x:%02x:%02x", bus,
                   a->mac[0], a->mac[1], a->mac[2], a->mac[3], a->mac[4],
                   a->mac[5]);
    }
    e1k_os_log(a->os, 2, "Intel(R) PRO/1000 Network Connection");
    return a;

fail:
    e1k_os_kfree(os, a);
    return NULL;
}

void e1k_drv_remove(struct e1k_adapter *a)
{
    if (!a) {
        return;
    }
    if (a->up) {
        e1k_drv_close(a);
    }
    e1k_rings_free(a);
    e1k_os_kfree(a->os, a);
}

const uint8_t *e1k_drv_mac(const struct e1k_adapter *a)
{
    return a->mac;
}

/* e1000_configure_tx. */
static void configure_tx(struct e1k_adapter *a)
{
    ew32(a, E1K_TIPG, E1K_TIPG_COPPER);
    ew32(a, E1K_TIDV, a->params.TxIntDelay);
    ew32(a, E1K_TADV, a->params.TxAbsIntDelay);
    ew32(a, E1K_TCTL, E1K_TCTL_EN | E1K_TCTL_PSP |
                      E1K_TCTL_CT << E1K_TCTL_CT_SHIFT |
                      E1K_TCTL_COLD_FD << E1K_TCTL_COLD_SHIFT |
                      E1K_TCTL_RTLC);
    a->txd_cmd = E1K_TXD_CMD_EOP | E1K_TXD_CMD_IFCS | E1K_TXD_CMD_RS;
    if (a->params.TxIntDelay) {
        a->txd_cmd |= E1K_TXD_CMD_IDE;
    }
}

/* e1000_setup_rctl + e1000_configure_rx: RX off while the ring is set,
 * delays and ITR, checksum offload, then RX on. */
static void configure_rx(struct e1k_adapter *a)
{
    uint32_t rxcsum;

    ew32(a, E1K_RCTL, 0);
    ew32(a, E1K_RDTR, a->params.RxIntDelay);
    ew32(a, E1K_RADV, a->params.RxAbsIntDelay);
    e1k_itr_configure(a);

    rxcsum = er32(a, E1K_RXCSUM);
    if (a->params.XsumRX) {
        rxcsum |= E1K_RXCSUM_TUOFL;
    } else {
        rxcsum &= ~E1K_RXCSUM_TUOFL;
    }
    ew32(a, E1K_RXCSUM, rxcsum);

    /* Broadcast accepted, no loopback, RXDMT0 at half the ring, FCS kept
     * in the buffer (SECRC off: stripped in software as Linux does);
     * buffer size, LPE and promiscuous bits for the MTU and rx mode
     * (2048-byte buffers, BSIZE 00, BSEX 0, at MTU 1500). */
    a->rctl = E1K_RCTL_EN | E1K_RCTL_BAM | (0u << E1K_RCTL_RDMTS_SHIFT) |
              e1k_rctl_rx_mode(a);
    ew32(a, E1K_RCTL, a->rctl);
}

/* e1000_configure + e1000_up on allocated rings. */
static void bring_up(struct e1k_adapter *a)
{
    e1k_hw_init_filters(a);
    e1k_vlan_restore(a);
    e1k_rings_program(a);
    configure_tx(a);
    configure_rx(a);
    e1k_alloc_rx_buffers(a, e1k_desc_unused(a->rx_ring.count,
                                            a->rx_ring.next_to_use,
                                            a->rx_ring.next_to_clean));
    a->up = true;
    e1k_irq_enable(a);
    e1k_os_netif_wake_queue(a->os);
    if (a->itr_setting == 4) {
        /* Linux fires ICS = LSC here, whose handler runs the watchdog at
         * once; its first mode-4 computation sees no octets and picks
         * 8000 ints/s.  Done directly so the ~15 ms interval that
         * 1e9/(4*256) would program never applies. */
        a->gorcl = a->gotcl = 0;
        e1k_itr_watchdog(a);
    }
    /* Fire a link status change interrupt to report the link. */
    ew32(a, E1K_ICS, E1K_ICR_LSC);
}

int e1k_drv_open(struct e1k_adapter *a)
{
    if (a->up) {
        return 0;
    }
    if (e1k_rings_alloc(a) < 0) {
        return -1;
    }
    bring_up(a);
    return 0;
}

/* e1000_down: stop RX and TX, mask, and reset the MAC; counters are read
 * first so nothing is lost to the reset. */
static void take_down(struct e1k_adapter *a)
{
    a->up = false;
    ew32(a, E1K_RCTL, a->rctl & ~E1K_RCTL_EN);
    e1k_os_netif_stop_queue(a->os);
    ew32(a, E1K_TCTL, E1K_TCTL_PSP);
    e1k_write_flush(a);
    e1k_os_msleep(a->os, 10);
    e1k_irq_disable(a);
    if (a->link_up) {
        a->link_up = false;
        a->link_speed = 0;
    }
    e1k_os_netif_carrier(a->os, false);
    e1k_update_stats(a);
    e1k_hw_reset(a);
}

void e1k_drv_close(struct e1k_adapter *a)
{
    if (a->up) {
        take_down(a);
        e1k_rings_free(a);
    }
}

void e1k_drv_tx_timeout(struct e1k_adapter *a)
{
    a->counters.resets++;
    if (!a->up) {
        return;
    }
    e1k_os_log(a->os, 0, "Reset adapter");
    take_down(a);
    /* e1000_reset: the MAC reset dropped the link setup; redo it.  The
     * link comes back after autonegotiation ("NIC Link is Up"). */
    if (e1k_hw_setup_link(a) < 0) {
        e1k_os_log(a->os, 0, "PHY setup failed after reset");
    }
    e1k_rings_clean(a);
    bring_up(a);
}

/* The watchdog's statistics step: every counter, then the good octets
 * of the period since the last run (gorcl/gotcl, for InterruptThrottleRate
 * mode 4; Linux e1000_watchdog). */
static void watchdog_stats(struct e1k_adapter *a)
{
    e1k_update_stats(a);
    a->gorcl = a->stats.gorc - a->gorcl_old;
    a->gorcl_old = a->stats.gorc;
    a->gotcl = a->stats.gotc - a->gotcl_old;
    a->gotcl_old = a->stats.gotc;
}

void e1k_drv_watchdog(struct e1k_adapter *a)
{
    if (!a->up) {
        return;
    }
    e1k_hw_check_link(a);
    watchdog_stats(a);
    e1k_itr_watchdog(a);
    /* Software interrupt so the RX ring gets cleaned even if an
     * interrupt was missed (Linux e1000_watchdog; seed M4). */
    ew32(a, E1K_ICS, E1K_ICR_RXDMT0);
}

void e1k_drv_get_counters(const struct e1k_adapter *a,
                          struct e1k_drv_counters *c)
{
    *c = a->counters;
}
