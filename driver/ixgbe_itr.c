/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Interrupt moderation of the 82598EB driver core, per MSI-X vector by
 * EITR (datasheet 3.5.4.2, 4.4.3.3.4: interval in bits 15:0, 256 ns
 * units; the 82598 reloads its counter from bits 31:16 on a write, which
 * Linux fills with the interval too).  InterruptThrottleRate as Intel's
 * ixgbe README names it: 0 off, 1 dynamic, 3 dynamic conservative (no
 * lowest-latency class, as the e1000's mode 3), 956..488281 a fixed
 * rate.  The dynamic mode is the 2.6.2x ixgbe's (ixgbe_update_itr,
 * ixgbe_set_itr): after each completed poll of a vector (policy
 * napi-dynitr) the bytes per microsecond since the last update classify
 * its traffic as lowest latency (<= 10 B/us), low (<= 20 B/us) or bulk,
 * moving one class a step; the target is 100000, 20000 or 8000
 * interrupts/s and the rate moves a tenth of the way to it (exponential
 * smoothing), EITR rewritten only on a change.
 */
#include "ixgbe_drv_internal.h"

/** Bytes per microsecond between the classes (Linux eitr_low,
 *  eitr_high). */
#define IXG_EITR_LOW_BPUS 10u
#define IXG_EITR_HIGH_BPUS 20u

uint32_t ixg_itr_start(const struct ixg_drv_params *p)
{
    uint32_t r = p->InterruptThrottleRate;
    return r == 1 || r == 3 ? IXG_ITR_LOW : r;
}

/* EITR interval for @rate interrupts/s: 1e9 / (256 ns x rate). */
static uint32_t eitr_interval(uint32_t rate)
{
    if (!rate) {
        return 0;
    }
    uint32_t v = (uint32_t)(1000000000ull / (256ull * rate));
    return v ? (v > 0xFFFFu ? 0xFFFFu : v) : 1u;
}

void ixg_write_eitr(struct ixg_q_vector *q)
{
    uint32_t v = eitr_interval(q->itr);
    q->c.itr = q->itr;
    ixg_wr(q->a, IXG_EITR(q->v), v | v << IXG_EITR_COUNTER_SHIFT);
}

/* ixgbe_update_itr: the class after @cls given @bytes over the last
 * interval of a vector at @itr interrupts/s. */
static uint32_t update_class(uint32_t cls, uint64_t bytes, uint32_t itr)
{
    uint64_t us = 1000000u / itr;
    uint64_t bpus = us ? bytes / us : bytes;
    switch (cls) {
    case IXG_LOWEST_LATENCY:
        return bpus > IXG_EITR_LOW_BPUS ? IXG_LOW_LATENCY : cls;
    case IXG_LOW_LATENCY:
        if (bpus > IXG_EITR_HIGH_BPUS) {
            return IXG_BULK_LATENCY;
        }
        return bpus <= IXG_EITR_LOW_BPUS ? IXG_LOWEST_LATENCY : cls;
    default:
        return bpus <= IXG_EITR_HIGH_BPUS ? IXG_LOW_LATENCY : cls;
    }
}

void ixg_update_itr(struct ixg_q_vector *q)
{
    struct ixg_adapter *a = q->a;
    uint32_t mode = a->p.InterruptThrottleRate, target;
    if ((mode != 1 && mode != 3) || !q->itr) {
        return;
    }
    uint32_t rx = update_class(q->itr_state, q->rx_bytes_irq, q->itr);
    uint32_t tx = update_class(q->itr_state, q->tx_bytes_irq, q->itr);
    uint32_t cls = rx > tx ? rx : tx;
    q->rx_bytes_irq = q->rx_pkts_irq = 0;
    q->tx_bytes_irq = q->tx_pkts_irq = 0;
    if (mode == 3 && cls == IXG_LOWEST_LATENCY) {
        cls = IXG_LOW_LATENCY;
    }
    q->itr_state = cls;
    target = cls == IXG_LOWEST_LATENCY ? IXG_ITR_LOWEST
             : cls == IXG_LOW_LATENCY ? IXG_ITR_LOW : IXG_ITR_BULK;
    if (target == q->itr) {
        return;
    }
    target = (uint32_t)(((uint64_t)q->itr * 90u) / 100u +
                        ((uint64_t)target * 10u) / 100u);
    if (target != q->itr) {
        q->itr = target;
        ixg_write_eitr(q);
        a->c.itr_changes++;
    }
}
