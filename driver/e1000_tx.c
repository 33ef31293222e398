/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit: queue a frame on the TX ring and clean completed frames
 * (Linux e1000_xmit_frame, e1000_tx_map, e1000_tx_queue,
 * e1000_maybe_stop_tx, e1000_clean_tx_irq; descriptors SDM 3.3.3).
 *
 * A frame is its linear part and page fragments, sent with descriptors
 * of at most E1K_MAX_DATA_PER_TXD bytes each; only the last descriptor of
 * a frame carries EOP|IFCS|RS (+IDE iff TxIntDelay != 0), the others
 * IFCS.  Complete frames go with legacy descriptors; a frame that leaves
 * its checksum to the NIC, or asks for TSO (XsumTX, TSO), gets a context
 * descriptor first (e1000_txctx.c) and extended data descriptors.
 * Short frames are padded by hardware (TCTL.PSP): the OS interface gives
 * no way to know a buffer's spare room, so the software padding Linux
 * does (eth_skb_pad) is left to PSP.
 */
#include <string.h>

#include "e1000_drv_internal.h"

/* The slow half of maybe_stop_tx: fewer than @size descriptors free. */
static int stop_tx(struct e1k_adapter *a, uint32_t size)
{
    struct e1k_tx_ring *t = &a->tx_ring;

    e1k_os_netif_stop_queue(a->os);
    if (e1k_desc_unused(t->count, t->next_to_use, t->next_to_clean) < size) {
        return -1;
    }
    e1k_os_netif_wake_queue(a->os);
    a->restart_queue++;
    return 0;
}

/* e1000_maybe_stop_tx: stop the queue if fewer than @size descriptors are
 * free; re-check and restart if room appeared.  0 ok, -1 stopped.  The
 * common case (room) is one compare, inline in the transmit path. */
static inline int maybe_stop_tx(struct e1k_adapter *a, uint32_t size)
{
    struct e1k_tx_ring *t = &a->tx_ring;

    if (e1k_desc_unused(t->count, t->next_to_use, t->next_to_clean) >= size) {
        return 0;
    }
    return stop_tx(a, size);
}

/* The buffers of a frame: the linear part, then the page fragments. */
struct tx_frame {
    uint32_t n;
    uint64_t dma[1 + E1K_MAX_SKB_FRAGS];
    uint32_t len[1 + E1K_MAX_SKB_FRAGS];
};

/* Map @skb's buffers into *@f (skipping empty ones).  Returns the number
 * of data descriptors they need (at most E1K_MAX_DATA_PER_TXD bytes
 * each), or 0 if a mapping failed or there are too many fragments. */
static uint32_t tx_frame_map(struct e1k_adapter *a, struct e1k_skb *skb,
                             struct tx_frame *f)
{
    uint32_t nfr = e1k_os_skb_nr_frags(skb), count = 0;

    if (nfr > E1K_MAX_SKB_FRAGS) {
        return 0;
    }
    if (nfr == 0) {
        /* A linear skb (the common case): one buffer, no loop. */
        uint32_t len = e1k_os_skb_headlen(skb);
        uint64_t dma = e1k_os_skb_dma(a->os, skb);

        if (len == 0 || !dma) {
            return 0;
        }
        f->n = 1;
        f->dma[0] = dma;
        f->len[0] = len;
        return (len + E1K_MAX_DATA_PER_TXD - 1) / E1K_MAX_DATA_PER_TXD;
    }
    f->n = 0;
    for (uint32_t i = 0; i <= nfr; i++) {
        uint32_t len = i ? 0 : e1k_os_skb_headlen(skb);
        uint64_t dma = i ? e1k_os_skb_frag_dma(a->os, skb, i - 1, &len)
                         : e1k_os_skb_dma(a->os, skb);
        if (len == 0) {
            continue;
        }
        if (!dma) {
            return 0;
        }
        f->dma[f->n] = dma;
        f->len[f->n++] = len;
        count += (len + E1K_MAX_DATA_PER_TXD - 1) / E1K_MAX_DATA_PER_TXD;
    }
    return count;
}

/* One data descriptor: legacy (SDM 3.3.3; CSO, CSS 0), or extended
 * (SDM 3.3.7: DTALEN, DTYP data, DCMD with DEXT and TSE, POPTS) when the
 * frame has an offload context. */
static void put_data_desc(uint8_t *desc, const struct e1k_tx_off *o,
                          uint64_t dma, uint32_t len, uint8_t cmd)
{
    /* Dwords 2-3 as one little-endian quadword: LENGTH (bits 15:0), CSO
     * (23:16), CMD (31:24), STA 0, CSS (47:40), SPECIAL (63:48: the VLAN
     * tag with VLE, SDM 3.3.3); stored at once (two stores per
     * descriptor). */
    uint64_t hi = (uint16_t)len;

    if ((cmd & E1K_TXD_CMD_EOP) && o->vle) {
        cmd |= E1K_TXD_CMD_VLE;
        hi |= (uint64_t)o->vlan << 48;
    }

    if (o->ext) {
        hi |= (uint64_t)(E1K_TXD_DTYP_DATA << 4) << 16 |
              (uint64_t)(cmd | E1K_TXD_CMD_DEXT |
                         (o->tse ? E1K_TXD_CMD_TSE : 0u)) << 24 |
              (uint64_t)o->popts << 40;
    } else {
        hi |= (uint64_t)cmd << 24;
    }
    e1k_put_le64(desc + E1K_TXD_ADDR, dma);
    e1k_put_le64(desc + E1K_TXD_LENGTH, hi);
}

/* tx_map for the common case, one buffer in one descriptor (the frame's
 * last): the same descriptor, buffer_info and next_to_use as the loop of
 * tx_map, without its bookkeeping. */
static void tx_map_one(struct e1k_adapter *a, struct e1k_skb *skb,
                       const struct tx_frame *f, const struct e1k_tx_off *o,
                       uint32_t first, uint32_t bytes)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    uint32_t i = t->next_to_use;
    struct e1k_tx_buffer *bi = &t->buffer_info[i];

    bi->dma = f->dma[0];
    bi->length = f->len[0];
    bi->skb = skb;
    bi->bytecount = bytes;
    put_data_desc(t->desc + (size_t)i * E1K_DESC_SIZE, o, bi->dma,
                  bi->length, (uint8_t)a->txd_cmd);
    t->buffer_info[first].next_to_watch = i;
    t->next_to_use = i + 1 == t->count ? 0 : i + 1;
}

/* e1000_tx_map + e1000_tx_queue: describe the buffers of @f with @count
 * data descriptors from next_to_use on (at most E1K_MAX_DATA_PER_TXD
 * bytes each; the last one carries txd_cmd and owns the skb, counted as
 * @bytes), then advance next_to_use past them.  @first is the frame's
 * first slot (its context descriptor, if any): it watches the EOP. */
static void tx_map(struct e1k_adapter *a, struct e1k_skb *skb,
                   const struct tx_frame *f, uint32_t count,
                   const struct e1k_tx_off *o, uint32_t first,
                   uint32_t bytes)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    uint32_t i = t->next_to_use, n = 0;

    if (count == 1) {
        tx_map_one(a, skb, f, o, first, bytes);
        return;
    }
    for (uint32_t b = 0; b < f->n; b++) {
        for (uint32_t off = 0; off < f->len[b]; n++) {
            uint32_t chunk = f->len[b] - off;
            struct e1k_tx_buffer *bi = &t->buffer_info[i];
            bool last = n == count - 1;

            if (chunk > E1K_MAX_DATA_PER_TXD) {
                chunk = E1K_MAX_DATA_PER_TXD;
            }
            bi->dma = f->dma[b] + off;
            bi->length = chunk;
            bi->skb = last ? skb : NULL;
            bi->bytecount = last ? bytes : 0;
            put_data_desc(t->desc + (size_t)i * E1K_DESC_SIZE, o, bi->dma,
                          chunk, last ? (uint8_t)a->txd_cmd
                                      : (uint8_t)E1K_TXD_CMD_IFCS);
            off += chunk;
            if (!last && ++i == t->count) {
                i = 0;
            }
        }
    }
    t->buffer_info[first].next_to_watch = i;
    if (++i == t->count) {
        i = 0;
    }
    t->next_to_use = i;
}

/* Frame discarded: freed here, counted in tx_dropped.  Returns 0. */
static int xmit_drop(struct e1k_adapter *a, struct e1k_skb *skb)
{
    e1k_os_free_skb(a->os, skb);
    a->net_stats.tx_dropped++;
    return 0;
}

/* The transmit of the usual frame: linear, at most one descriptor's
 * worth of bytes (@len, nonzero), no checksum offload, no TSO.  The same
 * room check, descriptor, buffer_info and tail write as the general path
 * of e1k_drv_xmit (tx_frame_map's linear case, no context, tx_map_one),
 * without its frame and offload records.  0 sent or dropped, 1 busy. */
static int xmit_linear(struct e1k_adapter *a, struct e1k_skb *skb,
                       uint32_t len)
{
    /* a legacy data descriptor: no offload */
    static const struct e1k_tx_off legacy_off = { .segs = 1 };
    struct e1k_tx_ring *t = &a->tx_ring;
    uint64_t dma = e1k_os_skb_dma(a->os, skb);
    uint32_t i = t->next_to_use;
    struct e1k_tx_buffer *bi = &t->buffer_info[i];

    if (!dma) {
        return xmit_drop(a, skb);
    }
    if (maybe_stop_tx(a, 3u) < 0) {
        a->counters.tx_busy++;
        return 1;
    }
    bi->dma = dma;
    bi->length = len;
    bi->skb = skb;
    bi->bytecount = len;
    bi->next_to_watch = i;
    put_data_desc(t->desc + (size_t)i * E1K_DESC_SIZE, &legacy_off, dma, len,
                  (uint8_t)a->txd_cmd);
    t->next_to_use = i + 1 == t->count ? 0 : i + 1;
    (void)maybe_stop_tx(a, E1K_TX_STOP_THRESHOLD);
    ew32(a, E1K_TDT, t->next_to_use);
    return 0;
}

/* The transmit of any other frame (@len bytes, nonzero): its buffers
 * mapped, a context descriptor for an offload, data descriptors.  Out
 * of line, so the usual frame's path keeps a small stack frame.  0 sent
 * or dropped, 1 busy. */
static __attribute__((__noinline__)) int xmit_mapped(struct e1k_adapter *a,
                                                 struct e1k_skb *skb,
                                                 uint32_t len)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    struct tx_frame f;
    struct e1k_tx_off o;
    struct e1k_tx_csum csum;
    uint32_t count = tx_frame_map(a, skb, &f), first;
    bool partial;

    if (count == 0) {
        return xmit_drop(a, skb);
    }
    /* CHECKSUM_PARTIAL asks for a context descriptor: read once, used
     * for the room check and the context itself. */
    partial = e1k_os_skb_csum_partial(skb, &csum.start, &csum.offset);
    /* count (+ a context) + 2: keep tail from touching head
     * (e1000_xmit_frame). */
    if (maybe_stop_tx(a, count + (partial ? 3u : 2u)) < 0) {
        a->counters.tx_busy++;
        return 1; /* NETDEV_TX_BUSY: the stack requeues the frame */
    }
    first = t->next_to_use;
    if (e1k_tx_ctx(a, skb, partial ? &csum : NULL, &o) < 0) {
        return xmit_drop(a, skb);
    }
    o.vle = a->vlan_insert && e1k_os_skb_vlan_tx(skb, &o.vlan);
    /* bytes on the wire less FCS: TSO repeats the header per segment */
    tx_map(a, skb, &f, count, &o, first, len + (o.segs - 1) * o.hdrlen);

    /* Make sure there is room for the next frame (desc_needed). */
    (void)maybe_stop_tx(a, E1K_TX_STOP_THRESHOLD);
    ew32(a, E1K_TDT, t->next_to_use);
    return 0;
}

int e1k_drv_xmit(struct e1k_adapter *a, struct e1k_skb *skb)
{
    struct e1k_tx_csum csum;
    uint32_t len;

    /* Charged before the ring is touched: an interrupt taken here sees a
     * consistent ring. */
    e1k_os_charge(a->os, E1K_COST_XMIT, 1);

    len = e1k_os_skb_len(skb);
    if (!a->up || !a->tx_ring.desc || len == 0) {
        return xmit_drop(a, skb);
    }
    if (!e1k_os_skb_nr_frags(skb) && e1k_os_skb_headlen(skb) == len &&
        len <= E1K_MAX_DATA_PER_TXD && !e1k_os_skb_gso_size(skb) &&
        !e1k_os_skb_csum_partial(skb, &csum.start, &csum.offset) &&
        !a->vlan_insert) {
        return xmit_linear(a, skb, len);
    }
    return xmit_mapped(a, skb, len);
}

bool e1k_clean_tx_ring(struct e1k_adapter *a, bool *cleaned_any)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    uint32_t i = t->next_to_clean;
    uint32_t count = 0;

    *cleaned_any = false;
    if (!t->desc) {
        return true;
    }
    while (i != t->next_to_use && count < t->count) {
        uint32_t eop = t->buffer_info[i].next_to_watch;
        uint8_t *eop_desc = t->desc + (size_t)eop * E1K_DESC_SIZE;
        bool done = false;

        if (!(eop_desc[E1K_TXD_STA] & E1K_TXD_STA_DD)) {
            break;
        }
        /* Free every descriptor of this frame up to its EOP. */
        while (!done && count < t->count) {
            struct e1k_tx_buffer *bi = &t->buffer_info[i];
            uint8_t *desc = t->desc + (size_t)i * E1K_DESC_SIZE;

            done = (i == eop);
            e1k_os_charge(a->os, E1K_COST_TX_CLEAN, 1);
            if (bi->skb) {
                a->total_tx_packets++;
                a->total_tx_bytes += bi->bytecount;
                a->sw_tx_packets++;
                a->sw_tx_bytes += bi->bytecount;
                e1k_os_free_skb(a->os, bi->skb);
            }
            memset(bi, 0, sizeof(*bi));
            desc[E1K_TXD_STA] = 0;
            count++;
            if (++i == t->count) {
                i = 0;
            }
        }
        *cleaned_any = true;
    }
    t->next_to_clean = i;
    a->counters.tx_cleaned += count;

    if (count && a->link_up &&
        e1k_desc_unused(t->count, t->next_to_use, t->next_to_clean) >=
            E1K_TX_WAKE_THRESHOLD) {
        if (e1k_os_netif_queue_stopped(a->os) && a->up) {
            e1k_os_netif_wake_queue(a->os);
            a->restart_queue++;
        }
    }
    return count < t->count;
}
