/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive mode: the MTU with its receive buffer size and long packet
 * reception, promiscuous and all-multicast mode, all in RCTL, and the
 * multicast table (Linux e1000_main.c e1000_change_mtu, e1000_setup_rctl,
 * e1000_set_rx_mode, e1000_hash_mc_addr; SDM 13.4.22, 13.5.1).
 *
 * Buffer size per MTU (Linux e1000_change_mtu): the largest frame is
 * mtu + 14 (header) + 4 (FCS); it must fit one buffer, so 2048 bytes up
 * to 2048, else 4096, 8192 or 16384.  RCTL encodes them as BSIZE 00 with
 * BSEX 0 (2048), and with BSEX 1 (sizes x 16): BSIZE 11 = 4096, 10 =
 * 8192, 01 = 16384.  LPE (frames up to 16384 bytes instead of 1522) is
 * set for an MTU above 1500 (Linux e1000_setup_rctl).
 */
#include <string.h>

#include "e1000_drv_internal.h"

/* Ethernet header and FCS around the MTU (Linux ENET_HEADER_SIZE,
 * ETHERNET_FCS_SIZE). */
#define E1K_MTU_OVERHEAD 18u
/* The standard MTU: LPE above it. */
#define E1K_ETH_DATA_LEN 1500u

uint32_t e1k_drv_rx_buffer_len(uint32_t mtu)
{
    uint32_t max_frame = mtu + E1K_MTU_OVERHEAD;

    if (max_frame <= 2048u) {
        return 2048u;
    }
    if (max_frame <= 4096u) {
        return 4096u;
    }
    return max_frame <= 8192u ? 8192u : 16384u;
}

uint32_t e1k_rctl_rx_mode(const struct e1k_adapter *a)
{
    uint32_t rctl = 0;

    switch (a->rx_buffer_len) {
    case 4096u:
        rctl = E1K_RCTL_BSEX | 3u << E1K_RCTL_BSIZE_SHIFT;
        break;
    case 8192u:
        rctl = E1K_RCTL_BSEX | 2u << E1K_RCTL_BSIZE_SHIFT;
        break;
    case 16384u:
        rctl = E1K_RCTL_BSEX | 1u << E1K_RCTL_BSIZE_SHIFT;
        break;
    default:                 /* 2048: BSIZE 00, BSEX 0 */
        break;
    }
    if (a->mtu > E1K_ETH_DATA_LEN) {
        rctl |= E1K_RCTL_LPE;
    }
    if (a->promisc) {
        rctl |= E1K_RCTL_UPE | E1K_RCTL_MPE;
    } else if (a->vlan_filter) {
        rctl |= E1K_RCTL_VFE; /* promiscuous sees every VLAN too */
    }
    if (a->allmulti) {
        rctl |= E1K_RCTL_MPE;
    }
    return rctl;
}

uint32_t e1k_max_frame(const struct e1k_adapter *a)
{
    return a->mtu + E1K_MTU_OVERHEAD;
}

int e1k_drv_change_mtu(struct e1k_adapter *a, uint32_t mtu)
{
    bool was_up = a->up;

    if (mtu < E1K_MTU_MIN || mtu > E1K_MTU_MAX) {
        return -1;
    }
    if (mtu == a->mtu) {
        return 0;
    }
    if (was_up) {
        e1k_drv_close(a);
    }
    a->mtu = mtu;
    a->rx_buffer_len = e1k_drv_rx_buffer_len(mtu);
    /* e1000_reset: the packet buffer split for the new frame size (PBA)
     * takes effect at the MAC reset (close reset with the old split, and
     * open writes PBA but resets nothing); open programs the rest */
    e1k_hw_init_filters(a);
    e1k_hw_reset(a);
    return was_up ? e1k_drv_open(a) : 0;
}

void e1k_drv_set_promisc(struct e1k_adapter *a, bool on)
{
    a->promisc = on;
    if (a->up) {
        uint32_t mask = E1K_RCTL_UPE | E1K_RCTL_MPE;
        a->rctl = (a->rctl & ~mask) | (e1k_rctl_rx_mode(a) & mask);
        ew32(a, E1K_RCTL, a->rctl);
    }
}

uint32_t e1k_drv_mta_hash(const uint8_t *mac)
{
    /* MO = 00b: address bits 47:36, i.e. the high nibble of byte 4 and
     * all of byte 5 (SDM 13.4.22 RCTL.MO, 13.5.1) */
    return ((uint32_t)mac[4] >> 4 | (uint32_t)mac[5] << 4) & 0xFFFu;
}

void e1k_drv_set_rx_mode(struct e1k_adapter *a, bool promisc, bool allmulti,
                         const uint8_t *mc, uint32_t n)
{
    uint32_t mask = E1K_RCTL_UPE | E1K_RCTL_MPE | E1K_RCTL_VFE;

    a->promisc = promisc;
    a->allmulti = allmulti;
    memset(a->mta, 0, sizeof(a->mta));
    for (uint32_t i = 0; i < n; i++) {
        uint32_t h = e1k_drv_mta_hash(mc + 6u * i);
        a->mta[h >> 5] |= 1u << (h & 31u);
    }
    if (!a->up) {
        return;
    }
    a->rctl = (a->rctl & ~mask) | (e1k_rctl_rx_mode(a) & mask);
    ew32(a, E1K_RCTL, a->rctl);
    for (uint32_t i = 0; i < E1K_MTA_WORDS; i++) {
        ew32(a, E1K_MTA + 4u * i, a->mta[i]);
    }
}
