/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit DMA engine of the 82598 model (datasheet 3.5.3) and the
 * transmit queue registers.
 *
 * The engine serves the enabled queues with work in round robin (the
 * 82598's default arbitration without DCB, 3.5.3.x), one frame at a
 * time: the frame's descriptors must be fetched (ixgbe_ring.c; the
 * engine waits for a fetch when its EOP is not among them), the
 * packet buffer must have room for it (TXPBSIZE[0], reserved from the
 * moment its data is requested), and its data is read from host memory
 * in one PCIe read per buffer.  Reads are pipelined: up to
 * IXG_TX_FLIGHT_MAX frames may have reads outstanding, and they
 * complete in order on the downstream link.  When a frame's data has
 * arrived, its bytes are taken from host memory, assembled
 * (ixgbe_txdesc.c) into the packet buffer, TDH moves past its
 * descriptors and those with RS are done.
 *
 * Write-back (3.5.3.x): done RS descriptors get DD (advanced: the
 * write-back format's status dword; legacy: STA) in one burst when
 * TXDCTL.WTHRESH of them have accumulated (0 counts as 1), when the
 * queue's interrupt is about to be sent, on TXDCTL.SWFLSH and when the
 * queue stops; with TDWBAL.Head_WB_En the queue's head is written to
 * TDWBAH:TDWBAL instead and no descriptor is written (3.5.3.7).  The
 * queue's interrupt cause is raised when an RS descriptor is done.
 *
 * Queues run while TXDCTL.ENABLE is set and the link is up ("TXDCTL.EN
 * will return 0 on 82598 if link is down", Linux's ixgbe); TDH is
 * software's to write only while the queue is stopped.
 */
#include "ixgbe_core.h"
#include "nic_bytes.h"

/** TXDCTL.WTHRESH of queue @q (0 counts as 1), capped at the cache. */
static uint32_t tx_wthresh(const IxgDev *s, uint32_t q)
{
    uint32_t w = (ixg_reg(s, IXG_TXDCTL(q)) >> 16) & 0x7Fu;
    w = w ? w : 1u;
    return w < IXG_TX_DESC_CACHE ? w : IXG_TX_DESC_CACHE;
}

uint64_t ixg_tx_flush(IxgDev *s, uint32_t q)
{
    IxgTxQ *Q = &s->tx.q[q];
    uint32_t cnt = Q->r.wb_count, wbal = ixg_reg(s, IXG_TDWBAL(q));
    static const uint8_t adv_wb[8] = { 0, 0, 0, 0, IXG_TXD_STAT_DD, 0, 0, 0 };
    static const uint8_t leg_sta = IXG_TXD_STAT_DD;

    s->tx.wb_mask &= ~(1u << q);
    Q->r.wb_count = 0;
    if (cnt == 0) {
        return s->now_ns;
    }
    s->totals.tx_wb_writes++;
    if (wbal & IXG_TDWBAL_HEAD_WB_EN) {
        uint8_t head[4];
        uint64_t a = (uint64_t)ixg_reg(s, IXG_TDWBAH(q)) << 32 |
                     (wbal & ~3u);
        nic_st_le32(head, ixg_reg(s, IXG_TDH(q)));
        if (ixg_dma_write(s, a, head, 4) != 0) {
            s->totals.tx_dma_errors++;
        }
        return nic_pcie_post(&s->link, &s->pcie, s->now_ns, 4);
    }
    for (uint32_t i = 0; i < cnt; i++) {
        uint32_t e = Q->rs[i], idx = e & 0xFFFFu;
        uint64_t a = ixg_ring_desc_addr(s, IXG_TDBAL(q), idx) + 8u;
        int rc = (e >> 16) ? ixg_dma_write(s, a + 4, &leg_sta, 1)
                           : ixg_dma_write(s, a, adv_wb, 8);
        if (rc != 0) {
            s->totals.tx_dma_errors++;
        }
    }
    s->totals.tx_desc_written += cnt;
    return nic_pcie_post(&s->link, &s->pcie, s->now_ns,
                         cnt * IXG_DESC_SIZE);
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */

/** The next queue with work, round robin from tx.rr; -1 if none (the
 *  queues found idle leave the active set until their tail moves). */
static int pick_queue(IxgDev *s)
{
    IxgTxState *tx = &s->tx;

    while (tx->active) {
        uint32_t rot = (tx->active >> (tx->rr & 31u)) |
                       (tx->rr & 31u ? tx->active << (32u - (tx->rr & 31u))
                                     : 0u);
        uint32_t q = ((uint32_t)__builtin_ctz(rot) + tx->rr) & 31u;
        IxgTxQ *Q = &tx->q[q];
        if (Q->r.enabled &&
            ixg_ring_owned(s, &Q->r, IXG_TDLEN(q), IXG_TDT(q)) > 0) {
            return (int)q;
        }
        tx->active &= ~(1u << q);
    }
    return -1;
}

/** Issue frame *f of queue @q: its data reads go out; it waits in the
 *  flight FIFO for them. */
static void issue(IxgDev *s, uint32_t q, IxgTxFlight *f)
{
    IxgTxState *tx = &s->tx;
    IxgRing *r = &tx->q[q].r;
    uint32_t n = ixg_ring_ndesc(s, IXG_TDLEN(q));
    uint64_t t = s->now_ns;

    for (uint32_t i = 0; i < f->nbuf && !f->bad; i++) {
        t = nic_pcie_read(&s->link, &s->pcie, s->now_ns, f->buf[i].len);
        s->totals.tx_data_reads++;
    }
    f->ready_ns = t;
    s->tx_parsed = 0;
    r->next = (r->next + f->ndesc) % n;
    r->fetched -= f->ndesc < r->fetched ? f->ndesc : r->fetched;
    tx->reserved += f->charge;
    tx->fl_count++;
    if (tx->fl_count == 1) {
        ixg_timer_set(s, IXG_TMR_TXDATA, t);
    }
    tx->rr = (q + 1u) & 31u;
}

/** Try to issue the next frame of queue @q: 1 issued, 0 the engine must
 *  wait (fetch, room), -1 the queue has no complete frame. */
static int try_queue(IxgDev *s, uint32_t q)
{
    IxgTxState *tx = &s->tx;
    IxgRing *r = &tx->q[q].r;
    IxgTxFlight *f = &tx->fl[(tx->fl_head + tx->fl_count) %
                             IXG_TX_FLIGHT_MAX];
    uint64_t t;
    int got = ixg_ring_want(s, r, IXG_TDLEN(q), IXG_TDT(q), 1, 0, &t);

    if (got <= 0) {
        s->tx_parsed = 0;   /* the fetched descriptors went */
    }
    if (got == 0) {
        tx->desc_wait = 1;
        ixg_timer_set(s, IXG_TMR_TXDMA, t);
        return 0;
    }
    if (got < 0) {
        return -1;
    }
    if (s->tx_parsed != q + 1u) {
        if (!ixg_txd_parse(s, q, r->fetched, f)) {
            if (ixg_ring_fetch_more(s, r, IXG_TDLEN(q), IXG_TDT(q), 0,
                                    &t) == 0) {
                tx->desc_wait = 1;
                ixg_timer_set(s, IXG_TMR_TXDMA, t);
                return 0;
            }
            return -1;   /* its EOP is not written yet */
        }
        s->tx_parsed = q + 1u;
    }
    f->charge = ixg_txd_charge(s, f);
    if (f->charge > tx->fifo.cap) {
        f->bad = 1;  /* larger than the whole packet buffer */
        f->charge = 0;
    }
    if (f->charge > ixg_txwire_room(s)) {
        return 0;    /* resumed when the wire frees room */
    }
    issue(s, q, f);
    ixg_ring_prefetch(s, r, IXG_TDLEN(q), IXG_TDT(q),
                      ixg_reg(s, IXG_TXDCTL(q)), 0);
    return 1;
}

void ixg_tx_kick(IxgDev *s)
{
    IxgTxState *tx = &s->tx;

    for (uint32_t guard = 0; guard < 2u * IXG_TX_FLIGHT_MAX + 32u; guard++) {
        int q, rc;

        if (tx->desc_wait || tx->fl_count >= IXG_TX_FLIGHT_MAX) {
            return;
        }
        q = pick_queue(s);
        if (q < 0) {
            return;
        }
        rc = try_queue(s, (uint32_t)q);
        if (rc == 0) {
            return;
        }
        if (rc < 0) {
            tx->active &= ~(1u << q);
        }
    }
}

void ixg_tx_desc_timer(IxgDev *s)
{
    s->tx.desc_wait = 0;
    ixg_tx_kick(s);
}

/** Frame *f's data has arrived: assemble it, move TDH, mark its RS
 *  descriptors done. */
static void flight_done(IxgDev *s, IxgTxFlight *f)
{
    IxgTxQ *Q = &s->tx.q[f->q];
    uint32_t n = ixg_ring_ndesc(s, IXG_TDLEN(f->q));
    uint32_t head = ixg_reg(s, IXG_TDH(f->q)), legacy = f->legacy << 16;
    bool rs = false;

    s->tx.reserved -= f->charge;
    ixg_txd_emit(s, f);
    if (n == 0 || head >= n) {
        return;   /* the ring went away under it */
    }
    for (uint32_t i = 0; i < f->ndesc; i++) {
        if ((f->rs_mask >> i) & 1u) {
            if (Q->r.wb_count >= IXG_TX_DESC_CACHE) {
                ixg_tx_flush(s, f->q);
            }
            Q->rs[Q->r.wb_count++] = ((head + i) % n) | legacy;
            s->tx.wb_mask |= 1u << f->q;
            rs = true;
        }
    }
    ixg_reg_set(s, IXG_TDH(f->q), (head + f->ndesc) % n);
    if (rs) {
        ixg_queue_cause(s, f->q, 1);
        if (Q->r.wb_count >= tx_wthresh(s, f->q)) {
            ixg_tx_flush(s, f->q);
        }
    }
}

void ixg_tx_data_timer(IxgDev *s)
{
    IxgTxState *tx = &s->tx;

    while (tx->fl_count && tx->fl[tx->fl_head].ready_ns <= s->now_ns) {
        flight_done(s, &tx->fl[tx->fl_head]);
        tx->fl_head = (tx->fl_head + 1u) % IXG_TX_FLIGHT_MAX;
        tx->fl_count--;
    }
    if (tx->fl_count) {
        ixg_timer_set(s, IXG_TMR_TXDATA, tx->fl[tx->fl_head].ready_ns);
    }
    ixg_tx_kick(s);
}

/* ------------------------------------------------------------------ */
/* Registers, queues, reset                                            */

uint32_t ixg_tx_txdctl_read(const IxgDev *s, uint32_t q)
{
    return (ixg_reg(s, IXG_TXDCTL(q)) & ~IXG_TXDCTL_ENABLE) |
           (s->tx.q[q].r.enabled ? IXG_TXDCTL_ENABLE : 0u);
}

/** Queue @q starts (@on) or stops (writes back what is done, forgets
 *  its cache); a starting queue begins at TDH. */
static void tx_queue_enable(IxgDev *s, uint32_t q, bool on)
{
    IxgRing *r = &s->tx.q[q].r;

    if (r->enabled == (uint32_t)on) {
        return;
    }
    s->tx_parsed = 0;
    if (!on && r->wb_count) {
        ixg_tx_flush(s, q);
    }
    ixg_ring_drop_cache(r);
    r->next = ixg_reg(s, IXG_TDH(q));
    r->enabled = on;
    if (on) {
        s->tx.active |= 1u << q;
    }
}

void ixg_tx_queues_update(IxgDev *s)
{
    bool link = ixg_link_up(s);

    for (uint32_t q = 0; q < IXG_NUM_TX_QUEUES; q++) {
        tx_queue_enable(s, q, link &&
                        (ixg_reg(s, IXG_TXDCTL(q)) & IXG_TXDCTL_ENABLE));
    }
    ixg_tx_kick(s);
}

/** Trace the guest programming errors visible in a write of @val to
 *  ring register @reg of transmit queue @q. */
static void tx_trace_ring(IxgDev *s, uint32_t q, uint32_t reg, uint32_t off,
                          uint32_t val)
{
    uint32_t n = ixg_ring_ndesc(s, IXG_TDLEN(q));

    if (reg == 0x00u && (val & 0x7Fu)) {
        ixg_trace(s, IXG_TRACE_RING_BASE, off, val);
    } else if (reg == 0x08u && (val == 0 || (val & 0x7Fu))) {
        ixg_trace(s, IXG_TRACE_RING_LEN, off, val);
    } else if ((reg == 0x10u || reg == 0x18u) && n && val >= n) {
        ixg_trace(s, IXG_TRACE_RING_INDEX, off, val);
    }
}

void ixg_tx_reg_written(IxgDev *s, uint32_t off, uint32_t old)
{
    uint32_t q = (off - IXG_TXQ_BASE) >> 6, reg = off & 0x3Fu;
    uint32_t val = ixg_reg(s, off);
    IxgRing *r = &s->tx.q[q].r;

    if (s->port.trace) {
        tx_trace_ring(s, q, reg, off, val);
    }
    switch (reg) {
    case 0x10u: /* TDH: software's only while the queue is stopped */
        if (r->enabled) {
            ixg_reg_set(s, off, old);
            ixg_trace(s, IXG_TRACE_RO_WRITE, off, val);
        } else {
            r->next = val;
            s->tx_parsed = 0;
        }
        return;
    case 0x18u: /* TDT: the doorbell */
        s->tx.active |= 1u << q;
        ixg_ring_prefetch(s, r, IXG_TDLEN(q), IXG_TDT(q),
                          ixg_reg(s, IXG_TXDCTL(q)), 0);
        ixg_tx_kick(s);
        return;
    case 0x28u: /* TXDCTL */
        if (val & IXG_TXDCTL_SWFLSH) {
            ixg_reg_set(s, off, val & ~IXG_TXDCTL_SWFLSH);
            if (r->wb_count) {
                ixg_tx_flush(s, q);
            }
        }
        tx_queue_enable(s, q, ixg_link_up(s) && (val & IXG_TXDCTL_ENABLE));
        ixg_tx_kick(s);
        return;
    case 0x38u: /* TDWBAL, TDWBAH: used at the next write-back */
    case 0x3Cu:
        return;
    default:    /* TDBAL, TDBAH, TDLEN: the ring moved */
        if (val != old) {
            ixg_ring_drop_cache(r);
            s->tx_parsed = 0;
        }
        return;
    }
}

void ixg_tx_reset(IxgDev *s)
{
    IxgTxState *tx = &s->tx;

    ixg_timer_cancel(s, IXG_TMR_TXDMA);
    ixg_timer_cancel(s, IXG_TMR_TXDATA);
    ixg_timer_cancel(s, IXG_TMR_TXWIRE);
    memset(tx->q, 0, sizeof(tx->q));
    s->tx_parsed = 0;
    tx->rr = 0;
    tx->wb_mask = 0;
    tx->desc_wait = 0;
    tx->fl_head = 0;
    tx->fl_count = 0;
    tx->reserved = 0;
    tx->wire_busy = 0;
    tx->active = 0;
    memset(&tx->wire_end, 0, sizeof(tx->wire_end));
    memset(&tx->wire_free, 0, sizeof(tx->wire_free));
    nic_txfifo_init(&tx->fifo, IXG_TX_PB_BYTES, ixg_reg(s, IXG_TXPBSIZE(0)));
}

int ixg_tx_validate(const IxgDev *s)
{
    const IxgTxState *tx = &s->tx;
    uint32_t reserved = 0, wb = 0;

    if (tx->fl_count > IXG_TX_FLIGHT_MAX || tx->fl_head >= IXG_TX_FLIGHT_MAX ||
        tx->desc_wait > 1u || tx->wire_busy > 1u || tx->rr >= 32u ||
        tx->desc_wait != ixg_timer_armed(s, IXG_TMR_TXDMA) ||
        (tx->fl_count != 0) != ixg_timer_armed(s, IXG_TMR_TXDATA) ||
        tx->wire_busy != ixg_timer_armed(s, IXG_TMR_TXWIRE) ||
        (tx->wire_busy && !tx->fifo.count) || tx->wire_end.ps > 999u ||
        tx->wire_free.ps > 999u ||
        nic_txfifo_check(&tx->fifo, tx->data, IXG_TX_PB_BYTES,
                         IXG_MAX_FRAME + 64u) != 0) {
        return -1;
    }
    for (uint32_t i = 0; i < tx->fl_count; i++) {
        const IxgTxFlight *f = &tx->fl[(tx->fl_head + i) % IXG_TX_FLIGHT_MAX];
        uint32_t bytes = 0;
        if (f->q >= IXG_NUM_TX_QUEUES || f->nbuf > IXG_TX_FRAME_DESC ||
            f->ndesc > IXG_TX_FRAME_DESC || f->ctx > 1u || f->legacy > 1u ||
            f->bad > 1u || f->cx.valid > 1u) {
            return -1;
        }
        for (uint32_t b = 0; b < f->nbuf; b++) {
            bytes += f->buf[b].len;
        }
        if (bytes != f->bytes || bytes > IXG_TSO_MAX) {
            return -1;
        }
        reserved += f->charge;
    }
    for (uint32_t q = 0; q < IXG_NUM_TX_QUEUES; q++) {
        const IxgRing *r = &tx->q[q].r;
        if (r->enabled > 1u || r->fetched + r->inflight > IXG_TX_DESC_CACHE ||
            r->wb_count > IXG_TX_DESC_CACHE || r->next > 0xFFFFu) {
            return -1;
        }
        if (r->wb_count) {
            wb |= 1u << q;
        }
    }
    return reserved == tx->reserved && wb == tx->wb_mask &&
           tx->fifo.used + reserved <= tx->fifo.size ? 0 : -1;
}
