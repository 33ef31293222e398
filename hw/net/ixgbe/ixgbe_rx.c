/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Receive DMA engine of the 82598 model (datasheet 3.5.2.4-3.5.2.8) and
 * the receive queue registers.
 *
 * One engine moves the frames of the receive packet buffer to host
 * memory in arrival order (no DCB: one packet buffer, 3.5.2.5), whatever
 * their queue: a frame whose queue has no descriptor or is disabled
 * holds up the frames behind it (head-of-line; what SRRCTL.DROP_EN
 * avoids by dropping such frames on arrival, ixgbe_rxfilter.c).  A step
 * places the head frame (or as much of it as the fetched descriptors
 * take) in its queue's buffers: it waits for a descriptor fetch when
 * none is fetched (ixgbe_ring.c), then the data goes upstream as posted
 * writes and the step completes when the last byte has left; at that
 * instant the bytes are written to host memory, the descriptors are
 * used (RDH advances) and their write-back contents kept on chip.
 *
 * Write-back (3.5.2.7): used descriptors are written back in one burst
 * per contiguous run when RXDCTL.WTHRESH of them have accumulated (0
 * counts as 1), when the queue's interrupt is about to be sent (the
 * vector's flush, ixgbe_intr.c), on RXDCTL.SWFLSH, when the queue is
 * disabled, and when the cache is full.  The queue's interrupt cause is
 * raised when a frame's last descriptor is used.
 *
 * Descriptors (3.5.2.4): SRRCTL.DESCTYPE 000 legacy, else advanced with
 * the packet in one buffer (header split and replication are not
 * modelled: a split type places the frame in the packet buffer like
 * one-buffer, header length 0, SPH 0).  SRRCTL.BSIZEPACKET gives the
 * buffer size in KB (0: the queue cannot receive; its frames wait).
 * With RDRXCTL.MVMEN, queue q uses SRRCTL[q mod 16], else SRRCTL[0]
 * (3.5.2, Linux's ixgbe_configure_srrctl).
 */
#include "ixgbe_core.h"
#include "nic_bytes.h"
#include "nic_crc32.h"

uint32_t ixg_rx_srrctl_index(const IxgDev *s, uint32_t q)
{
    return (ixg_reg(s, IXG_RDRXCTL) & IXG_RDRXCTL_MVMEN) ? (q & 15u) : 0u;
}

void ixg_rx_derive_q(IxgDev *s, uint32_t q)
{
    IxgRxQCfg *c = &s->rxc[q];
    uint32_t srr = ixg_reg(s, IXG_SRRCTL(ixg_rx_srrctl_index(s, q)));
    uint32_t w = (ixg_reg(s, IXG_RXDCTL(q)) >> IXG_RXDCTL_WTHRESH_SHIFT) &
                 0x7Fu;

    c->base = (uint64_t)ixg_reg(s, IXG_RDBAH(q)) << 32 |
              ixg_reg(s, IXG_RDBAL(q));
    c->ndesc = ixg_ring_ndesc(s, IXG_RDLEN(q));
    c->bufsize = (srr & IXG_SRRCTL_BSIZEPKT_MASK) * 1024u;
    w = w ? w : 1u;
    c->wthresh = w < IXG_RX_DESC_CACHE ? w : IXG_RX_DESC_CACHE;
    c->legacy = (srr & IXG_SRRCTL_DESCTYPE_MASK) ==
                IXG_SRRCTL_DESCTYPE_LEGACY;
    c->drop_en = (srr & IXG_SRRCTL_DROP_EN) != 0;
}

void ixg_rx_derive(IxgDev *s)
{
    for (uint32_t q = 0; q < IXG_NUM_RX_QUEUES; q++) {
        ixg_rx_derive_q(s, q);
    }
}

/** Bytes of the head frame that go to host memory: the frame, and its
 *  FCS unless HLREG0.RXCRCSTRP strips it. */
static uint32_t head_total(const IxgDev *s)
{
    const NicPktSlot *sl = &s->rx.slot[s->rx.pb.head];
    return sl->len + ((ixg_reg(s, IXG_HLREG0) & IXG_HLREG0_RXCRCSTRP)
                      ? 0u : NIC_ETH_FCS);
}

/* ------------------------------------------------------------------ */
/* Write-back                                                          */

/** Write @cnt kept write-backs of queue @q from ring index @idx (no
 *  wrap): inside the DMA window one copy; through the port each
 *  descriptor's status dword goes last, so DD is never seen early. */
static void wb_write_run(IxgDev *s, uint32_t q, uint32_t idx, uint32_t from,
                         uint32_t cnt)
{
    IxgRxQ *Q = &s->rx.q[q];
    uint64_t addr = s->rxc[q].base + (uint64_t)idx * IXG_DESC_SIZE;
    uint8_t *w = ixg_dma_window(s, addr, cnt * IXG_DESC_SIZE);

    for (uint32_t i = 0; i < cnt; i++) {
        const uint8_t *d = Q->wb[(from + i) % IXG_RX_DESC_CACHE];
        uint64_t a = addr + (uint64_t)i * IXG_DESC_SIZE;
        if (w) {
            memcpy(w + i * IXG_DESC_SIZE, d, IXG_DESC_SIZE);
        } else if (ixg_dma_write_port(s, a, d, 8) != 0 ||
                   ixg_dma_write_port(s, a + 12, d + 12, 4) != 0 ||
                   ixg_dma_write_port(s, a + 8, d + 8, 4) != 0) {
            s->totals.rx_dma_errors++;
            return;
        }
    }
}

uint64_t ixg_rx_flush(IxgDev *s, uint32_t q)
{
    IxgRxQ *Q = &s->rx.q[q];
    uint32_t n = s->rxc[q].ndesc, left = Q->r.wb_count;
    uint32_t idx = Q->r.wb_first, from = 0;
    uint64_t t = s->now_ns;

    s->rx.wb_mask &= ~(1ull << q);
    Q->r.wb_count = 0;
    if (n == 0 || idx >= n) {
        return t;   /* the ring went away under them: nothing to write */
    }
    while (left) {
        uint32_t run = n - idx < left ? n - idx : left;
        wb_write_run(s, q, idx, from, run);
        t = nic_pcie_post(&s->link, &s->pcie, s->now_ns,
                          run * IXG_DESC_SIZE);
        s->totals.rx_wb_writes++;
        s->totals.rx_desc_written += run;
        from += run;
        left -= run;
        idx = 0;
    }
    return t;
}

/** Keep the write-back of descriptor @idx of queue @q: @len bytes placed
 *  at buffer @buf; @eop: the frame's last (status and errors then). */
static void wb_keep(IxgDev *s, uint32_t q, uint32_t idx, uint64_t buf,
                    uint32_t len, bool eop, const IxgRxMeta *m)
{
    IxgRxQ *Q = &s->rx.q[q];
    uint8_t *d;
    uint32_t st = IXG_RXD_STAT_DD | (eop ? IXG_RXD_STAT_EOP : 0u);

    if (Q->r.wb_count == 0) {
        Q->r.wb_first = idx;
        s->rx.wb_mask |= 1ull << q;
    }
    d = Q->wb[Q->r.wb_count % IXG_RX_DESC_CACHE];
    Q->r.wb_count++;
    if (eop) {
        st |= m->staterr;
    }
    if (s->rxc[q].legacy) {
        nic_st_le64(d, buf);
        nic_st_le16(d + IXG_LRXD_LENGTH, len);
        nic_st_le16(d + IXG_LRXD_CSUM, 0);
        d[IXG_LRXD_STATUS] = (uint8_t)st;
        d[IXG_LRXD_ERRORS] = (uint8_t)(st >> 24);
        nic_st_le16(d + IXG_LRXD_VLAN, eop ? m->vlan : 0u);
        return;
    }
    nic_st_le32(d, eop ? m->pkt_info : 0u);
    nic_st_le32(d + 4, (eop && (ixg_reg(s, IXG_RXCSUM) & IXG_RXCSUM_PCSD))
                       ? m->rss_hash : 0u);
    nic_st_le32(d + 8, st);
    nic_st_le32(d + 12, len | (uint32_t)(eop ? m->vlan : 0u) << 16);
}

/* ------------------------------------------------------------------ */
/* The engine                                                          */

/** The head frame's FCS when it goes to host memory although it was not
 *  computed on arrival (RXCRCSTRP cleared since): the CRC-32 of the frame
 *  as it came from the wire, the stripped VLAN tag (VET, then the tag of
 *  the write-back) put back, stored behind the frame. */
static void head_fcs(IxgDev *s, IxgRxMeta *m)
{
    IxgRxState *rx = &s->rx;
    uint32_t len = rx->slot[rx->pb.head].len, tag = 0;

    if (m->staterr & IXG_RXD_STAT_VP) {
        tag = NIC_ETH_VLAN_TAG;
    }
    nic_pktbuf_head_read(&rx->pb, rx->slot, rx->data, 0, len, s->seg + tag);
    if (tag) {
        memmove(s->seg, s->seg + tag, 12);
        nic_st_be16(s->seg + 12, ixg_reg(s, IXG_VLNCTRL) & IXG_VLNCTRL_VET);
        nic_st_be16(s->seg + 14, m->vlan);
    }
    nic_pktbuf_head_set_fcs(&rx->pb, rx->slot, rx->data,
                            nic_crc32_zt(s->seg, len + tag, 0));
    m->fcs_later = 0;
}

/** Place the step's bytes of the head frame (@total bytes to host
 *  memory) in @k buffers of queue @q (bytes written to host memory now),
 *  keep their write-backs. */
static void place(IxgDev *s, uint32_t q, uint32_t k, uint32_t total)
{
    IxgRxState *rx = &s->rx;
    IxgRxQ *Q = &rx->q[q];
    const IxgRxQCfg *c = &s->rxc[q];
    IxgRxMeta *m = &rx->meta[rx->pb.head];
    uint32_t n = c->ndesc, bufsize = c->bufsize;

    if (m->fcs_later && total > rx->slot[rx->pb.head].len) {
        head_fcs(s, m);
    }

    for (uint32_t i = 0; i < k && rx->head_done < total; i++) {
        uint32_t idx = Q->r.next;
        uint64_t da = c->base + (uint64_t)idx * IXG_DESC_SIZE, buf;
        uint32_t chunk = total - rx->head_done;
        uint8_t a[8];
        const uint8_t *run;

        chunk = chunk < bufsize ? chunk : bufsize;
        if (ixg_dma_read(s, da, a, 8) != 0) {
            s->totals.rx_dma_errors++;
            buf = 0;
        } else {
            buf = nic_ld_le64(a);
            run = nic_pktbuf_head_run(&rx->pb, rx->slot, rx->data,
                                      rx->head_done, chunk);
            if (run) {
                if (ixg_dma_write(s, buf, run, chunk) != 0) {
                    s->totals.rx_dma_errors++;
                }
            } else {
                nic_pktbuf_head_read(&rx->pb, rx->slot, rx->data,
                                     rx->head_done, chunk, s->seg);
                if (ixg_dma_write(s, buf, s->seg, chunk) != 0) {
                    s->totals.rx_dma_errors++;
                }
            }
        }
        rx->head_done += chunk;
        if (Q->r.wb_count >= IXG_RX_DESC_CACHE) {
            ixg_rx_flush(s, q);   /* the cache holds no more */
        }
        wb_keep(s, q, idx, buf, chunk, rx->head_done >= total, m);
        Q->r.next = idx + 1u < n ? idx + 1u : 0u;
        Q->r.fetched--;
    }
    ixg_reg_set(s, IXG_RDH(q), Q->r.next);
}

/** The head frame is wholly in host memory: it leaves the buffer. */
static void frame_done(IxgDev *s, uint32_t q)
{
    IxgRxState *rx = &s->rx;
    uint32_t bytes = rx->head_done;

    nic_pktbuf_pop(&rx->pb, rx->slot);
    rx->q[q].pb_frames--;
    rx->head_done = 0;
    s->qtot[q].rx_packets++;   /* QPRC, QBRC for queues 0-15 */
    s->qtot[q].rx_bytes += bytes;
    ixg_queue_cause(s, q, 0);
}

/** Start the next step if the head frame's queue can take it. */
static void rx_start(IxgDev *s)
{
    IxgRxState *rx = &s->rx;
    uint32_t q, bufsize, need, total, k;
    uint64_t t;
    int got;

    if (rx->step != IXG_RXS_IDLE || !rx->pb.count ||
        !(ixg_reg(s, IXG_RXCTRL) & IXG_RXCTRL_RXEN)) {
        return;
    }
    q = rx->meta[rx->pb.head].queue;
    bufsize = s->rxc[q].bufsize;
    if (!rx->q[q].r.enabled || bufsize == 0) {
        return;   /* the frame waits for its queue */
    }
    total = head_total(s);
    need = total - rx->head_done <= bufsize
           ? 1u : (total - rx->head_done + bufsize - 1u) / bufsize;
    got = ixg_ring_want(s, &rx->q[q].r, IXG_RDLEN(q), IXG_RDT(q), need, 1,
                        &t);
    if (got < 0) {
        if (!rx->meta[rx->pb.head].rnbc) {
            rx->meta[rx->pb.head].rnbc = 1;   /* counted on arrival too */
        }
        return;   /* no descriptor: waits for the tail */
    }
    rx->step_q = q;
    if (got == 0) {
        rx->step = IXG_RXS_DESC;
        ixg_timer_set(s, IXG_TMR_RXDMA, t);
        return;
    }
    k = (uint32_t)got;
    t = s->now_ns;
    for (uint32_t i = 0, left = total - rx->head_done; i < k && left; i++) {
        uint32_t c = left < bufsize ? left : bufsize;
        t = nic_pcie_post(&s->link, &s->pcie, s->now_ns, c);
        left -= c;
    }
    rx->step = IXG_RXS_DATA;
    rx->step_ndesc = k;
    ixg_timer_set(s, IXG_TMR_RXDMA, t);
}

/** The data of the step in flight has left: place it, keep the
 *  write-backs, write back at WTHRESH, prefetch, next step. */
static void rx_step_done(IxgDev *s)
{
    IxgRxState *rx = &s->rx;
    uint32_t q = rx->step_q, total;
    const IxgRxQCfg *c = &s->rxc[q];

    rx->step = IXG_RXS_IDLE;
    if (!rx->pb.count || c->bufsize == 0 || !rx->q[q].r.enabled ||
        rx->meta[rx->pb.head].queue != q || rx->q[q].r.next >= c->ndesc) {
        rx_start(s);   /* reconfigured under the step: begin again */
        return;
    }
    total = head_total(s);
    place(s, q, rx->step_ndesc < rx->q[q].r.fetched ? rx->step_ndesc
                                                    : rx->q[q].r.fetched,
          total);
    if (rx->head_done >= total) {
        frame_done(s, q);
    }
    if (rx->q[q].r.wb_count >= c->wthresh) {
        ixg_rx_flush(s, q);
    }
    ixg_ring_prefetch(s, &rx->q[q].r, IXG_RDLEN(q), IXG_RDT(q),
                      ixg_reg(s, IXG_RXDCTL(q)), 1);
    rx_start(s);
}

void ixg_rx_timer(IxgDev *s)
{
    if (s->rx.step == IXG_RXS_DATA) {
        rx_step_done(s);
        return;
    }
    s->rx.step = IXG_RXS_IDLE;   /* descriptors arrived (or a stray) */
    rx_start(s);
}

void ixg_rx_kick(IxgDev *s)
{
    if (s->rx.step == IXG_RXS_IDLE) {
        rx_start(s);
    }
}

/* ------------------------------------------------------------------ */
/* Registers, queues, reset                                            */

/** Trace the guest programming errors visible in a write of @val to
 *  the ring register @reg (offset in the queue block) of queue @q. */
static void trace_ring(IxgDev *s, uint32_t q, uint32_t reg, uint32_t off,
                       uint32_t val)
{
    uint32_t n = ixg_ring_ndesc(s, IXG_RDLEN(q));

    if (reg == 0x00u && (val & 0x7Fu)) {
        ixg_trace(s, IXG_TRACE_RING_BASE, off, val);
    } else if (reg == 0x08u && (val == 0 || (val & 0x7Fu))) {
        ixg_trace(s, IXG_TRACE_RING_LEN, off, val);
    } else if ((reg == 0x10u || reg == 0x18u) && n && val >= n) {
        ixg_trace(s, IXG_TRACE_RING_INDEX, off, val);
    }
}

uint32_t ixg_rx_rxdctl_read(const IxgDev *s, uint32_t q)
{
    return (ixg_reg(s, IXG_RXDCTL(q)) & ~IXG_RXDCTL_ENABLE) |
           (s->rx.q[q].r.enabled ? IXG_RXDCTL_ENABLE : 0u);
}

/** Queue @q starts (@on) or stops: a stopping queue writes back what it
 *  used and forgets its cache; a starting one begins at RDH. */
static void queue_enable(IxgDev *s, uint32_t q, bool on)
{
    IxgRing *r = &s->rx.q[q].r;

    if (r->enabled == (uint32_t)on) {
        return;
    }
    if (!on && r->wb_count) {
        ixg_rx_flush(s, q);
    }
    ixg_ring_drop_cache(r);
    r->next = ixg_reg(s, IXG_RDH(q));
    r->enabled = on;
}

void ixg_rx_queues_update(IxgDev *s)
{
    bool link = ixg_link_up(s);

    for (uint32_t q = 0; q < IXG_NUM_RX_QUEUES; q++) {
        queue_enable(s, q, link &&
                     (ixg_reg(s, IXG_RXDCTL(q)) & IXG_RXDCTL_ENABLE));
    }
    ixg_rx_kick(s);
}

/** A write to the queue block register @reg of queue @q (stored). */
static void queue_reg_written(IxgDev *s, uint32_t q, uint32_t reg,
                              uint32_t off, uint32_t old)
{
    IxgRing *r = &s->rx.q[q].r;
    uint32_t val = ixg_reg(s, off);

    if (s->port.trace) {
        trace_ring(s, q, reg, off, val);
    }
    if (reg != 0x10u && reg != 0x18u) {
        ixg_rx_derive_q(s, q);   /* base, length, thresholds */
    }
    switch (reg) {
    case 0x10u: /* RDH: software's only while the queue is stopped */
        if (r->enabled) {
            ixg_reg_set(s, off, old);
            ixg_trace(s, IXG_TRACE_RO_WRITE, off, val);
        } else {
            r->next = val;
        }
        return;
    case 0x18u: /* RDT: the doorbell */
        ixg_ring_prefetch(s, r, IXG_RDLEN(q), IXG_RDT(q),
                          ixg_reg(s, IXG_RXDCTL(q)), 1);
        ixg_rx_kick(s);
        return;
    case 0x28u: /* RXDCTL */
        if (val & IXG_RXDCTL_SWFLSH) {
            ixg_reg_set(s, off, val & ~IXG_RXDCTL_SWFLSH);
            if (r->wb_count) {
                ixg_rx_flush(s, q);
            }
        }
        queue_enable(s, q, ixg_link_up(s) && (val & IXG_RXDCTL_ENABLE));
        ixg_rx_kick(s);
        return;
    default: /* RDBAL, RDBAH, RDLEN: the ring moved, the cache is stale */
        if (val != old) {
            ixg_ring_drop_cache(r);
        }
        return;
    }
}

void ixg_rx_reg_written(IxgDev *s, uint32_t off, uint32_t old)
{
    if (off >= IXG_RXQ_BASE && off < IXG_RXQ_END) {
        queue_reg_written(s, (off - IXG_RXQ_BASE) >> 6, off & 0x3Fu, off,
                          old);
        return;
    }
    if ((off >= IXG_SRRCTL(0) && off <= IXG_SRRCTL(15)) ||
        off == IXG_RDRXCTL) {
        ixg_rx_derive(s);        /* the queues using it */
    }
    if (off >= IXG_SRRCTL(0) && off <= IXG_SRRCTL(15) &&
        !(ixg_reg(s, off) & IXG_SRRCTL_BSIZEPKT_MASK)) {
        /* no packet buffer size: its queues' frames will wait */
        ixg_trace(s, IXG_TRACE_RX_QUEUE_CFG, (off - IXG_SRRCTL(0)) >> 2,
                  ixg_reg(s, off));
    }
    if (off == IXG_RXCTRL && !(old & IXG_RXCTRL_RXEN) &&
        (ixg_reg(s, off) & IXG_RXCTRL_RXEN) && s->rx.pb.count == 0) {
        /* the receive buffer size applies from the next enable */
        nic_pktbuf_init(&s->rx.pb, IXG_RX_PB_BYTES, IXG_RX_PB_SLOTS,
                        ixg_reg(s, IXG_RXPBSIZE(0)));
    }
    ixg_rx_kick(s);   /* RXCTRL, SRRCTL, RDRXCTL: a queue may go on */
}

void ixg_rx_reset(IxgDev *s)
{
    IxgRxState *rx = &s->rx;

    ixg_timer_cancel(s, IXG_TMR_RXDMA);
    memset(rx->q, 0, sizeof(rx->q));
    rx->head_done = 0;
    rx->step = IXG_RXS_IDLE;
    rx->step_q = 0;
    rx->step_ndesc = 0;
    rx->wb_mask = 0;
    nic_pktbuf_init(&rx->pb, IXG_RX_PB_BYTES, IXG_RX_PB_SLOTS,
                    ixg_reg(s, IXG_RXPBSIZE(0)));
}

int ixg_rx_validate(const IxgDev *s)
{
    const IxgRxState *rx = &s->rx;
    uint32_t frames[IXG_NUM_RX_QUEUES] = { 0 };
    uint64_t wb = 0;

    if (nic_pktbuf_check(&rx->pb, rx->slot, IXG_RX_PB_BYTES,
                         IXG_RX_PB_SLOTS, IXG_MAX_FRAME) != 0 ||
        rx->step > IXG_RXS_DATA || rx->step_q >= IXG_NUM_RX_QUEUES ||
        rx->step_ndesc > IXG_RX_DESC_CACHE ||
        (rx->step != IXG_RXS_IDLE) != ixg_timer_armed(s, IXG_TMR_RXDMA) ||
        rx->head_done > IXG_MAX_FRAME + NIC_ETH_FCS ||
        (rx->pb.count == 0 && rx->head_done)) {
        return -1;
    }
    for (uint32_t i = 0; i < rx->pb.count; i++) {
        const IxgRxMeta *m = &rx->meta[(rx->pb.head + i) %
                                       IXG_RX_PB_SLOTS];
        if (m->queue >= IXG_NUM_RX_QUEUES || m->rnbc > 1u ||
            m->fcs_later > 1u) {
            return -1;
        }
        frames[m->queue]++;
    }
    for (uint32_t q = 0; q < IXG_NUM_RX_QUEUES; q++) {
        const IxgRing *r = &rx->q[q].r;
        if (rx->q[q].pb_frames != frames[q] || r->enabled > 1u ||
            r->fetched + r->inflight > IXG_RX_DESC_CACHE ||
            r->wb_count > IXG_RX_DESC_CACHE || r->next > 0xFFFFu ||
            r->wb_first > 0xFFFFu) {
            return -1;
        }
        if (r->wb_count) {
            wb |= 1ull << q;
        }
    }
    return wb == rx->wb_mask ? 0 : -1;
}
