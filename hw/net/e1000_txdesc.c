/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit frame assembly of the e1klab device model: classification of
 * legacy (SDM 3.3.3), context (SDM 3.3.6) and data (SDM 3.3.7)
 * descriptors, chain validation, checksum insertion (legacy CSO/CSS with
 * CMD.IC; POPTS.IXSM/TXSM with the context), 802.1Q tag insertion
 * (CMD.VLE with CTRL.VME, SDM 3.3.3, 13.4.1) and short-frame padding
 * (TCTL.PSP, SDM 13.4.33).
 *
 * A chain is dropped (tx_frames_dropped, and tx_bad_desc when malformed)
 * when it mixes legacy and extended descriptors, has a context
 * descriptor inside it, an unknown DTYP, more descriptors than the ring,
 * more bytes than E1K_TX_FRAME_MAX, an unusable TSO context, or a DMA
 * fault; the rest of the chain up to its EOP is then consumed without
 * data fetches (DD is still written for RS descriptors).
 */
#include <string.h>

#include "e1000_bytes.h"
#include "e1000_core.h"

/** Descriptor classes. */
enum { TXD_LEGACY, TXD_CTX, TXD_DATA, TXD_BAD };

/** Class of the descriptor in tx->desc (DEXT, DTYP). */
static int txd_class(const uint8_t *d)
{
    uint32_t dtyp;

    if (!(d[E1K_TXD_CMD] & E1K_TXD_CMD_DEXT)) {
        return TXD_LEGACY;
    }
    dtyp = (e1k_ld_le32(d + 8) & E1K_TXD_DTYP_MASK) >> E1K_TXD_DTYP_SHIFT;
    if (dtyp == E1K_TXD_DTYP_CTX) {
        return TXD_CTX;
    }
    return dtyp == E1K_TXD_DTYP_DATA ? TXD_DATA : TXD_BAD;
}

/* 1 if descriptor @d of class @c ends a frame: EOP set and not a
 * context (bit 0 of a context's TUCMD is TCP, not EOP). */
static uint32_t txd_eop(const uint8_t *d, int c)
{
    return c != TXD_CTX && (d[E1K_TXD_CMD] & E1K_TXD_CMD_EOP);
}

/** Buffer bytes of a legacy/data descriptor; 0 for a null address and
 *  for the other classes (kept in tx->desc_len by e1k_txd_begin). */
static uint32_t txd_buf_len(const uint8_t *d)
{
    uint32_t len;

    if (!(d[E1K_TXD_CMD] & E1K_TXD_CMD_DEXT)) {
        len = e1k_ld_le16(d + E1K_TXD_LENGTH);          /* legacy */
    } else {
        uint32_t dw2 = e1k_ld_le32(d + 8);
        if ((dw2 & E1K_TXD_DTYP_MASK) !=
            (E1K_TXD_DTYP_DATA << E1K_TXD_DTYP_SHIFT)) {
            return 0;                                   /* context, bad */
        }
        len = dw2 & E1K_TXD_LEN_MASK;                   /* data */
    }
    return e1k_ld_le64(d) == 0 ? 0 : len;
}

/** Forget the frame in progress (not the context). */
static void txd_reset_frame(E1kTxState *tx)
{
    tx->in_frame = tx->ext = tx->chain_desc = tx->frame_len = 0;
    tx->popts = tx->first_cmd = tx->first_special = 0;
    tx->tso = tx->tso_done = tx->hdr_have = 0;
    tx->seg_pay = tx->pay_sent = tx->seg_count = 0;
}

void e1k_txd_drop(E1kDev *s, int bad_desc, int until_eop)
{
    E1kTxState *tx = &s->tx;

    if (tx->tso) {
        e1k_stat_add(s, E1K_TSCTFC, 1);
    }
    s->totals.tx_frames_dropped++;
    if (bad_desc) {
        s->totals.tx_bad_desc++;
        e1k_trace(s, E1K_TRACE_TX_BAD_DESC, e1k_reg(s, E1K_TDH),
                  s->totals.tx_frames_dropped);
    }
    txd_reset_frame(tx);
    tx->discard = until_eop ? 1u : 0u;
    /* No more data of the current descriptor is fetched. */
    tx->desc_done = tx->desc_len;
}

/** Load the offload context from a context descriptor (SDM 3.3.6). */
static void txd_load_ctx(E1kTxState *tx)
{
    const uint8_t *d = tx->desc;

    tx->ctx.ipcss = d[0];
    tx->ctx.ipcso = d[1];
    tx->ctx.ipcse = e1k_ld_le16(d + 2);
    tx->ctx.tucss = d[4];
    tx->ctx.tucso = d[5];
    tx->ctx.tucse = e1k_ld_le16(d + 6);
    tx->ctx.paylen = e1k_ld_le32(d + 8) & E1K_TXD_LEN_MASK;
    tx->ctx.tucmd = d[11];
    tx->ctx.hdrlen = d[13];
    tx->ctx.mss = e1k_ld_le16(d + 14);
}

void e1k_txd_begin(E1kDev *s)
{
    E1kTxState *tx = &s->tx;
    const uint8_t *d = tx->desc;
    int c = txd_class(d);
    uint32_t ring = (e1k_reg(s, E1K_TDLEN) & E1K_xDLEN_MASK) / 16u;
    uint32_t ext = c != TXD_LEGACY;

    tx->desc_done = 0;
    tx->chunk = 0;
    tx->desc_wb = (d[E1K_TXD_CMD] & E1K_TXD_CMD_RS) != 0;
    /* Decoded once: read at every later step of the descriptor. */
    tx->desc_len = txd_buf_len(d);
    tx->desc_eop = txd_eop(d, c);

    if (c == TXD_CTX) {
        /* A context inside a chain ends it as malformed; the context is
         * loaded in any case (descriptors are processed in order). */
        if (tx->in_frame && !tx->discard) {
            e1k_txd_drop(s, 1, 1);
        }
        txd_load_ctx(tx);
        return;
    }
    if (tx->discard) {
        return; /* consumed without data; EOP handled in e1k_txd_end */
    }
    if (c == TXD_BAD) {
        e1k_txd_drop(s, 1, 1);
        return;
    }
    if (tx->in_frame && tx->ext != ext) {
        e1k_txd_drop(s, 1, 1); /* legacy mixed with extended */
        return;
    }
    if (!tx->in_frame) {
        txd_reset_frame(tx);
        tx->in_frame = 1;
        tx->ext = ext;
        if (c == TXD_DATA) {
            tx->popts = d[13];
            tx->first_cmd = d[E1K_TXD_CMD];
            tx->first_special = e1k_ld_le16(d + E1K_TXD_SPECIAL);
            tx->tso = (d[E1K_TXD_CMD] & E1K_TXD_CMD_TSE) != 0;
            if (tx->tso && e1k_tso_check(tx) != 0) {
                e1k_txd_drop(s, 1, 1);
                return;
            }
        }
    }
    if (++tx->chain_desc > ring) {
        e1k_txd_drop(s, 1, 1); /* chain longer than the ring */
        return;
    }
    if (!tx->tso && tx->frame_len + tx->desc_len > E1K_TX_FRAME_MAX) {
        e1k_txd_drop(s, 1, 1); /* frame larger than the model's buffer */
        return;
    }
}

int e1k_txd_validate(const E1kTxState *tx)
{
    if (tx->desc_len != txd_buf_len(tx->desc) ||
        tx->desc_eop != txd_eop(tx->desc, txd_class(tx->desc)) ||
        tx->desc_done > tx->desc_len) {
        return -1;
    }
    /* e1k_txd_begin's bound holds while the descriptor's data arrives:
     * frame_len grows as desc_done does */
    if (tx->in_frame && !tx->discard && !tx->tso &&
        tx->frame_len + (tx->desc_len - tx->desc_done) > E1K_TX_FRAME_MAX) {
        return -1;
    }
    return 0;
}

E1kTxStep e1k_txd_next_chunk(E1kDev *s, uint32_t *need)
{
    E1kTxState *tx = &s->tx;
    uint32_t rem = tx->desc_len, len;

    *need = 0;
    if (tx->discard || !tx->in_frame || tx->desc_done >= rem) {
        return E1K_TXS_DONE;
    }
    rem -= tx->desc_done;
    if (tx->tso) {
        uint32_t want = e1k_tso_want(tx);
        if (want == 0) {
            e1k_txd_drop(s, 1, 1); /* more data than HDRLEN + PAYLEN */
            return E1K_TXS_DONE;
        }
        tx->chunk = rem < want ? rem : want;
        *need = e1k_tso_seg_need(tx);
        return E1K_TXS_FETCH;
    }
    tx->chunk = rem;
    /* The frame this data completes, with room for a tag, padded. */
    len = tx->frame_len + rem + 4u;
    *need = e1k_txfifo_charge(len < E1K_ETH_MIN_NOFCS ? E1K_ETH_MIN_NOFCS
                                                       : len);
    return E1K_TXS_FETCH;
}

bool e1k_txd_data(E1kDev *s)
{
    E1kTxState *tx = &s->tx;
    uint64_t addr = e1k_ld_le64(tx->desc) + tx->desc_done;
    uint32_t n = tx->chunk;
    uint32_t dst = tx->tso ? e1k_tso_dest(tx) : tx->frame_len;

    tx->chunk = 0;
    if (tx->discard || !tx->in_frame || n == 0 ||
        dst + n > E1K_TX_FRAME_MAX) {
        return false; /* dropped meanwhile (cannot happen) or nothing */
    }
    if (e1k_dma_read(s, addr, tx->frame + dst, n) != 0) {
        s->totals.tx_dma_errors++;
        e1k_txd_drop(s, 0, 1);
        return true;
    }
    tx->desc_done += n;
    if (tx->tso) {
        e1k_tso_data(s, n);
        return false;
    }
    tx->frame_len += n;
    return tx->desc_done >= tx->desc_len;
}

void e1k_txd_emit(E1kDev *s, uint32_t len, uint32_t cmd, uint32_t special,
                  uint32_t flags)
{
    uint8_t *f = s->tx.frame;

    if ((cmd & E1K_TXD_CMD_VLE) && (e1k_reg(s, E1K_CTRL) & E1K_CTRL_VME) &&
        len >= 12u && len <= E1K_TX_FRAME_MAX) {
        uint32_t vet = e1k_reg(s, E1K_VET) & 0xFFFFu;
        memmove(f + 16, f + 12, len - 12u);
        f[12] = (uint8_t)(vet >> 8);
        f[13] = (uint8_t)vet;
        f[14] = (uint8_t)(special >> 8);
        f[15] = (uint8_t)special;
        len += 4u;
    }
    if ((e1k_reg(s, E1K_TCTL) & E1K_TCTL_PSP) && len < E1K_ETH_MIN_NOFCS) {
        memset(f + len, 0, E1K_ETH_MIN_NOFCS - len);
        len = E1K_ETH_MIN_NOFCS;
    }
    if (cmd & E1K_TXD_CMD_IFCS) {
        flags |= E1K_TXF_IFCS;
    }
    if (e1k_txfifo_push(s, f, len, flags) != 0) {
        s->totals.tx_frames_dropped++;
    }
}

/** EOP of a non-TSO frame: offloads, then emit (SDM 3.3.3, 3.3.7). */
static void txd_finish_frame(E1kDev *s)
{
    E1kTxState *tx = &s->tx;
    const uint8_t *d = tx->desc;
    uint32_t cmd = d[E1K_TXD_CMD];
    uint32_t len = tx->frame_len;

    if (len == 0) {
        return; /* only empty buffers: nothing to send */
    }
    if (!tx->ext) {
        /* Legacy: CSO/CSS/IC of the EOP descriptor; sum CSS..end. */
        if (cmd & E1K_TXD_CMD_IC) {
            nic_put_csum(tx->frame, len, d[E1K_TXD_CSS], d[E1K_TXD_CSO],
                            0, 0, 0);
        }
    } else {
        /* Context offsets; the checksum fields hold the driver's seed
         * (0 for IP, the pseudo-header sum for TCP/UDP). */
        if (tx->popts & E1K_TXD_POPTS_IXSM) {
            nic_put_csum(tx->frame, len, tx->ctx.ipcss, tx->ctx.ipcso,
                            tx->ctx.ipcse, 0, 0);
        }
        if (tx->popts & E1K_TXD_POPTS_TXSM) {
            nic_put_csum(tx->frame, len, tx->ctx.tucss, tx->ctx.tucso,
                            tx->ctx.tucse, 0,
                            !(tx->ctx.tucmd & E1K_TXC_TUCMD_TCP));
        }
    }
    e1k_txd_emit(s, len, cmd, e1k_ld_le16(d + E1K_TXD_SPECIAL), 0);
}

void e1k_txd_end(E1kDev *s)
{
    E1kTxState *tx = &s->tx;

    if (!tx->desc_eop) {
        return;
    }
    if (tx->discard) {
        tx->discard = 0; /* the dropped chain ends here */
        txd_reset_frame(tx);
        return;
    }
    if (!tx->in_frame) {
        return;
    }
    if (tx->tso) {
        if (e1k_tso_eop(tx) != 0) {
            e1k_txd_drop(s, 1, 0); /* PAYLEN/HDRLEN disagree with data */
            return;
        }
        e1k_stat_add(s, E1K_TSCTC, 1);
    } else {
        txd_finish_frame(s);
    }
    txd_reset_frame(tx);
}
