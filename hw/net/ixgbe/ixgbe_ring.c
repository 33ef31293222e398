/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Descriptor rings of the 82598 model, both directions (datasheet
 * 3.5.2.6-3.5.2.8 receive, 3.5.3.6-3.5.3.8 transmit): which descriptors
 * hardware owns, and the on-chip descriptor cache that is filled by
 * fetches from host memory.
 *
 * Hardware owns the descriptors from its head up to the tail written by
 * software (never beyond the tail: "the 82598 NEVER fetches descriptors
 * beyond the descriptor TAIL pointer", 3.5.2.6).  A descriptor is used
 * only after it has been fetched: a fetch reads a run of owned
 * descriptors in one PCIe read, split at the ring's end, and they are
 * usable when its completion has arrived.  Fetches happen
 *   - on demand, when the engine needs a descriptor and none is
 *     fetched or on its way: every owned descriptor that fits the cache;
 *   - ahead (prefetch), when the fetched and incoming descriptors drop
 *     below PTHRESH and at least HTHRESH more are owned in host memory
 *     ("the host memory fetch does not happen unless there are at least
 *     HTHRESH valid descriptors in host memory", RXDCTL 4.4.3.5.6).
 * One fetch per ring is in flight at a time.  The cache holds 64
 * receive and 40 transmit descriptors (ixgbe_core.h).  The descriptors'
 * contents are read from host memory when they are used, not when they
 * are fetched: the same for a driver that does not touch descriptors it
 * has handed over (the model then needs no copy of the cache).
 */
#include "ixgbe_core.h"

uint64_t ixg_ring_desc_addr(const IxgDev *s, uint32_t base_lo, uint32_t idx)
{
    uint64_t base = (uint64_t)ixg_reg(s, base_lo + 4u) << 32 |
                    ixg_reg(s, base_lo);
    return base + (uint64_t)idx * IXG_DESC_SIZE;
}

uint32_t ixg_ring_owned(const IxgDev *s, const IxgRing *r, uint32_t len_off,
                        uint32_t tail_off)
{
    uint32_t n = ixg_ring_ndesc(s, len_off), tail = ixg_reg(s, tail_off);

    if (n == 0 || r->next >= n || tail >= n) {
        return 0;
    }
    return tail >= r->next ? tail - r->next : tail + n - r->next;
}

void ixg_ring_drop_cache(IxgRing *r)
{
    r->fetched = 0;
    r->inflight = 0;
    r->inflight_ns = 0;
}

/** A fetch in flight that has arrived joins the fetched ones. */
static void settle(const IxgDev *s, IxgRing *r)
{
    if (r->inflight && s->now_ns >= r->inflight_ns) {
        r->fetched += r->inflight;
        r->inflight = 0;
        r->inflight_ns = 0;
    }
}

/** Start a fetch of @cnt owned descriptors after those fetched or
 *  incoming: one PCIe read, two when the run wraps around the ring. */
static void start_fetch(IxgDev *s, IxgRing *r, uint32_t len_off,
                        uint32_t cnt, int rx)
{
    uint32_t n = ixg_ring_ndesc(s, len_off);
    uint32_t first = (r->next + r->fetched + r->inflight) % n;
    uint32_t run = n - first < cnt ? n - first : cnt;
    uint64_t t = nic_pcie_read(&s->link, &s->pcie, s->now_ns,
                               run * IXG_DESC_SIZE);

    if (run < cnt) {
        t = nic_pcie_read(&s->link, &s->pcie, s->now_ns,
                          (cnt - run) * IXG_DESC_SIZE);
    }
    if (rx) {
        s->totals.rx_desc_reads += 1u + (run < cnt);
    } else {
        s->totals.tx_desc_reads += 1u + (run < cnt);
    }
    r->inflight = cnt;
    r->inflight_ns = t;
}

int ixg_ring_want(IxgDev *s, IxgRing *r, uint32_t len_off, uint32_t tail_off,
                  uint32_t need, int rx, uint64_t *ready_ns)
{
    uint32_t owned = ixg_ring_owned(s, r, len_off, tail_off);
    uint32_t cache = rx ? IXG_RX_DESC_CACHE : IXG_TX_DESC_CACHE, cnt;

    if (r->fetched + r->inflight > owned) {
        ixg_ring_drop_cache(r);   /* software moved the tail back */
    }
    if (owned == 0) {
        return -1;
    }
    settle(s, r);
    if (r->fetched) {
        /* use what has arrived (a frame that needs more continues with
         * the next ones) */
        return (int)(r->fetched < need ? r->fetched : need);
    }
    if (!r->inflight) {
        cnt = owned < cache ? owned : cache;
        start_fetch(s, r, len_off, cnt, rx);
    }
    *ready_ns = r->inflight_ns;
    return 0;
}

int ixg_ring_fetch_more(IxgDev *s, IxgRing *r, uint32_t len_off,
                        uint32_t tail_off, int rx, uint64_t *ready_ns)
{
    uint32_t owned = ixg_ring_owned(s, r, len_off, tail_off);
    uint32_t cache = rx ? IXG_RX_DESC_CACHE : IXG_TX_DESC_CACHE, cnt;

    settle(s, r);
    if (!r->inflight) {
        if (owned <= r->fetched || r->fetched >= cache) {
            return -1;
        }
        cnt = owned - r->fetched;
        cnt = cnt < cache - r->fetched ? cnt : cache - r->fetched;
        start_fetch(s, r, len_off, cnt, rx);
    }
    *ready_ns = r->inflight_ns;
    return 0;
}

void ixg_ring_prefetch(IxgDev *s, IxgRing *r, uint32_t len_off,
                       uint32_t tail_off, uint32_t ctl, int rx)
{
    uint32_t pthresh = ctl & IXG_RXDCTL_PTHRESH;
    uint32_t hthresh = (ctl >> IXG_RXDCTL_HTHRESH_SHIFT) & 0x7Fu;
    uint32_t cache = rx ? IXG_RX_DESC_CACHE : IXG_TX_DESC_CACHE;
    uint32_t owned, avail, cnt;

    if (!r->enabled || pthresh == 0) {
        return;
    }
    settle(s, r);
    if (r->inflight || r->fetched >= pthresh) {
        return;
    }
    owned = ixg_ring_owned(s, r, len_off, tail_off);
    if (owned <= r->fetched) {
        return;
    }
    avail = owned - r->fetched;
    if (avail < (hthresh ? hthresh : 1u)) {
        return;
    }
    cnt = avail < cache - r->fetched ? avail : cache - r->fetched;
    if (cnt) {
        start_fetch(s, r, len_off, cnt, rx);
    }
}
