/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Interrupts of the 82598EB driver core: MSI-X with one vector per queue
 * pair and one for the other causes (GPIE, IVAR, EIAC, EIAM; datasheet
 * 3.5.4, 4.4.3.3), and the four policies of the e1000 core carried over
 * per queue vector (docs/driver.md):
 *
 *   legacy       the handler cleans RX (netif_rx each frame) and TX up to
 *                10 rounds; the vector is never masked (EITR throttles)
 *   napi-twist   the handler schedules the vector's NAPI and never masks;
 *                the poll loops cleaning RX and TX while either has work
 *   napi         the message masks its vector (GPIE.EIAME, EIAM: Linux
 *                ixgbe's auto-mask, no register access in the handler);
 *                the handler schedules the poll; the poll cleans TX,
 *                then RX within the budget and, when it did less,
 *                completes and re-enables the vector (EIMS)
 *   napi-dynitr  napi plus the dynamic EITR after each completed poll
 *
 * Linux ixgbe_main.c ixgbe_configure_msix, ixgbe_set_ivar,
 * ixgbe_msix_clean_rings, ixgbe_msix_other, ixgbe_poll.
 */
#include "ixgbe_drv_internal.h"

/* IVAR entry @entry (INT_Alloc, datasheet 4.4.3.3.8) := vector @v. */
static void set_ivar(struct ixg_adapter *a, uint32_t entry, uint32_t v)
{
    uint32_t reg = IXG_IVAR(entry >> 2), sh = 8u * (entry & 3u);
    uint32_t val = ixg_rd(a, reg);
    val &= ~(0xFFu << sh);
    val |= (v | IXG_IVAR_VALID) << sh;
    ixg_wr(a, reg, val);
}

static bool irq_off_policy(const struct ixg_adapter *a)
{
    return a->p.mode == E1K_MODE_NAPI || a->p.mode == E1K_MODE_NAPI_DYNITR;
}

static uint32_t queue_mask(const struct ixg_adapter *a)
{
    return (1u << a->num_q) - 1u;
}

void ixg_configure_msix(struct ixg_adapter *a)
{
    uint32_t gpie = IXG_GPIE_MSIX_MODE | IXG_GPIE_PBA_SUPPORT |
                    IXG_GPIE_OCD;
    for (uint32_t q = 0; q < a->num_q; q++) {
        struct ixg_q_vector *qv = &a->qv[q];
        set_ivar(a, q, q);
        set_ivar(a, IXG_IVAR_TX_BASE + q, q);
        qv->itr = ixg_itr_start(&a->p);
        qv->itr_state = IXG_LOW_LATENCY;
        ixg_write_eitr(qv);
    }
    set_ivar(a, IXG_IVAR_OTHER, a->num_q);
    if (irq_off_policy(a)) {
        gpie |= IXG_GPIE_EIAME;
        ixg_wr(a, IXG_EIAM, queue_mask(a));
    } else {
        ixg_wr(a, IXG_EIAM, 0);
    }
    ixg_wr(a, IXG_GPIE, gpie);
    /* a queue vector's message clears its cause (EIAC) */
    ixg_wr(a, IXG_EIAC, queue_mask(a));
}

void ixg_irq_enable(struct ixg_adapter *a)
{
    ixg_wr(a, IXG_EIMS, queue_mask(a) | IXG_EICR_LSC | IXG_EICR_OTHER);
    ixg_flush(a);
}

void ixg_irq_disable(struct ixg_adapter *a)
{
    ixg_wr(a, IXG_EIAM, 0);
    ixg_wr(a, IXG_EIMC, 0x7FFFFFFFu);
    ixg_flush(a);
}

/* ixgbe_msix_other: link changes. */
static int intr_other(struct ixg_adapter *a)
{
    uint32_t eicr = ixg_rd(a, IXG_EICR);
    a->c.interrupts++;
    a->c.interrupts_other++;
    e1k_os_charge(a->os, E1K_COST_ISR, 1);
    if (eicr & IXG_EICR_LSC) {
        (void)ixg_hw_check_link(a);
    }
    ixg_wr(a, IXG_EIMS, IXG_EICR_LSC | IXG_EICR_OTHER);
    return 1;
}

/* The 2.4-style handler: clean RX and TX up to IXG_MAX_INTR rounds. */
static void intr_legacy(struct ixg_q_vector *q)
{
    for (int i = 0; i < IXG_MAX_INTR; i++) {
        int rx = ixg_clean_rx_irq(q, (int)q->rx.count, false);
        bool tx_left = !ixg_clean_tx_irq(q);
        if (!rx && !tx_left) {
            break;
        }
    }
}

int ixg_drv_msix_intr(struct ixg_adapter *a, uint32_t v)
{
    if (!a->up || v > a->num_q) {
        return 0;
    }
    if (v == a->num_q) {
        return intr_other(a);
    }
    struct ixg_q_vector *q = &a->qv[v];
    q->c.interrupts++;
    a->c.interrupts++;
    e1k_os_charge(a->os, E1K_COST_ISR, 1);
    if (a->p.mode == E1K_MODE_LEGACY) {
        intr_legacy(q);
    } else if (!e1k_os_napi_schedule_vec(a->os, a->p.napi_per_device ? 0 : v)
               && irq_off_policy(a)) {
        /* already scheduled: the auto-mask must not strand it */
        ixg_wr(a, IXG_EIMS, q->eims_value);
    }
    return 1;
}

/* The twist poll: loop while RX or TX found work, within the budget. */
static int poll_twist(struct ixg_q_vector *q, int budget)
{
    int work = 0;
    for (;;) {
        int rx = ixg_clean_rx_irq(q, budget - work, true);
        bool tx_done = ixg_clean_tx_irq(q);
        work += rx;
        if (work >= budget || (!rx && tx_done)) {
            break;
        }
    }
    ixg_lro_flush(q, true);
    if (work >= budget) {
        q->c.polls_budget++;
        return budget;
    }
    q->c.polls_complete++;
    e1k_os_napi_complete_done_vec(q->a->os, q->v, work);
    return work;
}

/* The irq-off poll (ixgbe_poll). */
static int poll_irq_off(struct ixg_q_vector *q, int budget)
{
    struct ixg_adapter *a = q->a;
    bool tx_done = ixg_clean_tx_irq(q);
    int work = ixg_clean_rx_irq(q, budget, true);
    ixg_lro_flush(q, true);
    if (!tx_done || work >= budget) {
        q->c.polls_budget++;
        return budget;
    }
    q->c.polls_complete++;
    if (e1k_os_napi_complete_done_vec(a->os, q->v, work)) {
        if (a->p.mode == E1K_MODE_NAPI_DYNITR) {
            ixg_update_itr(q);
        }
        ixg_wr(a, IXG_EIMS, q->eims_value);
    }
    return work;
}

/* NAPI before Linux 2.6.24 (net_device->poll, one per device): one poll
 * cleans every queue pair within the device's quota; once all are done
 * it completes and unmasks every queue vector (each masked itself when
 * its message was sent).  Counted on vector 0. */
static int poll_device(struct ixg_adapter *a, int budget)
{
    struct ixg_q_vector *q0 = &a->qv[0];
    bool tx_done = true;
    int work = 0;
    uint32_t eims = 0;
    for (uint32_t i = 0; i < a->num_q; i++) {
        struct ixg_q_vector *q = &a->qv[i];
        tx_done = ixg_clean_tx_irq(q) && tx_done;
        if (work < budget) {
            work += ixg_clean_rx_irq(q, budget - work, true);
        }
        ixg_lro_flush(q, true);
        eims |= q->eims_value;
    }
    if (!tx_done || work >= budget) {
        q0->c.polls_budget++;
        return budget;
    }
    q0->c.polls_complete++;
    if (e1k_os_napi_complete_done_vec(a->os, 0, work) &&
        a->p.mode != E1K_MODE_NAPI_TWIST) {
        ixg_wr(a, IXG_EIMS, eims);
    }
    return work;
}

int ixg_drv_poll(struct ixg_adapter *a, uint32_t v, int budget)
{
    if (v >= a->num_q) {
        return 0;
    }
    struct ixg_q_vector *q = &a->qv[v];
    q->c.polls++;
    e1k_os_charge(a->os, E1K_COST_POLL, 1);
    if (budget <= 0) {
        (void)ixg_clean_tx_irq(q);   /* netpoll rule */
        return 0;
    }
    if (a->p.napi_per_device) {
        return poll_device(a, budget);
    }
    return a->p.mode == E1K_MODE_NAPI_TWIST ? poll_twist(q, budget)
                                            : poll_irq_off(q, budget);
}
