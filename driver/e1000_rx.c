/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * RX clean and refill: hand every completed frame of the RX ring to the
 * stack and give buffers back to hardware (Linux e1000_clean_rx_irq,
 * e1000_rx_checksum, e1000_copybreak, e1000_alloc_rx_buffers;
 * descriptors SDM 3.2.3).
 *
 * Per descriptor with DD: frames that did not fit one buffer (no EOP) or
 * carry a frame error (CE|SE|SEQ|CXE|RXE) are dropped and their buffer
 * reused; the 4-byte FCS is stripped in software when RCTL.SECRC is off
 * (the driver never sets it, as Linux); frames up to copybreak bytes are
 * copied into a fresh small buffer and the ring buffer is reused; TCP/UDP
 * checksums verified by hardware mark the buffer CHECKSUM_UNNECESSARY.
 * Buffers go back to hardware every E1K_RX_BUFFER_WRITE descriptors and
 * once more at the end.
 */
#include <string.h>

#include "e1000_drv_internal.h"

/* e1000_rx_checksum: only a TCP/UDP checksum the hardware computed and
 * found good counts (IXSM means "ignore"). */
static void rx_checksum(struct e1k_adapter *a, uint8_t status, uint8_t errors,
                        struct e1k_skb *skb)
{
    if (!a->params.XsumRX || (status & E1K_RXD_STAT_IXSM)) {
        return;
    }
    if (errors & E1K_RXD_ERR_TCPE) {
        a->hw_csum_err++;
        return;
    }
    if (!(status & (E1K_RXD_STAT_TCPCS | E1K_RXD_STAT_UDPCS))) {
        return;
    }
    e1k_os_skb_csum_ok(skb);
    a->hw_csum_good++;
}

/* e1000_copybreak: a copy of a small frame in a buffer of its own size,
 * or NULL (then the ring buffer itself goes up). */
static struct e1k_skb *rx_copybreak(struct e1k_adapter *a,
                                    struct e1k_skb *ring_skb, uint32_t length)
{
    struct e1k_skb *skb;

    if (length > a->params.copybreak) {
        return NULL;
    }
    skb = e1k_os_alloc_skb(a->os, length);
    if (!skb) {
        return NULL;
    }
    e1k_os_memcpy(a->os, e1k_os_skb_data(skb), e1k_os_skb_data(ring_skb),
                  length);
    e1k_os_skb_set_len(skb, length);
    return skb;
}

/* The frame a completed descriptor describes: checked and handed to the
 * stack (NAPI: netif_receive_skb, else netif_rx), or counted in
 * rx_frame_errors_sw: pieces of a frame spread over several buffers, a
 * frame error, no room for the FCS, longer than the buffer (Linux
 * e1000_clean_rx_irq). */
static void rx_deliver(struct e1k_adapter *a, struct e1k_rx_buffer *bi,
                       const uint8_t *desc, bool napi, bool strip_crc)
{
    uint8_t status = desc[E1K_RXD_STATUS];
    uint8_t errors = desc[E1K_RXD_ERRORS];
    uint32_t length = e1k_get_le16(desc + E1K_RXD_LENGTH);
    struct e1k_skb *skb = bi->skb, *copy;

    if (!skb) {
        /* Descriptor completed without a buffer of ours: nothing to
         * deliver (cannot happen with a sane device). */
        return;
    }
    /* All frames must fit one buffer: drop the pieces of one that
     * did not, up to and including its EOP descriptor. */
    if (!(status & E1K_RXD_STAT_EOP)) {
        a->discarding = true;
    }
    if (a->discarding) {
        if (status & E1K_RXD_STAT_EOP) {
            a->discarding = false;
        }
        a->rx_frame_errors_sw++;
        return;
    }
    if ((errors & E1K_RXD_ERR_FRAME_ERR_MASK) ||
        (strip_crc && length <= E1K_ETH_FCS)) {
        a->rx_frame_errors_sw++;
        return;
    }
    if (strip_crc) {
        length -= E1K_ETH_FCS;
    }
    if (length > a->rx_buffer_len) {
        a->rx_frame_errors_sw++;
        return;
    }
    a->total_rx_bytes += length;
    a->total_rx_packets++;
    a->sw_rx_bytes += length;
    a->sw_rx_packets++;

    copy = rx_copybreak(a, skb, length);
    if (copy) {
        skb = copy;              /* ring buffer stays for reuse */
    } else {
        bi->skb = NULL;          /* ring buffer goes up the stack */
        bi->dma = 0;
        e1k_os_skb_set_len(skb, length);
    }
    rx_checksum(a, status, errors, skb);
    if (a->vlan_strip && (status & E1K_RXD_STAT_VP)) {
        e1k_os_skb_vlan_rx(skb, e1k_get_le16(desc + E1K_RXD_SPECIAL));
    }
    if (napi) {
        e1k_os_receive_skb(a->os, skb);
    } else {
        (void)e1k_os_netif_rx(a->os, skb);
    }
}

/* e1000_alloc_rx_buffers' body: forced inline into the refill at the end
 * of every RX clean (one buffer per frame when frames come one per
 * interrupt), out of line in e1k_alloc_rx_buffers. */
static inline __attribute__((__always_inline__)) void
alloc_rx_buffers(struct e1k_adapter *a, uint32_t cleaned_count)
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

void e1k_alloc_rx_buffers(struct e1k_adapter *a, uint32_t cleaned_count)
{
    alloc_rx_buffers(a, cleaned_count);
}

/* Forced inline into the policies' handlers and polls (e1000_intr.c,
 * through link-time optimisation): the NAPI poll cleans on every call. */
inline __attribute__((__always_inline__))
bool e1k_clean_rx_irq(struct e1k_adapter *a, int *work_done, int work_to_do,
                      bool napi)
{
    struct e1k_rx_ring *r = &a->rx_ring;
    uint32_t i = r->next_to_clean;
    uint32_t n = 0, unused;
    bool strip_crc = !(a->rctl & E1K_RCTL_SECRC);
    /* Bounded by the ring (at most count descriptors per call) and by
     * what is left of the budget. */
    uint32_t limit = *work_done >= work_to_do
                     ? 0 : (uint32_t)(work_to_do - *work_done);

    if (limit > r->count) {
        limit = r->count;
    }
    for (; n < limit; n++) {
        uint8_t *desc = r->desc + (size_t)i * E1K_DESC_SIZE;

        if (!(desc[E1K_RXD_STATUS] & E1K_RXD_STAT_DD)) {
            break;
        }
        /* Charged per descriptor so an interrupt can preempt between
         * frames (tb-common: never coarser than one frame's work). */
        e1k_os_charge(a->os, E1K_COST_RX_CLEAN, 1);
        rx_deliver(a, &r->buffer_info[i], desc, napi, strip_crc);

        desc[E1K_RXD_STATUS] = 0;
        if (++i == r->count) {
            i = 0;
        }
        /* Return buffers in batches; one at a time costs a tail write
         * per frame. */
        if ((n + 1) % E1K_RX_BUFFER_WRITE == 0) {
            r->next_to_clean = i;
            e1k_alloc_rx_buffers(a, E1K_RX_BUFFER_WRITE);
        }
    }
    *work_done += (int)n;
    r->next_to_clean = i;
    a->counters.rx_cleaned += n;
    unused = e1k_desc_unused(r->count, r->next_to_use, r->next_to_clean);
    if (unused) {
        alloc_rx_buffers(a, unused);
    }
    return n != 0;
}
