/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * VLAN offloads of the driver core (Linux e1000_main.c e1000_vlan_mode,
 * e1000_vlan_filter_on_off, e1000_vlan_rx_add_vid, e1000_restore_vlan):
 * receive tag stripping with CTRL.VME (the tag in the descriptor's special
 * field, SDM 3.2.3.1), transmit insertion with the descriptor's VLE and
 * special field (SDM 3.3.3), and the VLAN filter table (VFTA: bit vid & 31
 * of dword vid >> 5, SDM 13.5.3) with RCTL.VFE (SDM 13.4.22).  All off by
 * default (the testbench never turns them on).
 */
#include <string.h>

#include "e1000_drv_internal.h"

/* CTRL.VME and the VFTA as the adapter keeps them. */
static void vlan_write(struct e1k_adapter *a)
{
    uint32_t ctrl = er32(a, E1K_CTRL);

    ctrl = a->vlan_strip ? ctrl | E1K_CTRL_VME : ctrl & ~E1K_CTRL_VME;
    ew32(a, E1K_CTRL, ctrl);
    for (uint32_t i = 0; i < E1K_VFTA_WORDS; i++) {
        ew32(a, E1K_VFTA + 4u * i, a->vfta[i]);
    }
}

void e1k_vlan_restore(struct e1k_adapter *a)
{
    static const uint32_t none[E1K_VFTA_WORDS];

    if (!a->vlan_strip && !a->vlan_filter &&
        memcmp(a->vfta, none, sizeof(none)) == 0) {
        return; /* as after the MAC reset: nothing to write */
    }
    vlan_write(a);
}

void e1k_drv_set_vlan_offload(struct e1k_adapter *a, bool strip,
                              bool insert, bool filter)
{
    a->vlan_strip = strip;
    a->vlan_insert = insert;
    a->vlan_filter = filter;
    if (a->up) {
        vlan_write(a);
        a->rctl = (a->rctl & ~E1K_RCTL_VFE) |
                  (e1k_rctl_rx_mode(a) & E1K_RCTL_VFE);
        ew32(a, E1K_RCTL, a->rctl);
    }
}

void e1k_drv_vlan_add(struct e1k_adapter *a, uint16_t vid)
{
    uint32_t i = (vid >> 5) & (E1K_VFTA_WORDS - 1u);

    a->vfta[i] |= 1u << (vid & 31u);
    if (a->up) {
        ew32(a, E1K_VFTA + 4u * i, a->vfta[i]);
    }
}

void e1k_drv_vlan_kill(struct e1k_adapter *a, uint16_t vid)
{
    uint32_t i = (vid >> 5) & (E1K_VFTA_WORDS - 1u);

    a->vfta[i] &= ~(1u << (vid & 31u));
    if (a->up) {
        ew32(a, E1K_VFTA + 4u * i, a->vfta[i]);
    }
}
