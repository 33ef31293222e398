/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Device-model trace events as text lines: see sim/trace.h. */
#include "sim/trace.h"

#include "sim/cpu.h"
#include "sim/engine.h"
#include "sim/nic.h"

void tb_trace_line(FILE *out, uint64_t now_ns, const char *ifname,
                   E1kTraceEvent ev, uint64_t a, uint64_t b)
{
    char msg[160];
    if (!out) {
        return;
    }
    e1k_trace_format(ev, a, b, msg, sizeof(msg));
    fprintf(out, "[%5llu.%06llu] %s: e1000: %s\n",
            (unsigned long long)(now_ns / 1000000000u),
            (unsigned long long)(now_ns / 1000u % 1000000u), ifname, msg);
}

void tb_os_trace(void *opaque, E1kTraceEvent ev, uint64_t a, uint64_t b)
{
    const TbNic *nic = opaque;
    tb_trace_line(nic->trace_out, nic->cpu->eng->now, nic->log_name, ev, a,
                  b);
}
