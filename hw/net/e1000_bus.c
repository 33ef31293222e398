/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host bus timing: presets, parsing, transaction time and the single
 * shared bus reservation used by RX and TX DMA (SDM 4.1).
 *
 * Timing model: a transaction of n bytes holds the bus for
 * overhead_clocks + ceil(n / width_bytes) clock periods; one transaction
 * at a time.  Chosen numbers (assumptions, see docs/model.md "Bus"):
 *
 *  overhead_clocks = 8 on conventional PCI: REQ#/GNT# arbitration (~2
 *    clocks on an idle bus), address phase (1, or 2 with a 64-bit dual
 *    address cycle), DEVSEL# decode (medium: 2 clocks), target initial
 *    latency on host memory (~2 more on a bridge that has the line
 *    ready) and the turnaround cycle (1).  PCI-X adds an attribute phase
 *    and its targets decode in fewer clocks but the host memory latency,
 *    roughly constant in ns, costs more clocks at 133 MHz: 10.
 *
 *  read_latency_clocks = CPU load from a device register (MMIO readl): the
 *    host bridge forwards the read as a master (address, DEVSEL, the
 *    controller's internal register access, data, completion back to the
 *    CPU).  16 clocks at 33 MHz (480 ns), 20 at 66 MHz (300 ns), 24 at
 *    133 MHz (180 ns): the device's internal access time is roughly fixed
 *    in ns, so it takes more clocks on a faster bus.
 */
#include <string.h>

#include "e1000_core.h"

int e1k_bus_preset(E1kBusKind kind, E1kBus *bus)
{
    E1kBus b;
    if (!bus) {
        return -1;
    }
    switch (kind) {
    case E1K_BUS_PCI_32_33:
        b = (E1kBus){ .width_bytes = 4, .clock_khz = 33333,
                      .overhead_clocks = 8, .read_latency_clocks = 16 };
        break;
    case E1K_BUS_PCI_64_66:
        b = (E1kBus){ .width_bytes = 8, .clock_khz = 66666,
                      .overhead_clocks = 8, .read_latency_clocks = 20 };
        break;
    case E1K_BUS_PCIX_133:
        b = (E1kBus){ .width_bytes = 8, .clock_khz = 133333,
                      .overhead_clocks = 10, .read_latency_clocks = 24 };
        break;
    default:
        return -1;
    }
    *bus = b;
    return 0;
}

int e1k_bus_parse(const char *name, E1kBus *bus)
{
    if (!name || !bus) {
        return -1;
    }
    if (strcmp(name, "pci32-33") == 0) {
        return e1k_bus_preset(E1K_BUS_PCI_32_33, bus);
    }
    if (strcmp(name, "pci64-66") == 0) {
        return e1k_bus_preset(E1K_BUS_PCI_64_66, bus);
    }
    if (strcmp(name, "pcix133") == 0) {
        return e1k_bus_preset(E1K_BUS_PCIX_133, bus);
    }
    return -1;
}

bool e1k_bus_valid(const E1kBus *bus)
{
    return bus && (bus->width_bytes == 4 || bus->width_bytes == 8) &&
           bus->clock_khz >= E1K_BUS_MIN_KHZ &&
           bus->clock_khz <= E1K_BUS_MAX_KHZ &&
           bus->overhead_clocks <= E1K_BUS_MAX_OVERHEAD_CLOCKS &&
           bus->read_latency_clocks <= E1K_BUS_MAX_READ_LATENCY_CLOCKS;
}

/** ns for @clocks periods of a @khz clock, rounded up; 0 if khz is 0. */
static uint64_t clocks_to_ns(uint64_t clocks, uint32_t khz)
{
    if (khz == 0) {
        return 0;
    }
    return (clocks * 1000000ull + khz - 1) / khz;
}

/** Transaction time of @bytes on a bus with a non-zero width and clock
 *  (every configured device's, e1k_bus_valid): overhead plus one clock
 *  per data phase, in ns rounded up. */
static inline uint64_t xfer_ns(const E1kBus *bus, uint32_t bytes)
{
    uint64_t clocks = bus->overhead_clocks +
        ((uint64_t)bytes + bus->width_bytes - 1) / bus->width_bytes;
    return (clocks * 1000000ull + bus->clock_khz - 1) / bus->clock_khz;
}

uint64_t e1k_bus_xfer_ns(const E1kBus *bus, uint32_t bytes)
{
    if (!bus || bus->width_bytes == 0 || bus->clock_khz == 0) {
        return 0;
    }
    return xfer_ns(bus, bytes);
}

uint64_t e1k_bus_read_stall_ns(const E1kBus *bus)
{
    if (!bus) {
        return 0;
    }
    return clocks_to_ns(bus->read_latency_clocks, bus->clock_khz);
}

void e1k_bus_prepare(E1kDev *s)
{
    /* cfg.bus passed e1k_config_valid: width and clock are non-zero */
    s->bus_desc_ns = xfer_ns(&s->cfg.bus, E1K_DESC_SIZE);
    s->bus_dword_ns = xfer_ns(&s->cfg.bus, 4);
    s->bus_memo_bytes = E1K_DESC_SIZE;
    s->bus_memo_ns = s->bus_desc_ns;
}

uint64_t e1k_bus_other_ns(E1kDev *s, uint32_t bytes)
{
    s->bus_memo_bytes = bytes;
    s->bus_memo_ns = xfer_ns(&s->cfg.bus, bytes);
    return s->bus_memo_ns;
}
