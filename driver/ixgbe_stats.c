/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Statistics of the 82598EB driver core: the clear-on-read registers
 * folded into 64-bit totals (datasheet 4.4.3.9; Linux ixgbe_update_stats)
 * and their rtnl_link_stats64 mapping (ixgbe_get_stats64 and the
 * e1000 core's RX-OVR convention: rx_fifo/over/missed_errors = MPC),
 * the driver's own counters, per queue and summed.
 */
#include "ixgbe_drv_internal.h"

void ixg_drv_update_stats(struct ixg_adapter *a)
{
    struct ixg_hw_stats *s = &a->stats;
    s->gprc += ixg_rd(a, IXG_GPRC);
    s->gptc += ixg_rd(a, IXG_GPTC);
    /* the 82598's octet counters are 32 bits at the high addresses
     * (datasheet 4.4.3.9; Linux ixgbe_update_stats reads only GORCH and
     * GOTCH on this MAC) */
    s->gorc += ixg_rd(a, IXG_GORCH);
    s->gotc += ixg_rd(a, IXG_GOTCH);
    s->mprc += ixg_rd(a, IXG_MPRC);
    s->bprc += ixg_rd(a, IXG_BPRC);
    s->mptc += ixg_rd(a, IXG_MPTC);
    s->bptc += ixg_rd(a, IXG_BPTC);
    s->crcerrs += ixg_rd(a, IXG_CRCERRS);
    s->rlec += ixg_rd(a, IXG_RLEC);
    s->ruc += ixg_rd(a, IXG_RUC);
    s->roc += ixg_rd(a, IXG_ROC);
    s->mpc += ixg_rd(a, IXG_MPC(0));
    s->rnbc += ixg_rd(a, IXG_RNBC(0));
}

void ixg_drv_get_stats64(const struct ixg_adapter *a,
                         struct e1k_link_stats64 *o)
{
    const struct ixg_hw_stats *s = &a->stats;
    memset(o, 0, sizeof(*o));
    o->rx_packets = s->gprc;
    o->tx_packets = s->gptc;
    o->rx_bytes = s->gorc;
    o->tx_bytes = s->gotc;
    o->multicast = s->mprc;
    o->rx_length_errors = s->rlec + s->ruc + s->roc;
    o->rx_crc_errors = s->crcerrs;
    o->rx_dropped = s->rnbc;
    o->rx_fifo_errors = o->rx_over_errors = o->rx_missed_errors = s->mpc;
    o->rx_errors = s->rnbc + s->crcerrs + o->rx_length_errors;
    o->tx_dropped = a->c.tx_dropped;
}

void ixg_drv_get_counters(const struct ixg_adapter *a,
                          struct ixg_drv_counters *c)
{
    *c = a->c;
    c->polls = c->polls_complete = c->polls_budget = 0;
    for (uint32_t q = 0; a->qv && q < a->num_q; q++) {
        c->polls += a->qv[q].c.polls;
        c->polls_complete += a->qv[q].c.polls_complete;
        c->polls_budget += a->qv[q].c.polls_budget;
    }
}

int ixg_drv_get_queue_counters(const struct ixg_adapter *a, uint32_t q,
                               struct ixg_drv_queue_counters *c)
{
    if (!a->qv || q >= a->num_q) {
        return -1;
    }
    *c = a->qv[q].c;
    return 0;
}
