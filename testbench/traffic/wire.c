/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Wire serialisation model (facts A.13); see wire.h. */
#include "traffic/wire.h"

void tb_wire_init(TbWire *w, uint32_t link_mbps)
{
    w->link_mbps = link_mbps ? link_mbps : 1000;
    w->busy_until = 0;
}

uint64_t tb_wire_ser_ns(uint32_t len, uint32_t link_mbps)
{
    uint64_t bits = ((uint64_t)len + TB_WIRE_OVERHEAD_BYTES) * 8u;
    if (link_mbps == 0) {
        link_mbps = 1000;
    }
    /* bits / (mbps * 1e6 bit/s) s = bits * 1000 / mbps ns */
    return bits * 1000u / link_mbps;
}

uint64_t tb_wire_send(TbWire *w, uint64_t sched_ns, uint32_t len)
{
    uint64_t start = sched_ns > w->busy_until ? sched_ns : w->busy_until;
    w->busy_until = start + tb_wire_ser_ns(len, w->link_mbps);
    return w->busy_until;
}
