/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host bus timing of the device models' common layer (hw/net/common):
 * one description for the whole family, a parallel bus (conventional PCI
 * and PCI-X, the e1000's: SDM 4.1) or a PCI Express link (the 82598's:
 * 82598 datasheet 1.0, 3.1; [PCIe-1.1] for the layers), its presets and
 * names, and what a transaction of n bytes costs on it.
 *
 * Parallel bus: one transaction at a time on a shared bus; n bytes hold
 * it for overhead_clocks + ceil(n / width_bytes) clock periods (the
 * e1000's model, docs/model.md "Bus timing").
 *
 * PCI Express: two independent directions.  Upstream (device to host)
 * carries the device's posted memory writes (receive data, descriptor
 * write-backs, MSI/MSI-X messages) and its read requests; downstream
 * carries the completions with the data it read (descriptors, transmit
 * data).  A write or read of n bytes is cut into TLPs (max_payload bytes
 * per write TLP, max_read_req per read request, rcb_bytes per
 * completion, [PCIe-1.1] 2.2, 2.3.1.1), each costing tlp_overhead link
 * bytes besides its payload; a link byte takes 10 bits of 8b/10b code at
 * gts_mt MT/s on each of lanes lanes.  A read's data starts arriving
 * read_latency_ns after its request has left (the root complex and host
 * memory), reads may be outstanding together, and posted writes cost the
 * device nothing after their last byte has left.  A CPU register read
 * (MMIO readl) stalls for mmio_read_ns.  The numbers are assumptions,
 * stated with the presets in docs/model.md "Bus timing".
 */
#ifndef NIC_BUS_H
#define NIC_BUS_H

#include <stdbool.h>
#include <stdint.h>

/** What kind of bus a NicBus describes. */
typedef enum NicBusKind {
    NIC_BUS_PARALLEL = 0, /**< conventional PCI or PCI-X (SDM 4.1) */
    NIC_BUS_PCIE = 1,     /**< PCI Express link ([PCIe-1.1]) */
} NicBusKind;

/**
 * Host bus a device sits on.  The first four fields describe a parallel
 * bus and are all a NIC_BUS_PARALLEL bus uses (kind 0: a designated
 * initializer of them alone describes one); the rest a PCIe link.
 */
typedef struct NicBus {
    uint32_t width_bytes;        /**< parallel: data path, 4 or 8 bytes */
    uint32_t clock_khz;          /**< parallel: bus clock, kHz */
    uint32_t overhead_clocks;    /**< parallel: arbitration, address,
                                      turnaround per transaction, clocks */
    uint32_t read_latency_clocks;/**< parallel: CPU MMIO read round trip,
                                      clocks */
    uint32_t kind;               /**< NicBusKind */
    uint32_t lanes;              /**< PCIe: link width, 1/2/4/8 lanes */
    uint32_t gts_mt;             /**< PCIe: rate per lane, MT/s (2500
                                      gen 1, 5000 gen 2) */
    uint32_t max_payload;        /**< PCIe: Max_Payload_Size, bytes
                                      (128..4096, a power of two) */
    uint32_t max_read_req;       /**< PCIe: Max_Read_Request_Size, bytes
                                      (128..4096, a power of two) */
    uint32_t rcb_bytes;          /**< PCIe: payload of one read completion
                                      from the root complex, bytes (64 or
                                      128, a power of two) */
    uint32_t tlp_overhead;       /**< PCIe: link bytes per TLP besides its
                                      payload (header, sequence number,
                                      LCRC, framing), 8..64 */
    uint32_t read_latency_ns;    /**< PCIe: DMA read, request sent to first
                                      completion byte, ns */
    uint32_t mmio_read_ns;       /**< PCIe: CPU MMIO read round trip, ns */
} NicBus;

/** Bounds of a valid NicBus (nic_bus_valid).  Parallel: clock from 1 MHz
 *  to 1 GHz (kHz), at most 64 overhead clocks and 1024 clocks of MMIO
 *  read round trip (SDM 4.1 with wide margins).  PCIe: 1 to 32 lanes at
 *  2500 to 32000 MT/s, read latency and MMIO read at most 100 us.  Both
 *  keep every booked transaction short enough for a saved state to
 *  restore. */
#define NIC_BUS_MIN_KHZ 1000u
#define NIC_BUS_MAX_KHZ 1000000u
#define NIC_BUS_MAX_OVERHEAD_CLOCKS 64u
#define NIC_BUS_MAX_READ_LATENCY_CLOCKS 1024u
#define NIC_PCIE_MAX_LANES 32u
#define NIC_PCIE_MIN_MT 2500u
#define NIC_PCIE_MAX_MT 32000u
#define NIC_PCIE_MAX_LATENCY_NS 100000u

/** Bus presets (nic_bus_preset); the first three are the e1000's. */
typedef enum NicBusPreset {
    NIC_BUS_PCI_32_33 = 0, /**< 32-bit/33 MHz PCI, 132 MB/s peak */
    NIC_BUS_PCI_64_66 = 1, /**< 64-bit/66 MHz PCI, 528 MB/s peak */
    NIC_BUS_PCIX_133 = 2,  /**< 64-bit/133 MHz PCI-X, 1064 MB/s peak */
    NIC_BUS_PCIE1_X1 = 3,  /**< PCIe 2.5 GT/s x1, 250 MB/s per direction */
    NIC_BUS_PCIE1_X4 = 4,  /**< PCIe 2.5 GT/s x4, 1 GB/s per direction */
    NIC_BUS_PCIE1_X8 = 5,  /**< PCIe 2.5 GT/s x8, 2 GB/s per direction
                                (the 82598's widest link, datasheet 1.0) */
    NIC_BUS_PRESET_COUNT
} NicBusPreset;

/** True if @bus is within the bounds above: a parallel bus of width 4 or
 *  8 bytes, or a PCIe link whose sizes are powers of two in range.
 *  False for NULL. */
bool nic_bus_valid(const NicBus *bus);

/** Fill *bus with preset @p.  Returns 0, or -1 for an unknown preset
 *  (*bus untouched). */
int nic_bus_preset(NicBusPreset p, NicBus *bus);

/** Parse a bus name ("pci32-33", "pci64-66", "pcix133", "pcie1-x1",
 *  "pcie1-x4", "pcie1-x8") into *bus.  Returns 0, or -1 if unknown. */
int nic_bus_parse(const char *name, NicBus *bus);

/** Name of preset @p ("pci64-66", ...), NULL if unknown. */
const char *nic_bus_preset_name(NicBusPreset p);

/** Parallel bus @bus (nic_bus_valid, kind NIC_BUS_PARALLEL): time in ns
 *  of one transaction of @bytes bytes, overhead plus one clock per data
 *  phase, rounded up once.  Inline and unchecked for the models' own
 *  per-frame use (the e1000's bus reservation). */
static inline uint64_t nic_bus_par_xfer_ns(const NicBus *bus, uint32_t bytes)
{
    uint64_t clocks = bus->overhead_clocks +
        ((uint64_t)bytes + bus->width_bytes - 1) / bus->width_bytes;
    return (clocks * 1000000ull + bus->clock_khz - 1) / bus->clock_khz;
}

/** Parallel bus: time in ns of one transaction of @bytes bytes
 *  (overhead plus one clock per data phase, rounded up once).  0 for
 *  NULL, a zero width or clock, or a PCIe bus. */
uint64_t nic_bus_xfer_ns(const NicBus *bus, uint32_t bytes);

/** Time in ns a CPU stalls on one MMIO read over @bus (parallel:
 *  read_latency_clocks; PCIe: mmio_read_ns).  0 for NULL. */
uint64_t nic_bus_read_stall_ns(const NicBus *bus);

/* ------------------------- PCI Express link ------------------------- */

/**
 * The cost figures of a PCIe link, derived once from its NicBus
 * (nic_pcie_prepare) so that a transaction's time is a few shifts and
 * one multiply: link byte time in ps and the TLP sizes as shifts.
 */
typedef struct NicPcieCost {
    uint32_t byte_ps;       /**< one link byte, ps: 10 bits / (gts_mt x
                                 lanes) */
    uint32_t mps_shift;     /**< log2(max_payload) */
    uint32_t mrrs_shift;    /**< log2(max_read_req) */
    uint32_t rcb_shift;     /**< log2(rcb_bytes) */
    uint32_t tlp_overhead;  /**< link bytes per TLP besides payload */
    uint32_t read_latency_ns; /**< request to first completion byte, ns */
} NicPcieCost;

/** Derive *c from the PCIe link @bus (nic_bus_valid, kind NIC_BUS_PCIE). */
void nic_pcie_prepare(const NicBus *bus, NicPcieCost *c);

/** Link time in ns of @tlps TLPs carrying @bytes bytes of payload in
 *  total: (bytes + tlps x tlp_overhead) link bytes, rounded up. */
static inline uint64_t nic_pcie_link_ns(const NicPcieCost *c, uint32_t tlps,
                                        uint32_t bytes)
{
    uint64_t link = (uint64_t)bytes + (uint64_t)tlps * c->tlp_overhead;
    return (link * c->byte_ps + 999u) / 1000u;
}

/** Number of pieces of at most 2^@shift bytes that @bytes bytes make
 *  (at least one: a zero-length transaction is still one TLP). */
static inline uint32_t nic_pcie_pieces(uint32_t bytes, uint32_t shift)
{
    uint32_t n = (uint32_t)(((uint64_t)bytes + (1u << shift) - 1u) >> shift);
    return n ? n : 1u;
}

/**
 * The two directions of a PCIe link as the device uses them: each is
 * free from its time on (ns).  Plain data: saved with the device.
 */
typedef struct NicPcieLink {
    uint64_t up_free_ns;    /**< upstream (device to host) free from */
    uint64_t down_free_ns;  /**< downstream (host to device) free from */
} NicPcieLink;

/**
 * A posted memory write of @bytes bytes starting no earlier than @now:
 * it occupies the upstream direction for its TLPs (max_payload bytes
 * each).  Returns the time its last byte has left the device (the write
 * is complete for the device then; PCIe orders it before any later
 * posted write, so a message posted after it arrives after it).
 */
static inline uint64_t nic_pcie_post(NicPcieLink *l, const NicPcieCost *c,
                                     uint64_t now, uint32_t bytes)
{
    uint64_t start = l->up_free_ns > now ? l->up_free_ns : now;

    l->up_free_ns = start +
        nic_pcie_link_ns(c, nic_pcie_pieces(bytes, c->mps_shift), bytes);
    return l->up_free_ns;
}

/**
 * A memory read of @bytes bytes issued no earlier than @now: its
 * requests (max_read_req bytes each, no payload) go upstream, the data
 * comes back read_latency_ns later as completions of rcb_bytes each on
 * the downstream direction (after any completion already booked there).
 * Returns the time the last byte has arrived.
 */
static inline uint64_t nic_pcie_read(NicPcieLink *l, const NicPcieCost *c,
                                     uint64_t now, uint32_t bytes)
{
    uint64_t start = l->up_free_ns > now ? l->up_free_ns : now;
    uint64_t data;

    l->up_free_ns = start +
        nic_pcie_link_ns(c, nic_pcie_pieces(bytes, c->mrrs_shift), 0);
    data = l->up_free_ns + c->read_latency_ns;
    if (l->down_free_ns > data) {
        data = l->down_free_ns;
    }
    l->down_free_ns = data +
        nic_pcie_link_ns(c, nic_pcie_pieces(bytes, c->rcb_shift), bytes);
    return l->down_free_ns;
}

#endif /* NIC_BUS_H */
