/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Interrupt causes, mask and the ITR-spaced INTA# line
 * (SDM 13.4.17 ICR, 13.4.18 ITR, 13.4.19 ICS, 13.4.20 IMS, 13.4.21 IMC).
 *
 * Line model: the line wants to be high while (ICR & IMS) != 0.  A rising
 * edge at time t closes the ITR gate until t + ITR x 256 ns; a cause that
 * becomes pending while the gate is closed is never dropped: the ITR timer
 * fires at the gate time and the line rises then if the cause is still
 * pending and enabled.  The line falls as soon as nothing enabled is
 * pending (ICR read or written, IMC).  ITR = 0 disables throttling; there
 * is no minimum interval (no 128 us floor: SDM 13.4.18;
 * Linux programs ITR = 55).
 *
 * A write to ITR takes effect for the next assertion; only writing 0
 * reopens a closed gate at once (throttling disabled).
 */
#include "e1000_core.h"

/** Drive the line to @level through the port (changes only). */
static void set_line(E1kDev *s, uint32_t level)
{
    if (s->irq_level == level) {
        return;
    }
    s->irq_level = level;
    if (level) {
        s->totals.irq_assertions++;
        s->itr_gate_ns = s->now_ns + (uint64_t)(e1k_reg(s, E1K_ITR) &
                                                E1K_ITR_INTERVAL_MASK) *
                                         E1K_ITR_UNIT_NS;
    }
    s->port.set_irq(s->port.opaque, (int)level);
}

/** Nothing enabled is pending: no ITR wake-up is needed and the line
 *  falls (a no-op when it is low and the ITR timer idle, the usual case
 *  of the ICR read and the IMC write). */
static void line_idle(E1kDev *s)
{
    if (e1k_timer_armed(s, E1K_TMR_ITR)) {
        e1k_timer_cancel(s, E1K_TMR_ITR);
    }
    set_line(s, 0);
}

/* e1k_update_irq's body; forced inline into the register writes
 * (e1k_intr_write: the drivers' IMC and IMS writes of every interrupt
 * and poll), out of line for the causes and the timer. */
static inline __attribute__((always_inline)) void update_irq(E1kDev *s)
{
    uint32_t pending = e1k_reg(s, E1K_ICR) & e1k_reg(s, E1K_IMS);

    if (!pending) {
        line_idle(s);
        return;
    }
    if (s->irq_level) {
        return;
    }
    if (s->now_ns >= s->itr_gate_ns) {
        e1k_timer_cancel(s, E1K_TMR_ITR);
        set_line(s, 1);
    } else {
        e1k_timer_set(s, E1K_TMR_ITR, s->itr_gate_ns); /* later than now */
    }
}

void e1k_update_irq(E1kDev *s)
{
    update_irq(s);
}

void e1k_set_cause(E1kDev *s, uint32_t causes)
{
    e1k_reg_set(s, E1K_ICR, e1k_reg(s, E1K_ICR) | (causes & E1K_ICR_VALID));
    e1k_update_irq(s);
}

uint32_t e1k_intr_read_icr(E1kDev *s)
{
    uint32_t v = e1k_reg(s, E1K_ICR);
    /* Read clears every bit and acknowledges the interrupt (SDM 13.4.17);
     * bit 31 (INT_ASSERTED) does not exist on 8254x and reads 0. */
    e1k_reg_set(s, E1K_ICR, 0);
    line_idle(s);   /* e1k_update_irq with ICR = 0 */
    return v & E1K_ICR_VALID;
}

void e1k_intr_write(E1kDev *s, uint32_t off, uint32_t val)
{
    switch (off) {
    case E1K_ICR: /* write 1 to clear */
        e1k_reg_set(s, E1K_ICR, e1k_reg(s, E1K_ICR) & ~val);
        break;
    case E1K_ICS: /* write 1 to set the cause */
        e1k_reg_set(s, E1K_ICR,
                    e1k_reg(s, E1K_ICR) | (val & E1K_ICR_VALID));
        break;
    case E1K_IMS: /* write 1 to enable */
        e1k_reg_set(s, E1K_IMS,
                    e1k_reg(s, E1K_IMS) | (val & E1K_ICR_VALID));
        break;
    case E1K_IMC: /* write 1 to disable */
        e1k_reg_set(s, E1K_IMS, e1k_reg(s, E1K_IMS) & ~val);
        break;
    case E1K_ITR:
        if ((val & E1K_ITR_INTERVAL_MASK) != e1k_reg(s, E1K_ITR)) {
            e1k_trace(s, E1K_TRACE_ITR, e1k_reg(s, E1K_ITR),
                      val & E1K_ITR_INTERVAL_MASK);
        }
        e1k_reg_set(s, E1K_ITR, val & E1K_ITR_INTERVAL_MASK);
        if ((val & E1K_ITR_INTERVAL_MASK) == 0) {
            s->itr_gate_ns = 0;
        }
        break;
    default:
        return;
    }
    update_irq(s);
}

void e1k_intr_timer(E1kDev *s)
{
    e1k_update_irq(s);
}

/* The interrupt delay pairs: when one timer expires its partner is
 * cancelled and the cause raised.  RDTR (packet timer): RADV is
 * reinitialised, not started.  RADV (absolute): the pending RDTR
 * interrupt is cancelled (reloaded, halted until the next frame).  TIDV
 * (delayed interrupt): it halts TADV.  TADV (absolute): the pending
 * delayed interrupt is delivered now, so TIDV is cleared as well. */
static const struct {
    E1kTimerId id, partner;
    uint32_t cause;
} delay_pairs[] = {
    { E1K_TMR_RDTR, E1K_TMR_RADV, E1K_ICR_RXT0 },
    { E1K_TMR_RADV, E1K_TMR_RDTR, E1K_ICR_RXT0 },
    { E1K_TMR_TIDV, E1K_TMR_TADV, E1K_ICR_TXDW },
    { E1K_TMR_TADV, E1K_TMR_TIDV, E1K_ICR_TXDW },
};

void e1k_intr_delay_expired(E1kDev *s, E1kTimerId id)
{
    for (size_t i = 0; i < sizeof(delay_pairs) / sizeof(delay_pairs[0]);
         i++) {
        if (delay_pairs[i].id == id) {
            e1k_timer_cancel(s, delay_pairs[i].partner);
            e1k_set_cause(s, delay_pairs[i].cause);
            return;
        }
    }
}

int e1k_intr_validate(const E1kDev *s)
{
    uint32_t icr = e1k_reg(s, E1K_ICR), ims = e1k_reg(s, E1K_IMS);
    if (s->irq_level > 1 || (icr & ~E1K_ICR_VALID) ||
        (ims & ~E1K_ICR_VALID)) {
        return -1;
    }
    /* the line is only ever high while an enabled cause is pending */
    if (s->irq_level && !(icr & ims)) {
        return -1;
    }
    /* the ITR gate is at most one full interval (65535 x 256 ns) ahead */
    if (s->itr_gate_ns > s->now_ns &&
        s->itr_gate_ns - s->now_ns >
            (uint64_t)E1K_ITR_INTERVAL_MASK * E1K_ITR_UNIT_NS) {
        return -1;
    }
    return (e1k_reg(s, E1K_ITR) & ~E1K_ITR_INTERVAL_MASK) ? -1 : 0;
}
