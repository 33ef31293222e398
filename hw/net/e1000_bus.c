/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Host bus timing of the e1000: the family's parallel-bus model
 * (common/nic_bus.c: presets, names, transaction time, with the reasoning
 * behind the numbers) restricted to the buses an 82540EM/82545EM sits on
 * (SDM 4.1: PCI and PCI-X), and the single shared bus reservation used
 * by RX and TX DMA.
 */
#include "e1000_core.h"

int e1k_bus_preset(E1kBusKind kind, E1kBus *bus)
{
    if (kind != E1K_BUS_PCI_32_33 && kind != E1K_BUS_PCI_64_66 &&
        kind != E1K_BUS_PCIX_133) {
        return -1;
    }
    return nic_bus_preset((NicBusPreset)kind, bus);
}

int e1k_bus_parse(const char *name, E1kBus *bus)
{
    E1kBus b;

    if (!bus || nic_bus_parse(name, &b) != 0 ||
        b.kind != NIC_BUS_PARALLEL) {
        return -1;
    }
    *bus = b;
    return 0;
}

bool e1k_bus_valid(const E1kBus *bus)
{
    return nic_bus_valid(bus) && bus->kind == NIC_BUS_PARALLEL;
}

uint64_t e1k_bus_xfer_ns(const E1kBus *bus, uint32_t bytes)
{
    return nic_bus_xfer_ns(bus, bytes);
}

uint64_t e1k_bus_read_stall_ns(const E1kBus *bus)
{
    return nic_bus_read_stall_ns(bus);
}

void e1k_bus_prepare(E1kDev *s)
{
    /* cfg.bus passed e1k_config_valid: width and clock are non-zero */
    s->bus_desc_ns = nic_bus_par_xfer_ns(&s->cfg.bus, E1K_DESC_SIZE);
    s->bus_dword_ns = nic_bus_par_xfer_ns(&s->cfg.bus, 4);
    s->bus_memo_bytes = E1K_DESC_SIZE;
    s->bus_memo_ns = s->bus_desc_ns;
}

uint64_t e1k_bus_other_ns(E1kDev *s, uint32_t bytes)
{
    s->bus_memo_bytes = bytes;
    s->bus_memo_ns = nic_bus_par_xfer_ns(&s->cfg.bus, bytes);
    return s->bus_memo_ns;
}
