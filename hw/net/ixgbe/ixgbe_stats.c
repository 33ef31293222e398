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

/* The registers are views of 64-bit cumulative counts (the totals of
 * ixgbe.h and the size buckets): a register reads the count since its
 * last read, at most 0xFFFFFFFF, so the per-frame work is one increment
 * of the count (no second, saturating copy).  Registers that count
 * nothing the model produces (CRC errors, flow control, ...) read 0. */

/** The cumulative count behind the register at @off and its slot in
 *  stat_base, or NULL. */
static uint64_t *counter(IxgDev *s, uint32_t off, uint32_t *slot)
{
    uint32_t q;

    if ((off >= IXG_RXQ_BASE && off < IXG_RXQ_END) ||
        (off >= IXG_TXQ_BASE && off < IXG_TXQ_END)) {
        bool tx = off >= IXG_TXQ_BASE, bytes = (off & 0x3Fu) == 0x34u;
        q = (off - (tx ? IXG_TXQ_BASE : IXG_RXQ_BASE)) >> 6;
        if (q >= IXG_QSTAT_QUEUES || ((off & 0x3Fu) != 0x30u && !bytes)) {
            return NULL;
        }
        *slot = 27u + (tx ? 2u : 0u) * IXG_QSTAT_QUEUES +
                (bytes ? IXG_QSTAT_QUEUES : 0u) + q;
        return tx ? (bytes ? &s->qtot[q].tx_bytes : &s->qtot[q].tx_packets)
                  : (bytes ? &s->qtot[q].rx_bytes : &s->qtot[q].rx_packets);
    }
    if (off >= IXG_PRC64 && off <= IXG_PRC1522) {
        *slot = 6u + (off - IXG_PRC64) / 4u;
        return &s->prc[(off - IXG_PRC64) / 4u];
    }
    if (off >= IXG_PTC64 && off <= IXG_PTC1522) {
        *slot = 19u + (off - IXG_PTC64) / 4u;
        return &s->ptc[(off - IXG_PTC64) / 4u];
    }
    switch (off) {
    case IXG_GPRC:  *slot = 0;  return &s->totals.gprc;
    case IXG_GORCH: *slot = 1;  return &s->totals.gorc;
    case IXG_TPR:   *slot = 2;  return &s->totals.tpr;
    case IXG_TORH:  *slot = 3;  return &s->totals.tor;
    case IXG_BPRC:  *slot = 4;  return &s->totals.bprc;
    case IXG_MPRC:  *slot = 5;  return &s->totals.mprc;
    case IXG_RUC:   *slot = 12; return &s->totals.ruc;
    case IXG_ROC:   *slot = 13; return &s->totals.roc;
    case IXG_MPC(0):  *slot = 14; return &s->totals.mpc;
    case IXG_RNBC(0): *slot = 15; return &s->totals.rnbc;
    case IXG_GPTC:  *slot = 16; return &s->totals.gptc;
    case IXG_GOTCH: *slot = 17; return &s->totals.gotc;
    case IXG_TPT:   *slot = 18; return &s->totals.tpt;
    case IXG_BPTC:  *slot = 25; return &s->totals.bptc;
    case IXG_MPTC:  *slot = 26; return &s->totals.mptc;
    default:        return NULL;
    }
}

uint32_t ixg_stats_read(IxgDev *s, uint32_t off, bool side)
{
    uint32_t slot;
    uint64_t *c = counter(s, off, &slot), v;

    if (!c) {
        return 0;
    }
    v = *c - s->stat_base[slot];
    if (side) {
        s->stat_base[slot] = *c;   /* clear on read */
    }
    return v > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)v;  /* sticks */
}

/** Call @fn on every counting register's offset. */
static void each_stat(IxgDev *s, void (*fn)(IxgDev *, uint32_t))
{
    static const uint32_t single[] = {
        IXG_GPRC, IXG_GORCH, IXG_TPR, IXG_TORH, IXG_BPRC, IXG_MPRC,
        IXG_RUC, IXG_ROC, IXG_MPC(0), IXG_RNBC(0), IXG_GPTC, IXG_GOTCH,
        IXG_TPT, IXG_MPTC, IXG_BPTC,
    };
    for (uint32_t i = 0; i < sizeof(single) / sizeof(single[0]); i++) {
        fn(s, single[i]);
    }
    for (uint32_t i = 0; i < 6; i++) {
        fn(s, IXG_PRC64 + 4u * i);
        fn(s, IXG_PTC64 + 4u * i);
    }
    for (uint32_t q = 0; q < IXG_QSTAT_QUEUES; q++) {
        fn(s, IXG_QPRC(q));
        fn(s, IXG_QBRC(q));
        fn(s, IXG_QPTC(q));
        fn(s, IXG_QBTC(q));
    }
}

static void clear_one(IxgDev *s, uint32_t off)
{
    (void)ixg_stats_read(s, off, true);
}

void ixg_stats_reset(IxgDev *s)
{
    each_stat(s, clear_one);
}

int ixg_stats_validate(const IxgDev *s)
{
    IxgDev *m = (IxgDev *)s;   /* counter() only computes addresses */
    uint32_t slot;

    for (uint32_t off = 0; off < IXG_MMIO_SIZE; off += 4) {
        const uint64_t *c = counter(m, off, &slot);
        if (c && s->stat_base[slot] > *c) {
            return -1;
        }
    }
    return 0;
}
