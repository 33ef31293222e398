/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Interrupt handler and NAPI poll: the four policies the seed
 * measurements compare (seeds M1 and M3, docs/reproducing-the-seeds.md;
 * [NAPI-HOWTO-2002], [NAPI-DOC], Linux e1000_main.c e1000_intr/e1000_clean).
 *
 *  legacy       2.4-era e1000 without NAPI (e1000_intr with E1000_MAX_INTR):
 *               read ICR; clean RX (each frame to netif_rx) and TX for up
 *               to 10 rounds, stopping at the first round without work;
 *               interrupts are never masked.
 *  napi-twist   the 2.5.66 "twist" variant: the ISR reads ICR and only
 *               schedules the poll, never masks; the poll loops cleaning
 *               RX and TX while there is work (within its budget).
 *  napi         Linux e1000 today (e1000_intr / e1000_clean): the ISR masks
 *               everything (IMC = ~0, flush) and schedules; the poll cleans
 *               TX (bounded by the ring), then RX up to the budget; if it
 *               did less it completes and re-enables with IMS.
 *  napi-dynitr  napi plus the dynamic ITR update after each completed
 *               poll (e1000_set_itr) in InterruptThrottleRate modes 1/3.
 *
 * Every handler reads ICR exactly once; the poll reads no register except
 * the flush Linux does after re-enabling (e1000_irq_enable).
 */
#include "e1000_drv_internal.h"

void e1k_irq_disable(struct e1k_adapter *a)
{
    ew32_flush(a, E1K_IMC, 0xFFFFFFFFu);
}

/* e1000_irq_enable's body: forced inline into the poll's completion
 * (every poll that completes), out of line in e1k_irq_enable. */
static inline __attribute__((__always_inline__)) void
irq_enable(struct e1k_adapter *a)
{
    ew32_flush(a, E1K_IMS, E1K_IMS_ENABLE_MASK);
}

void e1k_irq_enable(struct e1k_adapter *a)
{
    irq_enable(a);
}

/* legacy: up to E1K_MAX_INTR rounds of "clean all RX, clean TX". */
static void intr_legacy(struct e1k_adapter *a)
{
    for (int round = 0; round < E1K_MAX_INTR; round++) {
        int work = 0;
        bool tx_cleaned = false;
        bool rx = e1k_clean_rx_irq(a, &work, (int)a->rx_ring.count, false);

        (void)e1k_clean_tx_irq(a, &tx_cleaned);
        if (!rx && !tx_cleaned) {
            break;
        }
    }
}

int e1k_drv_intr(struct e1k_adapter *a)
{
    uint32_t icr;

    e1k_os_charge(a->os, E1K_COST_ISR, 1);
    icr = er32(a, E1K_ICR);
    if (a->diag_intr) {
        /* the self-test's interrupt test: record, nothing else */
        a->diag_icr |= icr;
        return icr != 0;
    }
    if (!icr) {
        a->counters.interrupts_none++;
        return 0; /* IRQ_NONE: not ours (shared line) */
    }
    a->counters.interrupts++;
    if (!a->up) {
        return 1; /* acknowledged by the read; nothing to do while down */
    }
    if (icr & (E1K_ICR_LSC | E1K_ICR_RXSEQ)) {
        /* Linux sets get_link_status and runs the watchdog at once; the
         * link part of it is done here. */
        e1k_hw_check_link(a);
    }

    switch (a->params.mode) {
    case E1K_MODE_LEGACY:
        intr_legacy(a);
        break;
    case E1K_MODE_NAPI_TWIST:
        (void)e1k_os_napi_schedule(a->os);
        break;
    case E1K_MODE_NAPI:
    case E1K_MODE_NAPI_DYNITR:
    default:
        e1k_irq_disable(a);
        if (e1k_os_napi_schedule(a->os)) {
            /* Traffic of this interrupt feeds the dynamic ITR. */
            a->total_tx_bytes = a->total_tx_packets = 0;
            a->total_rx_bytes = a->total_rx_packets = 0;
        } else {
            /* Already scheduled (should not happen with the line masked
             * while polling): re-enable rather than lose interrupts. */
            e1k_irq_enable(a);
        }
        break;
    }
    return 1;
}

/* napi-twist poll: loop while either ring had work. */
static int poll_twist(struct e1k_adapter *a, int budget)
{
    int work_done = 0;
    /* Each round either consumes budget (RX) or frees TX descriptors, of
     * which there are at most a ring's worth: bound the rounds by both. */
    uint32_t max_rounds = (uint32_t)budget + a->tx_ring.count + 1u;

    for (uint32_t round = 0; round < max_rounds; round++) {
        bool tx_cleaned = false;
        bool rx;

        rx = e1k_clean_rx_irq(a, &work_done, budget, true);
        (void)e1k_clean_tx_irq(a, &tx_cleaned);
        if (work_done >= budget) {
            a->counters.polls_budget++;
            return budget;
        }
        if (!rx && !tx_cleaned) {
            break;
        }
    }
    if (e1k_os_napi_complete_done(a->os, work_done)) {
        a->counters.polls_complete++;
    }
    return work_done;
}

/* napi / napi-dynitr poll (e1000_clean). */
static int poll_irqoff(struct e1k_adapter *a, int budget)
{
    int work_done = 0;
    bool tx_cleaned = false;
    bool tx_complete = e1k_clean_tx_irq(a, &tx_cleaned);

    (void)e1k_clean_rx_irq(a, &work_done, budget, true);
    if (!tx_complete || work_done >= budget) {
        a->counters.polls_budget++;
        return budget;
    }
    if (e1k_os_napi_complete_done(a->os, work_done)) {
        a->counters.polls_complete++;
        if (a->params.mode == E1K_MODE_NAPI_DYNITR &&
            (a->itr_setting & 3u)) {
            e1k_itr_set(a);
        }
        if (a->up) {
            irq_enable(a);
        }
    }
    return work_done;
}

int e1k_drv_poll(struct e1k_adapter *a, int budget)
{
    int ret;

    e1k_os_charge(a->os, E1K_COST_POLL, 1);
    a->counters.polls++;
    if (budget <= 0) {
        /* netpoll-style call: TX only, never complete (NAPI-DOC). */
        bool tx_cleaned;
        (void)e1k_clean_tx_irq(a, &tx_cleaned);
        return 0;
    }
    if (!a->up) {
        (void)e1k_os_napi_complete_done(a->os, 0);
        return 0;
    }
    switch (a->params.mode) {
    case E1K_MODE_NAPI_TWIST:
        ret = poll_twist(a, budget);
        break;
    case E1K_MODE_LEGACY:
        /* No NAPI instance in legacy mode; complete if called anyway. */
        (void)e1k_os_napi_complete_done(a->os, 0);
        ret = 0;
        break;
    case E1K_MODE_NAPI:
    case E1K_MODE_NAPI_DYNITR:
    default:
        ret = poll_irqoff(a, budget);
        break;
    }
    return ret;
}
