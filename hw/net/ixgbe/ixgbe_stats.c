/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statistics registers of the 82598 model (datasheet 4.4.3.9): every
 * counter is 32 bits, clears when read and sticks at 0xFFFFFFFF.  The
 * octet counters GORC, GOTC and TOR are the 32-bit registers at their
 * high addresses (GORCH, GOTCH, TORH; datasheet 4.4.3.9.37 describes
 * TOR at 0x040C4 alone), as Linux reads them on this part ("82598
 * hardware only has a 32 bit counter in the high register",
 * ixgbe_update_stats); the low addresses read 0.  The per-queue
 * counters QPRC, QBRC, QPTC, QBTC exist for queues 0-15.  Which events
 * count: model-82598.md "Statistics".
 */
#include "ixgbe_core.h"

void ixg_stat_size_bucket(IxgDev *s, uint32_t off_64, uint32_t len)
{
    uint32_t i;

    if (len < 64u || len > 1522u) {
        return;
    }
    i = len == 64u ? 0 : len < 128u ? 1 : len < 256u ? 2 : len < 512u ? 3
      : len < 1024u ? 4 : 5;
    ixg_stat_add(s, off_64 + 4u * i, 1);
}

uint32_t ixg_stats_read(IxgDev *s, uint32_t off)
{
    uint32_t v = ixg_reg(s, off);

    ixg_reg_set(s, off, 0);
    return v;
}
