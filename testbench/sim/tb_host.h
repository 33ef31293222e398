/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A driver core's OS handle in the testbench: struct e1k_os of
 * driver/osdep.h (the OS layer of every driver core written over it) is
 * a NIC's glue (sim/nic.h), which a NIC type hands to its driver's probe
 * (nic_e1000.c: e1k_drv_probe) and tb_osdep.c implements driver/osdep.h
 * on.
 */
#ifndef TB_HOST_H
#define TB_HOST_H

#include "sim/nic.h"

struct e1k_os {
    TbNic nic;                   /**< the NIC's glue (first member) */
    TbWork reset_task;           /**< tx_timeout's reset, run by the
                                      kernel's worker (nic_e1000.c) */
};

/** The OS handle of NIC @nic (of a type whose driver core runs over
 *  driver/osdep.h). */
static inline struct e1k_os *tb_e1k_os(TbNic *nic)
{
    return (struct e1k_os *)nic;
}

#endif /* TB_HOST_H */
