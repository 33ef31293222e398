/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit descriptors of the 82598 model (datasheet 3.5.3.2-3.5.3.5):
 * legacy descriptors, advanced context and data descriptors, checksum
 * insertion and TCP/UDP segmentation.
 *
 * A frame is the run of descriptors up to and including one with EOP.
 * Legacy (DEXT clear): buffer address, length, and with CMD.IC the
 * checksum from CSS to the end inserted at CSO (those of the EOP
 * descriptor); VLE inserts the descriptor's VLAN field.  Advanced:
 * context descriptors (DTYP 0010b) load one of two contexts (IDX):
 * MACLEN, IPLEN, VLAN tag (inserted by a data descriptor's DCMD.VLE),
 * TUCMD (IPv4, L4 type), L4LEN and MSS; data
 * descriptors (DTYP 0011b) carry DTALEN, DCMD (EOP, IFCS, RS, VLE, TSE)
 * and, in the first of a frame, POPTS (IXSM, TXSM), the context index
 * and PAYLEN.  IXSM inserts the IPv4 header checksum (MACLEN + 10, over
 * IPLEN bytes), TXSM the TCP or UDP checksum (from MACLEN + IPLEN to the
 * end, at +16 or +6), the driver having seeded it with the pseudo-header
 * sum.  TSE cuts the payload after MACLEN + IPLEN + L4LEN header bytes
 * into MSS-byte segments (common/nic_tso.c rewrites each header).
 * A frame uses its context as the descriptors before it left it: the
 * context is copied into the frame when its EOP is parsed, so the
 * context descriptor of a later frame, parsed while this frame's data
 * is still being read (ixgbe_tx.c pipelines the reads), does not change
 * how this frame is segmented or checksummed.
 *
 * A chain is dropped (tx_frames_dropped and tx_bad_desc, traced) when
 * it mixes legacy and advanced descriptors, has a context inside it,
 * an unknown DTYP, more than 40 descriptors, more bytes than the model
 * assembles (16 KB a frame, 64 KB + 256 a TSO chain), a TSO context
 * that cannot work, or a descriptor that cannot be read; it is consumed
 * up to its EOP and its RS descriptors still get DD.  With HLREG0.TXPADEN
 * frames shorter than 60 bytes are padded.
 */
#include "ixgbe_core.h"
#include "nic_bytes.h"
#include "nic_csum.h"
#include "nic_tso.h"

/** The context a frame's data descriptors name, as it was when they
 *  were parsed (IxgTxFlight.cx). */
static const IxgTxCtx *frame_ctx(const IxgTxFlight *f)
{
    return &f->cx;
}

/** MACLEN, IPLEN, L4LEN and MSS of context @c. */
static void ctx_lens(const IxgTxCtx *c, uint32_t *mac, uint32_t *ip,
                     uint32_t *l4, uint32_t *mss)
{
    *ip = c->vlan_macip_lens & IXG_ACTX_IPLEN_MASK;
    *mac = (c->vlan_macip_lens >> IXG_ACTX_MACLEN_SHIFT) & 0x7Fu;
    *l4 = (c->mss_l4len >> IXG_ACTX_L4LEN_SHIFT) & 0xFFu;
    *mss = c->mss_l4len >> IXG_ACTX_MSS_SHIFT;
}

/** True if frame @f is a TSO chain (advanced, DCMD.TSE). */
static bool is_tso(const IxgTxFlight *f)
{
    return !f->legacy && (f->cmd & IXG_TXD_CMD_TSE);
}

/** Load context slot (mss_l4len_idx IDX) from descriptor @d. */
static void load_ctx(IxgDev *s, uint32_t q, const uint8_t *d)
{
    IxgTxCtx *c = &s->tx.q[q].ctx[(nic_ld_le32(d + 12) >>
                                   IXG_ATXD_IDX_SHIFT) & 1u];
    c->vlan_macip_lens = nic_ld_le32(d);
    c->type_tucmd = nic_ld_le32(d + 8);
    c->mss_l4len = nic_ld_le32(d + 12);
    c->valid = 1;
}

/** A data descriptor @d (legacy or advanced) joins frame @f as its
 *  descriptor @i. */
static void add_data(IxgTxFlight *f, const uint8_t *d, uint32_t i,
                     bool legacy)
{
    uint32_t cmd = d[11], len;
    uint64_t addr = nic_ld_le64(d);

    if (legacy) {
        len = nic_ld_le16(d + IXG_LTXD_LENGTH);
        /* checksum, VLAN of the EOP descriptor (as the e1000) */
        f->popts = d[IXG_LTXD_CSO] | (uint32_t)d[IXG_LTXD_CSS] << 8;
        f->vlan = nic_ld_le16(d + IXG_LTXD_VLAN);
        f->cmd = cmd;
    } else {
        len = nic_ld_le32(d + 8) & IXG_ATXD_DTALEN_MASK;
        if (f->nbuf == 0 && f->bytes == 0) {
            uint32_t ol = nic_ld_le32(d + 12);
            f->cmd = cmd;
            f->popts = ol & (IXG_ATXD_POPTS_IXSM | IXG_ATXD_POPTS_TXSM);
            f->ctx = (ol >> IXG_ATXD_IDX_SHIFT) & 1u;
            f->paylen = ol >> IXG_ATXD_PAYLEN_SHIFT;
        }
    }
    if (cmd & IXG_TXD_CMD_RS) {
        f->rs_mask |= 1ull << i;
    }
    if (len && addr && f->nbuf < IXG_TX_FRAME_DESC) {
        f->buf[f->nbuf].addr = addr;
        f->buf[f->nbuf].len = len;
        f->buf[f->nbuf].pad = 0;
        f->nbuf++;
        f->bytes += len;
    }
}

/** Classify descriptor @d for frame @f (already @started); returns 1 if
 *  it ends the frame (EOP), else 0; sets f->bad for a malformed one. */
static int take_desc(IxgDev *s, uint32_t q, IxgTxFlight *f, const uint8_t *d,
                     uint32_t i, bool *started)
{
    bool dext = d[11] & IXG_TXD_CMD_DEXT;
    uint32_t dtyp = (nic_ld_le32(d + 8) >> IXG_ATXD_DTYP_SHIFT) & 0xFu;

    if (dext && dtyp == IXG_ATXD_DTYP_CTXT) {
        if (*started) {
            f->bad = 1;     /* a context inside a chain */
        }
        load_ctx(s, q, d);
        return 0;
    }
    if (dext && dtyp != IXG_ATXD_DTYP_DATA) {
        f->bad = 1;         /* unknown descriptor type */
    }
    if (!*started) {
        *started = true;
        f->legacy = !dext;
    } else if (f->legacy != (uint32_t)!dext) {
        f->bad = 1;         /* legacy mixed with advanced */
    }
    add_data(f, d, i, !dext);
    return (d[11] & IXG_TXD_CMD_EOP) != 0;
}

/** True if the frame's bytes exceed what the model assembles. */
static bool too_big(const IxgTxFlight *f)
{
    return f->bytes > (is_tso(f) ? IXG_TSO_MAX : IXG_MAX_FRAME);
}

int ixg_txd_parse(IxgDev *s, uint32_t q, uint32_t avail, IxgTxFlight *f)
{
    IxgRing *r = &s->tx.q[q].r;
    uint32_t n = ixg_ring_ndesc(s, IXG_TDLEN(q));
    bool started = false;
    uint8_t d[IXG_DESC_SIZE];

    memset(f, 0, offsetof(IxgTxFlight, buf));
    f->q = q;
    for (uint32_t i = 0; i < avail; i++) {
        uint32_t idx = (r->next + i) % n;
        if (i >= IXG_TX_FRAME_DESC ||
            ixg_dma_read(s, ixg_ring_desc_addr(s, IXG_TDBAL(q), idx), d,
                         IXG_DESC_SIZE) != 0) {
            /* a chain too long, or unreadable: dropped here, this
             * descriptor consumed (as the e1000 model does) */
            f->bad = 1;
            f->ndesc = i + 1u;
            return 1;
        }
        if (take_desc(s, q, f, d, i, &started)) {
            f->ndesc = i + 1u;
            f->bad |= too_big(f);
            f->cx = s->tx.q[q].ctx[f->ctx & 1u];
            if (!f->legacy) {
                /* VLE's tag: the context's VLAN field (3.5.3.3) */
                f->vlan = f->cx.vlan_macip_lens >> IXG_ACTX_VLAN_SHIFT;
            }
            return 1;
        }
    }
    if (!started && avail) {
        f->ndesc = avail;   /* contexts alone: consumed, nothing sent */
        return 1;
    }
    if (avail >= IXG_TX_FRAME_DESC) {
        /* the descriptor cache is full and holds no EOP: a chain longer
         * than a frame may be, dropped with what was fetched */
        f->bad = 1;
        f->ndesc = avail;
        return 1;
    }
    return 0;
}

/** Packet-buffer bytes of one frame of @len bytes as it will be sent
 *  (VLAN tag, padding). */
static uint32_t frame_charge(const IxgDev *s, const IxgTxFlight *f,
                             uint32_t len)
{
    if (f->cmd & IXG_TXD_CMD_VLE) {
        len += NIC_ETH_VLAN_TAG;
    }
    if ((ixg_reg(s, IXG_HLREG0) & IXG_HLREG0_TXPADEN) &&
        len < NIC_ETH_MIN_NOFCS) {
        len = NIC_ETH_MIN_NOFCS;
    }
    return nic_txfifo_charge(len);
}

/** TSO geometry of @f: header bytes and MSS; false when the context
 *  cannot segment this chain (then it is dropped). */
static bool tso_geometry(const IxgDev *s, const IxgTxFlight *f,
                         uint32_t *hdr, uint32_t *mss)
{
    const IxgTxCtx *c = frame_ctx(f);
    uint32_t mac, ip, l4;
    bool ipv4 = c->type_tucmd & IXG_ACTX_TUCMD_IPV4;
    bool tcp = (c->type_tucmd & IXG_ACTX_TUCMD_L4T_MASK) ==
               IXG_ACTX_TUCMD_L4T_TCP;

    ctx_lens(c, &mac, &ip, &l4, mss);
    *hdr = mac + ip + l4;
    return c->valid && *mss != 0 && mac >= 14u && ip >= (ipv4 ? 20u : 40u) &&
           l4 >= (tcp ? 20u : 8u) && *hdr < f->bytes &&
           *hdr + *mss <= IXG_MAX_FRAME;
}

uint32_t ixg_txd_charge(const IxgDev *s, const IxgTxFlight *f)
{
    uint32_t hdr, mss, pay, nseg, last;

    if (f->bad || f->nbuf == 0) {
        return 0;
    }
    if (!is_tso(f)) {
        return frame_charge(s, f, f->bytes);
    }
    if (!tso_geometry(s, f, &hdr, &mss)) {
        return 0;
    }
    pay = f->bytes - hdr;
    nseg = (pay + mss - 1u) / mss;
    last = pay - (nseg - 1u) * mss;
    return (nseg - 1u) * frame_charge(s, f, hdr + mss) +
           frame_charge(s, f, hdr + last);
}

/* ------------------------------------------------------------------ */
/* Assembly                                                             */

/** Hand one frame of @len bytes at @p (room for a 4-byte tag and
 *  padding behind it) to the packet buffer: VLAN tag (VLE, the VET
 *  EtherType), padding (TXPADEN), FCS flag (IFCS); counted on queue
 *  @q. */
static void emit_one(IxgDev *s, const IxgTxFlight *f, uint8_t *p,
                     uint32_t len)
{
    if ((f->cmd & IXG_TXD_CMD_VLE) && len >= 12u) {
        uint32_t vet = ixg_reg(s, IXG_VLNCTRL) & IXG_VLNCTRL_VET;
        memmove(p + 16, p + 12, len - 12u);
        nic_st_be16(p + 12, vet);
        nic_st_be16(p + 14, f->vlan);
        len += NIC_ETH_VLAN_TAG;
    }
    if ((ixg_reg(s, IXG_HLREG0) & IXG_HLREG0_TXPADEN) &&
        len < NIC_ETH_MIN_NOFCS) {
        memset(p + len, 0, NIC_ETH_MIN_NOFCS - len);
        len = NIC_ETH_MIN_NOFCS;
    }
    if (ixg_txwire_push(s, p, len, (f->cmd & IXG_TXD_CMD_IFCS) != 0) == 0) {
        s->qtot[f->q].tx_packets++;   /* QPTC, QBTC for queues 0-15 */
        s->qtot[f->q].tx_bytes += len;
    }
}

/** Checksum insertion of a frame that is not segmented. */
static void offload(IxgDev *s, const IxgTxFlight *f, uint8_t *p,
                    uint32_t len)
{
    const IxgTxCtx *c;
    uint32_t mac, ip, l4, mss, css;

    if (f->legacy) {
        if (f->cmd & IXG_TXD_CMD_IC) {
            nic_put_csum(p, len, f->popts >> 8, f->popts & 0xFFu, 0, 0, 0);
        }
        return;
    }
    c = frame_ctx(f);
    ctx_lens(c, &mac, &ip, &l4, &mss);
    if ((f->popts & IXG_ATXD_POPTS_IXSM) && ip) {
        nic_put_csum(p, len, mac, mac + 10u, mac + ip - 1u, 0, 0);
    }
    if (f->popts & IXG_ATXD_POPTS_TXSM) {
        bool tcp = (c->type_tucmd & IXG_ACTX_TUCMD_L4T_MASK) ==
                   IXG_ACTX_TUCMD_L4T_TCP;
        css = mac + ip;
        nic_put_csum(p, len, css, css + (tcp ? 16u : 6u), 0, 0, !tcp);
    }
}

/** A TSO chain's buffers read in place from host memory (the port's DMA
 *  window): buffer @b's bytes at p[b], the next unread byte at @off of
 *  buffer @b. */
typedef struct TxGather {
    const uint8_t *p[IXG_TX_FRAME_DESC];
    uint32_t b, off;
} TxGather;

/** True (and *g set at the chain's first byte) if every buffer of @f
 *  lies inside the DMA window; else the chain is read through copies. */
static bool gather_start(const IxgDev *s, const IxgTxFlight *f, TxGather *g)
{
    for (uint32_t i = 0; i < f->nbuf; i++) {
        g->p[i] = ixg_dma_window(s, f->buf[i].addr, f->buf[i].len);
        if (!g->p[i]) {
            return false;
        }
    }
    g->b = 0;
    g->off = 0;
    return true;
}

/** Copy the chain's next @n bytes (all there: n <= what is left) to
 *  @dst. */
static void gather_copy(TxGather *g, const IxgTxFlight *f, uint8_t *dst,
                        uint32_t n)
{
    while (n) {
        uint32_t k = f->buf[g->b].len - g->off;
        k = k < n ? k : n;
        memcpy(dst, g->p[g->b] + g->off, k);
        dst += k;
        n -= k;
        g->off += k;
        if (g->off == f->buf[g->b].len) {
            g->b++;
            g->off = 0;
        }
    }
}

/** Where to build a frame of @len bytes for the packet buffer: in place
 *  at the buffer's tail when it fits there without wrapping, room left
 *  for emit_one's tag or padding (the push then copies nothing), else
 *  the scratch s->seg. */
static uint8_t *segment_dst(IxgDev *s, uint32_t len)
{
    uint32_t big = len + NIC_ETH_VLAN_TAG > NIC_ETH_MIN_NOFCS
                   ? len + NIC_ETH_VLAN_TAG : NIC_ETH_MIN_NOFCS;
    uint8_t *p = nic_txfifo_tail(&s->tx.fifo, s->tx.data, big);
    return p ? p : s->seg;
}

/** Cut a TSO chain into segments: its header in s->frame, its payload
 *  from @g (read in place) or, with @g NULL, after the header in
 *  s->frame. */
static void segment(IxgDev *s, const IxgTxFlight *f, TxGather *g)
{
    const IxgTxCtx *c = frame_ctx(f);
    uint32_t mac, ip, l4, mss, hdr, sent = 0, pay;
    bool tcp = (c->type_tucmd & IXG_ACTX_TUCMD_L4T_MASK) ==
               IXG_ACTX_TUCMD_L4T_TCP;
    NicTsoHdr h;

    ctx_lens(c, &mac, &ip, &l4, &mss);
    hdr = mac + ip + l4;
    pay = f->bytes - hdr;
    h.ipcss = mac;
    h.ipcso = mac + 10u;
    h.ipcse = mac + ip - 1u;
    h.tucss = mac + ip;
    h.tucso = h.tucss + (tcp ? 16u : 6u);
    h.ipv4 = (c->type_tucmd & IXG_ACTX_TUCMD_IPV4) != 0;
    h.tcp = tcp;
    h.ixsm = (f->popts & IXG_ATXD_POPTS_IXSM) && h.ipv4;
    h.txsm = (f->popts & IXG_ATXD_POPTS_TXSM) != 0;
    for (uint32_t i = 0; sent < pay; i++) {
        uint32_t n = pay - sent < mss ? pay - sent : mss;
        uint8_t *dst = segment_dst(s, hdr + n);
        memcpy(dst, s->frame, hdr);
        if (g) {
            gather_copy(g, f, dst + hdr, n);
        } else {
            memcpy(dst + hdr, s->frame + hdr + sent, n);
        }
        nic_tso_segment(dst, hdr + n, s->frame, &h, i, sent,
                        sent + n >= pay);
        emit_one(s, f, dst, hdr + n);
        sent += n;
    }
}

/** Trace and count a chain dropped as malformed. */
static void drop_bad(IxgDev *s, const IxgTxFlight *f)
{
    s->totals.tx_frames_dropped++;
    s->totals.tx_bad_desc++;
    ixg_trace(s, IXG_TRACE_TX_BAD_DESC, f->q,
              ixg_reg(s, IXG_TDH(f->q)));
}

void ixg_txd_emit(IxgDev *s, const IxgTxFlight *f)
{
    uint32_t off = 0, hdr, mss;
    TxGather g;

    if (f->bad || (is_tso(f) && !tso_geometry(s, f, &hdr, &mss))) {
        drop_bad(s, f);
        return;
    }
    if (f->nbuf == 0) {
        return;   /* contexts, or empty buffers: nothing to send */
    }
    if (is_tso(f) && gather_start(s, f, &g)) {
        /* the same bytes, read at the same instant, one copy fewer */
        gather_copy(&g, f, s->frame, hdr);
        segment(s, f, &g);
        return;
    }
    for (uint32_t i = 0; i < f->nbuf; i++) {
        if (ixg_dma_read(s, f->buf[i].addr, s->frame + off,
                         f->buf[i].len) != 0) {
            s->totals.tx_dma_errors++;
            s->totals.tx_frames_dropped++;
            return;
        }
        off += f->buf[i].len;
    }
    if (is_tso(f)) {
        segment(s, f, NULL);
        return;
    }
    offload(s, f, s->frame, f->bytes);
    emit_one(s, f, s->frame, f->bytes);
}
