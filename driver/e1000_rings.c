/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Descriptor rings: allocation, teardown and register programming (Linux
 * e1000_setup_{tx,rx}_resources, e1000_configure_{tx,rx},
 * e1000_clean_{tx,rx}_ring; rings SDM 3.2, 3.4).  The RX buffer refill is
 * in e1000_rx.c, inline in the RX clean.
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
