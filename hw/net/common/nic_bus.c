/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host bus timing of the common layer (nic_bus.h): presets, names,
 * validity, a parallel bus transaction's time and the PCIe link's cost
 * figures.  The numbers are assumptions, not measurements (docs/model.md
 * "Bus timing" gives the reasoning):
 *
 *  Parallel (SDM 4.1).  overhead_clocks = 8 on conventional PCI:
 *    REQ#/GNT# arbitration (~2 clocks on an idle bus), address phase (1,
 *    or 2 with a 64-bit dual address cycle), DEVSEL# decode (medium: 2),
 *    target initial latency on host memory (~2) and the turnaround cycle
 *    (1).  PCI-X adds an attribute phase and the host memory latency,
 *    roughly constant in ns, costs more clocks at 133 MHz: 10.
 *    read_latency_clocks (CPU MMIO read round trip): 16 clocks at 33 MHz
 *    (480 ns), 20 at 66 MHz (300 ns), 24 at 133 MHz (180 ns).
 *
 *  PCI Express, 2.5 GT/s ([PCIe-1.1]).  A link byte is 10 bits of 8b/10b
 *    code: 4 ns on one lane, 0.5 ns on eight.  Max_Payload_Size 128 and
 *    Max_Read_Request_Size 512 bytes, the common settings of the
 *    platforms of the 82598's time; read completions of 64 bytes (the
 *    root complex splits at its read completion boundary).  A TLP costs
 *    20 link bytes besides its payload: 12-byte (3 DW) header, 2-byte
 *    sequence number, 4-byte LCRC, start and end framing symbols (DLLPs,
 *    the acknowledgements and flow-control updates of the other
 *    direction, are not counted).  A DMA read's first data arrives 800
 *    ns after its request left (root complex and host memory), a CPU's
 *    MMIO read takes 1000 ns round trip: the order of magnitude usually
 *    quoted for platforms of that generation, no single source.
 */
#include <string.h>

#include "nic_bus.h"

/** Preset table, indexed by NicBusPreset. */
static const struct {
    const char *name;
    NicBus bus;
} presets[NIC_BUS_PRESET_COUNT] = {
    [NIC_BUS_PCI_32_33] = { "pci32-33",
        { .width_bytes = 4, .clock_khz = 33333, .overhead_clocks = 8,
          .read_latency_clocks = 16 } },
    [NIC_BUS_PCI_64_66] = { "pci64-66",
        { .width_bytes = 8, .clock_khz = 66666, .overhead_clocks = 8,
          .read_latency_clocks = 20 } },
    [NIC_BUS_PCIX_133] = { "pcix133",
        { .width_bytes = 8, .clock_khz = 133333, .overhead_clocks = 10,
          .read_latency_clocks = 24 } },
#define PCIE1(n) { .kind = NIC_BUS_PCIE, .lanes = (n), .gts_mt = 2500, \
                   .max_payload = 128, .max_read_req = 512, \
                   .rcb_bytes = 64, .tlp_overhead = 20, \
                   .read_latency_ns = 800, .mmio_read_ns = 1000 }
    [NIC_BUS_PCIE1_X1] = { "pcie1-x1", PCIE1(1) },
    [NIC_BUS_PCIE1_X4] = { "pcie1-x4", PCIE1(4) },
    [NIC_BUS_PCIE1_X8] = { "pcie1-x8", PCIE1(8) },
#undef PCIE1
};

int nic_bus_preset(NicBusPreset p, NicBus *bus)
{
    if (!bus || (unsigned)p >= NIC_BUS_PRESET_COUNT) {
        return -1;
    }
    *bus = presets[p].bus;
    return 0;
}

const char *nic_bus_preset_name(NicBusPreset p)
{
    return (unsigned)p < NIC_BUS_PRESET_COUNT ? presets[p].name : NULL;
}

int nic_bus_parse(const char *name, NicBus *bus)
{
    if (!name || !bus) {
        return -1;
    }
    for (unsigned i = 0; i < NIC_BUS_PRESET_COUNT; i++) {
        if (strcmp(name, presets[i].name) == 0) {
            *bus = presets[i].bus;
            return 0;
        }
    }
    return -1;
}

/** True if @v is a power of two from @lo to @hi. */
static bool pow2_in(uint32_t v, uint32_t lo, uint32_t hi)
{
    return v >= lo && v <= hi && (v & (v - 1u)) == 0;
}

/** The PCIe half of nic_bus_valid. */
static bool pcie_valid(const NicBus *b)
{
    return b->lanes >= 1 && b->lanes <= NIC_PCIE_MAX_LANES &&
           b->gts_mt >= NIC_PCIE_MIN_MT && b->gts_mt <= NIC_PCIE_MAX_MT &&
           pow2_in(b->max_payload, 128, 4096) &&
           pow2_in(b->max_read_req, 128, 4096) &&
           pow2_in(b->rcb_bytes, 64, 128) &&
           b->tlp_overhead >= 8 && b->tlp_overhead <= 64 &&
           b->read_latency_ns <= NIC_PCIE_MAX_LATENCY_NS &&
           b->mmio_read_ns <= NIC_PCIE_MAX_LATENCY_NS;
}

bool nic_bus_valid(const NicBus *bus)
{
    if (!bus) {
        return false;
    }
    if (bus->kind == NIC_BUS_PCIE) {
        return pcie_valid(bus);
    }
    return bus->kind == NIC_BUS_PARALLEL &&
           (bus->width_bytes == 4 || bus->width_bytes == 8) &&
           bus->clock_khz >= NIC_BUS_MIN_KHZ &&
           bus->clock_khz <= NIC_BUS_MAX_KHZ &&
           bus->overhead_clocks <= NIC_BUS_MAX_OVERHEAD_CLOCKS &&
           bus->read_latency_clocks <= NIC_BUS_MAX_READ_LATENCY_CLOCKS;
}

/** ns for @clocks periods of a @khz clock, rounded up; 0 if khz is 0. */
static uint64_t clocks_to_ns(uint64_t clocks, uint32_t khz)
{
    if (khz == 0) {
        return 0;
    }
    return (clocks * 1000000ull + khz - 1) / khz;
}

uint64_t nic_bus_xfer_ns(const NicBus *bus, uint32_t bytes)
{
    if (!bus || bus->kind != NIC_BUS_PARALLEL || bus->width_bytes == 0 ||
        bus->clock_khz == 0) {
        return 0;
    }
    return nic_bus_par_xfer_ns(bus, bytes);
}

uint64_t nic_bus_read_stall_ns(const NicBus *bus)
{
    if (!bus) {
        return 0;
    }
    if (bus->kind == NIC_BUS_PCIE) {
        return bus->mmio_read_ns;
    }
    return clocks_to_ns(bus->read_latency_clocks, bus->clock_khz);
}

/** log2 of a power of two @v. */
static uint32_t log2_pow2(uint32_t v)
{
    return (uint32_t)__builtin_ctz(v);
}

void nic_pcie_prepare(const NicBus *bus, NicPcieCost *c)
{
    /* 10 bits per byte at gts_mt million transfers per second per lane:
     * 10 / (gts_mt * 1e6 * lanes) s = 1e7 / (gts_mt * lanes) ps */
    c->byte_ps = 10000000u / (bus->gts_mt * bus->lanes);
    c->mps_shift = log2_pow2(bus->max_payload);
    c->mrrs_shift = log2_pow2(bus->max_read_req);
    c->rcb_shift = log2_pow2(bus->rcb_bytes);
    c->tlp_overhead = bus->tlp_overhead;
    c->read_latency_ns = bus->read_latency_ns;
}
