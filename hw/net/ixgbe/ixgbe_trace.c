/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Trace events of the 82598 model: names, kinds and one-line text
 * (ixgbe.h IxgTraceEvent documents each event's arguments).
 */
#include <stdio.h>

#include "ixgbe_core.h"

static const struct {
    const char *name;
    int error;
} events[IXG_TRACE_COUNT] = {
    [IXG_TRACE_BAD_ACCESS] = { "bad-access", 1 },
    [IXG_TRACE_UNKNOWN_REG] = { "unknown-reg", 1 },
    [IXG_TRACE_RO_WRITE] = { "ro-write", 1 },
    [IXG_TRACE_RING_BASE] = { "ring-base", 1 },
    [IXG_TRACE_RING_LEN] = { "ring-len", 1 },
    [IXG_TRACE_RING_INDEX] = { "ring-index", 1 },
    [IXG_TRACE_DMA_READ_FAULT] = { "dma-read-fault", 1 },
    [IXG_TRACE_DMA_WRITE_FAULT] = { "dma-write-fault", 1 },
    [IXG_TRACE_TX_BAD_DESC] = { "tx-bad-desc", 1 },
    [IXG_TRACE_EEPROM_ADDR] = { "eeprom-addr", 1 },
    [IXG_TRACE_RX_QUEUE_CFG] = { "rx-queue-cfg", 1 },
    [IXG_TRACE_RESET] = { "reset", 0 },
    [IXG_TRACE_LINK] = { "link", 0 },
    [IXG_TRACE_RX_OVERRUN] = { "rx-overrun", 0 },
    [IXG_TRACE_EITR] = { "eitr", 0 },
    [IXG_TRACE_IRQ_MODE] = { "irq-mode", 0 },
};

const char *ixg_trace_name(IxgTraceEvent ev)
{
    return (unsigned)ev < IXG_TRACE_COUNT ? events[ev].name : "?";
}

int ixg_trace_is_error(IxgTraceEvent ev)
{
    return (unsigned)ev < IXG_TRACE_COUNT ? events[ev].error : 0;
}

int ixg_trace_format(IxgTraceEvent ev, uint64_t a, uint64_t b, char *buf,
                     size_t len)
{
    static const char *const modes[] = { "INTx", "MSI", "MSI-X" };
    const char *n = ixg_trace_name(ev);
    unsigned long long ua = a, ub = b;

    switch (ev) {
    case IXG_TRACE_BAD_ACCESS:
        return snprintf(buf, len, "%s offset 0x%05llx size %llu", n, ua, ub);
    case IXG_TRACE_UNKNOWN_REG:
        return snprintf(buf, len, "%s %s offset 0x%05llx", n,
                        ub ? "write" : "read", ua);
    case IXG_TRACE_RO_WRITE:
    case IXG_TRACE_RING_BASE:
    case IXG_TRACE_RING_LEN:
    case IXG_TRACE_RING_INDEX:
        return snprintf(buf, len, "%s offset 0x%05llx = 0x%08llx", n, ua,
                        ub);
    case IXG_TRACE_DMA_READ_FAULT:
    case IXG_TRACE_DMA_WRITE_FAULT:
        return snprintf(buf, len, "%s addr 0x%llx len %llu", n, ua, ub);
    case IXG_TRACE_TX_BAD_DESC:
        return snprintf(buf, len, "%s queue %llu TDH %llu", n, ua, ub);
    case IXG_TRACE_EEPROM_ADDR:
        return snprintf(buf, len, "%s word 0x%llx", n, ua);
    case IXG_TRACE_RX_QUEUE_CFG:
        return snprintf(buf, len, "%s queue %llu SRRCTL 0x%08llx", n, ua,
                        ub);
    case IXG_TRACE_RESET:
        return snprintf(buf, len, "%s %s", n, ua ? "power-on" : "CTRL.RST");
    case IXG_TRACE_LINK:
        return ua ? snprintf(buf, len, "%s up %llu Mb/s", n, ub)
                  : snprintf(buf, len, "%s down", n);
    case IXG_TRACE_RX_OVERRUN:
        return snprintf(buf, len, "%s MPC %llu, %llu bytes held", n, ua, ub);
    case IXG_TRACE_EITR:
        return snprintf(buf, len, "%s vector %llu interval %llu", n, ua, ub);
    case IXG_TRACE_IRQ_MODE:
        return snprintf(buf, len, "%s %s", n, ua < 3 ? modes[ua] : "?");
    default:
        return snprintf(buf, len, "%s %llu %llu", n, ua, ub);
    }
}
