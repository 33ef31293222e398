/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Transmit: queue a frame on the TX ring and clean completed frames
 * (Linux e1000_xmit_frame, e1000_tx_map, e1000_tx_queue,
 * e1000_maybe_stop_tx, e1000_clean_tx_irq; descriptors SDM 3.3.3).
 *
 * Frames are linear buffers sent with legacy descriptors of at most
 * E1K_MAX_DATA_PER_TXD bytes each; only the last descriptor of a frame
 * carries EOP|IFCS|RS (+IDE iff TxIntDelay != 0), the others IFCS.  No
 * checksum offload or TSO on transmit (the stack gives complete frames).
 * Short frames are padded by hardware (TCTL.PSP): the OS interface gives
 * no way to know a buffer's spare room, so the software padding Linux
 * does (eth_skb_pad) is left to PSP.
 */
#include <string.h>

#include "e1000_drv_internal.h"

/* e1000_maybe_stop_tx: stop the queue if fewer than @size descriptors are
 * free; re-check and restart if room appeared.  0 ok, -1 stopped. */
static int maybe_stop_tx(struct e1k_adapter *a, uint32_t size)
{
    struct e1k_tx_ring *t = &a->tx_ring;

    if (e1k_desc_unused(t->count, t->next_to_use, t->next_to_clean) >= size) {
        return 0;
    }
    e1k_os_netif_stop_queue(a->os);
    if (e1k_desc_unused(t->count, t->next_to_use, t->next_to_clean) < size) {
        return -1;
    }
    e1k_os_netif_wake_queue(a->os);
    a->restart_queue++;
    return 0;
}

/* e1000_tx_map + e1000_tx_queue: describe the @len bytes of @skb at bus
 * address @dma with @count legacy descriptors from next_to_use on (at most
 * E1K_MAX_DATA_PER_TXD bytes each; the last one carries txd_cmd and owns
 * the skb), then advance next_to_use past them. */
static void tx_map(struct e1k_adapter *a, struct e1k_skb *skb, uint32_t len,
                   uint32_t count, uint64_t dma)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    uint32_t first = t->next_to_use, i = first, off = 0;

    for (uint32_t n = 0; n < count; n++) {
        uint32_t chunk = len - off;
        uint8_t *desc = t->desc + (size_t)i * E1K_DESC_SIZE;
        struct e1k_tx_buffer *bi = &t->buffer_info[i];
        uint8_t cmd = E1K_TXD_CMD_IFCS;

        if (chunk > E1K_MAX_DATA_PER_TXD) {
            chunk = E1K_MAX_DATA_PER_TXD;
        }
        bi->dma = dma + off;
        bi->length = chunk;
        bi->skb = NULL;
        bi->bytecount = 0;
        if (n == count - 1) {
            cmd = (uint8_t)a->txd_cmd;
            bi->skb = skb;
            bi->bytecount = len;
        }
        e1k_put_le64(desc + E1K_TXD_ADDR, bi->dma);
        e1k_put_le16(desc + E1K_TXD_LENGTH, (uint16_t)chunk);
        desc[E1K_TXD_CSO] = 0;
        desc[E1K_TXD_CMD] = cmd;
        desc[E1K_TXD_STA] = 0;
        desc[E1K_TXD_CSS] = 0;
        e1k_put_le16(desc + E1K_TXD_SPECIAL, 0);
        off += chunk;
        if (n != count - 1 && ++i == t->count) {
            i = 0;
        }
    }
    t->buffer_info[first].next_to_watch = i;
    if (++i == t->count) {
        i = 0;
    }
    t->next_to_use = i;
}

int e1k_drv_xmit(struct e1k_adapter *a, struct e1k_skb *skb)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    uint32_t len, count;
    uint64_t dma;

    /* Charged before the ring is touched: an interrupt taken here sees a
     * consistent ring. */
    e1k_os_charge(a->os, E1K_COST_XMIT, 1);

    len = e1k_os_skb_len(skb);
    if (!a->up || !t->desc || len == 0) {
        goto drop;
    }
    count = (len + E1K_MAX_DATA_PER_TXD - 1) / E1K_MAX_DATA_PER_TXD;
    /* count + 2: keep tail from touching head (e1000_xmit_frame). */
    if (maybe_stop_tx(a, count + 2) < 0) {
        a->counters.tx_busy++;
        return 1; /* NETDEV_TX_BUSY: the stack requeues the frame */
    }
    dma = e1k_os_skb_dma(a->os, skb);
    if (!dma) {
        goto drop;
    }
    tx_map(a, skb, len, count, dma);

    /* Make sure there is room for the next frame (desc_needed). */
    (void)maybe_stop_tx(a, E1K_TX_STOP_THRESHOLD);
    ew32(a, E1K_TDT, t->next_to_use);
    return 0;

drop:
    /* Frame discarded: freed here, counted in tx_dropped. */
    e1k_os_free_skb(a->os, skb);
    a->net_stats.tx_dropped++;
    return 0;
}

bool e1k_clean_tx_irq(struct e1k_adapter *a, bool *cleaned_any)
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
