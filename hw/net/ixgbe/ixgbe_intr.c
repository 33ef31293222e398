/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Interrupts of the 82598 model (datasheet 3.5.4, registers 4.4.3.3):
 * the extended cause register EICR and its set, mask, auto-clear and
 * auto-mask registers, GPIE, the IVAR allocation of queue causes,
 * per-vector throttling by EITR, and delivery as INTA#, MSI or MSI-X.
 *
 * Routing.  Each receive and transmit queue's IVAR entry (0..63 RX,
 * 64..95 TX) names, in MSI-X mode (the configuration space enabled
 * MSI-X and GPIE.MSIX_MODE is set), the vector its events go to; the
 * queue event sets that vector's EICR bit (vectors 0..15; a vector
 * beyond the 16 RTxQ bits has its own pending flag).  IVAR entry 97
 * sends the other causes (EICR 16..29 and OTHER) to a vector, entry 96
 * the TCP timer.  Otherwise there is one vector (INTA#, MSI, or MSI-X
 * without GPIE.MSIX_MODE), EITR0 throttles it, and the IVAR entries name
 * the RTxQ bit of EICR a queue sets.
 *
 * A vector fires when one of its EICR bits is set and enabled in EIMS
 * and its throttle gate is open; the gate closes for EITR.interval x
 * 256 ns from the moment it fires ("the EITR restarts counting for the
 * next interrupt trigger right after the interrupt trigger",
 * 3.5.4.2), and a cause arriving while it is closed fires when it
 * opens (delayed, never lost).  Before the message leaves, the used
 * descriptors of the vector's queues are written back ("when the
 * receive timer (ITR) expires, all used descriptors are forced to be
 * written back prior to initiating the interrupt", 3.5.2.7), and the
 * message is a posted write behind them on the PCIe link, so it arrives
 * after them.  INTA# and MSI use one internal line: it rises (message
 * sent, INTA# asserted) when a cause is pending and the gate open, and
 * falls as soon as no enabled cause is pending.  In MSI-X mode sending
 * a vector's message clears its EICR bits that EIAC selects (auto-clear)
 * and, with GPIE.EIAME, masks the EIMS bits that EIAM selects
 * (auto-mask, 3.5.4.1).
 */
#include "ixgbe_core.h"

/** True if the routing is one vector per cause group (MSI-X mode). */
static bool multi_vector(const IxgDev *s)
{
    return s->irq_mode == IXG_IRQ_MSIX &&
           (ixg_reg(s, IXG_GPIE) & IXG_GPIE_MSIX_MODE);
}

/** Number of vectors in use: 18 in MSI-X mode, else 1. */
static uint32_t nvec(const IxgDev *s)
{
    return multi_vector(s) ? IXG_MSIX_VECTORS : 1u;
}

/** IVAR entry @i (INT_Alloc[i], a byte). */
static uint32_t ivar_entry(const IxgDev *s, uint32_t i)
{
    return (ixg_reg(s, IXG_IVAR(i >> 2)) >> (8u * (i & 3u))) & 0xFFu;
}

/** Where entry @i sends its cause: a vector (multi) or an RTxQ bit,
 *  0xFF when the entry is not valid or points nowhere. */
static uint8_t ivar_target(const IxgDev *s, uint32_t i, bool multi)
{
    uint32_t e = ivar_entry(s, i), a = e & IXG_IVAR_ALLOC_MASK;

    if (!(e & IXG_IVAR_VALID)) {
        return 0xFFu;
    }
    if (multi) {
        return a < IXG_MSIX_VECTORS ? (uint8_t)a : 0xFFu;
    }
    return a < 16u ? (uint8_t)a : 0xFFu;
}

void ixg_intr_route(IxgDev *s)
{
    bool multi = multi_vector(s);
    uint8_t t;

    memset(s->vec_mask, 0, sizeof(s->vec_mask));
    memset(s->vec_rxq, 0, sizeof(s->vec_rxq));
    memset(s->vec_txq, 0, sizeof(s->vec_txq));
    for (uint32_t q = 0; q < IXG_NUM_RX_QUEUES; q++) {
        s->rxq_bit[q] = ivar_target(s, q, multi);
        if (multi && s->rxq_bit[q] != 0xFFu) {
            s->vec_rxq[s->rxq_bit[q]] |= 1ull << q;
        }
    }
    for (uint32_t q = 0; q < IXG_NUM_TX_QUEUES; q++) {
        s->txq_bit[q] = ivar_target(s, IXG_IVAR_TX_BASE + q, multi);
        if (multi && s->txq_bit[q] != 0xFFu) {
            s->vec_txq[s->txq_bit[q]] |= 1u << q;
        }
    }
    if (!multi) {
        s->vec_mask[0] = 0xFFFFFFFFu;
        s->vec_rxq[0] = ~0ull;
        s->vec_txq[0] = ~0u;
        return;
    }
    for (uint32_t v = 0; v < 16u; v++) {
        s->vec_mask[v] = 1u << v;
    }
    t = ivar_target(s, IXG_IVAR_OTHER, true);
    if (t != 0xFFu) {
        s->vec_mask[t] |= IXG_EICR_OTHER_CAUSES | IXG_EICR_OTHER;
    }
    t = ivar_target(s, IXG_IVAR_TCP_TIMER, true);
    if (t != 0xFFu) {
        s->vec_mask[t] |= IXG_EICR_TCP_TIMER;
    }
}

/** Throttle interval of vector @v, ns (EITR[v].interval x 256 ns). */
static uint64_t vec_interval_ns(const IxgDev *s, uint32_t v)
{
    return (uint64_t)(ixg_reg(s, IXG_EITR(v)) & IXG_EITR_INTERVAL_MASK) *
           256u;
}

/** True if vector @v has an enabled cause pending. */
static bool vec_pending(const IxgDev *s, uint32_t v)
{
    return (ixg_reg(s, IXG_EICR) & ixg_reg(s, IXG_EIMS) & s->vec_mask[v]) ||
           (s->ext_pending & (1u << v));
}

/** True if the model's own table holds vector @v's message back. */
static bool vec_masked(const IxgDev *s, uint32_t v)
{
    return s->cfg.msix_table &&
           (s->func_masked || (s->msix[v][3] & 1u));
}

/** Send vector @v's message now (MSI-X), or raise the line (INTx/MSI),
 *  then close its throttle gate and apply auto-clear/auto-mask. */
static void vec_deliver(IxgDev *s, uint32_t v)
{
    s->vec[v].gate_ns = s->now_ns + vec_interval_ns(s, v);
    if (s->irq_mode == IXG_IRQ_MSIX) {
        uint32_t m = s->vec_mask[v];
        if (vec_masked(s, v)) {
            s->vec[v].pba = 1;
        } else {
            s->totals.msi_messages++;
            s->vec_msgs[v]++;
            if (s->port.msi) {
                s->port.msi(s->port.opaque, v);
            }
        }
        ixg_reg_set(s, IXG_EICR, ixg_reg(s, IXG_EICR) &
                                 ~(m & ixg_reg(s, IXG_EIAC)));
        s->ext_pending &= ~(1u << v);
        if (ixg_reg(s, IXG_GPIE) & IXG_GPIE_EIAME) {
            ixg_reg_set(s, IXG_EIMS, ixg_reg(s, IXG_EIMS) &
                                     ~(m & ixg_reg(s, IXG_EIAM)));
        }
        return;
    }
    s->irq_level = 1;
    if (s->irq_mode == IXG_IRQ_INTX) {
        s->totals.irq_assertions++;
        s->port.set_irq(s->port.opaque, 1);
    } else {
        s->totals.msi_messages++;
        s->vec_msgs[0]++;
        if (s->port.msi) {
            s->port.msi(s->port.opaque, 0);
        }
    }
}

/** Write back the used descriptors of vector @v's queues, then post the
 *  message behind them: the vector's timer fires when it arrives. */
static void vec_start_send(IxgDev *s, uint32_t v)
{
    uint64_t rxq = s->vec_rxq[v] & s->rx.wb_mask;
    uint32_t txq = s->vec_txq[v] & s->tx.wb_mask;
    uint64_t t;

    for (; rxq; rxq &= rxq - 1) {
        ixg_rx_flush(s, (uint32_t)__builtin_ctzll(rxq));
    }
    for (; txq; txq &= txq - 1) {
        ixg_tx_flush(s, (uint32_t)__builtin_ctz(txq));
    }
    t = nic_pcie_post(&s->link, &s->pcie, s->now_ns, 4);
    s->vec[v].state = IXG_VEC_SEND;
    ixg_timer_set(s, IXG_TMR_VEC0 + v, t);
}

/** Look at vector @v after a change: fire it, wait for its gate, or
 *  (INTx/MSI) lower the line. */
static void vec_eval(IxgDev *s, uint32_t v)
{
    IxgVec *vc = &s->vec[v];
    bool pending = vec_pending(s, v);

    if (s->irq_mode != IXG_IRQ_MSIX && !pending && s->irq_level) {
        s->irq_level = 0;
        if (s->irq_mode == IXG_IRQ_INTX) {
            s->port.set_irq(s->port.opaque, 0);
        }
    }
    if (!pending) {
        if (vc->state == IXG_VEC_GATE) {
            vc->state = IXG_VEC_IDLE;
            ixg_timer_cancel(s, IXG_TMR_VEC0 + v);
        }
        return;
    }
    if (vc->state != IXG_VEC_IDLE ||
        (s->irq_mode != IXG_IRQ_MSIX && s->irq_level)) {
        return; /* under way, or the line is already up */
    }
    if (s->now_ns >= vc->gate_ns) {
        vec_start_send(s, v);
    } else {
        vc->state = IXG_VEC_GATE;
        ixg_timer_set(s, IXG_TMR_VEC0 + v, vc->gate_ns);
    }
}

void ixg_vec_timer(IxgDev *s, uint32_t v)
{
    IxgVec *vc = &s->vec[v];
    uint32_t st = vc->state;

    vc->state = IXG_VEC_IDLE;
    if (v >= nvec(s)) {
        return; /* the mode changed under it */
    }
    if (st == IXG_VEC_SEND) {
        if (vec_pending(s, v) &&
            !(s->irq_mode != IXG_IRQ_MSIX && s->irq_level)) {
            vec_deliver(s, v);
        }
        return;
    }
    vec_eval(s, v);
}

void ixg_update_irq(IxgDev *s)
{
    for (uint32_t v = 0, n = nvec(s); v < n; v++) {
        vec_eval(s, v);
    }
}

/** Re-evaluate the vectors whose causes include any of @bits. */
static void update_bits(IxgDev *s, uint32_t bits)
{
    if (!multi_vector(s)) {
        vec_eval(s, 0);
        return;
    }
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        if (s->vec_mask[v] & bits) {
            vec_eval(s, v);
        }
    }
}

/** EICR |= @bits; an other cause that is enabled sets OTHER too. */
static void eicr_set(IxgDev *s, uint32_t bits)
{
    uint32_t eicr = ixg_reg(s, IXG_EICR) | bits;

    if (bits & ixg_reg(s, IXG_EIMS) & IXG_EICR_OTHER_CAUSES) {
        eicr |= IXG_EICR_OTHER;
    }
    ixg_reg_set(s, IXG_EICR, eicr);
}

void ixg_set_cause(IxgDev *s, uint32_t bits)
{
    eicr_set(s, bits);
    update_bits(s, bits | IXG_EICR_OTHER);
}

void ixg_queue_cause(IxgDev *s, uint32_t q, int tx)
{
    uint32_t b = tx ? s->txq_bit[q] : s->rxq_bit[q];
    uint32_t v;

    if (b == 0xFFu) {
        return;
    }
    if (b < 16u) {
        ixg_reg_set(s, IXG_EICR, ixg_reg(s, IXG_EICR) | (1u << b));
    } else {
        s->ext_pending |= 1u << b;   /* MSI-X vectors 16 and 17 */
    }
    v = multi_vector(s) ? b : 0u;
    if (s->vec[v].state == IXG_VEC_IDLE) {
        vec_eval(s, v);
    }
}

/* ------------------------------------------------------------------ */
/* Registers                                                            */

/** EITR read: the interval and the throttle counter (256 ns units left
 *  until the gate opens). */
static uint32_t eitr_read(const IxgDev *s, uint32_t v)
{
    uint32_t val = ixg_reg(s, IXG_EITR(v)) & IXG_EITR_INTERVAL_MASK;
    uint64_t left;

    if (v < IXG_MSIX_VECTORS && s->vec[v].gate_ns > s->now_ns) {
        left = (s->vec[v].gate_ns - s->now_ns + 255u) / 256u;
        val |= (uint32_t)(left > 0xFFFFu ? 0xFFFFu : left) << 16;
    }
    return val;
}

/** EITR write: interval 15:0 kept; the counter 31:16 reloads the
 *  throttle (0: open now, "write 0 to the counter to generate an
 *  interrupt immediately"; Linux writes the interval to both halves,
 *  ixgbe_write_eitr). */
static void eitr_write(IxgDev *s, uint32_t v, uint32_t val)
{
    uint32_t old = ixg_reg(s, IXG_EITR(v)) & IXG_EITR_INTERVAL_MASK;

    ixg_reg_set(s, IXG_EITR(v), val & IXG_EITR_INTERVAL_MASK);
    if ((val & IXG_EITR_INTERVAL_MASK) != old) {
        ixg_trace(s, IXG_TRACE_EITR, v, val & IXG_EITR_INTERVAL_MASK);
    }
    if (v >= IXG_MSIX_VECTORS) {
        return;
    }
    s->vec[v].gate_ns = s->now_ns + (uint64_t)(val >> 16) * 256u;
    if (s->vec[v].state == IXG_VEC_GATE) {
        s->vec[v].state = IXG_VEC_IDLE;
        ixg_timer_cancel(s, IXG_TMR_VEC0 + v);
    }
    if (v < nvec(s)) {
        vec_eval(s, v);
    }
}

/** EICR read (3.5.4.3): returns the causes; clears them (with GPIE.OCD
 *  only the other causes, 31:16); outside MSI-X the cleared bits that
 *  EIAM selects are masked (auto-mask on read, as Linux's legacy
 *  handler relies on, ixgbe_intr). */
static uint32_t eicr_read(IxgDev *s)
{
    uint32_t v = ixg_reg(s, IXG_EICR);
    uint32_t clr = (ixg_reg(s, IXG_GPIE) & IXG_GPIE_OCD) ? 0xFFFF0000u
                                                         : 0xFFFFFFFFu;

    ixg_reg_set(s, IXG_EICR, v & ~clr);
    if (s->irq_mode != IXG_IRQ_MSIX) {
        ixg_reg_set(s, IXG_EIMS, ixg_reg(s, IXG_EIMS) &
                                 ~(v & clr & ixg_reg(s, IXG_EIAM)));
    }
    ixg_update_irq(s);
    return v;
}

uint32_t ixg_intr_read(IxgDev *s, uint32_t off, bool side)
{
    switch (off) {
    case IXG_EICR:
        return side ? eicr_read(s) : ixg_reg(s, IXG_EICR);
    case IXG_EICS:
        return ixg_reg(s, IXG_EICR);  /* the causes, not cleared */
    case IXG_EIMC:
        return 0;                     /* write-only */
    default:
        if (off >= IXG_EITR(0) && off <= IXG_EITR(IXG_EITR_COUNT - 1u)) {
            return eitr_read(s, (off - IXG_EITR(0)) >> 2);
        }
        return ixg_reg(s, off);       /* EIMS, GPIE, IVAR */
    }
}

/** Register writes that change causes or masks: EICR (write 1 to
 *  clear), EICS (set), EIMS (enable), EIMC (disable). */
static void cause_mask_write(IxgDev *s, uint32_t off, uint32_t val)
{
    uint32_t eims = ixg_reg(s, IXG_EIMS), eiam = ixg_reg(s, IXG_EIAM);
    bool msix = s->irq_mode == IXG_IRQ_MSIX;

    switch (off) {
    case IXG_EICR:
        ixg_reg_set(s, IXG_EICR, ixg_reg(s, IXG_EICR) & ~val);
        if (!msix) {
            ixg_reg_set(s, IXG_EIMS, eims & ~(val & eiam));
        }
        break;
    case IXG_EICS:
        if (!msix) {
            ixg_reg_set(s, IXG_EIMS, eims | (val & eiam));
        }
        eicr_set(s, val);
        if (ixg_reg(s, IXG_GPIE) & IXG_GPIE_EIMEN) {
            for (uint32_t v = 0, n = nvec(s); v < n; v++) {
                if (s->vec_mask[v] & val) {
                    s->vec[v].gate_ns = s->now_ns; /* immediate */
                }
            }
        }
        break;
    case IXG_EIMS:
        ixg_reg_set(s, IXG_EIMS, eims | val);
        if (ixg_reg(s, IXG_EICR) & val & IXG_EICR_OTHER_CAUSES) {
            ixg_reg_set(s, IXG_EICR, ixg_reg(s, IXG_EICR) | IXG_EICR_OTHER);
        }
        break;
    default: /* EIMC */
        ixg_reg_set(s, IXG_EIMS, eims & ~val);
        break;
    }
    update_bits(s, val | IXG_EICR_OTHER);
}

void ixg_intr_write(IxgDev *s, uint32_t off, uint32_t val)
{
    switch (off) {
    case IXG_EICR:
    case IXG_EICS:
    case IXG_EIMS:
    case IXG_EIMC:
        cause_mask_write(s, off, val);
        return;
    case IXG_GPIE:
        ixg_reg_set(s, IXG_GPIE, val & (IXG_GPIE_SDP_GPIEN |
                    IXG_GPIE_MSIX_MODE | IXG_GPIE_OCD | IXG_GPIE_EIMEN |
                    IXG_GPIE_EIAME | IXG_GPIE_PBA_SUPPORT));
        ixg_intr_set_mode(s, s->irq_mode, s->func_masked);
        return;
    default:
        break;
    }
    if (off >= IXG_EITR(0) && off <= IXG_EITR(IXG_EITR_COUNT - 1u)) {
        eitr_write(s, (off - IXG_EITR(0)) >> 2, val);
        return;
    }
    /* IVAR: entries 0..95 in IVAR 0..23, 96 and 97 in IVAR 24 */
    ixg_reg_set(s, off, val & (off == IXG_IVAR(IXG_IVAR_REGS - 1u)
                               ? 0x00009F9Fu : 0x9F9F9F9Fu));
    ixg_intr_route(s);
    ixg_update_irq(s);
}

/* ------------------------------------------------------------------ */
/* Mode, reset, the built-in MSI-X table                               */

/** Vectors back to idle (timers cancelled), the line low. */
static void vecs_idle(IxgDev *s)
{
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        s->vec[v].state = IXG_VEC_IDLE;
        ixg_timer_cancel(s, IXG_TMR_VEC0 + v);
    }
    if (s->irq_level && s->irq_mode == IXG_IRQ_INTX) {
        s->port.set_irq(s->port.opaque, 0);
    }
    s->irq_level = 0;
}

void ixg_intr_set_mode(IxgDev *s, uint32_t mode, uint32_t func_masked)
{
    bool changed = mode != s->irq_mode;

    vecs_idle(s);
    if (changed) {
        ixg_trace(s, IXG_TRACE_IRQ_MODE, mode, 0);
    }
    s->irq_mode = mode;
    s->func_masked = func_masked;
    ixg_intr_route(s);
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        if (s->vec[v].pba && !vec_masked(s, v) &&
            s->irq_mode == IXG_IRQ_MSIX) {
            s->vec[v].pba = 0;
            s->totals.msi_messages++;
            s->vec_msgs[v]++;
            if (s->port.msi) {
                s->port.msi(s->port.opaque, v);
            }
        }
    }
    ixg_update_irq(s);
}

void ixg_intr_reset(IxgDev *s, bool power_on)
{
    vecs_idle(s);
    s->ext_pending = 0;
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        s->vec[v].gate_ns = 0;
        if (power_on) {
            s->vec[v].pba = 0;
            s->msix[v][0] = s->msix[v][1] = s->msix[v][2] = 0;
            s->msix[v][3] = 1;   /* masked ([PCI-3.0] 6.8.2.9) */
        }
    }
    if (power_on) {
        s->irq_mode = IXG_IRQ_INTX;
        s->func_masked = 0;
    }
}

uint32_t ixg_msix_table_read(const IxgDev *s, uint32_t off)
{
    uint32_t pba = 0;

    if (!s->cfg.msix_table) {
        return 0;
    }
    if (off < IXG_MSIX_VECTORS * 16u) {
        return s->msix[off >> 4][(off >> 2) & 3u];
    }
    if (off == IXG_MSIX_PBA_OFF) {
        for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
            pba |= s->vec[v].pba << v;
        }
        return pba;
    }
    return 0;
}

void ixg_msix_table_write(IxgDev *s, uint32_t off, uint32_t val)
{
    uint32_t v = off >> 4, w = (off >> 2) & 3u;

    if (!s->cfg.msix_table || off >= IXG_MSIX_VECTORS * 16u) {
        return;   /* the PBA is read-only; the rest holds nothing */
    }
    s->msix[v][w] = w == 0 ? (val & ~3u) : w == 3 ? (val & 1u) : val;
    if (w == 3 && !vec_masked(s, v) && s->vec[v].pba &&
        s->irq_mode == IXG_IRQ_MSIX) {
        s->vec[v].pba = 0;   /* unmasked with a message pending: sent */
        s->totals.msi_messages++;
        s->vec_msgs[v]++;
        if (s->port.msi) {
            s->port.msi(s->port.opaque, v);
        }
    }
}

int ixg_intr_validate(const IxgDev *s)
{
    uint64_t limit = s->now_ns + 0x10000ull * 256u;

    if (s->irq_mode > IXG_IRQ_MSIX || s->func_masked > 1u ||
        s->irq_level > 1u || (s->irq_level && s->irq_mode == IXG_IRQ_MSIX) ||
        (s->ext_pending & ~0x30000u)) {
        return -1;
    }
    for (uint32_t v = 0; v < IXG_MSIX_VECTORS; v++) {
        const IxgVec *vc = &s->vec[v];
        if (vc->state > IXG_VEC_SEND || vc->pba > 1u ||
            vc->gate_ns > limit || (s->msix[v][3] & ~1u) ||
            (s->msix[v][0] & 3u) ||
            ((vc->state != IXG_VEC_IDLE) !=
             (s->timer[IXG_TMR_VEC0 + v] != NIC_NO_DEADLINE))) {
            return -1;
        }
    }
    return 0;
}
