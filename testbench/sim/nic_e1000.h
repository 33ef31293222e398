/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The e1000 NIC type's own interface (nic.h, nic_e1000.c): its register
 * accessors, which its table holds and which the driver cores' OS layer
 * (tb_osdep.c) calls inline for a NIC of this type (nic_mmio.h's fast
 * path), so that a register read of a constant offset (the interrupt
 * handler's ICR, the flushes' STATUS) folds to that register's case of
 * the model (docs/performance.md: through the table, udp-stream-1440's
 * interrupt per frame cost 166 instructions more).
 */
#ifndef TB_NIC_E1000_H
#define TB_NIC_E1000_H

#include <stdint.h>

#include "e1000.h"

/** 32-bit register read at BAR offset @off of the e1000 model @dev. */
static inline uint32_t tb_e1000_readl(void *dev, uint32_t off)
{
    return e1k_mmio_read(dev, off, 4);
}

/** 32-bit register write of @val at BAR offset @off. */
static inline void tb_e1000_writel(void *dev, uint32_t off, uint32_t val)
{
    e1k_mmio_write(dev, off, val, 4);
}

#endif /* TB_NIC_E1000_H */
