/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The e1000 driver core's OS handle in the testbench: struct e1k_os of
 * driver/osdep.h is a NIC's glue (sim/nic.h), which nic_e1000.c hands to
 * e1k_drv_probe and tb_osdep.c implements driver/osdep.h on.
 */
#ifndef TB_HOST_H
#define TB_HOST_H

#include "sim/nic.h"

struct e1k_os {
    TbNic nic;                   /**< the NIC's glue (first member) */
};

/** The OS handle of NIC @nic (a NIC of the e1000 type). */
static inline struct e1k_os *tb_e1k_os(TbNic *nic)
{
    return (struct e1k_os *)nic;
}

#endif /* TB_HOST_H */
