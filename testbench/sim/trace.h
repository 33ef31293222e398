/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Device-model trace events (E1kPort.trace, hw/net/e1000.h) as kernel-log
 * style text lines for `e1klab run --trace`.
 */
#ifndef TB_SIM_TRACE_H
#define TB_SIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

#include "e1000.h"

/**
 * Write one trace line for event @ev with arguments @a, @b (see
 * E1kTraceEvent) of the NIC @ifname at simulated time @now_ns to @out:
 * "[  12.345678] eth0: e1000: <event> <details>\n" (seconds and
 * microseconds as the kernel log prints them).  Nothing if @out is NULL.
 */
void tb_trace_line(FILE *out, uint64_t now_ns, const char *ifname,
                   E1kTraceEvent ev, uint64_t a, uint64_t b);

/**
 * E1kPort.trace callback of a testbench NIC: @opaque is its TbNic
 * (sim/nic.h); the line goes to its trace_out at the engine's current
 * time, named after the net_device ("HOST.IF" in a network of named
 * hosts: TbNic.log_name).
 */
void tb_os_trace(void *opaque, E1kTraceEvent ev, uint64_t a, uint64_t b);

#endif /* TB_SIM_TRACE_H */
