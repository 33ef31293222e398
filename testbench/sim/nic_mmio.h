/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A NIC's register accesses for the OS layer of the driver cores
 * (tb_osdep.c, driver/osdep.h: the e1000's core and every other over the
 * same osdep.h): a 32-bit readl or writel at a BAR offset, through the
 * NIC's type (sim/nic.h, TbNicType.readl and .writel).
 *
 * A fast path keeps the e1000's accesses inline: a NIC whose type is the
 * e1000's calls that model's accessor directly (nic_e1000.h), so that a
 * read of a constant register (the interrupt handler's ICR, the flushes'
 * STATUS) folds to that register's case of the model; the test is one
 * compare of the NIC's table pointer, the same way every time in a run
 * (predicted).  Any other type goes through its table's functions.
 * (docs/performance.md: through the table for the e1000 too,
 * udp-stream-1440's interrupt per frame cost ~166 instructions more.)
 */
#ifndef TB_NIC_MMIO_H
#define TB_NIC_MMIO_H

#include <stdint.h>

#include "sim/nic.h"
#include "sim/nic_e1000.h"

/** The accesses of a NIC of any other type: through its table (out of
 *  line and cold, so that the e1000's path stays straight; sim_nic.c). */
uint32_t tb_nic_readl_table(const TbNic *n, uint32_t off);
void tb_nic_writel_table(const TbNic *n, uint32_t off, uint32_t val);

/** 32-bit register read at BAR offset @off of NIC @n's device. */
static inline __attribute__((always_inline))
uint32_t tb_nic_readl(const TbNic *n, uint32_t off)
{
    if (__builtin_expect(n->type != &tb_nic_e1000, 0)) {
        return tb_nic_readl_table(n, off);
    }
    return tb_e1000_readl(n->dev, off);
}

/** 32-bit register write of @val at BAR offset @off of NIC @n's
 *  device. */
static inline __attribute__((always_inline))
void tb_nic_writel(const TbNic *n, uint32_t off, uint32_t val)
{
    if (__builtin_expect(n->type != &tb_nic_e1000, 0)) {
        tb_nic_writel_table(n, off, val);
        return;
    }
    tb_e1000_writel(n->dev, off, val);
}

#endif /* TB_NIC_MMIO_H */
