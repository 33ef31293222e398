/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Wire serialisation model ([IEEE-802.3]); see trf_wire.h. */
#include "trf.h"
#include "trf_wire.h"

void trf_wire_init(TrfWire *w, uint32_t link_mbps)
{
    w->link_mbps = link_mbps ? link_mbps : TRF_DEFAULT_LINK_MBPS;
    w->busy_until = 0;
    w->memo_len = UINT32_MAX;   /* no length yet */
    w->memo_ns = 0;
}

uint64_t trf_wire_ns(uint32_t len, uint32_t link_mbps)
{
    uint64_t bits = ((uint64_t)len + TRF_WIRE_OVERHEAD_BYTES) * 8u;
    if (link_mbps == 0) {
        link_mbps = TRF_DEFAULT_LINK_MBPS;
    }
    /* bits / (mbps * 1e6 bit/s) s = bits * 1000 / mbps ns, rounded down
     * (exact for 10/100/1000 Mbit/s) */
    return bits * 1000u / link_mbps;
}

uint64_t trf_wire_send(TrfWire *w, uint64_t sched_ns, uint32_t len)
{
    uint64_t start = sched_ns > w->busy_until ? sched_ns : w->busy_until;
    if (len != w->memo_len) {
        w->memo_len = len;
        w->memo_ns = trf_wire_ns(len, w->link_mbps);
    }
    w->busy_until = start + w->memo_ns;
    return w->busy_until;
}
