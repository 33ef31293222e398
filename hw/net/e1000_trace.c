/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Trace events of the device model: names, text, and the checks of ring
 * register writes (SDM 13.4.27-31 receive, 13.4.37-41 transmit).  The
 * events themselves are raised where the model detects them, through
 * e1k_trace() (e1000_core.h), which costs one pointer test when the host
 * installed no port.trace callback.  Nothing here changes the model's
 * state: a traced programming error is handled exactly as an untraced
 * one.
 */
#include <stdio.h>

#include "e1000_core.h"

/** Per event: short name, error (1) or notable (0), printf format of the
 *  details taking (a, b) as two unsigned long long (a format may use
 *  only a: excess printf arguments are ignored, C11 7.21.6.1). */
typedef struct TraceInfo {
    const char *name;
    int error;
    const char *fmt;
} TraceInfo;

static const TraceInfo trace_info[E1K_TRACE_COUNT] = {
    [E1K_TRACE_BAD_ACCESS] = { "bad-access", 1,
        "offset 0x%05llx size %llu ignored" },
    [E1K_TRACE_UNKNOWN_REG] = { "unknown-reg", 1,
        "offset 0x%05llx (write %llu): no register" },
    [E1K_TRACE_RO_WRITE] = { "ro-write", 1,
        "offset 0x%05llx is read-only, 0x%08llx ignored" },
    [E1K_TRACE_RING_BASE] = { "ring-base", 1,
        "offset 0x%05llx = 0x%08llx, not 16-byte aligned" },
    [E1K_TRACE_RING_LEN] = { "ring-len", 1,
        "offset 0x%05llx = 0x%08llx, zero or not a multiple of 128" },
    [E1K_TRACE_RING_INDEX] = { "ring-index", 1,
        "offset 0x%05llx = %llu, beyond the ring" },
    [E1K_TRACE_DMA_READ_FAULT] = { "dma-read-fault", 1,
        "0x%llx len %llu refused" },
    [E1K_TRACE_DMA_WRITE_FAULT] = { "dma-write-fault", 1,
        "0x%llx len %llu refused" },
    [E1K_TRACE_TX_BAD_DESC] = { "tx-bad-desc", 1,
        "at TDH %llu, chain dropped (%llu dropped)" },
    [E1K_TRACE_MDIC_ERROR] = { "mdic-error", 1,
        "phy %llu op %llu: MDIC.E" },
    [E1K_TRACE_EEPROM_ADDR] = { "eeprom-addr", 1,
        "EERD word %llu beyond the EEPROM, reads 0" },
    [E1K_TRACE_EEPROM_OPCODE] = { "eeprom-opcode", 1,
        "Microwire opcode %llu addr %llu ignored" },
    [E1K_TRACE_RESET] = { "reset", 0, NULL },
    [E1K_TRACE_LINK] = { "link", 0, NULL },
    [E1K_TRACE_RX_OVERRUN] = { "rx-overrun", 0,
        "packet buffer full: MPC %llu, %llu bytes held" },
    [E1K_TRACE_ITR] = { "itr", 0,
        "interval %llu -> %llu (x 256 ns)" },
};

const char *e1k_trace_name(E1kTraceEvent ev)
{
    return (unsigned)ev < E1K_TRACE_COUNT ? trace_info[ev].name : "?";
}

int e1k_trace_is_error(E1kTraceEvent ev)
{
    return (unsigned)ev < E1K_TRACE_COUNT ? trace_info[ev].error : 0;
}

int e1k_trace_format(E1kTraceEvent ev, uint64_t a, uint64_t b, char *buf,
                     size_t len)
{
    int n;
    if ((unsigned)ev >= E1K_TRACE_COUNT) {
        return snprintf(buf, len, "? %u", (unsigned)ev);
    }
    if (ev == E1K_TRACE_RESET) {
        return snprintf(buf, len, "reset %s", a ? "power-on" : "CTRL.RST");
    }
    if (ev == E1K_TRACE_LINK) {
        return a ? snprintf(buf, len, "link up %llu Mb/s",
                            (unsigned long long)b)
                 : snprintf(buf, len, "link down");
    }
    n = snprintf(buf, len, "%s ", trace_info[ev].name);
    if (n < 0) {
        return n;
    }
    return n + snprintf(len > (size_t)n ? buf + n : NULL,
                        len > (size_t)n ? len - (size_t)n : 0,
                        trace_info[ev].fmt, (unsigned long long)a,
                        (unsigned long long)b);
}

/** Number of descriptors of the ring whose length register is @len_off. */
static uint32_t ring_ndesc(const E1kDev *s, uint32_t len_off)
{
    return (e1k_reg(s, len_off) & E1K_xDLEN_MASK) / E1K_DESC_SIZE;
}

void e1k_trace_ring_write(E1kDev *s, uint32_t off, uint32_t val)
{
    switch (off) {
    case E1K_RDBAL:
    case E1K_TDBAL:
        if (val & 0xFu) {
            e1k_trace(s, E1K_TRACE_RING_BASE, off, val);
        }
        return;
    case E1K_RDLEN:
    case E1K_TDLEN:
        if ((val & E1K_xDLEN_MASK) == 0 || (val & ~E1K_xDLEN_MASK)) {
            e1k_trace(s, E1K_TRACE_RING_LEN, off, val);
        }
        return;
    case E1K_RDH:
    case E1K_RDT:
    case E1K_TDH:
    case E1K_TDT: {
        uint32_t n = ring_ndesc(s, off < E1K_TDBAL ? E1K_RDLEN : E1K_TDLEN);
        if (n != 0 && (val & 0xFFFFu) >= n) {
            e1k_trace(s, E1K_TRACE_RING_INDEX, off, val);
        }
        return;
    }
    default:
        return;
    }
}
