/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Descriptor rings: allocation, teardown, register programming and the RX
 * buffer refill (Linux e1000_setup_{tx,rx}_resources,
 * e1000_configure_{tx,rx}, e1000_alloc_rx_buffers,
 * e1000_clean_{tx,rx}_ring; rings SDM 3.2, 3.4).
 *
 * Ring memory is DMA-coherent (e1k_os_alloc_coherent, 4096-aligned so
 * RDBAL/TDBAL meet the 16-byte rule); descriptors are 16 bytes
 * (E1K_DESC_SIZE), rings a multiple of 8 descriptors (128 bytes, SDM
 * 13.4.27).  The buffer_info arrays are ordinary memory allocated at open.
 */
#include <string.h>

#include "e1000_drv_internal.h"

int e1k_rings_alloc(struct e1k_adapter *a)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    struct e1k_rx_ring *r = &a->rx_ring;

    memset(t, 0, sizeof(*t));
    memset(r, 0, sizeof(*r));
    t->count = a->params.TxDescriptors;
    r->count = a->params.RxDescriptors;
    t->size = t->count * E1K_DESC_SIZE;
    r->size = r->count * E1K_DESC_SIZE;

    t->buffer_info = e1k_os_kcalloc(a->os, t->count, sizeof(*t->buffer_info));
    r->buffer_info = e1k_os_kcalloc(a->os, r->count, sizeof(*r->buffer_info));
    if (!t->buffer_info || !r->buffer_info) {
        goto fail;
    }
    t->desc = e1k_os_alloc_coherent(a->os, t->size, &t->dma);
    if (!t->desc) {
        goto fail;
    }
    r->desc = e1k_os_alloc_coherent(a->os, r->size, &r->dma);
    if (!r->desc) {
        goto fail;
    }
    memset(t->desc, 0, t->size);
    memset(r->desc, 0, r->size);
    return 0;

fail:
    e1k_os_log(a->os, 0, "Unable to allocate memory for the descriptor "
               "rings (%u TX, %u RX descriptors)", t->count, r->count);
    e1k_rings_free(a);
    return -1;
}

/* Free the buffers of both rings and reset the indices. */
void e1k_rings_clean(struct e1k_adapter *a)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    struct e1k_rx_ring *r = &a->rx_ring;

    if (t->buffer_info) {
        for (uint32_t i = 0; i < t->count; i++) {
            if (t->buffer_info[i].skb) {
                e1k_os_free_skb(a->os, t->buffer_info[i].skb);
            }
            memset(&t->buffer_info[i], 0, sizeof(t->buffer_info[i]));
        }
    }
    if (r->buffer_info) {
        for (uint32_t i = 0; i < r->count; i++) {
            if (r->buffer_info[i].skb) {
                e1k_os_free_skb(a->os, r->buffer_info[i].skb);
            }
            memset(&r->buffer_info[i], 0, sizeof(r->buffer_info[i]));
        }
    }
    if (t->desc) {
        memset(t->desc, 0, t->size);
    }
    if (r->desc) {
        memset(r->desc, 0, r->size);
    }
    t->next_to_use = t->next_to_clean = 0;
    r->next_to_use = r->next_to_clean = 0;
    a->discarding = false;
}

void e1k_rings_free(struct e1k_adapter *a)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    struct e1k_rx_ring *r = &a->rx_ring;

    e1k_rings_clean(a);
    if (t->desc) {
        e1k_os_free_coherent(a->os, t->size, t->desc, t->dma);
    }
    if (r->desc) {
        e1k_os_free_coherent(a->os, r->size, r->desc, r->dma);
    }
    e1k_os_kfree(a->os, t->buffer_info);
    e1k_os_kfree(a->os, r->buffer_info);
    memset(t, 0, sizeof(*t));
    memset(r, 0, sizeof(*r));
}

void e1k_rings_program(struct e1k_adapter *a)
{
    struct e1k_tx_ring *t = &a->tx_ring;
    struct e1k_rx_ring *r = &a->rx_ring;

    ew32(a, E1K_TDBAL, (uint32_t)t->dma);
    ew32(a, E1K_TDBAH, (uint32_t)(t->dma >> 32));
    ew32(a, E1K_TDLEN, t->size);
    ew32(a, E1K_TDH, 0);
    ew32(a, E1K_TDT, 0);

    ew32(a, E1K_RDBAL, (uint32_t)r->dma);
    ew32(a, E1K_RDBAH, (uint32_t)(r->dma >> 32));
    ew32(a, E1K_RDLEN, r->size);
    ew32(a, E1K_RDH, 0);
    ew32(a, E1K_RDT, 0);
}

void e1k_alloc_rx_buffers(struct e1k_adapter *a, uint32_t cleaned_count)
{
    struct e1k_rx_ring *r = &a->rx_ring;
    uint32_t i = r->next_to_use;

    while (cleaned_count--) {
        struct e1k_rx_buffer *bi = &r->buffer_info[i];
        uint8_t *desc = r->desc + (size_t)i * E1K_DESC_SIZE;

        if (!bi->skb) {
            struct e1k_skb *skb = e1k_os_alloc_skb(a->os, a->rx_buffer_len);
            uint64_t dma;

            if (!skb) {
                a->counters.rx_alloc_failed++;
                break;
            }
            dma = e1k_os_skb_dma(a->os, skb);
            if (!dma) {
                e1k_os_free_skb(a->os, skb);
                a->counters.rx_alloc_failed++;
                break;
            }
            bi->skb = skb;
            bi->dma = dma;
        }
        /* A reused buffer keeps its mapping; hardware overwrites it. */
        e1k_os_skb_set_len(bi->skb, 0);
        e1k_put_le64(desc + E1K_RXD_ADDR, bi->dma);
        memset(desc + E1K_RXD_LENGTH, 0, E1K_DESC_SIZE - E1K_RXD_LENGTH);
        e1k_os_charge(a->os, E1K_COST_RX_REFILL, 1);
        if (++i == r->count) {
            i = 0;
        }
    }
    if (r->next_to_use != i) {
        r->next_to_use = i;
        /* Hardware may use up to RDT - 1: one filled descriptor is held
         * back, so head never catches up with a slot software is still
         * writing (Linux e1000_alloc_rx_buffers; SDM 3.2). */
        ew32(a, E1K_RDT, i == 0 ? r->count - 1 : i - 1);
    }
}
